"""One row to one canonical Case."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from datasetkit.core.carry import (
    CARRY_KEY,
    CARRY_VERSION,
    restore_fields,
    store_carry,
)
from datasetkit.core.findings import Finding, Severity
from datasetkit.core.jsonloc import pointer_join
from datasetkit.formats.foundry.collect import Collector, RowContext
from datasetkit.formats.foundry.dialects import (
    flat_call,
    normalize_tool_definitions,
    to_messages,
    turns_from_messages,
    valid_messages,
)
from datasetkit.formats.foundry.mapping import NAMES_KEY

if TYPE_CHECKING:
    from datasetkit.core.model import Case

# --- row -> Case --------------------------------------------------------------------------


_MISSING = object()


def build_case(
    row: dict[str, Any],
    ctx: RowContext,
    col: Collector,
    csv_mode: bool,
    carry_raw: Any,
    notes: Any = None,
) -> tuple[Case, Any]:
    """The Case of one row, and the carried dataset fields (first row only)."""
    from datasetkit.core.model import Case, Source

    row = dict(row)
    names = row.pop(NAMES_KEY, None)
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
        _read_seed(row, case, csv_mode)
    else:
        turn_pointers = _read_conversation(row, case, hint, ctx, col, csv_mode, pointer)
    for name in ("id", "category"):
        v = row.get(name)
        if isinstance(v, str) and getattr(case, name) is None:
            setattr(case, name, row.pop(name))
    case.extra = row
    if case.source is not None:
        case.source.turn_pointers = turn_pointers
    dataset_carry = _restore_carry(case, carry_raw, hint)
    if names:
        hint["names"] = names
    _store_hint(case, hint)
    return case, dataset_carry


def _read_seed(row: dict[str, Any], case: Case, csv_mode: bool) -> None:
    """A simulation seed row (``test_case_description``), in either shape."""
    from datasetkit.core.model import Seed

    case.kind = "seed"
    desc = row.pop("test_case_description")
    if "simulation_configuration" in row or "test_case_id" in row:
        _simulation_seed(row, case, desc)
        return
    desired = row.pop("desired_num_turns", None)
    turns_n: int | None = None
    if isinstance(desired, int) and not isinstance(desired, bool):
        turns_n = desired
    elif csv_mode and isinstance(desired, str) and desired.strip().isdigit():
        turns_n = int(desired)
    elif desired is not None:
        row["desired_num_turns"] = desired
    case.seed = Seed(description=desc, desired_num_turns=turns_n, shape="flat")


def _simulation_seed(row: dict[str, Any], case: Case, desc: str) -> None:
    """The ``simulation_configuration`` seed shape; values of the wrong type stay in the row."""
    from datasetkit.core.model import Seed

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


def _read_conversation(
    row: dict[str, Any],
    case: Case,
    hint: dict[str, Any],
    ctx: RowContext,
    col: Collector,
    csv_mode: bool,
    pointer: str,
) -> list[str]:
    """Turns, messages and tools of a non-seed row; returns the turns' pointers."""
    turn_pointers: list[str] = []
    raw_msgs, base = _message_list(row, hint, ctx, col, csv_mode)
    if raw_msgs is not _MISSING:
        case.messages = to_messages(raw_msgs)
        case.turns, turn_pointers, _ = turns_from_messages(case.messages, pointer + base)
    else:
        turn_pointers = _read_query_response(row, case, hint, pointer)
    _last_turn_fields(row, case, hint)
    _read_tools(row, case, hint, ctx, col, csv_mode)
    case.kind = "conversation" if len(case.turns) > 1 else "single"
    return turn_pointers


def _message_list(
    row: dict[str, Any], hint: dict[str, Any], ctx: RowContext, col: Collector, csv_mode: bool
) -> tuple[Any, str]:
    """The row's message list (``messages`` or the SDK's ``conversation``) and its pointer.

    Returns ``_MISSING`` when the row holds no valid message list; a valid one is
    taken out of the row.
    """
    raw_msgs: Any = _MISSING
    base = ""
    if "messages" in row:
        raw_msgs, base = row["messages"], "/messages"
        if csv_mode and isinstance(raw_msgs, str):
            raw_msgs = _json_cell(raw_msgs, ctx, "messages", col)
        if valid_messages(raw_msgs):
            row.pop("messages")
            hint["layout"] = "messages"
        else:
            raw_msgs = _MISSING
    elif "conversation" in row:
        conv = row["conversation"]
        if csv_mode and isinstance(conv, str):
            conv = _json_cell(conv, ctx, "conversation", col)
        if isinstance(conv, dict) and valid_messages(conv.get("messages")):
            row.pop("conversation")
            raw_msgs, base = conv["messages"], "/conversation/messages"
            hint["layout"] = "conversation"
            rest = {k: v for k, v in conv.items() if k != "messages"}
            if rest:
                hint["conversation"] = rest
    return raw_msgs, base


