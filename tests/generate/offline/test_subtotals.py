"""Subtotal rows of a table: a group's total is never ranked among its members, and a
member whose figure happens to equal the sum of the rows after it is still a member."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline

# "Finance" (323) sums the seven "Finance - ..." rows under it. "Finance - Venture Capital"
# (33 hires) is its last member: the three rows after it (25 + 4 + 4) add up to 33 by
# chance, yet it is a member with the lowest median salary of all.
HIRES_MD = """# Graduate Placement Report

## New hires by function

| Function | Number of hires | Median monthly salary |
| --- | --- | --- |
| Business Development | 13 | $5,600 |
| Consulting | 89 | $9,500 |
| Finance | 323 | $7,916 |
| Finance - Company Finance | 49 | $6,000 |
| Finance - Investment Banking | 118 | $7,917 |
| Finance - Investment Management | 64 | $7,917 |
| Finance - Private Client Services | 6 | $7,900 |
| Finance - Real Estate | 4 | $7,000 |
| Finance - Sales and Trading | 49 | $7,917 |
| Finance - Venture Capital | 33 | $4,500 |
| General Management | 25 | $6,055 |
| Human Resources | 4 | $6,100 |
| Information Systems | 4 | $6,200 |
| Marketing - Research | 10 | $5,300 |
| Strategic Planning | 26 | $5,400 |
"""


def test_a_member_that_sums_the_rows_after_it_by_chance_is_still_ranked(tmp_path: Path) -> None:
    f = tmp_path / "hires.md"
    f.write_text(HIRES_MD, encoding="utf-8")
    outcome = generate_offline(tmp_path, f, 30)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    pairs = {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}
    lowest = [a for q, a in pairs.items() if "lowest" in q and "median monthly salary" in q]
    assert lowest, list(pairs)
    assert lowest[0].startswith("Finance - Venture Capital"), lowest
    # the group's own total is still left out of the ranking
    assert not [a for q, a in pairs.items() if "most" in q and a.startswith("Finance (")], pairs
