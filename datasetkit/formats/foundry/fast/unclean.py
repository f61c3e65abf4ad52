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
from datasetkit.formats.foundry.fast.layout import tools_and_names
from datasetkit.formats.foundry.mapping import NAMES_KEY

# Keys the reader reads by rules of their own (seeds, the carry, renamed columns, the
# SDK's conversation, row tool calls): such a row is read the full way.
_NOT_COVERED = frozenset(
    {CARRY_KEY, NAMES_KEY, "tool_calls", "tools", "conversation", "test_case_description"}
)
_MISSING: Any = object()
_ROLE_CONTENT = ("role", "content")


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
    consumed: set[str] = set()
    if not tools_and_names(row, out, consumed):
        return None
    out.update((k, v) for k, v in row.items() if k not in consumed)
    return out


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
    written: list[dict[str, Any]] = []
    users = 0
    derived_ctx = derived_gt = None
    for m in msgs:
        if normalize_message(m) != m:
            return None
        keys = iter(m)
        if next(keys, None) != "role" or next(keys, None) != "content":
            moved = {"role": m["role"], "content": m.get("content")}
            moved.update((k, v) for k, v in m.items() if k not in _ROLE_CONTENT)
            m = moved
        written.append(m)
        role = m["role"]
        if role == "user":
            users += 1
            derived_ctx = m.get("context")
            derived_gt = None
        elif role == "assistant" and users:
            found = m.get("ground_truth")
            if type(found) is str:
                derived_gt = found
    out: dict[str, Any] = {"messages": written}
    consumed = {"messages"}
    if users:
        # Row-level context and ground truth belong to the last turn; a value the
        # messages already say differently stays an ordinary column (as in layout).
        derived_ctx = derived_ctx if type(derived_ctx) is str else None
        ctx = row.get("context", _MISSING)
        if type(ctx) is str and derived_ctx in (None, ctx):
            out["context"] = ctx
            consumed.add("context")
        gt = row.get("ground_truth", _MISSING)
        if type(gt) is str and derived_gt in (None, gt):
            out["ground_truth"] = gt
            consumed.add("ground_truth")
    if not tools_and_names(row, out, consumed):
        return None
    for k, v in row.items():
        if k in consumed:
            continue
        if k in out:
            return None
        out[k] = v
    return out
