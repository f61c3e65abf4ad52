"""A figure most rows of a column share is not asked row by row: each such question has
the same answer, one a guess gives; the rows that differ are still asked."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs
from tests.helpers.xlsx_fixtures import make_sheet_xlsx


def test_the_figure_most_rows_share_is_not_asked_of_each_row(tmp_path: Path) -> None:
    path = make_sheet_xlsx(
        tmp_path / "fees.xlsx",
        "Fees",
        [
            ["Course", "Tutor", "Fee"],
            ["Pottery Basics", "Ines Calder", "$120"],
            ["Night Photography", "Tomas Reyd", "$120"],
            ["Watercolour", "Wen Halvard", "$120"],
            ["Calligraphy", "Lotte Brandt", "$120"],
            ["Bookbinding", "Ada Marsh", "$95"],
        ],
    )
    pairs = offline_pairs(tmp_path, path, 30)
    fees = {q: a for q, a in pairs.items() if "fee" in q.lower()}
    assert "$120" not in fees.values(), fees
    assert any(a == "$95" or "$95" in a for a in fees.values()), pairs
