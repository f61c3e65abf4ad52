"""Foundry rules: message shapes the SDK rejects, tool calls and definitions, columns, seeds.

The Foundry reader normalises every dialect into the canonical message shape, so the
shape rules read the raw records (JSONL lines, CSV header) to see what the file really
holds; ``--fix`` rewrites the same places.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..findings import Severity
from ..jsonloc import locate as json_locate
from ..jsonloc import pointer_join
from .context import LintContext
from .evaluators import (
    FOUNDRY_BUILTIN_TOOLS,
    FOUNDRY_GROUND_TRUTH_EVALUATORS,
    FOUNDRY_HOSTED_TOOLS,
    FOUNDRY_SEED_MAX_CHARS,
    FOUNDRY_STANDARD_COLUMNS,
    FOUNDRY_UNSUPPORTED_TOOLS,
)
from .registry import Hit, rule

CALL_TYPES = ("tool_call", "function_call", "openapi_call")


@dataclass
class RawRow:
    """One raw record: where it is and what it holds."""

    index: int
    line: int
    value: dict[str, Any]
    text: str  # the record's JSON text ("" for CSV rows)
    case: int | None
    base: str  # the record's pointer ("/3")

    def hit(self, message: str, hint: str, sub: str = "", **data: Any) -> Hit:
        """A Hit at ``sub`` (a pointer inside the record), with line and column."""
        column = None
        if self.text:
            off = json_locate(self.text, sub) if sub else 0
            if off is not None:
                column = off + 1
        return Hit(
            message,
            hint,
            pointer=self.base + sub,
            line=self.line,
            column=column,
            case=self.case,
            data=data,
        )


class _Rows:
    def __init__(self, ctx: LintContext) -> None:
        self.ctx = ctx

    @cached_property
    def rows(self) -> list[RawRow]:
        ctx = self.ctx
        by_line = {
            c.source.line: i
            for i, c in enumerate(ctx.cases)
            if c.source is not None and c.source.line
        }
        out: list[RawRow] = []
        if ctx.is_csv:
            from .rules_file import data_records

            for n, (_row, names, rec) in enumerate(data_records(ctx)):
                values = rec.values  # type: ignore[attr-defined]
                value = {names[i]: values[i] for i in range(min(len(names), len(values)))}
                line = rec.line  # type: ignore[attr-defined]
                ci = by_line.get(line)
                src = ctx.cases[ci].source if ci is not None else None
                base = src.pointer if src is not None else None
                out.append(RawRow(n, line, value, "", ci, base or f"/{n}"))
            return out
        lines = ctx.text.splitlines()
        for n, (line, value) in enumerate(ctx.jsonl_records):
            if not isinstance(value, dict):
                continue
            ci = by_line.get(line)
            src = ctx.cases[ci].source if ci is not None else None
            base = src.pointer if src is not None and src.pointer is not None else f"/{n}"
            out.append(
                RawRow(n, line, value, lines[line - 1] if line - 1 < len(lines) else "", ci, base)
            )
        return out


def raw_rows(ctx: LintContext) -> list[RawRow]:
    """The raw records of a Foundry file (parsed once per lint run)."""
    cached = getattr(ctx, "_foundry_rows", None)
    if cached is None:
        cached = _Rows(ctx)
        ctx._foundry_rows = cached  # type: ignore[attr-defined]
    return cached.rows


def message_lists(row: dict[str, Any]) -> Iterator[tuple[str, list[Any]]]:
    """Every message array of a row, with its pointer inside the row."""
    for key in ("messages", "query", "response"):
        if isinstance(row.get(key), list):
            yield "/" + key, row[key]
    conv = row.get("conversation")
    if isinstance(conv, dict) and isinstance(conv.get("messages"), list):
        yield "/conversation/messages", conv["messages"]


def messages_of(row: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every message object of a row, with its pointer."""
    for base, msgs in message_lists(row):
        for i, m in enumerate(msgs):
            if isinstance(m, dict):
                yield pointer_join(base, i), m


@dataclass
class Call:
    """A tool call found in a message."""

    id: str | None
    name: str | None
    pointer: str
    kind: str  # "typed", "nested", "chat-completions"
    # The agent-service tool type when the call says it ("function", "bing_grounding", ...).
    tool_type: str | None = None

    @property
    def hosted(self) -> bool:
        """A call the service runs itself, whose result need not come back as a tool message."""
        if self.tool_type and self.tool_type != "function":
            return True
        return self.name in FOUNDRY_HOSTED_TOOLS


