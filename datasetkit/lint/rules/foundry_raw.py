"""The raw records of a Foundry file as the Foundry rules read them.

The Foundry reader normalises every dialect into the canonical message shape, so the
shape rules read the raw records (JSONL lines, CSV header) to see what the file really
holds: the rows, their message arrays, tool calls, tool results and tool definitions.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from datasetkit.core.jsonloc import locate as json_locate
from datasetkit.core.jsonloc import pointer_join
from datasetkit.formats.foundry.tools import FOUNDRY_HOSTED_TOOLS
from datasetkit.lint.context import LintContext
from datasetkit.lint.registry import Hit

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
            from datasetkit.lint.rules.raw_file import data_records

            for n, (_row, names, rec) in enumerate(data_records(ctx)):
                values = rec.values  # type: ignore[attr-defined]
                value = {names[i]: values[i] for i in range(min(len(names), len(values)))}
                line = rec.line  # type: ignore[attr-defined]
                ci = by_line.get(line)
                src = ctx.cases[ci].source if ci is not None else None
                base = src.pointer if src is not None else None
                out.append(RawRow(n, line, value, "", ci, base or f"/{n}"))
            return out
        lines = ctx.lines
        for n, (line, value) in enumerate(ctx.jsonl_records, start=ctx.first_record):
            if not isinstance(value, dict):
                continue
            ci = by_line.get(line)
            src = ctx.cases[ci].source if ci is not None else None
            base = src.pointer if src is not None and src.pointer is not None else f"/{n}"
            at = line - ctx.first_line
            out.append(RawRow(n, line, value, lines[at] if at < len(lines) else "", ci, base))
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


def calls_of(r: RawRow) -> list[Call]:
    """Every tool call of a row: in its messages, and in a ``tool_calls`` column."""
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


def ctx_label(r: RawRow) -> str:
    """How to name a raw record in a message."""
    return f"line {r.line}"
