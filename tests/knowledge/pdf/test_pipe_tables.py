"""A table drawn with characters in a report printed to PDF in a proportional type:
pipes between cells, lines of dashes over and under the header and between records,
the records going on over the next page."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from datasetkit.knowledge.pipetable import pipe_tables

_RULE = "-" * 70
_HEADER = "Day | Item | Supplier | Amount | Unit | Total"
_RECORDS = [
    ["03/02/2025 | Paper | Office Works | 12 | box | 84.00", "| Order no: 4471"],
    ["03/04/2025 | Toner | Print Depot | 3 | piece | 216.50", "| Delivered to the second floor"],
    ["03/09/2025 | Chairs | Seat Co | 4 | piece | 1,180.00", "to | ergonomic | model"],
    ["03/12/2025 | Desks | Wood & Steel | 2 | piece | 940.00"],
    ["03/15/2025 | Cables | Net Parts | 30 | metre | 45.90", "| Returned: 5 metres"],
    ["03/21/2025 | Lamps | Light House | 6 | piece | 171.00"],
]


def _lines() -> list[str]:
    out = ["PURCHASES:", _RULE, _HEADER, _RULE]
    for rec in _RECORDS:
        out.extend([*rec, _RULE])
    return out


def _pdf(path: Path, per_page: int = 14) -> Path:
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(path), pagesize=LETTER)
    lines = ["QUARTERLY PURCHASE REPORT", "", "Prepared by the office manager.", "", *_lines()]
    for k, text in enumerate(lines):
        if k and k % per_page == 0:
            c.showPage()
        c.setFont("Helvetica", 11)
        x = 96 if text.startswith("|") else 72
        c.drawString(x, 720 - 19 * (k % per_page), text)
    c.showPage()
    c.save()
    return path


def test_a_pipe_drawn_table_reads_with_its_header_over_pages(tmp_path: Path) -> None:
    doc = load_file(_pdf(tmp_path / "report.pdf"), display="report.pdf")
    rows = [s.record for s in doc.sections if s.kind == "table_row" and s.record]
    assert [list(r) for r in rows[:1]] == [["Day", "Item", "Supplier", "Amount", "Unit", "Total"]]
    assert len(rows) == len(_RECORDS)
    assert rows[0]["Supplier"] == "Office Works"
    # A record's cells wrapped onto the next line read whole.
    assert rows[2]["Day"] == "03/09/2025 to"
    assert rows[2]["Item"] == "Chairs ergonomic"
    # Notes under a record are text, not a cell.
    texts = [s.text for s in doc.sections if s.kind == "paragraph"]
    assert "Order no: 4471" in texts and "Delivered to the second floor" in texts
    assert not any(_RULE[:20] in t for t in texts)


def test_the_pipe_table_reader_on_plain_lines() -> None:
    (table,) = pipe_tables(_lines())
    assert table.header == _HEADER.split(" | ")
    assert len(table.rows) == len(_RECORDS)
    assert table.rows[4][1] == "Cables"
    assert "Returned: 5 metres" in table.notes


def test_a_line_with_a_pipe_in_text_is_no_table() -> None:
    assert pipe_tables(["Choose yes | no in the form.", "Then press save | cancel."]) == []
    rows = ["Name | Role", "Ann | Clerk"]  # two columns: text with a pipe, as likely
    assert pipe_tables(rows) == []


def test_the_rest_of_a_table_starts_with_a_record_not_a_header() -> None:
    lines = ["| Room: Suite", _RULE, *_RECORDS[3], _RULE, *_RECORDS[5], _RULE]
    (table,) = pipe_tables(lines)
    assert table.header is None
    assert [r[0] for r in table.rows] == ["03/12/2025", "03/21/2025"]
    assert table.notes == ["Room: Suite"]
