"""The setup sidecar (``<name>.setup.md``) written next to each Copilot Studio CSV.

Copilot Studio imports only questions and expected responses; the sidecar lists what
must be set up by hand (test methods, passing scores, keywords, expected tools) and
ends with a machine-readable block that :func:`copilot_studio.read_sidecar` reads back.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from datasetkit.core.model import Case, Dataset, Turn
from datasetkit.formats.copilot_studio.methods import case_extension
from datasetkit.formats.copilot_studio.sidecar_read import SIDECAR_DATASET_FIELDS
from datasetkit.formats.copilot_studio.spec import EXT, METHOD_LABELS


@dataclass
class CaseEntry:
    """One case ready to write: its rows (question, expected) and its setup facts."""

    case: Case
    rows: list[tuple[str, str]]
    methods: list[dict[str, Any]]


def _ranges(numbers: list[int]) -> str:
    """``[1, 2, 3, 5]`` -> ``'1–3, 5'``."""
    out: list[str] = []
    start: int | None = None
    prev: int | None = None
    for n in [*numbers, None]:
        if start is None:
            start = prev = n
            continue
        if n is not None and prev is not None and n == prev + 1:
            prev = n
            continue
        out.append(str(start) if start == prev else f"{start}–{prev}")
        start = prev = n
    return ", ".join(out)


def _cell(text: Any, width: int = 100) -> str:
    """Text for a Markdown table cell: one line, pipes escaped, long text shortened."""
    s = " ".join(str(text).split())
    if len(s) > width:
        s = s[: width - 1].rstrip() + "…"
    return s.replace("|", "\\|")


def _method_text(m: dict[str, Any]) -> str:
    label = METHOD_LABELS.get(str(m.get("type")), str(m.get("type")))
    score = m.get("passing_score")
    return f"{label} ({score})" if score not in (None, "") else label


def _turn_payload(turn: Turn) -> dict[str, Any]:
    """What the sidecar keeps of a turn: the fields the CSV has no column for."""
    out: dict[str, Any] = {}
    if turn.extra:
        out["extra"] = turn.extra
    if turn.extensions:
        out["extensions"] = turn.extensions
    return out


def _method_table(entries: list[CaseEntry]) -> list[str]:
    """The test methods and passing scores, with the cases each applies to."""
    lines: list[str] = []
    by_method: dict[tuple[str, str], list[int]] = {}
    for i, e in enumerate(entries, start=1):
        for m in e.methods:
            score = m.get("passing_score")
            key = (str(m.get("type")), "" if score in (None, "") else str(score))
            by_method.setdefault(key, []).append(i)
    if by_method:
        lines += ["| Test method | Passing score | Cases |", "|---|---|---|"]
        for (mtype, score), idx in sorted(by_method.items(), key=lambda kv: kv[1][0]):
            label = METHOD_LABELS.get(mtype, mtype)
            lines.append(f"| {_cell(label)} | {score or '—'} | {_ranges(idx)} |")
        without = [i for i, e in enumerate(entries, start=1) if not e.methods]
        if without:
            lines.append(f"| (none given: the default, General quality) | — | {_ranges(without)} |")
        groups = {json.dumps(e.methods, sort_keys=True) for e in entries}
        if len(groups) > 1:
            lines += [
                "",
                "Copilot Studio grades every case of a test set with every method attached to "
                "the set. Where the cases above need different methods or passing scores, make "
                "one test set per group of cases, or read only the grades that apply.",
            ]
    else:
        lines.append("No test methods are given: Copilot Studio adds its default, General quality.")
    return lines


def render_sidecar(
    dataset: Dataset,
    csv_name: str,
    entries: list[CaseEntry],
    conversation: bool,
    part: int,
    parts: int,
    per_set: int,
) -> str:
    """The setup guide that goes next to a CSV: readable steps and tables, then a
    machine-readable block the reader uses to restore methods and case details."""
    n = len(entries)
    lines = [
        f"# Copilot Studio setup: {csv_name}",
        "",
        f"Copilot Studio imports only the questions and {'reference responses' if conversation else 'expected responses'} "
        f"of `{csv_name}`. Test methods, passing scores, keywords and expected tools cannot "
        "travel in the file: set them up in Copilot Studio after the import, as listed here.",
        "",
    ]
    if parts > 1:
        unit = "conversations" if conversation else "questions"
        lines += [
            f"This is part {part} of {parts}: a test set takes at most {per_set} {unit}, "
            "so each part is its own test set.",
            "",
        ]
    steps = [
        "Open the agent in Copilot Studio and go to **Evaluation** (new agents: the **Evaluate** tab).",
        f"Create a **{'Conversation' if conversation else 'Single response'}** test set "
        f"and upload `{csv_name}` ({n} {'conversations' if conversation else 'test cases'}).",
    ]
    if any(e.methods for e in entries):
        scored = any(m.get("passing_score") not in (None, "") for e in entries for m in e.methods)
        steps.append(
            "Add the test methods below to the test set"
            + (" and set their passing scores." if scored else ".")
        )
    if any(case_extension(e.case).get(k) for e in entries for k in ("keywords", "expected_tools")):
        steps.append("Enter the keywords and expected tools listed below on their cases.")
    lines += [f"{i}. {step}" for i, step in enumerate(steps, start=1)]
    lines += ["", "## Test methods", ""]
    lines += _method_table(entries)
    lines += ["", f"## {'Conversations' if conversation else 'Cases'}", ""]
    lines += _case_table(entries, conversation)
    payload = [_case_payload(i, e) for i, e in enumerate(entries)]
    lines += ["", *_machine_block(dataset, csv_name, conversation, payload), ""]
    return "\n".join(lines)


# Extra columns shown in the case table; the machine block keeps every one.
_MAX_EXTRA_COLUMNS = 8


def _extra_keys(entries: list[CaseEntry]) -> list[str]:
    """The extra columns of the cases and their turns, in first-seen order."""
    keys: dict[str, None] = {}
    for e in entries:
        keys.update(dict.fromkeys(e.case.extra))
        for t in e.case.turns:
            keys.update(dict.fromkeys(t.extra))
    return list(keys)


def _extra_text(case: Case, key: str) -> str:
    """A case's value of an extra column: its own, else its turns' ("1: a; 2: b")."""

    def text(v: Any) -> str:
        return v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)

    if key in case.extra:
        return text(case.extra[key])
    vals = [(i, t.extra[key]) for i, t in enumerate(case.turns, start=1) if key in t.extra]
    if len(case.turns) == 1 and vals:
        return text(vals[0][1])
    return "; ".join(f"{i}: {text(v)}" for i, v in vals)


def _case_table(entries: list[CaseEntry], conversation: bool) -> list[str]:
    """One row per case: question, test methods, keywords, tools, facts and extra columns."""
    extras = [("Keywords", "keywords"), ("Expected tools", "expected_tools")]
    facts = [("Id", "id"), ("Category", "category"), ("Notes", "notes")]
    show_ext = [(t, k) for t, k in extras if any(case_extension(e.case).get(k) for e in entries)]
    show_facts = [(t, k) for t, k in facts if any(getattr(e.case, k) for e in entries)]
    extra_keys = _extra_keys(entries)
    shown_extra = extra_keys[:_MAX_EXTRA_COLUMNS]
    cols = ["#", "Question", "Test methods"]
    cols += [t for t, _ in show_ext] + [t for t, _ in show_facts]
    cols += [_cell(k, 40) for k in shown_extra]
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for i, e in enumerate(entries, start=1):
        ext = case_extension(e.case)
        first_q = e.rows[0][0] if e.rows else ""
        q = (
            first_q
            if not conversation
            else f"{first_q} ({len(e.rows)} turn{'s' if len(e.rows) != 1 else ''})"
        )
        row = [
            str(i),
            _cell(q, 80),
            _cell(", ".join(_method_text(m) for m in e.methods) or "default"),
        ]
        row += [_cell(", ".join(map(str, ext.get(k) or []))) for _, k in show_ext]
        row += [_cell(getattr(e.case, k) or "") for _, k in show_facts]
        row += [_cell(_extra_text(e.case, k), 60) for k in shown_extra]
        lines.append("| " + " | ".join(row) + " |")
    if len(extra_keys) > len(shown_extra):
        rest = ", ".join(extra_keys[len(shown_extra) :])
        lines += ["", f"Further columns, kept in the block below: {_cell(rest, 200)}."]
    return lines


def _case_payload(index: int, e: CaseEntry) -> dict[str, Any]:
    """What the reader restores of a case: methods, facts, extra columns, extensions."""
    ext = case_extension(e.case)
    item: dict[str, Any] = {"index": index, "question": e.rows[0][0] if e.rows else ""}
    if e.methods:
        item["methods"] = e.methods
    for ext_key in ("keywords", "expected_tools"):
        if ext.get(ext_key):
            item[ext_key] = ext[ext_key]
    for attr in ("id", "name", "description", "category", "notes", "tags"):
        if getattr(e.case, attr):
            item[attr] = getattr(e.case, attr)
    if e.case.extra:
        item["extra"] = e.case.extra
    other_ext = {k: v for k, v in (e.case.extensions or {}).items() if k != EXT}
    if other_ext:
        item["extensions"] = other_ext
    turns = [_turn_payload(t) for t in e.case.turns]
    if any(turns):
        item["turns"] = turns
    return item


def _machine_block(
    dataset: Dataset, csv_name: str, conversation: bool, payload: list[dict[str, Any]]
) -> list[str]:
    """The hidden JSON block :func:`copilot_studio.read_sidecar` reads back."""
    head: dict[str, Any] = {
        "format": "datasetkit-setup",
        "version": 1,
        "file": csv_name,
        "set_type": "conversation" if conversation else "single",
    }
    kept = {n: getattr(dataset, n) for n in SIDECAR_DATASET_FIELDS if getattr(dataset, n)}
    if kept:
        head["dataset"] = kept
    # One case per line keeps the block short and diffs readable. ">" is escaped so
    # no text inside can close the HTML comment that hides the block.
    body = json.dumps(head, ensure_ascii=False)[:-1] + ', "cases": [\n'
    body += ",\n".join(json.dumps(item, ensure_ascii=False) for item in payload)
    body = (body + "\n]}").replace(">", "\\u003e")
    kind = "conversation" if conversation else "single response"
    return [f"<!-- datasetkit-setup (read back by datasetkit; {kind} set)", body, "-->"]
