"""Microsoft Foundry / azure-ai-evaluation datasets: JSONL (``foundry``) and CSV (``foundry-csv``).

Reading accepts every dialect found in the wild and normalizes it to the canonical
message shape: ``messages`` rows, ``query``/``response`` as strings or message arrays,
the local SDK's ``{"conversation": {"messages": [...]}}`` rows, OpenAI Chat Completions
tool calls (``content: null`` + ``tool_calls`` with string ``arguments``), the legacy
nested ``{"type": "tool_call", "tool_call": {...}}`` items, agent-converter rows and
thread dumps (``tools``), and simulation seeds in both shapes.

How a row maps to the canonical model:

* every ``user`` message starts a Turn (``prompt`` = its text, ``context`` = its
  ``context`` key); the last assistant text before the next user message is the turn's
  ``response``; a per-assistant ``ground_truth`` is that turn's ``expected_response``;
* row ``ground_truth`` and ``context`` belong to the last turn;
* the whole normalized list is kept in ``Case.messages`` and written back as is;
* ``test_case_description`` rows are seeds (``kind="seed"``);
* other columns stay in ``Case.extra``; the ``datasetkit`` column holds what Foundry
  has no column for (see :mod:`datasetkit.carry`).

Checks run per record with line numbers, because the SDK's loader fails a whole file
without saying where. Reading and writing are streamed: memory does not grow with the
number of rows.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .. import csvutil
from ..carry import (
    CARRY_KEY,
    CARRY_VERSION,
    TURN_FIELDS,
    dataset_fields,
    dump_value,
    family_of,
    prepare_case,
    restore_dataset,
    restore_fields,
    store_carry,
    working_copy,
)
from ..decoding import SNIFF_BYTES, bom_encoding, sniff_text, utf16_without_bom
from ..findings import DatasetkitError, Finding, Location, Severity
from ..io import MAX_LINE_BYTES, UTF8_BOM, atomic_writer, iter_lines, offset_to_line_col, read_line
from ..jsonloc import locate, pointer_join, split_pointer
from ..lint.evaluators import FOUNDRY_BUILTIN_TOOLS
from ..model import Case, Dataset, Message, Seed, Source, Turn
from . import (
    Format,
    InputFile,
    ReadOptions,
    ReadResult,
    WriteOptions,
    WriteResult,
    register,
    roles,
)
from .csv_safety import ExcelSafe
from .foundry_columns import column_advice
from .text_checks import surrogate_problems, too_deep

# --- facts from the spec ---------------------------------------------------------------

MAX_ROW_BYTES = 2 * 1024 * 1024
MAX_ROWS = 100_000
MAX_DESCRIPTION = 2500
ROLES = ("user", "assistant", "system", "tool", "developer")
USER_ITEM_TYPES = ("text", "input_text")
ASSISTANT_ITEM_TYPES = (
    "text",
    "output_text",
    "tool_call",
    "function_call",
    "mcp_approval_request",
    "openapi_call",
)
CALL_ITEM_TYPES = ("tool_call", "function_call", "openapi_call")
TOOL_ITEM_TYPES = (
    "tool_result",
    "function_call_output",
    "mcp_approval_response",
    "openapi_call_output",
)
# Column names people use for standard columns; the SDK only knows the standard ones.
NONSTANDARD_COLUMNS = {
    "question": ("query", "prompt"),
    "input": ("query", "prompt"),
    "truth": ("ground_truth", "expected_response"),
    "gt": ("ground_truth", "expected_response"),
    "expected": ("ground_truth", "expected_response"),
    "answer": ("ground_truth", "expected_response"),  # or response: see foundry_columns
    "chat_history": ("messages", "conversation"),
}
# --map field (canonical name) -> Foundry column.
MAP_FIELDS = {
    "prompt": "query",
    "expected_response": "ground_truth",
    "response": "response",
    "context": "context",
    "id": "id",
    "category": "category",
    "notes": "notes",
    "conversation": "messages",
}
STYLES = ("auto", "messages", "query-response")

# Findings of one code beyond this many are summarized (keeps memory flat on huge files).
MAX_PER_CODE = 100
# A record spread over several physical lines is looked for up to this size.
JOIN_LIMIT = 64 * 1024 * 1024


# --- findings ----------------------------------------------------------------------------


class _Findings:
    """Collects findings, keeping at most MAX_PER_CODE of each code."""

    def __init__(self, out: list[Finding], path: str, converting: bool = False) -> None:
        self.out = out
        self.path = path
        # While converting, what only the Foundry service would reject is said once.
        self.converting = converting
        self.counts: dict[str, int] = {}
        self.once: set[str] = set()

    def add(self, f: Finding) -> None:
        n = self.counts.get(f.code, 0) + 1
        self.counts[f.code] = n
        if n <= MAX_PER_CODE:
            self.out.append(f)

    def full(self, code: str) -> bool:
        """Whether findings of ``code`` are past the cap (only counted from now on)."""
        return self.counts.get(code, 0) >= MAX_PER_CODE

    def add_once(self, key: str, f: Finding) -> None:
        if key not in self.once:
            self.once.add(key)
            self.add(f)

    def finish(self) -> None:
        for code, n in self.counts.items():
            if n > MAX_PER_CODE:
                self.out.append(
                    Finding(
                        code,
                        Severity.INFO,
                        f"{n - MAX_PER_CODE:,} more findings like [{code}] are not shown ({n:,} in all)",
                        "fix the ones shown and check again",
                        Location(path=self.path),
                    )
                )


@dataclass
class _Ctx:
    """Where a record is, to locate findings inside it."""

    path: str
    index: int
    line: int
    text: str | None = None  # JSON text holding the record (JSONL)
    prefix: str = ""  # pointer of the record inside ``text`` (JSON-array files)
    row: int | None = None  # CSV record number (header = row 1)
    first_line: int | None = None  # the record's own first line when ``line`` is an array's

    def loc(self, ptr: str = "", *, key: bool = False) -> Location:
        pointer = pointer_join("", self.index) + ptr
        if self.row is not None:
            tokens = split_pointer(ptr)
            return Location(
                path=self.path,
                line=self.line,
                pointer=pointer,
                row=self.row,
                field=tokens[0] if tokens else None,
            )
        if self.text is None:
            return Location(path=self.path, line=self.line, pointer=pointer)
        tokens = split_pointer(self.prefix + ptr)
        offset = None
        while offset is None:
            sub = "".join("/" + t.replace("~", "~0").replace("/", "~1") for t in tokens)
            offset = locate(self.text, sub, key=key and bool(tokens))
            if offset is None:
                if not tokens:
                    return Location(path=self.path, line=self.line, pointer=pointer)
                tokens.pop()
        line, col = offset_to_line_col(self.text, offset)
        return Location(path=self.path, line=self.line + line - 1, column=col, pointer=pointer)


Collector = _Findings


# --- low-level record reading -------------------------------------------------------------


@dataclass
class _Record:
    index: int
    line: int
    end_line: int
    start: int  # byte offsets of the record in the file
    end: int
    value: Any
    text: str
    prefix: str = ""
    base_line: int = 0  # first line of ``text`` (differs from ``line`` in JSON-array files)


def _decode_line(raw: bytes, line: int, col: Collector, codec: str = "cp1252") -> str:
    """A line as text; a line that is not UTF-8 is an error (the SDK reads UTF-8 only)
    and is read as ``codec`` (the file's detected encoding, for CSV)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        column = len(raw[: exc.start].decode("utf-8", errors="replace")) + 1
        if col.converting:
            col.add_once(
                "encoding",
                Finding(
                    "foundry.encoding",
                    Severity.WARNING,
                    f"the file is not UTF-8: read as {codec}",
                    "check the converted text; the file written is UTF-8",
                    Location(path=col.path, line=line, column=column),
                ),
            )
            return _decode_as(raw, codec)
        col.add(
            Finding(
                "foundry.encoding",
                Severity.ERROR,
                f"not valid UTF-8: byte 0x{raw[exc.start]:02x} (the SDK fails the whole file "
                "with UnicodeDecodeError)",
                f"re-save the file as UTF-8; datasetkit read this line as {codec}, and "
                "'datasetkit convert' writes UTF-8",
                Location(path=col.path, line=line, column=column),
            )
        )
        return _decode_as(raw, codec)


def _decode_as(raw: bytes, codec: str) -> str:
    try:
        return raw.decode(codec)
    except (UnicodeDecodeError, LookupError):
        return raw.decode("latin-1")


def _may_continue(text: str, exc: json.JSONDecodeError) -> bool:
    """Whether a parse error could be a record that goes on over the next lines."""
    if exc.msg.startswith(("Invalid control character", "Unterminated string")):
        return True
    return exc.pos >= len(text.rstrip())


def _iter_records(fh: IO[bytes], col: Collector) -> Iterator[_Record]:
    """JSONL records, with per-line errors and recovery of multi-line records and arrays."""
    path = col.path
    pending: deque[tuple[int, int, bytes, bool]] = deque()
    state = {"line": 0, "offset": 0}

    def next_line() -> tuple[int, int, bytes, bool] | None:
        if pending:
            return pending.popleft()
        raw = read_line(fh, state["line"] + 1, path)
        if not raw:
            return None
        state["line"] += 1
        start = state["offset"]
        state["offset"] += len(raw)
        if state["line"] == 1 and raw.startswith(UTF8_BOM):
            col.add(
                Finding(
                    "foundry.bom",
                    Severity.ERROR,
                    "the file starts with a UTF-8 byte order mark (BOM); the SDK's loader "
                    "fails on it with 'Expected object or value'",
                    "save it as UTF-8 without BOM ('datasetkit convert' writes it without)",
                    Location(path=path, line=1, column=1),
                )
            )
            raw = raw[len(UTF8_BOM) :]
            start += len(UTF8_BOM)
        return state["line"], start, raw, True

    index = 0
    while True:
        item = next_line()
        if item is None:
            break
        line, start, raw, may_join = item
        body = raw.rstrip(b"\r\n")
        if not body.strip():
            if raw.endswith(b"\n") or body:
                col.add(
                    Finding(
                        "foundry.jsonl.blank-line",
                        Severity.WARNING,
                        "blank line (the SDK skips it; strict JSONL readers reject it)",
                        "delete the empty line",
                        Location(path=path, line=line),
                    )
                )
            continue
        text = _decode_line(body, line, col)
        try:
            value = json.loads(text)
        except RecursionError:
            col.add(too_deep("foundry", path, line))
            continue
        except json.JSONDecodeError as exc:
            relaxed = _relaxed(text) if exc.msg.startswith("Invalid control character") else None
            if relaxed is not None:
                col.add(
                    Finding(
                        "foundry.jsonl.control-character",
                        Severity.ERROR,
                        "a raw control character (such as a tab) inside a string: strict JSON "
                        "parsers reject the line",
                        "write a tab as \\t ('datasetkit convert' escapes it)",
                        Location(path=path, line=line, column=exc.colno),
                    )
                )
                yield _Record(index, line, line, start, start + len(raw), relaxed, text)
                index += 1
                continue
            joined: Any = None
            if may_join and _may_continue(text, exc):
                joined = _join_lines(text, line, start, len(raw), next_line, pending, col)
            if joined is None:
                message, hint = _syntax_message(text, exc)
                col.add(
                    Finding(
                        "foundry.jsonl.syntax",
                        Severity.ERROR,
                        f"invalid JSON on this line: {message} (the SDK fails the whole file "
                        "without a line number)",
                        hint,
                        Location(path=path, line=line, column=exc.colno),
                    )
                )
                continue
            value, full, end_line, end = joined
            if isinstance(value, list):
                yield from _array_records(value, full, line, start, end, index, col)
                index += sum(1 for v in value if isinstance(v, dict))
                continue
            col.add(
                Finding(
                    "foundry.jsonl.multiline-record",
                    Severity.ERROR,
                    f"this record spans lines {line}-{end_line}: a string holds raw line breaks "
                    "or the object is pretty-printed; JSONL needs one object per line",
                    "write line breaks inside strings as \\n ('datasetkit convert' rewrites "
                    "the record on one line)",
                    Location(path=path, line=line, column=1, pointer=pointer_join("", index)),
                )
            )
            yield _Record(index, line, end_line, start, end, value, full)
            index += 1
            continue
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            yield from _array_records(value, text, line, start, start + len(raw), index, col)
            index += len(value)
            continue
        yield _Record(index, line, line, start, start + len(raw), value, text)
        index += 1


def _relaxed(text: str) -> Any:
    try:
        value = json.loads(text, strict=False)
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, dict) else None


