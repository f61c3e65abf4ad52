"""Foundry JSONL rows that are not clean, laid out for JSONL without the model.

A row :func:`..clean.clean_row` does not prove clean is read the full way: the row
checks (no model) find its problems, then it is built into a Case and written by the
writer's steps. The Case needs the model (pydantic, about 70 ms of CPU to load in each
process that meets such a row) and building and writing it costs about 0.1 ms a row.
For two kinds of row that building and writing is as mechanical as :mod:`.layout`'s,
and :func:`plan_unclean` gives the row the full path writes straight from the dict:

- a row the reader makes no turns of: no message list the model can hold, and no
  ``query``/``response`` it reads as a turn (``messages`` an object, ``query`` a list
  of strings, ...). The Case holds only its tool definitions, ``id`` and ``category``,
  every other column stays as it was, and the row is written as those fields, then
  the other columns in their order.
- a message list the model holds as it is (objects with a string role and string,
  null or list content, each already in the shape :func:`..dialects.normalize_message`
  gives), whatever the row checks find in it (an unknown role, a missing content, no
  user message). A model dump starts each message with ``role`` and ``content``
  (``null`` when it has none); the row is then laid out as :mod:`.layout` lays out a
  clean one, except that with no user message there is no turn to take the row's
  ``context`` and ``ground_truth``, which stay ordinary columns.

Anything else (a seed, a carry column, renamed columns, Chat Completions calls, tool
calls on the row, query/response rows) gives None and is read the full way. The output
of these rows is checked as the output of every row that is not clean (:mod:`.aside`);
tests compare both ways byte for byte on built and mutated rows.
"""

from __future__ import annotations

from typing import Any

from datasetkit.core.carry import CARRY_KEY
from datasetkit.formats.foundry.dialects import normalize_message, valid_messages
from datasetkit.formats.foundry.fast.layout import Turns, messages_as_written, other_columns
from datasetkit.formats.foundry.mapping import NAMES_KEY

# Keys the reader reads by rules of their own (seeds, the carry, renamed columns, the
# SDK's conversation, row tool calls): such a row is read the full way.
_NOT_COVERED = frozenset(
    {CARRY_KEY, NAMES_KEY, "tool_calls", "tools", "conversation", "test_case_description"}
)
_MISSING: Any = object()


def plan_unclean(row: dict[str, Any]) -> dict[str, Any] | None:
    """The Foundry JSONL row the full path writes for ``row`` (one that is not clean, as
    the reader leaves it after its checks), or None when it must be read the full way."""
    if not _NOT_COVERED.isdisjoint(row):
        return None
    msgs = row.get("messages", _MISSING)
    if msgs is not _MISSING and valid_messages(msgs):
        return _with_messages(row, msgs)
    if _query_turn(row):
        return None
    out: dict[str, Any] = {}
    return out if other_columns(row, out, set(), Turns(), None) else None


def _query_turn(row: dict[str, Any]) -> bool:
    """Whether the reader reads ``query``/``response`` as a turn or as message lists
    (cases._read_query_response): then the row is not one without turns."""
    q = row.get("query", _MISSING)
    r = row.get("response", _MISSING)
    if (isinstance(q, list) and valid_messages(q)) or (isinstance(r, list) and valid_messages(r)):
        return True
    return (
        (isinstance(q, str) or q is _MISSING)
        and (isinstance(r, str) or r is _MISSING or r is None)
        and (q is not _MISSING or r is not _MISSING)
    )


def _with_messages(row: dict[str, Any], msgs: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The row of a message list the model holds as it is (None when a message would be
    rewritten: Chat Completions calls, string tool content, nested or string arguments)."""
    for m in msgs:
        if normalize_message(m) != m:
            return None
    turns = Turns()
    out: dict[str, Any] = {"messages": messages_as_written(msgs, turns, False)}
    # With no user message there is no turn to take the row's context and ground truth.
    derived = (turns.context, turns.expected) if turns.count else None
    return out if other_columns(row, out, {"messages"}, turns, derived) else None
