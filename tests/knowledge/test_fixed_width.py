"""Tables printed in fixed-width text are read only when clear: header names over every
column, a rule under them, rows aligned under it."""

from __future__ import annotations

from datasetkit.knowledge.fixed_width import text_tables
from datasetkit.knowledge.fonts import monospace_name


def test_a_ruled_table_gives_one_name_per_column_and_its_rows() -> None:
    lines = [
        "Results",
        "=======================================",
        "Region        Q1 Sales     Q2 Sales",
        "---------------------------------------",
        "North           12,400       13,100",
        "South Coast      9,800       10,250",
        "---------------------------------------",
        "Totals are in dollars.",
    ]
    [table] = text_tables(lines)
    assert table.header == ["Region", "Q1 Sales", "Q2 Sales"]
    assert table.rows == [["North", "12,400", "13,100"], ["South Coast", "9,800", "10,250"]]
    assert (table.start, table.end) == (1, 7)


def test_lines_without_a_rule_or_with_an_unnamed_column_are_no_table() -> None:
    aligned = ["Name      Size", "alpha     10", "beta      20"]
    assert text_tables(aligned) == []
    unnamed = ["          Size     Cost", "-----------------------", "alpha     10       3.5"]
    assert text_tables(unnamed) == []
    title_only = ["Summary of the results", "----------------------", "All went well."]
    assert text_tables(title_only) == []


def test_fixed_width_faces_are_told_by_name() -> None:
    for name in ("Courier New", "Consolas", "Lucida Console", "DejaVu Sans Mono", "Fira Code"):
        assert monospace_name(name), name
    for name in ("Calibri", "Lucida Sans Unicode", "Arial Unicode MS", "Monotype Corsiva"):
        assert not monospace_name(name), name
