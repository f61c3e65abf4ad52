"""A financial statement's lines asked one period at a time: whose figures (the company
its title lines name), which line (with its group when the line alone says too little),
which period, and the figure in the statement's scale and currency, as stated."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline
from tests.knowledge.pdf.test_statements import _statement


def _cases(path: Path, tmp_path: Path) -> dict[str, str]:
    outcome = generate_offline(tmp_path, path, count=60)
    assert outcome.dataset is not None
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in outcome.dataset.cases}


def test_a_statement_line_is_asked_for_one_period_with_company_and_unit(tmp_path: Path) -> None:
    cases = _cases(_statement(tmp_path / "statement.pdf"), tmp_path)
    asked = (
        "What was Northwind Traders Inc.'s net income in the twelve months ended "
        "September 24, 2022?"
    )
    assert cases[asked] == "$99,803 million"
    # a line item of one word said with its group
    products = (
        "What were Northwind Traders Inc.'s net sales for products in the twelve months "
        "ended September 30, 2023?"
    )
    assert cases[products] == "$298,085 million"
    expenses = (
        "What were Northwind Traders Inc.'s total operating expenses in the three months "
        "ended September 30, 2023?"
    )
    assert cases[expenses] == "$13,458 million"


def test_a_statement_is_never_totalled_across_its_periods_or_rows(tmp_path: Path) -> None:
    cases = _cases(_statement(tmp_path / "statement.pdf"), tmp_path)
    assert cases
    for question, answer in cases.items():
        assert question.startswith("What "), question
        assert " ended " in question, question  # every question names its period
        assert "highest" not in question and "total of" not in question.lower()
        assert answer.endswith(" million"), answer


def test_a_balance_sheet_is_asked_at_its_dates(tmp_path: Path) -> None:
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "balance.pdf"
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont("Helvetica-Bold", 10)
    canv.drawCentredString(306, 740, "Contoso Holdings plc")
    canv.drawCentredString(306, 726, "CONSOLIDATED BALANCE SHEETS")
    canv.setFont("Helvetica", 9)
    canv.drawCentredString(306, 714, "(In thousands)")
    canv.setFont("Helvetica-Bold", 8)
    for right, (date, year) in zip(
        (430, 520), [("December 31,", "2024"), ("December 31,", "2023")], strict=True
    ):
        canv.drawCentredString(right - 24, 690, date)
        canv.drawCentredString(right - 24, 681, year)
    rows = [
        ("Current assets:", None),
        ("  Cash and cash equivalents", ("£", "12,410", "£", "9,870")),
        ("  Inventories", ("", "4,310", "", "3,995")),
        ("  Total current assets", ("", "16,720", "", "13,865")),
        ("Non-current assets:", None),
        ("  Property and equipment, net", ("", "21,004", "", "19,552")),
        ("Total assets", ("£", "37,724", "£", "33,417")),
    ]
    y = 664
    canv.setFont("Helvetica", 9)
    for label, cells in rows:
        canv.drawString(64 + 5 * (len(label) - len(label.lstrip())), y, label.strip())
        for n, right in enumerate((430, 520)):
            if cells is None:
                continue
            if cells[2 * n]:
                canv.drawString(right - 56, y, cells[2 * n])
            canv.drawRightString(right - 3, y, cells[2 * n + 1])
        y -= 14
    canv.showPage()
    canv.save()
    cases = _cases(path, tmp_path)
    assert cases["What were Contoso Holdings plc's total current assets at December 31, 2023?"] == (
        "£13,865 thousand"
    )
    cash = "What were Contoso Holdings plc's cash and cash equivalents at December 31, 2024?"
    assert cases[cash] == "£12,410 thousand"
