"""Foundry rules over a row's columns, as the evaluators and the simulator read them:
messages beside query/response, ground truth, column names, simulation seeds, tools the
evaluators reject and null content.

Like :mod:`.foundry_messages`, they read the raw records (:mod:`.foundry_raw`).
"""

from __future__ import annotations

from collections.abc import Iterator

from datasetkit.core.findings import Severity
from datasetkit.core.model import Case
from datasetkit.formats.foundry.spec import MAX_DESCRIPTION
from datasetkit.formats.foundry.tools import FOUNDRY_UNSUPPORTED_TOOLS
from datasetkit.lint.context import LintContext
from datasetkit.lint.evaluators import (
    FOUNDRY_GROUND_TRUTH_EVALUATORS,
    FOUNDRY_STANDARD_COLUMNS,
)
from datasetkit.lint.registry import Hit, rule
from datasetkit.lint.rules.foundry_examples import (
    ANSWER,
    CALL,
    DEFINITION,
    FOUNDRY,
    USER,
    row_text,
    tool_row_text,
)
from datasetkit.lint.rules.foundry_raw import (
    calls_of,
    ctx_label,
    messages_of,
    raw_rows,
)


@rule(
    "lint.foundry.messages-and-query",
    Severity.ERROR,
    "A row has both messages and query/response.",
    explanation="""
A row is either a whole interaction (messages) or separate input and output columns
(query/response). With both, evaluators see two different versions of the exchange and
the SDK's conversation path raises "Cannot provide both 'conversation' and individual
inputs".
""",
    bad=row_text(messages=[USER, ANSWER], query="What is the weather in Paris?"),
    good=row_text(messages=[USER, ANSWER]),
    supersedes=("foundry.row.mixed",),
    **FOUNDRY,  # type: ignore[arg-type]
)
def check_messages_and_query(ctx: LintContext) -> Iterator[Hit]:
    for r in raw_rows(ctx):
        has_messages = "messages" in r.value or isinstance(r.value.get("conversation"), dict)
        both = [k for k in ("query", "response") if k in r.value and r.value[k] not in ("", None)]
        if has_messages and both:
            yield r.hit(
                f"{ctx_label(r)} has both messages and {'/'.join(both)}",
                "keep messages for a whole interaction, or query/response for separate columns",
                "/" + both[0],
            )


def is_gt_row(case: Case) -> bool:
    """A row the ground-truth evaluators score (not a seed, has turns)."""
    return case.kind != "seed" and bool(case.turns)


def has_ground_truth(case: Case) -> bool:
    """The row has a non-blank expected answer."""
    return any((t.expected_response or "").strip() for t in case.turns)


def _row_has_ground_truth(ctx: LintContext, case_index: int) -> bool:
    return has_ground_truth(ctx.cases[case_index])


@rule(
    "lint.foundry.partial-ground-truth",
    Severity.WARNING,
    "Only some rows have ground_truth (or none, when a ground-truth evaluator is configured).",
    explanation="""
Rows without ground_truth are not skipped by the ground-truth evaluators (similarity,
F1, BLEU, ROUGE, response completeness): they get misleading scores that skew the
averages. Give every row a ground_truth, or none. With foundry-evaluators set in the
configuration, a missing ground_truth on any row is reported.
""",
    bad=row_text(
        query="What is the refund window?",
        response="30 days.",
        ground_truth="30 days from delivery.",
    )
    + row_text(query="Can I return opened items?", response="Yes."),
    good=row_text(
        query="What is the refund window?",
        response="30 days.",
        ground_truth="30 days from delivery.",
    )
    + row_text(
        query="Can I return opened items?", response="Yes.", ground_truth="Yes, within 30 days."
    ),
    settings=("foundry-evaluators",),
    **FOUNDRY,  # type: ignore[arg-type]
)
def check_partial_ground_truth(ctx: LintContext) -> Iterator[Hit]:
    rows = [i for i, c in enumerate(ctx.cases) if is_gt_row(c)]
    have = [i for i in rows if _row_has_ground_truth(ctx, i)]
    # Streamed: the counts are the whole file's, the rows this part's.
    n_rows, n_have = ctx.facts.gt_rows if ctx.facts is not None else (len(rows), len(have))
    if not n_rows:
        return
    gt_evals = sorted(set(ctx.config.foundry_evaluators) & FOUNDRY_GROUND_TRUTH_EVALUATORS)
    if n_have == n_rows or (not n_have and not gt_evals):
        return
    why = f" ({', '.join(gt_evals)} compares with it)" if gt_evals else ""
    with_gt = set(have)
    for i in rows:
        if i in with_gt:
            continue
        yield Hit(
            f"{ctx.case_label(i)} has no ground_truth; {n_have} of {n_rows} rows have one{why}",
            "add the expected answer as ground_truth, or drop ground-truth evaluators for this dataset",
            case=i,
            data={"with_ground_truth": n_have, "rows": n_rows},
        )


