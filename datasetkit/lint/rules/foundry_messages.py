"""Foundry rules: message shapes the SDK rejects, tool calls and tool definitions.

The Foundry reader normalises every dialect into the canonical message shape, so the
shape rules read the raw records (JSONL lines, CSV header) to see what the file really
holds; ``--fix`` rewrites the same places.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from datasetkit.core.findings import Finding, Severity
from datasetkit.core.jsonloc import pointer_join
from datasetkit.formats.foundry.tools import FOUNDRY_BUILTIN_TOOLS
from datasetkit.lint.context import LintContext
from datasetkit.lint.fix.edits import JsonLines
from datasetkit.lint.registry import Hit, fixes, rule
from datasetkit.lint.rules.foundry_examples import (
    ANSWER,
    CALL,
    DEFINITION,
    FOUNDRY,
    RESULT,
    USER,
    row_text,
    tool_row_text,
)
from datasetkit.lint.rules.foundry_raw import (
    CALL_TYPES,
    Call,
    calls_in,
    calls_of,
    ctx_label,
    defined_names,
    message_lists,
    messages_of,
    raw_rows,
    results_in,
    tool_definitions,
)


@rule(
    "lint.foundry.messages-roles",
    Severity.ERROR,
    "A messages list has no user message or no assistant message.",
    explanation="""
