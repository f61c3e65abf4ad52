"""A table printed with no header row, in Word and Excel: its first record reads like the
records under it (amounts, dates, references where they hold theirs), so it is kept as a
record and the columns get no names; a header over such columns stays the header. The
shared rule is :func:`datasetkit.knowledge.tableheader.record_like`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from datasetkit.knowledge import Section, load_file
from datasetkit.knowledge.tableheader import cell_kind, record_like

_PAYEES = ("Northwind Traders", "Fabrikam Ltd", "Contoso Pharma", "Adatum Corp", "Litware Inc")
ROWS = [
    [name, f"REF-{2024 + k}-{k:03d}", f"{1250 + 310 * k:,}.00 €", f"{k + 3:02d}/05/2024"]
    for k, name in enumerate(_PAYEES)
]
HEADER = ["Payee", "Reference", "Amount", "Paid on"]
Maker = Callable[[Path, list[list[str]]], Path]


def _rows(sections: list[Section]) -> list[list[str]]:
    return [list((s.record or {}).values()) for s in sections if s.kind == "table_row"]


def _keys(sections: list[Section]) -> list[str]:
    return next(list(s.record or {}) for s in sections if s.kind == "table_row")


def _docx(path: Path, rows: list[list[str]]) -> Path:
    import docx

    d = docx.Document()
    d.add_paragraph("Payments made in May.")
    table = d.add_table(rows=len(rows), cols=len(rows[0]))
    for i, row in enumerate(rows):
        for j, text in enumerate(row):
            table.cell(i, j).text = text
    d.save(str(path))
    return path


def _xlsx(path: Path, rows: list[list[str]]) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Payments"
    for row in rows:
        ws.append(row)  # every cell typed as text, the amounts and dates too
    wb.save(str(path))
    return path


@pytest.mark.parametrize("make", [_docx, _xlsx], ids=["word", "excel"])
def test_a_table_with_no_header_row_keeps_its_first_record(make: Maker, tmp_path: Path) -> None:
    doc = load_file(make(tmp_path / f"payments.{make.__name__[1:]}", ROWS))
    assert _rows(doc.sections) == ROWS
    assert all(not key.startswith(tuple(_PAYEES)) for key in _keys(doc.sections))


@pytest.mark.parametrize("make", [_docx, _xlsx], ids=["word", "excel"])
def test_a_header_over_amounts_and_dates_stays_the_header(make: Maker, tmp_path: Path) -> None:
    doc = load_file(make(tmp_path / f"payments.{make.__name__[1:]}", [HEADER, *ROWS]))
    assert _keys(doc.sections) == HEADER
    assert _rows(doc.sections) == ROWS


def test_cell_kinds_profile_a_column() -> None:
    assert [cell_kind(t) for t in ("1,250.00 €", "EUR 90", "12%", "(1,164)")] == ["amount"] * 4
    assert [cell_kind(t) for t in ("03/05/2024", "2024-05-03", "3 de mayo de 2024")] == ["date"] * 3
    assert [cell_kind(t) for t in ("REF-2024-001", "A1234", "2023", "Payee", "")] == [
        "code",
        "code",
        "year",
        "text",
        "",
    ]


def test_a_header_row_of_labels_years_or_counts_is_no_record() -> None:
    body = [["North", "1,200", "1,350"], ["South", "980", "1,010"], ["East", "450", "470"]]
    assert not record_like(["Region", "2023", "2024"], body)  # years over amounts
    assert not record_like(["Region", "Q1", "Q2"], body)  # codes over amounts
    assert not record_like(["Dependents", "1", "2"], body)  # counting columns
    assert not record_like(["West", "700.00", "750.00"], body)  # decimals unlike the rest
    assert record_like(["West", "700", "750"], body)
    assert not record_like(["Payee", "Town"], [["Contoso", "Oslo"], ["Adatum", "Rome"]])
