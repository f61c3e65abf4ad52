"""A question from a section about one of several funds (plans, products) names it."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load

FUNDS = """\
# Prospectus of the Tailspin Investment Funds

This prospectus describes the funds Tailspin Investment offers to institutional investors.

## Tailspin Global Equity Fund

The fund invests at least 80% of its assets in shares of companies worldwide. The
minimum initial investment in the fund is £100,000. The annual management charge of
the fund is 0.75%.

## Tailspin Sterling Bond Fund (available from 1 May 2024)

The fund invests at least 70% of its assets in bonds issued in sterling. The minimum
initial investment in the fund is £500,000. The annual management charge of the fund
is 0.40%.

## Dealing

Shares may be bought and sold on every business day. Orders received before noon are
dealt at that day's price.
"""


def _cases(path: Path) -> list[tuple[str, str]]:
    docs = load([path])
    chunks = chunk_documents([d for d in docs if d.sections])
    gen = OfflineGenerator()
    plan = build_plan(chunks, 12, 1, capacity=gen.capacity)
    return [
        (c.case.turns[0].prompt, c.case.turns[0].expected_response or "")
        for c in gen.generate_knowledge(plan).cases
    ]


def test_a_question_under_one_fund_names_that_fund(tmp_path: Path) -> None:
    path = tmp_path / "funds.md"
    path.write_text(FUNDS, encoding="utf-8")
    cases = _cases(path)
    about_a_fund = [(q, a) for q, a in cases if "%" in a or "£" in a]
    assert about_a_fund, cases
    for q, a in about_a_fund:
        first = any(v in a for v in ("0.75%", "£100,000", "80%"))
        fund = "Global Equity Fund" if first else "Sterling Bond Fund"
        assert f"the Tailspin {fund}" in q, (q, a)
    assert not [q for q, _ in cases if "the fund" in q], cases
