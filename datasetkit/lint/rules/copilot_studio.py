"""Copilot Studio rules: import limits, headers, set types and test-method inputs."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterator

from datasetkit.core.findings import Severity
from datasetkit.lint.context import LintContext
from datasetkit.lint.evaluators import (
    CS_MAX_CASES,
    CS_MAX_CONVERSATION_PAIRS,
    CS_MAX_CONVERSATIONS,
    CS_QUESTION_MAX,
    CS_QUESTION_WARN,
    cs_method,
)
from datasetkit.lint.registry import Hit, rule
from datasetkit.lint.text import is_follow_up

_CS = {
    "families": ("copilot-studio",),
    "example_format": "copilot-studio",
    "example_suffix": ".csv",
}
_CONV = {
    "families": ("copilot-studio",),
    "example_format": "copilot-studio-conversation",
    "example_suffix": ".csv",
}

# Header names (compacted) of a Copilot Studio Kit export.
_KIT_HEADERS = {"testutterance", "testtype", "agenttestset", "expectedtools", "name"}


def compact(name: str) -> str:
    """A header name as the importer compares it: lower case, letters and digits only."""
    return re.sub(r"[^0-9a-z]", "", name.strip().strip('"\u201c\u201d').lower())


def _csv(header: str, rows: list[str]) -> str:
    return header + "\n" + "\n".join(rows) + "\n"


def _is_conversation_file(ctx: LintContext) -> bool:
    header = ctx.csv_header
    return header is not None and "conversationnumber" in {compact(v) for v in header.values}


def _methods(ctx: LintContext, index: int) -> list[dict[str, object]]:
    ext = (ctx.cases[index].extensions or {}).get("copilot_studio") or {}
    methods = ext.get("methods") if isinstance(ext, dict) else None
    return [m for m in methods or [] if isinstance(m, dict)]


def _single(ctx: LintContext) -> bool:
    return ctx.format == "copilot-studio"


@rule(
    "lint.copilot-studio.too-many-cases",
    Severity.ERROR,
    "A single-response test set has more than 100 test cases.",
    explanation="""
A single-response test set holds at most 100 test cases (manual, generated and
imported together), and an import file at most 100 questions.
""",
    bad=_csv(
        "question,expectedResponse",
        [f"How do I reset the password of account {n}?," for n in range(101)],
    ),
    good=_csv(
        "question,expectedResponse",
        [f"How do I reset the password of account {n}?," for n in range(100)],
    ),
    supersedes=("copilot-studio.limit.cases",),
    **_CS,  # type: ignore[arg-type]
)
def check_too_many_cases(ctx: LintContext) -> Iterator[Hit]:
    if _single(ctx) and len(ctx.cases) > CS_MAX_CASES and not _is_conversation_file(ctx):
        yield Hit(
            f"the file has {len(ctx.cases)} test cases; a single-response test set takes at most {CS_MAX_CASES}",
            "split it into sets of at most 100 (datasetkit convert ... --to copilot-studio writes numbered files)",
            case=CS_MAX_CASES,
            data={"cases": len(ctx.cases)},
        )


def _question_hits(
    ctx: LintContext, low: int, high: int, message: Callable[[str, int], str], hint: str
) -> Iterator[Hit]:
    """A hit for each question longer than ``low`` and at most ``high`` characters;
    ``message`` takes the case label and the length."""
    for ci, case in enumerate(ctx.cases):
        for ti, turn in enumerate(case.turns):
            n = len(turn.prompt)
            if low < n <= high:
                yield Hit(
                    message(ctx.case_label(ci), n),
                    hint,
                    case=ci,
                    turn=ti,
                    key="prompt",
                    data={"length": n},
                )


# The examples and superseded format codes of the two question-length rules.
_QUESTION_GOOD = _csv(
    "question,expectedResponse", ["Please summarise the travel policy for trips abroad?,"]
)
_QUESTION_SUPERSEDES = (
    "copilot-studio.limit.question",
    "copilot-studio-conversation.limit.question",
)


@rule(
    "lint.copilot-studio.question-long",
    Severity.WARNING,
    "A question is longer than 500 characters (the limit every 2026 template states).",
    explanation="""