def _join_lines(
    first: str,
    line: int,
    start: int,
    size: int,
    next_line: Callable[[], tuple[int, int, bytes, bool] | None],
    pending: deque[tuple[int, int, bytes, bool]],
    col: Collector,
) -> tuple[Any, str, int, int] | None:
    """Join following lines until they parse as one value; push them back if they never do."""
    parts = [first]
    taken: list[tuple[int, int, bytes, bool]] = []
    total = size
    while total < JOIN_LIMIT:
        nxt = next_line()
        if nxt is None:
            break
        taken.append(nxt)
        ln, off, raw, _ = nxt
        total += len(raw)
        text = _decode_line(raw.rstrip(b"\r\n"), ln, col)
        parts.append(text)
        # Parse only where a record can end, so long files are not re-parsed per line.
        if not text.rstrip().endswith(("}", "]")):
            continue
        full = "\n".join(parts)
        try:
            # strict=False: the line breaks inside strings are what made the record split.
            value = json.loads(full, strict=False)
        except json.JSONDecodeError:
            continue
        return value, full, ln, off + len(raw)
    # Not one record after all: read the taken lines again, one by one, without joining.
    for item in reversed(taken):
        pending.appendleft((item[0], item[1], item[2], False))
    return None


def _array_records(
    value: list[Any], text: str, line: int, start: int, end: int, index: int, col: Collector
) -> Iterator[_Record]:
    col.add(
        Finding(
            "foundry.jsonl.json-array",
            Severity.ERROR,
            "this is a JSON array, not JSONL (one object per line); the SDK's loader fails "
            "with 'Expected object or value'",
            "convert it: datasetkit convert FILE -o fixed.jsonl --to foundry",
            Location(path=col.path, line=line, column=1),
        )
    )
    n = index
    for i, v in enumerate(value):
        prefix = pointer_join("", i)
        if not isinstance(v, dict):
            off = locate(text, prefix)
            ln, c = offset_to_line_col(text, off or 0)
            col.add(
                Finding(
                    "foundry.jsonl.not-object",
                    Severity.ERROR,
                    f"array element {i} is {_json_type(v)}, not an object (a row)",
                    "make every row a JSON object",
                    Location(path=col.path, line=line + ln - 1, column=c),
                )
            )
            continue
        off = locate(text, prefix)
        ln = offset_to_line_col(text, off or 0)[0] + line - 1
        yield _Record(n, ln, ln, start, end, v, text, prefix, base_line=line)
        n += 1


def _syntax_message(text: str, exc: json.JSONDecodeError) -> tuple[str, str]:
    msg = exc.msg
    if msg.startswith("Extra data"):
        return "more than one JSON value on one line", "put each record on its own line"
    if msg.startswith(("Invalid control character", "Unterminated string")):
        return "a string is not closed on this line", "close the string; write line breaks as \\n"
    if msg.startswith("Expecting property name"):
        return "expected a member name in double quotes", 'write keys as "name": value'
    if msg.startswith("Expecting ',' delimiter"):
        return "a comma is missing", "add the missing comma (or close the bracket)"
    if msg.startswith("Expecting value"):
        if text[exc.pos : exc.pos + 1] == "'":
            return "single quotes are not JSON", "use double quotes"
        return "expected a value", "put a string, number, object, array, true, false or null here"
    return msg, "fix the JSON syntax on this line"


def _json_type(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, (int, float)):
        return "a number"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, list):
        return "an array"
    return "an object"


# --- checks (spec §4.2, §5, §6, §10) --------------------------------------------------------


