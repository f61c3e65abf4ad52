"""Workbooks of small titled blocks and calculators, asked as a person asks them: a
calculator's inputs by their labels, a list of figures under "<measure> by <kind>" by
the measure and the label, and never a template's unused lines or a first row taken for
a header ("What is the maria lopez of the Status owner?")."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs
from tests.helpers.xlsx_templates import make_loan_xlsx, make_titled_blocks_xlsx


def test_a_calculators_inputs_are_asked_by_their_labels(tmp_path: Path) -> None:
    pairs = _pairs(_cases([make_loan_xlsx(tmp_path / "loan.xlsx")], 40)[0])
    assert pairs.get("What is the annual interest rate?") == "6.00%", list(pairs)
    assert pairs.get("What is the loan amount?") == "12,000.00", list(pairs)


def test_no_question_asks_a_templates_unused_lines(tmp_path: Path) -> None:
    cases = _cases([make_loan_xlsx(tmp_path / "loan.xlsx", payments=6, lines=24)], 60)[0]
    assert cases
    # The schedule's lines 7 to 24 (rows 17 to 34) hold nothing but zeros beside their number.
    asked = {q: gc.source.row for q, gc in cases.items() if gc.source is not None}
    assert all(row is None or row < 17 for row in asked.values()), asked


def test_figures_under_a_measure_by_kind_title_are_asked_by_measure_and_label(
    tmp_path: Path,
) -> None:
    pairs = _pairs(_cases([make_titled_blocks_xlsx(tmp_path / "blocks.xlsx")], 40)[0])
    assert pairs.get("What is the headcount for Berlin?") == "12", list(pairs)
    assert not any("berlin" in q for q in pairs), list(pairs)
    # The summary's first row is a label with its value, not the names of two columns.
    assert not any("maria lopez" in q.lower() for q in pairs), list(pairs)


def test_a_list_of_named_things_with_a_figure_each_is_no_sheet_of_metrics(
    tmp_path: Path,
) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import PatternFill

    wb = Workbook()
    ws = wb.active
    ws.title = "Scores"
    ws["A1"] = "Top 4 Students"
    ws["A1"].fill = PatternFill("solid", fgColor="9BC2E6")
    ws.merge_cells("A1:B1")
    for r, (name, score) in enumerate(
        [("Mia Ford", 97.5), ("Ella James", 96.25), ("Ivy Taylor", 94), ("Omar Said", 92.5)], 2
    ):
        ws.cell(r, 1, name)
        ws.cell(r, 2, score)
    wb.save(tmp_path / "scores.xlsx")
    pairs = _pairs(_cases([tmp_path / "scores.xlsx"], 20)[0])
    # A student's name is no metric: "What is the mia ford?" asks nothing a person asks.
    assert not any("mia ford" in q.lower() for q in pairs), list(pairs)
