"""An outline pivot is asked level by level, its figures named as a person says them."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.outline import said_figure
from tests.helpers.knowledge_fixtures import offline_pairs
from tests.knowledge.excel.test_pivotparts import make_outline_pivot


def test_outline_pivot_asks_each_level_by_its_labels(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, make_outline_pivot(tmp_path / "pivot.xlsx"))
    # The grand total is the total; stores are ranked among stores, never with regions.
    assert pairs.get("What are the total sales?") == "1250", pairs
    assert pairs.get("Which store has the fewest total units?") == "Mill Lane (30 total units)"
    assert all("sum of" not in p.lower() and "row labels" not in p.lower() for p in pairs)


def test_figures_said_as_a_person_says_them() -> None:
    assert said_figure("Sum of ExtendedPrice") == "Total extended price"
    assert said_figure("Count of Orders") == "Number of orders"
    assert said_figure("Sum of OrderID") is None and said_figure("Sum of UnitPrice") is None
    assert said_figure("Average of Discount") is None
    assert said_figure("Revenue") == "Revenue"
