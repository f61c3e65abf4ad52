"""promptfoo test vars and assertion values beyond plain text: ``file://`` references read
relative to the tests file (and written back as references while their text is
unchanged), and list vars, which promptfoo runs once per combination of values."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from datasetkit.core.findings import Finding, Location, Severity

FORMAT = "promptfoo"
_TEXT_SUFFIXES = (".txt", ".md", ".markdown", ".html", ".xml", ".csv", ".text")
_DATA_SUFFIXES = (".json", ".yaml", ".yml")
# The var files a test may name are read up to this size each.
_MAX_VAR_FILE = 5 * 1024 * 1024


def var_files(variables: dict[str, Any], folder: Path, path: str) -> tuple[dict, dict, list]:
    """Vars with ``file://`` text files read; the references kept; findings for the rest."""
    out: dict[str, Any] = {}
    refs: dict[str, dict[str, str]] = {}
    found: list[Finding] = []
    for name, value in variables.items():
        if not (isinstance(value, str) and value.startswith("file://")):
            out[name] = value
            continue
        target = folder / value[len("file://") :]
        suffix = target.suffix.lower()
        readable = suffix in _TEXT_SUFFIXES + _DATA_SUFFIXES
        if readable and target.is_file() and target.stat().st_size <= _MAX_VAR_FILE:
            text = target.read_bytes().decode("utf-8-sig", errors="replace")
            out[name] = text
            refs[name] = {
                "ref": value,
                "path": str(target.resolve()),
                "sha256": hashlib.sha256(text.encode()).hexdigest(),
            }
            continue
        out[name] = value
        why = "is not there" if not target.exists() else "is code promptfoo runs, not text"
        found.append(
            Finding(
                f"{FORMAT}.var-file",
                Severity.WARNING if not target.exists() else Severity.INFO,
                f"var {name!r}: {value} {why}; the reference is kept as the value",
                "give the path relative to the tests file",
                Location(path=path, field=name),
            )
        )
    return out, refs, found


def expand_vars(values: dict[str, Any]) -> list[dict[str, Any]]:
    """The var sets a test runs with: promptfoo runs a test once per combination of the
    values of its list vars (``question: [a, b]`` is two tests)."""
    import itertools

    lists = [k for k, v in values.items() if isinstance(v, list) and v and _scalars(v)]
    if not lists:
        return [values]
    combos = itertools.product(*(values[k] for k in lists))
    return [{**values, **dict(zip(lists, combo, strict=True))} for combo in combos]


def _scalars(items: list[Any]) -> bool:
    return all(isinstance(x, (str, int, float, bool)) for x in items)


def expanded_finding(path: str, tests: int, cases: int) -> Finding:
    return Finding(
        f"{FORMAT}.vars-expanded",
        Severity.INFO,
        f"{tests} tests with list vars run as {cases} cases, one per combination of "
        "values, as promptfoo runs them",
        "",
        Location(path=path),
    )


def assert_file(a: dict[str, Any], folder: Path | None) -> None:
    """An assertion whose value is a ``file://`` text file gets the file's text as its
    value (the reference answer), and the text's hash to write the reference back."""
    value = a.get("value")
    if folder is None or not (isinstance(value, str) and value.startswith("file://")):
        return
    target = folder / value[len("file://") :]
    if target.suffix.lower() not in _TEXT_SUFFIXES or not target.is_file():
        return
    if target.stat().st_size > _MAX_VAR_FILE:
        return
    text = target.read_bytes().decode("utf-8-sig", errors="replace").rstrip("\r\n")
    a["value"] = text
    a["file_sha"] = hashlib.sha256(text.encode()).hexdigest()
    a["file_path"] = str(target.resolve())


def same_file(original: dict[str, Any], text: Any, read: dict[str, Any], folder: Path) -> bool:
    """Whether an assertion read from a ``file://`` answer can be written back as that
    reference: the text is unchanged and the reference still names the file from
    ``folder``."""
    ref = str(original.get("value") or "")
    same = read.get("file_sha") == hashlib.sha256(str(text).encode()).hexdigest()
    return same and str((folder / ref[len("file://") :]).resolve()) == read.get("file_path")
