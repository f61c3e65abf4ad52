"""Per-row checks (spec sections 4.2, 5, 6, 10): roles, items, tool calls and definitions."""

from __future__ import annotations

from typing import Any

from ...findings import Finding, Severity
from ...jsonloc import pointer_join
from ...lint.evaluators import FOUNDRY_BUILTIN_TOOLS
from ..text_checks import surrogate_problems
from .collect import Collector, _Ctx
from .columns import column_advice
from .dialects import _parse_arguments
from .jsonl import _json_type
from .spec import (
    ASSISTANT_ITEM_TYPES,
    CALL_ITEM_TYPES,
    MAX_DESCRIPTION,
    NONSTANDARD_COLUMNS,
    ROLES,
    TOOL_ITEM_TYPES,
    USER_ITEM_TYPES,
)

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
            self.null_content(role, calls, ptr)
            return
        self.content(content, role, calls, ptr)
        if role == "tool":
            self.tool_call_id(m, ptr)

    def null_content(self, role: Any, calls: Any, ptr: str) -> None:
        """``content: null``: a Chat Completions tool call, or a message with no content."""
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

    def content(self, content: Any, role: Any, calls: Any, ptr: str) -> None:
        """A message's content: a non-empty string, or a list of typed items."""
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

    def tool_call_id(self, m: dict[str, Any], ptr: str) -> None:
        """A tool message answers an earlier tool call by its id."""
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
    # A JSONL line is the row's whole source (a JSON-array file's text is the array's).
    source = ctx.text if ctx.row is None and not ctx.prefix else None
    for code, message, hint, ptr in surrogate_problems(row, "foundry", source):
        c.err(code, message, hint, ptr)
    has_messages = _check_messages(row, c, csv_mode)
    _check_strings(row, c)
    _check_tools(row, c, csv_mode)
    if "test_case_description" in row:
        _check_seed(row, c, csv_mode)
    if advice:
        _mapping_advice(row, has_messages, c, ctx, col)


def _check_messages(row: dict[str, Any], c: _RowChecker, csv_mode: bool) -> bool:
    """``messages`` or the SDK's ``conversation`` (never with query/response); True if present."""
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
    return has_messages


def _check_strings(row: dict[str, Any], c: _RowChecker) -> None:
    """``query``/``response`` (string or message list), ``ground_truth`` and ``context``."""
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


def _check_tools(row: dict[str, Any], c: _RowChecker, csv_mode: bool) -> None:
    """Tool definitions, row-level tool calls, and calls to tools nobody defined."""
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


def _check_seed(row: dict[str, Any], c: _RowChecker, csv_mode: bool) -> None:
    """A simulation seed: its description and turn counts."""
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
            # Worded by columns.py, so lint.foundry.column-mapping says the same.
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
