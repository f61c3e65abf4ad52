"""M365 document rules: thread length and output-only fields in an input dataset."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Severity
from .context import LintContext
from .evaluators import M365_MAX_TURNS, M365_OUTPUT_FIELDS
from .registry import Hit, rule


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
        if case.kind == "conversation" and len(case.turns) > M365_MAX_TURNS:
            label = f" {case.name!r}" if case.name else ""
            yield Hit(
                f"thread{label} ({ctx.case_label(ci)}) has {len(case.turns)} turns; at most {M365_MAX_TURNS} run",
                f"split it into threads of at most {M365_MAX_TURNS} turns",
                case=ci,
                key="turns",
                data={"turns": len(case.turns)},
            )


@rule(
    "lint.m365.output-field",
    Severity.WARNING,
    "Output-only fields (response, scores, status, ...) in an input dataset.",
    explanation="""
runevals writes response, citations, scores, diagnostics, status, error and thread
summary into its results. In an input dataset they are stale results: the next run
overwrites them, and reviewers mistake them for expectations. The one exception is
response in a dataset meant for --evaluate-only, which scores captured answers.
""",
    bad=_doc(
        '{"prompt": "What is the PTO policy?", "response": "20 days.", "status": "pass", '
        '"scores": {"relevance": {"score": 5, "result": "pass", "threshold": 3}}}'
    ),
    good=_doc('{"prompt": "What is the PTO policy?", "expected_response": "20 days a year."}'),
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
            fields = [f for f in M365_OUTPUT_FIELDS if f in turn.results]
            if turn.response is not None:
                fields.insert(0, "response")
            if not fields:
                continue
            where = ctx.case_label(ci) + (f" turn {ti + 1}" if case.kind == "conversation" else "")
            hint = f"remove {', '.join(fields)} from the input dataset"
            if fields == ["response"]:
                hint += " (keep response only if the file is meant for runevals --evaluate-only)"
            yield Hit(
                f"{where} has output-only field{'s' if len(fields) > 1 else ''} {', '.join(fields)}",
                hint,
                case=ci,
                turn=ti,
                key=fields[0],
                data={"fields": fields},
            )
