"""Foundry rows laid out straight from clean JSONL rows, without the canonical model.

A row that :func:`.clean.clean_row` proves clean has one of two plain shapes: a list
of clean messages, or ``query``/``response`` strings, with string (or absent)
``context``/``ground_truth``, clean tool definitions and any other columns. Reading
such a row into a Case (:func:`.cases.build_case`) and writing that Case
(:func:`.plan.plan_row`, :func:`.writer.csv_plan`) is mechanical: the functions here
give the very row those steps give, from the dict, without building models. For
anything they do not cover they return None, and the caller converts the whole file
the full way; tests compare both paths byte for byte.

Why the output needs no check: the row written has the keys of the row read, with
the same values, except that each message starts with ``role`` and ``content`` (a
model dump's order) and a single tool definition object becomes a list of one.
``clean_row`` does not depend on key order and reads a definition object as a list
of one, so a written row is as clean as the row read.

Most clean rows are already in the written layout (their own fields first, in the
written order), and most messages start with ``role`` and ``content``: such a row is
returned as it is, or as a copy holding new dicts for just the messages to reorder
(a tool message often has ``tool_call_id`` before ``content``). For CSV, whose cells
come from the turn and the other columns, a row with more than one user message is
left out before anything else is worked out; a one-turn row's text, context, expected
response and plainness are then found in one walk of its messages.
"""

from __future__ import annotations

from typing import Any

from datasetkit.core.carry import CARRY_KEY
from datasetkit.formats.foundry.loss import (
    CSV_HINT,
    CSV_TURN_COLUMNS,
    Loss,
    csv_cell,
    lose_conversation,
    lose_messages,
)
from datasetkit.formats.foundry.mapping import NAMES_KEY

_TEXT_TYPES = ("text", "input_text", "output_text")
_MISSING: Any = object()
# Keys the reader treats specially beyond the shapes above: such a row is not covered.
_NOT_COVERED = frozenset({CARRY_KEY, NAMES_KEY, "tool_calls", "tools", "conversation"})
_ROLE_CONTENT = ("role", "content")
# The row's own fields in the order the full path writes them (plan.plan_row), after
# which every other column follows in the row's order; keyed by the row's first key.
_WRITTEN_ORDER = {
    "messages": ("messages", "context", "ground_truth", "tool_definitions", "id", "category"),
    "query": ("query", "response", "context", "ground_truth", "tool_definitions", "id", "category"),
}
_OWN = frozenset(_WRITTEN_ORDER["messages"] + _WRITTEN_ORDER["query"])
# Key orders seen and what they say (a file has a few; kept up to a bound).
_orders: dict[tuple[str, ...], _Layout] = {}
_ORDERS_KEPT = 1024
_PLAIN_ROLES = ("user", "assistant")


def _text(content: Any) -> str | None:
    """A message's text as :func:`.dialects.message_text` gives it."""
    if isinstance(content, str):
        return content
    if not content:
        return None
    if len(content) == 1:  # the common shape, without building a list
        item = content[0]
        t = item.get("text")
        return t if isinstance(t, str) and item.get("type") in _TEXT_TYPES else None
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


def messages_as_written(
    msgs: list[dict[str, Any]], turns: Turns, csv: bool
) -> list[dict[str, Any]]:
    """The messages as written (``role`` and ``content`` first, as a model dump gives
    them: a missing content is null; as read for ``csv``, which writes no message
    list); counts the turns and notes the last one's context and expected response."""
    out: list[dict[str, Any]] = []
    users = 0
    ctx = gt = None
    for m in msgs:
        keys = iter(m)
        if not csv and (next(keys, None) != "role" or next(keys, None) != "content"):
            moved = {"role": m["role"], "content": m.get("content")}
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


