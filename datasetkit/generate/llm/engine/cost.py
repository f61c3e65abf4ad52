"""Token estimates, a price table, and the budget that stops a run before it overspends.

Prices are US dollars per 1M tokens (input, output), list prices for the standard tier
as published by the providers; they change, so ``--price MODEL=IN/OUT`` (or a
``[generate.prices]`` table) overrides any entry. The Batch API is billed at half price.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

PRICES: dict[str, tuple[float, float]] = {
    "gpt-5": (1.25, 10.00),
    "gpt-5-mini": (0.25, 2.00),
    "gpt-5-nano": (0.05, 0.40),
    "gpt-4.1": (2.00, 8.00),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1-nano": (0.10, 0.40),
    "gpt-4o": (2.50, 10.00),
    "gpt-4o-mini": (0.15, 0.60),
    "o4-mini": (1.10, 4.40),
    "o3-mini": (1.10, 4.40),
    "o3": (2.00, 8.00),
    "gpt-4-turbo": (10.00, 30.00),
    "gpt-3.5-turbo": (0.50, 1.50),
}

BATCH_DISCOUNT = 0.5


def price_for(
    model: str, overrides: Mapping[str, tuple[float, float]] | None = None
) -> tuple[float, float] | None:
    """(input, output) dollars per 1M tokens for ``model``, or None when unknown.

    Dated snapshots (``gpt-4o-2024-08-06``) use their family's price; the longest
    matching family name wins (``gpt-4o-mini`` before ``gpt-4o``).
    """
    table = {**PRICES, **(overrides or {})}
    if model in table:
        return table[model]
    candidates = [name for name in table if model.startswith(name + "-")]
    if not candidates:
        return None
    return table[max(candidates, key=len)]


_tiktoken_encoding: Any = None
_tiktoken_checked = False


def estimate_tokens(text: str) -> int:
    """Tokens in ``text``: tiktoken when it is installed, else about 4 characters a token.

    Characters of CJK scripts count one token each, since the 4-characters rule would
    under-count them several times over.
    """
    global _tiktoken_encoding, _tiktoken_checked
    if not _tiktoken_checked:
        _tiktoken_checked = True
        try:
            import tiktoken

            _tiktoken_encoding = tiktoken.get_encoding("o200k_base")
        except Exception:  # not installed, or its data files cannot be fetched offline
            _tiktoken_encoding = None
    if _tiktoken_encoding is not None:
        return len(_tiktoken_encoding.encode(text))
    wide = sum(1 for ch in text if _is_wide(ch))
    return wide + math.ceil((len(text) - wide) / 4)


def _is_wide(ch: str) -> bool:
    o = ord(ch)
    return (
        0x3040 <= o <= 0x30FF
        or 0x3400 <= o <= 0x9FFF
        or 0xAC00 <= o <= 0xD7AF
        or 0xF900 <= o <= 0xFAFF
    )


def message_tokens(messages: list[dict[str, Any]]) -> int:
    """Estimated prompt tokens of a chat request (content plus a few per message)."""
    return sum(estimate_tokens(str(m.get("content") or "")) + 4 for m in messages) + 3


def cost_of(
    model: str,
    input_tokens: int,
    output_tokens: int,
    overrides: Mapping[str, tuple[float, float]] | None = None,
    *,
    batch: bool = False,
) -> float | None:
    """Dollars for the given usage, or None when the model has no price."""
    price = price_for(model, overrides)
    if price is None:
        return None
    dollars = (input_tokens * price[0] + output_tokens * price[1]) / 1_000_000
    return dollars * (BATCH_DISCOUNT if batch else 1.0)


class BudgetExceeded(Exception):
    """The next call would pass ``--max-cost`` or ``--max-calls``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class Budget:
    """Counts paid calls and dollars; refuses a call that would pass a limit.

    A call reserves its estimate before it is sent and settles at its real usage, so
    concurrent calls cannot jointly overshoot the limit by more than one estimate error.
    """

    model: str
    prices: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    max_cost: float | None = None
    max_calls: int | None = None
    batch: bool = False
    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    spent: float = 0.0
    _reserved_cost: float = 0.0
    _reserved_calls: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def priced(self) -> bool:
        """Whether the model has a price (a cost limit needs one)."""
        return price_for(self.model, self.prices) is not None

    def _cost(self, input_tokens: int, output_tokens: int, model: str | None) -> float:
        return (
            cost_of(model or self.model, input_tokens, output_tokens, self.prices, batch=self.batch)
            or 0.0
        )

    def reserve(self, est_input: int, est_output: int, *, model: str | None = None) -> float:
        """Claim room for one call, or raise :class:`BudgetExceeded`. Returns the reservation.

        ``model`` prices a call to another model than the run's (the judge's)."""
        est = self._cost(est_input, est_output, model)
        with self._lock:
            if self.max_calls is not None and self.calls + self._reserved_calls >= self.max_calls:
                raise BudgetExceeded(f"max-calls {self.max_calls} reached")
            if self.max_cost is not None and self.spent + self._reserved_cost + est > self.max_cost:
                raise BudgetExceeded(
                    f"max-cost ${self.max_cost:.4f} would be passed "
                    f"(spent ${self.spent:.4f}, next call about ${est:.4f})"
                )
            self._reserved_calls += 1
            self._reserved_cost += est
        return est

    def settle(
        self,
        reservation: float,
        input_tokens: int,
        output_tokens: int,
        *,
        paid: bool = True,
        model: str | None = None,
    ) -> None:
        """Replace a reservation by the real usage (``paid=False`` when the call failed unbilled)."""
        actual = self._cost(input_tokens, output_tokens, model)
        with self._lock:
            self._reserved_calls -= 1
            self._reserved_cost -= reservation
            if paid:
                self.calls += 1
                self.input_tokens += input_tokens
                self.output_tokens += output_tokens
                self.spent += actual

    def charge(self, input_tokens: int, output_tokens: int, *, model: str | None = None) -> None:
        """Count usage that had no reservation (a batch collected by id)."""
        actual = self._cost(input_tokens, output_tokens, model)
        with self._lock:
            self.calls += 1
            self.input_tokens += input_tokens
            self.output_tokens += output_tokens
            self.spent += actual

    def snapshot(self) -> dict[str, Any]:
        """Usage so far, JSON-ready."""
        with self._lock:
            return {
                "calls": self.calls,
                "input_tokens": self.input_tokens,
                "output_tokens": self.output_tokens,
                "cost": round(self.spent, 6) if self.priced else None,
            }
