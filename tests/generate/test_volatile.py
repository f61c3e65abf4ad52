"""A value recomputed on every recalculation is never asked nor used to find a row."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.plan import chunk_documents
from datasetkit.knowledge import load_file
from tests.helpers.knowledge_fixtures import offline_pairs
from tests.knowledge.excel.test_volatile import make_orders


def test_volatile_columns_leave_the_chunks(tmp_path: Path) -> None:
    doc = load_file(make_orders(tmp_path / "orders.xlsx"), display="orders.xlsx")
    text = "\n".join(s.text for c in chunk_documents([doc]) for s in c.sections)
    assert "Item: Lamp; Price: 12; Double price: 24" in text
    # Columns volatile in most of their rows go; a single volatile cell goes alone.
    assert "Quantity:" not in text and "Total" not in text
    assert "Measure: Items listed; Value: 3" in text and "Value: 17" not in text


def test_offline_cases_never_answer_with_a_volatile_value(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, make_orders(tmp_path / "orders.xlsx"))
    assert pairs, "the stable columns are still asked"
    for prompt, answer in pairs.items():
        assert "quantit" not in prompt.lower() and "total" not in prompt.lower(), prompt
        assert answer not in {"7", "4", "6", "84", "600", "480", "17"}, (prompt, answer)
