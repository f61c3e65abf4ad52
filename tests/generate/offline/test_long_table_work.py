"""Offline generation from long sheets does work in proportion to what a set needs: a
long table is asked about in a bounded number of its chunks spread over all its rows, and
a sheet in a language no form writes is declined before any table is read for questions
(both made a few-thousand-row sheet take minutes; ``bench/bench_generate_sheet.py``
measures the time)."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from datasetkit.generate.offline import generator
from tests.helpers.knowledge_fixtures import generate_offline

CITIES = ["Leeds", "Bristol", "Cardiff", "Glasgow", "Belfast", "York", "Bath"]
GOODS = ["Desk lamp", "Office chair", "Standing desk", "Keyboard", "Headset", "Webcam"]


def _orders(path: Path, rows: int, header: list[str], cities: list[str], goods: list[str]) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(header)
    for i in range(rows):
        ws.append([f"SO-{10_000 + i}", cities[i % len(cities)], goods[i % len(goods)], 3 + i % 17])
    wb.save(str(path))
    return path


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every table part the generator reads for questions (its index in the table)."""
    parts: list[int] = []
    real = generator.table_candidates

    def counted(chunk, *args):  # type: ignore[no-untyped-def]
        parts.append(int(chunk.meta.get("table_part") or 0))
        return real(chunk, *args)

    monkeypatch.setattr(generator, "table_candidates", counted)
    return parts


def test_a_long_table_is_asked_in_bounded_parts_spread_over_its_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parts = _counting(monkeypatch)
    sheet = _orders(
        tmp_path / "orders.xlsx", 1_100, ["Order", "City", "Product", "Quantity"], CITIES, GOODS
    )
    outcome = generate_offline(tmp_path, sheet, count=30)
    assert outcome.dataset is not None and len(outcome.dataset.cases) == 30
    read = sorted(set(parts))
    assert len(read) <= generator._TABLE_PARTS, f"{len(read)} parts of one table were read"
    # From the first part (the whole-table questions) to the last one.
    assert read[0] == 0 and read[-1] > generator._TABLE_PARTS


def test_a_short_table_is_read_in_every_part(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parts = _counting(monkeypatch)
    sheet = _orders(
        tmp_path / "orders.xlsx", 120, ["Order", "City", "Product", "Quantity"], CITIES, GOODS
    )
    generate_offline(tmp_path, sheet, count=30)
    assert parts and sorted(set(parts)) == list(range(max(parts) + 1))


def test_a_sheet_in_a_language_no_form_writes_is_declined_before_its_tables_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parts = _counting(monkeypatch)
    sheet = _orders(
        tmp_path / "заказы.xlsx",
        300,
        ["Заказ", "Город", "Товар", "Количество"],
        ["Москва", "Казань", "Самара", "Омск", "Томск"],
        ["Настольная лампа", "Офисное кресло", "Клавиатура", "Гарнитура"],
    )
    outcome = generate_offline(tmp_path, sheet, count=30)
    assert outcome.dataset is None or not outcome.dataset.cases
    assert parts == []
    assert "Russian" in (outcome.shortfall_message or ""), outcome.shortfall_message
