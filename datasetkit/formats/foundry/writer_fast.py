"""Foundry rows laid out straight from clean JSONL rows, without the canonical model.

A row that :func:`.clean.clean_row` proves clean has one of two plain shapes: a list
of clean messages, or ``query``/``response`` strings, with string (or absent)
``context``/``ground_truth``, clean tool definitions and any other columns. Reading
such a row into a Case (:func:`.cases._build_case`) and writing that Case
(:func:`.plan._plan_row`, :func:`.writer._csv_plan`) is mechanical: the functions here
give the very row those steps give, from the dict, without building models. For
anything they do not cover they return None, and the caller converts the whole file
the full way; tests compare both paths byte for byte.

Why the output needs no check: the row written has the keys of the row read, with
the same values, except that each message starts with ``role`` and ``content`` (a
model dump's order) and a single tool definition object becomes a list of one.
``clean_row`` does not depend on key order and reads a definition object as a list
of one, so a written row is as clean as the row read.
"""

from __future__ import annotations

from typing import Any

from ...carry import CARRY_KEY
from .mapping import _NAMES_KEY
from .plan import _Loss
from .writer import CSV_HINT, CSV_TURN_COLUMNS, _csv_cell, lose_conversation, lose_messages

_TEXT_TYPES = ("text", "input_text", "output_text")
_MISSING: Any = object()
# Keys the reader treats specially beyond the shapes above: such a row is not covered.
_NOT_COVERED = frozenset({CARRY_KEY, _NAMES_KEY, "tool_calls", "tools", "conversation"})
_ROLE_CONTENT = ("role", "content")


def _text(content: Any) -> str | None:
    """A message's text as :func:`.dialects.message_text` gives it."""
    if isinstance(content, str):
        return content
    if not content:
        return None
    texts = [
        t
        for t in (item.get("text") for item in content if item.get("type") in _TEXT_TYPES)
        if isinstance(t, str)
    ]
    return "\n".join(texts) if texts else None


class Turns:
    """What the row's turns say: their number, the last turn's context and expected
    response, and (for CSV, where only one-turn rows are written) its text."""

    __slots__ = ("context", "count", "expected", "plain", "prompt", "response")

    def __init__(self) -> None:
        self.count = 0
        self.prompt = ""
        self.response: str | None = None
        self.context: str | None = None
        self.expected: str | None = None
        # Whether CSV strings say the messages exactly (see writer._plain_single).
        self.plain = True


def _messages(msgs: list[dict[str, Any]], turns: Turns, csv: bool) -> list[dict[str, Any]]:
    """The messages as written (``role`` and ``content`` first; as read for ``csv``,
    which writes no message list); counts the turns and notes the last one's context
    and expected response."""
    out: list[dict[str, Any]] = []
    users = 0
    ctx = gt = None
    for m in msgs:
        keys = iter(m)
        if not csv and (next(keys) != "role" or next(keys, None) != "content"):
            moved = {"role": m["role"], "content": m["content"]}
            moved.update((k, v) for k, v in m.items() if k not in _ROLE_CONTENT)
            m = moved
        out.append(m)
        role = m["role"]
        if role == "user":
            users += 1
            ctx = m.get("context")
            gt = None
        elif role == "assistant" and users:
            found = m.get("ground_truth")
            if type(found) is str:
                gt = found
    turns.count = users
    turns.context = ctx if type(ctx) is str else None
    turns.expected = gt
    return out


def _one_turn_text(msgs: list[dict[str, Any]], turns: Turns) -> None:
    """The prompt and response of a one-turn message list (dialects.turns_from_messages),
    and whether CSV strings say the messages exactly (writer._plain_single)."""
    seen_user = False
    for m in msgs:
        role = m["role"]
        if role == "user":
            seen_user = True
            turns.prompt = _text(m["content"]) or ""
        elif role == "assistant" and seen_user and (text := _text(m["content"])) is not None:
            turns.response = text
    turns.plain = len(msgs) <= 2 and all(_plain_message(m, i) for i, m in enumerate(msgs))


