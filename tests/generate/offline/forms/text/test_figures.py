"""A figure a report states for a period is asked as its organisation's figure in that
period, answered with the sentence that states it."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline

REPORT_MD = """# Fabrikam Reports Third Quarter 2024 Results

REDMOND – October 24, 2024 – Fabrikam, Inc. today reported financial results for the
quarter ended September 30, 2024.

## Third Quarter 2024 Highlights

- Revenue – Revenue was $12.4 billion, an increase of 9% year-over-year.
- Long-term debt – Long-term debt was $8.1 billion as of September 30, 2024.
- Headcount – Headcount was 41,200 as of September 30, 2024, a decrease of 3% year-over-year.
- Monthly active users (MAUs) – MAUs were 1.2 billion on average for September 2024.

Free cash flow was $3.96 billion in the third quarter of 2024.

## Outlook

It was a strong quarter for every team.
"""


def _pairs(tmp_path: Path, text: str) -> dict[str, str]:
    f = tmp_path / "report.md"
    f.write_text(text, encoding="utf-8")
    outcome = generate_offline(tmp_path, f, 30)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def test_a_reported_figure_is_asked_for_its_period(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path, REPORT_MD)
    assert pairs.get("What was Fabrikam's long-term debt as of September 30, 2024?", "").endswith(
        "Long-term debt was $8.1 billion as of September 30, 2024."
    ), pairs
    # A sentence that names no period is asked for the period the title reports on.
    assert "What was Fabrikam's free cash flow in the third quarter of 2024?" in pairs, pairs
    # An acronym is asked by the name its item gives it.
    assert any("monthly active users (MAUs)" in q for q in pairs), pairs
    assert not [q for q in pairs if q.startswith("What was it")], pairs


def test_a_list_question_does_not_say_its_period_twice(tmp_path: Path) -> None:
    # "What are the third quarter 2024 highlights for Third Quarter 2024?"
    pairs = _pairs(tmp_path, REPORT_MD)
    assert pairs, "a report gives questions"
    twice = [q for q in pairs if q.casefold().count("third quarter") > 1]
    assert not twice, twice


OUTLOOK_MD = """# World Trade Outlook, April 2024

## Trade volumes

World merchandise trade volume is projected to grow by 2.6 percent in 2024 and 3.3 percent \
in 2025.

Global inflation is expected to fall from 6.8 percent in 2023 to 5.8 percent in 2024.
"""


def test_a_forecast_is_asked_for_the_year_it_gives_a_figure_for(tmp_path: Path) -> None:
    # A change ("grow by") is asked by how much; a level ("fall ... to") what it will be.
    pairs = _pairs(tmp_path, OUTLOOK_MD)
    assert "By how much is world merchandise trade volume projected to grow in 2024?" in pairs
    assert pairs.get("What is global inflation expected to be in 2024?", "").endswith(
        "to 5.8 percent in 2024."
    ), pairs


RESULTS_MD = """# Northwind Results

## Quarterly results

Northwind today announced the following results for the quarter ended March 31, 2024:

- Revenue was $12.4 billion and increased 6% (up 7% in constant currency)
- Operating income was $3.1 billion and increased 9%
"""


def test_a_listed_figure_is_asked_for_the_period_its_list_names(tmp_path: Path) -> None:
    # The list's lead-in names the period; its items need no full stop.
    pairs = _pairs(tmp_path, RESULTS_MD)
    revenue = [a for q, a in pairs.items() if "revenue for the quarter ended March 31, 2024" in q]
    assert revenue == ["Revenue was $12.4 billion and increased 6% (up 7% in constant currency)"], (
        pairs
    )
