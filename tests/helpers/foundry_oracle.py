"""A test oracle of what azure-ai-evaluation 1.18.10 accepts (spec §4.2, §5, §10.1).

Written from the spec, independently of datasetkit's own checks, so the writer's output
is judged by a second implementation. The loader is the SDK's: pandas ``read_json(lines=True,
dtype=object)`` for JSONL and ``read_csv(dtype=str)`` for CSV. Each row is then checked
as the SDK's evaluators check their inputs: the strict conversation validator on
``messages``/``conversation``/``query``/``response``, the messages validator on a bare
``messages`` input (at least one user and one assistant message, known roles) and the
tool-definitions validator on ``tool_definitions``.

A row whose messages end with a user message and hold no assistant message is a target
input (Foundry generates the response), so the messages validator is not applied to it.
When the real SDK is installed, ``tests/formats/foundry/test_sdk.py`` runs the same files
through it as well.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

USER_TYPES = ("text", "input_text")
ASSISTANT_TYPES = (
    "text",
    "output_text",
    "tool_call",
    "function_call",
    "mcp_approval_request",
    "openapi_call",
)
CALL_TYPES = ("tool_call", "function_call", "openapi_call")
TOOL_TYPES = ("tool_result", "function_call_output", "mcp_approval_response", "openapi_call_output")
ROLES = ("user", "assistant", "system", "tool", "developer")


def load(path: Path) -> list[dict[str, Any]]:
    """Rows as the SDK's loader gives them (missing cells dropped, as NaN is ignored)."""
    import pandas as pd

    if str(path).lower().endswith(".csv"):
        frame = pd.read_csv(path, dtype=str)
    else:
        frame = pd.read_json(path, lines=True, dtype=object)
    rows = []
    for rec in frame.to_dict("records"):
        rows.append({k: v for k, v in rec.items() if not (isinstance(v, float) and math.isnan(v))})
    return rows


def _message(m: Any) -> str | None:
    if not isinstance(m, dict):
        return "message is not a dict"
    if "role" not in m:
        return "Each message must contain a 'role' field."
    if "content" not in m:
        return "Each message must contain a 'content' field."
    role, content = m["role"], m["content"]
    if not (
        isinstance(content, str)
        or (isinstance(content, list) and all(i and isinstance(i, dict) for i in content))
    ):
        return "The 'content' field must be a string or a list of dictionaries messages."
    if len(content) == 0:
        return "The 'content' field can't be empty."
    if isinstance(content, list) and not all("type" in i for i in content):
        return "Each content item in the 'content' list must contain a 'type' field."
    if role in ("user", "system", "developer") and isinstance(content, list):
        for item in content:
            if item["type"] == "image_url" and role == "user":
                continue  # multimodal rows go to the content-safety evaluators
            if item["type"] not in USER_TYPES:
                return f"Invalid content type '{item['type']}' for message with role '{role}'."
            if not isinstance(item.get("text"), str):
                return "The 'text' field must be a string in content items."
    elif role == "assistant" and isinstance(content, list):
        for item in content:
            t = item["type"]
            if t not in ASSISTANT_TYPES:
                return f"Invalid content type '{t}' for message with role 'assistant'."
            if t in ("text", "output_text") and not isinstance(item.get("text"), str):
                return "The 'text' field must be a string in content items."
            if t in CALL_TYPES:
                if not isinstance(item.get("name"), str):
                    return "Each tool_call content items must contain a 'name' field."
                if not isinstance(item.get("arguments"), dict):
                    return "The 'arguments' field must be a dictionary in tool_call content items."
                if not isinstance(item.get("tool_call_id"), str):
                    return "The 'tool_call_id' field must be a string in tool_call content items."
    elif role == "tool":
        if not isinstance(content, list):
            return "The 'content' field must be a list of dictionaries messages for role 'tool'."
        if not isinstance(m.get("tool_call_id"), str):
            return "Each content items for role 'tool' must contain a 'tool_call_id' field."
        for item in content:
            t = item["type"]
            if t not in TOOL_TYPES:
                return f"Invalid content type '{t}' for message with role 'tool'."
            if t != "mcp_approval_response" and t not in item:
                return f"Each content items for role 'tool' must contain a '{t}' field."
    return None


