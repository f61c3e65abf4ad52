"""The small Foundry rows the Foundry rules show as their bad and good examples."""

from __future__ import annotations

import json
from typing import Any

USER = {"role": "user", "content": "What is the weather in Paris?"}
ANSWER = {"role": "assistant", "content": "It is 18°C and sunny in Paris."}
DEFINITION = {
    "name": "get_weather",
    "description": "Current weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
}
CALL = {
    "type": "tool_call",
    "tool_call_id": "call_1",
    "name": "get_weather",
    "arguments": {"city": "Paris"},
}
RESULT = {
    "role": "tool",
    "tool_call_id": "call_1",
    "content": [{"type": "tool_result", "tool_result": {"temp": 18}}],
}


def row_text(**kw: Any) -> str:
    return json.dumps(kw, ensure_ascii=False) + "\n"


def tool_row_text(
    call: dict[str, Any] | None = None,
    result: dict[str, Any] | None = None,
    defs: list[Any] | None = None,
) -> str:
    msgs = [USER, {"role": "assistant", "content": [call or CALL]}, result or RESULT, ANSWER]
    return row_text(messages=msgs, tool_definitions=defs if defs is not None else [DEFINITION])


# The rule options every Foundry rule shares.
FOUNDRY = {"families": ("foundry",), "example_format": "foundry", "example_suffix": ".jsonl"}
