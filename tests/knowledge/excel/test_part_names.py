"""A workbook whose members are stored under Windows paths or in another case than its
relationships spell them (as some writers do; Office opens it) is read like any other."""

from __future__ import annotations

import zipfile
from pathlib import Path

from openpyxl import Workbook

from datasetkit.io.workbook import load_workbook
from datasetkit.knowledge import load_file


def _windows_names(src: Path, dst: Path) -> None:
    """``src`` stored again with backslashes and lower-case names, as such writers do."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            zout.writestr(info.filename.replace("/", "\\").lower(), zin.read(info))


def test_a_workbook_stored_under_windows_paths_is_read(tmp_path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Plates"
    ws.append(["Cycle", "Well A1", "Well A2"])
    for n in range(1, 6):
        ws.append([n, 1000.5 + n, 2000.25 + n])
    plain = tmp_path / "plain.xlsx"
    wb.save(plain)
    mangled = tmp_path / "mangled.xlsx"
    _windows_names(plain, mangled)
    with zipfile.ZipFile(mangled) as z:
        assert "xl\\workbook.xml" in z.namelist()  # the fixture is what it says
    doc = load_file(mangled)
    assert not [p for p in doc.problems], doc.problems
    text = "\n".join(s.text for s in doc.sections)
    assert "Well A2" in text and "2005.25" in text
    # The file on disk is not changed by reading it.
    with zipfile.ZipFile(mangled) as z:
        assert "xl\\workbook.xml" in z.namelist()


def test_a_spreadsheet_dataset_stored_under_windows_paths_converts(tmp_path: Path) -> None:
    # The dataset readers (convert, validate, review) open workbooks through openpyxl,
    # which looks members up by their exact names: the package is mended first.
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.append(["query", "ground_truth"])
    ws.append(["What is the Contoso refund window?", "30 days."])
    plain = tmp_path / "plain.xlsx"
    wb.save(plain)
    mangled = tmp_path / "cases.xlsx"
    _windows_names(plain, mangled)
    book = load_workbook(str(mangled), mangled.read_bytes())
    rows = [[c.value for c in row] for row in book.worksheets[0].iter_rows()]
    assert rows[1] == ["What is the Contoso refund window?", "30 days."]