def _plain_message(m: dict[str, Any], i: int) -> bool:
    """Message ``i`` of a one-turn case is what a CSV string says (writer._plain_single)."""
    content = m["content"]
    if m["role"] != ("user", "assistant")[i] or len(m) != 2 or _text(content) is None:
        return False
    if isinstance(content, list):
        return len(content) == 1 and set(content[0]) == {"type", "text"}
    return True


def plan_clean(row: dict[str, Any], csv: bool = False) -> tuple[dict[str, Any], Turns] | None:
    """The Foundry JSONL row the full path writes for a clean ``row``, and its turns
    (the text of a single turn for ``csv``); None when the row is not one covered."""
    out: dict[str, Any] = {}
    turns = Turns()
    if "messages" in row:
        msgs = row["messages"]
        out["messages"] = _messages(msgs, turns, csv)
        consumed = {"messages"}
        derived_ctx, derived_gt = turns.context, turns.expected
        if csv:
            if turns.count > 1:
                return out, turns  # left out of CSV whatever else it holds (csv_cells)
            _one_turn_text(msgs, turns)
    else:
        out["query"] = turns.prompt = row["query"]
        turns.count = 1
        consumed = {"query"}
        if "response" in row:
            out["response"] = turns.response = row["response"]
            consumed.add("response")
        derived_ctx = derived_gt = None
    # Row-level context and ground truth belong to the last turn; a value the messages
    # already say differently stays an ordinary column.
    ctx = row.get("context", _MISSING)
    if type(ctx) is str and derived_ctx in (None, ctx):
        out["context"] = turns.context = ctx
        consumed.add("context")
    gt = row.get("ground_truth", _MISSING)
    if type(gt) is str and derived_gt in (None, gt):
        out["ground_truth"] = turns.expected = gt
        consumed.add("ground_truth")
    if not _tools_and_names(row, out, consumed):
        return None
    for k, v in row.items():
        if k in consumed:
            continue
        if k in out or k in _NOT_COVERED:
            return None
        out[k] = v
    return out, turns


def _tools_and_names(row: dict[str, Any], out: dict[str, Any], consumed: set[str]) -> bool:
    """Tool definitions, ``id`` and ``category`` as the case's own fields; False when a
    definition would be rewritten (an OpenAI-nested one), which is not covered."""
    if "tool_definitions" in row:
        defs = row["tool_definitions"]
        if type(defs) is dict:
            defs = [defs]
        if type(defs) is list:
            for d in defs:
                if type(d) is not dict:
                    break  # kept as an ordinary column (clean_row lets no such row by)
                if "name" not in d and type(d.get("function")) is dict:
                    return False
            else:
                out["tool_definitions"] = defs
                consumed.add("tool_definitions")
    v = row.get("id")
    if type(v) is str:
        out["id"] = v
        consumed.add("id")
    v = row.get("category")
    if type(v) is str:
        out["category"] = v
        consumed.add("category")
    return True


def csv_cells(out: dict[str, Any], turns: Turns, loss: _Loss) -> dict[str, str] | None:
    """The CSV cells the full path writes for a planned row (None: left out), counting
    what CSV cannot hold in ``loss`` in the full path's order."""
    if turns.count > 1:
        lose_conversation(loss)
        return None
    if not turns.plain:
        lose_messages(loss)
    cells: dict[str, str] = {}
    if turns.prompt:
        cells["query"] = turns.prompt
    if turns.response is not None:
        cells["response"] = turns.response
    if turns.context is not None:
        cells["context"] = turns.context
    if turns.expected is not None:
        cells["ground_truth"] = turns.expected
    for k, v in out.items():
        if k in CSV_TURN_COLUMNS:
            continue
        cell = _csv_cell(k, v, loss, CSV_HINT)
        if cell is not None:
            cells[k] = cell
    return cells
