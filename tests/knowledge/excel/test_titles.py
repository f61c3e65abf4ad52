"""A sheet that holds one column and nothing else: a name in the column's own plain
type over its values is the column's header; a line set apart by type is a title."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font

from datasetkit.knowledge import load_file

TEXT = (
    "All human beings are born free and equal in dignity and rights. They are endowed "
    "with reason and conscience and should act towards one another in a spirit of "
    "brotherhood."
)


def _sheet(path: Path, head: str, bold: bool) -> Path:
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "English"
    ws["A1"] = head
    ws["A1"].font = Font(name="Arial", size=10, bold=bold)
    ws["A2"] = TEXT
    ws["A2"].font = Font(name="Arial", size=10)
    wb.save(path)
    return path


def test_a_plain_name_over_a_column_of_text_is_its_header(tmp_path: Path) -> None:
    doc = load_file(_sheet(tmp_path / "plain.xlsx", "English text", bold=False))
    tables = [s for s in doc.sections if s.kind == "table_row"]
    assert [s.record for s in tables] == [{"English text": TEXT}]


def test_a_bold_line_over_the_text_is_the_sheets_title(tmp_path: Path) -> None:
    doc = load_file(_sheet(tmp_path / "bold.xlsx", "Declaration", bold=True))
    assert not any(s.kind == "table_row" for s in doc.sections)
    assert any(s.text == TEXT for s in doc.sections)
