"""Dialect normalisation: Chat Completions and legacy tool calls to the canonical message shape,
and conversions between messages and turns."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from datasetkit.core.jsonloc import pointer_join
from datasetkit.formats.foundry.spec import CALL_ITEM_TYPES

if TYPE_CHECKING:
    # Imported where used: the row checks take parse_arguments without the model.
    from datasetkit.core.model import Message, Turn

# --- normalization ------------------------------------------------------------------------


def parse_arguments(args: str) -> dict[str, Any] | None:
    """Tool-call arguments given as JSON text, as an object ({} for blank text); None when
    the text is not a JSON object."""
    if not args.strip():
        return {}
    try:
        value = json.loads(args)
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, dict) else None


def flat_call(item: dict[str, Any]) -> dict[str, Any]:
    """A tool_call item in the canonical flat shape (legacy nesting and string arguments undone)."""
    nested = item.get("tool_call")
    if isinstance(nested, dict) and "name" not in item:
        fn: dict[str, Any] = nested["function"] if isinstance(nested.get("function"), dict) else {}
        out: dict[str, Any] = {"type": item.get("type", "tool_call")}
        if "id" in nested:
            out["tool_call_id"] = nested["id"]
        if "name" in fn:
            out["name"] = fn["name"]
        if "arguments" in fn:
            out["arguments"] = fn["arguments"]
        for k, v in item.items():
            if k not in ("type", "tool_call"):
                out.setdefault(k, v)
        item = out
    args = item.get("arguments")
    if isinstance(args, str):
        parsed = parse_arguments(args)
        if parsed is not None:
            item = {**item, "arguments": parsed}
    return item


def normalize_message(m: dict[str, Any]) -> dict[str, Any]:
    """One message in the canonical Foundry shape (typed tool calls, list tool content)."""
    out = dict(m)
    role = out.get("role")
    content = out.get("content")
    calls = out.get("tool_calls")
    if role == "assistant" and isinstance(calls, list) and all(isinstance(c, dict) for c in calls):
        items: list[dict[str, Any]] = []
        if isinstance(content, str) and content:
            items.append({"type": "text", "text": content})
        elif isinstance(content, list):
            items.extend(content)
        for c in calls:
            fn = c.get("function") if isinstance(c.get("function"), dict) else {}
            call: dict[str, Any] = {"type": "tool_call"}
            if "id" in c:
                call["tool_call_id"] = c["id"]
            if "name" in fn:
                call["name"] = fn["name"]
            call["arguments"] = fn.get("arguments", {})
            items.append(flat_call(call))
        out.pop("tool_calls")
        out["content"] = items
        return out
    if isinstance(content, list):
        out["content"] = [
            flat_call(i) if isinstance(i, dict) and i.get("type") in CALL_ITEM_TYPES else i
            for i in content
        ]
    elif role == "tool" and isinstance(content, str):
        out["content"] = [{"type": "tool_result", "tool_result": content}]
    return out


def normalize_tool_definitions(defs: list[Any]) -> list[Any]:
    """Flatten OpenAI-nested tool definitions ({"type": "function", "function": {...}})."""
    out: list[Any] = []
    for d in defs:
        if isinstance(d, dict) and "name" not in d and isinstance(d.get("function"), dict):
            flat: dict[str, Any] = {"type": d.get("type", "function"), **d["function"]}
            for k, v in d.items():
                if k not in ("type", "function"):
                    flat.setdefault(k, v)
            out.append(flat)
        else:
            out.append(d)
    return out


def valid_messages(msgs: Any) -> bool:
    """Whether ``msgs`` is a message list the model can hold: objects with a string role
    and string, null or list-of-objects content."""
    return (
        isinstance(msgs, list)
        and all(isinstance(m, dict) and isinstance(m.get("role"), str) for m in msgs)
        and all(
            m.get("content") is None
            or isinstance(m.get("content"), str)
            or (
                isinstance(m.get("content"), list)
                and all(isinstance(i, dict) for i in m["content"])
            )
            for m in msgs
        )
    )


def to_messages(raw: list[dict[str, Any]]) -> list[Message]:
    """Raw message dicts as canonical Messages (each normalised first)."""
    from datasetkit.core.model import Message

    return [Message.model_validate(normalize_message(m)) for m in raw]


def message_text(m: Message) -> str | None:
    """The text of a message, or None when it has none (e.g. only tool calls)."""
    if isinstance(m.content, str):
        return m.content
    if not m.content:
        return None
    parts = [
        item.get("text")
        for item in m.content
        if item.get("type") in ("text", "input_text", "output_text")
    ]
    texts = [p for p in parts if isinstance(p, str)]
    if not texts:
        return None
    return "\n".join(texts)


def turns_from_messages(
    msgs: list[Message], base: str = ""
) -> tuple[list[Turn], list[str], list[list[int | None]]]:
    """The user/assistant view of a message list: turns, their pointers, message indexes."""
    from datasetkit.core.model import Turn

    turns: list[Turn] = []
    pointers: list[str] = []
    where: list[list[int | None]] = []
    for i, m in enumerate(msgs):
        extra = m.model_extra or {}
        if m.role == "user":
            ctx = extra.get("context")
            turns.append(
                Turn(prompt=message_text(m) or "", context=ctx if isinstance(ctx, str) else None)
            )
            pointers.append(pointer_join(base, i))
            where.append([i, None])
        elif m.role == "assistant" and turns:
            text = message_text(m)
            if text is not None:
                turns[-1].response = text
                where[-1][1] = i
            gt = extra.get("ground_truth")
            if isinstance(gt, str):
                turns[-1].expected_response = gt
    return turns, pointers, where


def _text_message(role: str, text: str) -> Message:
    from datasetkit.core.model import Message

    return Message(role=role, content=[{"type": "text", "text": text}])


def messages_from_turns(turns: list[Turn]) -> tuple[list[Message], list[int]]:
    """Messages written for turns that have no message list (e.g. an M365 thread).

    Each turn is a user message (with its ``context``) and, when known, an assistant
    message: the agent's response, or else the expected response. The indexes of turns
    whose assistant text is the expected response are returned so reading the row back
    restores ``expected_response`` rather than ``response``.
    """
    from datasetkit.core.model import Message

    msgs: list[Message] = []
    expected_as_assistant: list[int] = []
    last = len(turns) - 1
    for i, t in enumerate(turns):
        user = _text_message("user", t.prompt)
        if t.context is not None:
            user = Message.model_validate(
                {"role": "user", "content": user.content, "context": t.context}
            )
        msgs.append(user)
        if t.response is not None:
            if t.expected_response is not None and i < last:
                msgs.append(
                    Message.model_validate(
                        {
                            "role": "assistant",
                            "content": [{"type": "text", "text": t.response}],
                            "ground_truth": t.expected_response,
                        }
                    )
                )
            else:
                msgs.append(_text_message("assistant", t.response))
        elif t.expected_response is not None:
            msgs.append(_text_message("assistant", t.expected_response))
            expected_as_assistant.append(i)
    return msgs, expected_as_assistant
