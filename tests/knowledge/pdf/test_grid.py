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