class _RowChecker:
    """The SDK's validator rules for one row, as located findings."""

    def __init__(self, ctx: _Ctx, col: Collector) -> None:
        self.ctx = ctx
        self.col = col
        self.call_ids: set[str] = set()
        self.call_names: list[tuple[str, str]] = []

    def emit(
        self, code: str, sev: Severity, message: str, hint: str, ptr: str, key: bool = False
    ) -> None:
        if self.col.full(code):
            # Past the cap only the count is kept: locating costs more than the check.
            self.col.counts[code] += 1
            return
        self.col.add(Finding(code, sev, message, hint, self.ctx.loc(ptr, key=key)))

    def err(self, code: str, message: str, hint: str, ptr: str, key: bool = False) -> None:
        self.emit(code, Severity.ERROR, message, hint, ptr, key)

    def warn(self, code: str, message: str, hint: str, ptr: str, key: bool = False) -> None:
        self.emit(code, Severity.WARNING, message, hint, ptr, key)

    # messages ------------------------------------------------------------------------

    def message_list(self, msgs: Any, ptr: str, what: str) -> None:
        if not isinstance(msgs, list):
            self.err(
                f"foundry.{what}.type",
                f"'{what}' must be a list of message objects, not {_json_type(msgs)}",
                'write it as [{"role": "user", "content": "..."}, ...]',
                ptr,
            )
            return
        if not msgs:
            self.err(f"foundry.{what}.empty", f"'{what}' is an empty list", "add the messages", ptr)
            return
        for i, m in enumerate(msgs):
            self.message(m, f"{ptr}/{i}")

    def message(self, m: Any, ptr: str) -> None:
        if not isinstance(m, dict):
            self.err(
                "foundry.message.not-object",
                f"a message must be an object, not {_json_type(m)}",
                'write it as {"role": "...", "content": ...}',
                ptr,
            )
            return
        role = m.get("role")
        if role is None:
            self.err(
                "foundry.message.role-missing",
                "the message has no 'role'",
                "add a role (user, assistant, system, tool, developer)",
                ptr,
            )
            return
        if role not in ROLES:
            self.err(
                "foundry.message.role-unknown",
                f"unknown role {role!r}",
                f"use one of: {', '.join(ROLES)}",
                ptr + "/role",
            )
        if "content" not in m:
            self.err(
                "foundry.message.content-missing",
                "the message has no 'content'",
                "add its content",
                ptr,
            )
            return
        content = m["content"]
        calls = m.get("tool_calls")
        if isinstance(calls, list):
            self.chat_completions_calls(calls, ptr + "/tool_calls", role)
        if content is None:
            if role == "assistant" and isinstance(calls, list):
                self.warn(
                    "foundry.message.chat-completions",
                    "OpenAI Chat Completions tool call (content null + tool_calls): the SDK's "
                    "validator rejects null content",
                    "'datasetkit convert FILE -o out.jsonl' rewrites it as typed tool_call items",
                    ptr + "/content",
                )
            else:
                self.warn(
                    "foundry.message.content-null",
                    "the message's content is null (the SDK's validator rejects it)",
                    "give it text, or remove the message",
                    ptr + "/content",
                )
            return
        if isinstance(content, str):
            if content == "" and not isinstance(calls, list):
                self.err(
                    "foundry.message.content-empty",
                    "the 'content' field can't be empty",
                    "write the message text",
                    ptr + "/content",
                )
            if role == "tool":
                self.err(
                    "foundry.message.tool-content-string",
                    "a tool message's content must be a list (the SDK rejects a plain string)",
                    'write it as [{"type": "tool_result", "tool_result": ...}] '
                    "('datasetkit convert' does this)",
                    ptr + "/content",
                )
        elif isinstance(content, list):
            if not content:
                self.err(
                    "foundry.message.content-empty",
                    "the 'content' field can't be empty",
                    "add at least one content item",
                    ptr + "/content",
                )
            for j, item in enumerate(content):
                self.item(item, role, f"{ptr}/content/{j}")
        else:
            self.err(
                "foundry.message.content-type",
                f"'content' must be a string or a list of content items, not {_json_type(content)}",
                'write a string, or [{"type": "text", "text": "..."}]',
                ptr + "/content",
            )
        if role == "tool":
            tid = m.get("tool_call_id")
            if not isinstance(tid, str):
                self.err(
                    "foundry.message.tool-call-id",
                    "a tool message needs a string 'tool_call_id'",
                    "set it to the id of the tool call it answers",
                    ptr,
                )
            elif tid not in self.call_ids:
                self.err(
                    "foundry.message.unmatched-tool-call-id",
                    f"tool_call_id {tid!r} matches no earlier tool call",
                    "use the tool_call_id of the assistant's tool_call item this result answers",
                    ptr + "/tool_call_id",
                )

    def chat_completions_calls(self, calls: list[Any], ptr: str, role: Any) -> None:
        for i, c in enumerate(calls):
            if not isinstance(c, dict):
                continue
            fn: dict[str, Any] = c["function"] if isinstance(c.get("function"), dict) else {}
            if isinstance(c.get("id"), str):
                self.call_ids.add(c["id"])
            if isinstance(fn.get("name"), str):
                self.call_names.append((fn["name"], f"{ptr}/{i}"))
            args = fn.get("arguments")
            if isinstance(args, str) and _parse_arguments(args) is None:
                self.err(
                    "foundry.message.arguments-invalid",
                    "the tool call's 'arguments' string is not a JSON object",
                    "write the arguments as a JSON object",
                    f"{ptr}/{i}/function/arguments",
                )

    def item(self, item: Any, role: Any, ptr: str) -> None:
        if not isinstance(item, dict) or not item:
            self.err(
                "foundry.message.item-not-object",
                "content items must be non-empty objects",
                'write {"type": "text", "text": "..."}',
                ptr,
            )
            return
        if "type" not in item:
            self.err(
                "foundry.message.item-type-missing",
                "the content item has no 'type'",
                'add "type" (text, tool_call, tool_result, ...)',
                ptr,
            )
            return
        t = item["type"]
        if role in ("user", "system", "developer"):
            if t == "image_url" and role == "user":
                return  # multimodal input of the content-safety evaluators
            if t not in USER_ITEM_TYPES:
                self.err(
                    "foundry.message.item-type",
                    f"invalid content type {t!r} for a {role} message: must be 'text' or 'input_text'",
                    "use 'input_text' (or 'text') for inputs; 'output_text' is for the assistant",
                    ptr + "/type",
                )
                return
            self.text(item, ptr)
        elif role == "assistant":
            if t not in ASSISTANT_ITEM_TYPES:
                self.err(
                    "foundry.message.item-type",
                    f"invalid content type {t!r} for an assistant message",
                    f"use one of: {', '.join(ASSISTANT_ITEM_TYPES)}",
                    ptr + "/type",
                )
                return
            if t in ("text", "output_text"):
                self.text(item, ptr)
            elif t in CALL_ITEM_TYPES:
                self.call(item, ptr)
        elif role == "tool":
            if t not in TOOL_ITEM_TYPES:
                self.err(
                    "foundry.message.item-type",
                    f"invalid content type {t!r} for a tool message",
                    f"use one of: {', '.join(TOOL_ITEM_TYPES)}",
                    ptr + "/type",
                )
                return
            if t != "mcp_approval_response" and t not in item:
                self.err(
                    "foundry.message.tool-result-missing",
                    f"the {t} item has no {t!r} key holding the result",
                    f'write {{"type": "{t}", "{t}": ...}}',
                    ptr,
                )

    def text(self, item: dict[str, Any], ptr: str) -> None:
        if not isinstance(item.get("text"), str):
            self.err(
                "foundry.message.text",
                "the content item needs a string 'text'",
                "put the text in a string",
                ptr,
            )

    def call(self, item: dict[str, Any], ptr: str) -> None:
        nested = item.get("tool_call")
        if isinstance(nested, dict) and "name" not in item:
            fn: dict[str, Any] = (
                nested["function"] if isinstance(nested.get("function"), dict) else {}
            )
            if isinstance(nested.get("id"), str):
                self.call_ids.add(nested["id"])
            if isinstance(fn.get("name"), str):
                self.call_names.append((fn["name"], ptr))
            self.err(
                "foundry.message.nested-tool-call",
                "legacy nested tool_call item: the SDK's validator needs 'name', 'arguments' "
                "and 'tool_call_id' on the item itself",
                "'datasetkit convert FILE -o out.jsonl' flattens it",
                ptr,
            )
            return
        name = item.get("name")
        if not isinstance(name, str):
            self.err(
                "foundry.message.tool-call-name",
                "the tool_call item needs a string 'name'",
                "add the tool's name",
                ptr,
            )
        else:
            self.call_names.append((name, ptr))
        args = item.get("arguments")
        if not isinstance(args, dict):
            self.err(
                "foundry.message.arguments-not-object",
                "the 'arguments' field must be an object in tool_call items"
                + (" (a JSON string is rejected)" if isinstance(args, str) else ""),
                "write the arguments as a JSON object ('datasetkit convert' decodes JSON strings)",
                ptr + ("/arguments" if "arguments" in item else ""),
            )
        tid = item.get("tool_call_id")
        if not isinstance(tid, str):
            self.err(
                "foundry.message.tool-call-id",
                "the tool_call item needs a string 'tool_call_id'",
                "add the call's id",
                ptr,
            )
        else:
            self.call_ids.add(tid)

    def roles_present(self, msgs: Any, ptr: str) -> None:
        if not isinstance(msgs, list) or not msgs:
            return
        roles = [m.get("role") for m in msgs if isinstance(m, dict)]
        if "user" not in roles:
            self.err(
                "foundry.messages.no-user",
                "the messages contain no user message",
                "add the user's message",
                ptr,
            )
        if "assistant" not in roles:
            if roles and roles[-1] == "user":
                self.warn(
                    "foundry.messages.no-assistant",
                    "no assistant message: fine as input for a model or agent target, but the "
                    "SDK's messages validator needs one to score a stored interaction",
                    "add the assistant's reply if this row is evaluated as it is",
                    ptr,
                )
            else:
                self.err(
                    "foundry.messages.no-assistant",
                    "the messages contain no assistant message",
                    "add the assistant's reply",
                    ptr,
                )

    # tool definitions ----------------------------------------------------------------------

    def tool_definitions(self, defs: Any, ptr: str) -> set[str] | None:
        if isinstance(defs, str):
            return None
        if isinstance(defs, dict):
            defs = [defs]
        if not isinstance(defs, list):
            self.err(
                "foundry.tool-definitions.type",
                "'tool_definitions' must be a list of tool objects",
                'write [{"name": ..., "parameters": {...}}]',
                ptr,
            )
            return None
        names: set[str] = set()
        for i, d in enumerate(defs):
            p = f"{ptr}/{i}"
            if not isinstance(d, dict):
                self.err(
                    "foundry.tool-definitions.type",
                    "each tool definition must be an object",
                    'write {"name": ..., "parameters": {...}}',
                    p,
                )
                continue
            if d.get("type") == "openapi" and isinstance(d.get("functions"), list):
                for j, fn in enumerate(d["functions"]):
                    if isinstance(fn, dict):
                        names |= self.one_definition(fn, f"{p}/functions/{j}")
                continue
            names |= self.one_definition(d, p)
        return names

    def one_definition(self, d: dict[str, Any], p: str) -> set[str]:
        if "name" not in d and isinstance(d.get("function"), dict):
            self.err(
                "foundry.tool-definitions.nested",
                'OpenAI-nested tool definition ({"type": "function", "function": {...}}): '
                "the SDK rejects it ('Each tool definitions must contain a name field')",
                'flatten it to {"name", "description", "parameters"} (\'datasetkit convert\' does this)',
                p,
            )
            fn = d["function"]
            return {fn["name"]} if isinstance(fn.get("name"), str) else set()
        if not isinstance(d.get("name"), str):
            self.err(
                "foundry.tool-definitions.name",
                "the tool definition needs a string 'name'",
                "add the tool's name",
                p,
            )
            return set()
        if not isinstance(d.get("parameters"), dict):
            self.err(
                "foundry.tool-definitions.parameters",
                f"tool {d['name']!r} needs a 'parameters' object (a JSON Schema)",
                'add "parameters": {"type": "object", "properties": {...}}',
                p,
            )
        return {d["name"]}

    def undefined_tools(self, names: set[str], ptr: str) -> None:
        for name, p in self.call_names:
            if name not in names and name not in FOUNDRY_BUILTIN_TOOLS:
                self.err(
                    "foundry.tool.undefined",
                    f"tool {name!r} is called but has no definition in {ptr.rsplit('/', 1)[-1]!r} "
                    f"(the SDK fails with 'Tool definition for {name} not found')",
                    "add its definition (every tool the agent can call, not only the ones called)",
                    p,
                )


def _check_row(
    row: dict[str, Any], ctx: _Ctx, col: Collector, csv_mode: bool, advice: bool = True
) -> None:
    """Every file-format rule that applies to one row.

    ``advice`` is off while converting: how a Foundry evaluation would map the columns
    is no news to a user who is converting the file into another format.
    """
    c = _RowChecker(ctx, col)
    for code, message, hint, ptr in surrogate_problems(row, "foundry"):
        c.err(code, message, hint, ptr)
    conv = row.get("conversation")
    has_messages = "messages" in row or isinstance(conv, dict)
    if has_messages and ("query" in row or "response" in row):
        c.err(
            "foundry.row.mixed",
            "the row has both 'messages' and 'query'/'response': use one or the other",
            "keep 'messages' for a whole interaction, or 'query'/'response' for separate columns",
            "/messages" if "messages" in row else "/conversation",
            key=True,
        )
    if "messages" in row and not csv_mode:
        c.message_list(row["messages"], "/messages", "messages")
        c.roles_present(row["messages"], "/messages")
    elif isinstance(conv, dict):
        if not isinstance(conv.get("messages"), list):
            c.err(
                "foundry.conversation.messages",
                "'conversation' needs a 'messages' list",
                'write {"messages": [...]}',
                "/conversation",
            )
        else:
            c.message_list(conv["messages"], "/conversation/messages", "messages")
    elif "conversation" in row and not csv_mode:
        c.err(
            "foundry.conversation.type",
            "'conversation' must be an object with 'messages'",
            'write {"messages": [...]}',
            "/conversation",
        )
    for name in ("query", "response"):
        if name not in row:
            continue
        v = row[name]
        if isinstance(v, list):
            c.message_list(v, "/" + name, name)
        elif isinstance(v, str):
            if v == "":
                c.err(
                    f"foundry.{name}.empty",
                    f"'{name}' is an empty string",
                    f"write the {name}",
                    "/" + name,
                )
        elif v is not None:
            c.err(
                f"foundry.{name}.type",
                f"'{name}' must be a string or a message list, not {_json_type(v)}",
                "write a string or a list of messages",
                "/" + name,
            )
    for name in ("ground_truth", "context"):
        v = row.get(name)
        if (
            v is not None
            and not isinstance(v, str)
            and not (name == "ground_truth" and isinstance(v, list))
        ):
            c.err(
                f"foundry.{name}.type",
                f"'{name}' must be a string, not {_json_type(v)}",
                "write it as a string",
                "/" + name,
            )
    defs_key = (
        "tool_definitions" if "tool_definitions" in row else ("tools" if "tools" in row else None)
    )
    if defs_key and not csv_mode:
        names = c.tool_definitions(row[defs_key], "/" + defs_key)
        if isinstance(row.get("tool_calls"), list):
            for i, tc in enumerate(row["tool_calls"]):
                c.item(tc, "assistant", pointer_join("/tool_calls", i))
        if names is not None:
            c.undefined_tools(names, "/" + defs_key)
    elif isinstance(row.get("tool_calls"), list):
        for i, tc in enumerate(row["tool_calls"]):
            c.item(tc, "assistant", pointer_join("/tool_calls", i))
    if "test_case_description" in row:
        d = row["test_case_description"]
        if not isinstance(d, str) or not d.strip():
            c.err(
                "foundry.seed.description",
                "'test_case_description' must be a non-empty string",
                "describe the user's situation and goal",
                "/test_case_description",
            )
        elif len(d) > MAX_DESCRIPTION:
            c.err(
                "foundry.seed.description-length",
                f"'test_case_description' is {len(d):,} characters; the limit is {MAX_DESCRIPTION:,}",
                "shorten it (or convert with --truncate)",
                "/test_case_description",
            )
        sim = row.get("simulation_configuration")
        desired = row.get("desired_num_turns")
        if isinstance(sim, dict):
            desired = sim.get("desired_num_turns", desired)
            mx = sim.get("max_num_turns")
            if isinstance(mx, int) and isinstance(desired, int) and desired > mx:
                c.warn(
                    "foundry.seed.max-turns",
                    f"desired_num_turns {desired} is more than max_num_turns {mx}",
                    "lower desired_num_turns or raise max_num_turns",
                    "/simulation_configuration",
                )
        if desired is not None and not _is_turn_count(desired, csv_mode):
            c.err(
                "foundry.seed.turns",
                "'desired_num_turns' must be a whole number of at least 1",
                "write it as a number, e.g. 3",
                "/desired_num_turns",
            )
    if advice:
        _mapping_advice(row, has_messages, c, ctx, col)


