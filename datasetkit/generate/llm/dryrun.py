"""What a run would do, with nothing sent: calls, tokens and cost (``--dry-run``)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...language import language_name
from .cache import ResponseCache
from .config import LLMSettings
from .cost import cost_of
from .units import Unit


@dataclass
class DryRun:
    """What a run would do: calls, tokens and cost, with nothing sent."""

    calls: int
    cached: int
    input_tokens: int
    output_tokens: int
    model: str
    cost: float | None
    max_calls: int
    language: dict[str, int]
    batch: bool = False

    def render(self) -> str:
        """The plan as text for people (stderr or stdout)."""
        lines = [
            f"model: {self.model}" + (" (Batch API, half price)" if self.batch else ""),
            f"calls: {self.calls} to send"
            + (f", {self.cached} already cached (free)" if self.cached else "")
            + f"; at most {self.max_calls} with repairs and top-ups",
            f"estimated tokens: {self.input_tokens:,} input, {self.output_tokens:,} output",
        ]
        if self.cost is None:
            lines.append(
                f"estimated cost: unknown (no price for {self.model}; pass --price {self.model}=IN/OUT)"
            )
        else:
            lines.append(f"estimated cost: ${self.cost:.4f}")
        if self.language:
            lines.append(
                "languages: "
                + ", ".join(
                    f"{language_name(k)} ({k}) x{v}" for k, v in sorted(self.language.items())
                )
            )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "calls": self.calls,
            "cached": self.cached,
            "max_calls": self.max_calls,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "model": self.model,
            "estimated_cost": None if self.cost is None else round(self.cost, 6),
            "batch": self.batch,
            "languages": dict(self.language),
        }


def estimate(
    units: list[Unit], *, settings: LLMSettings, base: Path, top_up_rounds: int, batch: bool
) -> DryRun:
    """The dry run of ``units``: what is cached is free, the rest is estimated."""
    cache = None if settings.no_cache else ResponseCache(base / settings.cache_dir)
    calls = cached = tin = tout = 0
    langs: Counter[str] = Counter()
    for u in units:
        assert u.request is not None
        langs[u.language] += 1
        if cache is not None and cache.get(u.request.key) is not None:
            cached += 1
            continue
        calls += 1
        tin += u.request.est_input
        tout += u.request.est_output
    model = settings.model_label
    cost = cost_of(model, tin, tout, settings.prices, batch=batch)
    # Worst case: every reply repaired, every slot topped up once (and repaired).
    worst = calls * 2 * (1 + top_up_rounds)
    return DryRun(calls, cached, tin, tout, model, cost, worst, dict(langs), batch)