@rule(
    "lint.foundry.column-mapping",
    Severity.WARNING,
    "A column has a non-standard name (question, truth, input, ...) that needs a data mapping.",
    explanation="""
Evaluators read standard columns (query, response, ground_truth, context, messages).
A column named question, truth, gt, expected, input or chat_history is ignored unless
the evaluation maps it, e.g. data_mapping {"query": "{{item.question}}"} in the cloud or
column_mapping {"query": "${data.question}"} locally. A column named answer is the
expected answer (ground_truth) when the row also has a response, the answer being
scored (response) when it has a ground truth, and either one otherwise; validate gives
the same advice.
""",
    bad=row_text(question="What is the refund window?", truth="30 days from delivery."),
    good=row_text(query="What is the refund window?", ground_truth="30 days from delivery."),
    supersedes=("foundry.column.nonstandard",),
    **FOUNDRY,  # type: ignore[arg-type]
)
def check_column_mapping(ctx: LintContext) -> Iterator[Hit]:
    from datasetkit.formats.foundry.columns import column_advice

    # Once per column in the file (a streamed file's parts share the set).
    seen: set[str] = ctx.state("column-mapping", set)
    for r in raw_rows(ctx):
        for key in r.value:
            if key in seen or key in FOUNDRY_STANDARD_COLUMNS:
                continue
            advice = column_advice(key, r.value)
            if advice is None or advice.standard in r.value:
                continue
            seen.add(key)
            # The same message and fix as validate's foundry.column.nonstandard.
            yield r.hit(
                advice.message, advice.hint, "/" + key, column=key, standard=advice.standard
            )


@rule(
    "lint.foundry.seed-length",
    Severity.ERROR,
    "A simulation seed's test_case_description is empty or longer than 2,500 characters.",
    explanation="""
Conversation simulation takes a test_case_description of 1 to 2,500 characters; a
longer one is rejected by the service.
""",
    bad=row_text(
        id="s1",
        test_case_description="A customer " + "who keeps adding details " * 110,
        desired_num_turns=4,
    ),
    good=row_text(
        id="s1",
        test_case_description="A customer wants to return a laptop bought 40 days ago.",
        desired_num_turns=4,
    ),
    supersedes=("foundry.seed.description-length", "foundry.seed.description"),
    **FOUNDRY,  # type: ignore[arg-type]
)
def check_seed_length(ctx: LintContext) -> Iterator[Hit]:
    for i, case in enumerate(ctx.cases):
        if case.seed is None:
            continue
        n = len(case.seed.description)
        if not case.seed.description.strip():
            yield Hit(
                f"the test_case_description of {ctx.case_label(i)} is empty",
                "describe the user's situation, goal and constraints",
                case=i,
                key="test_case_description",
            )
        elif n > MAX_DESCRIPTION:
            yield Hit(
                f"the test_case_description of {ctx.case_label(i)} has {n:,} characters; at most "
                f"{MAX_DESCRIPTION:,} are allowed",
                "shorten it to the situation, goal and constraints",
                case=i,
                key="test_case_description",
                data={"length": n},
            )