def messages_list(value: Any, name: str) -> str | None:
    """The conversation validator's check of one input (string or message list)."""
    if value is None:
        return f"{name} is a required input and cannot be None."
    if isinstance(value, str):
        return f"{name} string cannot be empty." if value == "" else None
    if not isinstance(value, list):
        return f"{name} must be a string or a list of messages."
    if not value:
        return f"{name} list cannot be empty."
    for m in value:
        err = _message(m)
        if err:
            return err
    return None


def bare_messages(msgs: Any) -> str | None:
    """The messages validator (a bare ``messages`` input)."""
    if not isinstance(msgs, list) or not msgs:
        return "messages must be a non-empty list"
    roles = set()
    for m in msgs:
        if not isinstance(m, dict) or m.get("role") not in ROLES:
            return "Invalid role or message"
        roles.add(m["role"])
    if "user" not in roles:
        return "messages must contain at least one message with role 'user'."
    if "assistant" not in roles:
        return "messages must contain at least one message with role 'assistant'."
    return None


def tool_definitions(defs: Any) -> str | None:
    """The tool-definitions validator."""
    if not defs or isinstance(defs, str):
        return None
    if isinstance(defs, dict):
        defs = [defs]
    if not isinstance(defs, list):
        return "Tool definitions must be provided as a list of dictionaries."
    for d in defs:
        if not isinstance(d, dict):
            return "Each tool definition must be a dictionary."
        items = d.get("functions") if d.get("type") == "openapi" else [d]
        for fn in items or []:
            if not isinstance(fn, dict) or not isinstance(fn.get("name"), str):
                return "Each tool definitions must contain a 'name' field."
            if not isinstance(fn.get("parameters"), dict):
                return "Each tool definitions must contain a 'parameters' field."
    return None


def _target_input(msgs: Any) -> bool:
    return (
        isinstance(msgs, list)
        and bool(msgs)
        and isinstance(msgs[-1], dict)
        and msgs[-1].get("role") == "user"
        and not any(isinstance(m, dict) and m.get("role") == "assistant" for m in msgs)
    )


def row_errors(row: dict[str, Any]) -> list[str]:
    """Why the SDK's validators would reject this row (empty when accepted)."""
    errors: list[str] = []

    def add(err: str | None) -> None:
        if err:
            errors.append(err)

    if "test_case_description" in row:
        d = row["test_case_description"]
        if not isinstance(d, str) or not (1 <= len(d) <= 2500):
            errors.append("test_case_description must be 1-2,500 characters")
        return errors
    if "messages" in row:
        msgs = row["messages"]
        if not _target_input(msgs):
            add(bare_messages(msgs))
        add(messages_list(msgs, "Conversation messages"))
    elif "conversation" in row:
        conv = row["conversation"]
        if not isinstance(conv, dict) or not isinstance(conv.get("messages"), list):
            errors.append("Conversation must be a dictionary with a messages list.")
        else:
            add(messages_list(conv["messages"], "Conversation messages"))
    else:
        if "query" in row:
            add(messages_list(row["query"], "Query"))
        if "response" in row:
            add(messages_list(row["response"], "Response"))
    add(tool_definitions(row.get("tool_definitions")))
    return errors


def file_errors(path: Path) -> list[str]:
    """Every rejection for a file, prefixed with the row number."""
    try:
        rows = load(path)
    except Exception as exc:  # the SDK wraps any loader failure
        return [f"Unable to load data from '{path}': {exc}"]
    out = []
    for i, row in enumerate(rows):
        out.extend(f"row {i}: {e}" for e in row_errors(row))
    return out


def strict_jsonl(path: Path) -> list[str]:
    """The file rules of §10.1 for JSONL datasetkit writes: UTF-8, no BOM, LF, one object a line."""
    import json

    data = path.read_bytes()
    problems = []
    if data.startswith(b"\xef\xbb\xbf"):
        problems.append("BOM")
    if b"\r" in data:
        problems.append("CR")
    if data and not data.endswith(b"\n"):
        problems.append("no final newline")
    text = data.decode("utf-8")
    for n, line in enumerate(text.split("\n")[:-1], start=1):
        try:
            value = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(f"line {n}: {exc}")
            continue
        if not isinstance(value, dict):
            problems.append(f"line {n}: not an object")
    return problems
