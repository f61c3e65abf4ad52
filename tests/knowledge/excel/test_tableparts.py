"""Excel tables ("Format as Table") read as their definitions say, and notes written
across the cells around a table read as text, not as header rows or records."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from openpyxl import Workbook
from openpyxl.worksheet.table import Table

from datasetkit.knowledge import Document, load_file


def _tables(doc: Document) -> dict[int, list[dict[str, str]]]:
    out: dict[int, list[dict[str, str]]] = {}
    for s in doc.sections:
        if s.kind == "table_row" and s.record is not None and s.provenance.table is not None:
            out.setdefault(s.provenance.table, []).append(s.record)
    return out


def _kinds(doc: Document, kind: str) -> list[str]:
    return [s.text for s in doc.sections if s.kind == kind]


def _noted_table(path: Path, as_table: bool) -> Path:
    """A staff list under scattered note words (one row of them as wide as the table)
    and over more notes, optionally formatted as an Excel table."""
    wb = Workbook()
    ws = wb.active
    ws["A1"] = "Please read"
    ws["A2"], ws["D2"] = "before you change", "any entry"
    for col, word in zip("ABCD", ["in the", "list", "below", "kindly"], strict=True):
        ws[f"{col}3"] = word
    ws.append(["Employee", "Team", "Started", "Desk"])
    staff = [
        ("Ada Byron", "research", dt.date(2019, 3, 1), 12),
        ("Alan Kay", "design", dt.date(2020, 6, 15), 7),
        ("Grace Hopper", "compilers", dt.date(2018, 1, 9), 3),
        ("Linus Pauling", "chemistry", dt.date(2021, 11, 30), 21),
    ]
    for row in staff:
        ws.append(list(row))
    ws["B10"] = "and the"
    ws["C11"], ws["D11"] = "notes go", "on here"
    if as_table:
        ws.add_table(Table(displayName="Staff", ref="A4:D8"))
    wb.save(path)
    return path


def test_an_excel_table_keeps_its_header_whatever_is_written_above_it(tmp_path: Path) -> None:
    doc = load_file(_noted_table(tmp_path / "staff.xlsx", True))
    tables = _tables(doc)
    assert list(tables) == [1]
    assert tables[1][0] == {
        "Employee": "Ada Byron",
        "Team": "research",
        "Started": "2019-03-01",
        "Desk": "12",
    }
    assert len(tables[1]) == 4
    # The words around it are lines of text: no heading, no table of their own.
    assert _kinds(doc, "heading") == []
    assert "and the" in _kinds(doc, "paragraph")


def test_a_header_only_table_part_reads_its_column_names(tmp_path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    ws.append(["North", 12])
    ws.append(["South", 7])
    table = Table(displayName="Sites", ref="A1:B2", headerRowCount=0)
    table._initialise_columns()
    table.tableColumns[0].name, table.tableColumns[1].name = "Site", "Staff"
    ws.add_table(table)
    wb.save(tmp_path / "sites.xlsx")
    tables = _tables(load_file(tmp_path / "sites.xlsx"))
    assert tables == {1: [{"Site": "North", "Staff": "12"}, {"Site": "South", "Staff": "7"}]}


def _plain(path: Path, top: list[tuple[str, str]]) -> Path:
    """The staff list under note cells ``top`` (cell, text) and over two note lines."""
    wb = Workbook()
    ws = wb.active
    for ref, text in top:
        ws[ref] = text
    start = ws.max_row + 1
    rows = [
        ["Employee", "Team", "Started", "Desk"],
        ["Ada Byron", "research", dt.date(2019, 3, 1), 12],
        ["Alan Kay", "design", dt.date(2020, 6, 15), 7],
    ]
    for k, row in enumerate(rows):
        for c, value in enumerate(row, start=1):
            ws.cell(start + k, c, value)
    ws.cell(start + 3, 2, "figures as of the last payroll run")
    ws.cell(start + 4, 1, "Desk numbers follow the floor plan of building B")
    wb.save(path)
    return path


def test_note_lines_around_a_table_are_neither_header_nor_records(tmp_path: Path) -> None:
    layouts = [
        [("A1", "Staff list"), ("C1", "kept by the office manager, updated every Monday")],
        [("A1", "Kept by the office manager"), ("A2", "Last update:"), ("D2", "March 3")],
    ]
    for k, top in enumerate(layouts):
        doc = load_file(_plain(tmp_path / f"plain{k}.xlsx", top))
        assert _tables(doc) == {
            1: [
                {
                    "Employee": "Ada Byron",
                    "Team": "research",
                    "Started": "2019-03-01",
                    "Desk": "12",
                },
                {"Employee": "Alan Kay", "Team": "design", "Started": "2020-06-15", "Desk": "7"},
            ]
        }
        lines = _kinds(doc, "paragraph")
        assert lines[-2:] == [
            "figures as of the last payroll run",
            "Desk numbers follow the floor plan of building B",
        ]


def test_words_written_across_cells_are_text_not_a_table(tmp_path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    ws["A1"], ws["D1"] = "please keep", "the list"
    ws["B2"], ws["C2"], ws["E2"] = "below", "in order of", "arrival,"
    ws["A3"], ws["D3"] = "thank", "you"
    wb.save(tmp_path / "words.xlsx")
    doc = load_file(tmp_path / "words.xlsx")
    assert _tables(doc) == {}
    assert _kinds(doc, "paragraph") == [
        "please keep the list",
        "below in order of arrival,",
        "thank you",
    ]


def test_a_title_line_stays_a_title_when_the_next_line_opens_in_capitals(tmp_path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    ws["A1"] = "Regional staff"
    ws["A2"] = "As counted in March"
    ws.append(["Office", "Staff"])
    ws.append(["Lyon", 12])
    ws.append(["Porto", 7])
    wb.save(tmp_path / "titled.xlsx")
    doc = load_file(tmp_path / "titled.xlsx")
    assert _kinds(doc, "heading") == ["Regional staff"]


def test_a_line_that_carries_on_below_is_no_title(tmp_path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    ws["A1"] = "Figures for the offices"
    ws["A2"] = "that opened after the merger"
    ws.append(["Office", "Staff"])
    ws.append(["Lyon", 12])
    ws.append(["Porto", 7])
    wb.save(tmp_path / "prose.xlsx")
    doc = load_file(tmp_path / "prose.xlsx")
    assert _kinds(doc, "heading") == []
    assert _tables(doc) == {
        1: [{"Office": "Lyon", "Staff": "12"}, {"Office": "Porto", "Staff": "7"}]
    }


def test_excel_tables_side_by_side_each_follow_their_own_title(tmp_path: Path) -> None:
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws["A1"], ws["D1"] = "Desks", "Chairs"
    ws["A1"].font = ws["D1"].font = Font(bold=True)
    for left, kind in ((1, "desk"), (4, "chair")):
        ws.cell(2, left, "Model")
        ws.cell(2, left + 1, "Stock")
        for k in range(3):
            ws.cell(3 + k, left, f"{kind} {k + 1}")
            ws.cell(3 + k, left + 1, 10 * (k + 1))
    ws.add_table(Table(displayName="Desks", ref="A2:B5"))
    ws.add_table(Table(displayName="Chairs", ref="D2:E5"))
    wb.save(tmp_path / "stock.xlsx")
    doc = load_file(tmp_path / "stock.xlsx")
    rows = [s for s in doc.sections if s.kind == "table_row"]
    assert {s.provenance.heading_path[-1] for s in rows if s.provenance.table == 1} == {"Desks"}
    assert {s.provenance.heading_path[-1] for s in rows if s.provenance.table == 2} == {"Chairs"}
    assert _tables(doc)[2][0] == {"Model": "chair 1", "Stock": "10"}


def test_values_right_beside_an_excel_table_keep_to_its_rows(tmp_path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    ws.append(["Item", "Count", "Weight"])
    for k in range(3):
        ws.append([f"box {k + 1}", k + 1, 5 * (k + 1)])
    # The table was left short of the last column: the cells show one table.
    ws.add_table(Table(displayName="Boxes", ref="A1:B4"))
    wb.save(tmp_path / "boxes.xlsx")
    assert _tables(load_file(tmp_path / "boxes.xlsx"))[1][0] == {
        "Item": "box 1",
        "Count": "1",
        "Weight": "5",
    }


def test_an_excel_table_with_no_header_and_every_row_hidden_reads_nothing(
    tmp_path: Path,
) -> None:
    wb = Workbook()
    ws = wb.active
    ws["A1"] = "Stock"
    ws.append(["North", 12])
    ws.append(["South", 7])
    ws.row_dimensions[2].hidden = ws.row_dimensions[3].hidden = True
    ws.add_table(Table(displayName="Sites", ref="A2:B3", headerRowCount=0))
    wb.save(tmp_path / "hidden.xlsx")
    doc = load_file(tmp_path / "hidden.xlsx")
    assert _tables(doc) == {}
    assert [s.text for s in doc.sections] == ["Stock"]


def _with_alt_text(path: Path) -> Path:
    """The workbook with an alt text on its table, as Excel writes one: an extension
    element ``x14:table`` inside the table's part."""
    import zipfile

    ext = (
        '<extLst><ext uri="{504A1905-F514-4f6f-8877-14C23A59335A}" '
        'xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main">'
        '<x14:table altTextSummary="Staff and their desks"/></ext></extLst></table>'
    )
    out = path.with_name("alt-" + path.name)
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(out, "w") as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename.startswith("xl/tables/"):
                data = data.decode("utf-8").replace("</table>", ext).encode("utf-8")
            dst.writestr(item, data)
    return out


def test_a_table_with_alt_text_is_read_as_its_part_says(tmp_path: Path) -> None:
    doc = load_file(_with_alt_text(_noted_table(tmp_path / "staff.xlsx", True)))
    tables = _tables(doc)
    assert list(tables) == [1]
    assert tables[1][0]["Employee"] == "Ada Byron"
    assert len(tables[1]) == 4
    assert _kinds(doc, "heading") == []
