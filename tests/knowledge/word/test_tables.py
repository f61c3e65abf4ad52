"""Word tables: numbers, merged cells, nested tables, one-cell boxes, lists in cells."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from datasetkit.knowledge import Provenance, load_file
from tests.helpers.docx_fixtures import make_tables_docx


def test_tables_as_a_person_reads_them(tmp_path: Path) -> None:
    doc = load_file(make_tables_docx(tmp_path / "rates.docx"), display="rates.docx")
    assert doc.problems == []
    got = [
        (s.kind, s.provenance.table, s.provenance.row, s.record or s.text)
        for s in doc.sections
        if s.kind != "heading"
    ]
    assert got == [
        # "Europe" is merged down over two rows: each row repeats it, so it stands alone.
        (
            "table_row",
            1,
            2,
            {"Region": "Europe", "City": "Paris", "Per diem": "EUR 90"},
        ),
        ("table_row", 1, 3, {"Region": "Europe", "City": "Oslo", "Per diem": "NOK 1100"}),
        ("table_row", 1, 4, {"Region": "Asia", "City": "Tokyo", "Per diem": "JPY 12000"}),
        # A cell merged across two columns stays one cell, under its first column.
        ("table_row", 1, 5, {"Region": "Africa", "City": "No trips planned", "Per diem": ""}),
        # The outer cell holds its paragraphs only; the table inside it is table 3,
        # right after the row that holds it, before the outer table goes on.
        ("table_row", 2, 2, {"Topic": "Hotels", "Details": "Book approved hotels:"}),
        ("table_row", 3, 2, {"Hotel": "Contoso Inn", "Stars": "4"}),
        ("table_row", 3, 3, {"Hotel": "Fabrikam Lodge", "Stars": "3"}),
        # A numbered list in a cell keeps its labels.
        ("table_row", 2, 3, {"Topic": "Taxis", "Details": "1. Use the app. 2. Keep the receipt."}),
        # A one-cell table is a box around paragraphs: read as paragraphs of table 4.
        ("paragraph", 4, None, "All amounts include VAT."),
        ("paragraph", 4, None, "Rates change every January."),
        ("paragraph", None, None, "End of the rates."),
    ]
    nested = next(s for s in doc.sections if s.text.startswith("Hotel: Contoso"))
    assert nested.provenance == Provenance(
        "rates.docx", heading_path=("Where to stay",), row=2, table=3
    )


def test_ingest_json_gives_table_numbers(tmp_path: Path, cli) -> None:
    path = make_tables_docx(tmp_path / "rates.docx")
    result = cli("ingest", "--format", "json", str(path))
    assert result.exit_code == 0, result.output
    rows = [
        s for s in json.loads(result.stdout)["documents"][0]["sections"] if s["kind"] == "table_row"
    ]
    assert [(r["source"]["table"], r["source"]["row"]) for r in rows] == [
        (1, 2),
        (1, 3),
        (1, 4),
        (1, 5),
        (2, 2),
        (3, 2),
        (3, 3),
        (2, 3),
    ]
    assert rows[1]["text"] == "Region: Europe; City: Oslo; Per diem: NOK 1100"


def _segments_docx(path: Path, shifted: bool) -> Path:
    """A table whose header is a group label merged over two columns above a row of
    years, and a unit row; ``shifted`` sets the years one column left, over the labels."""
    import docx

    d = docx.Document()
    t = d.add_table(rows=5, cols=3)
    t.cell(0, 1).merge(t.cell(0, 2)).text = "Twelve Months Ended June 30,"
    if shifted:
        t.cell(1, 0).text, t.cell(1, 1).text = "2023", "2022"
    else:
        t.cell(0, 0).merge(t.cell(1, 0)).text = "Segment"
        t.cell(1, 1).text, t.cell(1, 2).text = "2023", "2022"
    t.cell(2, 1).text, t.cell(2, 2).text = "$m", "$m"
    for r, row in enumerate([["Cloud", "1,200", "1,000"], ["Devices", "800", "900"]], start=3):
        for c, text in enumerate(row):
            t.cell(r, c).text = text
    d.save(str(path))
    return path


def test_a_two_row_header_with_merged_cells_gives_one_name_per_column(tmp_path: Path) -> None:
    doc = load_file(_segments_docx(tmp_path / "segments.docx", shifted=False))
    assert [s.record for s in doc.sections if s.kind == "table_row"] == [
        {
            "Segment": "Cloud",
            "Twelve Months Ended June 30, 2023 ($m)": "1,200",
            "Twelve Months Ended June 30, 2022 ($m)": "1,000",
        },
        {
            "Segment": "Devices",
            "Twelve Months Ended June 30, 2023 ($m)": "800",
            "Twelve Months Ended June 30, 2022 ($m)": "900",
        },
    ]


def test_a_year_row_set_one_column_left_names_the_columns_under_its_group(
    tmp_path: Path,
) -> None:
    doc = load_file(_segments_docx(tmp_path / "shifted.docx", shifted=True))
    rows = [s.record for s in doc.sections if s.kind == "table_row"]
    assert rows[0] == {
        "Column 1": "Cloud",
        "Twelve Months Ended June 30, 2023 ($m)": "1,200",
        "Twelve Months Ended June 30, 2022 ($m)": "1,000",
    }
    assert len(rows) == 2


def test_cells_holding_one_line_per_item_read_as_a_row_per_line(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    t = d.add_table(rows=2, cols=3)
    t.cell(0, 1).text, t.cell(0, 2).text = "2006", "2007"
    # One Word row: each cell has a blank or unit line, then one line per item.
    t.cell(1, 0).text = "\n".join(["", "Gross Income", "Income Tax", "Net Income"])
    t.cell(1, 1).text = "€"
    for value in ["17,542", "3,508", "14,034"]:
        t.cell(1, 1).add_paragraph(value)
    t.cell(1, 2).text = "\n".join(["€", "17,542", "3,120", "14,422"])
    d.save(str(tmp_path / "cases.docx"))
    doc = load_file(tmp_path / "cases.docx")
    assert [s.record for s in doc.sections if s.kind == "table_row"] == [
        {"Column 1": "Gross Income", "2006 (€)": "17,542", "2007 (€)": "17,542"},
        {"Column 1": "Income Tax", "2006 (€)": "3,508", "2007 (€)": "3,120"},
        {"Column 1": "Net Income", "2006 (€)": "14,034", "2007 (€)": "14,422"},
    ]


def test_cells_of_several_paragraphs_of_prose_stay_one_row(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    t = d.add_table(rows=2, cols=2)
    t.cell(0, 0).text, t.cell(0, 1).text = "Step", "Details"
    t.cell(1, 0).text = "\n".join(["Book", "Travel", "Claim"])
    t.cell(1, 1).text = "\n".join(["Use the portal.", "Keep receipts.", "Send the form."])
    d.save(str(tmp_path / "steps.docx"))
    doc = load_file(tmp_path / "steps.docx")
    rows = [s.record for s in doc.sections if s.kind == "table_row"]
    assert rows == [
        {"Step": "Book Travel Claim", "Details": "Use the portal. Keep receipts. Send the form."}
    ]


def _filled(rows: list[list[str]]) -> tuple[Any, Any]:
    """A new document holding one table with these cell texts, and the table."""
    import docx

    d = docx.Document()
    t = d.add_table(rows=len(rows), cols=len(rows[0]))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            t.cell(r, c).text = text
    return d, t


def _statement_docx(path: Path) -> Path:
    """An income statement set as financial reports set it: its titles and unit line in
    the table's first rows, the period merged over two year columns and down over a
    blank row, and a narrow empty spacer column between the year columns."""
    d, t = _filled(
        [
            ["CONTOSO LTD", "", "", ""],
            ["INCOME STATEMENTS", "", "", ""],
            ["(In millions) (Unaudited)", "", "", ""],
            ["", "", "", ""],
            ["", "Year Ended June 30,", "", ""],
            ["", "", "", ""],
            ["", "2023", "", "2022"],
            ["Revenue:", "", "", ""],
            ["Product", "$1,200", "", "$1,100"],
            ["Service", "800", "", "700"],
        ]
    )
    t.cell(1, 0).merge(t.cell(1, 3))
    t.cell(2, 0).merge(t.cell(2, 3))
    t.cell(4, 1).merge(t.cell(5, 3))
    d.save(str(path))
    return path


def test_titles_inside_a_statement_table_and_spacer_columns_are_not_columns(
    tmp_path: Path,
) -> None:
    doc = load_file(_statement_docx(tmp_path / "statement.docx"))
    paragraphs = [s.text for s in doc.sections if s.kind == "paragraph"]
    assert paragraphs == ["CONTOSO LTD", "INCOME STATEMENTS", "(In millions) (Unaudited)"]
    rows = [s.record for s in doc.sections if s.kind == "table_row"]
    assert rows[1] == {
        "Column 1": "Product",
        "Year Ended June 30, 2023": "$1,200",
        "Year Ended June 30, 2022": "$1,100",
    }
    assert len(rows) == 3


def test_a_grid_column_only_a_merged_cell_reaches_is_not_a_column(tmp_path: Path) -> None:
    d, t = _filled(
        [["", "Quarter", "", ""], ["Segment", "Revenue", "Income", ""], ["Cloud", "$10", "$4", ""]]
    )
    t.cell(0, 1).merge(t.cell(0, 3))
    d.save(str(tmp_path / "sliver.docx"))
    doc = load_file(tmp_path / "sliver.docx")
    rows = [s.record for s in doc.sections if s.kind == "table_row"]
    assert rows == [{"Segment": "Cloud", "Quarter Revenue": "$10", "Quarter Income": "$4"}]


def test_a_lone_label_over_label_and_value_rows_stays_the_header(tmp_path: Path) -> None:
    d, _ = _filled([["Contact", ""], ["Name", "Ana"], ["Phone", "555"], ["Desk", "4"]])
    d.save(str(tmp_path / "contact.docx"))
    doc = load_file(tmp_path / "contact.docx")
    rows = [s.record for s in doc.sections if s.kind == "table_row"]
    assert rows[0] == {"Contact": "Name", "Column 2": "Ana"}


def test_currency_signs_set_in_a_column_of_their_own_join_their_figures(
    tmp_path: Path,
) -> None:
    d, t = _filled(
        [
            ["", "2023", "", "", "2022", ""],
            ["Revenue", "$", "1,200", "", "$", "1,100"],
            ["Costs", "", "800", "", "", "700"],
            ["Margin", "", "33", "%", "", "36"],
        ]
    )
    t.cell(0, 1).merge(t.cell(0, 2))
    t.cell(0, 4).merge(t.cell(0, 5))
    d.save(str(tmp_path / "signs.docx"))
    doc = load_file(tmp_path / "signs.docx")
    rows_read = [s.record for s in doc.sections if s.kind == "table_row"]
    assert rows_read == [
        {"Column 1": "Revenue", "2023": "$1,200", "2022": "$1,100"},
        {"Column 1": "Costs", "2023": "800", "2022": "700"},
        {"Column 1": "Margin", "2023": "33%", "2022": "36"},
    ]


def test_a_label_across_the_table_merged_down_over_rows_is_its_header(tmp_path: Path) -> None:
    # A title stands in a row of its own; a label merged across the width and down over
    # the rows under it names the columns it covers.
    import docx

    d = docx.Document()
    table = d.add_table(rows=4, cols=2)
    table.cell(0, 0).merge(table.cell(1, 1)).text = "Data"
    for r, (name, value) in enumerate((("Alpha", "1"), ("Beta", "2")), start=2):
        table.cell(r, 0).text, table.cell(r, 1).text = name, value
    path = tmp_path / "merged.docx"
    d.save(str(path))
    doc = load_file(path)
    assert not [s for s in doc.sections if s.kind == "paragraph" and s.text == "Data"]
    rows = [s.record for s in doc.sections if s.kind == "table_row"]
    assert [list(r.values()) for r in rows if r] == [["Alpha", "1"], ["Beta", "2"]]
    assert all(key.startswith("Data") for r in rows if r for key in r)


def test_a_column_as_wide_as_the_others_reached_by_merged_cells_stays(tmp_path: Path) -> None:
    # The second column holds text only in cells merged over it ("Name" over two
    # columns, a record's "Sales and Marketing" set one column in); it is as wide as
    # the others, so it is a column, not a spacer between them.
    import docx

    d = docx.Document()
    table = d.add_table(rows=2, cols=4)
    table.cell(0, 0).merge(table.cell(0, 1)).text = "Name"
    table.cell(0, 2).text, table.cell(0, 3).text = "Team", "Office"
    table.cell(1, 1).merge(table.cell(1, 2)).text = "Sales and Marketing"
    table.cell(1, 3).text = "Lisbon"
    path = tmp_path / "wide.docx"
    d.save(str(path))
    rows = [s.record for s in load_file(path).sections if s.kind == "table_row"]
    assert len(rows) == 1 and rows[0] is not None
    assert len(rows[0]) == 4
    assert rows[0]["Office"] == "Lisbon"


def test_a_note_above_a_header_over_figures_is_not_the_header(tmp_path: Path) -> None:
    # "Effective <date>" alone in the first row, the column names under it: the header is
    # the second row, and the note is read as a line above the table.
    d, _ = _filled(
        [
            ["Effective March 1, 2025", "", ""],
            ["Room", "Hourly rate", "Deposit"],
            ["Main hall", "$40.00", "$100.00"],
            ["Meeting room", "$15.00", "$25.00"],
        ]
    )
    d.save(str(tmp_path / "rates.docx"))
    doc = load_file(tmp_path / "rates.docx")
    rows = [s.record for s in doc.sections if s.kind == "table_row"]
    assert rows[0] == {"Room": "Main hall", "Hourly rate": "$40.00", "Deposit": "$100.00"}
    assert "Effective March 1, 2025" in [s.text for s in doc.sections if s.kind == "paragraph"]


def test_short_entries_one_per_paragraph_in_a_cell_stay_apart(tmp_path: Path) -> None:
    d, t = _filled([["Service", "Plan pays"], ["Dental", "Preventive care: 100%"], ["Vision", "x"]])
    t.cell(1, 1).add_paragraph("Basic care: 80%")
    t.cell(2, 1).text = "The plan pays for one eye exam a year"
    t.cell(2, 1).add_paragraph("and for frames every two years.")
    d.save(str(tmp_path / "cells.docx"))
    doc = load_file(tmp_path / "cells.docx")
    rows = [s.record for s in doc.sections if s.kind == "table_row"]
    assert rows[0]["Plan pays"] == "Preventive care: 100%; Basic care: 80%"
    # Running text broken over paragraphs reads on as one sentence.
    assert rows[1]["Plan pays"] == (
        "The plan pays for one eye exam a year and for frames every two years."
    )


def _grid_docx(path: Path, rows: list[tuple[str, str]], bold_right: bool = False) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Staging server", 1)
    table = d.add_table(rows=len(rows), cols=2)
    for i, (label, value) in enumerate(rows):
        table.cell(i, 0).paragraphs[0].add_run(label).bold = True
        table.cell(i, 1).paragraphs[0].add_run(value).bold = bold_right and i == 0
    d.save(str(path))
    return path


def test_a_grid_of_bold_labels_and_values_reads_as_pairs_not_a_header(tmp_path: Path) -> None:
    rows = [("Host name", "stage01.example.com"), ("Port", "8443"), ("Memory", "16 GB")]
    doc = load_file(_grid_docx(tmp_path / "grid.docx", rows), display="grid.docx")
    got = [(s.kind, s.provenance.table, s.text) for s in doc.sections if s.kind != "heading"]
    # The first row is a label and its value like the others, not the names of columns:
    # a table with no header row, each record the row's label and value.
    assert got == [
        ("table_row", 1, "Host name: stage01.example.com"),
        ("table_row", 1, "Port: 8443"),
        ("table_row", 1, "Memory: 16 GB"),
    ]
    rows = [s for s in doc.sections if s.kind == "table_row"]
    assert all(s.headerless for s in rows)
    assert rows[0].record == {"Host name": "stage01.example.com"}


def test_a_bold_first_row_over_two_columns_stays_a_header(tmp_path: Path) -> None:
    rows = [("Setting", "Value"), ("Port", "8443"), ("Memory", "16 GB")]
    doc = load_file(_grid_docx(tmp_path / "head.docx", rows, bold_right=True), display="h")
    assert [s.record for s in doc.sections if s.kind == "table_row"] == [
        {"Setting": "Port", "Value": "8443"},
        {"Setting": "Memory", "Value": "16 GB"},
    ]


def test_group_labels_over_blank_cells_name_the_columns_under_them(tmp_path: Path) -> None:
    # A results table typed without merged cells: "Dev" and "Test" each in the first cell
    # of their group, the cells right of them blank, over the names of the columns.
    d, _ = _filled(
        [
            ["", "Dev", "", "", "Test", "", ""],
            ["Model", "P", "R", "F1", "P", "R", "F1"],
            ["BM25", "61.2", "58.4", "59.8", "60.1", "57.9", "59.0"],
            ["Hybrid", "74.9", "73.1", "74.0", "73.6", "72.2", "72.9"],
        ]
    )
    d.save(str(tmp_path / "scores.docx"))
    doc = load_file(tmp_path / "scores.docx")
    rows = [s.record for s in doc.sections if s.kind == "table_row"]
    assert rows[0] == {
        "Model": "BM25",
        "Dev P": "61.2",
        "Dev R": "58.4",
        "Dev F1": "59.8",
        "Test P": "60.1",
        "Test R": "57.9",
        "Test F1": "59.0",
    }
    assert len(rows) == 2