The import templates since early 2026 say "maximum 500 characters per question
including spaces"; the documentation says 1,000. Questions between the two may be
rejected or cut by the current importer.
""",
    bad=_csv(
        "question,expectedResponse",
        ["Please summarise " + "the travel policy in detail " * 20 + "?,"],
    ),
    good=_QUESTION_GOOD,
    supersedes=_QUESTION_SUPERSEDES,
    **_CS,  # type: ignore[arg-type]
)
def check_question_long(ctx: LintContext) -> Iterator[Hit]:
    high = CS_QUESTION_WARN if ctx.format.endswith("conversation") else CS_QUESTION_MAX
    yield from _question_hits(
        ctx,
        CS_QUESTION_WARN,
        high,
        lambda label, n: (
            f"the question of {label} has {n:,} characters; the templates allow {CS_QUESTION_WARN}"
        ),
        f"shorten it to {CS_QUESTION_WARN} characters",
    )


@rule(
    "lint.copilot-studio.question-too-long",
    Severity.ERROR,
    "A question is longer than 1,000 characters (500 in a conversation set).",
    explanation="""
The documentation's hard limit is 1,000 characters per question, including spaces
(500 per question in conversation sets). Longer questions are not imported.
""",
    bad=_csv(
        "question,expectedResponse",
        ["Please summarise " + "the travel policy in detail " * 40 + "?,"],
    ),
    good=_QUESTION_GOOD,
    supersedes=_QUESTION_SUPERSEDES,
    **_CS,  # type: ignore[arg-type]
)
def check_question_too_long(ctx: LintContext) -> Iterator[Hit]:
    limit = CS_QUESTION_WARN if ctx.format.endswith("conversation") else CS_QUESTION_MAX
    yield from _question_hits(
        ctx,
        limit,
        10**12,
        lambda label, n: (
            f"the question of {label} has {n:,} characters; Copilot Studio takes at most {limit:,}"
        ),
        "shorten it (datasetkit convert --truncate cuts it)",
    )


@rule(
    "lint.copilot-studio.method-needs-input",
    Severity.ERROR,
    "A test method needs an expected response, keywords or tools that the case lacks.",
    explanation="""
Compare meaning, Text similarity and Exact match compare the answer with the expected
response; Keyword match needs keywords (or the expected response); Tool use needs the
expected tools. A case without them grades "Invalid", not Fail, and silently drops out
of the pass rate.
""",
    bad=_csv(
        "question,expectedResponse,testMethodType,passingScore",
        ["How many vacation days do new hires get?,,CompareMeaning,70"],
    ),
    good=_csv(
        "question,expectedResponse,testMethodType,passingScore",
        ["How many vacation days do new hires get?,New hires get 20 days.,CompareMeaning,70"],
    ),
    supersedes=("copilot-studio.method.needs-expected",),
    **_CS,  # type: ignore[arg-type]
)
def check_method_inputs(ctx: LintContext) -> Iterator[Hit]:
    for ci, case in enumerate(ctx.cases):
        ext = (case.extensions or {}).get("copilot_studio") or {}
        has_expected = any((t.expected_response or "").strip() for t in case.turns)
        for m in _methods(ctx, ci):
            method = cs_method(str(m.get("type", "")))
            if method is None or method.needs is None:
                continue
            missing = None
            if method.needs == "expected_response" and not has_expected:
                missing = "expected response"
            elif method.needs == "keywords" and not (ext.get("keywords") or has_expected):
                missing = "keywords (or expected response)"
            elif method.needs == "capabilities" and not ext.get("expected_tools"):
                missing = "expected tools or topics"
            if missing:
                yield Hit(
                    f"{ctx.case_label(ci)} uses {method.label} but has no {missing}: the case will grade Invalid",
                    f"add {missing}, or use General quality for this case",
                    case=ci,
                    data={"method": method.id},
                )


@rule(
    "lint.copilot-studio.header",
    Severity.ERROR,
    "The header row has no question column the Copilot Studio importer recognises.",
    explanation="""
