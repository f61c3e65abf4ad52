"""Versioned prompt templates and the JSON shapes the model must answer in.

Bump :data:`PROMPT_VERSION` whenever a template or schema changes: it is part of every
request (so cached responses of older prompts are not reused) and of the run manifest.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...language import language_name
from ..base import Chunk

PROMPT_VERSION = "llm-2026.12-1"

QUESTION_TYPES: dict[str, str] = {
    "lookup": "a question about one fact stated in one passage",
    "multi-section": "a question whose answer needs facts from two different passages combined",
    "comparison": "a question that compares two items, options or values the passages describe",
    "table-lookup": "a question answered by a value in one row of a table",
    "aggregation": "a question asking for a total, count, maximum or minimum over several table "
    "rows; the answer gives the result, and the evidence quotes every row used",
    "procedural": 'a "how do I ..." question answered by the steps the passages give, in order',
    "unanswerable": "a question on the passages' topic whose answer the passages do NOT contain; "
    "the expected response says the information is not available, or asks a clarifying question",
    "false-premise": "a question that assumes something the passages contradict; the expected "
    "response corrects the premise, and the evidence quotes the passage that contradicts it",
    "out-of-scope": "a request unrelated to what the passages cover; the expected response "
    "declines politely and says what the assistant can help with",
}
NEGATIVE_TYPES = frozenset({"unanswerable", "false-premise", "out-of-scope"})
MULTI_CHUNK_TYPES = frozenset({"multi-section", "comparison"})
TABLE_TYPES = frozenset({"table-lookup", "aggregation"})

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


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class KnowledgeOut(_Strict):
    """One generated single-turn case."""

    question: str = Field(min_length=3)
    expected_answer: str = Field(min_length=1)
    evidence: list[str] = Field(description="verbatim quotes from the passages")
    expected_behavior: Literal["answer", "refuse", "clarify", "correct"]
    missing_detail: str = Field(
        description="for unanswerable questions: what is asked that the passages do not say; "
        "otherwise empty"
    )


class TurnOut(_Strict):
    """One scripted turn."""

    move: Literal["opening", "follow-up", "correction", "topic-switch"]
    user: str = Field(min_length=1)
    expected_response: str = Field(min_length=1)
    evidence: list[str]


class ConversationOut(_Strict):
    """A scripted conversation."""

    turns: list[TurnOut] = Field(min_length=1)


class SeedOut(_Strict):
    """A conversation-simulation seed."""

    test_case_description: str = Field(min_length=10)
    evidence: list[str]


class StarterCaseOut(_Strict):
    """One starter case from an agent description."""

    prompt: str = Field(min_length=3)
    expected_response: str = Field(min_length=1)
    rationale: str


class StarterOut(_Strict):
    """Starter cases for one category."""

    cases: list[StarterCaseOut]


SCHEMAS: dict[str, type[BaseModel]] = {
    "knowledge_case": KnowledgeOut,
    "conversation": ConversationOut,
    "simulation_seed": SeedOut,
    "starter_cases": StarterOut,
}


def strict_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema in the form strict structured output accepts.

    Every object lists all its properties as required and forbids others; titles,
    descriptions of defaults and length limits that strict mode rejects are removed.
    """
    schema = copy.deepcopy(model.model_json_schema())
    defs = schema.pop("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return inline(copy.deepcopy(defs[node["$ref"].split("/")[-1]]))
            out = {}
            for k, v in node.items():
                if k in ("title", "default", "minLength", "maxLength", "minItems", "maxItems"):
                    continue
                out[k] = inline(v)
            if out.get("type") == "object":
                out["additionalProperties"] = False
                out["required"] = list(out.get("properties", {}))
            return out
        if isinstance(node, list):
            return [inline(v) for v in node]
        return node

    result: dict[str, Any] = inline(schema)
    return result


def response_format(name: str, mode: str) -> dict[str, Any] | None:
    """The ``response_format`` request field for a schema in a structured-output mode."""
    if mode == "json_schema":
        return {
            "type": "json_schema",
            "json_schema": {"name": name, "strict": True, "schema": strict_schema(SCHEMAS[name])},
        }
    if mode == "json_object":
        return {"type": "json_object"}
    return None


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


def render_passages(chunks: list[Chunk]) -> str:
    """The source passages, each tagged with an id and its location."""
    parts = []
    for i, ch in enumerate(chunks, 1):
        label = ch.provenance.label().replace('"', "'")
        parts.append(
            f'<passage id="P{i}" kind="{ch.kind}" source="{label}">\n{ch.text}\n</passage>'
        )
    return "\n\n".join(parts)


def schema_hint(name: str) -> str:
    """A compact description of the reply shape, for servers without structured output."""
    return "Reply as JSON matching this schema:\n" + json.dumps(
        strict_schema(SCHEMAS[name]), ensure_ascii=False, separators=(",", ":")
    )


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
) -> list[dict[str, str]]:
    """Messages asking for one single-turn case of ``question_type`` from ``chunks``."""
    negative = question_type in NEGATIVE_TYPES
    behaviour = {
        "unanswerable": 'Set expected_behavior to "refuse" or "clarify", evidence to the '
        "passages closest to the topic (quotes), and missing_detail to the detail asked "
        "for that no passage contains.",
        "false-premise": 'Set expected_behavior to "correct"; evidence quotes the passage that '
        "contradicts the premise; missing_detail is empty.",
        "out-of-scope": 'Set expected_behavior to "refuse"; evidence is empty; missing_detail '
        "names the unrelated subject.",
    }.get(question_type, 'Set expected_behavior to "answer" and missing_detail to "".')
    lines = [
        "Task: knowledge case",
        f"Question type: {question_type} - {QUESTION_TYPES[question_type]}",
        f"Category: {category}",
        f"Language: {language_name(language)} ({language})",
        "",
        _GROUNDING_RULES if not negative else "The expected response must not invent facts.",
        behaviour,
    ]
    return _messages(
        lines,
        avoid_intro="Do not repeat or rephrase any of these questions:",
        avoid=avoid,
        schema="knowledge_case",
        structured=structured,
        source=render_passages(chunks),
        language=language,
        mode_note="Each case comes with evidence quotes.",
    )


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
) -> list[dict[str, str]]:
    """Messages asking for a scripted conversation of ``turns`` user turns."""
    moves = conversation_moves(turns)
    lines = [
        "Task: conversation",
        f"Turns: {turns}",
        f"Category: {category}",
        f"Language: {language_name(language)} ({language})",
        "",
        "Write a scripted conversation between a user and the assistant. Each turn has the "
        "user's message, the assistant's expected response, and evidence quotes for it. "
        + _GROUNDING_RULES,
        "Later turns may use pronouns and context from earlier turns; the expected response "
        "of every turn must still be supported by its evidence.",
        "The moves, in order:",
    ]
    lines += [f"{i}. {m}: {CONVERSATION_MOVES[m]}" for i, m in enumerate(moves, 1)]
    return _messages(
        lines,
        avoid_intro="Do not open with any of these questions:",
        avoid=avoid,
        schema="conversation",
        structured=structured,
        source=render_passages(chunks),
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
) -> list[dict[str, str]]:
    """Messages asking for one conversation-simulation seed."""
    lines = [
        "Task: simulation seed",
        f"Turns: {turns}",
        f"Category: {category}",
        f"Language: {language_name(language)} ({language})",
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
        source=render_passages(chunks),
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