def _read_query_response(
    row: dict[str, Any], case: Case, hint: dict[str, Any], pointer: str
) -> list[str]:
    """``query``/``response`` as message lists or strings; returns the turns' pointers."""
    from datasetkit.core.model import Turn

    q = row.get("query", _MISSING)
    r = row.get("response", _MISSING)
    q_list = isinstance(q, list) and valid_messages(q)
    r_list = isinstance(r, list) and valid_messages(r)
    q_ok = q_list or isinstance(q, str)
    r_ok = r_list or isinstance(r, str) or r is None
    if (q_list or r_list) and (q_ok or q is _MISSING) and (r_ok or r is _MISSING):
        return _query_response_lists(row, case, hint, pointer, q, r)
    if (
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
        return [pointer + ("/query" if q is not _MISSING else "/response")]
    return []


def _query_response_lists(
    row: dict[str, Any], case: Case, hint: dict[str, Any], pointer: str, q: Any, r: Any
) -> list[str]:
    """``query``/``response`` where at least one is a message list (the agent dialect)."""
    from datasetkit.core.model import Message

    q_list = isinstance(q, list)
    r_list = isinstance(r, list)
    qm = (
        to_messages(q)
        if q_list
        else ([Message(role="user", content=q)] if isinstance(q, str) else [])
    )
    if r_list:
        rm = to_messages(r)
    elif isinstance(r, str):
        rm = [Message(role="assistant", content=r)]
    else:
        rm = []
    row.pop("query", None)
    row.pop("response", None)
    hint.update(
        {
            "layout": "query-response",
            "query": "list" if q_list else ("string" if isinstance(q, str) else "absent"),
            "response": "list" if r_list else ("string" if isinstance(r, str) else "absent"),
            "split": len(qm),
        }
    )
    case.messages = qm + rm
    case.turns, _, _ = turns_from_messages(case.messages)
    return [
        (pointer + f"/query/{i}" if i < len(qm) else pointer + f"/response/{i - len(qm)}")
        for i, m in enumerate(case.messages)
        if m.role == "user"
    ]


def _last_turn_fields(row: dict[str, Any], case: Case, hint: dict[str, Any]) -> None:
    """Row-level ground truth and context belong to the last turn."""
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


def _read_tools(
    row: dict[str, Any],
    case: Case,
    hint: dict[str, Any],
    ctx: RowContext,
    col: Collector,
    csv_mode: bool,
) -> None:
    """Tool definitions (``tool_definitions`` or a thread dump's ``tools``) and row tool calls."""
    defs_key = (
        "tool_definitions" if "tool_definitions" in row else ("tools" if "tools" in row else None)
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
        row["tool_calls"] = [flat_call(t) if isinstance(t, dict) else t for t in row["tool_calls"]]


def _restore_carry(case: Case, carry_raw: Any, hint: dict[str, Any]) -> Any:
    """Put the ``datasetkit`` column's fields back on the case; returns the dataset's."""
    if carry_raw is _MISSING:
        return None
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
    return dataset_carry


def _store_hint(case: Case, hint: dict[str, Any]) -> None:
    """Keep how the row was laid out, so writing Foundry again reproduces it."""
    if hint and hint != {"layout": "messages"}:
        ext = dict(case.extensions or {})
        box = dict(ext.get(CARRY_KEY) or {"v": CARRY_VERSION})
        if case.extensions == {}:
            box["keep_empty"] = True  # the case's own extensions are an empty object
        box["foundry"] = hint
        ext[CARRY_KEY] = box
        case.extensions = ext


def _json_cell(value: str, ctx: RowContext, name: str, col: Collector) -> Any:
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


def json_cell_findings(row: dict[str, Any], ctx: RowContext, col: Collector) -> None:
    """What :func:`build_case` reports of a CSV row (JSON text in a cell), without
    building the case (validation needs the findings only, not the model)."""
    desc = row.get("test_case_description", _MISSING)
    if isinstance(desc, str):
        return  # a seed: its cells are not read as JSON
    if "messages" in row:
        if isinstance(row["messages"], str):
            _json_cell(row["messages"], ctx, "messages", col)
    elif isinstance(row.get("conversation"), str):
        _json_cell(row["conversation"], ctx, "conversation", col)
    key = "tool_definitions" if "tool_definitions" in row else ("tools" if "tools" in row else "")
    if key and isinstance(row[key], str):
        _json_cell(row[key], ctx, key, col)


def take_carry(row: dict[str, Any], ctx: RowContext, col: Collector, csv_mode: bool) -> Any:
    """The ``datasetkit`` column taken out of ``row`` (for :func:`build_case`); an invalid
    one is reported and stays an ordinary column."""
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