def calls_in(ptr: str, msg: dict[str, Any]) -> Iterator[Call]:
    """The tool calls a message makes, in any of the known shapes."""
    content = msg.get("content")
    if isinstance(content, list):
        for j, item in enumerate(content):
            if not isinstance(item, dict) or item.get("type") not in CALL_TYPES:
                continue
            p = pointer_join(ptr, "content", j)
            nested = item.get("tool_call")
            if isinstance(nested, dict):
                fn: dict[str, Any] = (
                    nested["function"] if isinstance(nested.get("function"), dict) else {}
                )
                ttype = _str(nested.get("type"))
                yield Call(_str(nested.get("id")), _str(fn.get("name")), p, "nested", ttype)
            else:
                cid = item.get("tool_call_id") or item.get("call_id") or item.get("id")
                yield Call(_str(cid), _str(item.get("name")), p, "typed")
    calls = msg.get("tool_calls")
    if isinstance(calls, list):
        for j, tc in enumerate(calls):
            if isinstance(tc, dict):
                func: dict[str, Any] = (
                    tc["function"] if isinstance(tc.get("function"), dict) else {}
                )
                yield Call(
                    _str(tc.get("id")),
                    _str(func.get("name") or tc.get("name")),
                    pointer_join(ptr, "tool_calls", j),
                    "chat-completions",
                )