def one_turn_text(msgs: list[dict[str, Any]], turns: Turns) -> None:
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
    (the text of a single turn for ``csv``); None when the row is not one covered.

    The row returned is ``row`` itself when it is already laid out as written (for
    ``csv``: when its other columns are in the written order)."""
    if csv:
        return _plan_csv(row)
    return _as_written(row) or _plan_any(row, False)


def _plan_any(row: dict[str, Any], csv: bool) -> tuple[dict[str, Any], Turns] | None:
    """plan_clean for any clean row: the row laid out anew."""
    out: dict[str, Any] = {}
    turns = Turns()
    if "messages" in row:
        msgs = row["messages"]
        out["messages"] = messages_as_written(msgs, turns, csv)
        consumed = {"messages"}
        derived_ctx, derived_gt = turns.context, turns.expected
        if csv:
            if turns.count > 1:
                return out, turns  # left out of CSV whatever else it holds (csv_cells)
            one_turn_text(msgs, turns)
    else:
        out["query"] = turns.prompt = row["query"]
        turns.count = 1
        consumed = {"query"}
        if "response" in row:
            out["response"] = turns.response = row["response"]
            consumed.add("response")
        derived_ctx = derived_gt = None
    if not other_columns(row, out, consumed, turns, (derived_ctx, derived_gt)):
        return None
    return out, turns


def other_columns(
    row: dict[str, Any],
    out: dict[str, Any],
    consumed: set[str],
    turns: Turns,
    derived: tuple[str | None, str | None] | None,
) -> bool:
    """The columns of ``row`` after its messages or query/response, added to ``out``:
    row-level context and ground truth as the last turn's (``derived``: the context and
    expected response its messages say; None when the row has no turn, and they stay
    ordinary columns), then tool definitions, ``id`` and ``category``, then every other
    column in its order. False when the row is not covered."""
    if derived is not None:
        # A value the messages already say differently stays an ordinary column.
        derived_ctx, derived_gt = derived
        ctx = row.get("context", _MISSING)
        if type(ctx) is str and derived_ctx in (None, ctx):
            out["context"] = turns.context = ctx
            consumed.add("context")
        gt = row.get("ground_truth", _MISSING)
        if type(gt) is str and derived_gt in (None, gt):
            out["ground_truth"] = turns.expected = gt
            consumed.add("ground_truth")
    if not _tools_and_names(row, out, consumed):
        return False
    for k, v in row.items():
        if k in consumed:
            continue
        if k in out or k in _NOT_COVERED:
            return False
        out[k] = v
    return True


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


class _Layout:
    """What a key order says about a row with those keys: whether it is written in
    that order, given that its own fields are taken as the case's, and which of them
    to look at for that."""

    __slots__ = ("defs", "in_order", "texts")

    def __init__(self, keys: tuple[str, ...]) -> None:
        self.in_order = _in_order(keys)
        self.defs = "tool_definitions" in keys
        # Own fields taken only when they hold a string.
        self.texts = tuple(k for k in ("id", "category") if k in keys)


def _layout(keys: tuple[str, ...]) -> _Layout:
    """The layout of a key order not yet seen (kept for the next row, up to a bound)."""
    known = _Layout(keys)
    if len(_orders) < _ORDERS_KEPT:
        _orders[keys] = known
    return known


def _in_order(keys: tuple[str, ...]) -> bool:
    """Whether the row's own fields lead, in the written order (then the other columns
    keep their places)."""
    order = _WRITTEN_ORDER.get(keys[0]) if keys else None
    if order is None or not _NOT_COVERED.isdisjoint(keys):
        return False
    own = tuple(k for k in keys if k in _OWN)
    if keys[: len(own)] != own or not set(own) <= set(order):
        return False  # an own field after another column, or one of the other shape
    places = [order.index(k) for k in own]
    return places == sorted(places)


def _own_taken(row: dict[str, Any], layout: _Layout, as_list: bool) -> bool:
    """Whether the row's tool definitions (a list of plain ones; or one object unless
    ``as_list``), ``id`` and ``category`` are all taken as the case's own fields
    (:func:`_tools_and_names`)."""
    if layout.defs:
        defs = row["tool_definitions"]
        if type(defs) is not list:
            if as_list or type(defs) is not dict:
                return False
            defs = [defs]
        for d in defs:
            if type(d) is not dict or ("name" not in d and type(d.get("function")) is dict):
                return False
    for k in layout.texts:  # noqa: SIM110  (a loop costs less than all() on a generator)
        if type(row[k]) is not str:
            return False
    return True


def _as_written(row: dict[str, Any]) -> tuple[dict[str, Any], Turns] | None:
    """plan_clean for JSONL when the row's columns are in the written layout: the row
    itself (a copy holding new messages when a message must start with its role and
    content); None when the row must be laid out anew."""
    keys = tuple(row)
    layout = _orders.get(keys) or _layout(keys)
    if not layout.in_order or not _own_taken(row, layout, True):
        return None
    turns = Turns()
    msgs = row.get("messages")
    if msgs is not None:
        written = _turns_in_place(msgs, turns)
        if written is not msgs:
            row = dict(row)  # the same key order
            row["messages"] = written
    else:
        turns.prompt = row["query"]
        turns.count = 1
        turns.response = row.get("response")
    # Row-level context and ground truth must be taken as the last turn's (see
    # _plan_any), or they would move among the other columns.
    ctx = row.get("context", _MISSING)
    if ctx is not _MISSING:
        if type(ctx) is not str or turns.context not in (None, ctx):
            return None
        turns.context = ctx
    gt = row.get("ground_truth", _MISSING)
    if gt is not _MISSING:
        if type(gt) is not str or turns.expected not in (None, gt):
            return None
        turns.expected = gt
    return row, turns


def _turns_in_place(msgs: list[dict[str, Any]], turns: Turns) -> list[dict[str, Any]]:
    """messages_as_written, giving ``msgs`` itself when every message starts with ``role`` and
    ``content`` (a new list only when one does not)."""
    out = msgs
    users = 0
    ctx = gt = None
    for i, m in enumerate(msgs):
        keys = iter(m)
        if next(keys, None) != "role" or next(keys, None) != "content":
            if out is msgs:
                out = list(msgs)
            # role and content first, then the rest in their order.
            out[i] = m = {"role": m["role"], "content": m["content"], **m}
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


def _plan_csv(row: dict[str, Any]) -> tuple[dict[str, Any], Turns] | None:
    """plan_clean for CSV: the row itself when its other columns are in the written
    order (csv_cells reads nothing else from it), else the row laid out anew."""
    turns = Turns()
    msgs = row.get("messages")
    if msgs is not None:
        if not _csv_turn(msgs, turns):
            return row, turns  # left out of CSV whatever else it holds (csv_cells)
    else:
        turns.prompt = row["query"]
        turns.count = 1
        turns.response = row.get("response")
    keys = tuple(row)
    layout = _orders.get(keys) or _layout(keys)
    if not layout.in_order or not _own_taken(row, layout, False):
        return _plan_any(row, True)
    ctx = row.get("context")
    if type(ctx) is str and turns.context in (None, ctx):
        turns.context = ctx
    gt = row.get("ground_truth")
    if type(gt) is str and turns.expected in (None, gt):
        turns.expected = gt
    return row, turns


def _csv_turn(msgs: list[dict[str, Any]], turns: Turns) -> bool:
    """The turns of a message list for CSV (messages_as_written and one_turn_text together);
    False, having counted them only, when there is more than one."""
    users = 0
    for m in msgs:
        if m["role"] == "user":
            users += 1
    turns.count = users
    if users > 1:
        return False
    ctx = gt = None
    seen_user = False
    plain = len(msgs) <= 2
    for i, m in enumerate(msgs):
        role = m["role"]
        content = m["content"]
        text = None
        if role == "user":
            seen_user = True
            text = _text(content)
            turns.prompt = text or ""
            ctx = m.get("context")
            gt = None
        elif role == "assistant" and seen_user:
            text = _text(content)
            if text is not None:
                turns.response = text
            found = m.get("ground_truth")
            if type(found) is str:
                gt = found
        # _plain_message, with the text found above (None for any other role).
        if plain and (role != _PLAIN_ROLES[i] or len(m) != 2 or text is None):
            plain = False
        elif plain and isinstance(content, list):
            plain = len(content) == 1 and set(content[0]) == {"type", "text"}
    turns.context = ctx if type(ctx) is str else None
    turns.expected = gt
    turns.plain = plain
    return True


def csv_cells(out: dict[str, Any], turns: Turns, loss: Loss) -> dict[str, str] | None:
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
        if type(v) is str:
            cells[k] = v  # what csv_cell gives a string
            continue
        cell = csv_cell(k, v, loss, CSV_HINT)
        if cell is not None:
            cells[k] = cell
    return cells
