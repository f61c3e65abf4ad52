"""Foundry JSONL rows that are not clean, laid out for JSONL and CSV without the model.

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

For CSV the row's turns give the cells as for a clean row (:func:`.layout.csv_cells`),
and a row without a turn has every column written as CSV text (:func:`unclean_cells`).
Anything else (a seed, a carry column, renamed columns, Chat Completions calls, tool
calls on the row, query/response rows) gives None and is read the full way. The output
of these rows is checked as the output of every row that is not clean (:mod:`.aside`);
tests compare both ways byte for byte on built and mutated rows.
"""

from __future__ import annotations

from typing import Any

from datasetkit.core.carry import CARRY_KEY
from datasetkit.core.findings import Location
from datasetkit.formats.foundry.dialects import normalize_message, valid_messages
from datasetkit.formats.foundry.fast.layout import (
    Turns,
    csv_cells,
    messages_as_written,
    one_turn_text,
    other_columns,
)
from datasetkit.formats.foundry.loss import CSV_HINT, Loss, csv_cell, lose_conversation
from datasetkit.formats.foundry.mapping import NAMES_KEY

# Keys the reader reads by rules of their own (seeds, the carry, renamed columns, the
# SDK's conversation, row tool calls): such a row is read the full way.
_NOT_COVERED = frozenset(
    {CARRY_KEY, NAMES_KEY, "tool_calls", "tools", "conversation", "test_case_description"}
)
_MISSING: Any = object()


class Unclean:
    """A row that is not clean, laid out: the JSONL row written, its turns (none: no
    turn takes the row's columns), and its place in the input (where CSV refuses a row
    whose columns the others cannot share)."""

    __slots__ = ("place", "row", "turns")

    def __init__(self, row: dict[str, Any], turns: Turns, place: Location) -> None:
        self.row = row
        self.turns = turns
        self.place = place


def plan_unclean(row: dict[str, Any], place: Location) -> Unclean | None:
    """``row`` (one that is not clean, as the reader leaves it after its checks, at
    ``place``) laid out as the full path writes it, or None when it must be read the
    full way."""
    if not _NOT_COVERED.isdisjoint(row):
        return None
    turns = Turns()
    msgs = row.get("messages", _MISSING)
    if msgs is not _MISSING and valid_messages(msgs):
        out = _with_messages(row, msgs, turns)
    elif _query_turn(row):
        return None
    else:
        out = {}
        if not other_columns(row, out, set(), turns, None):
            out = None
    return Unclean(out, turns, place) if out is not None else None


def unclean_cells(laid: Unclean, loss: Loss) -> dict[str, str] | None:
    """The CSV cells the full path (writer.csv_plan) writes for ``laid`` (None: left
    out), counting what CSV cannot hold in ``loss`` in the full path's order."""
    turns = laid.turns
    if turns.count > 1:
        lose_conversation(loss)
        return None
    if turns.count == 1:
        return csv_cells(laid.row, turns, loss)
    # No turn: no column is the turn's, and each is written as CSV text.
    cells = csv_cells({}, turns, loss)
    assert cells is not None  # a row without turns is not left out
    for k, v in laid.row.items():
        cell = csv_cell(k, v, loss, CSV_HINT)
        if cell is not None:
            cells[k] = cell
    return cells


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


def _with_messages(
    row: dict[str, Any], msgs: list[dict[str, Any]], turns: Turns
) -> dict[str, Any] | None:
    """The row of a message list the model holds as it is (None when a message would be
    rewritten: Chat Completions calls, string tool content, nested or string arguments);
    ``turns`` says its turns (for CSV: the text of a single one, and whether CSV
    strings say the messages exactly)."""
    for m in msgs:
        if normalize_message(m) != m:
            return None
    written = messages_as_written(msgs, turns, False)
    out: dict[str, Any] = {"messages": written}
    if turns.count == 1:
        one_turn_text(written, turns)
    else:
        turns.plain = False  # no turn, or several: CSV holds no message list as strings
    # With no user message there is no turn to take the row's context and ground truth.
    derived = (turns.context, turns.expected) if turns.count else None
    return out if other_columns(row, out, {"messages"}, turns, derived) else None
