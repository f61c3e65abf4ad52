"""A workbook's drop-down lists read from its sheets: where each applies and the range
its values come from, through a defined name or an extension list too."""

from __future__ import annotations

import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation

from datasetkit.knowledge import load_file
from datasetkit.knowledge.excel.template_rows import instructing
from datasetkit.knowledge.excel.validations import DropDown, form_tables, sheet_drop_downs


def test_a_list_through_a_defined_name_marks_the_lists_and_the_form(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Request"
    ws.append(["Requester", "Team", "Priority"])
    ws.append(["Example: Jo Bloggs", "Finance", "High"])
    lists = wb.create_sheet("Choices")
    lists.append(["Team", "Priority"])
    for team, level in [("Finance", "High"), ("Sales", "Medium"), ("Legal", "Low")]:
        lists.append([team, level])
    wb.defined_names["teams"] = DefinedName("teams", attr_text="Choices!$A$2:$A$4")
    wb.defined_names["levels"] = DefinedName("levels", attr_text="Choices!$B$2:$B$4")
    for col, name in (("B", "teams"), ("C", "levels")):
        dv = DataValidation(type="list", formula1=name)
        dv.add(f"{col}2:{col}50")
        ws.add_data_validation(dv)
    wb.save(tmp_path / "request.xlsx")
    doc = load_file(tmp_path / "request.xlsx")
    tables = {s.provenance.sheet: s.provenance.table for s in doc.sections if s.record}
    assert doc.templates == {tables["Request"]: "form", tables["Choices"]: "lists"}


def test_a_list_from_another_sheet_in_the_extension_list_is_read(tmp_path: Path) -> None:
    sheet = (
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:x14="x14" xmlns:xm="xm"><sheetData/><extLst><ext><x14:dataValidations count="1">'
        '<x14:dataValidation type="list" allowBlank="1"><x14:formula1><xm:f>\'My Lists\'!$C$2:$C$9'
        "</xm:f></x14:formula1><xm:sqref>D2:D100 F2</xm:sqref></x14:dataValidation>"
        "</x14:dataValidations></ext></extLst></worksheet>"
    )
    path = tmp_path / "book.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("xl/worksheets/sheet1.xml", sheet)
    with zipfile.ZipFile(path) as zf:
        found = sheet_drop_downs(zf, "xl/worksheets/sheet1.xml", "Form", {})
    assert found == [DropDown("Form", ((4, 4, 2, 100), (6, 6, 2, 2)), ("My Lists", (3, 3, 2, 9)))]


def test_many_filled_rows_under_a_drop_down_are_records() -> None:
    down = DropDown("Log", ((3, 3, 2, 500),), None)
    assert form_tables("Log", [(1, (1, 4, 2, 9), 8, [])], [down]) == {}
    assert form_tables("Log", [(1, (1, 4, 2, 2), 1, [])], [down]) == {1: "form"}
    # A list drawn from one column only is no sheet of lists (a lookup table may hold it).
    one = DropDown("Log", ((3, 3, 2, 500),), ("Ref", (1, 1, 2, 9)))
    assert form_tables("Ref", [(2, (1, 3, 2, 9), 8, [])], [one]) == {}


@pytest.mark.parametrize(
    ("header", "instructs"),
    [
        ("Enter the start date", True),
        ("Email (required)", True),
        ("Unit of issue (e.g. hour, task)", True),
        ("Bitte Menge eintragen", True),
        ("Seleccione el país", True),
        ("Type of vehicle", False),
        ("Input voltage", False),
        ("Informe anual", False),
        ("Selection", False),
        ("Start date", False),
    ],
)
def test_instruction_headers(header: str, instructs: bool) -> None:
    assert instructing(header) is instructs


def test_a_sheet_whose_headers_say_what_to_enter_is_a_form(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.append(["Enter the full name", "Email (required)", "Start date (e.g. 2026-01-31)"])
    ws.append(["Jo Example", "jo@example.com", "2026-01-31"])
    log = wb.create_sheet("Visits")
    log.append(["Visitor", "Email", "Date"])
    for k in range(5):
        log.append([f"Visitor {k}", f"v{k}@example.org", f"2026-02-0{k + 1}"])
    wb.save(tmp_path / "signup.xlsx")
    doc = load_file(tmp_path / "signup.xlsx")
    tables = {s.provenance.sheet: s.provenance.table for s in doc.sections if s.record}
    assert doc.templates == {tables["Sheet"]: "instructions"}
