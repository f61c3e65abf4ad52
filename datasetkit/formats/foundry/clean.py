"""A quick proof that a JSONL row is clean: the row checks would report nothing.

Most rows of a real file are valid, and the row checks (:mod:`.row_checks`) spend their
time building pointers and walking every message only to find nothing. :func:`clean_row`
walks a row once, without pointers, and answers True only for the plain shapes it knows
completely (messages with typed items, query/response strings, tool definitions); for
anything else, and for every row with a problem, it answers False and the caller runs
the full checks, which find and word the problems. So a wrong False costs time, never a
finding; tests compare both paths on the corpus and on mutated rows.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from datasetkit.core.carry import CARRY_KEY
from datasetkit.core.roles import MISSING_TEXT
from datasetkit.formats.foundry.mapping import TEXT_KEYS
from datasetkit.formats.foundry.spec import (
    ASSISTANT_ITEM_TYPES,
    CALL_ITEM_TYPES,
    NONSTANDARD_COLUMNS,
    ROLES,
    TOOL_ITEM_TYPES,
    USER_ITEM_TYPES,
)
from datasetkit.formats.foundry.tools import FOUNDRY_BUILTIN_TOOLS

# Columns with rules of their own beyond the shapes proven here, or advice (nonstandard
# names): a row with one of them takes the full checks.
_FULL_CHECKS = frozenset(
    {
        "conversation",
        "tools",
        "tool_calls",
        "test_case_description",
        "simulation_configuration",
        "desired_num_turns",
        CARRY_KEY,
        *NONSTANDARD_COLUMNS,
    }
)
_INPUT_ROLES = frozenset({"user", "system", "developer"})
_MISSING = object()

_orjson: Any
try:
    import orjson

    _orjson = orjson
except ImportError:  # then every line takes the full path
    _orjson = None
_ROLES = frozenset(ROLES)


def clean_line(line: bytes) -> bool:
    """True when a JSONL line (its bytes, line break included) is a row the reader and
    the row checks would say nothing about: one JSON object, and :func:`clean_row`.

    orjson parses the bytes as they are. It refuses whatever the reader reports on its
    own (bytes that are not UTF-8, a lone surrogate escape, NaN, raw control characters,
    a byte order mark): such a line takes the full path. Where its value could differ
    from json's (an integer of 19+ digits read as a float) the verdict cannot, since no
    rule here looks at a number.
    """
    if _orjson is None:
        return False
    try:
        row = _orjson.loads(line)
    except _orjson.JSONDecodeError:
        return False
    return type(row) is dict and clean_row(row)


@functools.lru_cache(maxsize=512)
def _renamed(keys: frozenset[str]) -> bool:
    """Whether a query row with ``keys`` has an answer column under another name, which
    the reader renames (see mapping.query_row_renames)."""
    from datasetkit.formats.foundry.mapping import query_row_renames

    return bool(query_row_renames(sorted(keys)))


def clean_row(row: dict[str, Any]) -> bool:
    """True when the row checks would find nothing in ``row`` (a JSONL row, not CSV)."""
    if not _FULL_CHECKS.isdisjoint(row):
        return False
    if "query" in row and "messages" not in row and _renamed(frozenset(row)):
        return False
    if any(isinstance(row.get(k), str) and row[k].strip() in MISSING_TEXT for k in TEXT_KEYS):
        return False  # pandas' 'nan' for a missing cell: the reader drops it
    calls: list[str] = []
    query = row.get("query", _MISSING)
    response = row.get("response", _MISSING)
    if "messages" in row:
        if query is not _MISSING or response is not _MISSING:
            return False
        if not _messages(row["messages"], calls):
            return False
    elif query is _MISSING:
        return False  # no input: advice, or a plain record for the role resolver
    for v in (query, response):
        if v is not _MISSING and (not isinstance(v, str) or not v):
            return False
    for v in (row.get("ground_truth"), row.get("context")):
        if v is not None and not isinstance(v, str):
            return False
    if "tool_definitions" in row:
        names = _definitions(row["tool_definitions"])
        if names is None:
            return False
        if isinstance(names, set):
            for n in calls:
                if n not in names and n not in FOUNDRY_BUILTIN_TOOLS:
                    return False
    return True


def _messages(msgs: Any, calls: list[str]) -> bool:
    """A non-empty list of clean messages with a user and an assistant message."""
    if not isinstance(msgs, list) or not msgs:
        return False
    ids: set[str] = set()
    user = assistant = False
    # The hot loop of validation: the common cases (a user or assistant message, text
    # items) are tested inline, everything else by _item.
    for m in msgs:
        if not isinstance(m, dict) or "tool_calls" in m:
            return False
        role = m.get("role")
        if role == "user":
            user = True
        elif role == "assistant":
            assistant = True
        elif not isinstance(role, str) or role not in _ROLES:
            return False
        content = m.get("content")
        if isinstance(content, str):
            if not content or role == "tool":
                return False
        elif not isinstance(content, list) or not content:
            return False  # missing, null, empty or of another type
        elif role == "tool":
            for item in content:
                if not _item(item, role, ids, calls):
                    return False
        else:
            for item in content:
                if isinstance(item, dict) and item.get("type") == "text":
                    if not isinstance(item.get("text"), str):
                        return False
                elif not _item(item, role, ids, calls):
                    return False
        if role == "tool":
            tid = m.get("tool_call_id")
            if not isinstance(tid, str) or tid not in ids:
                return False
    return user and assistant


def _item(item: Any, role: str, ids: set[str], calls: list[str]) -> bool:
    """A clean content item of a message with ``role``; call ids and names are noted."""
    if not isinstance(item, dict) or not item:
        return False
    t = item.get("type", _item)  # a missing type is not clean
    if t == "text" and role != "tool":  # the most common item, valid for every other role
        return isinstance(item.get("text"), str)
    if role in _INPUT_ROLES:
        if t == "image_url" and role == "user":
            return True
        return t in USER_ITEM_TYPES and isinstance(item.get("text"), str)
    if role == "assistant":
        if t not in ASSISTANT_ITEM_TYPES:
            return False
        if t in ("text", "output_text"):
            return isinstance(item.get("text"), str)
        if t in CALL_ITEM_TYPES:
            name, tid = item.get("name"), item.get("tool_call_id")
            if not (isinstance(name, str) and isinstance(tid, str)):
                return False
            if not isinstance(item.get("arguments"), dict):
                return False
            calls.append(name)
            ids.add(tid)
        return True
    # A tool message (the only other role a message reaching here has).
    return t in TOOL_ITEM_TYPES and (t == "mcp_approval_response" or t in item)


def _definitions(defs: Any) -> set[str] | bool | None:
    """The tool names of clean definitions; True when they are not checked (a string);
    None when the full checks are needed."""
    if isinstance(defs, str):
        return True
    if isinstance(defs, dict):
        defs = [defs]
    if not isinstance(defs, list):
        return None
    names: set[str] = set()
    for d in defs:
        if not isinstance(d, dict):
            return None
        fns: Sequence[dict[str, Any]] = (d,)
        if d.get("type") == "openapi" and isinstance(d.get("functions"), list):
            fns = [fn for fn in d["functions"] if isinstance(fn, dict)]
        for fn in fns:
            name = fn.get("name")
            if not isinstance(name, str) or not isinstance(fn.get("parameters"), dict):
                return None
            names.add(name)
    return names
