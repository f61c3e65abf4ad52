"""A reviewer's decisions, kept beside the dataset so that a regenerated set keeps them.

``datasetkit view`` writes what a reviewer decided about each case (approved, edited,
discarded, a note) into the *review record* ``<dataset file>.review`` (JSON) beside the
dataset, as well as into the dataset itself where its format can hold it
(``extensions.datasetkit.review``, as ``review merge`` marks cases). The record is what
survives a rewrite of the dataset: ``generate`` (a fresh run or ``--resume``) writes its
output anew, and applies the record found beside it, so discarded cases stay out, edits
are made again and approvals stay.

Cases are known by the id ``review merge`` and the run journal use: the case's ``id``, or
its content id when it has none. Generated cases carry their content id from the start, so
a resumed or repeated run makes the same ids. An edit changes a case's content id; a case
whose format keeps no id is found again by the content id it had after the edit
(``result``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from datasetkit.core.findings import DatasetkitError, Finding, Location, Severity
from datasetkit.core.model import Case
from datasetkit.generate.review import dk_extensions

RECORD_SUFFIX = ".review"
RECORD_FORMAT = "datasetkit-review"
RECORD_VERSION = 1
VERDICTS = ("approved", "edited", "discarded")
# What happens to discarded cases when the dataset is written: left out, or kept and
# marked ``review: discarded`` (for a later look, or for tools that filter on the mark).
DISCARD_MODES = ("remove", "mark")
# The fields an edit may change, per turn.
TURN_FIELDS = ("prompt", "expected_response")


@dataclass
class Decision:
    """What a reviewer decided about one case."""

    verdict: str | None = None  # one of VERDICTS, or None for a note alone
    note: str = ""
    # The edited values: {"category": ..., "turns": [{"prompt": ...}, {}]} (changed fields only).
    edit: dict[str, Any] = field(default_factory=dict)
    # The content id of the case after the edit (finds it in formats that keep no id).
    result: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The record's JSON form (empty parts left out)."""
        out: dict[str, Any] = {}
        if self.verdict:
            out["verdict"] = self.verdict
        if self.note:
            out["note"] = self.note
        if self.edit:
            out["edit"] = self.edit
        if self.result:
            out["result"] = self.result
        return out


@dataclass
class Record:
    """The decisions of one dataset, by case id, and what discarded cases become."""

    cases: dict[str, Decision] = field(default_factory=dict)
    discarded: str = "remove"

    def decision_for(self, case: Case) -> tuple[str, Decision] | None:
        """The case's key and decision: by its id (or content id), else by an edit's result."""
        key = case_key(case)
        if key in self.cases:
            return key, self.cases[key]
        content = case.content_id()
        for k, d in self.cases.items():
            if d.result == content:
                return k, d
        return None

    def to_json(self, dataset: str) -> str:
        """The record file's text (keys sorted: the same decisions give the same bytes)."""
        body = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "dataset": dataset,
            "discarded": self.discarded,
            "cases": {k: self.cases[k].to_dict() for k in sorted(self.cases)},
        }
        return json.dumps(body, ensure_ascii=False, indent=2) + "\n"


def case_key(case: Case) -> str:
    """How a case is known to the review: its id, or its content id when it has none."""
    return case.id or case.content_id()


def record_path(dataset: str | Path) -> Path:
    """``<dataset file>.review``, beside the dataset (not a suffix any folder scan reads)."""
    p = Path(dataset)
    return p.with_name(p.name + RECORD_SUFFIX)


def read_record(dataset: str | Path) -> Record | None:
    """The review record beside ``dataset``; None when there is none."""
    path = record_path(dataset)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise _bad(path, str(exc)) from None
    try:
        body = json.loads(text)
    except ValueError as exc:
        raise _bad(path, f"not JSON ({exc})") from None
    if not isinstance(body, dict) or body.get("format") != RECORD_FORMAT:
        raise _bad(path, f'no "format": "{RECORD_FORMAT}" member')
    if body.get("version") != RECORD_VERSION:
        raise _bad(path, f"version {body.get('version')!r}; this datasetkit reads {RECORD_VERSION}")
    cases = body.get("cases")
    if not isinstance(cases, dict):
        raise _bad(path, '"cases" is not an object')
    discarded = body.get("discarded", "remove")
    record = Record(discarded=discarded if discarded in DISCARD_MODES else "remove")
    for key, raw in cases.items():
        record.cases[str(key)] = _decision(raw, path, key)
    return record


