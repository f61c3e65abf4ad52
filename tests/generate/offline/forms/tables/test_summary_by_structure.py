"""A summary row is known by its structure (figures it sums), never by a word in a name
column: a list of names with no figures counts a record named "SUBTOTAL" or "Total"
with the others."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs
from tests.helpers.xlsx_fixtures import make_sheet_xlsx

_FUNCTIONS = [
    ["Function", "Category", "Description"],
    ["ABS", "Math", "Returns the absolute value of a number"],
    ["SUBTOTAL", "Math", "Returns a subtotal in a list or database"],
    ["ROUND", "Math", "Rounds a number to a given number of digits"],
    ["PRODUCT", "Math", "Multiplies its arguments"],
    ["CONCAT", "Text", "Joins several text items into one text item"],
    ["LEFT", "Text", "Returns the leftmost characters from a text value"],
    ["TRIM", "Text", "Removes spaces from text"],
    ["TOTAL", "Text", "Returns a label for a total line"],
    ["NOW", "Date", "Returns the current date and time"],
    ["TODAY", "Date", "Returns the current date"],
    ["YEAR", "Date", "Converts a serial number to a year"],
]


def test_records_named_like_a_summary_in_a_list_without_figures_are_counted(
    tmp_path: Path,
) -> None:
    path = make_sheet_xlsx(tmp_path / "functions.xlsx", "Functions", _FUNCTIONS)
    pairs = offline_pairs(tmp_path, path, 30)
    math = {q: a for q, a in pairs.items() if "math" in q.lower()}
    counted = [a for q, a in math.items() if q.startswith("How many")]
    listed = [a for q, a in math.items() if q.startswith("Which")]
    assert counted or listed, pairs
    for answer in counted:
        assert answer.startswith("4"), math
    for answer in listed:
        assert "SUBTOTAL" in answer, math
