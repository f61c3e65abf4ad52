"""The header of a sheet's table decided by evidence: a row under the header joins it
only when it reads as more of its labels (the same type, records of another kind below
it), never a first record of a code list or a marker row in plain type."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file


def _records(path: Path) -> list[dict[str, str]]:
    return [s.record for s in load_file(path).sections if s.record is not None]


def test_the_records_of_a_short_code_list_stay_records(tmp_path: Path) -> None:
    import openpyxl
    from openpyxl.styles import Font

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Code", "Description", "Status"])
    for cell in ws[1]:
        cell.font = Font(bold=True)
    ws.append(["A", "Active"])
    ws.append(["C", "Closed"])
    wb.save(str(tmp_path / "codes.xlsx"))
    assert _records(tmp_path / "codes.xlsx") == [
        {"Code": "A", "Description": "Active", "Status": ""},
        {"Code": "C", "Description": "Closed", "Status": ""},
    ]


def test_rows_of_text_under_a_header_are_records_and_a_bold_row_after_a_gap_heads_a_table(
    tmp_path: Path,
) -> None:
    import openpyxl
    from openpyxl.styles import Font

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Code", "Description", "Remark"])
    for cell in ws[1]:
        cell.font = Font(bold=True)
    ws.append(["Y", "Yes"])
    ws.append(["N", "No"])
    ws.append(["E", "Exempted", "Only for small accounts"])
    ws.append([])
    ws.append(["ERROR CODE", "ERROR DESCRIPTION"])
    for cell in ws[6]:
        cell.font = Font(bold=True)
    ws.append(["E-000"])
    ws.append(["E-001", "Address missing"])
    ws.append(["E-002", "Signature missing"])
    wb.save(str(tmp_path / "lists.xlsx"))
    records = _records(tmp_path / "lists.xlsx")
    assert [r.get("Code") or r.get("ERROR CODE") for r in records] == [
        "Y",
        "N",
        "E",
        "E-000",
        "E-001",
        "E-002",
    ]


def test_marker_rows_in_plain_type_under_a_bold_header_are_no_part_of_it(
    tmp_path: Path,
) -> None:
    import openpyxl
    from openpyxl.styles import Font

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["No", "Field", "Type", "Length", "XML tag"])
    for cell in ws[1]:
        cell.font = Font(bold=True)
    ws.append([None, "ROOT TAG", None, None, "ROOT"])
    ws.append([None, "CHILD TAG", None, None, "HEADER"])
    ws.append([1, "POS CODE", "VARCHAR", 20, "COMPANY_CODE"])
    ws.append([2, "BATCH DATE", "DATE", 10, "BATCH_DATE"])
    wb.save(str(tmp_path / "layout.xlsx"))
    records = _records(tmp_path / "layout.xlsx")
    assert list(records[0]) == ["No", "Field", "Type", "Length", "XML tag"]
    assert [r["Field"] for r in records] == ["ROOT TAG", "CHILD TAG", "POS CODE", "BATCH DATE"]


def test_a_label_wrapped_onto_a_second_row_over_figures_still_joins_the_header(
    tmp_path: Path,
) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Holder", "Shares", "Percent"])
    ws.append([None, None, "of Class"])
    ws.append(["North Fund", 1200, 12.5])
    ws.append(["South Trust", 800, 8.25])
    wb.save(str(tmp_path / "holders.xlsx"))
    assert _records(tmp_path / "holders.xlsx")[0] == {
        "Holder": "North Fund",
        "Shares": "1200",
        "Percent of Class": "12.5",
    }


def test_rows_of_text_under_a_header_in_plain_type_are_records(tmp_path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Code", "Description", "Remark"])
    ws.append(["Y", "Yes"])
    ws.append(["N", "No"])
    ws.append(["E", "Exempted", "Only for small accounts"])
    wb.save(str(tmp_path / "plain.xlsx"))
    assert [r["Code"] for r in _records(tmp_path / "plain.xlsx")] == ["Y", "N", "E"]


def test_records_in_plain_type_after_a_gap_carry_on_the_table_above(tmp_path: Path) -> None:
    import openpyxl
    from openpyxl.styles import Font

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Extension", "Path", "Title", "Type"])
    for cell in ws[1]:
        cell.font = Font(bold=True)
    ws.append(["Lots", "lots", "Lots", "array"])
    ws.append(["Lots", "lots/id", "Lot ID", "string"])
    ws.append([])
    ws.append(["Orders", "orders", "Orders", "array"])
    ws.append(["Orders", "orders/id", "Order ID", "string"])
    ws.append(["Orders", "orders/title", "Order title", "string"])
    wb.save(str(tmp_path / "schema.xlsx"))
    records = _records(tmp_path / "schema.xlsx")
    assert [r["Path"] for r in records] == [
        "lots",
        "lots/id",
        "orders",
        "orders/id",
        "orders/title",
    ]
    assert all(list(r) == ["Extension", "Path", "Title", "Type"] for r in records)


def test_the_header_repeated_after_a_gap_carries_its_table_on(tmp_path: Path) -> None:
    import openpyxl
    from openpyxl.styles import Font

    wb = openpyxl.Workbook()
    ws = wb.active
    for block in (["Alpha", "Beta"], ["Gamma", "Delta"]):
        ws.append(["Name", "Owner"])
        for cell in ws[ws.max_row]:
            cell.font = Font(bold=True)
        for name in block:
            ws.append([name, "Team " + name[0]])
        ws.append([])
    wb.save(str(tmp_path / "repeat.xlsx"))
    doc = load_file(tmp_path / "repeat.xlsx")
    rows = [s for s in doc.sections if s.record is not None]
    assert [s.record["Name"] for s in rows if s.record] == ["Alpha", "Beta", "Gamma", "Delta"]
    assert {s.provenance.table for s in rows} == {1}


def test_a_broken_label_under_merged_group_labels_keeps_the_two_row_header(
    tmp_path: Path,
) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"], ws["C1"] = "ASSETS", "PLAN"
    ws.merge_cells("A1:B1")
    ws.merge_cells("C1:E1")
    ws.append(["Item", "#REF!", "Cost", "First year", "Last year"])
    ws["B2"].data_type = "e"
    ws.append(["Benches", "Parks", 1200, 2024, 2030])
    ws.append(["Panels", "Buildings", 5000, 2025, 2040])
    wb.save(str(tmp_path / "plan.xlsx"))
    records = _records(tmp_path / "plan.xlsx")
    assert list(records[0]) == [
        "ASSETS Item",
        "Column B",
        "PLAN Cost",
        "PLAN First year",
        "PLAN Last year",
    ]
    assert [r["ASSETS Item"] for r in records] == ["Benches", "Panels"]
