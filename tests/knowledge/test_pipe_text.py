"""Tables drawn with characters in a plain-text file: a report's pipe-and-dash table,
and the boxed table a database shell prints."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file

_REPORT = """\
MONTHLY STOCK REPORT

Warehouse counts at the end of the month are listed below.

-------------------------------------------------------------
Code | Product | Shelf | Count | Unit
-------------------------------------------------------------
A-100 | Copy paper | 4B | 120 | box
      | Reorder when under 40
-------------------------------------------------------------
A-214 | Printer toner | 2A | 14 | piece
-------------------------------------------------------------
B-031 | Desk lamp | 7C | 9 | piece
-------------------------------------------------------------

The next count is due on the first Monday.
"""

_BOXED = """\
Query results

+--------+----------+-------+
| city   | country  | sites |
+--------+----------+-------+
| Lisbon | Portugal |    12 |
| Lyon   | France   |     7 |
| Graz   | Austria  |     3 |
+--------+----------+-------+
"""


def _sections(tmp_path: Path, text: str) -> list:  # type: ignore[type-arg]
    path = tmp_path / "report.txt"
    path.write_text(text, encoding="utf-8")
    return load_file(path, display="report.txt").sections


def test_a_pipe_and_dash_table_in_text_gives_records(tmp_path: Path) -> None:
    sections = _sections(tmp_path, _REPORT)
    rows = [s.record for s in sections if s.kind == "table_row"]
    assert [list(r) for r in rows][:1] == [["Code", "Product", "Shelf", "Count", "Unit"]]
    assert [r["Product"] for r in rows] == ["Copy paper", "Printer toner", "Desk lamp"]
    texts = [s.text for s in sections if s.kind == "paragraph"]
    assert "Reorder when under 40" in texts
    assert "The next count is due on the first Monday." in texts
    assert not any("-----" in t for t in texts)


def test_a_boxed_table_in_text_gives_records(tmp_path: Path) -> None:
    rows = [s.record for s in _sections(tmp_path, _BOXED) if s.kind == "table_row"]
    assert rows == [
        {"city": "Lisbon", "country": "Portugal", "sites": "12"},
        {"city": "Lyon", "country": "France", "sites": "7"},
        {"city": "Graz", "country": "Austria", "sites": "3"},
    ]


def test_a_rule_over_the_total_parts_no_records(tmp_path: Path) -> None:
    text = _BOXED.replace("+--------+----------+-------+\n", "", 0)
    lines = text.splitlines()
    lines[-1:-1] = ["+--------+----------+-------+", "| All    |          |    22 |"]
    rows = [s.record for s in _sections(tmp_path, "\n".join(lines)) if s.kind == "table_row"]
    assert [r["city"] for r in rows] == ["Lisbon", "Lyon", "Graz", "All"]


def test_boxes_of_a_diagram_are_no_table(tmp_path: Path) -> None:
    diagram = """\
+---------------------+         +-----------------------+
|    API Gateway      | <-----> |   Web Services        |
|   (reverse proxy)   |         | (Auth, Orders, Stock) |
+----------+----------+         +-----------+-----------+
"""
    sections = _sections(tmp_path, "Architecture\n\n" + diagram)
    assert not [s for s in sections if s.kind == "table_row"]


_STAYS = """\
TRAVEL LOG

-----------------------------------------------------------
Date       | Category   | Description         | Amount
-----------------------------------------------------------
03/02/2025 | Transport  | Taxi to airport     | 45.00
-----------------------------------------------------------
03/03/2025 | Lodging    | Hotel Central       | 310.00
to         | Confirmation: HC-2231
03/05/2025 | Corner room, third floor
-----------------------------------------------------------
03/06/2025 | Conference | Harbor Summit       | 250.00
to         | Registration | Early bird rate
03/07/2025 | Receipt #: HS-88
-----------------------------------------------------------
"""


def test_a_line_with_only_the_first_pipe_keeps_its_note_apart(tmp_path: Path) -> None:
    sections = _sections(tmp_path, _STAYS)
    rows = [s.record for s in sections if s.kind == "table_row"]
    # The date goes on over three lines; the text after the one pipe is a note on the
    # record, never part of its category.
    assert [r["Date"] for r in rows] == [
        "03/02/2025",
        "03/03/2025 to 03/05/2025",
        "03/06/2025 to 03/07/2025",
    ]
    assert [r["Category"] for r in rows] == ["Transport", "Lodging", "Conference Registration"]
    assert rows[2]["Description"] == "Harbor Summit Early bird rate"
    texts = [s.text for s in sections if s.kind == "paragraph"]
    assert "Corner room, third floor" in texts and "Receipt #: HS-88" in texts