The SDK's messages validator requires at least one user and one assistant message.
Without a user message there is nothing to answer; without an assistant message there
is no response to score (unless the dataset is input for a model or agent target, whose
messages end with the user's turn).
""",
    bad=row_text(messages=[USER]),
    good=row_text(messages=[USER, ANSWER]),
    supersedes=("foundry.messages.no-user", "foundry.messages.no-assistant"),
    **FOUNDRY,  # type: ignore[arg-type]
)
def check_roles(ctx: LintContext) -> Iterator[Hit]:
    for r in raw_rows(ctx):
        lists = list(message_lists(r.value))
        if not lists:
            continue
        roles = {m.get("role") for _, msgs in lists for m in msgs if isinstance(m, dict)}
        where = lists[0][0]
        for role in ("user", "assistant"):
            if role not in roles:
                hint = (
                    "add the user's request as a user message"
                    if role == "user"
                    else "add the agent's answer as an assistant message (or evaluate the row against a target)"
                )
                yield r.hit(
                    f"the messages of {ctx_label(r)} have no {role} message", hint, where, role=role
                )


@rule(
    "lint.foundry.tool-content-string",
    Severity.ERROR,
    "A tool message has string content (the SDK wants a list of tool_result items).",
    explanation="""
In the Chat Completions style a tool result is {"role": "tool", "content": "<text>"}.
azure-ai-evaluation's validator rejects it: "The 'content' field must be a list of
dictionaries messages for role 'tool'." `lint --fix` wraps it as
[{"type": "tool_result", "tool_result": "<text>"}].
""",
    bad=tool_row_text(result={"role": "tool", "tool_call_id": "call_1", "content": '{"temp": 18}'}),
    good=tool_row_text(),
    fixable=True,
    supersedes=("foundry.message.tool-content-string",),
    **FOUNDRY,  # type: ignore[arg-type]
)
def check_tool_content(ctx: LintContext) -> Iterator[Hit]:
    for r in raw_rows(ctx):
        for ptr, m in messages_of(r.value):
            if m.get("role") == "tool" and isinstance(m.get("content"), str):
                yield r.hit(
                    f"the tool message at {ptr} of {ctx_label(r)} has string content {m['content'][:40]!r}",
                    'wrap it: "content": [{"type": "tool_result", "tool_result": ...}] (lint --fix does it)',
                    ptr + "/content",
                )


@rule(
    "lint.foundry.string-arguments",
    Severity.ERROR,
    "A tool_call item has its arguments as a JSON string instead of an object.",
    explanation="""
The SDK's validator requires a dict: "The 'arguments' field must be a dictionary in
tool_call content items." OpenAI APIs return arguments as a JSON-encoded string, which
is how they end up in datasets. `lint --fix` decodes strings that hold a JSON object.
""",
    bad=tool_row_text(call={**CALL, "arguments": '{"city": "Paris"}'}),
    good=tool_row_text(),
    fixable=True,
    supersedes=("foundry.message.arguments-not-object",),
    **FOUNDRY,  # type: ignore[arg-type]
)
def check_string_arguments(ctx: LintContext) -> Iterator[Hit]:
    for r in raw_rows(ctx):
        for ptr, m in messages_of(r.value):
            content = m.get("content")
            if not isinstance(content, list):
                continue
            for j, item in enumerate(content):
                if (
                    isinstance(item, dict)
                    and item.get("type") in CALL_TYPES
                    and isinstance(item.get("arguments"), str)
                ):
                    p = pointer_join(ptr, "content", j, "arguments")
                    yield r.hit(
                        f"the arguments of tool call {item.get('name')!r} in {ctx_label(r)} are a string: "
                        f"{item['arguments'][:40]!r}",
                        "write them as a JSON object (lint --fix decodes the string)",
                        p,
                    )


@rule(
    "lint.foundry.chat-completions",
    Severity.ERROR,
    "An assistant message uses Chat Completions tool_calls instead of typed tool_call items.",
    explanation="""
{"role": "assistant", "content": null, "tool_calls": [{"function": {...}}]} is the
OpenAI Chat Completions shape. Foundry's documented message shape puts calls in the
content list as {"type": "tool_call", "tool_call_id", "name", "arguments": {...}}, and
the SDK's strict validator rejects the Chat Completions form. `lint --fix` converts it.
""",
    bad=row_text(
        messages=[
            USER,
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "call_1",
                        "type": "function",
                        "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
                    }
                ],
            },
            RESULT,
            ANSWER,
        ],
        tool_definitions=[DEFINITION],
    ),
    good=tool_row_text(),
    fixable=True,
    supersedes=("foundry.message.chat-completions", "foundry.message.content-null"),
    **FOUNDRY,  # type: ignore[arg-type]
)
def check_chat_completions(ctx: LintContext) -> Iterator[Hit]:
    for r in raw_rows(ctx):
        for ptr, m in messages_of(r.value):
            if isinstance(m.get("tool_calls"), list):
                names = [c.name for c in calls_in(ptr, m) if c.kind == "chat-completions"]
                yield r.hit(
                    f"the assistant message at {ptr} of {ctx_label(r)} uses Chat Completions tool_calls "
                    f"({', '.join(repr(n) for n in names if n) or 'unnamed'})",
                    'move each call into "content" as {"type": "tool_call", ...} (lint --fix converts it)',
                    ptr + "/tool_calls",
                )


@rule(
    "lint.foundry.tool-call-id",
    Severity.ERROR,
    "A tool_call_id has no matching call or no matching result.",
    explanation="""
Each tool result refers to the call it answers by tool_call_id. A result whose id no
call has (or a call that never gets a result while the conversation goes on) breaks the
pairing the tool evaluators rely on; usually ids were renumbered or a message was cut.

Calls to hosted tools the service runs itself (bing_grounding, bing_custom_search,
file_search, azure_ai_search, code_interpreter, sharepoint_grounding, web_search, ...,
and any call whose tool type is not "function") are exempt from the "no result" check:
AIAgentConverter writes no tool message for bing_grounding at all, and for the others
only when the run kept an output.
""",
    bad=tool_row_text(result={**RESULT, "tool_call_id": "call_9"}),
    good=tool_row_text(),
    supersedes=("foundry.message.unmatched-tool-call-id",),
    **FOUNDRY,  # type: ignore[arg-type]
)
def check_tool_call_ids(ctx: LintContext) -> Iterator[Hit]:
    for r in raw_rows(ctx):
        for base, msgs in message_lists(r.value):
            calls: dict[str, Call] = {}
            results: dict[str, str] = {}
            last_call_msg = -1
            for i, m in enumerate(msgs):
                if not isinstance(m, dict):
                    continue
                ptr = pointer_join(base, i)
                for c in calls_in(ptr, m):
                    if c.id:
                        calls.setdefault(c.id, c)
                        last_call_msg = i
                for cid, p in results_in(ptr, m):
                    results.setdefault(cid, p)
                    if cid not in calls:
                        yield r.hit(
                            f"tool result {cid!r} in {ctx_label(r)} answers no earlier tool call",
                            "use the tool_call_id of the call it answers",
                            p,
                            tool_call_id=cid,
                        )
            # Calls of the final assistant turn may be the response under test.
            for cid, c in calls.items():
                if cid not in results and not c.hosted and last_call_msg < len(msgs) - 1:
                    yield r.hit(
                        f"tool call {cid!r} ({c.name or 'unnamed'}) in {ctx_label(r)} gets no tool result",
                        "add the tool message with this tool_call_id, or remove the call",
                        c.pointer,
                        tool_call_id=cid,
                    )


@rule(
    "lint.foundry.tool-undefined",
    Severity.ERROR,
    "A called tool has no entry in tool_definitions.",
    explanation="""
Tool evaluators (tool call accuracy, tool selection, ...) need the definition of every
tool the agent calls: "Tool definition for <name> not found". Built-in tools the SDK
knows (file_search, code_interpreter, ...) are exempt.
""",
    bad=tool_row_text(
        defs=[{"name": "get_time", "parameters": {"type": "object", "properties": {}}}]
    ),
    good=tool_row_text(),
    supersedes=("foundry.tool.undefined",),
    **FOUNDRY,  # type: ignore[arg-type]
)
def check_tool_undefined(ctx: LintContext) -> Iterator[Hit]:
    for r in raw_rows(ctx):
        defs = tool_definitions(r.value)
        if defs is None:
            continue
        names = defined_names(defs)
        seen: set[str] = set()
        for c in calls_of(r):
            if not c.name or c.name in names or c.name in FOUNDRY_BUILTIN_TOOLS or c.name in seen:
                continue
            seen.add(c.name)
            yield r.hit(
                f"{ctx_label(r)} calls tool {c.name!r}, which tool_definitions does not define",
                f"add a definition for {c.name!r} (every tool the agent can call, not only the ones called)",
                c.pointer,
                tool=c.name,
            )


@rule(
    "lint.foundry.tool-definitions-missing",
    Severity.WARNING,
    "A row makes tool calls but has no tool_definitions.",
    explanation="""
Without tool_definitions the tool evaluators cannot judge whether the right tool was
called with the right arguments; they return "not applicable" or fail.
""",
    bad=row_text(messages=[USER, {"role": "assistant", "content": [CALL]}, RESULT, ANSWER]),
    good=tool_row_text(),
    **FOUNDRY,  # type: ignore[arg-type]
)
def check_definitions_missing(ctx: LintContext) -> Iterator[Hit]:
    for r in raw_rows(ctx):
        if tool_definitions(r.value) is not None:
            continue
        called = sorted(
            {c.name for c in calls_of(r) if c.name and c.name not in FOUNDRY_BUILTIN_TOOLS}
        )
        if called:
            yield r.hit(
                f"{ctx_label(r)} calls {', '.join(repr(n) for n in called)} but has no tool_definitions",
                'add "tool_definitions": [{"name", "description", "parameters"}] for the tools the agent can call',
                "",
                tools=called,
            )


@rule(
    "lint.foundry.nested-tool-definition",
    Severity.ERROR,
    'A tool definition uses the OpenAI nested form {"type": "function", "function": {...}}.',
    explanation="""
The SDK expects flattened definitions ({"name", "description", "parameters"}) and
rejects the nested OpenAI form with "Each tool definitions must contain a 'name'
field." `lint --fix` flattens them.
""",
    bad=tool_row_text(defs=[{"type": "function", "function": DEFINITION}]),
    good=tool_row_text(),
    fixable=True,
    supersedes=("foundry.tool-definitions.nested", "foundry.tool-definitions.name"),
    **FOUNDRY,  # type: ignore[arg-type]
)
def check_nested_definitions(ctx: LintContext) -> Iterator[Hit]:
    for r in raw_rows(ctx):
        key = "tool_definitions" if "tool_definitions" in r.value else "tools"
        defs = r.value.get(key)
        if not isinstance(defs, list):
            continue
        for j, d in enumerate(defs):
            if isinstance(d, dict) and "name" not in d and isinstance(d.get("function"), dict):
                yield r.hit(
                    f'tool definition {d["function"].get("name")!r} in {ctx_label(r)} is nested under "function"',
                    'flatten it to {"name", "description", "parameters"} (lint --fix does it)',
                    pointer_join("/" + key, j),
                )


# --- the fixes (lint --fix): rewrite the same places in JSONL records -------------------


@fixes("lint.foundry.nested-tool-definition", on=JsonLines)
def flatten_definitions(lines: JsonLines, found: list[Finding]) -> None:
    # Registered before type_messages: a record's changes list the definitions first.
    for record, _ in lines.records(found):
        if _flatten_definitions(record.value):
            record.reshaped(
                "lint.foundry.nested-tool-definition", "flattened nested tool definitions"
            )


# What typing a record's messages did, per rule.
_TYPED = {
    "lint.foundry.chat-completions": "converted Chat Completions tool calls to tool_call items",
    "lint.foundry.string-arguments": "decoded string tool-call arguments into objects",
    "lint.foundry.tool-content-string": "wrapped string tool results in tool_result items",
}


@fixes(*_TYPED, on=JsonLines)
def type_messages(lines: JsonLines, found: list[Finding]) -> None:
    """Calls, arguments and tool results as typed items, in one pass over each message
    (a message can need all three)."""
    for record, codes in lines.records(found):
        for code in _typed_messages(record.value, codes):
            record.reshaped(code, _TYPED[code])


def _flatten_definitions(row: dict[str, Any]) -> int:
    n = 0
    for key in ("tool_definitions", "tools"):
        defs = row.get(key)
        if not isinstance(defs, list):
            continue
        for j, d in enumerate(defs):
            if isinstance(d, dict) and "name" not in d and isinstance(d.get("function"), dict):
                flat = {"type": "function", **d["function"]}
                flat.update({k: v for k, v in d.items() if k not in ("type", "function")})
                defs[j] = flat
                n += 1
    return n


def _decode_args(value: Any) -> Any:
    if isinstance(value, str):
        try:
            decoded = json.loads(value) if value.strip() else {}
        except (ValueError, RecursionError):
            return None
        return decoded if isinstance(decoded, dict) else None
    return value


def _typed_messages(row: dict[str, Any], codes: set[str]) -> list[str]:
    """Chat Completions calls, string arguments and string tool results -> typed items."""
    done: list[str] = []
    for _, msgs in message_lists(row):
        for m in msgs:
            if not isinstance(m, dict):
                continue
            calls = m.get("tool_calls")
            if "lint.foundry.chat-completions" in codes and isinstance(calls, list):
                items: list[dict[str, Any]] = []
                ok = True
                for tc in calls:
                    fn = tc.get("function") if isinstance(tc, dict) else None
                    if not isinstance(fn, dict) or not isinstance(fn.get("name"), str):
                        ok = False
                        break
                    args = _decode_args(fn.get("arguments", {}))
                    if args is None:
                        ok = False
                        break
                    items.append(
                        {
                            "type": "tool_call",
                            "tool_call_id": tc.get("id"),
                            "name": fn["name"],
                            "arguments": args,
                        }
                    )
                if ok:
                    content = m.get("content")
                    head = (
                        [{"type": "text", "text": content}]
                        if isinstance(content, str) and content
                        else []
                    )
                    if isinstance(content, list):
                        head = content
                    m["content"] = head + items
                    del m["tool_calls"]
                    done.append("lint.foundry.chat-completions")
            content = m.get("content")
            if "lint.foundry.string-arguments" in codes and isinstance(content, list):
                for item in content:
                    if (
                        isinstance(item, dict)
                        and item.get("type") in CALL_TYPES
                        and isinstance(item.get("arguments"), str)
                    ):
                        args = _decode_args(item["arguments"])
                        if args is not None:
                            item["arguments"] = args
                            done.append("lint.foundry.string-arguments")
            if (
                "lint.foundry.tool-content-string" in codes
                and m.get("role") == "tool"
                and isinstance(m.get("content"), str)
            ):
                m["content"] = [{"type": "tool_result", "tool_result": m["content"]}]
                done.append("lint.foundry.tool-content-string")
    return done
