"""The rules for one row (spec sections 4.2, 5, 6, 10): which parts a row has and which
checks of :class:`.RowChecker` each part gets; seeds; column-mapping advice."""

from __future__ import annotations

from typing import Any

from datasetkit.core.findings import Finding, Severity
from datasetkit.core.jsonloc import pointer_join
from datasetkit.formats.foundry.checks import RowChecker
from datasetkit.formats.foundry.clean import clean_row
from datasetkit.formats.foundry.collect import Collector, RowContext
from datasetkit.formats.foundry.columns import column_advice
from datasetkit.formats.foundry.jsonl import json_type
from datasetkit.formats.foundry.spec import MAX_DESCRIPTION, NONSTANDARD_COLUMNS
from datasetkit.formats.text_checks import surrogate_problems


def check_row(
    row: dict[str, Any], ctx: RowContext, col: Collector, csv_mode: bool, advice: bool = True
) -> None:
    """Every file-format rule that applies to one row.

    ``advice`` is off while converting: how a Foundry evaluation would map the columns
    is no news to a user who is converting the file into another format.
    """
    # A JSONL line is the row's whole source (a JSON-array file's text is the array's).
    source = ctx.text if ctx.row is None and not ctx.prefix else None
    # ASCII text without a \u escape holds no surrogate (the common case, in one C pass).
    plain = source is not None and source.isascii() and "\\u" not in source
    if plain and not csv_mode and clean_row(row):
        return  # proven to hold nothing the checks below would report
    c = RowChecker(ctx, col)
    if not plain:
        for code, message, hint, ptr in surrogate_problems(row, "foundry", source):
            c.err(code, message, hint, ptr)
        if not csv_mode and clean_row(row):
            return
    has_messages = _check_messages(row, c, csv_mode)
    _check_strings(row, c)
    _check_tools(row, c, csv_mode)
    if "test_case_description" in row:
        _check_seed(row, c, csv_mode)
    if advice:
        _mapping_advice(row, has_messages, c, ctx, col)


def _check_messages(row: dict[str, Any], c: RowChecker, csv_mode: bool) -> bool:
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


def _check_strings(row: dict[str, Any], c: RowChecker) -> None:
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
                f"'{name}' must be a string or a message list, not {json_type(v)}",
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
                f"'{name}' must be a string, not {json_type(v)}",
                "write it as a string",
                "/" + name,
            )


def _check_tools(row: dict[str, Any], c: RowChecker, csv_mode: bool) -> None:
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


def _check_seed(row: dict[str, Any], c: RowChecker, csv_mode: bool) -> None:
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
    row: dict[str, Any], has_messages: bool, c: RowChecker, ctx: RowContext, col: Collector
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
