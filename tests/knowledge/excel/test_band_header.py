"""A band row right under the header (a label alone in the first column, repeated
further down over other rows) is no second line of the header."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from datasetkit.knowledge.loader import load_file


def test_a_band_under_the_header_stays_out_of_the_header(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.append(["Month", "Labour force", "Employed"])
    for year, rows in (("2022", [("May", 10, 9), ("June", 11, 10)]), ("2023", [("May", 12, 11)])):
        ws.append([year])
        for row in rows:
            ws.append(list(row))
    f = tmp_path / "monthly.xlsx"
    wb.save(f)
    rows = [s.record for s in load_file(f).sections if s.record]
    assert rows and list(rows[0]) == ["Month", "Labour force", "Employed"], rows
    assert [r["Month"] for r in rows][:2] == ["2022", "May"], rows
