"""The JSON shapes the model answers in, and their strict structured-output form.

Bump :data:`datasetkit.generate.llm.prompts.templates.PROMPT_VERSION` whenever a shape changes.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


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
        "for false premises: the false assumption; otherwise empty"
    )


class CandidatesOut(_Strict):
    """Several candidate cases for one slot, best first."""

    candidates: list[KnowledgeOut] = Field(min_length=1)


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


class CriticOut(_Strict):
    """The critic's verdict on one case, with at most one rewrite."""

    verdict: Literal["pass", "rewrite", "reject"]
    reason: str
    question: str = Field(description="the rewritten question when verdict is rewrite, else empty")
    expected_answer: str = Field(
        description="the rewritten expected answer when verdict is rewrite, else empty"
    )


class JudgeOut(_Strict):
    """Whether the passages entail the expected answer."""

    verdict: Literal["supported", "partially_supported", "not_supported"]
    reason: str


class ProbeOut(_Strict):
    """The reply to ``--check-config --probe``'s one tiny request."""

    word: str


SCHEMAS: dict[str, type[BaseModel]] = {
    "knowledge_case": KnowledgeOut,
    "knowledge_candidates": CandidatesOut,
    "conversation": ConversationOut,
    "simulation_seed": SeedOut,
    "starter_cases": StarterOut,
    "critic": CriticOut,
    "judge": JudgeOut,
    "probe": ProbeOut,
}


_LIMITS = ("minLength", "maxLength", "minItems", "maxItems")


def strict_schema(model: type[BaseModel], *, limits: bool = False) -> dict[str, Any]:
    """The model's JSON schema in the form strict structured output accepts.

    Every object lists all its properties as required and forbids others; titles,
    descriptions of defaults and length limits that strict mode rejects are removed.
    ``limits`` keeps the length limits: a grammar built from the schema (llama.cpp's
    ``json_object`` with a schema) then cannot give an empty list of candidates.
    """
    schema = copy.deepcopy(model.model_json_schema())
    defs = schema.pop("$defs", {})
    dropped = ("title", "default") if limits else ("title", "default", *_LIMITS)

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return inline(copy.deepcopy(defs[node["$ref"].split("/")[-1]]))
            out = {}
            for k, v in node.items():
                if k in dropped:
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


def schema_hint(name: str) -> str:
    """A compact description of the reply shape, for servers without structured output."""
    return "Reply as JSON matching this schema:\n" + json.dumps(
        strict_schema(SCHEMAS[name]), ensure_ascii=False, separators=(",", ":")
    )
