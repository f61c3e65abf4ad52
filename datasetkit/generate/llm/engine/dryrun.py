"""What a run would do, with nothing sent: calls, tokens and cost (``--dry-run``).

Generation calls are known exactly (their requests are built, and those already in the
response cache are free). Critic and judge calls are estimated: one of each per
single-turn case (no judge for out-of-scope requests), priced with the judge's model.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from datasetkit.core.language.detect import language_name
from datasetkit.generate.contract import Plan
from datasetkit.generate.llm.config.settings import LLMSettings
from datasetkit.generate.llm.engine.cost import cost_of
from datasetkit.generate.llm.wire.cache import ResponseCache
from datasetkit.generate.llm.wire.units import Unit

KIND_NAMES = {"generate": "generation", "critic": "critic", "judge": "judge"}


@dataclass
class KindEstimate:
    """The calls of one kind and their estimated tokens and cost."""

    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    model: str = ""
    cost: float | None = 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "calls": self.calls,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "model": self.model,
            "estimated_cost": None if self.cost is None else round(self.cost, 6),
        }


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
    # generate / critic / judge -> its calls, tokens and cost
    by_kind: dict[str, KindEstimate] = field(default_factory=dict)
    # The worst case: every one of the ``max_calls`` calls writes ``max_tokens`` tokens
    # (a small model that never stops does exactly that).
    max_tokens: int = 0
    worst_input_tokens: int = 0
    worst_output_tokens: int = 0
    worst_cost: float | None = None

    def render(self) -> str:
        """The plan as text for people (stderr or stdout)."""
        kinds = ", ".join(
            f"{KIND_NAMES.get(k, k)} {e.calls}" for k, e in self.by_kind.items() if e.calls
        )
        lines = [
            f"model: {self.model}" + (" (Batch API, half price)" if self.batch else ""),
            f"calls: {self.calls} to send"
            + (f" ({kinds})" if len(self.by_kind) > 1 else "")
            + (f", {self.cached} already cached (free)" if self.cached else "")
            + f"; at most {self.max_calls} with repairs and top-ups",
            f"estimated tokens: {self.input_tokens:,} input, {self.output_tokens:,} output",
            f"worst case: {self.worst_input_tokens:,} input, {self.worst_output_tokens:,} output "
            f"(all {self.max_calls} calls, each writing max_tokens={self.max_tokens:,})",
        ]
        if self.cost is None:
            lines.append(
                f"estimated cost: unknown (no price for {self.model}; pass --price {self.model}=IN/OUT)"
            )
        else:
            worst = (
                f" to ${self.worst_cost:.4f} (worst case)" if self.worst_cost is not None else ""
            )
            lines.append(f"estimated cost: ${self.cost:.4f}{worst}")
        if len(self.by_kind) > 1:
            for kind, e in self.by_kind.items():
                cost = "unknown" if e.cost is None else f"${e.cost:.4f}"
                model = f" ({e.model})" if e.model != self.model else ""
                lines.append(
                    f"  {KIND_NAMES.get(kind, kind)}{model}: {e.calls} calls, "
                    f"{e.input_tokens:,} in / {e.output_tokens:,} out tokens, {cost}"
                )
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
            "worst_case": {
                "max_tokens": self.max_tokens,
                "input_tokens": self.worst_input_tokens,
                "output_tokens": self.worst_output_tokens,
                "cost": None if self.worst_cost is None else round(self.worst_cost, 6),
            },
            "batch": self.batch,
            "languages": dict(self.language),
            "by_kind": {k: e.to_dict() for k, e in self.by_kind.items()},
        }


# (kind, estimated input tokens, estimated output tokens) of a call not built yet.
Planned = tuple[str, int, int]


def estimate(
    units: list[Unit],
    *,
    settings: LLMSettings,
    base: Path,
    top_up_rounds: int,
    batch: bool,
    review: list[Planned] | None = None,
) -> DryRun:
    """The dry run of ``units`` (what is cached is free, the rest is estimated), plus the
    ``review`` calls that would follow them."""
    cache = None if settings.no_cache else ResponseCache(base / settings.cache_dir)
    cached = 0
    langs: Counter[str] = Counter()
    model = settings.model_label
    judge_model = settings.judge_model or model
    kinds: dict[str, KindEstimate] = {"generate": KindEstimate(model=model)}
    for u in units:
        assert u.request is not None
        langs[u.language] += 1
        if cache is not None and cache.get(u.request.key) is not None:
            cached += 1
            continue
        e = kinds["generate"]
        e.calls += 1
        e.input_tokens += u.request.est_input
        e.output_tokens += u.request.est_output
    for kind, tin, tout in review or []:
        e = kinds.setdefault(kind, KindEstimate(model=judge_model if kind == "judge" else model))
        e.calls += 1
        e.input_tokens += tin
        e.output_tokens += tout
    for e in kinds.values():
        e.cost = cost_of(e.model, e.input_tokens, e.output_tokens, settings.prices, batch=batch)
    costs = [e.cost for e in kinds.values()]
    total = None if any(c is None for c in costs) else sum(c or 0.0 for c in costs)
    calls = sum(e.calls for e in kinds.values())
    # Worst case: every reply repaired, every slot topped up once (and repaired).
    worst = calls * 2 * (1 + top_up_rounds)
    max_tokens, worst_in, worst_out = _worst_case(units, settings, kinds, calls, top_up_rounds)
    dry = DryRun(
        calls,
        cached,
        sum(e.input_tokens for e in kinds.values()),
        sum(e.output_tokens for e in kinds.values()),
        model,
        total,
        worst,
        dict(langs),
        batch,
        by_kind=kinds if len(kinds) > 1 else {},
        max_tokens=max_tokens,
        worst_input_tokens=worst_in,
        worst_output_tokens=worst_out,
    )
    dry.worst_cost = cost_of(model, worst_in, worst_out, settings.prices, batch=batch)
    return dry


def _worst_case(
    units: list[Unit],
    settings: LLMSettings,
    kinds: dict[str, KindEstimate],
    calls: int,
    top_up_rounds: int,
) -> tuple[int, int, int]:
    """(max_tokens, input, output tokens) when every call, repairs and top-ups included,
    writes ``max_tokens`` (a small model that never closes its JSON does)."""
    max_tokens = max(
        [settings.max_output_tokens]
        + [
            int(
                u.request.body.get("max_tokens") or u.request.body.get("max_completion_tokens") or 0
            )
            for u in units
            if u.request is not None
        ]
    )
    rounds = 1 + top_up_rounds
    # A repair carries the prompt and the failed reply: at most the prompt plus max_tokens.
    worst_in = 2 * rounds * sum(e.input_tokens for e in kinds.values())
    worst_in += calls * rounds * max_tokens
    return max_tokens, worst_in, calls * 2 * rounds * max_tokens


def report(
    generator: Any,
    *,
    plan: Plan | None = None,
    description: str | None = None,
    count: int = 10,
    seed: int = 0,
    language: str | None = None,
) -> str:
    """The ``--dry-run`` report for a knowledge plan or a starter description."""
    if plan is not None:
        est = generator.dry_run_knowledge(plan, language=language)
    else:
        est = generator.dry_run_starter(
            description or "", count=count, seed=seed, language=language
        )
    return str(est.render())
