"""One table column asked row by row takes a share of a set, not every slot."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.offline.shares import shape_limit
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load

_ROWS = [
    ("Clause ordering", "Move the scope clause first"),
    ("Foreword text", "Replace the boilerplate"),
    ("Author profiles", "Drop the corporate profiles"),
    ("Self references", "Cite clauses by number"),
    ("Header casing", "Use sentence case"),
    ("Dependency list", "Mark each as normative"),
    ("Terms clause", "Add the missing terms"),
    ("Scope wording", "State what is excluded"),
    ("Symbol list", "Sort the symbols"),
    ("Entry notes", "Number the notes"),
    ("Audit trail", "Log each reviewer"),
    ("Annex order", "Put informative annexes last"),
]

_TEXT = """
## Review rules

Comments on the draft must be sent within 14 days of its circulation.
Each editor may hold at most 3 open change requests at a time.
The review board meets on the first Monday of every month.
A change request is a proposal to alter the published text of the specification.
Editorial fixes are approved by the chair without a vote.
"""


def _table() -> str:
    lines = ["| Feature | Action needed |", "|---|---|"]
    lines += [f"| {feature} | {action} |" for feature, action in _ROWS]
    return "\n".join(lines)


def _cases(path: Path, count: int) -> list[tuple[str, str]]:
    docs = load([path])
    gen = OfflineGenerator()
    plan = build_plan(chunk_documents(docs), count, 3, capacity=gen.capacity)
    result = gen.generate_knowledge(plan)
    return [(c.case.turns[0].prompt, c.case.extensions["datasetkit"]["form"]) for c in result.cases]


def _lookups(cases: list[tuple[str, str]]) -> int:
    return sum(1 for _, form in cases if form == "table cell")


def test_a_table_column_waits_while_the_documents_other_questions_are_unasked(
    tmp_path: Path,
) -> None:
    f = tmp_path / "spec-changes.md"
    f.write_text(f"# Changes to the Drafting Spec\n\n{_table()}\n{_TEXT}", encoding="utf-8")
    cases = _cases(f, 12)
    forms = Counter(form for _, form in cases)
    # The column asked row by row takes its share; the rules of the text are asked too.
    assert _lookups(cases) <= shape_limit(12), cases
    assert sum(n for form, n in forms.items() if form != "table cell") >= 3, cases


def test_a_table_that_is_the_whole_document_is_still_asked_row_by_row(tmp_path: Path) -> None:
    f = tmp_path / "spec-changes.md"
    f.write_text(f"# Changes to the Drafting Spec\n\n{_table()}\n", encoding="utf-8")
    cases = _cases(f, 12)
    # Nothing else to ask: the share gives way and recall stays.
    assert _lookups(cases) > shape_limit(12), cases


def test_a_run_cut_short_by_the_share_says_so(tmp_path: Path) -> None:
    f = tmp_path / "spec-changes.md"
    f.write_text(f"# Changes to the Drafting Spec\n\n{_table()}\n{_TEXT}", encoding="utf-8")
    docs = load([f])
    gen = OfflineGenerator()
    plan = build_plan(chunk_documents(docs), 12, 3, capacity=gen.capacity)
    notes = " ".join(gen.generate_knowledge(plan).usage.get("notes", []))
    assert "more table question(s) were left out" in notes, notes


def test_the_shortfall_note_names_a_per_table_limit_only_while_it_holds() -> None:
    from datasetkit.generate.offline.shares import ShapeShare

    share = ShapeShare(3, per_table=4)
    assert share.note([]) == ""  # nothing held back, nothing to say
    share.text = True
    held = _held_back_candidate()
    for _ in range(3):  # its column's shape takes its share
        share.add(held)
    assert "single-cell" in share.note([held])
    share.relaxed = True
    assert "single-cell" not in share.note([held])


def _held_back_candidate() -> object:
    """A lookup of a document's table whose shape has taken its share."""
    from unittest.mock import MagicMock

    cand = MagicMock()
    cand.form = "table cell"
    cand.covers = (("row 1", "Rate"),)
    cand.section.provenance.sheet = None
    cand.section.provenance.table = 1
    cand.section.provenance.file = "report.docx"
    cand.over_rows = False
    cand.whole_row = False
    return cand
