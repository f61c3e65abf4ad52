"""Rows a table's figures seem to sum up: a column of zeros sums up nothing, so its
rows stay members, are counted and listed; and a value that only such summary rows
hold never breaks generation."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline

# A cost column that is zero for every partner: each zero "adds up" the zeros below it.
PARTNERS_MD = """# Project budget

## Costs by partner

| Partner | Country | Personnel costs | Subcontracting costs |
| --- | --- | --- | --- |
| Alpha Labs | UK | 120,000 | 0 |
| Beta Systems | FR | 95,000 | 0 |
| Gamma Institute | UK | 143,000 | 0 |
| Delta Research | DE | 88,000 | 0 |
| Epsilon University | IT | 101,000 | 0 |
| Zeta Foundation | FR | 64,000 | 0 |
| Eta Consulting | DE | 47,000 | 0 |
"""


def _pairs(tmp_path: Path) -> dict[str, str]:
    f = tmp_path / "partners.md"
    f.write_text(PARTNERS_MD, encoding="utf-8")
    outcome = generate_offline(tmp_path, f, 30)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def test_a_column_of_zeros_makes_no_row_a_subtotal(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path)
    uk = [a for q, a in pairs.items() if "UK" in q]
    assert uk, list(pairs)
    assert all("Alpha Labs" in a and "Gamma Institute" in a for a in uk), uk
    # every partner is ranked: the largest personnel cost is a partner a zero once hid
    top = [a for q, a in pairs.items() if "highest" in q and "personnel" in q.lower()]
    assert not top or top[0].startswith("Gamma Institute"), top
