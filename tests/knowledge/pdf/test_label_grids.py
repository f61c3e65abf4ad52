"""A two-column PDF table of labels and values with no header row (a settings or
properties grid) is a headerless table: every row, the first too, is a label and its
value; a first row set apart from the body stays the header."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from datasetkit.knowledge.render import to_markdown


def _pdf(path: Path, rows: list[list[str]], bold: tuple[int, int, int, int] | None) -> Path:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import LETTER
    from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

    style = [("GRID", (0, 0), (-1, -1), 0.5, colors.black)]
    if bold is not None:
        c0, r0, c1, r1 = bold
        style.append(("FONTNAME", (c0, r0), (c1, r1), "Helvetica-Bold"))
    table = Table(rows)
    table.setStyle(TableStyle(style))
    SimpleDocTemplate(str(path), pagesize=LETTER).build([table])
    return path


def _rows(path: Path) -> list[tuple[bool, dict[str, str] | None]]:
    doc = load_file(path)
    return [(s.headerless, s.record) for s in doc.sections if s.kind == "table_row"]


def test_bold_labels_beside_plain_values_are_a_headerless_table(tmp_path: Path) -> None:
    rows = [["Host name", "stage01.example.com"], ["Port", "8443"], ["Memory", "16 GB"]]
    path = _pdf(tmp_path / "grid.pdf", rows, (0, 0, 0, -1))
    # The first row is a pair like the others, not the names of the columns.
    assert _rows(path) == [
        (True, {"Host name": "stage01.example.com"}),
        (True, {"Port": "8443"}),
        (True, {"Memory": "16 GB"}),
    ]
    doc = load_file(path)
    assert [s.text for s in doc.sections] == [
        "Host name: stage01.example.com",
        "Port: 8443",
        "Memory: 16 GB",
    ]
    assert "|  |  |\n| --- | --- |\n| Host name | stage01.example.com |" in to_markdown([doc])


def test_a_bold_header_row_over_two_columns_stays_a_header(tmp_path: Path) -> None:
    rows = [["Setting", "Value"], ["Port", "8443"], ["Memory", "16 GB"]]
    path = _pdf(tmp_path / "table.pdf", rows, (0, 0, -1, 0))
    assert _rows(path) == [
        (False, {"Setting": "Port", "Value": "8443"}),
        (False, {"Setting": "Memory", "Value": "16 GB"}),
    ]


def test_plain_grid_whose_first_value_is_an_identifier_has_no_header(tmp_path: Path) -> None:
    rows = [["Resource group", "rg-billing-prod"], ["Region", "West Europe"], ["Tier", "Standard"]]
    assert [r for _, r in _rows(_pdf(tmp_path / "plain.pdf", rows, None))] == [
        {"Resource group": "rg-billing-prod"},
        {"Region": "West Europe"},
        {"Tier": "Standard"},
    ]


def test_plain_table_whose_first_row_names_columns_keeps_it(tmp_path: Path) -> None:
    rows = [["Location", "Resources"], ["North Europe", "4"], ["West Europe", "21"]]
    assert _rows(_pdf(tmp_path / "named.pdf", rows, None)) == [
        (False, {"Location": "North Europe", "Resources": "4"}),
        (False, {"Location": "West Europe", "Resources": "21"}),
    ]
    years = [["Region", "2024"], ["North", "120"], ["South", "135"]]
    assert not any(h for h, _ in _rows(_pdf(tmp_path / "years.pdf", years, None)))


def test_a_label_wrapped_onto_a_line_of_its_own_stays_one_label(tmp_path: Path) -> None:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import LETTER
    from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

    rows = [
        ["Web site name", "billing-web-01"],
        ["Always on", "True"],
        ["Load balancing", "LeastRequests"],
        ["Use 32 bits worker\nprocess", "False"],
        ["Location", "West Europe"],
    ]
    table = Table(rows)
    table.setStyle(
        TableStyle(
            [
                ("BOX", (0, 0), (-1, -1), 0.5, colors.black),
                ("LINEAFTER", (0, 0), (0, -1), 0.5, colors.black),
                ("FONTNAME", (0, 0), (0, -1), "Helvetica-Bold"),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    path = tmp_path / "wrapped.pdf"
    SimpleDocTemplate(str(path), pagesize=LETTER).build([table])
    got = [r for _, r in _rows(path)]
    assert {"Use 32 bits worker process": "False"} in got
    assert len(got) == 5


def test_a_headerless_row_says_so_in_json(tmp_path: Path) -> None:
    from datasetkit.knowledge.render import section_dict

    rows = [["Host name", "stage01.example.com"], ["Port", "8443"], ["Memory", "16 GB"]]
    doc = load_file(_pdf(tmp_path / "grid.pdf", rows, (0, 0, 0, -1)))
    first = section_dict(doc.sections[0])
    assert first["headerless"] is True
    assert first["record"] == {"Host name": "stage01.example.com"}
