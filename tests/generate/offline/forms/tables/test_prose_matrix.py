"""A table of prose by area (rows) and compared thing (columns), such as a career ladder
or a rubric, is asked cell by cell: "How is a Senior Analyst (L3) described in the Scope
category?", answered with every cell of that area in that column."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs

_LADDER = """\
# Analyst career ladder

| Category | Analyst (L2) | Senior Analyst (L3) | Head of Analysts (L4) |
| --- | --- | --- | --- |
| **Skill** |  |  |  |
| *Scope* | You run small analyses from question to answer with regular review. | You run analyses across teams and choose the methods yourself. | You set the analysis agenda for the whole company each year. |
| *Scope* | You keep your notebooks tidy so others can rerun them later. | You set conventions for notebooks that the whole team follows. | You decide which tools the analysts use for their work. |
| *Judgment* | You ask for help when the data does not fit the question asked. | You decide when an analysis is good enough to share with leaders. | You settle disputes about methods between teams of analysts. |
| **Engagement** |  |  |  |
| *Communication* | You share progress in weekly check-ins with your manager. | You present findings to leadership and answer their questions. | You speak for the analysts at company meetings and reviews. |
"""


def _cases(tmp_path: Path, text: str) -> dict[str, str]:
    path = tmp_path / "ladder.md"
    path.write_text(text, encoding="utf-8")
    return offline_pairs(tmp_path, path, 20)


def test_a_ladder_is_asked_by_role_and_category(tmp_path: Path) -> None:
    cases = _cases(tmp_path, _LADDER)
    asked = "How is a Senior Analyst (L3) described in the Scope category?"
    assert asked in cases, cases
    # The area takes two rows: the answer gives both, in order.
    answer = cases[asked]
    assert "across teams" in answer and "conventions for notebooks" in answer, answer
    assert answer.index("across teams") < answer.index("conventions for notebooks")
    judged = "How is an Analyst (L2) described in the Judgment category?"
    assert "data does not fit" in cases.get(judged, ""), cases
    # One role of a unit is one person's: "the Head of Analysts".
    head = "How is the Head of Analysts (L4) described in the Judgment category?"
    assert "settle disputes" in cases.get(head, ""), cases
    for q in cases:
        assert "Skill category" not in q and "Engagement category" not in q, q


def test_a_table_of_short_values_is_no_ladder(tmp_path: Path) -> None:
    text = (
        "# Room plans\n\n| Category | Basic | Premium |\n| --- | --- | --- |\n"
        "| Seats | 4 | 12 |\n| Screen | Yes | Yes |\n| Price | $10 | $25 |\n"
    )
    for q in _cases(tmp_path, text):
        assert " described in the " not in q, q


def test_columns_of_different_attributes_are_no_ladder(tmp_path: Path) -> None:
    text = (
        "# Review findings\n\n| Area | Action Needed | Comment |\n| --- | --- | --- |\n"
        "| Scope | Rewrite the scope so that it states the subject matter only. "
        "| The scope must not hold requirements of any kind. |\n"
        "| Scope | Remove the conformance language from the opening clause. "
        "| Conformance belongs in a clause of its own. |\n"
        "| Terms | Move every definition into the terms clause of the draft. "
        "| Definitions follow the prescribed structure. |\n"
    )
    for q in _cases(tmp_path, text):
        assert " described in the " not in q, q
