"""A header alone over an empty corner, set apart from its rows by a blank row: the rows'
labels in the column just left of it join the table (a grid comparing things line by
line), and what does not fit that shape stays as it was read."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from datasetkit.knowledge import Document, load_file


def _records(doc: Document) -> list[dict[str, str]]:
    return [s.record for s in doc.sections if s.kind == "table_row" and s.record is not None]


def _texts(doc: Document) -> list[str]:
    return [s.text for s in doc.sections if s.kind != "table_row"]


def _grid(path: Path, gap: int, labels: list[object]) -> Path:
    wb = Workbook()
    ws = wb.active
    ws.title = "Comparison"
    ws["B1"], ws["C1"] = "Northfield", "Southgate"
    figures = [(1200, 800), (35, 51), (4, 9)]
    for k, (label, (a, b)) in enumerate(zip(labels, figures, strict=True)):
        r = 2 + gap + k
        ws.cell(r, 1, label)
        ws.cell(r, 2, a)
        ws.cell(r, 3, b)
    wb.save(path)
    return path


def test_header_over_a_blank_row_heads_the_labelled_rows(tmp_path: Path) -> None:
    path = _grid(tmp_path / "grid.xlsx", 1, ["Residents", "Shops", "Schools"])
    doc = load_file(path)
    records = _records(doc)
    assert [r["Northfield"] for r in records] == ["1200", "35", "4"]
    assert [r["Southgate"] for r in records] == ["800", "51", "9"]
    assert [r["Column A"] for r in records] == ["Residents", "Shops", "Schools"]
    assert not any("Northfield" in t for t in _texts(doc))  # no stray line of the names


def test_adjacent_header_reads_as_before(tmp_path: Path) -> None:
    doc = load_file(_grid(tmp_path / "grid.xlsx", 0, ["Residents", "Shops", "Schools"]))
    assert [r["Northfield"] for r in _records(doc)] == ["1200", "35", "4"]


def test_rows_labelled_by_figures_do_not_join(tmp_path: Path) -> None:
    # A column of figures left of the header is data, not the rows' labels.
    doc = load_file(_grid(tmp_path / "grid.xlsx", 1, [2019, 2020, 2021]))
    assert not any("Northfield" in r for r in _records(doc))
