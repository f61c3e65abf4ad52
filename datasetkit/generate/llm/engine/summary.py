"""What a run reports on stderr when it ends: cases made against those asked, why some are
missing, calls, tokens and cost, every HTTP request by outcome, and a resumed run's totals."""

from __future__ import annotations

from collections import Counter
from typing import Any

from datasetkit.generate.contract import GenerationResult


def summary(result: GenerationResult, requested: int) -> str:
    """A few lines for stderr: produced vs asked, why cases are missing, usage and cost."""
    usage = result.usage
    lines = [f"generated {len(result.cases)} of {requested} case(s)"]
    flagged = sum(1 for c in result.cases if "ungrounded" in (c.case.tags or []))
    if flagged:
        lines.append(f"  {flagged} kept but flagged as not grounded (review them)")
    if result.shortfall:
        short = ", ".join(f"{k}: {v}" for k, v in sorted(result.shortfall.items()))
        lines.append(f"  short by category: {short}")
    if usage.get("diagnosis"):
        lines.append(f"  replies: {usage['diagnosis']}")
    reasons = Counter(f.reason.split(":")[0] for f in result.failures)
    if reasons:
        lines.append(
            "  missing because: " + ", ".join(f"{r} x{n}" for r, n in reasons.most_common())
        )
    rejected = usage.get("rejected") or {}
    if rejected:
        lines.append(
            "  rejected on the way (then retried): "
            + ", ".join(f"{r} x{n}" for r, n in sorted(rejected.items()))
        )
    cost = usage.get("cost")
    kinds = {k: v.get("calls", 0) for k, v in (usage.get("calls_by_kind") or {}).items()}
    by_kind = (
        " (" + ", ".join(f"{k} {n}" for k, n in kinds.items() if n) + ")"
        if sum(1 for n in kinds.values() if n) > 1
        else ""
    )
    lines.append(
        f"  calls {usage.get('calls', 0)}{by_kind}, cached {usage.get('cached', 0)}, "
        f"replayed {usage.get('replayed_from_journal', 0)}; tokens {usage.get('input_tokens', 0):,} in, "
        f"{usage.get('output_tokens', 0):,} out"
        + (" (as the server reported them)" if usage.get("calls") else "")
        + (f"; cost ${cost:.4f}" if cost is not None else "")
    )
    lines += _accounting_lines(usage)
    if usage.get("stopped"):
        lines.append(f"  stopped: {usage['stopped']}")
    if usage.get("manifest_path"):
        lines.append(f"  manifest: {usage['manifest_path']}")
    return "\n".join(lines)


def _accounting_lines(usage: dict[str, Any]) -> list[str]:
    """Every HTTP request by outcome, where tokens came from, and a resumed run's totals."""
    lines: list[str] = []
    http = usage.get("http") or {}
    if http.get("requests"):
        parts = [f"ok {http.get('ok', 0)}", f"retried {http.get('retries', 0)}"]
        parts.append(f"failed {http.get('failed', 0)}")
        if http.get("cancelled"):
            parts.append(f"cancelled {http['cancelled']}")
        statuses = ", ".join(f"{k} x{v}" for k, v in (http.get("by_status") or {}).items())
        lines.append(
            f"  http requests {http['requests']}: "
            + ", ".join(parts)
            + (f" (errors: {statuses})" if statuses else "")
        )
    estimated = usage.get("usage_estimated") or 0
    if estimated:
        lines.append(
            f"  tokens of {estimated} repl(ies) estimated from their text: the server sent no usage"
        )
    total = usage.get("all_invocations") or {}
    if total.get("invocations", 0) > 1:
        cost = total.get("cost")
        lines.append(
            f"  all {total['invocations']} invocations of this run: calls {total['calls']}, "
            f"tokens {total['input_tokens']:,} in, {total['output_tokens']:,} out"
            + (f", cost ${cost:.4f}" if cost is not None else "")
        )
    return lines


def exit_code(result: GenerationResult) -> int:
    """1 when fewer cases than asked were produced, else 0."""
    return 1 if result.shortfall else 0
