"""A long table is generated from in many chunks: whether its cells are a test file's
stand-ins is decided once for the table, not again for every chunk (which made a
sheet of a few thousand rows take minutes to give its cases)."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from datasetkit.generate.offline.tables import filler
from tests.helpers.knowledge_fixtures import generate_offline


def _long_sheet(path: Path, rows: int = 400) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Warehouse", "City", "Manager", "Floor area (m2)"])
    cities = ["Leeds", "Bristol", "Cardiff", "Glasgow", "Belfast"]
    names = ["Ann Hale", "Omar Diaz", "Lena Park", "Raj Iyer", "Tom Wu"]
    for i in range(rows):
        ws.append([f"Depot {chr(65 + i % 26)}{i // 26}", cities[i % 5], names[i % 5], 900 + 7 * i])
    wb.save(str(path))
    return path


def test_a_long_table_is_checked_for_stand_in_cells_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    real = filler.stand_in_cells

    def counted(cells: object) -> bool:
        calls.append(1)
        return real(cells)  # type: ignore[arg-type]

    monkeypatch.setattr(filler, "stand_in_cells", counted)
    outcome = generate_offline(tmp_path, _long_sheet(tmp_path / "depots.xlsx"), count=10)
    assert outcome.dataset is not None and outcome.dataset.cases
    assert len(calls) <= 2, f"the table's cells were checked {len(calls)} times"