def results_in(ptr: str, msg: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """``(tool_call_id, pointer)`` of the tool results a message carries."""
    if msg.get("role") == "tool" and isinstance(msg.get("tool_call_id"), str):
        yield msg["tool_call_id"], pointer_join(ptr, "tool_call_id")
    content = msg.get("content")
    if isinstance(content, list):
        for j, item in enumerate(content):
            if isinstance(item, dict) and item.get("type") in (
                "function_call_output",
                "openapi_call_output",
            ):
                cid = item.get("call_id") or item.get("tool_call_id")
                if isinstance(cid, str):
                    yield cid, pointer_join(ptr, "content", j)


def _str(v: Any) -> str | None:
    return v if isinstance(v, str) and v else None


def tool_definitions(row: dict[str, Any]) -> list[Any] | None:
    """The row's tool definitions (``tool_definitions`` or a thread dump's ``tools``)."""
    for key in ("tool_definitions", "tools"):
        v = row.get(key)
        if isinstance(v, dict):
            return [v]
        if isinstance(v, list):
            return v
    return None


def defined_names(defs: list[Any]) -> set[str]:
    """Tool names a definition list defines (flat, nested, and openapi function groups)."""
    names: set[str] = set()
    for d in defs:
        if not isinstance(d, dict):
            continue
        if isinstance(d.get("name"), str):
            names.add(d["name"])
        fn = d.get("function")
        if isinstance(fn, dict) and isinstance(fn.get("name"), str):
            names.add(fn["name"])
        for f in d.get("functions") or []:
            if isinstance(f, dict) and isinstance(f.get("name"), str):
                names.add(f["name"])
    return names


_U = {"role": "user", "content": "What is the weather in Paris?"}
_A = {"role": "assistant", "content": "It is 18°C and sunny in Paris."}
_DEF = {
    "name": "get_weather",
    "description": "Current weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
}
_CALL = {
    "type": "tool_call",
    "tool_call_id": "call_1",
    "name": "get_weather",
    "arguments": {"city": "Paris"},
}
_RES = {
    "role": "tool",
    "tool_call_id": "call_1",
    "content": [{"type": "tool_result", "tool_result": {"temp": 18}}],
}


def _row(**kw: Any) -> str:
    return json.dumps(kw, ensure_ascii=False) + "\n"


def _tool_row(
    call: dict[str, Any] | None = None,
    result: dict[str, Any] | None = None,
    defs: list[Any] | None = None,
) -> str:
    msgs = [_U, {"role": "assistant", "content": [call or _CALL]}, result or _RES, _A]
    return _row(messages=msgs, tool_definitions=defs if defs is not None else [_DEF])


_F = {"families": ("foundry",), "example_format": "foundry", "example_suffix": ".jsonl"}


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
    bad=_row(messages=[_U]),
    good=_row(messages=[_U, _A]),
    supersedes=("foundry.messages.no-user", "foundry.messages.no-assistant"),
    **_F,  # type: ignore[arg-type]
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


def ctx_label(r: RawRow) -> str:
    """How to name a raw record in a message."""
    return f"line {r.line}"


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
    bad=_tool_row(result={"role": "tool", "tool_call_id": "call_1", "content": '{"temp": 18}'}),
    good=_tool_row(),
    fixable=True,
    supersedes=("foundry.message.tool-content-string",),
    **_F,  # type: ignore[arg-type]
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
    bad=_tool_row(call={**_CALL, "arguments": '{"city": "Paris"}'}),
    good=_tool_row(),
    fixable=True,
    supersedes=("foundry.message.arguments-not-object",),
    **_F,  # type: ignore[arg-type]
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
    bad=_row(
        messages=[
            _U,
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
            _RES,
            _A,
        ],
        tool_definitions=[_DEF],
    ),
    good=_tool_row(),
    fixable=True,
    supersedes=("foundry.message.chat-completions", "foundry.message.content-null"),
    **_F,  # type: ignore[arg-type]
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
    bad=_tool_row(result={**_RES, "tool_call_id": "call_9"}),
    good=_tool_row(),
    supersedes=("foundry.message.unmatched-tool-call-id",),
    **_F,  # type: ignore[arg-type]
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


def _called(r: RawRow) -> list[Call]:
    return [c for ptr, m in messages_of(r.value) for c in calls_in(ptr, m)] + [
        Call(
            _str(tc.get("tool_call_id")),
            _str(tc.get("name")),
            pointer_join("/tool_calls", j),
            "column",
        )
        for j, tc in enumerate(r.value.get("tool_calls") or [])
        if isinstance(tc, dict)
    ]


@rule(
    "lint.foundry.tool-undefined",
    Severity.ERROR,
    "A called tool has no entry in tool_definitions.",
    explanation="""
Tool evaluators (tool call accuracy, tool selection, ...) need the definition of every
tool the agent calls: "Tool definition for <name> not found". Built-in tools the SDK
knows (file_search, code_interpreter, ...) are exempt.
""",
    bad=_tool_row(defs=[{"name": "get_time", "parameters": {"type": "object", "properties": {}}}]),
    good=_tool_row(),
    supersedes=("foundry.tool.undefined",),
    **_F,  # type: ignore[arg-type]
)
def check_tool_undefined(ctx: LintContext) -> Iterator[Hit]:
    for r in raw_rows(ctx):
        defs = tool_definitions(r.value)
        if defs is None:
            continue
        names = defined_names(defs)
        seen: set[str] = set()
        for c in _called(r):
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
    bad=_row(messages=[_U, {"role": "assistant", "content": [_CALL]}, _RES, _A]),
    good=_tool_row(),
    **_F,  # type: ignore[arg-type]
)
def check_definitions_missing(ctx: LintContext) -> Iterator[Hit]:
    for r in raw_rows(ctx):
        if tool_definitions(r.value) is not None:
            continue
        called = sorted(
            {c.name for c in _called(r) if c.name and c.name not in FOUNDRY_BUILTIN_TOOLS}
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
    bad=_tool_row(defs=[{"type": "function", "function": _DEF}]),
    good=_tool_row(),
    fixable=True,
    supersedes=("foundry.tool-definitions.nested", "foundry.tool-definitions.name"),
    **_F,  # type: ignore[arg-type]
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


@rule(
    "lint.foundry.messages-and-query",
    Severity.ERROR,
    "A row has both messages and query/response.",
    explanation="""
A row is either a whole interaction (messages) or separate input and output columns
(query/response). With both, evaluators see two different versions of the exchange and
the SDK's conversation path raises "Cannot provide both 'conversation' and individual
inputs".
""",
    bad=_row(messages=[_U, _A], query="What is the weather in Paris?"),
    good=_row(messages=[_U, _A]),
    supersedes=("foundry.row.mixed",),
    **_F,  # type: ignore[arg-type]
)
def check_messages_and_query(ctx: LintContext) -> Iterator[Hit]:
    for r in raw_rows(ctx):
        has_messages = "messages" in r.value or isinstance(r.value.get("conversation"), dict)
        both = [k for k in ("query", "response") if k in r.value and r.value[k] not in ("", None)]
        if has_messages and both:
            yield r.hit(
                f"{ctx_label(r)} has both messages and {'/'.join(both)}",
                "keep messages for a whole interaction, or query/response for separate columns",
                "/" + both[0],
            )


def _row_has_ground_truth(ctx: LintContext, case_index: int) -> bool:
    case = ctx.cases[case_index]
    return any((t.expected_response or "").strip() for t in case.turns)


@rule(
    "lint.foundry.partial-ground-truth",
    Severity.WARNING,
    "Only some rows have ground_truth (or none, when a ground-truth evaluator is configured).",
    explanation="""
Rows without ground_truth are not skipped by the ground-truth evaluators (similarity,
F1, BLEU, ROUGE, response completeness): they get misleading scores that skew the
averages. Give every row a ground_truth, or none. With foundry-evaluators set in the
configuration, a missing ground_truth on any row is reported.
""",
    bad=_row(
        query="What is the refund window?",
        response="30 days.",
        ground_truth="30 days from delivery.",
    )
    + _row(query="Can I return opened items?", response="Yes."),
    good=_row(
        query="What is the refund window?",
        response="30 days.",
        ground_truth="30 days from delivery.",
    )
    + _row(
        query="Can I return opened items?", response="Yes.", ground_truth="Yes, within 30 days."
    ),
    settings=("foundry-evaluators",),
    **_F,  # type: ignore[arg-type]
)
def check_partial_ground_truth(ctx: LintContext) -> Iterator[Hit]:
    rows = [i for i, c in enumerate(ctx.cases) if c.kind != "seed" and c.turns]
    if not rows:
        return
    have = [i for i in rows if _row_has_ground_truth(ctx, i)]
    gt_evals = sorted(set(ctx.config.foundry_evaluators) & FOUNDRY_GROUND_TRUTH_EVALUATORS)
    if len(have) == len(rows) or (not have and not gt_evals):
        return
    why = f" ({', '.join(gt_evals)} compares with it)" if gt_evals else ""
    for i in rows:
        if i in set(have):
            continue
        yield Hit(
            f"{ctx.case_label(i)} has no ground_truth; {len(have)} of {len(rows)} rows have one{why}",
            "add the expected answer as ground_truth, or drop ground-truth evaluators for this dataset",
            case=i,
            data={"with_ground_truth": len(have), "rows": len(rows)},
        )


@rule(
    "lint.foundry.column-mapping",
    Severity.WARNING,
    "A column has a non-standard name (question, truth, input, ...) that needs a data mapping.",
    explanation="""
Evaluators read standard columns (query, response, ground_truth, context, messages).
A column named question, truth, gt, expected, input or chat_history is ignored unless
the evaluation maps it, e.g. data_mapping {"query": "{{item.question}}"} in the cloud or
column_mapping {"query": "${data.question}"} locally. A column named answer is the
expected answer (ground_truth) when the row also has a response, the answer being
scored (response) when it has a ground truth, and either one otherwise; validate gives
the same advice.
""",
    bad=_row(question="What is the refund window?", truth="30 days from delivery."),
    good=_row(query="What is the refund window?", ground_truth="30 days from delivery."),
    supersedes=("foundry.column.nonstandard",),
    **_F,  # type: ignore[arg-type]
)
def check_column_mapping(ctx: LintContext) -> Iterator[Hit]:
    from ..formats.foundry.columns import column_advice

    seen: set[str] = set()
    for r in raw_rows(ctx):
        for key in r.value:
            if key in seen or key in FOUNDRY_STANDARD_COLUMNS:
                continue
            advice = column_advice(key, r.value)
            if advice is None or advice.standard in r.value:
                continue
            seen.add(key)
            # The same message and fix as validate's foundry.column.nonstandard.
            yield r.hit(
                advice.message, advice.hint, "/" + key, column=key, standard=advice.standard
            )


@rule(
    "lint.foundry.seed-length",
    Severity.ERROR,
    "A simulation seed's test_case_description is empty or longer than 2,500 characters.",
    explanation="""
Conversation simulation takes a test_case_description of 1 to 2,500 characters; a
longer one is rejected by the service.
""",
    bad=_row(
        id="s1",
        test_case_description="A customer " + "who keeps adding details " * 110,
        desired_num_turns=4,
    ),
    good=_row(
        id="s1",
        test_case_description="A customer wants to return a laptop bought 40 days ago.",
        desired_num_turns=4,
    ),
    supersedes=("foundry.seed.description-length", "foundry.seed.description"),
    **_F,  # type: ignore[arg-type]
)
def check_seed_length(ctx: LintContext) -> Iterator[Hit]:
    for i, case in enumerate(ctx.cases):
        if case.seed is None:
            continue
        n = len(case.seed.description)
        if not case.seed.description.strip():
            yield Hit(
                f"the test_case_description of {ctx.case_label(i)} is empty",
                "describe the user's situation, goal and constraints",
                case=i,
                key="test_case_description",
            )
        elif n > FOUNDRY_SEED_MAX_CHARS:
            yield Hit(
                f"the test_case_description of {ctx.case_label(i)} has {n:,} characters; at most "
                f"{FOUNDRY_SEED_MAX_CHARS:,} are allowed",
                "shorten it to the situation, goal and constraints",
                case=i,
                key="test_case_description",
                data={"length": n},
            )


@rule(
    "lint.foundry.unsupported-tool",
    Severity.WARNING,
    "A row calls a tool the tool evaluators do not support (web_search, bing_grounding, ...).",
    explanation="""
The tool evaluators reject calls to bing_grounding, bing_custom_search, web_search,
browser_automation, code_interpreter_call, computer_call and openapi_call; a row with
them is scored "not applicable" or fails.
""",
    bad=_tool_row(call={**_CALL, "name": "web_search"}, defs=[{**_DEF, "name": "web_search"}]),
    good=_tool_row(),
    **_F,  # type: ignore[arg-type]
)
def check_unsupported_tool(ctx: LintContext) -> Iterator[Hit]:
    for r in raw_rows(ctx):
        seen: set[str] = set()
        for c in _called(r):
            if c.name in FOUNDRY_UNSUPPORTED_TOOLS and c.name not in seen:
                seen.add(c.name)
                yield r.hit(
                    f"{ctx_label(r)} calls {c.name!r}, which the tool evaluators do not support",
                    "evaluate this row without tool evaluators, or use a supported tool (function tools, MCP, file search)",
                    c.pointer,
                    tool=c.name,
                )


@rule(
    "lint.foundry.desired-turns",
    Severity.WARNING,
    "A seed's desired_num_turns is above its max_num_turns.",
    explanation="""
The simulator stops at max_num_turns (default 20), so a larger desired_num_turns is
never reached and the simulated conversation is cut short.
""",
    bad=_row(
        test_case_id="s1",
        test_case_description="A customer disputes a late fee.",
        simulation_configuration={"desired_num_turns": 12, "max_num_turns": 8},
    ),
    good=_row(
        test_case_id="s1",
        test_case_description="A customer disputes a late fee.",
        simulation_configuration={"desired_num_turns": 6, "max_num_turns": 8},
    ),
    supersedes=("foundry.seed.max-turns",),
    **_F,  # type: ignore[arg-type]
)
def check_desired_turns(ctx: LintContext) -> Iterator[Hit]:
    for i, case in enumerate(ctx.cases):
        seed = case.seed
        if seed is None or seed.desired_num_turns is None:
            continue
        conf = seed.simulation_configuration or {}
        max_turns = conf.get("max_num_turns", 20)
        if (
            isinstance(max_turns, int)
            and not isinstance(max_turns, bool)
            and seed.desired_num_turns > max_turns
        ):
            yield Hit(
                f"{ctx.case_label(i)} wants {seed.desired_num_turns} turns but max_num_turns is {max_turns}",
                f"lower desired_num_turns to {max_turns} or raise max_num_turns",
                case=i,
                key="simulation_configuration",
            )


@rule(
    "lint.foundry.null-content",
    Severity.WARNING,
    "A message has null or missing content (and no tool calls).",
    explanation="""
"content": null is only meaningful on a Chat Completions assistant message that makes
tool calls. Anywhere else the message is empty and the validator rejects it
("The 'content' field can't be empty").
""",
    bad=_row(messages=[_U, {"role": "assistant", "content": None}]),
    good=_row(messages=[_U, _A]),
    supersedes=("foundry.message.content-missing",),
    **_F,  # type: ignore[arg-type]
)
def check_null_content(ctx: LintContext) -> Iterator[Hit]:
    for r in raw_rows(ctx):
        for ptr, m in messages_of(r.value):
            if m.get("content") is None and not m.get("tool_calls"):
                yield r.hit(
                    f"the {m.get('role', 'unknown')} message at {ptr} of {ctx_label(r)} has no content",
                    "give it its text, or delete the message",
                    ptr,
                )