def _mapping_advice(
    row: dict[str, Any], has_messages: bool, c: _RowChecker, ctx: _Ctx, col: Collector
) -> None:
    """Columns a Foundry evaluation cannot find without a data mapping."""
    if not has_messages and not any(
        k in row for k in ("query", "response", "test_case_description", "conversation")
    ):
        aliases = [k for k in row if k in NONSTANDARD_COLUMNS]
        hint = "name the input column with --map prompt=COLUMN"
        if aliases:
            hint = f"rename {aliases[0]!r} to {NONSTANDARD_COLUMNS[aliases[0]][0]!r} or add a data_mapping for it (convert reads it as the {NONSTANDARD_COLUMNS[aliases[0]][1].replace('_', ' ')})"
        c.warn(
            "foundry.row.no-input",
            "the row has no 'messages', 'query', 'response' or 'test_case_description'",
            hint,
            "",
        )
    for k in row:
        if k in NONSTANDARD_COLUMNS and (advice := column_advice(k, row)) is not None:
            # Worded by foundry_columns, so lint.foundry.column-mapping says the same.
            col.add_once(
                "nonstd:" + k,
                Finding(
                    "foundry.column.nonstandard",
                    Severity.WARNING,
                    advice.message,
                    advice.hint,
                    ctx.loc("/" + k, key=True),
                ),
            )


def _is_turn_count(v: Any, csv_mode: bool) -> bool:
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return v >= 1
    return csv_mode and isinstance(v, str) and v.strip().isdigit() and int(v) >= 1


# --- normalization ------------------------------------------------------------------------


def _parse_arguments(args: str) -> dict[str, Any] | None:
    if not args.strip():
        return {}
    try:
        value = json.loads(args)
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, dict) else None


