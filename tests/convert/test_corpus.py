"""Every real file in the corpus through validate, lint and convert to every target.

The files were written by others; a user brings files like them. What must hold for
each one: no traceback; a conversion either writes (and says what it wrote, and what
it lost) or says why nothing could be written; prompts arrive in the output as they
were in the source; round trips give back the source's columns and add none.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import CORPUS

pytestmark = pytest.mark.corpus

TARGETS = {
    "m365": "out.json",
    "foundry": "out.jsonl",
    "foundry-csv": "out.csv",
    "copilot-studio": "out.csv",
    "copilot-studio-conversation": "out.csv",
}


def _files() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    skip = {"schema", "knowledge"}
    return sorted(
        p
        for p in CORPUS.rglob("*")
        if p.is_file()
        and p.name not in ("MANIFEST.md", "README.md")
        and not skip & set(p.relative_to(CORPUS).parts)
    )


FILES = _files()


def _id(p: Path) -> str:
    return str(p.relative_to(CORPUS))


@pytest.fixture(scope="module")
def run():
    from datasetkit.cli import build_app

    app = build_app()
    runner = CliRunner()

    def invoke(*args: str):
        result = runner.invoke(app, list(args))
        # A traceback is an exception that is not the CLI's own exit.
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError(f"traceback for {args}: {result.exception!r}")
        return result

    return invoke


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)


def _source_texts(path: Path) -> set[str]:
    """Every string the source holds, parsed independently of datasetkit."""
    if path.suffix == ".xlsx":
        import openpyxl

        wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
        return {
            str(v)
            for ws in wb.worksheets
            for row in ws.iter_rows(values_only=True)
            for v in row
            if v is not None
        }
    raw = path.read_bytes()
    for enc in ("utf-8-sig", "cp1252", "latin-1"):
        try:
            text = raw.decode(enc)
            break
        except UnicodeDecodeError:
            continue
    out: set[str] = set()
    if path.suffix in (".json", ".jsonl") or ".json." in path.name:
        try:
            out |= set(_strings(json.loads(text)))
        except ValueError:
            for line in text.splitlines():
                try:
                    out |= set(_strings(json.loads(line)))
                except ValueError:
                    continue
    else:
        for delim in (",", "|", "\t", ";"):
            out |= {cell for row in csv.reader(io.StringIO(text), delimiter=delim) for cell in row}
        out |= set(text.splitlines())
    return out


def _norm(s: str) -> str:
    return " ".join(s.split()).lstrip("0123456789. ")[:40]


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_validate_and_lint_never_crash(run, path: Path) -> None:
    for command in ("validate", "lint"):
        result = run(command, str(path))
        assert result.exit_code in (0, 1, 2), (command, result.output)


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_convert_writes_or_says_why(run, path: Path, tmp_path: Path) -> None:
    for target, name in TARGETS.items():
        folder = tmp_path / target
        folder.mkdir()
        out = folder / name
        result = run("convert", str(path), "-o", str(out), "--to", target)
        err = result.stderr
        written = sorted(p.name for p in folder.iterdir())
        if result.exit_code == 2:
            assert "error:" in err and not written, (target, err)
            continue
        if not written:
            assert "nothing written" in err, (target, err)
            # Why is said: the input could not be read, or the reasons are named.
            assert "error" in err, (target, err)
            continue
        assert "datasetkit: wrote" in err, (target, err)
        summary = next(line for line in err.splitlines() if line.startswith("datasetkit: wrote"))
        # The summary names every file written, not just the one asked for.
        for file in written:
            assert file in summary, (target, summary, written)
        assert not any(n.startswith(".datasetkit-") for n in written), written


@pytest.mark.parametrize("path", [p for p in FILES if "wild" in p.parts], ids=_id)
def test_prompts_arrive_as_written(run, path: Path, tmp_path: Path) -> None:
    """The prompts written to M365 are the source's own texts, not keys or settings."""
    out = tmp_path / "out.json"
    result = run("convert", str(path), "-o", str(out), "--to", "m365")
    if not out.exists():
        pytest.skip(f"nothing to write as M365: {result.stderr.splitlines()[-1:]}")
    doc = json.loads(out.read_text(encoding="utf-8"))
    prompts = [t["prompt"] for item in doc["items"] for t in item.get("turns", [item])]
    assert prompts
    source = {_norm(s) for s in _source_texts(path)}
    missing = [p for p in prompts if _norm(p) not in source]
    assert not missing, missing[:3]


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


@pytest.mark.parametrize(
    "path", [p for p in FILES if p.suffix == ".jsonl" and "foundry" in p.parts], ids=_id
)
def test_foundry_round_trip_keeps_columns_and_adds_none(run, path: Path, tmp_path: Path) -> None:
    from datasetkit import formats

    if formats.detect(formats.InputFile(str(path))).name != "foundry":
        pytest.skip("another tool's file (its own round trip is tested with its format)")
    m365 = tmp_path / "mid.json"
    back = tmp_path / "back.jsonl"
    if run("convert", str(path), "-o", str(m365)).exit_code != 0 or not m365.exists():
        pytest.skip("not convertible to M365 (seeds or rows without a prompt)")
    assert run("convert", str(m365), "-o", str(back), "--keep-names").exit_code == 0
    try:
        source = _rows(path)
    except ValueError:
        pytest.skip("the source is not line-per-row JSONL")
    extra_cols = {k for row in source for k in row} - {
        "query",
        "response",
        "messages",
        "ground_truth",
        "context",
        "datasetkit",
    }
    got = {k for row in _rows(back) for k in row}
    assert extra_cols <= got
    assert "datasetkit" not in got or any("datasetkit" in r for r in source)
