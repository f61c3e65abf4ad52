"""A two-column PDF table of labels in bold beside values in plain type (a settings or
properties grid) has no header row: every row, the first too, is a label and its value."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file


def _pdf(path: Path, rows: list[list[str]], bold: tuple[int, int, int, int]) -> Path:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import LETTER
    from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

    c0, r0, c1, r1 = bold
    table = Table(rows)
    table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
                ("FONTNAME", (c0, r0), (c1, r1), "Helvetica-Bold"),
            ]
        )
    )
    SimpleDocTemplate(str(path), pagesize=LETTER).build([table])
    return path


def test_bold_labels_beside_plain_values_read_as_pairs(tmp_path: Path) -> None:
    rows = [["Host name", "stage01.example.com"], ["Port", "8443"], ["Memory", "16 GB"]]
    doc = load_file(_pdf(tmp_path / "grid.pdf", rows, (0, 0, 0, -1)))
    assert [(s.kind, s.text) for s in doc.sections] == [
        ("paragraph", "Host name: stage01.example.com"),
        ("paragraph", "Port: 8443"),
        ("paragraph", "Memory: 16 GB"),
    ]


def test_a_bold_header_row_over_two_columns_stays_a_header(tmp_path: Path) -> None:
    rows = [["Setting", "Value"], ["Port", "8443"], ["Memory", "16 GB"]]
    doc = load_file(_pdf(tmp_path / "table.pdf", rows, (0, 0, -1, 0)))
    assert [s.record for s in doc.sections if s.kind == "table_row"] == [
        {"Setting": "Port", "Value": "8443"},
        {"Setting": "Memory", "Value": "16 GB"},
    ]
