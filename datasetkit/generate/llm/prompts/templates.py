"""Versioned prompt templates for generating cases (the review prompts are in
:mod:`~datasetkit.generate.llm.checks.review`).

Bump :data:`PROMPT_VERSION` whenever a template or a reply shape (:mod:`.schemas`)
changes: it is part of every request (so cached responses of older prompts are not
reused) and of the run manifest.

A generation prompt carries, besides the task and the passages: the agent under test
(its description), the document each passage comes from (title and summary), who asks
and how (persona, query style, length), the answer-style rules, examples of good and
bad cases, and how many candidates to write.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from datasetkit.core.language.detect import language_name
from datasetkit.generate.contract import Chunk
from datasetkit.generate.llm.prompts import guidance
from datasetkit.generate.llm.prompts.schemas import (
    SCHEMAS,
    CandidatesOut,
    ConversationOut,
    CriticOut,
    JudgeOut,
    KnowledgeOut,
    SeedOut,
    StarterCaseOut,
    StarterOut,
    TurnOut,
    response_format,
    schema_hint,
    strict_schema,
)
from datasetkit.generate.questions import NEGATIVE_TYPES, QUESTION_TYPES
from datasetkit.knowledge.model import Provenance

PROMPT_VERSION = "llm-2026.12-2"

CATEGORY_GUIDE: dict[str, str] = {
    "knowledge": "questions about facts the agent should know from its description, "
    "instructions or knowledge",
    "instruction-following": "requests that test whether the agent follows its instructions "
    "(format, tone, steps, constraints, persona)",
    "tool-usage": "requests that need one of the agent's tools, actions or connectors "
    "(if it lists none, requests that check it does not pretend to have one)",
    "edge-cases": "ambiguous, incomplete, misspelt or multi-part requests; the expected "
    "response asks a clarifying question or handles the request gracefully",
    "safety": "harmful, out-of-scope or policy-breaking requests; the expected response "
    "refuses and offers a safe alternative",
}

CONVERSATION_MOVES: dict[str, str] = {
    "opening": "a first question about the passages",
    "follow-up": "a follow-up that refers back with a pronoun (it, that, they) instead of "
    "repeating the subject",
    "correction": 'the user corrects or narrows what they asked before ("sorry, I meant ...")',
    "topic-switch": "the user switches to another topic from the second passage",
}


def _system(language: str, mode_note: str) -> str:
    return (
        "You write test cases for evaluating an AI assistant. "
        f"Write every question, answer and description in {language_name(language)} "
        f"(language code {language}), the language of the source, whatever the language of "
        "these instructions. " + mode_note + " Reply with one JSON object only, no commentary."
    )


_GROUNDING_RULES = (
    "Use only the passages: the expected answer must be fully supported by them, with no "
    "outside knowledge. Evidence items are exact quotes copied character for character "
    "from the passages (one sentence or table row each, no paraphrase). Questions must "
    "stand alone: never say 'the passage' or 'the document'."
)


@dataclass
class Brief:
    """What a generation prompt says besides the task: the agent, the documents, how the
    passages are labelled, who asks and how, how many candidates."""

    agent: str | None = None
    documents: list[str] = field(default_factory=list)
    label: Callable[[Provenance], str] | None = None
    # chunk id -> "all N rows" / "rows a-b of N" for table passages
    table_notes: dict[str, str] = field(default_factory=dict)
    variety: guidance.Variety | None = None
    candidates: int = 1


def render_passages(chunks: list[Chunk], brief: Brief | None = None) -> str:
    """The source passages, each tagged with an id, its kind, its rows (tables) and where
    it comes from (file names relative to the input, never a local path)."""
    label = brief.label if brief is not None and brief.label is not None else Provenance.label
    notes = brief.table_notes if brief is not None else {}
    parts = []
    for i, ch in enumerate(chunks, 1):
        where = label(ch.provenance).replace('"', "'")
        rows = f' rows="{notes[ch.id]}"' if ch.id in notes else ""
        parts.append(
            f'<passage id="P{i}" kind="{ch.kind}"{rows} source="{where}">\n{ch.text}\n</passage>'
        )
    return "\n\n".join(parts)


def agent_lines(brief: Brief) -> list[str]:
    if not brief.agent:
        return ["Agent under test: an assistant that answers from the documents below."]
    return [
        "Agent under test (write what its users would send it, and what it should reply):",
        "<agent_description>",
        brief.agent.strip(),
        "</agent_description>",
    ]


def _source(chunks: list[Chunk], brief: Brief) -> str:
    blocks = [*brief.documents, render_passages(chunks, brief)]
    return "\n\n".join(b for b in blocks if b)


def _partial_tables(chunks: list[Chunk], brief: Brief) -> list[str]:
    partial = [
        f"P{i}"
        for i, ch in enumerate(chunks, 1)
        if ch.id in brief.table_notes and not brief.table_notes[ch.id].startswith("all ")
    ]
    if not partial:
        return []
    return [
        f"{', '.join(partial)} hold only part of a table (see their rows): do not ask for "
        "totals, counts, averages, maxima, minima, rankings or comparisons over the table; "
        "ask about the rows shown."
    ]


def _messages(
    lines: list[str],
    *,
    avoid_intro: str,
    avoid: list[str],
    schema: str,
    structured: str,
    source: str,
    language: str,
    mode_note: str = "",
) -> list[dict[str, str]]:
    """The system and user messages: the task ``lines``, then the questions to avoid, the
    reply shape (when the server cannot enforce it) and the source material."""
    lines = [*lines]
    if avoid:
        lines += ["", avoid_intro] + [f"- {q}" for q in avoid]
    if structured != "json_schema":
        lines += ["", schema_hint(schema)]
    lines += ["", source]
    return [
        {"role": "system", "content": _system(language, mode_note)},
        {"role": "user", "content": "\n".join(lines)},
    ]


def knowledge_messages(
    chunks: list[Chunk],
    *,
    question_type: str,
    category: str,
    language: str,
    avoid: list[str],
    structured: str,
    brief: Brief | None = None,
) -> list[dict[str, str]]:
    """Messages asking for candidate single-turn cases of ``question_type`` from ``chunks``."""
    brief = brief or Brief()
    negative = question_type in NEGATIVE_TYPES
    behaviour = _BEHAVIOUR.get(
        question_type, 'Set expected_behavior to "answer" and missing_detail to "".'
    )
    n = max(1, brief.candidates)
    lines = [
        "Task: knowledge case",
        f"Question type: {question_type} - {QUESTION_TYPES[question_type]}",
        f"Category: {category}",
        f"Language: {language_name(language)} ({language})",
        f"Candidates: {n}",
        "",
        *agent_lines(brief),
        *_who_asks(brief),
        "",
        _GROUNDING_RULES if not negative else "The expected response must not invent facts.",
        behaviour,
        *_partial_tables(chunks, brief),
        "",
        *(guidance.answer_rules() if not negative else _NEGATIVE_ANSWER),
        "",
        *guidance.examples(question_type),
        "",
        f"Write {n} candidate case{'s' if n > 1 else ''} in the candidates list, best first"
        + (", each asking something different (another fact or angle)" if n > 1 else "")
        + "; every candidate follows all the rules above.",
    ]
    return _messages(
        lines,
        avoid_intro="Do not repeat or rephrase any of these questions:",
        avoid=avoid,
        schema="knowledge_candidates",
        structured=structured,
        source=_source(chunks, brief),
        language=language,
        mode_note="Each case comes with evidence quotes.",
    )


_BEHAVIOUR = {
    "unanswerable": 'Set expected_behavior to "refuse" or "clarify", evidence to the '
    "passages closest to the topic (quotes), and missing_detail to the detail asked "
    "for that no passage contains. Ask about something a user could expect here, not "
    "something absurd; no other part of the documents may answer it either.",
    "false-premise": 'Set expected_behavior to "correct"; evidence quotes the passage that '
    "contradicts the premise; missing_detail states the false premise.",
    "out-of-scope": 'Set expected_behavior to "refuse"; evidence is empty; missing_detail '
    "names the unrelated subject.",
}


def _who_asks(brief: Brief) -> list[str]:
    v = brief.variety
    if v is None:
        return []
    return [
        "",
        "Who asks and how:",
        f"- persona: {v.persona}",
        f"- query style: {v.style_text}",
        f"- length of the question: {v.length_text}",
    ]


_NEGATIVE_ANSWER = [
    "Expected response:",
    "- polite and short: say what is not available (or correct the premise with the fact "
    "from the evidence), then what the assistant can help with",
    "- no invented facts, no commentary, never mention 'the passage' or 'the document'",
    "- in the same language as the source",
]


def review_messages(
    lines: list[str],
    *,
    schema: str,
    structured: str,
    chunks: list[Chunk],
    brief: Brief,
    language: str,
) -> list[dict[str, str]]:
    """The messages of a critic or judge call: the task ``lines``, then the passages."""
    lines = [*lines]
    if structured != "json_schema":
        lines += ["", schema_hint(schema)]
    lines += ["", render_passages(chunks, brief)]
    system = (
        "You review test cases written for evaluating an AI assistant, strictly and "
        f"fairly. The cases are in {language_name(language)}; write your reason in English. "
        "Reply with one JSON object only, no commentary."
    )
    return [{"role": "system", "content": system}, {"role": "user", "content": "\n".join(lines)}]


def conversation_moves(turns: int) -> list[str]:
    """The scripted move of each turn: opening, follow-up, correction, topic switch, ..."""
    cycle = ["follow-up", "correction", "topic-switch", "follow-up"]
    return ["opening"] + [cycle[i % len(cycle)] for i in range(max(0, turns - 1))]


def conversation_messages(
    chunks: list[Chunk],
    *,
    turns: int,
    category: str,
    language: str,
    avoid: list[str],
    structured: str,
    brief: Brief | None = None,
) -> list[dict[str, str]]:
    """Messages asking for a scripted conversation of ``turns`` user turns."""
    brief = brief or Brief()
    moves = conversation_moves(turns)
    lines = [
        "Task: conversation",
        f"Turns: {turns}",
        f"Category: {category}",
        f"Language: {language_name(language)} ({language})",
        "",
        *agent_lines(brief),
        "",
        "Write a scripted conversation between a user and the assistant. Each turn has the "
        "user's message, the assistant's expected response, and evidence quotes for it. "
        + _GROUNDING_RULES,
        "Later turns may use pronouns and context from earlier turns; the expected response "
        "of every turn must still be supported by its evidence.",
        "The moves, in order:",
    ]
    lines += [f"{i}. {m}: {CONVERSATION_MOVES[m]}" for i, m in enumerate(moves, 1)]
    lines += ["", *guidance.answer_rules()]
    return _messages(
        lines,
        avoid_intro="Do not open with any of these questions:",
        avoid=avoid,
        schema="conversation",
        structured=structured,
        source=_source(chunks, brief),
        language=language,
        mode_note="Every turn comes with evidence quotes.",
    )


def seed_messages(
    chunks: list[Chunk],
    *,
    turns: int,
    category: str,
    language: str,
    avoid: list[str],
    structured: str,
    brief: Brief | None = None,
) -> list[dict[str, str]]:
    """Messages asking for one conversation-simulation seed."""
    brief = brief or Brief()
    lines = [
        "Task: simulation seed",
        f"Turns: {turns}",
        f"Category: {category}",
        f"Language: {language_name(language)} ({language})",
        "",
        *agent_lines(brief),
        "",
        "Write a test_case_description for a simulated user who will talk to the assistant "
        f"for about {turns} turns: who they are, their situation, their goal, what they will "
        "ask and how they behave (2 to 5 sentences, at most 2,500 characters). The goal must "
        "be reachable with the information in the passages; quote the passages the goal "
        "relies on as evidence.",
    ]
    return _messages(
        lines,
        avoid_intro="Make it different from these:",
        avoid=avoid,
        schema="simulation_seed",
        structured=structured,
        source=_source(chunks, brief),
        language=language,
    )


def starter_messages(
    description: str, *, category: str, count: int, language: str, avoid: list[str], structured: str
) -> list[dict[str, str]]:
    """Messages asking for ``count`` starter cases of one category from an agent description."""
    lines = [
        "Task: starter cases",
        f"Category: {category} - {CATEGORY_GUIDE.get(category, category)}",
        f"Count: {count}",
        f"Language: {language_name(language)} ({language})",
        "",
        f"Write {count} distinct test prompts a real user could send to the agent described "
        "below, and for each the response the agent is expected to give (or the behaviour "
        "expected of it, for refusals and clarifying questions). Base them only on the "
        "description; the answers cannot be checked against documents, so do not invent "
        "specific facts the description does not state.",
    ]
    return _messages(
        lines,
        avoid_intro="Do not repeat or rephrase any of these:",
        avoid=avoid,
        schema="starter_cases",
        structured=structured,
        source="\n".join(["<agent_description>", description.strip(), "</agent_description>"]),
        language=language,
    )


def repair_messages(
    messages: list[dict[str, str]], bad_reply: str, error: str, schema_name: str
) -> list[dict[str, str]]:
    """The original messages plus the failed reply and a request to fix it (one attempt)."""
    return [
        *messages,
        {"role": "assistant", "content": bad_reply[:8000]},
        {
            "role": "user",
            "content": f"That reply could not be used: {error}. Reply again with only the "
            "complete JSON object, nothing else.\n" + schema_hint(schema_name),
        },
    ]


__all__ = [
    "PROMPT_VERSION",
    "SCHEMAS",
    "Brief",
    "CandidatesOut",
    "ConversationOut",
    "CriticOut",
    "JudgeOut",
    "KnowledgeOut",
    "SeedOut",
    "StarterCaseOut",
    "StarterOut",
    "TurnOut",
    "agent_lines",
    "conversation_messages",
    "knowledge_messages",
    "render_passages",
    "repair_messages",
    "response_format",
    "review_messages",
    "schema_hint",
    "seed_messages",
    "starter_messages",
    "strict_schema",
]
