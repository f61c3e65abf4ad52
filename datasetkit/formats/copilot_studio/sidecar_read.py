"""Reading the setup sidecar (``.setup.md``) and applying it to the cases."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from datasetkit.core.findings import Finding, Severity
from datasetkit.core.model import Case, Dataset
from datasetkit.formats.copilot_studio.methods import case_extension, evaluators_for_methods
from datasetkit.formats.copilot_studio.parse import finding, sidecar_path
from datasetkit.formats.copilot_studio.spec import EXT, FORMAT

# --- the setup sidecar

_SIDECAR_BLOCK = re.compile(r"<!--\s*datasetkit-setup[^\n]*\n(.*?)\n\s*-->", re.S)


def read_sidecar(path: Path) -> tuple[dict[str, Any] | None, str]:
    """The machine-readable part of a setup sidecar, or (None, why not)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, f"cannot be read ({exc})"
    m = _SIDECAR_BLOCK.search(text)
    if not m:
        return None, "has no datasetkit-setup block"
    try:
        data = json.loads(m.group(1))
    except json.JSONDecodeError as exc:
        return None, f"has a broken datasetkit-setup block ({exc.msg})"
    if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
        return None, "has a datasetkit-setup block without a cases list"
    return data, ""


# Dataset fields the sidecar keeps (default evaluators become each case's methods).
SIDECAR_DATASET_FIELDS = ("schema_version", "metadata", "default_allowed_tools", "extra")


def _target(cases: list[Case], entry: dict[str, Any], used: set[int]) -> int | None:
    """The case a sidecar entry belongs to: the one at its index when the question matches,
    else the one unused case with that question (None when there is no such single case)."""
    question = entry.get("question")
    idx = entry.get("index")
    if isinstance(idx, int) and 0 <= idx < len(cases) and cases[idx].first_prompt == question:
        return idx
    hits = [i for i, c in enumerate(cases) if c.first_prompt == question and i not in used]
    return hits[0] if len(hits) == 1 else None


def apply_sidecar(
    csv_path: Path, dataset: Dataset, conversation: bool, findings: list[Finding]
) -> None:
    """Attach what a sidecar next to the file says (methods, keywords, ids...) to the cases."""
    cases = dataset.cases
    side = sidecar_path(csv_path)
    if not side.is_file():
        return
    data, problem = read_sidecar(side)
    if data is None:
        findings.append(
            finding(
                f"{FORMAT}.sidecar.invalid",
                Severity.WARNING,
                f"{side.name} {problem}",
                "regenerate it with datasetkit convert, or delete it",
                path=str(side),
            )
        )
        return
    saved = data.get("dataset")
    if isinstance(saved, dict):
        for name in SIDECAR_DATASET_FIELDS:
            if saved.get(name) is not None and getattr(dataset, name) in (None, {}):
                setattr(dataset, name, saved[name])
    used: set[int] = set()
    applied = 0
    for entry in data["cases"]:
        if not isinstance(entry, dict):
            continue
        question = entry.get("question")
        target = _target(cases, entry, used)
        if target is None:
            findings.append(
                finding(
                    f"{FORMAT}.sidecar.mismatch",
                    Severity.WARNING,
                    f"{side.name} lists a case that is not in the file: {str(question)[:60]!r}",
                    "the CSV was edited after the sidecar was written; regenerate the sidecar",
                    path=str(side),
                )
            )
            continue
        used.add(target)
        _attach(cases[target], entry, conversation)
        applied += 1
    if applied:
        findings.append(
            finding(
                f"{FORMAT}.sidecar.read",
                Severity.INFO,
                f"test methods and case details for {applied} case(s) were read from {side.name}",
                "",
                path=str(side),
            )
        )


def _attach(case: Case, entry: dict[str, Any], conversation: bool) -> None:
    ext = dict(case_extension(case))
    for key in ("methods", "keywords", "expected_tools"):
        if isinstance(entry.get(key), list) and key not in ext:
            ext[key] = entry[key]
    if ext:
        case.extensions = {**(case.extensions or {}), EXT: ext}
    for attr in ("id", "name", "description", "category", "notes"):
        if isinstance(entry.get(attr), str) and getattr(case, attr) is None:
            setattr(case, attr, entry[attr])
    if isinstance(entry.get("tags"), list) and case.tags is None:
        case.tags = [str(t) for t in entry["tags"]]
    if isinstance(entry.get("extra"), dict):
        for k, v in entry["extra"].items():
            case.extra.setdefault(k, v)
    if isinstance(entry.get("extensions"), dict):
        case.extensions = {**entry["extensions"], **(case.extensions or {})}
    turns = entry.get("turns")
    if isinstance(turns, list) and len(turns) == len(case.turns):
        for turn, saved in zip(case.turns, turns, strict=True):
            if not isinstance(saved, dict):
                continue
            for k, v in (saved.get("extra") or {}).items():
                turn.extra.setdefault(k, v)
            if isinstance(saved.get("extensions"), dict) and turn.extensions is None:
                turn.extensions = saved["extensions"]
    if not conversation and case.turns and "methods" in ext and case.turns[0].evaluators is None:
        evaluators = evaluators_for_methods([m for m in ext["methods"] if isinstance(m, dict)])
        case.turns[0].evaluators = evaluators
        case.turns[0].evaluators_mode = "replace" if evaluators else None
