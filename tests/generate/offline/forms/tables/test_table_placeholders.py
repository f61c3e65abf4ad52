"""A template's example line (a placeholder customer such as "ABC Company" in any of its
cells) and a figure of nothing ("0", which a guess answers) are not asked as facts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.knowledge_fixtures import generate_offline
from tests.helpers.xlsx_fixtures import make_sheet_xlsx

_HEADER = ["Service", "Customer", "Unit", "Price"]
_ROWS: list[list[Any]] = [
    ["Translation", "ABC Company", "Word", "0.20"],
    ["Interpretation", "Harbor Health", "Hour", "75.00"],
    ["Editing", "Lakeside Press", "Page", "12.50"],
    ["Subtitling", "Northgate Media", "Minute", "8.00"],
]


def _cases(tmp_path: Path, rows: list[list[Any]], header: list[str]) -> dict[str, str]:
    path = make_sheet_xlsx(tmp_path / "prices.xlsx", "Prices", [header, *rows])
    outcome = generate_offline(tmp_path, path, 30)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def test_a_template_example_line_is_not_asked(tmp_path: Path) -> None:
    cases = _cases(tmp_path, _ROWS, _HEADER)
    assert any("Interpretation" in q or "interpretation" in q for q in cases), cases
    for q, a in cases.items():
        assert "translation" not in q.casefold(), q
        assert "ABC Company" not in a, (q, a)


def test_a_figure_of_nothing_is_not_looked_up(tmp_path: Path) -> None:
    header = ["State", "Permit", "Handgun", "Long Gun", "Rentals"]
    rows: list[list[Any]] = [
        ["Alabama", 18870, 23022, 0, 0],
        ["Alaska", 0, 3001, 3840, 0],
        ["Arizona", 2303, 0, 9041, 0],
        ["Arkansas", 3298, 6520, 8210, 0],
        ["Colorado", 4144, 19784, 0, 0],
    ]
    path = make_sheet_xlsx(
        tmp_path / "checks.xlsx",
        "Sheet1",
        [["Firearm Background Checks November 2015"], [], header, *rows],
    )
    outcome = generate_offline(tmp_path, path, 30)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    pairs = {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}
    looked_up = [q for q in pairs if q.startswith("How many ")]
    assert len(looked_up) >= 3, pairs
    for q, a in pairs.items():
        assert a.strip() != "0", (q, a)
