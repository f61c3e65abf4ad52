"""Tables alike in one workbook (the same columns on a sheet per year or per period) are
asked with what each sheet's title adds ("in 2024", "since 1990"), so each question has
one answer in the document; a fact both sheets give alike is not asked twice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.knowledge_fixtures import offline_pairs
from tests.helpers.xlsx_fixtures import make_sheets_xlsx

_HEADER = ["Store", "City", "Customers"]


def _cases(tmp_path: Path, sheets: dict[str, list[list[Any]]]) -> dict[str, str]:
    # Each sheet under its title row, a blank row, then the shared header.
    titled = {t: [[t], [], _HEADER, *rows] for t, rows in sheets.items()}
    path = make_sheets_xlsx(tmp_path / "stores.xlsx", titled)
    return offline_pairs(tmp_path, path, 30)


def test_each_sheet_is_asked_with_what_its_title_adds(tmp_path: Path) -> None:
    sheets = {
        "Store Visits": [
            ["Harbour Market", "Portland", 4120],
            ["Hilltop Goods", "Denver", 2875],
            ["Lakeside Deli", "Chicago", 3310],
        ],
        "Store Visits Since 2020": [
            ["Harbour Market", "Portland", 1630],
            ["Hilltop Goods", "Denver", 990],
            ["Lakeside Deli", "Chicago", 1475],
        ],
    }
    cases = _cases(tmp_path, sheets)
    since = {q: a for q, a in cases.items() if q.endswith(" since 2020?")}
    assert since, cases
    # Each figure of the second sheet is asked of it, with its own answer.
    assert any("1630" in a.replace(",", "") for a in since.values()), since
    # The city is the same on both sheets: never asked "since 2020".
    assert not any("located" in q for q in since), since


def test_the_fewest_of_one_thing_is_said_in_the_singular(tmp_path: Path) -> None:
    sheets = {
        "Store Visits": [
            ["Harbour Market", "Portland", 4],
            ["Hilltop Goods", "Denver", 1],
            ["Lakeside Deli", "Chicago", 3],
        ]
    }
    fewest = _cases(tmp_path, sheets).get("Which store has the fewest customers?", "")
    assert fewest == "Hilltop Goods (1 customer)", fewest
