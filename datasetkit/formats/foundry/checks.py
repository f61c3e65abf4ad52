"""Per-row checks (spec sections 4.2, 5, 6, 10): roles, items, tool calls and definitions."""

from __future__ import annotations

from typing import Any

from datasetkit.core.findings import Finding, Severity
from datasetkit.formats.foundry.collect import Collector, RowContext
from datasetkit.formats.foundry.dialects import parse_arguments
from datasetkit.formats.foundry.jsonl import json_type
from datasetkit.formats.foundry.spec import (
    ASSISTANT_ITEM_TYPES,
    CALL_ITEM_TYPES,
    ROLES,
    TOOL_ITEM_TYPES,
    USER_ITEM_TYPES,
)
from datasetkit.formats.foundry.tools import FOUNDRY_BUILTIN_TOOLS

# --- checks (spec §4.2, §5, §6, §10) --------------------------------------------------------


class RowChecker:
    """The SDK's validator rules for one row, as located findings."""

    def __init__(self, ctx: RowContext, col: Collector) -> None:
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
                f"'{what}' must be a list of message objects, not {json_type(msgs)}",
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
                f"a message must be an object, not {json_type(m)}",
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
                f"'content' must be a string or a list of content items, not {json_type(content)}",
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
            if isinstance(args, str) and parse_arguments(args) is None:
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
