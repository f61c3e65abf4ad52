"""What the page shows of one case: its fields, settings, findings, and for a generated
case its source, the reviews it passed and what the quality gate says of it."""

from __future__ import annotations

from typing import Any

from datasetkit.core.findings import Finding
from datasetkit.core.model import Case, Dataset
from datasetkit.generate.review import dk_extensions
from datasetkit.viewer.opened import OpenFile, evaluator_names, is_generated
from datasetkit.viewer.passages import Passages, provenance_of, quotes_of

# Turn fields shown as text (the first two are the ones a reviewer edits).
_TURN_TEXT = ("prompt", "expected_response", "context", "response")
# Turn and case settings shown as they are in the model.
_TURN_SETTINGS = ("evaluators_mode", "allowed_tools", "allowed_tools_mode", "tags")
_CASE_SETTINGS = ("kind", "name", "description", "tags", "conversation_id")


def finding_view(f: Finding, turn: int | None, field: str | None) -> dict[str, Any]:
    """A finding as the page lists it: what, how to fix, and where (turn, field, place)."""
    loc = f.location
    where = []
    if loc.line is not None:
        where.append(f"line {loc.line}" + (f", column {loc.column}" if loc.column else ""))
    elif loc.row is not None:
        where.append(f"row {loc.row}")
    if loc.pointer:
        where.append(loc.pointer)
    return {
        "code": f.code,
        "severity": f.severity.value,
        "message": f.message,
        "hint": f.hint,
        "turn": turn,
        "field": field,
        "where": ", ".join(where),
    }


def _turns(case: Case) -> list[dict[str, Any]]:
    out = []
    for turn in case.turns:
        view: dict[str, Any] = {name: getattr(turn, name) for name in _TURN_TEXT}
        view["evaluators"] = turn.evaluators
        view["settings"] = {
            name: getattr(turn, name) for name in _TURN_SETTINGS if getattr(turn, name)
        }
        out.append(view)
    return out


def _settings(case: Case, dataset: Dataset) -> dict[str, Any]:
    """The case's settings and the dataset's defaults that apply to it."""
    out: dict[str, Any] = {n: getattr(case, n) for n in _CASE_SETTINGS if getattr(case, n)}
    if case.seed is not None:
        out["seed"] = case.seed.model_dump(exclude_none=True)
    if case.tool_definitions:
        out["tool_definitions"] = case.tool_definitions
    if case.messages:
        out["messages"] = len(case.messages)
    if dataset.default_evaluators and not any(t.evaluators for t in case.turns):
        out["default evaluators (of the dataset)"] = dataset.default_evaluators
    if dataset.default_allowed_tools:
        out["default allowed tools (of the dataset)"] = dataset.default_allowed_tools
    return out


def case_detail(opened: OpenFile, index: int, passages: Passages) -> dict[str, Any]:
    """Everything the case view shows of case ``index`` of ``opened``."""
    case = opened.cases[index]
    dk = dk_extensions(case)
    return {
        "k": f"{opened.index}:{index}",
        "file": opened.path,
        "format": opened.format,
        "index": index,
        "id": case.id,
        "category": case.category,
        "notes": case.notes,
        "seed": case.seed.description if case.seed is not None else None,
        "turns": _turns(case),
        "evaluators": evaluator_names(case, opened.dataset),
        "settings": _settings(case, opened.dataset),
        "findings": [finding_view(f, t, fld) for f, t, fld in opened.findings_of(index)],
        "review": {"verdict": dk.get("review") or "", "note": dk.get("review_note") or ""},
        "generated": generated_view(case, dk, passages, opened.path)
        if is_generated(case)
        else None,
    }


def generated_view(
    case: Case, dk: dict[str, Any], passages: Passages, dataset_path: str
) -> dict[str, Any]:
    """A generated case's source passage, evidence, the critic's and judge's verdicts, and
    the quality gate's verdict on the case as it is."""
    import os

    return {
        "generator": dk.get("generator"),
        "question_type": dk.get("question_type"),
        "language": dk.get("language"),
        "grounded": dk.get("grounded"),
        "evidence": quotes_of(dk, "evidence"),
        "quoted": quotes_of(dk, "quoted"),
        "source": passages.passage(dk, os.path.dirname(dataset_path)),
        "critic": dk.get("critic") if isinstance(dk.get("critic"), dict) else None,
        "judge": dk.get("judge") if isinstance(dk.get("judge"), dict) else None,
        "tags": case.tags or [],
        "gate": gate_verdict(case, dk),
    }


def gate_verdict(case: Case, dk: dict[str, Any]) -> dict[str, Any]:
    """What the quality gate of ``generate`` says of the case now (an edit may change it)."""
    from datasetkit.generate.contract import GeneratedCase
    from datasetkit.generate.gate.admit import CODES, Gate, admit_generated

    evidence = "\n".join(quotes_of(dk, "evidence"))
    language = dk.get("language") if isinstance(dk.get("language"), str) else None
    generated = GeneratedCase(
        case=case,
        evidence=evidence or None,
        source=provenance_of(dk.get("source")),
        grounded=bool(dk.get("grounded")),
    )
    if not case.turns and case.seed is None:
        return {"passed": None, "message": "no question to check"}
    found = admit_generated(Gate(language=language), generated)
    if found is None:
        return {"passed": True, "message": "passes every check of the quality gate"}
    return {
        "passed": False,
        "code": found.code,
        "message": found.message,
        "meaning": CODES.get(found.code, ""),
    }
