"""Tables alike in one workbook (the same columns on a sheet per year or per period) are
asked with what each sheet's title adds ("in 2024", "since 1990"), so each question has
one answer in the document; a fact both sheets give alike is not asked twice."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

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


def _sales_rows(years: list[int], step: int) -> list[list[Any]]:
    rows: list[list[Any]] = []
    for year in years:
        for month in (1, 4, 7, 10):
            # A log: a date holds several rows of each region, so nothing names a row.
            for day, region in enumerate(("North", "South", "East", "West"), 1):
                for part in (0, 1):
                    sales = 100 * day + step * month + part
                    rows.append([dt.datetime(year, month, 1), region, sales, 10])
    return rows


def _sales_cases(
    tmp_path: Path, first: list[int], second: list[int], shown: str = "yyyy-mm-dd"
) -> dict[str, str]:
    from openpyxl import load_workbook

    header = ["Date", "Region", "Sales", "Profit"]
    path = make_sheets_xlsx(
        tmp_path / "sales.xlsx",
        {
            "Data": [header, *_sales_rows(first, 3)],
            "Additional Data": [header, *_sales_rows(second, 7)],
        },
    )
    book = load_workbook(path)
    for sheet in book.worksheets:
        for (cell,) in sheet.iter_rows(min_row=2, max_col=1):
            cell.number_format = shown  # the date as the sheet shows it
    book.save(path)
    return offline_pairs(tmp_path, path, 40)


@pytest.mark.parametrize("shown", ["yyyy-mm-dd", "d-mmm-yy", "mm/dd/yyyy", "mmmm d, yyyy"])
def test_logs_alike_of_other_years_are_each_totalled_over_their_own_years(
    tmp_path: Path, shown: str
) -> None:
    cases = _sales_cases(tmp_path, [2005, 2006, 2007], [2008], shown)
    totals = {q: a for q, a in cases.items() if "total sales" in q}
    assert totals, cases
    # Every total says which table's years it sums, and each sums those rows only.
    assert all(q.endswith(("between 2005 and 2007?", "in 2008?")) for q in totals), totals
    north = sum(201 + 6 * m for m in (1, 4, 7, 10)) * 3
    assert totals["What are the total sales in the North region between 2005 and 2007?"] == (
        f"{north:,}"
    )
    assert totals["What are the total sales in the North region in 2008?"] == (
        f"{sum(201 + 14 * m for m in (1, 4, 7, 10)):,}"
    )


def test_logs_alike_of_the_same_years_are_not_totalled(tmp_path: Path) -> None:
    # Nothing says which of two logs of the same years a total is over: none is asked.
    cases = _sales_cases(tmp_path, [2005, 2006], [2006])
    assert not [q for q in cases if "total" in q], cases