@rule(
    "lint.foundry.unsupported-tool",
    Severity.WARNING,
    "A row calls a tool the tool evaluators do not support (web_search, bing_grounding, ...).",
    explanation="""
The tool evaluators reject calls to bing_grounding, bing_custom_search, web_search,
browser_automation, code_interpreter_call, computer_call and openapi_call; a row with
them is scored "not applicable" or fails.
""",
    bad=tool_row_text(
        call={**CALL, "name": "web_search"}, defs=[{**DEFINITION, "name": "web_search"}]
    ),
    good=tool_row_text(),
    **FOUNDRY,  # type: ignore[arg-type]
)
def check_unsupported_tool(ctx: LintContext) -> Iterator[Hit]:
    for r in raw_rows(ctx):
        seen: set[str] = set()
        for c in calls_of(r):
            if c.name in FOUNDRY_UNSUPPORTED_TOOLS and c.name not in seen:
                seen.add(c.name)
                yield r.hit(
                    f"{ctx_label(r)} calls {c.name!r}, which the tool evaluators do not support",
                    "evaluate this row without tool evaluators, or use a supported tool (function tools, MCP, file search)",
                    c.pointer,
                    tool=c.name,
                )


@rule(
    "lint.foundry.desired-turns",
    Severity.WARNING,
    "A seed's desired_num_turns is above its max_num_turns.",
    explanation="""
The simulator stops at max_num_turns (default 20), so a larger desired_num_turns is
never reached and the simulated conversation is cut short.
""",
    bad=row_text(
        test_case_id="s1",
        test_case_description="A customer disputes a late fee.",
        simulation_configuration={"desired_num_turns": 12, "max_num_turns": 8},
    ),
    good=row_text(
        test_case_id="s1",
        test_case_description="A customer disputes a late fee.",
        simulation_configuration={"desired_num_turns": 6, "max_num_turns": 8},
    ),
    supersedes=("foundry.seed.max-turns",),
    **FOUNDRY,  # type: ignore[arg-type]
)
def check_desired_turns(ctx: LintContext) -> Iterator[Hit]:
    for i, case in enumerate(ctx.cases):
        seed = case.seed
        if seed is None or seed.desired_num_turns is None:
            continue
        conf = seed.simulation_configuration or {}
        max_turns = conf.get("max_num_turns", 20)
        if (
            isinstance(max_turns, int)
            and not isinstance(max_turns, bool)
            and seed.desired_num_turns > max_turns
        ):
            yield Hit(
                f"{ctx.case_label(i)} wants {seed.desired_num_turns} turns but max_num_turns is {max_turns}",
                f"lower desired_num_turns to {max_turns} or raise max_num_turns",
                case=i,
                key="simulation_configuration",
            )


@rule(
    "lint.foundry.null-content",
    Severity.WARNING,
    "A message has null or missing content (and no tool calls).",
    explanation="""
"content": null is only meaningful on a Chat Completions assistant message that makes
tool calls. Anywhere else the message is empty and the validator rejects it
("The 'content' field can't be empty").
""",
    bad=row_text(messages=[USER, {"role": "assistant", "content": None}]),
    good=row_text(messages=[USER, ANSWER]),
    supersedes=("foundry.message.content-missing",),
    **FOUNDRY,  # type: ignore[arg-type]
)
def check_null_content(ctx: LintContext) -> Iterator[Hit]:
    for r in raw_rows(ctx):
        for ptr, m in messages_of(r.value):
            if m.get("content") is None and not m.get("tool_calls"):
                yield r.hit(
                    f"the {m.get('role', 'unknown')} message at {ptr} of {ctx_label(r)} has no content",
                    "give it its text, or delete the message",
                    ptr,
                )
