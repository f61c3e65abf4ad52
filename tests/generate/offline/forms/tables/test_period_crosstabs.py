"""Cross-tabs of one measure by period: the measure its title names among the words that
say how the figures are shown ("Quarterly ... Trend"), whose figures they are (the name
the title opens with), the unit the corner cell gives ("($ in millions)"), and the
highest and lowest computed per period and per row."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs
from tests.helpers.xlsx_fixtures import make_sheet_xlsx


def _quarters(path: Path) -> Path:
    return make_sheet_xlsx(
        path,
        "Sheet1",
        [
            ["", "WOODGROVE QUARTERLY BOOKINGS TREND BOOKINGS BY REGION"],
            [],
            ["(€ in thousands)", "Q2 FY25", "Q1 FY25", "Q4 FY24", "Q3 FY24"],
            ["Northern Europe", "€1,200", "€1,150", "€990", "€1,010"],
            ["Iberia", 640, 610, 700, 580],
            ["Benelux", 310, 330, 290, 305],
            ["Alpine", 455, 420, 410, 398],
            ["TOTAL", "€2,605", "€2,510", "€2,390", "€2,293"],
        ],
    )


def test_a_quarterly_crosstab_is_asked_by_its_measure_owner_and_unit(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _quarters(tmp_path / "bookings.xlsx"), 40)
    assert pairs.get("What were WOODGROVE's bookings for Iberia in Q1 FY25?") == (
        "€610 (in thousands)"
    ), pairs
    assert pairs.get("What were WOODGROVE's total bookings in Q4 FY24?") == (
        "€2,390 (in thousands)"
    ), pairs
    for question in pairs:
        # Never the corner's unit, the title's presentation words or a quarter as a noun.
        assert "trend" not in question.lower() and "€ in" not in question, question
        assert "the Q1" not in question, question


def test_a_crosstab_by_period_ranks_its_rows_and_its_periods(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _quarters(tmp_path / "bookings.xlsx"), 60)
    led = "Which of WOODGROVE's regions had the highest bookings in Q4 FY24?"
    assert pairs.get(led) == "Northern Europe: €990 (in thousands)", pairs
    low = "Which of WOODGROVE's regions had the lowest bookings in Q2 FY25?"
    assert pairs.get(low) == "Benelux: €310 (in thousands)", pairs
    peak = "In which quarter from Q3 FY24 to Q2 FY25 were WOODGROVE's bookings for Iberia highest?"
    assert pairs.get(peak) == "Q4 FY24: €700 (in thousands)", pairs
    # The total row is no region: never the highest of the rows it sums up.
    assert not any(a.startswith("TOTAL") for a in pairs.values()), pairs


def test_a_yearly_crosstab_titled_by_its_measure_is_ranked_by_year(tmp_path: Path) -> None:
    path = make_sheet_xlsx(
        tmp_path / "visits.xlsx",
        "Visits",
        [
            ["Annual Visits by Park"],
            [],
            ["Park", 2021, 2022, 2023, 2024],
            ["Cedar Hollow", 12000, 15500, 16100, 15800],
            ["Lakeside", 8300, 7900, 9100, 9900],
            ["Pine Ridge", 4100, 4500, 4400, 5200],
            ["Stone Bridge", 6600, 6100, 7000, 6900],
        ],
    )
    pairs = offline_pairs(tmp_path, path, 60)
    assert pairs.get("Which park had the highest visits in 2022?") == "Cedar Hollow: 15500", pairs
    assert pairs.get("In which year from 2021 to 2024 were the visits for Lakeside highest?") == (
        "2024: 9900"
    ), pairs
