"""A figure or a change a report lists, one per bullet without a full stop, is asked for
the period its list's introduction or its heading gives; one with no period is not asked."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline

RESULTS_MD = """# Fabrikam Announces Results

Fabrikam today announced the following results for the quarter ended March 31, 2024:

- Revenue was $12.5 million and increased 8% (up 9% in constant currency)
- Operating income was $2.1 million and decreased 3%

## Fiscal Year 2023 Results

- Net income was $7.4 million and increased 5%
- Gross margin increased $1.2 million or 6%

## Team

Headcount was 250.
"""


def _pairs(tmp_path: Path) -> dict[str, str]:
    f = tmp_path / "results.md"
    f.write_text(RESULTS_MD, encoding="utf-8")
    outcome = generate_offline(tmp_path, f, 30)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def test_a_listed_figure_is_asked_for_the_period_its_list_or_heading_gives(
    tmp_path: Path,
) -> None:
    pairs = _pairs(tmp_path)
    asked = {q: a for q, a in pairs.items() if "quarter ended March 31, 2024" in q}
    assert any(
        q.startswith("What was") and "revenue" in q and a.startswith("Revenue was $12.5 million")
        for q, a in asked.items()
    ), pairs
    assert any("operating income" in q for q in asked), pairs
    yearly = {q: a for q, a in pairs.items() if "fiscal year 2023" in q}
    assert any(q.startswith("By how much did") and "gross margin" in q for q in yearly), pairs
    assert any("net income" in q and a.startswith("Net income was") for q, a in yearly.items())


def test_a_figure_with_no_period_is_not_asked(tmp_path: Path) -> None:
    assert not any("headcount" in q.casefold() for q in _pairs(tmp_path))


SEGMENTS_MD = """# Fabrikam Annual Report

Fabrikam reports two segments: Cloud Services and Devices. Cloud Services grew fastest.
Devices shrank.

## Fiscal Year 2023 Compared with Fiscal Year 2022

### Cloud Services

Revenue increased $3.2 billion or 15%.

### Devices

Revenue decreased $1.1 billion or 9%.

## Fiscal Year 2023 Highlights

Operating expenses increased $5.3 billion or 10%.

Revenue increased $2.1 billion or 4%.
"""


def test_a_measure_is_named_by_its_segment_or_not_asked_when_nothing_tells_it_apart(
    tmp_path: Path,
) -> None:
    f = tmp_path / "annual.md"
    f.write_text(SEGMENTS_MD, encoding="utf-8")
    outcome = generate_offline(tmp_path, f, 30)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    pairs = {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}
    assert pairs.get(
        "By how much did the revenue in Cloud Services increase in fiscal year 2023?"
    ) == ("Revenue increased $3.2 billion or 15%."), pairs
    assert pairs.get("By how much did the operating expenses increase in fiscal year 2023?")
    # "Revenue increased ..." under the highlights is one of three such sentences, and its
    # heading names no segment: the question could not say which revenue it asks about.
    assert not any(a.startswith("Revenue increased $2.1") for a in pairs.values()), pairs
