"""A table's answer says what its figure counts: the unit its header or its row gives
("$0.20 per word", "$80.00 per hour"), and for a bare number the measure it is of
("sleeps 6"), so the answer holds on its own."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.helpers.knowledge_fixtures import generate_offline


def _pairs(outcome: Any) -> dict[str, str]:
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def _workbook(path: Path, title: str, header: list[str], rows: list[list[Any]]) -> Path:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = title
    ws.append(header)
    for row in rows:
        ws.append(row)
    wb.save(path)
    return path


def test_an_amount_says_the_unit_its_row_prices_it_by(tmp_path: Path) -> None:
    # "$80.00" for a course priced by the hour is not the course's price.
    path = _workbook(
        tmp_path / "rates.xlsx",
        "Services",
        ["Service", "Unit of Issue", "Price"],
        [
            ["Project Manager", "Hour", "$80.00"],
            ["Technical Writer", "Hour", "$65.50"],
            ["Translation", "Word", "$0.20"],
            ["Onsite Workshop", "Day", "$1,900.00"],
            ["Printed Manual", "Each", "$35.00"],
        ],
    )
    pairs = _pairs(generate_offline(tmp_path, path, 20))
    priced = {q: a for q, a in pairs.items() if re.search(r"\$\d", a)}
    assert priced, pairs
    for q, a in priced.items():
        assert re.search(r"\b(?:per (?:hour|word|day)|each)\b", a), (q, a)
    assert any(a.endswith("$0.20 per word") for a in priced.values()), priced


def test_an_amount_says_the_unit_its_header_counts_it_per(tmp_path: Path) -> None:
    path = _workbook(
        tmp_path / "fees.xlsx",
        "Fees",
        ["Language", "Price per word", "Rush fee"],
        [
            ["French", "$0.20", "$25.00"],
            ["German", "$0.21", "$25.00"],
            ["Japanese", "$0.32", "$40.00"],
            ["Spanish", "$0.18", "$20.00"],
        ],
    )
    pairs = _pairs(generate_offline(tmp_path, path, 20))
    per_word = {q: a for q, a in pairs.items() if "price per word" in q.lower()}
    assert per_word, pairs
    assert all(re.search(r"\$0\.\d\d per word\)?$", a) for a in per_word.values()), per_word
    rush = {q: a for q, a in pairs.items() if "rush fee" in q.lower()}
    assert all("per" not in a for a in rush.values()), rush


def test_the_highest_bare_number_says_what_it_counts(tmp_path: Path) -> None:
    # "Basecamp 6 (6)" does not say six of what.
    path = _workbook(
        tmp_path / "tents.xlsx",
        "Tents",
        ["Model", "Price", "Sleeps", "Volume"],
        [
            ["Trailhead 2", "$149.00", 2, 30],
            ["Ridgeline 3", "$289.00", 3, 45],
            ["Summit 2 XT", "$449.00", 2, 40],
            ["Basecamp 6", "$599.00", 6, 90],
        ],
    )
    pairs = _pairs(generate_offline(tmp_path, path, 30))
    extremes = {q: a for q, a in pairs.items() if re.match(r"Which tent\b", q)}
    assert extremes, pairs
    for q, a in extremes.items():
        assert not re.search(r"\(\d+\)$", a), (q, a)
    assert "Basecamp 6 (sleeps 6)" in extremes.values(), extremes


def test_a_statement_by_segment_is_asked_with_its_period_and_scale(tmp_path: Path) -> None:
    # A statement's first header gives the scale ("In millions of EUR"), its column headers
    # the period and the measure, and a negative is printed in brackets: each cell is a
    # question that says the period, answered with the scale and the sign.
    path = _workbook(
        tmp_path / "segments.xlsx",
        "Segments",
        ["In millions of EUR", "January–June 2024 Sales", "January–June 2024 Operating profit"],
        [
            ["Zone North", "12,553", "2,713"],
            ["Zone South", "9,467", "(197)"],
            ["Zone East", "9,060", "1,985"],
            ["Zone West", "—", "(21)"],
            ["Total", "31,080", "4,480"],
        ],
    )
    pairs = _pairs(generate_offline(tmp_path, path, 30))
    assert pairs, "a statement by segment gives questions"
    assert any(
        re.match(r"What (?:are|is) the (?:sales|operating profit) of the Zone \w+ segment", q)
        and re.fullmatch(r"-?[\d,]+ \(in millions of EUR\)", a)
        for q, a in pairs.items()
    ), pairs
    for q, a in pairs.items():
        assert "January–June 2024" in q, q
        assert "—" not in a and not re.search(r"\(\d", a) and "((" not in a, (q, a)
    assert any(a.endswith("-197 (in millions of EUR)") for a in pairs.values()), pairs


def test_a_table_s_own_total_is_asked_as_the_total_of_its_column(tmp_path: Path) -> None:
    # The "Total" row is no row to look up ("How many hires did Total have?"), but the
    # figure it states is one a user asks; a share that adds up to 100% is not asked, and a
    # median on that row is the overall one.
    path = _workbook(
        tmp_path / "hires.xlsx",
        "Hires by Region",
        ["Region", "Number of Hires", "Percent of Hires", "Median Salary"],
        [
            ["Northeast", 120, "40.0%", "$7,500"],
            ["Midwest", 95, "31.7%", "$7,000"],
            ["West", 85, "28.3%", "$8,100"],
            ["Total", 300, "100.0%", "$7,400"],
        ],
    )
    pairs = _pairs(generate_offline(tmp_path, path, 30))
    assert not [q for q in pairs if re.search(r"\bTotal\b", q)], pairs
    totals = {q: a for q, a in pairs.items() if re.search(r"\b(?:total|overall)\b", q)}
    assert any(
        re.match(r"What is the total number of .*hires", q) and a == "300"
        for q, a in totals.items()
    ), pairs
    assert "100.0%" not in pairs.values(), pairs
    assert not [q for q in totals if "total median" in q], totals


def test_a_percentage_the_header_names_is_said_with_its_sign(tmp_path: Path) -> None:
    path = _workbook(
        tmp_path / "shares.xlsx",
        "Hires by Region",
        ["Region", "Percent of Hires", "Median Salary"],
        [["Northeast", 40.5, "$7,500"], ["Midwest", 31.7, "$7,000"], ["West", 27.8, "$8,100"]],
    )
    pairs = _pairs(generate_offline(tmp_path, path, 20))
    shares = {q: a for q, a in pairs.items() if "percentage" in q.lower()}
    assert shares, pairs
    assert all(a.endswith("%") for a in shares.values()), shares
