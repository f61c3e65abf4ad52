"""``stats``: what a dataset holds, counted: categories, evaluators, turns, coverage, duplicates."""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

from datasetkit.core.findings import DatasetkitError
from datasetkit.formats import ReadOptions
from datasetkit.lint.config import LintConfig
from datasetkit.lint.context import LintContext
from datasetkit.lint.rules.across_cases import case_category, duplicate_groups
from datasetkit.validate import validate_file


def _count(counter: Counter[str]) -> dict[str, int]:
    """A counter as a dict, most common first, then by name (deterministic)."""
    return dict(sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])))


def _evaluators(ctx: LintContext) -> Counter[str]:
    """How often each evaluator (M365) or Copilot Studio test method is used."""
    evaluators: Counter[str] = Counter()
    if ctx.family == "m365":
        for t in (t for c in ctx.cases for t in c.turns):
            evaluators.update(list(ctx.effective_evaluators(t)))
        return evaluators
    for c in ctx.cases:
        ext = (c.extensions or {}).get("copilot_studio") or {}
        methods = ext.get("methods") if isinstance(ext, dict) else None
        for m in methods or []:
            if isinstance(m, dict) and m.get("type"):
                evaluators[str(m["type"])] += 1
    return evaluators


def dataset_stats(
    path: str,
    fmt: str | None = None,
    config: LintConfig | None = None,
    options: ReadOptions | None = None,
) -> dict[str, Any]:
    """Counts for one dataset file; a file that cannot be read is a DatasetkitError."""
    checked = validate_file(path, fmt, options)
    result = checked.result
    if result is None or result.dataset is None:
        first = checked.report.findings[0] if checked.report.findings else None
        raise DatasetkitError(
            f"{checked.report.path}: cannot be read as a dataset"
            + (f" ({first.message})" if first else ""),
            first.hint if first and first.hint else "run 'datasetkit validate' on it for details",
        )
    ctx = LintContext(checked.report.path, result, config or LintConfig(), checked.report.findings)
    cases = ctx.cases
    turns = [t for c in cases for t in c.turns]
    kinds = Counter(c.kind for c in cases)
    categories = Counter(case_category(c) or "(none)" for c in cases)
    evaluators = _evaluators(ctx)
    turn_lengths = Counter(str(len(c.turns)) for c in cases if c.kind != "seed")
    prompt_chars = [len(t.prompt) for t in turns]
    with_expected = sum(1 for t in turns if (t.expected_response or "").strip())
    dupes = duplicate_groups(ctx)
    return {
        "path": checked.report.path,
        "format": result.format,
        "cases": len(cases),
        "kinds": _count(Counter({k: v for k, v in kinds.items()})),
        "turns": len(turns),
        "categories": _count(categories),
        "evaluators": _count(evaluators),
        "turns_per_case": dict(sorted(turn_lengths.items(), key=lambda kv: int(kv[0]))),
        "prompt_chars": {
            "min": min(prompt_chars) if prompt_chars else 0,
            "median": statistics.median(prompt_chars) if prompt_chars else 0,
            "max": max(prompt_chars) if prompt_chars else 0,
        },
        "expected_response": {
            "with": with_expected,
            "without": len(turns) - with_expected,
            "coverage": round(with_expected / len(turns), 4) if turns else 0.0,
        },
        "duplicates": {
            "exact_cases": len(dupes.identical),
            "same_prompt": len(dupes.same_prompt),
            "near_duplicates": len(dupes.near),
            "threshold": ctx.config.near_duplicate_threshold,
        },
    }


def stats_report(
    paths: list[str], fmt: str | None = None, config: LintConfig | None = None
) -> tuple[dict[str, Any], bool]:
    """The ``stats --format json`` report of ``paths``, and whether every file was read.

    A file (or a path) that cannot be read is an entry with its ``error`` (message and
    hint) beside the files that could, so the report is JSON whatever happened.
    """
    from datasetkit.io.paths import expand

    out: list[dict[str, Any]] = []
    for raw in paths:
        try:
            files = expand([raw])
        except DatasetkitError as exc:
            out.append(_unread(raw, exc))
            continue
        for path in files:
            try:
                out.append(dataset_stats(path, fmt, config))
            except DatasetkitError as exc:
                out.append(_unread(path, exc))
    return {"files": out}, not any("error" in f for f in out)


def _unread(path: str, exc: DatasetkitError) -> dict[str, Any]:
    return {"path": path, "error": {"message": exc.message, "hint": exc.hint}}


def _table(title: str, rows: list[tuple[str, Any]]) -> list[str]:
    if not rows:
        return [f"{title}: none"]
    width = max(len(str(k)) for k, _ in rows)
    return [title + ":"] + [f"  {k!s:<{width}}  {v:>6}" for k, v in rows]


def render_stats(stats: list[dict[str, Any]]) -> str:
    """The stats of several files as plain-text tables."""
    out: list[str] = []
    for s in stats:
        out.append(f"{s['path']} ({s['format']}): {s['cases']} cases, {s['turns']} turns")
        out += _table("kinds", list(s["kinds"].items()))
        out += _table("categories", list(s["categories"].items()))
        out += _table(
            "evaluators" if s["format"].startswith("m365") else "evaluators / test methods",
            list(s["evaluators"].items()),
        )
        out += _table("turns per case", list(s["turns_per_case"].items()))
        pc = s["prompt_chars"]
        out.append(
            f"prompt length (characters): min {pc['min']}, median {pc['median']:g}, max {pc['max']}"
        )
        er = s["expected_response"]
        out.append(
            f"expected response: {er['with']} of {er['with'] + er['without']} turns ({er['coverage']:.0%})"
        )
        d = s["duplicates"]
        out.append(
            f"duplicates: {d['exact_cases']} exact copies, {d['same_prompt']} repeated prompts, "
            f"{d['near_duplicates']} near-duplicates (similarity >= {d['threshold']:g})"
        )
        out.append("")
    return "\n".join(out)
