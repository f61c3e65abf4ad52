"""One amount is asked once: a report's table and its summary give the same figure in other
words ("$31,999 (in millions)" for the quarter, "$32.0 billion" in the highlights)."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.figure_repeats import figure_of, same_figure
from tests.helpers.knowledge_fixtures import offline_questions

REPORT_MD = """\
# Fabrikam Reports Second Quarter 2023 Results

## Second Quarter 2023 Financial Highlights

| In millions | Three Months Ended June 30, 2022 | Three Months Ended June 30, 2023 |
| --- | --- | --- |
| Revenue | $28,822 | $31,999 |
| Costs and expenses | 20,464 | 22,607 |
| Income from operations | $8,358 | $9,392 |

## Second Quarter 2023 Operational and Other Financial Highlights

- Revenue – Revenue was $32.0 billion, an increase of 11% year-over-year.
- Costs and expenses – Total costs and expenses were $22.61 billion, an increase of 10%.
- Headcount – Headcount was 71,469 as of June 30, 2023, a decrease of 14% year-over-year.
"""


def test_a_figure_the_table_gives_is_not_asked_again_from_the_summary(tmp_path: Path) -> None:
    questions = offline_questions(tmp_path, "report.md", REPORT_MD)
    revenue_2023 = [q for q in questions if "revenue" in q and "2023" in q]
    costs_2023 = [q for q in questions if "costs and expenses" in q and "2023" in q]
    assert len(revenue_2023) == 1, questions
    assert len(costs_2023) == 1, questions
    assert any("headcount" in q for q in questions), questions  # other figures stay


def test_figures_of_other_periods_or_things_are_not_one() -> None:
    revenue = figure_of("What was revenue in 2023?", "$32.0 billion")
    assert revenue is not None
    same = figure_of(
        "What was the revenue in the quarter ended June 30, 2023?", "$31,999 (in millions)"
    )
    assert same is not None and same_figure(revenue, same)
    other_year = figure_of("What was revenue in 2022?", "$32.0 billion")
    assert other_year is not None and not same_figure(revenue, other_year)
    other_thing = figure_of("What was the operating income in 2023?", "$32.0 billion")
    assert other_thing is not None and not same_figure(revenue, other_thing)
    far = figure_of("What was the revenue in 2023?", "$31,800 (in millions)")
    assert far is not None and not same_figure(revenue, far)
    assert figure_of("How many days do I have?", "30 days") is None  # no money, no magnitude