def _flat_call(item: dict[str, Any]) -> dict[str, Any]:
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
        parsed = _parse_arguments(args)
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
            items.append(_flat_call(call))
        out.pop("tool_calls")
        out["content"] = items
        return out
    if isinstance(content, list):
        out["content"] = [
            _flat_call(i) if isinstance(i, dict) and i.get("type") in CALL_ITEM_TYPES else i
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


def _valid_messages(msgs: Any) -> bool:
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


def _messages(raw: list[dict[str, Any]]) -> list[Message]:
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
    return Message(role=role, content=[{"type": "text", "text": text}])


def messages_from_turns(turns: list[Turn]) -> tuple[list[Message], list[int]]:
    """Messages written for turns that have no message list (e.g. an M365 thread).

    Each turn is a user message (with its ``context``) and, when known, an assistant
    message: the agent's response, or else the expected response. The indexes of turns
    whose assistant text is the expected response are returned so reading the row back
    restores ``expected_response`` rather than ``response``.
    """
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


# --- row -> Case --------------------------------------------------------------------------


_MISSING = object()


def _apply_mapping(
    row: dict[str, Any], mapping: dict[str, str], ctx: _Ctx, col: Collector
) -> dict[str, Any]:
    if not mapping:
        return row
    out = dict(row)
    for fld, header in mapping.items():
        if fld == "notes":
            continue
        target = MAP_FIELDS[fld]
        if header not in out:
            col.add_once(
                "map:" + header,
                Finding(
                    "foundry.map.missing-column",
                    Severity.WARNING,
                    f"--map {fld}={header}: the row has no column {header!r}",
                    f"check the column name (columns: {', '.join(list(row)[:12])})",
                    ctx.loc(""),
                ),
            )
            continue
        if header == target:
            continue
        if target in out:
            col.add_once(
                "mapclash:" + header,
                Finding(
                    "foundry.map.clash",
                    Severity.WARNING,
                    f"--map {fld}={header}: the row already has a {target!r} column, which is kept",
                    f"drop --map {fld}=... or rename the {target!r} column",
                    ctx.loc("/" + target, key=True),
                ),
            )
            continue
        # Rename in place, keeping the column order.
        out = {(target if k == header else k): v for k, v in out.items()}
    return out


def _build_case(
    row: dict[str, Any],
    ctx: _Ctx,
    col: Collector,
    csv_mode: bool,
    carry_raw: Any,
    notes: Any = None,
) -> tuple[Case, Any]:
    """The Case of one row, and the carried dataset fields (first row only)."""
    row = dict(row)
    names = row.pop(_NAMES_KEY, None)
    pointer = pointer_join("", ctx.index)
    line = ctx.first_line or ctx.line
    source = Source(
        path=ctx.path,
        line=line,
        row=ctx.row if ctx.row is not None else line,
        pointer=pointer,
    )
    case = Case(source=source)
    hint: dict[str, Any] = {}
    turn_pointers: list[str] = []
    if isinstance(notes, str):
        case.notes = notes

    if "test_case_description" in row and isinstance(row["test_case_description"], str):
        case.kind = "seed"
        desc = row.pop("test_case_description")
        sim_shape = "simulation_configuration" in row or "test_case_id" in row
        if sim_shape:
            sid = row.pop("test_case_id", None)
            scat = row.pop("test_case_category", None)
            conf = row.pop("simulation_configuration", None)
            if conf is not None and not isinstance(conf, dict):
                row["simulation_configuration"] = conf
                conf = None
            desired = conf.get("desired_num_turns") if conf else None
            case.seed = Seed(
                description=desc,
                desired_num_turns=desired
                if isinstance(desired, int) and not isinstance(desired, bool)
                else None,
                shape="simulation_configuration",
                simulation_configuration=conf,
            )
            if isinstance(sid, str):
                case.id = sid
            elif sid is not None:
                row["test_case_id"] = sid
            if isinstance(scat, str):
                case.category = scat
            elif scat is not None:
                row["test_case_category"] = scat
        else:
            desired = row.pop("desired_num_turns", None)
            turns_n: int | None = None
            if isinstance(desired, int) and not isinstance(desired, bool):
                turns_n = desired
            elif csv_mode and isinstance(desired, str) and desired.strip().isdigit():
                turns_n = int(desired)
            elif desired is not None:
                row["desired_num_turns"] = desired
            case.seed = Seed(description=desc, desired_num_turns=turns_n, shape="flat")
        turn_pointers = []
    else:
        raw_msgs: Any = _MISSING
        base = ""
        if "messages" in row:
            raw_msgs, base = row["messages"], "/messages"
            if csv_mode and isinstance(raw_msgs, str):
                raw_msgs = _json_cell(raw_msgs, ctx, "messages", col)
            if _valid_messages(raw_msgs):
                row.pop("messages")
                hint["layout"] = "messages"
            else:
                raw_msgs = _MISSING
        elif "conversation" in row:
            conv = row["conversation"]
            if csv_mode and isinstance(conv, str):
                conv = _json_cell(conv, ctx, "conversation", col)
            if isinstance(conv, dict) and _valid_messages(conv.get("messages")):
                row.pop("conversation")
                raw_msgs, base = conv["messages"], "/conversation/messages"
                hint["layout"] = "conversation"
                rest = {k: v for k, v in conv.items() if k != "messages"}
                if rest:
                    hint["conversation"] = rest
        if raw_msgs is not _MISSING:
            case.messages = _messages(raw_msgs)
            case.turns, turn_pointers, _ = turns_from_messages(case.messages, pointer + base)
        else:
            q = row.get("query", _MISSING)
            r = row.get("response", _MISSING)
            q_list = isinstance(q, list) and _valid_messages(q)
            r_list = isinstance(r, list) and _valid_messages(r)
            q_ok = q_list or isinstance(q, str)
            r_ok = r_list or isinstance(r, str) or r is None
            if (q_list or r_list) and (q_ok or q is _MISSING) and (r_ok or r is _MISSING):
                qm = (
                    _messages(q)
                    if q_list
                    else ([Message(role="user", content=q)] if isinstance(q, str) else [])
                )
                if r_list:
                    rm = _messages(r)
                elif isinstance(r, str):
                    rm = [Message(role="assistant", content=r)]
                else:
                    rm = []
                row.pop("query", None)
                row.pop("response", None)
                hint.update(
                    {
                        "layout": "query-response",
                        "query": "list"
                        if q_list
                        else ("string" if isinstance(q, str) else "absent"),
                        "response": "list"
                        if r_list
                        else ("string" if isinstance(r, str) else "absent"),
                        "split": len(qm),
                    }
                )
                case.messages = qm + rm
                case.turns, _, _ = turns_from_messages(case.messages)
                turn_pointers = [
                    (
                        pointer + f"/query/{i}"
                        if i < len(qm)
                        else pointer + f"/response/{i - len(qm)}"
                    )
                    for i, m in enumerate(case.messages)
                    if m.role == "user"
                ]
            elif (
                (isinstance(q, str) or q is _MISSING)
                and (isinstance(r, str) or r is _MISSING or r is None)
                and (q is not _MISSING or r is not _MISSING)
            ):
                row.pop("query", None)
                row.pop("response", None)
                if q is _MISSING:
                    hint["query"] = "absent"
                if r is None:
                    row["response"] = None  # keep an explicit null as it was
                case.turns = [
                    Turn(
                        prompt=q if isinstance(q, str) else "",
                        response=r if isinstance(r, str) else None,
                    )
                ]
                turn_pointers = [pointer + ("/query" if q is not _MISSING else "/response")]
        # Row-level ground truth and context belong to the last turn.
        for name, attr in (("ground_truth", "expected_response"), ("context", "context")):
            v = row.get(name)
            if isinstance(v, str) and case.turns:
                last = case.turns[-1]
                if getattr(last, attr) is None:
                    setattr(last, attr, v)
                    row.pop(name)
                elif getattr(last, attr) == v:
                    row.pop(name)
                    hint.setdefault("repeat", []).append(name)
        defs_key = (
            "tool_definitions"
            if "tool_definitions" in row
            else ("tools" if "tools" in row else None)
        )
        if defs_key:
            defs = row[defs_key]
            if isinstance(defs, str) and csv_mode:
                defs = _json_cell(defs, ctx, defs_key, col)
            if isinstance(defs, dict):
                defs = [defs]
            if isinstance(defs, list) and all(isinstance(d, dict) for d in defs):
                row.pop(defs_key)
                case.tool_definitions = normalize_tool_definitions(defs)
                if defs_key == "tools":
                    hint["tools_key"] = "tools"
        if isinstance(row.get("tool_calls"), list):
            row["tool_calls"] = [
                _flat_call(t) if isinstance(t, dict) else t for t in row["tool_calls"]
            ]
        case.kind = "conversation" if len(case.turns) > 1 else "single"
    for name in ("id", "category"):
        v = row.get(name)
        if isinstance(v, str) and getattr(case, name) is None:
            setattr(case, name, row.pop(name))
    case.extra = row
    if case.source is not None:
        case.source.turn_pointers = turn_pointers
    dataset_carry = None
    if carry_raw is not _MISSING:
        rest = restore_fields(case, carry_raw) if isinstance(carry_raw, dict) else {}
        carried_hint = rest.pop("foundry", None)
        dataset_carry = rest.pop("dataset", None)
        if isinstance(carried_hint, dict):
            expected = carried_hint.get("assistant_expected")
            if isinstance(expected, list) and case.messages is not None:
                for i in expected:
                    if isinstance(i, int) and 0 <= i < len(case.turns):
                        t = case.turns[i]
                        if t.expected_response is None:
                            t.expected_response = t.response
                        if t.response == t.expected_response:
                            t.response = None
                hint["assistant_expected"] = expected
        if rest:
            store_carry(case, rest)
    if names:
        hint["names"] = names
    if hint and hint != {"layout": "messages"}:
        ext = dict(case.extensions or {})
        box = dict(ext.get(CARRY_KEY) or {"v": CARRY_VERSION})
        if case.extensions == {}:
            box["keep_empty"] = True  # the case's own extensions are an empty object
        box["foundry"] = hint
        ext[CARRY_KEY] = box
        case.extensions = ext
    return case, dataset_carry


# Where a resolved row keeps its original column names until the case is built.
_NAMES_KEY = "\x00names"
# Keys that give a row its Foundry shape; a row with none of them is a plain record.
_SHAPE_KEYS = ("query", "messages", "conversation", "test_case_description")
# Canonical field -> the Foundry key a plain record's column is read as.
# (Notes leave the row apart; a conversation column is no Foundry field of a row.)
_ROLE_KEYS = {f: k for f, k in MAP_FIELDS.items() if f not in ("notes", "conversation")}


def _resolve_roles(
    row: dict[str, Any], notes: Any, roles_for: roles.RecordRoles, ctx: _Ctx, col: Collector
) -> tuple[dict[str, Any], Any]:
    """A plain record (``question``/``truth``, ``user_input``/``reference``...) read
    through the column-role resolver, so its prompt and answer are not lost.

    Rows with a Foundry shape are left alone. The resolution is reported once per key
    set; an ambiguous one is an error that names the ``--map`` that settles it.
    """
    if any(k in row for k in _SHAPE_KEYS):
        return row, notes
    res, new = roles_for.resolution(list(row))
    if new:
        for f in roles.findings(res, "foundry", ctx.loc("")):
            col.add_once(f"roles:{f.code}:{sorted(row)}", f)
    if "prompt" not in res.cols or res.ambiguous:
        return row, notes
    renamed = roles_for.rename(row, res)
    # Which column each Foundry key came from, so writing Foundry again gives the
    # file's own names back ("question", not "query"): a round trip adds no column.
    names = {new: old for old, new in zip(row, renamed, strict=True) if old != new}
    note_key = res.header("notes")
    if notes is None and note_key is not None and isinstance(renamed.get(note_key), str):
        notes = renamed.pop(note_key)
    if names:
        renamed[_NAMES_KEY] = names
    return renamed, notes


def _json_cell(value: str, ctx: _Ctx, name: str, col: Collector) -> Any:
    col.add_once(
        "jsoncell:" + name,
        Finding(
            "foundry.csv.json-cell",
            Severity.WARNING,
            f"the {name!r} column holds JSON text: the SDK reads CSV cells as plain strings and "
            "does not accept conversations in CSV",
            "convert the file to JSONL: datasetkit convert FILE -o out.jsonl",
            ctx.loc("/" + name),
        ),
    )
    try:
        return json.loads(value)
    except json.JSONDecodeError:
        return value


def _take_carry(row: dict[str, Any], ctx: _Ctx, col: Collector, csv_mode: bool) -> Any:
    if CARRY_KEY not in row:
        return _MISSING
    value = row[CARRY_KEY]
    if csv_mode and isinstance(value, str):
        if not value:
            row.pop(CARRY_KEY)
            return _MISSING
        try:
            value = json.loads(value)
        except json.JSONDecodeError:
            value = None
    if isinstance(value, dict):
        row.pop(CARRY_KEY)
        return value
    col.add(
        Finding(
            "foundry.carry.invalid",
            Severity.WARNING,
            f"the {CARRY_KEY!r} column should hold an object written by datasetkit; it is kept as an ordinary column",
            "leave the column as datasetkit wrote it, or rename it",
            ctx.loc("/" + CARRY_KEY),
        )
    )
    return _MISSING


# --- CSV reading --------------------------------------------------------------------------


def _csv_lines(fh: IO[bytes], col: Collector) -> Iterator[str]:
    head = fh.read(4096)
    fh.seek(0)
    unicode = bom_encoding(head) or (utf16_without_bom(head), 0)
    if unicode[0]:
        # UTF-16/32 cannot be split into lines as bytes; the SDK fails on it (UTF-8 only).
        col.add(
            Finding(
                "foundry.encoding",
                Severity.ERROR,
                f"the file is {unicode[0].upper()}, not UTF-8 (the SDK fails the whole file "
                "with UnicodeDecodeError)",
                "re-save the file as UTF-8; 'datasetkit convert' writes UTF-8",
                Location(path=col.path, line=1, column=1),
            )
        )
        fh.seek(unicode[1])
        text = io.TextIOWrapper(fh, encoding=unicode[0], errors="replace", newline="")
        try:
            yield from text
        finally:
            text.detach()  # the caller owns (and closes) fh
        return
    codec: str | None = None
    for n, line in enumerate(iter_lines(fh, col.path), start=1):
        raw = (
            line.removeprefix(UTF8_BOM) if n == 1 else line
        )  # the SDK's CSV loader tolerates a BOM
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError:
            if codec is None:
                codec = _file_codec(fh, col.path)
            yield _decode_line(raw, n, col, codec)


def _file_codec(fh: IO[bytes], path: str) -> str:
    """The encoding of a CSV that is not UTF-8, detected once from the file's start.

    Excel saves CSV in the machine's code page (cp1251, Shift-JIS...); reading every
    such file as Windows-1252 garbles it. Raises EncodingUnclear when the detection
    is not confident: a guess would write garbled text as if it were right.
    """
    from ..decoding import detect

    here = fh.tell()
    fh.seek(0)
    sample = fh.read(1024 * 1024)
    fh.seek(here)
    return detect(sample.removeprefix(UTF8_BOM), path)[0]


@dataclass
class _CsvRecord:
    index: int
    line: int
    row: int
    values: dict[str, Any]


def _iter_csv(fh: IO[bytes], col: Collector) -> Iterator[_CsvRecord]:
    csv.field_size_limit(MAX_LINE_BYTES)
    counter = {"line": 0}

    def lines() -> Iterator[str]:
        for text in _csv_lines(fh, col):
            counter["line"] += 1
            yield text

    reader = csv.reader(lines(), strict=False)
    path = col.path
    try:
        header = next(reader)
    except StopIteration:
        return
    except csv.Error as exc:
        raise DatasetkitError(
            f"{path}: cannot read the CSV header ({exc})", "check the file's quoting"
        ) from exc
    if not any(h.strip() for h in header):
        col.add(
            Finding(
                "foundry.csv.no-header",
                Severity.ERROR,
                "the first line (the header) is empty",
                "put the column names on the first line",
                Location(path=path, line=1, row=1),
            )
        )
        return
    if len(header) == 1 and (";" in header[0] or "\t" in header[0]):
        sep = ";" if ";" in header[0] else "tab"
        col.add(
            Finding(
                "foundry.csv.delimiter",
                Severity.WARNING,
                f"the header has one column {header[0]!r}: the file looks {sep}-separated, "
                "and the SDK reads CSV with commas only",
                "save it with commas as separators",
                Location(path=path, line=1, row=1),
            )
        )
    seen: set[str] = set()
    for h in header:
        if h in seen:
            col.add(
                Finding(
                    "foundry.csv.duplicate-header",
                    Severity.ERROR,
                    f"column {h!r} appears twice in the header",
                    "give each column its own name",
                    Location(path=path, line=1, row=1, field=h),
                )
            )
        seen.add(h)
    index = 0
    rownum = 1
    while True:
        start = counter["line"] + 1
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            col.add(
                Finding(
                    "foundry.csv.syntax",
                    Severity.ERROR,
                    f"cannot read this CSV record: {exc}",
                    "check the quotes on this line",
                    Location(path=path, line=start),
                )
            )
            continue
        rownum += 1
        if not cells or (len(cells) == 1 and not cells[0].strip() and len(header) > 1):
            col.add(
                Finding(
                    "foundry.csv.blank-line",
                    Severity.WARNING,
                    "blank line",
                    "delete the empty line",
                    Location(path=path, line=start, row=rownum),
                )
            )
            continue
        if len(cells) > len(header):
            col.add(
                Finding(
                    "foundry.csv.ragged",
                    Severity.ERROR,
                    f"this row has {len(cells)} cells but the header has {len(header)} columns: "
                    "the SDK's loader shifts the values into the wrong columns",
                    "quote cells that contain commas, or remove the extra cells",
                    Location(path=path, line=start, row=rownum),
                )
            )
        elif len(cells) < len(header):
            col.add(
                Finding(
                    "foundry.csv.short-row",
                    Severity.WARNING,
                    f"this row has {len(cells)} cells but the header has {len(header)} columns; "
                    "the missing ones are read as empty",
                    "add the missing cells (empty ones are fine: a,,c)",
                    Location(path=path, line=start, row=rownum),
                )
            )
        values: dict[str, Any] = {}
        for i, h in enumerate(header):
            values[h] = cells[i] if i < len(cells) else ""
        yield _CsvRecord(index, start, rownum, values)
        index += 1


_CSV_STANDARD = (
    "query",
    "response",
    "context",
    "ground_truth",
    "test_case_description",
    "id",
    "category",
)


def _csv_row(values: dict[str, Any]) -> dict[str, Any]:
    """A CSV record as a row: empty standard cells are absent, as NaN is for the SDK."""
    return {k: v for k, v in values.items() if not (k in _CSV_STANDARD and v == "")}


# --- writing ------------------------------------------------------------------------------


class _Loss:
    """What the target could not hold, counted per kind."""

    def __init__(self) -> None:
        self.kinds: dict[str, list[Any]] = {}

    def add(self, kind: str, what: str, reason: str, hint: str) -> None:
        entry = self.kinds.setdefault(kind, [0, what, reason, hint])
        entry[0] += 1

    def findings(self, fmt: str) -> list[Finding]:
        out = []
        for kind, (n, what, reason, hint) in self.kinds.items():
            out.append(
                Finding(
                    f"{fmt}.loss.{kind}",
                    Severity.WARNING,
                    f"{what} not written for {n:,} case{'s' if n != 1 else ''}: {reason}",
                    hint,
                    Location(),
                    data={"field": kind, "count": n},
                )
            )
        return out


_CASE_CARRY = ("name", "description", "notes", "tags", "conversation_id", "summary", "extensions")
# Every Turn field but the four Foundry has columns for (query, response, context, ground_truth).
_TURN_CARRY = tuple(
    f for f in TURN_FIELDS if f not in ("prompt", "expected_response", "context", "response")
)


def _same_turns(a: list[Turn], b: list[Turn]) -> bool:
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        for k in ("prompt", "response", "expected_response", "context"):
            if getattr(x, k) != getattr(y, k):
                return False
    return True


def _derived_turns(msgs: list[Message], hint: dict[str, Any], gt: Any, ctx: Any) -> list[Turn]:
    """The turns a reader derives from ``msgs`` plus row-level ground truth and context."""
    turns = turns_from_messages(msgs)[0]
    if turns:
        last = turns[-1]
        if isinstance(gt, str) and last.expected_response is None:
            last.expected_response = gt
        if isinstance(ctx, str) and last.context is None:
            last.context = ctx
    for i in hint.get("assistant_expected") or []:
        if isinstance(i, int) and 0 <= i < len(turns):
            t = turns[i]
            if t.expected_response is None:
                t.expected_response = t.response
            if t.response == t.expected_response:
                t.response = None
    return turns


def _has_images(msgs: list[Message]) -> bool:
    return any(
        isinstance(m.content, list) and any(i.get("type") == "image_url" for i in m.content)
        for m in msgs
    )


def _dump_messages(msgs: list[Message]) -> list[dict[str, Any]]:
    return [normalize_message(m.model_dump(mode="json")) for m in msgs]


def _inferred_kind(case: Case) -> str:
    if case.kind == "seed" and case.seed is not None:
        return "seed"
    return "conversation" if len(case.turns) > 1 else "single"


@dataclass
class _RowPlan:
    """A case laid out as Foundry columns, plus the carry for the ``datasetkit`` column."""

    row: dict[str, Any] = field(default_factory=dict)
    carry: dict[str, Any] = field(default_factory=dict)
    messages: list[Message] | None = None
    # Foundry key -> the source's own column name (see _resolve_roles).
    names: dict[str, str] = field(default_factory=dict)


def _plan_row(case: Case, style: str, source_family: str | None, loss: _Loss, fmt: str) -> _RowPlan:
    case = working_copy(case)
    carry = prepare_case(case, source_family, "foundry")
    hint = carry.pop("foundry", None) or {}
    plan = _RowPlan(carry=carry)
    if isinstance(hint.get("names"), dict):
        plan.names = {str(k): str(v) for k, v in hint["names"].items()}
    row = plan.row
    empty_response = False
    box_case: dict[str, Any] = dict(carry.get("case") or {})
    for name in _CASE_CARRY:
        v = getattr(case, name)
        if v is not None and name not in box_case:
            box_case[name] = dump_value(v)
    if case.kind != _inferred_kind(case):
        box_case["kind"] = case.kind
    if case.kind == "seed" and case.seed is not None:
        seed = case.seed
        if seed.shape == "simulation_configuration":
            if case.id is not None:
                row["test_case_id"] = case.id
            if case.category is not None:
                row["test_case_category"] = case.category
            row["test_case_description"] = seed.description
            conf = dict(seed.simulation_configuration or {})
            if seed.desired_num_turns is not None:
                conf["desired_num_turns"] = seed.desired_num_turns
            if conf or seed.simulation_configuration is not None:
                row["simulation_configuration"] = conf
        else:
            if case.id is not None:
                row["id"] = case.id
            row["test_case_description"] = seed.description
            if seed.desired_num_turns is not None:
                row["desired_num_turns"] = seed.desired_num_turns
            if case.category is not None:
                row["category"] = case.category
    else:
        msgs = case.messages
        new_hint: dict[str, Any] = {}
        if msgs is not None:
            derived = _derived_turns(msgs, hint, None, None)
            # Row-level ground truth/context were folded into the last turn on reading.
            if case.turns and derived:
                d_last, c_last = derived[-1], case.turns[-1]
                if d_last.expected_response is None:
                    d_last.expected_response = c_last.expected_response
                if d_last.context is None:
                    d_last.context = c_last.context
            if not _same_turns(derived, case.turns):
                loss.add(
                    "messages-rebuilt",
                    "the original message list (system prompts, tool calls)",
                    "the turns no longer match it, so the messages were written anew from the turns",
                    "edit the messages rather than the turns to keep tool calls",
                )
                msgs = None
                hint = {}
            else:
                for k in ("assistant_expected",):
                    if k in hint:
                        new_hint[k] = hint[k]
        needs_messages = style == "messages" or case.kind == "conversation" or len(case.turns) > 1
        if msgs is None and needs_messages and case.turns:
            msgs, expected = messages_from_turns(case.turns)
            hint = {"layout": "messages"}
            if expected:
                new_hint["assistant_expected"] = expected
        plan.messages = msgs
        layout = hint.get("layout", "messages") if msgs is not None else "strings"
        if style == "messages" and msgs is not None:
            layout = "conversation" if layout == "conversation" else "messages"
        elif style == "query-response" and msgs is not None:
            if _has_images(msgs):
                # Only the conversation path of the SDK takes images; keep the layout.
                loss.add(
                    "style-kept",
                    "query/response layout (--jsonl-style query-response)",
                    "rows with images stay messages rows: the SDK takes images only there",
                    "nothing to do; the content-safety evaluators read these rows",
                )
            else:
                layout = "split"
        last = case.turns[-1] if case.turns else None
        gt_written = ctx_written = False
        if layout == "messages":
            row["messages"] = _dump_messages(msgs or [])
        elif layout == "conversation":
            conv: dict[str, Any] = {"messages": _dump_messages(msgs or [])}
            conv.update(hint.get("conversation") or {})
            row["conversation"] = conv
        elif layout in ("query-response", "split"):
            all_msgs = msgs or []
            if layout == "query-response" and isinstance(hint.get("split"), int):
                cut = int(hint["split"])
                q_kind, r_kind = hint.get("query"), hint.get("response")
            else:
                users = [i for i, m in enumerate(all_msgs) if m.role == "user"]
                cut = users[-1] + 1 if users else len(all_msgs)
                q_kind, r_kind = "list", ("list" if cut < len(all_msgs) else "absent")
            qm, rm = all_msgs[:cut], all_msgs[cut:]
            if q_kind == "string" and len(qm) == 1 and isinstance(qm[0].content, str):
                row["query"] = qm[0].content
            elif q_kind != "absent" or qm:
                row["query"] = _dump_messages(qm)
            if r_kind == "string" and len(rm) == 1 and isinstance(rm[0].content, str):
                row["response"] = rm[0].content
            elif rm or r_kind == "list":
                row["response"] = _dump_messages(rm)
            new_hint.update(
                {"layout": "query-response", "query": q_kind, "response": r_kind, "split": cut}
            )
        elif last is not None:
            if not (hint.get("query") == "absent" and last.prompt == ""):
                row["query"] = last.prompt
            else:
                new_hint["query"] = "absent"
            if last.response:
                row["response"] = last.response
            elif last.response == "":
                # The SDK rejects an empty response string; the carry keeps it.
                empty_response = True
        if last is not None and msgs is not None:
            derived = turns_from_messages(msgs)[0]
            if derived:
                gt_written = derived[-1].expected_response == last.expected_response
                ctx_written = derived[-1].context == last.context
        repeat = hint.get("repeat") or []
        if (
            last is not None
            and last.context is not None
            and (not ctx_written or "context" in repeat)
        ):
            row["context"] = last.context
        if (
            last is not None
            and last.expected_response is not None
            and (not gt_written or "ground_truth" in repeat or new_hint.get("assistant_expected"))
        ):
            row["ground_truth"] = last.expected_response
        if "repeat" in hint:
            new_hint["repeat"] = hint["repeat"]
        if case.tool_definitions is not None:
            row["tools" if hint.get("tools_key") == "tools" else "tool_definitions"] = (
                normalize_tool_definitions(case.tool_definitions)
            )
            if hint.get("tools_key") == "tools":
                new_hint["tools_key"] = "tools"
        for name in ("id", "category"):
            v = getattr(case, name)
            if v is not None:
                row[name] = v
        # The layout shows in the row itself; only what it cannot show is carried.
        if new_hint.get("assistant_expected"):
            carry["foundry"] = {"assistant_expected": new_hint["assistant_expected"]}
    # Turn fields Foundry has no column for.
    turn_box: list[dict[str, Any]] = []
    for t in case.turns:
        entry: dict[str, Any] = {"response": ""} if empty_response and t is case.turns[-1] else {}
        for name in _TURN_CARRY:
            v = getattr(t, name)
            # extra/results default to {}; for the others {} differs from absent.
            if v is not None and not (name in ("extra", "results") and v == {}):
                entry[name] = dump_value(v)
        turn_box.append(entry)
    if any(turn_box):
        carry["turns"] = turn_box
    elif "turns" in carry:
        carry.pop("turns")
    if box_case:
        carry["case"] = box_case
    for k, v in case.extra.items():
        if k in row or k == CARRY_KEY:
            fam = carry.setdefault("extra", {}).setdefault("foundry", {})
            fam[k] = v
            continue
        if k == "tool_calls" and isinstance(v, list):
            v = [_flat_call(t) if isinstance(t, dict) else t for t in v]
        row[k] = v
    plan.row = _own_names(row, plan.names)
    return plan


def _own_names(row: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """``row`` with each Foundry key under the name the source file gave it."""
    if not names:
        return row
    return {(names[k] if k in names and names[k] not in row else k): v for k, v in row.items()}


def _finish_carry(carry: dict[str, Any]) -> dict[str, Any] | None:
    body = {k: v for k, v in carry.items() if k != "v" and v not in (None, {}, [])}
    if not body:
        return None
    return {"v": CARRY_VERSION, **body}


def _dumps(row: dict[str, Any]) -> str:
    return json.dumps(row, ensure_ascii=False, separators=(", ", ": "), allow_nan=False)


def _truncate_seed(case: Case, options: WriteOptions, loss: _Loss) -> Case:
    if (
        case.seed is not None
        and len(case.seed.description) > MAX_DESCRIPTION
        and options.extra.get("truncate")
    ):
        case = case.model_copy(deep=True)
        assert case.seed is not None
        case.seed.description = case.seed.description[:MAX_DESCRIPTION]
        loss.add(
            "description-truncated",
            "the end of long test_case_description texts",
            f"cut to {MAX_DESCRIPTION:,} characters (--truncate)",
            "shorten the descriptions yourself to choose what stays",
        )
    return case


def _dataset_head(dataset: Dataset | None) -> dict[str, Any]:
    """The document-level fields the first row carries, less a schemaVersion that
    writing M365 again would declare anyway (so a round trip adds no column)."""
    head = dataset_fields(dataset) if dataset is not None else {}
    if dataset is not None and "schema_version" in head:
        from .m365 import implied_schema_version

        if head["schema_version"] == implied_schema_version(dataset):
            del head["schema_version"]
    return head


def _source_family(dataset: Dataset | None, options: WriteOptions) -> str | None:
    name = options.extra.get("source_format") or (dataset.source_format if dataset else None)
    return family_of(name)


def _check_style(options: WriteOptions) -> str:
    style = options.extra.get("jsonl_style") or "auto"
    if style not in STYLES:
        raise DatasetkitError(
            f"unknown --jsonl-style {style!r}", f"use one of: {', '.join(STYLES)}"
        )
    return str(style)


def write_jsonl(
    cases: Iterable[Case],
    dest: Path,
    options: WriteOptions | None = None,
    dataset: Dataset | None = None,
) -> WriteResult:
    """Write canonical Foundry JSONL (UTF-8, no BOM, LF, one object per line), streamed."""
    options = options or WriteOptions()
    if options.extra.get("bom"):
        raise DatasetkitError(
            "Foundry JSONL cannot have a byte order mark: the SDK's loader rejects it",
            "drop --bom (it is for CSV files opened in Excel)",
        )
    style = _check_style(options)
    family = _source_family(dataset, options)
    loss = _Loss()
    head = _dataset_head(dataset)
    n = 0
    with atomic_writer(dest) as fh:
        for case in cases:
            case = _truncate_seed(case, options, loss)
            plan = _plan_row(case, style, family, loss, "foundry")
            if n == 0 and head:
                merged = dict(plan.carry.get("dataset") or {})
                merged.update(head)
                plan.carry["dataset"] = merged
            box = _finish_carry(plan.carry)
            if box is not None:
                plan.row[CARRY_KEY] = box
            fh.write(_dumps(plan.row).encode("utf-8") + b"\n")
            n += 1
    if n == 0 and head:
        loss.add(
            "dataset-settings",
            "the document-level settings (schemaVersion, metadata, default evaluators)",
            "the dataset has no rows to carry them",
            "add at least one case",
        )
    return WriteResult(paths=[dest], findings=loss.findings("foundry"), cases=n)


def _plain_single(case: Case) -> bool:
    """Whether a one-turn case's messages are exactly what CSV strings can say."""
    msgs = case.messages
    if msgs is None:
        return True
    if not case.turns or len(msgs) > 2:
        return False
    for m, role in zip(msgs, ("user", "assistant")[: len(msgs)], strict=True):
        if m.role != role or m.model_extra or message_text(m) is None:
            return False
        if isinstance(m.content, list) and (
            len(m.content) != 1 or set(m.content[0]) != {"type", "text"}
        ):
            return False
    return True


def write_csv(
    cases: Iterable[Case],
    dest: Path,
    options: WriteOptions | None = None,
    dataset: Dataset | None = None,
) -> WriteResult:
    """Write Foundry CSV: string columns only; what CSV cannot hold is refused and reported."""
    options = options or WriteOptions()
    family = _source_family(dataset, options)
    loss = _Loss()
    head = _dataset_head(dataset)
    columns: dict[str, None] = {}
    folder = dest.parent if str(dest.parent) else Path(".")
    spool_prefix = f".datasetkit-spool-{os.getpid()}-"
    fd, spool_name = tempfile.mkstemp(prefix=spool_prefix, suffix=".jsonl", dir=folder)
    safe = ExcelSafe(options)
    n = 0
    try:
        # Pass 1: rows to a spool file (the header is the union of every row's columns).
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as spool:
            for case in cases:
                case = _truncate_seed(case, options, loss)
                row = _csv_plan(case, family, loss)
                if row is None:
                    continue
                if n == 0 and head:
                    carry = json.loads(row.get(CARRY_KEY) or "{}")
                    carry.setdefault("v", CARRY_VERSION)
                    carry["dataset"] = {**(carry.get("dataset") or {}), **head}
                    row[CARRY_KEY] = json.dumps(carry, ensure_ascii=False, separators=(",", ":"))
                for k in row:
                    columns.setdefault(k, None)
                spool.write(json.dumps(row, ensure_ascii=False) + "\n")
                n += 1
        if n == 0 and head:
            loss.add(
                "dataset-settings",
                "the document-level settings",
                "the dataset has no rows to carry them",
                "add at least one case",
            )
        # datasetkit's own column goes last, where people look least.
        header = [c for c in columns if c != CARRY_KEY] + (
            [CARRY_KEY] if CARRY_KEY in columns else []
        )
        if not header:
            header = ["query", "response"]
        with atomic_writer(dest) as out, open(spool_name, encoding="utf-8") as spool_in:
            text = io.TextIOWrapper(out, encoding="utf-8", newline="", write_through=True)
            if options.extra.get("bom"):
                text.write("\ufeff")
            # csvutil quotes a bare CR too (csv.writer with "\n" line ends does not).
            text.write(csvutil.format_record(header) + "\n")
            for line in spool_in:
                row = json.loads(line)
                cells = ["" if row.get(c) is None else str(row[c]) for c in header]
                text.write(csvutil.format_record(safe.row(cells)) + "\n")
            text.flush()
            text.detach()
    finally:
        with contextlib.suppress(OSError):
            os.unlink(spool_name)
    found = loss.findings("foundry-csv") + safe.findings("foundry-csv")
    return WriteResult(paths=[dest], findings=found, cases=n)


def _csv_plan(case: Case, family: str | None, loss: _Loss) -> dict[str, str] | None:
    csv_hint = "write JSONL instead (--to foundry), which holds every field"
    if len(case.turns) > 1:
        loss.add(
            "conversation",
            "conversations with more than one turn",
            "Foundry CSV is turn-level (one query/response per row); the cases were left out",
            csv_hint,
        )
        return None
    if case.kind != "seed" and not _plain_single(case):
        loss.add(
            "messages",
            "message lists (system prompts, tool calls, typed content)",
            "CSV cells hold strings only; query/response were written as text",
            csv_hint,
        )
    plan = _plan_row(case, "auto", family, loss, "foundry-csv")
    # A message layout means nothing in CSV: the turn is written as strings.
    plan.carry.pop("foundry", None)
    out: dict[str, str] = {}
    skip: set[str] = set()
    if case.kind != "seed" and case.turns:
        t = case.turns[0]
        if t.prompt:
            out["query"] = t.prompt
        if t.response is not None:
            out["response"] = t.response
        if t.context is not None:
            out["context"] = t.context
        if t.expected_response is not None:
            out["ground_truth"] = t.expected_response
        skip = {"messages", "conversation", "query", "response", "context", "ground_truth"}
        # The same columns under the source's own names (written below, renamed back).
        skip |= {plan.names[k] for k in skip if k in plan.names}
    for k, v in plan.row.items():
        if k in skip or k == CARRY_KEY:
            continue
        if isinstance(v, (str, int, float, bool)):
            # A number or boolean is ordinary CSV text ("5.0", "true").
            out[k] = roles.as_text(v) or ""
        elif k in ("tool_definitions", "tools"):
            loss.add(
                "tool_definitions", "tool definitions", "CSV cells hold strings only", csv_hint
            )
        elif k == "simulation_configuration":
            loss.add(
                "simulation_configuration",
                "seed simulation_configuration objects",
                "CSV cells hold strings only",
                csv_hint,
            )
        elif v is None:
            out[k] = ""
        else:
            # A list or object column keeps its content as JSON text; the type is what
            # is lost (the Foundry loader reads every cell as a string).
            out[k] = json.dumps(v, ensure_ascii=False)
            loss.add(
                f"column.{k}",
                f"the type of column {k!r} (a list or object)",
                "its content was written as JSON text, since CSV cells hold strings",
                csv_hint,
            )
    out = _own_names(out, plan.names)
    box = _finish_carry(plan.carry)
    if box is not None:
        out[CARRY_KEY] = json.dumps(box, ensure_ascii=False, separators=(",", ":"))
    return out


# --- the formats --------------------------------------------------------------------------


@dataclass
class _Index:
    """Record positions, so a pointer can be turned into a line and column later."""

    path: str
    src: InputFile
    spans: list[tuple[int, int, int, str]] = field(default_factory=list)  # start, end, line, prefix
    csv_rows: list[tuple[int, int]] = field(default_factory=list)  # line, row

    def locate(self, pointer: str) -> Location:
        tokens = split_pointer(pointer)
        if not tokens or not tokens[0].isdigit():
            return Location(path=self.path, pointer=pointer)
        i = int(tokens[0])
        rest = "".join("/" + t.replace("~", "~0").replace("/", "~1") for t in tokens[1:])
        if self.csv_rows:
            if i >= len(self.csv_rows):
                return Location(path=self.path, pointer=pointer)
            line, row = self.csv_rows[i]
            return _Ctx(self.path, i, line, row=row).loc(rest)
        if i >= len(self.spans):
            return Location(path=self.path, pointer=pointer)
        start, end, line, prefix = self.spans[i]
        text = self._bytes(start, end).decode("utf-8", errors="replace")
        if prefix:
            # A JSON-array file: the record is an element of the whole array's text.
            return _Ctx(self.path, i, line, text=text, prefix=prefix).loc(rest)
        return _Ctx(self.path, i, line, text=text.rstrip("\r\n")).loc(rest)

    def _bytes(self, start: int, end: int) -> bytes:
        if self.src.path == "-" or self.src._data is not None:
            return self.src.data[start:end]
        with open(self.src.path, "rb") as fh:
            fh.seek(start)
            return fh.read(end - start)


def _open(src: InputFile) -> IO[bytes]:
    if src.path == "-" or src._data is not None:
        return io.BytesIO(src.data)
    try:
        return open(src.path, "rb")
    except FileNotFoundError:
        raise DatasetkitError(f"{src.path}: no such file", "check the path") from None
    except IsADirectoryError:
        raise DatasetkitError(
            f"{src.path}: is a folder, not a file", "name a file inside it"
        ) from None
    except PermissionError as exc:
        raise DatasetkitError(
            f"{src.path}: cannot be read ({exc.strerror})", "check the file's permissions"
        ) from None


def _mapping(options: ReadOptions) -> dict[str, str]:
    for fld in options.mapping:
        if fld not in MAP_FIELDS:
            raise DatasetkitError(
                f"--map {fld}=...: {fld!r} is not a field datasetkit maps for Foundry",
                f"use one of: {', '.join(MAP_FIELDS)}",
            )
    return dict(options.mapping)


class _FoundryBase(Format):
    maps_columns = True
    csv_mode = False
    # write_jsonl or write_csv: both formats write through it, whole or streamed.
    _writer: Callable[..., WriteResult]

    def _records(
        self, fh: IO[bytes], col: Collector, index: _Index | None
    ) -> Iterator[tuple[dict[str, Any] | None, _Ctx, int]]:
        raise NotImplementedError

    def _scan(
        self,
        src: InputFile,
        options: ReadOptions,
        out: list[Finding],
        index: _Index | None = None,
        build: bool = True,
    ) -> Iterator[Case]:
        path = "<stdin>" if src.path == "-" else src.path
        col = Collector(out, path, converting=bool(options.extra.get("converting")))
        mapping = _mapping(options)
        notes_header = mapping.get("notes")
        roles_for = roles.RecordRoles(_ROLE_KEYS)
        converting = bool(options.extra.get("converting"))
        count = 0
        # Called with the bytes read so far (drives the CLI's progress bar).
        progress = options.extra.get("progress")
        with _open(src) as fh:
            for row, ctx, size in self._records(fh, col, index):
                count += 1
                if progress is not None and count % 256 == 0:
                    progress(fh.tell())
                if count == MAX_ROWS + 1:
                    col.add(
                        Finding(
                            "foundry.rows.too-many",
                            Severity.ERROR,
                            f"more than {MAX_ROWS:,} rows: a batch evaluation takes at most {MAX_ROWS:,}",
                            "split the file into several datasets",
                            ctx.loc(""),
                        )
                    )
                if size > MAX_ROW_BYTES:
                    col.add(
                        Finding(
                            "foundry.row.too-large",
                            Severity.ERROR,
                            f"this row is {size / 1024 / 1024:.1f} MB; the limit per row is 2 MB",
                            "shorten the row (long context or tool results)",
                            ctx.loc(""),
                        )
                    )
                if row is None:
                    continue
                notes = None
                if notes_header and notes_header in row:
                    row = dict(row)
                    notes = row.pop(notes_header)
                row = _apply_mapping(row, mapping, ctx, col)
                carry_raw = _take_carry(row, ctx, col, self.csv_mode)
                _check_row(row, ctx, col, self.csv_mode, advice=not converting)
                if build:
                    row, notes = _resolve_roles(row, notes, roles_for, ctx, col)
                    case, dataset_carry = _build_case(
                        row, ctx, col, self.csv_mode, carry_raw, notes
                    )
                    if dataset_carry is not None:
                        box = dict((case.extensions or {}).get(CARRY_KEY) or {"v": CARRY_VERSION})
                        box["dataset"] = dataset_carry
                        if case.extensions == {}:
                            box["keep_empty"] = True
                        case.extensions = {**(case.extensions or {}), CARRY_KEY: box}
                    yield case
        if count == 0:
            col.add(
                Finding(
                    "foundry.empty",
                    Severity.ERROR,
                    "the file has no rows (the SDK loads it as 0 rows without an error)",
                    "add at least one row",
                    Location(path=path, line=1),
                )
            )
        col.finish()

    def iter_cases(
        self, src: InputFile, options: ReadOptions | None, findings: list[Finding]
    ) -> Iterator[Case]:
        """Cases one at a time; memory does not grow with the file."""
        yield from self._scan(src, options or ReadOptions(), findings)

    def check(self, src: InputFile, options: ReadOptions | None = None) -> list[Finding]:
        """Every file rule, streamed, without building the dataset."""
        out: list[Finding] = []
        for _ in self._scan(src, options or ReadOptions(), out, build=False):
            pass
        return out

    def read(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read the whole file into a Dataset, with located findings and a pointer locator."""
        path = "<stdin>" if src.path == "-" else src.path
        findings: list[Finding] = []
        index = _Index(path, src)
        cases = list(self._scan(src, options or ReadOptions(), findings, index))
        ds = Dataset(cases=cases, source_format=self.name, source_path=src.path)
        if cases:
            box = (cases[0].extensions or {}).get(CARRY_KEY)
            if isinstance(box, dict) and "dataset" in box:
                left = restore_dataset(ds, box.pop("dataset"))
                if left:
                    box["dataset"] = left
                if set(box) <= {"v", "keep_empty"}:
                    rest = {k: v for k, v in (cases[0].extensions or {}).items() if k != CARRY_KEY}
                    cases[0].extensions = rest or ({} if box.get("keep_empty") else None)
        return ReadResult(ds, findings, self.name, info={"rows": len(cases)}, locate=index.locate)

    def write(
        self, dataset: Dataset, dest: Path, options: WriteOptions | None = None
    ) -> WriteResult:
        """Write the dataset (JSONL: canonical; CSV: string columns only)."""
        return self._writer(dataset.cases, dest, options, dataset)

    def write_stream(
        self, cases: Iterable[Case], dest: Path, options: WriteOptions | None = None
    ) -> WriteResult:
        """Write cases as they come (streamed conversions)."""
        return self._writer(cases, dest, options)


class FoundryJSONL(_FoundryBase):
    """Foundry / azure-ai-evaluation JSONL."""

    name = "foundry"
    label = "Foundry evaluation JSONL (messages, query/response, seeds)"
    extensions = (".jsonl",)
    _writer = staticmethod(write_jsonl)

    def sniff(self, src: InputFile) -> float:
        head = src.head(65536)
        body = head.removeprefix(UTF8_BOM).lstrip()
        if src.suffix == ".jsonl":
            return 0.95
        first = body.split(b"\n", 1)[0].strip()
        if first.startswith(b"{") and first.endswith(b"}"):
            try:
                value = json.loads(first)
            except (json.JSONDecodeError, UnicodeDecodeError):
                return 0.0
            keys = set(value) if isinstance(value, dict) else set()
            foundry = {
                "messages",
                "query",
                "response",
                "conversation",
                "test_case_description",
                "ground_truth",
            }
            if keys & foundry and "items" not in keys and "schemaVersion" not in keys:
                return 0.95
            return 0.3
        if src.suffix == ".json" and body.startswith(b"["):
            # A JSON array of Foundry rows (saved with the wrong extension).
            probe = body[:4096]
            if (
                any(k in probe for k in (b'"query"', b'"messages"', b'"test_case_description"'))
                and b'"prompt"' not in probe
            ):
                return 0.92
        return 0.0

    def _records(
        self, fh: IO[bytes], col: Collector, index: _Index | None
    ) -> Iterator[tuple[dict[str, Any] | None, _Ctx, int]]:
        for rec in _iter_records(fh, col):
            if index is not None:
                index.spans.append((rec.start, rec.end, rec.base_line or rec.line, rec.prefix))
            ctx = _Ctx(
                col.path,
                rec.index,
                rec.base_line if rec.prefix else rec.line,
                text=rec.text,
                prefix=rec.prefix,
                first_line=rec.line,
            )
            size = (
                rec.end - rec.start
                if not rec.prefix
                else len(json.dumps(rec.value, ensure_ascii=False).encode("utf-8"))
            )
            if not isinstance(rec.value, dict):
                col.add(
                    Finding(
                        "foundry.jsonl.not-object",
                        Severity.ERROR,
                        f"this line is {_json_type(rec.value)}, not an object: every JSONL row must "
                        "be a JSON object (the SDK turns an array into numbered columns)",
                        'write the row as {"query": ..., "response": ...}',
                        Location(
                            path=col.path,
                            line=rec.line,
                            column=1,
                            pointer=pointer_join("", rec.index),
                        ),
                    )
                )
                yield None, ctx, size
                continue
            yield rec.value, ctx, size


class FoundryCSV(_FoundryBase):
    """Foundry CSV: a header row, one turn-level test case per row, string cells."""

    name = "foundry-csv"
    label = "Foundry evaluation CSV (query, response, context, ground_truth)"
    extensions = (".csv",)
    csv_mode = True
    _writer = staticmethod(write_csv)

    def sniff(self, src: InputFile) -> float:
        if src.suffix not in (".csv", ""):
            return 0.0
        # Decoded first, so a UTF-16 file is judged by its text, not its NUL bytes.
        text = sniff_text(src.head(SNIFF_BYTES)) or ""
        first = (text.splitlines() or [""])[0].strip()
        try:
            header = next(csv.reader([first]))
        except (csv.Error, StopIteration):
            return 0.0
        names = {h.strip() for h in header}
        if len(header) == 1:
            # A semicolon- or tab-separated Foundry file: claim it so its finding says why.
            names |= {h.strip() for h in header[0].replace("\t", ";").split(";")}
        known = {
            "query",
            "response",
            "ground_truth",
            "context",
            "conversation",
            "test_case_description",
        }
        if names & known:
            return 0.9
        return 0.1 if src.suffix == ".csv" else 0.0

    def _records(
        self, fh: IO[bytes], col: Collector, index: _Index | None
    ) -> Iterator[tuple[dict[str, Any] | None, _Ctx, int]]:
        for rec in _iter_csv(fh, col):
            if index is not None:
                index.csv_rows.append((rec.line, rec.row))
            ctx = _Ctx(col.path, rec.index, rec.line, row=rec.row)
            size = sum(len(str(v).encode("utf-8")) for v in rec.values.values())
            yield _csv_row(rec.values), ctx, size


register(FoundryJSONL())
register(FoundryCSV())
