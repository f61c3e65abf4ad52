"""Pivot tables and cross-tabs: one measure by two dimensions, asked as that measure of a
row in a column ("What were the total sales for Canada in 2013?"), their totals as
totals, and never with the pivot's own labels or a bare column label as the measure."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.helpers.knowledge_fixtures import generate_offline
from tests.helpers.xlsx_fixtures import make_sheet_xlsx

# Words a pivot export writes around its figures: never part of a question.
_FURNITURE = re.compile(r"(?i)\b(?:row labels?|column labels?|grand total|sum of)\b")


def _pairs(outcome: Any) -> dict[str, str]:
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def _pivot(path: Path, value_field: str) -> Path:
    return make_sheet_xlsx(
        path,
        "Pivot",
        [
            ["Segment", "(All)"],
            [],
            [value_field, "Column Labels"],
            ["Row Labels", 2013, 2014, "Grand Total"],
            ["Canada", 1200, 1500, 2700],
            ["France", 900, 1100, 2000],
            ["Germany", 1300, 1250, 2550],
            ["Mexico", 700, 800, 1500],
            ["Grand Total", 4100, 4650, 8750],
        ],
    )


def test_a_pivot_export_is_read_with_its_row_labels_as_the_header(tmp_path: Path) -> None:
    from datasetkit.knowledge import load

    doc = load([_pivot(tmp_path / "pivot.xlsx", "Sum of Sales")])[0]
    records = [s.record for s in doc.sections if s.record]
    assert records and list(records[0]) == ["Row Labels", "2013", "2014", "Grand Total"], records
    assert records[0]["Row Labels"] == "Canada" and records[0]["2013"] == "1200", records
    text = [s.text for s in doc.sections if not s.record]
    assert "Sum of Sales" in text, text
    assert not any("(All)" in t or "Column Labels" in t for t in text), text


def test_a_pivot_is_asked_as_its_measure_by_row_and_column(tmp_path: Path) -> None:
    pairs = _pairs(generate_offline(tmp_path, _pivot(tmp_path / "pivot.xlsx", "Sum of Sales"), 30))
    assert pairs.get("What were the total sales for France in 2013?") == "900", pairs
    # Grand totals are totals: of a row, of a column, of the whole table.
    assert pairs.get("What were the total sales for Mexico?") == "1500", pairs
    assert pairs.get("What were the total sales in 2014?") == "4650", pairs
    assert pairs.get("What were the total sales?") == "8750", pairs
    for question in pairs:
        assert not _FURNITURE.search(question.replace("total sales", "")), question


def test_a_count_pivot_is_asked_as_a_number(tmp_path: Path) -> None:
    path = _pivot(tmp_path / "orders.xlsx", "Count of Orders")
    pairs = _pairs(generate_offline(tmp_path, path, 30))
    assert pairs.get("What was the number of orders for Germany in 2014?") == "1250", pairs
    assert not any(_FURNITURE.search(q.replace("number of", "")) for q in pairs), list(pairs)


def test_a_cross_tab_names_the_measure_its_title_gives(tmp_path: Path) -> None:
    path = make_sheet_xlsx(
        tmp_path / "units.xlsx",
        "Sheet1",
        [
            ["Units Sold by Product and Country"],
            [],
            ["Product", "Canada", "France", "Germany", "Mexico"],
            ["Alder", 120, 150, 270, 80],
            ["Birch", 90, 110, 200, 60],
            ["Cedar", 130, 125, 255, 70],
            ["Dogwood", 70, 80, 150, 40],
        ],
    )
    pairs = _pairs(generate_offline(tmp_path, path, 30))
    assert pairs.get("What were the units sold for Alder in Germany?") == "270", pairs
    for question in pairs:
        # Never a country said as if it were what is measured ("the germany of Alder").
        assert "units sold" in question, question


def test_a_cross_tab_whose_measure_nothing_names_is_not_asked_by_its_labels(
    tmp_path: Path,
) -> None:
    path = make_sheet_xlsx(
        tmp_path / "grid.xlsx",
        "Sheet1",
        [
            ["Product", "Canada", "France", "Germany"],
            ["Alder", "$120", "$150", "$270"],
            ["Birch", "$90", "$110", "$200"],
            ["Cedar", "$130", "$125", "$255"],
        ],
    )
    pairs = _pairs(generate_offline(tmp_path, path, 30))
    asked = [q for q in pairs if re.search(r"(?i)\bthe (?:canada|france|germany)\b", q)]
    assert not asked, asked


def test_a_pivot_of_one_value_field_says_what_it_sums(tmp_path: Path) -> None:
    path = make_sheet_xlsx(
        tmp_path / "units.xlsx",
        "Pivot",
        [
            ["Row Labels", "Sum of Units Sold"],
            ["Alder", 120],
            ["Birch", 90],
            ["Cedar", 130],
            ["Grand Total", 340],
        ],
    )
    pairs = _pairs(generate_offline(tmp_path, path, 30))
    assert any(q.endswith("total units sold for Birch?") and a == "90" for q, a in pairs.items()), (
        pairs
    )
    for question in pairs:
        assert not _FURNITURE.search(question), question
