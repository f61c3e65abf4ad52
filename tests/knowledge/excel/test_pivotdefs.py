"""A pivot table's definition read whole (its row fields, its value fields with the
function that summarises each, the sheet it summarises), and a pivot's caption over its
figures read as a caption, not a heading of the sheet."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from tests.helpers.pivot_fixtures import ORDERS, pivot_book
from tests.helpers.xlsx_fixtures import make_sheet_xlsx


def test_a_pivot_is_described_by_its_definition(tmp_path: Path) -> None:
    from datasetkit.knowledge.model import PivotValue

    values = [("Count of Product", 1, "count"), ("Revenue", 2, "sum")]
    path = pivot_book(tmp_path / "p.xlsx", "orders", ORDERS, 0, values)
    doc = load_file(path, display="p.xlsx")
    (pivot,) = doc.pivots
    assert (pivot.sheet, pivot.rows, pivot.source) == ("Summary", ("Region",), "orders")
    assert pivot.values == (
        PivotValue("Count of Product", "count", "Product"),
        PivotValue("Revenue", "sum", "Sales"),  # a renamed caption: the definition says what
    )
    assert pivot.holds("Summary", 4) and not pivot.holds("orders", 4)


def test_figures_shown_as_a_share_say_so(tmp_path: Path) -> None:
    values = [("Sum of Sales", 2, "sum")]
    extra = ' showDataAs="percentOfTotal"'
    path = pivot_book(tmp_path / "p.xlsx", "orders", ORDERS, 0, values, extra)
    (pivot,) = load_file(path, display="p.xlsx").pivots
    assert pivot.values[0].function == "sum shown as percentOfTotal"


def test_a_workbook_without_pivots_has_none(tmp_path: Path) -> None:
    path = make_sheet_xlsx(tmp_path / "t.xlsx", "Data", [list(r) for r in ORDERS])
    assert load_file(path, display="t.xlsx").pivots == []


def _cross_tab_pivot(path: Path, caption: str = "Average of Score") -> Path:
    """A pivot of one value field by two fields, as Excel lays it out: the value field's
    caption in the corner over "Row Labels", "Column Labels" over the column values."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append([])
    ws.append([])
    ws.append([caption, "Column Labels"])
    ws.append(["Row Labels", "Spring", "Autumn", "Grand Total"])
    ws.append(["Group A", 71, 75, 73])
    ws.append(["Group B", 64, 70, 67])
    ws.append(["Grand Total", 67.5, 72.5, 70])
    wb.save(str(path))
    return path


def test_a_pivot_caption_is_no_heading(tmp_path: Path) -> None:
    doc = load_file(_cross_tab_pivot(tmp_path / "x.xlsx"), display="x.xlsx")
    assert not [s.text for s in doc.sections if s.kind == "heading"]
    rows = [s for s in doc.sections if s.kind == "table_row"]
    assert rows and list(rows[0].record or {})[:2] == ["Row Labels", "Spring"]
    # The caption still names the figures of the rows under it.
    assert rows[0].provenance.heading_path == ("Average of Score",)


def _bold_over(path: Path, texts: tuple[str, ...]) -> Path:
    """A sheet of one column: ``texts`` down it, the first in bold."""
    import openpyxl
    from openpyxl.styles import Font

    wb = openpyxl.Workbook()
    ws = wb.active
    for text in texts:
        ws.append([text])
    ws["A1"].font = Font(bold=True)
    wb.save(str(path))
    return path


def test_a_bold_name_over_numbered_entries_heads_a_column(tmp_path: Path) -> None:
    path = _bold_over(tmp_path / "runs.xlsx", ("Batch", "Batch 1", "Batch 2"))
    doc = load_file(path, display="runs.xlsx")
    assert not [s.text for s in doc.sections if s.kind == "heading"]
    assert [s.record for s in doc.sections if s.kind == "table_row"] == [
        {"Batch": "Batch 1"},
        {"Batch": "Batch 2"},
    ]


def test_a_bold_title_over_two_lines_of_text_stays_a_title(tmp_path: Path) -> None:
    path = _bold_over(tmp_path / "note.xlsx", ("Contact", "Front desk", "Opening hours on request"))
    doc = load_file(path, display="note.xlsx")
    assert [s.text for s in doc.sections if s.kind == "heading"] == ["Contact"]


def test_a_renamed_pivot_caption_is_no_heading_either(tmp_path: Path) -> None:
    path = _cross_tab_pivot(tmp_path / "x.xlsx", caption="Mean score by group")
    doc = load_file(path, display="x.xlsx")
    assert not [s.text for s in doc.sections if s.kind == "heading"]
