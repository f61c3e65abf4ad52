"""The canonical model's classes: messages, turns, seeds, sources, cases and the dataset's fields.

:mod:`datasetkit.core.model` is the place to import them from; it adds the record and
DataFrame methods to :class:`~datasetkit.core.model.Dataset`. They live here so the code
those methods call (:mod:`datasetkit.core.records`, :mod:`datasetkit.core.record_cases`)
can build cases without importing the module whose methods call it.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

JSONObject = dict[str, Any]

CaseKind = Literal["single", "conversation", "seed"]


class Message(BaseModel):
    """One chat message (Foundry/OpenAI shape). Unknown keys are kept as extra fields.

    ``content`` is a string, a list of typed content items (``text``, ``tool_call``,
    ``tool_result``, ...), or ``None`` (OpenAI Chat Completions tool-call messages).
    """

    model_config = ConfigDict(extra="allow")

    role: str
    content: str | list[JSONObject] | None = None

    def text(self) -> str:
        """The message's plain text: string content, or its text items joined."""
        if isinstance(self.content, str):
            return self.content
        if not self.content:
            return ""
        parts = [
            str(item.get("text", ""))
            for item in self.content
            if item.get("type") in ("text", "input_text", "output_text")
        ]
        return "\n".join(p for p in parts if p)


class Turn(BaseModel):
    """One prompt with what is expected of the answer (an M365 item or thread turn)."""

    model_config = ConfigDict(extra="forbid")

    prompt: str
    expected_response: str | None = None
    context: str | None = None
    # The agent's answer when the file carries one (M365 output or --evaluate-only
    # input, Foundry ``response``). A Copilot Studio conversation file's ``response``
    # column is a reference reply that is not graded, so it is the expected response.
    response: str | None = None
    evaluators: dict[str, JSONObject] | None = None
    evaluators_mode: str | None = None
    allowed_tools: list[str] | None = None
    allowed_tools_mode: str | None = None
    tags: list[str] | None = None
    extensions: JSONObject | None = None
    # Output-only fields of a results document (citations, scores, diagnostics,
    # status, error), kept as written.
    results: JSONObject = Field(default_factory=dict)
    # Fields of the source record that no model field holds, in source order.
    extra: JSONObject = Field(default_factory=dict)


class Seed(BaseModel):
    """A conversation-simulation seed (Foundry ``test_case_description`` rows)."""

    model_config = ConfigDict(extra="forbid")

    description: str
    desired_num_turns: int | None = None
    # Which of the two known shapes the seed came in: top-level ``id`` +
    # ``desired_num_turns``, or ``test_case_id`` + ``simulation_configuration``.
    shape: Literal["flat", "simulation_configuration"] = "flat"
    simulation_configuration: JSONObject | None = None


class Source(BaseModel):
    """Where a case came from: a dataset record, or a knowledge-file passage."""

    model_config = ConfigDict(extra="allow")

    path: str | None = None
    line: int | None = None
    row: int | None = None
    # Document-level JSON Pointer of the case: "/items/3" in an M365 document, "/3" for
    # the fourth record of a JSONL or CSV file (0-based, like every pointer).
    pointer: str | None = None
    # Pointer of each turn's record, parallel to Case.turns ("/items/3/turns/0", or
    # "/items/3" for a single-turn item; "/3/messages/2" for a Foundry user message).
    turn_pointers: list[str] | None = None


class Case(BaseModel):
    """One test case: a single prompt, a scripted conversation, or a simulation seed."""

    model_config = ConfigDict(extra="forbid")

    kind: CaseKind = "single"
    id: str | None = None
    name: str | None = None
    description: str | None = None
    category: str | None = None
    notes: str | None = None
    tags: list[str] | None = None
    turns: list[Turn] = Field(default_factory=list)
    # The full message list when the source had one (system prompts, tool calls and
    # results); ``turns`` then holds the user/assistant view of the same exchange.
    messages: list[Message] | None = None
    tool_definitions: list[JSONObject] | None = None
    seed: Seed | None = None
    conversation_id: str | None = None
    # Thread-level output summary (M365 results documents).
    summary: JSONObject | None = None
    extensions: JSONObject | None = None
    extra: JSONObject = Field(default_factory=dict)
    source: Source | None = Field(default=None, exclude=True)

    @property
    def first_prompt(self) -> str:
        """The first prompt of the case ('' when there is none, e.g. a seed)."""
        return self.turns[0].prompt if self.turns else ""

    def content_id(self) -> str:
        """A stable id made from the case's content (prompts and expected responses)."""
        payload = [[t.prompt, t.expected_response or ""] for t in self.turns] or [
            [self.seed.description if self.seed else ""]
        ]
        digest = hashlib.sha256(
            json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        ).hexdigest()
        return "tc-" + digest[:12]


class DatasetBase(BaseModel):
    """A whole dataset's fields (the public class is :class:`datasetkit.core.model.Dataset`)."""

    model_config = ConfigDict(extra="forbid")

    schema_version: str | None = None
    metadata: JSONObject | None = None
    default_evaluators: dict[str, JSONObject] | None = None
    default_allowed_tools: list[str] | None = None
    cases: list[Case] = Field(default_factory=list)
    # Root-level fields no model field holds (``$schema``, ``description``, ...).
    extra: JSONObject = Field(default_factory=dict)
    # The format the dataset was read from (registry name), and the file.
    source_format: str | None = Field(default=None, exclude=True)
    source_path: str | None = Field(default=None, exclude=True)

    def iter_turns(self) -> list[tuple[int, int, Turn]]:
        """Every turn with its case and turn index."""
        return [(ci, ti, t) for ci, c in enumerate(self.cases) for ti, t in enumerate(c.turns)]
