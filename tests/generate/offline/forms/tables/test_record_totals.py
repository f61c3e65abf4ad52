"""A workbook of records that no column identifies (a sales log) is asked what a reader
asks of it: the total of an amount for each value of a category, how many rows have it,
and which value has the highest and the lowest total; never a total of prices or across
currencies."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.knowledge_fixtures import generate_offline, offline_pairs
from tests.helpers.xlsx_fixtures import make_sheet_xlsx

_HEADER = ["Region", "Product", "Units Sold", "Unit Price", "Revenue"]
_PRICES = {"Kettle": 25, "Toaster": 30, "Blender": 60}
_ORDERS = [
    ("North", "Kettle", 4), ("North", "Toaster", 2), ("North", "Blender", 1),
    ("South", "Kettle", 10), ("South", "Blender", 3), ("South", "Toaster", 1),
    ("East", "Toaster", 6), ("East", "Kettle", 1), ("East", "Blender", 2),
    ("North", "Kettle", 3), ("South", "Kettle", 2), ("East", "Toaster", 1),
]  # fmt: skip


def _rows(currency: str = "$") -> list[list[Any]]:
    rows: list[list[Any]] = []
    for i, (region, product, units) in enumerate(_ORDERS):
        price = _PRICES[product]
        sign = "€" if currency == "mixed" and i % 2 else "$"
        rows.append([region, product, units, f"{sign}{price}.00", f"{sign}{units * price}.00"])
    return rows


def _cases(tmp_path: Path, rows: list[list[Any]]) -> dict[str, str]:
    path = make_sheet_xlsx(tmp_path / "orders.xlsx", "Orders", [_HEADER, *rows])
    return offline_pairs(tmp_path, path, 40)


def test_totals_by_category_and_the_highest_are_asked(tmp_path: Path) -> None:
    cases = _cases(tmp_path, _rows())
    # South: 12 kettles (300) + 3 blenders (180) + 1 toaster (30) = $510 (a sum of printed
    # amounts is said to the whole unit)
    assert cases.get("What is the total revenue in the South region?") == "$510", cases
    assert cases.get("How many units were sold in the South region?") == "16", cases
    # The sheet says what a row is (an order): the rows of each value are counted.
    assert cases.get("How many orders were there in the South region?") == "4", cases
    highest = cases.get("Which region has the highest total revenue?", "")
    assert highest.startswith("South"), cases
    for q in cases:
        assert "price" not in q.casefold(), q  # a total of unit prices says nothing


def test_no_total_across_currencies(tmp_path: Path) -> None:
    cases = _cases(tmp_path, _rows("mixed"))
    for q in cases:
        assert "revenue" not in q.casefold(), q


def test_a_band_of_the_amount_is_not_ranked_by_it(tmp_path: Path) -> None:
    header = ["Region", "Discount Band", "Discounts"]
    bands = ["Low", "Medium", "High"]
    rows: list[list[Any]] = [
        [region, bands[i % 3], f"${(i % 3 + 1) * 10}.00"]
        for i, region in enumerate(["North", "South", "East"] * 4)
    ]
    path = make_sheet_xlsx(tmp_path / "discounts.xlsx", "Orders", [header, *rows])
    outcome = generate_offline(tmp_path, path, 40)
    asked = [c.turns[0].prompt for c in outcome.dataset.cases] if outcome.dataset else []
    assert any("region" in q for q in asked), asked
    # Counted by band, never totalled or ranked by the amount the band is made of.
    assert not any("discount band" in q and "discounts" in q for q in asked), asked


def _grouped(region_of_small_orders: str) -> list[list[Any]]:
    # The three one-unit orders carry the given region.
    rows = _rows()
    for row in rows:
        if row[2] == 1:
            row[0] = region_of_small_orders
    return rows


def test_a_none_group_takes_part_in_the_ranking(tmp_path: Path) -> None:
    # "None" is a group of its own: never asked about by name, but when its total is the
    # lowest, the lowest is "None" and not the next group up.
    cases = _cases(tmp_path, _grouped("None"))
    assert cases.get("Which region has the lowest total revenue?", "").startswith("None"), cases
    assert not any("None" in q for q in cases), cases


def test_a_row_to_each_year_is_not_counted(tmp_path: Path) -> None:
    # The sheet says what a row is (an observation), but each year has one row: "How
    # many observations were there in 2021?" would be answered "1" for every year.
    rows: list[list[Any]] = [
        ["Observations of freshwater ducks per year"],
        ["Year", "Freshwater Ducks"],
        *[[2019 + i, n] for i, n in enumerate([120, 135, 150, 170, 160, 180])],
    ]
    path = make_sheet_xlsx(tmp_path / "ducks.xlsx", "Ducks", rows)
    cases = offline_pairs(tmp_path, path, 30)
    assert not [q for q, a in cases.items() if q.startswith("How many") and a == "1"], cases
    # Each year's row is named by its year: asked "in 2021", its highest "in which year".
    assert cases.get("In which year were there the most freshwater ducks?", "").startswith(
        "2024"
    ), cases


def test_measures_of_one_animal_are_not_totalled(tmp_path: Path) -> None:
    # A sample of animals: each row measures one; a sum of their lengths or masses says
    # nothing, whether the header is words or a stored name ("bill_length_mm").
    header = ["island", "sex", "bill_length_mm", "bill_depth_mm", "body_mass_g", "Eggs laid"]
    rows = [
        [island, sex, 38.0 + i, 17.0 + i % 3, 3600 + 50 * i, 2 + i % 2]
        for i, (island, sex) in enumerate(
            [("Biscoe", "male"), ("Dream", "female"), ("Torgersen", "male")] * 4
        )
    ]
    path = make_sheet_xlsx(tmp_path / "sample.xlsx", "Sample", [header, *rows])
    cases = offline_pairs(tmp_path, path, 40)
    for q in cases:
        folded = q.casefold().replace("_", " ")
        assert not any(
            f"total {m}" in folded for m in ("bill length", "bill depth", "body mass")
        ), q
    # A count that does add up is still totalled by island.
    assert any("eggs" in q.casefold() and "Dream" in q for q in cases), sorted(cases)
