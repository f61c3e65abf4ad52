"""Prices, token estimates and the budget that stops a run before it overspends."""

from __future__ import annotations

import pytest

from datasetkit.generate.llm.engine.cost import (
    Budget,
    BudgetExceeded,
    cost_of,
    estimate_tokens,
    price_for,
)


def test_prices_snapshots_overrides_and_batch_discount() -> None:
    assert price_for("gpt-4o-mini-2024-07-18") == (0.15, 0.60)
    assert price_for("gpt-4o-2024-08-06") == (2.50, 10.00)
    assert price_for("my-local-model") is None
    assert price_for("my-local-model", {"my-local-model": (1.0, 2.0)}) == (1.0, 2.0)
    assert cost_of("gpt-4o-mini", 1_000_000, 1_000_000) == pytest.approx(0.75)
    assert cost_of("gpt-4o-mini", 1_000_000, 1_000_000, batch=True) == pytest.approx(0.375)
    assert 20 <= estimate_tokens("x" * 100) <= 30
    assert estimate_tokens("日本語のテキスト") >= 8  # one token a CJK character, not chars/4


def test_budget_refuses_the_call_that_would_pass_the_limit() -> None:
    b = Budget("gpt-4o-mini", max_cost=0.001)
    r = b.reserve(2000, 500)  # about $0.0006
    b.settle(r, 2000, 500)
    with pytest.raises(BudgetExceeded):
        b.reserve(2000, 500)
    calls = Budget("gpt-4o-mini", max_calls=2)
    calls.settle(calls.reserve(10, 10), 10, 10)
    calls.reserve(10, 10)
    with pytest.raises(BudgetExceeded):
        calls.reserve(10, 10)
