"""Checks beyond the schema: evaluator names and the schema version a document needs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.jsonloc import ParsedJSON, pointer_join
from datasetkit.formats.m365.evaluators import M365_EVALUATORS, M365_RESERVED, M365_RETIRED
from datasetkit.formats.m365.features import feature_uses, minimum_version
from datasetkit.formats.m365.spec import EVALUATOR_NAME, did_you_mean, hint_path
from datasetkit.formats.m365.versions import PREVIEW, V2_ONLY_EVALUATORS, version_key
from datasetkit.io.files import is_dir

# Built-in names by their lower case (a name that differs only in case collides).
_RESERVED_LOWER = {b.lower(): b for b in M365_RESERVED}

# ---------------------------------------------------------------------------
# Checks beyond the schema


def _evaluator_maps(doc: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    if isinstance(doc.get("default_evaluators"), dict):
        out.append(("/default_evaluators", doc["default_evaluators"]))
    items = doc.get("items")
    if isinstance(items, list):
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                continue
            if isinstance(item.get("evaluators"), dict):
                out.append((pointer_join("/items", i, "evaluators"), item["evaluators"]))
            turns = item.get("turns")
            if isinstance(turns, list):
                for t, turn in enumerate(turns):
                    if isinstance(turn, dict) and isinstance(turn.get("evaluators"), dict):
                        out.append(
                            (
                                pointer_join("/items", i, "turns", t, "evaluators"),
                                turn["evaluators"],
                            )
                        )
    return out


def _custom_evaluator_dirs(path: str | None) -> list[Path]:
    """Where runevals looks for custom evaluators: ./custom-evaluators (and beside the file)."""
    dirs = [Path.cwd() / "custom-evaluators"]
    if path and path not in ("-", "<stdin>"):
        dirs.append(Path(path).resolve().parent / "custom-evaluators")
        dirs.append(Path(path).resolve().parent.parent / "custom-evaluators")
    return dirs


def evaluator_name_findings(
    doc: dict[str, Any], parsed: ParsedJSON, path: str | None, pmap: Any
) -> list[Finding]:
    """Misspelt, wrong-case and reserved evaluator names (the schema lets them through as custom names)."""
    findings: list[Finding] = []
    folders = _custom_evaluator_dirs(path)
    folder_cache: dict[str, bool] = {}
    for base, evs in _evaluator_maps(doc):
        for name in evs:
            if name in M365_EVALUATORS:
                continue
            # Located only for a name that may be reported: most are built-in.
            loc = parsed.loc(path, pmap(pointer_join(base, name)), key=True)
            found = _reserved_name(name, loc)
            if found is None and EVALUATOR_NAME.match(name):  # the schema reports non-identifiers
                if name not in folder_cache:
                    folder_cache[name] = any(is_dir(d / name) for d in folders)
                if not folder_cache[name]:
                    found = _custom_name(name, loc)
            if found is not None:
                findings.append(found)
    return findings


def _reserved_name(name: str, loc: Location) -> Finding | None:
    """The retired evaluator, or a built-in name in the wrong case."""
    if name in M365_RETIRED:
        return Finding(
            "m365.evaluator.retired",
            Severity.ERROR,
            f"{name!r} is a retired evaluator and a reserved name: {M365_RETIRED[name]}",
            "remove it; for tool calls use ToolCallSelection / ToolCallExecution (schema v2 preview)",
            loc,
            {"evaluator": name},
        )
    right = _RESERVED_LOWER.get(name.lower())
    if right is None:
        return None
    return Finding(
        "m365.evaluator.case",
        Severity.ERROR,
        f"evaluator {name!r} differs from the built-in {right!r} only in case; runevals rejects names that collide with a built-in",
        f"write it as {right!r} ('datasetkit lint --fix' corrects the case)",
        loc,
        {"evaluator": name, "suggestion": right},
    )


def _custom_name(name: str, loc: Location) -> Finding:
    """A name runevals would load from a custom-evaluators folder that is not there."""
    close = did_you_mean(name, list(M365_EVALUATORS), cutoff=0.8)
    if close:
        return Finding(
            "m365.evaluator.unknown",
            Severity.ERROR,
            f"unknown evaluator {name!r}; did you mean {close!r}?",
            f"rename it to {close!r} (a custom evaluator needs a folder custom-evaluators/{name}/)",
            loc,
            {"evaluator": name, "suggestion": close},
        )
    return Finding(
        "m365.evaluator.custom-missing",
        Severity.WARNING,
        f"{name!r} is not a built-in evaluator, so runevals loads it from custom-evaluators/{name}/, which was not found",
        f"create custom-evaluators/{name}/{name}.py in the folder you run runevals from,"
        " or use a built-in name ('datasetkit rules' lists them)",
        loc,
        {"evaluator": name},
    )


def version_findings(
    doc: dict[str, Any], declared: str, parsed: ParsedJSON, path: str | None, pmap: Any
) -> list[Finding]:
    """Features newer than the declared schemaVersion (warnings that name the version)."""
    findings: list[Finding] = []
    declared_key = version_key(declared)
    first: dict[str, tuple[str, str, bool, int]] = {}
    for use in feature_uses(doc):
        if version_key(use.since) > declared_key:
            if use.feature in first:
                f, s, k, n = first[use.feature]
                first[use.feature] = (f, s, k, n + 1)
            else:
                first[use.feature] = (use.pointer, use.since, use.key, 1)
    # The version to suggest, worked out (another pass over the document) only when needed.
    needed = minimum_version(doc, declared) if first else declared
    for feature, (pointer, since, key, n) in first.items():
        times = f" ({n} places)" if n > 1 else ""
        findings.append(
            Finding(
                "m365.version.feature-newer",
                Severity.WARNING,
                f"{feature} came with schema {since}, but the document declares schemaVersion {declared}{times}",
                f'declare "schemaVersion": "{needed}" or newer (datasetkit migrate --to {needed} {hint_path(path)})',
                parsed.loc(path, pmap(pointer), key=key),
                {"feature": feature, "since": since, "count": n},
            )
        )
    for base, evs in _evaluator_maps(doc):
        for name in evs:
            if name in V2_ONLY_EVALUATORS and declared_key.major < version_key(PREVIEW).major:
                findings.append(
                    Finding(
                        "m365.version.v2-evaluator",
                        Severity.INFO,
                        f"{name} runs only in the CLI v2 preview with a schema 2.x document",
                        f'declare "schemaVersion": "{PREVIEW}" and run with the v2 preview CLI',
                        parsed.loc(path, pmap(pointer_join(base, name)), key=True),
                        {"evaluator": name},
                    )
                )
    return findings
