"""Content rules for every format: empty, vague or echoed prompts and expected responses, placeholders.

They follow the test-design advice of the M365 evaluation docs: clear and specific
prompts and realistic expected responses. The rules across cases (duplicates, ids,
categories) are in :mod:`.across_cases`, text hygiene in :mod:`.text_hygiene`, coverage
in :mod:`.coverage`.
"""

from __future__ import annotations

from collections.abc import Iterator

from datasetkit.core.findings import Severity
from datasetkit.lint.context import LintContext
from datasetkit.lint.filler import sample_content
from datasetkit.lint.registry import Hit, rule
from datasetkit.lint.rules.casetext import (
    FIELD_WORD,
    case_place,
    case_texts,
    example_doc,
    example_item,
    hit_at,
    short_quote,
)
from datasetkit.lint.text import find_placeholder, normalize, similarity, vague_reason


@rule(
    "lint.prompt.empty",
    Severity.ERROR,
    "Prompt is empty or only whitespace.",
    explanation="""
An empty prompt sends nothing to the agent; a whitespace-only prompt passes the M365
schema's minLength check but is just as empty. Either way the run spends a request on
a test that cannot tell anything.
""",
    bad=example_doc(example_item("   ")),
    good=example_doc(example_item("How do I request parental leave?")),
    supersedes=("m365.schema.empty-string",),
)
def check_prompt_empty(ctx: LintContext) -> Iterator[Hit]:
    for ci, case in enumerate(ctx.cases):
        for ti, turn in enumerate(case.turns):
            if "$value" in turn.extra:
                continue  # not an object at all: the schema reports it
            if not turn.prompt and ctx.family == "foundry":
                continue  # a row without query (e.g. response + ground_truth for NLP metrics)
            if not turn.prompt.strip():
                what = "empty" if not turn.prompt else "only whitespace"
                yield hit_at(
                    ctx,
                    ci,
                    ti,
                    "prompt",
                    f"the prompt of {case_place(ctx, ci, ti)} is {what}",
                    "write the question the user asks, or delete the test case",
                )


@rule(
    "lint.expected.empty",
    Severity.WARNING,
    "Expected response is present but empty or whitespace-only.",
    explanation="""
An expected response of "" or "   " is not "no expectation": comparison evaluators and
test methods compare the agent's answer with it and fail every time. Leave the field
out when there is no reference answer.
""",
    bad=example_doc(example_item("How do I request parental leave?", " ")),
    good=example_doc(
        example_item("How do I request parental leave?", "Submit a leave request in the HR portal.")
    ),
)
def check_expected_empty(ctx: LintContext) -> Iterator[Hit]:
    for ci, case in enumerate(ctx.cases):
        for ti, turn in enumerate(case.turns):
            exp = turn.expected_response
            # An empty CSV cell means "no expected response", not an empty one.
            if exp is None or (exp == "" and ctx.is_csv):
                continue
            if not exp.strip():
                yield hit_at(
                    ctx,
                    ci,
                    ti,
                    "expected_response",
                    f"the expected response of {case_place(ctx, ci, ti)} is {'empty' if not exp else 'only whitespace'}",
                    "write the answer you expect, or remove the field when there is none",
                )


@rule(
    "lint.prompt.vague",
    Severity.WARNING,
    'Prompt is too vague to test ("Tell me about returns").',
    explanation="""
A prompt such as "Tell me about returns" or a bare keyword has no single good answer,
so evaluators score noise and a regression cannot be told from a different but fine
answer. Ask what a real user would ask, with the specifics that decide the answer.
""",
    bad=example_doc(example_item("Tell me about returns")),
    good=example_doc(
        example_item("Can I return a laptop I bought online 40 days ago without a receipt?")
    ),
)
def check_vague(ctx: LintContext) -> Iterator[Hit]:
    for ci, case in enumerate(ctx.cases):
        for ti, turn in enumerate(case.turns):
            # Follow-up turns of a conversation may be short ("yes", "the second one").
            if ti > 0:
                continue
            reason = vague_reason(turn.prompt)
            if reason:
                yield hit_at(
                    ctx,
                    ci,
                    ti,
                    "prompt",
                    f"prompt {short_quote(turn.prompt)!r} of {case_place(ctx, ci, ti)} is too vague to test: {reason}",
                    "ask a specific question a real user would ask (who, what, which case), "
                    "so one answer is clearly right",
                    prompt=turn.prompt,
                )


@rule(
    "lint.expected.repeats-prompt",
    Severity.WARNING,
    "Expected response repeats the prompt.",
    explanation="""
An expected response that is the prompt again (often a copy-paste slip when filling a
spreadsheet) makes similarity evaluators reward an agent that echoes the question.
""",
    bad=example_doc(
        example_item(
            "What is the deadline for open enrolment?", "What is the deadline for open enrolment?"
        )
    ),
    good=example_doc(
        example_item(
            "What is the deadline for open enrolment?", "Open enrolment closes on 15 November."
        )
    ),
    settings=("near-duplicate-threshold",),
)
def check_repeats_prompt(ctx: LintContext) -> Iterator[Hit]:
    threshold = ctx.config.near_duplicate_threshold
    for ci, case in enumerate(ctx.cases):
        for ti, turn in enumerate(case.turns):
            if not turn.expected_response:
                continue
            p, e = normalize(turn.prompt), normalize(turn.expected_response)
            if not p or not e:
                continue
            score = similarity(p, e)
            if score >= threshold:
                yield hit_at(
                    ctx,
                    ci,
                    ti,
                    "expected_response",
                    f"the expected response of {case_place(ctx, ci, ti)} repeats its prompt "
                    f"({score:.0%} similar): {short_quote(turn.expected_response)!r}",
                    "write the answer the agent should give, not the question",
                    similarity=round(score, 3),
                )


@rule(
    "lint.text.placeholder",
    Severity.WARNING,
    "Placeholder text left in a prompt or expected response ([agent name], TODO, lorem ipsum, "
    "a template's stand-in items).",
    explanation="""
Templates and generated sets carry slots such as "[agent name]", "<your company>",
"{{product}}", "TODO" or "lorem ipsum". Left in, the agent is asked about a bracketed
placeholder and the expected response describes nothing real. A template or demonstration
file fills its lists with stand-ins ("One", "Two", "Three"; "Level 1", "Level 2"; "list
item"): an expected response made of them checks nothing the document says.
""",
    bad=example_doc(example_item("What can [agent name] help me with?", "TODO")),
    good=example_doc(
        example_item(
            "What can the HR assistant help me with?", "Leave, benefits and payroll questions."
        )
    ),
)
def check_placeholder(ctx: LintContext) -> Iterator[Hit]:
    for ci, ti, field, text in case_texts(ctx):
        found = find_placeholder(text)
        filler = sample_content(text) if field == "expected_response" else None
        if filler:
            yield hit_at(
                ctx,
                ci,
                ti,
                field,
                f"the {FIELD_WORD[field]} of {case_place(ctx, ci, ti)}: {filler}",
                "ask about what the document says, not about the stand-in text that shows "
                "its format (or delete the test case)",
            )
        elif found:
            what, kind = found
            yield hit_at(
                ctx,
                ci,
                ti,
                field,
                f"the {FIELD_WORD[field]} of {case_place(ctx, ci, ti)} still contains {kind}: {what!r}",
                "replace the placeholder with the real value (or delete the test case)",
                placeholder=what,
            )