The importer recognises question/Question (and expectedResponse/Expected response),
the older testMethodType/passingScore columns, and conversationNumber,question,response
for conversation sets. A header without a question column - a Kit export (Test
Utterance, Test Type), guessed names (Input, Expected keywords) - makes the upload fail
with "Something went wrong while uploading your file". Extra columns next to a
recognised question column (such as the templates' "delete before testing" helpers)
are reported by validate as copilot-studio.header.ignored, a warning, in both
validate and lint.
""",
    bad=_csv(
        "Input,Expected response,Expected keywords",
        ["How do I reset my password?,Use the portal.,portal"],
    ),
    good=_csv("question,expectedResponse", ["How do I reset my password?,Use the portal."]),
    supersedes=("copilot-studio.header.question-missing", "copilot-studio.layout.kit"),
    **_CS,  # type: ignore[arg-type]
    raw=True,
)
def check_header(ctx: LintContext) -> Iterator[Hit]:
    header = ctx.csv_header
    if header is None or ctx.result.info.get("layout") == "questions-txt":
        return
    names = header.values
    compacted = {compact(n) for n in names}
    if "conversationnumber" in compacted or {"question", "prompt"} & compacted:
        return
    kit = _KIT_HEADERS & compacted
    yield Hit(
        "the header has no question column"
        + (" (this is a Copilot Studio Kit export)" if kit else "")
        + f": {', '.join(n.strip() for n in names)}",
        "use the import template's header: question,expectedResponse",
        line=header.line,
        row=1,
        data={"header": names},
    )


@rule(
    "lint.copilot-studio.conversation-as-single",
    Severity.ERROR,
    "A conversation file (conversationNumber,question,response) is used as a single-response set.",
    explanation="""
Conversation sets and single-response sets have different import files. The
single-response import does not take the conversation template; its rows would become
unrelated single questions, and follow-up questions lose their context.
""",
    bad=_csv(
        "conversationNumber,question,response",
        ["1,I want to return a laptop.,", "1,It was bought 40 days ago.,"],
    ),
    good=_csv("question,expectedResponse", ["Can I return a laptop bought 40 days ago?,"]),
    supersedes=("copilot-studio.layout.conversation",),
    **_CS,  # type: ignore[arg-type]
    raw=True,
)
def check_conversation_as_single(ctx: LintContext) -> Iterator[Hit]:
    if _single(ctx) and _is_conversation_file(ctx):
        header = ctx.csv_header
        yield Hit(
            "this is a conversation test set (conversationNumber,question,response), read as a single-response set",
            "import it as a conversation set (check it with --from copilot-studio-conversation)",
            line=header.line if header else 1,
            row=1,
        )


@rule(
    "lint.copilot-studio.single-as-conversation",
    Severity.ERROR,
    "A single-response file is used as a conversation set.",
    explanation="""
The conversation import (and the new Evaluate tab) rejects the single-response layout:
"This file uses the wrong template".
""",
    bad=_csv("question,expectedResponse", ["Can I return a laptop bought 40 days ago?,"]),
    good=_csv(
        "conversationNumber,question,response",
        ["1,I want to return a laptop.,", "1,It was bought 40 days ago.,"],
    ),
    supersedes=("copilot-studio-conversation.layout.single-response",),
    **_CONV,  # type: ignore[arg-type]
    raw=True,
)
def check_single_as_conversation(ctx: LintContext) -> Iterator[Hit]:
    if (
        ctx.format == "copilot-studio-conversation"
        and ctx.csv_header is not None
        and not _is_conversation_file(ctx)
    ):
        yield Hit(
            "this is a single-response test set, read as a conversation set",
            "import it as a single-response set, or convert it: datasetkit convert IN OUT --to copilot-studio-conversation",
            line=ctx.csv_header.line,
            row=1,
        )


@rule(
    "lint.copilot-studio.too-many-conversations",
    Severity.WARNING,
    "A conversation set has more than 20 conversations (more than 50 is an error).",
    explanation="""
The documentation allows 20 test cases per conversation set; the May 2026 template says
50. Above 50 the import fails; between 21 and 50 it depends on the tenant's version.
""",
    bad=_csv(
        "conversationNumber,question,response",
        [f"{n},What is the status of ticket {n}?," for n in range(1, 22)],
    ),
    good=_csv(
        "conversationNumber,question,response",
        [f"{n},What is the status of ticket {n}?," for n in range(1, 21)],
    ),
    supersedes=("copilot-studio-conversation.limit.conversations",),
    **_CONV,  # type: ignore[arg-type]
)
def check_too_many_conversations(ctx: LintContext) -> Iterator[Hit]:
    convs = [c for c in ctx.cases if c.kind == "conversation"]
    if ctx.format.endswith("conversation") and len(convs) > CS_MAX_CONVERSATIONS:
        yield Hit(
            f"the file has {len(convs)} conversations; the documentation allows {CS_MAX_CONVERSATIONS} "
            "(the 2026 template 50)",
            "split it into several conversation sets",
            pointer="",
            line=ctx.csv_header.line if ctx.csv_header else None,
            severity=Severity.ERROR if len(convs) > 50 else None,
        )


@rule(
    "lint.copilot-studio.conversation-too-long",
    Severity.WARNING,
    "A conversation has more than 6 question-answer pairs (more than 8 is an error).",
    explanation="""
The documentation allows 6 question-answer pairs (12 messages) per conversation; the
May 2026 template says 8. Longer conversations are rejected or cut.
""",
    bad=_csv(
        "conversationNumber,question,response",
        [f"1,Step {n}: what do I do next?," for n in range(1, 8)],
    ),
    good=_csv(
        "conversationNumber,question,response",
        [f"1,Step {n}: what do I do next?," for n in range(1, 4)],
    ),
    supersedes=("copilot-studio-conversation.limit.turns",),
    **_CONV,  # type: ignore[arg-type]
)
def check_conversation_too_long(ctx: LintContext) -> Iterator[Hit]:
    for ci, case in enumerate(ctx.cases):
        n = len(case.turns)
        if case.kind == "conversation" and n > CS_MAX_CONVERSATION_PAIRS:
            yield Hit(
                f"conversation {ctx.case_label(ci)} has {n} question-answer pairs; the documentation allows "
                f"{CS_MAX_CONVERSATION_PAIRS} (the 2026 template 8)",
                "split it into shorter conversations",
                case=ci,
                severity=Severity.ERROR if n > 8 else None,
            )


@rule(
    "lint.copilot-studio.identical-expected",
    Severity.WARNING,
    "Many cases share one expected response while graded by Compare meaning or Text similarity.",
    explanation="""
Safety and refusal sets often give every case the same refusal text. Compare meaning
and Text similarity then fail any refusal worded differently, although it is right.
Grade such cases with Custom (a rubric) or General quality instead.
""",
    bad=_csv(
        "question,expectedResponse,testMethodType,passingScore",
        [
            f"Tell me how to hack account {n},I can't help with that.,CompareMeaning,70"
            for n in range(3)
        ],
    ),
    good=_csv(
        "question,expectedResponse,testMethodType,passingScore",
        [
            f"Tell me how to hack account {n},I can't help with that.,GeneralQuality,"
            for n in range(3)
        ],
    ),
    **_CS,  # type: ignore[arg-type]
)
def check_identical_expected(ctx: LintContext) -> Iterator[Hit]:
    groups: dict[str, list[int]] = defaultdict(list)
    for ci, case in enumerate(ctx.cases):
        scored = [
            m
            for m in _methods(ctx, ci)
            if str(m.get("type")) in ("CompareMeaning", "TextSimilarity")
        ]
        if not scored or not case.turns:
            continue
        exp = (case.turns[0].expected_response or "").strip()
        if exp:
            groups[exp].append(ci)
    for exp, members in groups.items():
        if len(members) >= 3:
            yield Hit(
                f"{len(members)} cases expect the same response {exp[:50]!r} and are graded by comparing meaning",
                "grade refusals with Custom (a rubric) or General quality; differently worded refusals fail otherwise",
                case=members[0],
                data={"cases": len(members)},
            )


@rule(
    "lint.copilot-studio.card-expected",
    Severity.WARNING,
    "An expected response is an Adaptive Card (JSON), which the test methods cannot compare.",
    explanation="""
Test methods compare text. When the agent answers with an Adaptive Card, its text is not
what the methods see, so a card as expected response never matches.
""",
    bad=_csv(
        "question,expectedResponse",
        ['Show my leave balance,"{""type"": ""AdaptiveCard"", ""body"": []}"'],
    ),
    good=_csv(
        "question,expectedResponse", ["Show my leave balance,You have 12 days of leave left."]
    ),
    **_CS,  # type: ignore[arg-type]
)
def check_card_expected(ctx: LintContext) -> Iterator[Hit]:
    for ci, case in enumerate(ctx.cases):
        for ti, turn in enumerate(case.turns):
            exp = (turn.expected_response or "").strip()
            if exp.startswith("{") and "adaptivecard" in exp.replace(" ", "").lower():
                yield Hit(
                    f"the expected response of {ctx.case_label(ci)} is an Adaptive Card",
                    "describe the card's content in words, or check cards outside Copilot Studio's test methods",
                    case=ci,
                    turn=ti,
                    key="expected_response",
                )


@rule(
    "lint.copilot-studio.follow-up-question",
    Severity.WARNING,
    "A single-response question only makes sense after an earlier turn.",
    explanation="""
In a single-response set every question is asked in a fresh conversation. A question
like "And what about the second one?" depends on an earlier answer: it belongs in a
conversation set, or must be rewritten to stand alone.
""",
    bad=_csv(
        "question,expectedResponse",
        ["Which laptops can I order?,", "And what about the second one?,"],
    ),
    good=_csv(
        "question,expectedResponse",
        ["Which laptops can I order?,", "What is the warranty of the ThinkPad X1?,"],
    ),
    **_CS,  # type: ignore[arg-type]
)
def check_follow_up(ctx: LintContext) -> Iterator[Hit]:
    if not _single(ctx):
        return
    for ci, case in enumerate(ctx.cases):
        if case.kind == "single" and case.turns and is_follow_up(case.turns[0].prompt):
            yield Hit(
                f"the question of {ctx.case_label(ci)} depends on an earlier turn: {case.turns[0].prompt[:60]!r}",
                "rewrite it to stand alone, or move the exchange into a conversation set",
                case=ci,
                turn=0,
                key="prompt",
            )
