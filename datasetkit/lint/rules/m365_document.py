"""M365 document rules: thread length and output-only fields in an input dataset."""

from __future__ import annotations

from collections.abc import Iterator

from datasetkit.core.findings import Severity
from datasetkit.formats.m365.spec import MAX_TURNS, OUTPUT_FIELDS
from datasetkit.lint.context import LintContext
from datasetkit.lint.registry import Hit, rule


def _doc(item: str) -> str:
    return '{"schemaVersion": "1.11.0", "items": [' + item + "]}"


def _turns(n: int) -> str:
    return ", ".join(
        f'{{"prompt": "Step {i + 1}: what is the next action on claim CN-{i + 100}?"}}'
        for i in range(n)
    )


@rule(
    "lint.m365.too-many-turns",
    Severity.ERROR,
    "A thread has more than 20 turns.",
    explanation="""
A multi-turn thread holds at most 20 turns: the schema says so and the runner enforces
it. A longer conversation is rejected before any turn runs.
""",
    bad=_doc('{"name": "Long claim", "turns": [' + _turns(21) + "]}"),
    good=_doc('{"name": "Long claim", "turns": [' + _turns(3) + "]}"),
    families=("m365",),
    supersedes=("m365.schema.too-many-turns", "m365.schema.maxItems"),
)
def check_too_many_turns(ctx: LintContext) -> Iterator[Hit]:
    for ci, case in enumerate(ctx.cases):
        if case.kind == "conversation" and len(case.turns) > MAX_TURNS:
            label = f" {case.name!r}" if case.name else ""
            yield Hit(
                f"thread{label} ({ctx.case_label(ci)}) has {len(case.turns)} turns; at most {MAX_TURNS} run",
                f"split it into threads of at most {MAX_TURNS} turns",
                case=ci,
                key="turns",
                data={"turns": len(case.turns)},
            )


@rule(
    "lint.m365.output-field",
    Severity.WARNING,
    "Output-only fields (scores, status, ...) in an input dataset, or captured responses on only some prompts.",
    explanation="""
runevals writes response, citations, scores, diagnostics, status, error and thread
summary into its results. In an input dataset they are stale results: the next run
overwrites them, and reviewers mistake them for expectations.

response is the exception: runevals --evaluate-only scores captured responses, and it
needs a response on every single-turn item and every turn. A document where all of
them have one is an evaluate-only dataset, so response is not reported there (the
other output-only fields still are). When only some have one, the file is reported
once: it mixes captured responses and unanswered prompts.
""",
    bad=_doc(
        '{"prompt": "What is the PTO policy?", "response": "20 days.", "status": "pass", '
        '"scores": {"relevance": {"score": 5, "result": "pass", "threshold": 3}}}'
    ),
    good=_doc('{"prompt": "What is the PTO policy?", "response": "20 days a year."}'),
    families=("m365",),
)
def check_output_fields(ctx: LintContext) -> Iterator[Hit]:
    for ci, case in enumerate(ctx.cases):
        if case.summary is not None:
            yield Hit(
                f"thread {ctx.case_label(ci)} carries a results summary",
                'remove "summary" (runevals writes it into results)',
                case=ci,
                key="summary",
                data={"fields": ["summary"]},
            )
        for ti, turn in enumerate(case.turns):
            fields = [f for f in OUTPUT_FIELDS if f in turn.results]
            if not fields:
                continue
            yield Hit(
                f"{_turn_label(ctx, ci, ti)} has output-only field{'s' if len(fields) > 1 else ''} "
                f"{', '.join(fields)}",
                f"remove {', '.join(fields)} from the input dataset (runevals writes them into results)",
                case=ci,
                turn=ti,
                key=fields[0],
                data={"fields": fields},
            )
    yield from _partial_responses(ctx)


def _turn_label(ctx: LintContext, ci: int, ti: int) -> str:
    case = ctx.cases[ci]
    return ctx.case_label(ci) + (f" turn {ti + 1}" if case.kind == "conversation" else "")


def _partial_responses(ctx: LintContext) -> Iterator[Hit]:
    """One finding when some, not all, prompts carry a captured response."""
    units = [(ci, ti) for ci, case in enumerate(ctx.cases) for ti in range(len(case.turns))]
    missing = [(ci, ti) for ci, ti in units if ctx.cases[ci].turns[ti].response is None]
    if not units or not missing or len(missing) == len(units):
        return  # no responses (a normal run) or all of them (--evaluate-only)
    have = len(units) - len(missing)
    shown = ", ".join(_turn_label(ctx, ci, ti) for ci, ti in missing[:5])
    more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
    ci, ti = missing[0]
    yield Hit(
        f"{have} of {len(units)} prompts carry a captured response and {len(missing)} do not "
        f"({shown}{more}): runevals --evaluate-only needs a response on every single-turn item "
        "and every turn, and a normal run ignores them",
        "add the missing responses to score captured answers with --evaluate-only, "
        "or remove response everywhere for a normal run",
        case=ci,
        turn=ti,
        data={"fields": ["response"], "with_response": have, "prompts": len(units)},
    )
