"""A record whose name is also a summary word ("SUM", "AVERAGE" in a list of functions,
its category like its neighbours') is counted and listed with the others."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs
from tests.helpers.xlsx_fixtures import make_sheet_xlsx

_FUNCTIONS = [
    ["Function", "Category", "Description"],
    ["ABS", "Math", "Returns the absolute value of a number"],
    ["SUM", "Math", "Adds its arguments"],
    ["ROUND", "Math", "Rounds a number to a given number of digits"],
    ["AVERAGE", "Statistical", "Returns the average of its arguments"],
    ["COUNT", "Statistical", "Counts how many numbers are in the list of arguments"],
    ["MEDIAN", "Statistical", "Returns the median of the given numbers"],
    ["STDEV", "Statistical", "Estimates standard deviation based on a sample"],
    ["CONCAT", "Text", "Joins several text items into one text item"],
    ["LEFT", "Text", "Returns the leftmost characters from a text value"],
    ["TRIM", "Text", "Removes spaces from text"],
]


def test_records_named_by_a_summary_word_are_counted(tmp_path: Path) -> None:
    path = make_sheet_xlsx(tmp_path / "functions.xlsx", "Functions", _FUNCTIONS)
    pairs = offline_pairs(tmp_path, path, 30)
    stats = {q: a for q, a in pairs.items() if "statistical" in q.lower()}
    assert stats, pairs
    counted = [a for q, a in stats.items() if q.startswith("How many")]
    listed = [a for q, a in stats.items() if q.startswith("Which")]
    assert counted or listed, stats
    for answer in counted:
        assert answer.startswith("4"), stats
    for answer in listed:
        assert "AVERAGE" in answer and "MEDIAN" in answer, stats
