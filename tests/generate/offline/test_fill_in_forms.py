"""Workbooks made to be filled in: a sheet of example rows under drop-down lists and a
sheet of the lists they offer give no cases (their rows are no records), and the run says
why; a table of records with a drop-down on a column is asked as before."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from openpyxl.worksheet.datavalidation import DataValidation

from datasetkit.knowledge import load_file
from tests.helpers.knowledge_fixtures import generate_offline


def _template(path: Path) -> Path:
    """An order template: one example row under its header, drop-downs over the rows to
    fill (one drawn from a sheet of lists, one from its own text), and the lists sheet."""
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Order Form"
    ws.append(["Product Name", "Category", "Region", "Status", "Quantity"])
    ws.append(["Garden hose, 20 m", "Outdoor", "North", "Active", 3])
    lists = wb.create_sheet("Lists")
    lists.append(["Category", "Region"])
    categories = ["Outdoor", "Kitchen", "Office", "Garden"]
    regions = ["North", "South", "East", "West", "Central"]
    for k in range(5):
        lists.append([categories[k] if k < len(categories) else None, regions[k]])
    for col, source in (("B", "Lists!$A$2:$A$5"), ("C", "Lists!$B$2:$B$6")):
        dv = DataValidation(type="list", formula1=source, allow_blank=True)
        dv.add(f"{col}2:{col}200")
        ws.add_data_validation(dv)
    status = DataValidation(type="list", formula1='"Active,Retired"', allow_blank=True)
    status.add("D2:D200")
    ws.add_data_validation(status)
    wb.save(path)
    return path


def _tracker(path: Path) -> Path:
    """A log of records with a drop-down on its status column, over rows to come."""
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Repairs"
    ws.append(["Asset", "Site", "Status", "Cost"])
    rows = [
        ("Boiler 1", "Leeds", "Open", 420),
        ("Pump A", "York", "Closed", 1250),
        ("Chiller 2", "Hull", "Open", 980),
        ("Boiler 3", "Leeds", "Closed", 310),
        ("Fan coil 7", "York", "Open", 150),
        ("Pump C", "Hull", "Closed", 760),
    ]
    for row in rows:
        ws.append(list(row))
    dv = DataValidation(type="list", formula1='"Open,Closed"', allow_blank=True)
    dv.add("C2:C500")
    ws.add_data_validation(dv)
    wb.save(path)
    return path


def test_the_reader_marks_a_template_and_its_lists(tmp_path: Path) -> None:
    doc = load_file(_template(tmp_path / "order.xlsx"))
    tables = {s.provenance.sheet: s.provenance.table for s in doc.sections if s.record}
    assert doc.templates == {tables["Order Form"]: "form", tables["Lists"]: "lists"}


def test_a_template_and_its_lists_give_no_cases_and_say_why(tmp_path: Path) -> None:
    outcome = generate_offline(tmp_path, _template(tmp_path / "order.xlsx"), 30)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    asked = [(c.turns[0].prompt, c.turns[0].expected_response) for c in cases]
    # Neither the example row nor the side-by-side lists are asked as records.
    assert asked == []
    notes = outcome.shortfall_message or ""
    assert "sheet Order Form) is a form to fill in" in notes
    assert "sheet Lists) holds the drop-down lists of a form to fill in" in notes


def test_records_with_a_drop_down_column_are_still_asked(tmp_path: Path) -> None:
    outcome = generate_offline(tmp_path, _tracker(tmp_path / "repairs.xlsx"), 30)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    answers = {c.turns[0].expected_response for c in cases}
    assert load_file(tmp_path / "repairs.xlsx").templates == {}
    assert len(cases) >= 5
    assert any(
        "Pump A" in (a or "") or "1,250" in (a or "") or "1250" in (a or "") for a in answers
    )
