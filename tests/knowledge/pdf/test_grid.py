"""A ruled PDF table whose first row holds only a note in its first cell ("Effective
<date>") over the row that names its columns: the note is the table's caption and the
second row its header."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file


def _pdf(path: Path, rows: list[list[str]]) -> Path:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import LETTER
    from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

    table = Table(rows)
    table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.black)]))
    SimpleDocTemplate(str(path), pagesize=LETTER).build([table])
    return path


def test_a_note_over_the_header_is_the_caption(tmp_path: Path) -> None:
    rows = [
        ["Effective March 1, 2025", "", ""],
        ["Room", "Hourly rate", "Deposit"],
        ["Main hall", "$40.00", "$100.00"],
        ["Meeting room", "$15.00", "$25.00"],
        ["Kitchen", "$20.00", "$50.00"],
    ]
    doc = load_file(_pdf(tmp_path / "rates.pdf", rows))
    records = [s.record for s in doc.sections if s.kind == "table_row"]
    assert records[0] == {"Room": "Main hall", "Hourly rate": "$40.00", "Deposit": "$100.00"}
    assert len(records) == 3


def test_a_double_rule_between_labels_and_values_is_no_column(tmp_path: Path) -> None:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import LETTER
    from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

    # Two vertical rules a few points apart between a settings grid's labels and its
    # values, some values bulleted lines: two columns, the bullets in the values.
    rows = [
        ["Status", "", "Online"],
        ["Location", "", "North Harbour"],
        ["Read regions", "", "\u2022 North Harbour"],
        ["Write regions", "", "\u2022 South Bay"],
        ["Retention", "", "\u2022 Thirty days"],
    ]
    path = tmp_path / "settings.pdf"
    table = Table(rows, colWidths=[120, 7, 250])
    table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.black)]))
    SimpleDocTemplate(str(path), pagesize=LETTER).build([table])
    records = [s.record for s in load_file(path).sections if s.kind == "table_row"]
    assert all(len(r or {}) == 2 for r in records), records
    assert any("\u2022 South Bay" in (r or {}).values() for r in records)
