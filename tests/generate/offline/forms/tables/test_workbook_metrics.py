"""A workbook's sheet of metrics with no header row (a label and its figure per row) is
asked by each label ("What is the retention rate?"), and a region named by its direction
is said with its noun ("the North region")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.knowledge_fixtures import offline_pairs
from tests.helpers.xlsx_fixtures import make_sheets_xlsx

# A sheet under its title row: revenue by region, two regions named by direction.
_REGIONS: list[list[Any]] = [
    ["Regional Breakdown"],
    [],
    ["Region", "Revenue"],
    ["North", "$800K"],
    ["South", "$600K"],
]


def _cases(tmp_path: Path, sheets: dict[str, list[list[Any]]]) -> dict[str, str]:
    path = make_sheets_xlsx(tmp_path / "report.xlsx", sheets)
    return offline_pairs(tmp_path, path, 20)


def test_an_unheaded_sheet_of_metrics_is_asked_by_label(tmp_path: Path) -> None:
    sheets = {
        "Customers": [
            ["Customer Metrics"],
            [],
            ["New Customers", 250],
            ["Retention Rate", "92%"],
        ]
    }
    cases = _cases(tmp_path, sheets)
    assert cases.get("How many new customers were there?") == "250", cases
    assert cases.get("What is the retention rate?") == "92%", cases


def test_a_sum_the_sheet_never_names_is_not_asked(tmp_path: Path) -> None:
    sheets = {"Totals": [["Department Totals"], [], ["Finance Total", 4120], ["Sales Total", 3900]]}
    assert not any("total" in q.casefold() for q in _cases(tmp_path, sheets))


def test_a_region_named_by_direction_is_said_with_its_noun(tmp_path: Path) -> None:
    cases = _cases(tmp_path, {"Regions": _REGIONS})
    assert cases.get("What is the revenue of the North region?") == "$800K", cases


def test_a_sheet_of_a_workbook_is_asked_of_its_title(tmp_path: Path) -> None:
    sheets = {
        "Regions": _REGIONS,
        "Stores": [
            ["Store Openings"],
            [],
            ["Store", "Opened"],
            ["Harbour Market", "2019"],
            ["Hilltop Goods", "2021"],
        ],
    }
    cases = _cases(tmp_path, sheets)
    asked = "What is the revenue of the North region according to the Regional Breakdown?"
    assert cases.get(asked) == "$800K", cases
