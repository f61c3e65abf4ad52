"""A pivot table's figures asked as its definition says what they are: a value field
named whole by its function and its field ("average sepal width", never "width"), a
count named by the rows of the sheet it summarises ("How many orders ..."), and a sum of
a measure of one thing (a unit price, a length) never asked, whatever its caption."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs
from tests.helpers.pivot_fixtures import ORDERS, pivot_book

_FLOWERS = [
    ("Sepal Length", "Sepal Width", "Petal Length", "Species"),
    (5.1, 3.5, 1.4, "setosa"),
    (4.9, 3.0, 1.4, "setosa"),
    (7.0, 3.2, 4.7, "versicolor"),
    (6.4, 3.2, 4.5, "versicolor"),
    (6.3, 3.3, 6.0, "virginica"),
    (5.8, 2.7, 5.1, "virginica"),
]


def test_value_fields_that_share_words_are_each_named_whole(tmp_path: Path) -> None:
    values = [
        ("Average of Sepal Length", 0, "average"),
        ("Average of Sepal Width", 1, "average"),
        ("Average of Petal Length", 2, "average"),
    ]
    path = pivot_book(tmp_path / "flowers.xlsx", "flowers", _FLOWERS, 3, values)
    cases = offline_pairs(tmp_path, path, 40)
    assert cases.get("What is the average sepal width for setosa?") == "3.25", cases
    for q in cases:
        if "width" in q or "length" in q:
            assert "sepal" in q or "petal" in q, q  # never "the width for setosa"


def test_sums_of_one_thing_are_not_asked(tmp_path: Path) -> None:
    values = [("Sum of Sepal Length", 0, "sum"), ("Sum of Petal Length", 2, "sum")]
    path = pivot_book(tmp_path / "flowers.xlsx", "flowers", _FLOWERS, 3, values)
    cases = offline_pairs(tmp_path, path, 40)
    for q in cases:
        assert "length" not in q, q  # a total length over a sample of flowers says nothing


def test_a_pivot_of_orders_is_asked_by_what_its_fields_are(tmp_path: Path) -> None:
    values = [
        ("Count of Product", 1, "count"),
        ("Revenue", 2, "sum"),
        ("Sum of Unit Price", 3, "sum"),
        ("Average of Unit Price", 3, "average"),
        ("Sum of Quantity", 4, "sum"),
    ]
    path = pivot_book(tmp_path / "orders.xlsx", "orders", ORDERS, 0, values)
    cases = offline_pairs(tmp_path, path, 60)
    # "Count of Product" counts the orders of each region, not its products.
    assert cases.get("How many orders did North have?") == "3", cases
    assert cases.get("What is the average unit price for South?") == "65", cases
    for q in cases:
        if "unit price" in q:
            assert "average unit price" in q, q  # a sum of unit prices says nothing
        if "quantity" in q:
            assert "total quantity" in q, q  # "the quantity for South" is one order's


def test_figures_shown_as_a_share_are_not_asked_as_totals(tmp_path: Path) -> None:
    values = [("Sum of Sales", 2, "sum")]
    extra = ' showDataAs="percentOfTotal"'
    path = pivot_book(tmp_path / "orders.xlsx", "orders", ORDERS, 0, values, extra)
    cases = offline_pairs(tmp_path, path, 40)
    # The pivot's figures are shares of the whole: none of them is the total of sales (the
    # source sheet's own rows still give the totals by region).
    assert "What are the total sales?" not in cases, cases


def test_a_cross_tab_of_shares_is_not_asked(tmp_path: Path) -> None:
    """One value field shown as a share of a row, by region and product: every figure is
    a share, under whatever column ("Grand Total" too)."""
    grid = [
        ["Share of sales", "Column Labels"],
        ["Row Labels", "Blender", "Kettle", "Grand Total"],
        ["North", "0%", "57%", "100%"],
        ["South", "31%", "69%", "100%"],
        ["West", "56%", "13%", "100%"],
        ["Grand Total", "28%", "46%", "100%"],
    ]
    values = [("Share of sales", 2, "sum")]
    extra = ' showDataAs="percentOfRow"'
    path = pivot_book(tmp_path / "s.xlsx", "orders", ORDERS, 0, values, extra, grid, 1)
    cases = offline_pairs(tmp_path, path, 40)
    for q, a in cases.items():
        assert not a.endswith("%"), (q, a)


def test_a_stored_name_in_camel_case_is_read_as_its_words(tmp_path: Path) -> None:
    from tests.helpers.xlsx_fixtures import make_sheet_xlsx

    header = ["Region", "OrderNo", "Amount"]
    rows = [[r, 1000 + i, 10 * (i + 1)] for i, r in enumerate(["North", "South", "West"] * 3)]
    path = make_sheet_xlsx(tmp_path / "log.xlsx", "Orders", [header, *rows])
    cases = offline_pairs(tmp_path, path, 40)
    assert any("total amount" in q for q in cases), cases
    for q in cases:
        assert "order no" not in q.casefold(), q  # a total of order numbers says nothing
