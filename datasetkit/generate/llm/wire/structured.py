"""Structured output, negotiated per server.

Servers differ in what they accept for a reply shape: OpenAI, Azure (recent API
versions), vLLM, Ollama and LM Studio take ``response_format: {"type": "json_schema"}``;
llama.cpp and llama-cpp-python take ``{"type": "json_object", "schema": {...}}`` (the
schema becomes a grammar there), and some servers know only function calling, or
nothing at all. A run tries the modes in the order its server's profile declares
(:mod:`.profiles`; :data:`FALLBACK` for every provider): a server that rejects one
(HTTP 400, 422, or a 500 whose body names ``response_format``, ``json_schema`` or the
tools) moves the run to the next, and the mode that worked is remembered for the base
URL and model for the rest of the process.
"""

from __future__ import annotations

import json
import threading
from typing import Any

from datasetkit.generate.llm.config.settings import STRUCTURED_MODES
from datasetkit.generate.llm.prompts.schemas import SCHEMAS, strict_schema

# The modes --structured takes (the settings check them), and the rest best first: the
# order ``auto`` tries unless a profile says otherwise; ``none`` puts the schema in the
# prompt only.
MODES = STRUCTURED_MODES
FALLBACK = tuple(m for m in MODES if m != "auto")

# Statuses a rejection of the reply-shape request may come as: 400, 422 (FastAPI
# validation) and 500 (llama-cpp-python turns its validation error into one).
REJECTION_STATUSES = (400, 422, 500)

# Words a rejection's body names when the server did not take the reply-shape request.
_STRUCTURED_WORDS = ("response_format", "json_schema", "json_object", "structured")
_TOOL_WORDS = ("tool_choice", "tools", "function")

_LOCK = threading.Lock()
# (endpoint, model) -> (the mode taken, [(a mode rejected, the server's words)])
_NEGOTIATED: dict[tuple[str, str], tuple[str, list[tuple[str, str]]]] = {}


# Nested lists (evidence quotes) a grammar allows at most: a small model that repeats
# itself inside a list otherwise writes until max_tokens.
NESTED_MAX_ITEMS = 6


def grammar_schema(name: str, items: tuple[int, int] | None = None) -> dict[str, Any]:
    """Schema ``name`` for a server that makes a grammar of it: length limits kept, the
    top-level list held to ``items`` (at least, at most) and nested lists capped at
    :data:`NESTED_MAX_ITEMS`."""
    schema = strict_schema(SCHEMAS[name], limits=True)

    def cap(node: Any, bounds: tuple[int, int] | None) -> None:
        if not isinstance(node, dict):
            return
        if node.get("type") == "array":
            if bounds is not None:
                low = max(bounds[0], node.get("minItems", 0))
                node["minItems"], node["maxItems"] = low, max(low, bounds[1])
            cap(node.get("items"), (0, NESTED_MAX_ITEMS))
            return
        for value in node.values():
            cap(value, (0, NESTED_MAX_ITEMS))

    for prop in schema.get("properties", {}).values():
        cap(prop, items)
    return schema


def request_fields(name: str, mode: str, items: tuple[int, int] | None = None) -> dict[str, Any]:
    """The request-body fields that ask for schema ``name`` in ``mode`` (``items``
    bounds the reply's list where a grammar is made of the schema)."""
    schema = strict_schema(SCHEMAS[name])
    if mode == "json_schema":
        return {
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": name, "strict": True, "schema": schema},
            }
        }
    if mode == "json_object":
        # The "schema" key is the llama.cpp / llama-cpp-python extension: the server turns
        # it into a grammar. Without it llama.cpp falls back to a generic JSON grammar that
        # small models fill slowly until max_tokens; servers that do not know it ignore it.
        grammar = grammar_schema(name, items)
        return {"response_format": {"type": "json_object", "schema": grammar}}
    if mode == "tools":
        return {
            "tools": [
                {
                    "type": "function",
                    "function": {
                        "name": name,
                        "description": "Give the reply in this shape.",
                        "parameters": schema,
                    },
                }
            ],
            "tool_choice": {"type": "function", "function": {"name": name}},
        }
    return {}


def is_rejection(
    status: int,
    message: str,
    body: dict[str, Any],
    statuses: tuple[int, ...] = REJECTION_STATUSES,
) -> bool:
    """Whether an error reply rejects the structured-output part of a request: a reply
    of one of ``statuses`` whose text names it."""
    if status not in statuses:
        return False
    if "response_format" not in body and "tools" not in body:
        return False
    text = message.lower()
    words = _STRUCTURED_WORDS + (_TOOL_WORDS if "tools" in body else ())
    return any(w in text for w in words)


def next_mode(mode: str, order: tuple[str, ...] = FALLBACK) -> str | None:
    """The mode of ``order`` to try after ``mode`` was rejected (None after the last)."""
    i = order.index(mode) if mode in order else len(order) - 1
    return order[i + 1] if i + 1 < len(order) else None


def remember(
    endpoint: str, model: str, mode: str, rejected: list[tuple[str, str]] | None = None
) -> None:
    """Remember the mode that works for a server and model (for this process), and the
    modes it rejected on the way."""
    with _LOCK:
        _NEGOTIATED[(endpoint, model)] = (mode, list(rejected or []))


def known(endpoint: str, model: str) -> str | None:
    """The mode remembered for a server and model, if any."""
    with _LOCK:
        found = _NEGOTIATED.get((endpoint, model))
    return found[0] if found else None


def rejected_before(endpoint: str, model: str) -> list[tuple[str, str]]:
    """The modes a server and model rejected earlier in this process, with its words."""
    with _LOCK:
        found = _NEGOTIATED.get((endpoint, model))
    return list(found[1]) if found else []


def forget_all() -> None:
    """Forget every remembered mode (tests start each server afresh)."""
    with _LOCK:
        _NEGOTIATED.clear()


def tool_arguments(message: Any) -> str | None:
    """The arguments of the first tool call of a reply message (the reply in tools mode)."""
    calls = getattr(message, "tool_calls", None) or []
    for call in calls:
        fn = getattr(call, "function", None)
        args = getattr(fn, "arguments", None)
        if isinstance(args, str) and args.strip():
            return args
        if isinstance(args, dict):
            return json.dumps(args, ensure_ascii=False)
    return None