def _decision(raw: Any, path: Path, key: str) -> Decision:
    if not isinstance(raw, dict):
        raise _bad(path, f"case {key}: not an object")
    verdict = raw.get("verdict")
    if verdict is not None and verdict not in VERDICTS:
        raise _bad(path, f"case {key}: verdict {verdict!r} is not one of {', '.join(VERDICTS)}")
    edit = raw.get("edit") or {}
    if not isinstance(edit, dict) or not isinstance(edit.get("turns", []), list):
        raise _bad(path, f"case {key}: the edit is not an object with a list of turns")
    result = raw.get("result")
    return Decision(
        verdict=verdict,
        note=str(raw.get("note") or ""),
        edit=edit,
        result=str(result) if result else None,
    )


def _bad(path: Path, why: str) -> DatasetkitError:
    return DatasetkitError(
        f"{path}: cannot read this review record: {why}",
        "it holds the decisions of an earlier review; mend it, or move it away to start afresh",
    )


def write_record(dataset: str | Path, decisions: Mapping[str, Decision], discarded: str) -> Path:
    """Add ``decisions`` to the record beside ``dataset`` (atomically); its path.

    Decisions about other cases stay; a decision replaces the earlier one of its case.
    """
    from datasetkit.io.files import atomic_write_text

    record = read_record(dataset) or Record()
    record.discarded = discarded
    record.cases.update(decisions)
    # A decision taken back (no verdict, note or edit left) leaves the record.
    record.cases = {k: d for k, d in record.cases.items() if d.to_dict()}
    path = record_path(dataset)
    atomic_write_text(path, record.to_json(Path(dataset).name))
    return path


# ----- applying ---------------------------------------------------------------------------


def apply_edit(case: Case, edit: Mapping[str, Any]) -> bool:
    """Make an edit's changes on ``case``; True when anything changed."""
    changed = False
    if "category" in edit:
        category = (str(edit["category"] or "")).strip() or None
        changed |= category != case.category
        case.category = category
    for turn, values in zip(case.turns, edit.get("turns") or [], strict=False):
        if not isinstance(values, dict):
            continue
        for name in TURN_FIELDS:
            if name not in values:
                continue
            text = "" if values[name] is None else str(values[name])
            # An emptied expected response is no expected response; a prompt stays text.
            value = text if name == "prompt" or text.strip() else None
            changed |= getattr(turn, name) != value
            setattr(turn, name, value)
    return changed


def mark(case: Case, verdict: str | None, note: str = "") -> None:
    """Record the review on the case itself (``extensions.datasetkit``: review, review_note)."""
    values: dict[str, Any] = {}
    if verdict:
        values["review"] = verdict
    if note:
        values["review_note"] = note
    if not values:
        return
    holder = dk_extensions(case)
    if not holder:
        case.extensions = {**(case.extensions or {}), "datasetkit": {}}
        holder = case.extensions["datasetkit"]
    holder.update(values)


def apply_decision(case: Case, decision: Decision) -> None:
    """An approved or edited case as the reviewer left it, its review marked on it.

    A case without an id is found again by the content id its edit gives it (``result``).
    """
    if decision.edit:
        apply_edit(case, decision.edit)
    mark(case, decision.verdict, decision.note)


def apply_record(cases: Iterable[Case], record: Record) -> tuple[list[Case], Counter[str]]:
    """``cases`` with the record's decisions made on them (discarded ones left out or
    marked, as the record says); and how many cases of each verdict were found."""
    kept: list[Case] = []
    counts: Counter[str] = Counter()
    for case in cases:
        found = record.decision_for(case)
        if found is None:
            kept.append(case)
            continue
        decision = found[1]
        counts[decision.verdict or "noted"] += 1
        if decision.verdict == "discarded" and record.discarded == "remove":
            continue
        apply_decision(case, decision)
        kept.append(case)
    return kept, counts


def keep_review(output: str | Path, cases: list[Case]) -> tuple[list[Case], list[Finding]]:
    """The cases a run writes to ``output``, with the decisions of the review record beside
    it made again; and a note that says what was kept (none without a record)."""
    record = read_record(output)
    if record is None or not record.cases:
        return cases, []
    kept, counts = apply_record(cases, record)
    if not counts:
        return kept, []
    said = ", ".join(f"{counts[v]} {v}" for v in (*VERDICTS, "noted") if counts[v])
    left_out = len(cases) - len(kept)
    message = f"kept an earlier review of {Path(output).name} ({said})" + (
        f"; the {left_out} discarded case(s) are left out, so the file holds {len(kept)}"
        if left_out
        else ""
    )
    return kept, [
        Finding(
            "review.kept",
            Severity.INFO,
            message,
            f"the decisions are in {record_path(output)}; move it away to start a review afresh",
            Location(path=str(record_path(output))),
        )
    ]
