"""Planning a written row: what each case becomes, and what the target cannot hold."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from datasetkit.core.carry import (
    CARRY_KEY,
    CARRY_VERSION,
    TURN_FIELDS,
    dataset_fields,
    dump_value,
    family_of,
    prepare_case,
    working_copy,
)
from datasetkit.core.findings import DatasetkitError
from datasetkit.core.model import Case, Dataset, Message, Seed, Turn
from datasetkit.formats import (
    WriteOptions,
)
from datasetkit.formats.foundry.dialects import (
    flat_call,
    messages_from_turns,
    normalize_message,
    normalize_tool_definitions,
    turns_from_messages,
)
from datasetkit.formats.foundry.loss import Loss
from datasetkit.formats.foundry.spec import MAX_DESCRIPTION, STYLES

# --- writing ------------------------------------------------------------------------------


_CASE_CARRY = ("name", "description", "notes", "tags", "conversation_id", "summary", "extensions")
# Every Turn field but the four Foundry has columns for (query, response, context, ground_truth).
_TURN_CARRY = tuple(
    f for f in TURN_FIELDS if f not in ("prompt", "expected_response", "context", "response")
)


def _same_turns(a: list[Turn], b: list[Turn]) -> bool:
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        for k in ("prompt", "response", "expected_response", "context"):
            if getattr(x, k) != getattr(y, k):
                return False
    return True


def _derived_turns(msgs: list[Message], hint: dict[str, Any], gt: Any, ctx: Any) -> list[Turn]:
    """The turns a reader derives from ``msgs`` plus row-level ground truth and context."""
    turns = turns_from_messages(msgs)[0]
    if turns:
        last = turns[-1]
        if isinstance(gt, str) and last.expected_response is None:
            last.expected_response = gt
        if isinstance(ctx, str) and last.context is None:
            last.context = ctx
    for i in hint.get("assistant_expected") or []:
        if isinstance(i, int) and 0 <= i < len(turns):
            t = turns[i]
            if t.expected_response is None:
                t.expected_response = t.response
            if t.response == t.expected_response:
                t.response = None
    return turns


def _has_images(msgs: list[Message]) -> bool:
    return any(
        isinstance(m.content, list) and any(i.get("type") == "image_url" for i in m.content)
        for m in msgs
    )


def _dump_messages(msgs: list[Message]) -> list[dict[str, Any]]:
    from datasetkit.core.plain import plain

    return [normalize_message(plain(m)) for m in msgs]


def _inferred_kind(case: Case) -> str:
    if case.kind == "seed" and case.seed is not None:
        return "seed"
    return "conversation" if len(case.turns) > 1 else "single"


@dataclass
class RowPlan:
    """A case laid out as Foundry columns, plus the carry for the ``datasetkit`` column."""

    row: dict[str, Any] = field(default_factory=dict)
    carry: dict[str, Any] = field(default_factory=dict)
    messages: list[Message] | None = None
    # Foundry key -> the source's own column name (see resolve_roles).
    names: dict[str, str] = field(default_factory=dict)


def plan_row(
    case: Case,
    style: str,
    source_family: str | None,
    loss: Loss,
    fmt: str,
    keep_names: bool = False,
) -> RowPlan:
    """``case`` laid out as a Foundry row in ``style``, with what it carries.

    Columns are named as the built-in evaluators map them by default (``query``,
    ``response``, ``ground_truth``); ``keep_names`` writes the source's own names back
    (``question``, ``truth``) instead."""
    case = working_copy(case)
    carry = prepare_case(case, source_family, "foundry")
    hint = carry.pop("foundry", None) or {}
    plan = RowPlan(carry=carry)
    if keep_names and isinstance(hint.get("names"), dict):
        plan.names = {str(k): str(v) for k, v in hint["names"].items()}
    row = plan.row
    empty_response = False
    box_case: dict[str, Any] = dict(carry.get("case") or {})
    for name in _CASE_CARRY:
        v = getattr(case, name)
        if v is not None and name not in box_case:
            box_case[name] = dump_value(v)
    if case.kind != _inferred_kind(case):
        box_case["kind"] = case.kind
    if case.kind == "seed" and case.seed is not None:
        _seed_row(case, case.seed, row)
    else:
        empty_response = _conversation_row(case, style, hint, loss, plan)
    _carry_turns(case, carry, empty_response)
    if box_case:
        carry["case"] = box_case
    _extra_columns(case, row, carry)
    plan.row = own_names(row, plan.names)
    return plan


def _seed_row(case: Case, seed: Seed, row: dict[str, Any]) -> None:
    """A seed as its row, in the shape it was read in."""
    if seed.shape == "simulation_configuration":
        if case.id is not None:
            row["test_case_id"] = case.id
        if case.category is not None:
            row["test_case_category"] = case.category
        row["test_case_description"] = seed.description
        conf = dict(seed.simulation_configuration or {})
        if seed.desired_num_turns is not None:
            conf["desired_num_turns"] = seed.desired_num_turns
        if conf or seed.simulation_configuration is not None:
            row["simulation_configuration"] = conf
        return
    if case.id is not None:
        row["id"] = case.id
    row["test_case_description"] = seed.description
    if seed.desired_num_turns is not None:
        row["desired_num_turns"] = seed.desired_num_turns
    if case.category is not None:
        row["category"] = case.category


def _conversation_row(
    case: Case, style: str, hint: dict[str, Any], loss: Loss, plan: RowPlan
) -> bool:
    """Lay out a single or conversation case; True when its last response is empty."""
    row, carry = plan.row, plan.carry
    new_hint: dict[str, Any] = {}
    msgs, hint = _kept_messages(case, hint, loss, new_hint)
    needs_messages = style == "messages" or case.kind == "conversation" or len(case.turns) > 1
    if msgs is None and needs_messages and case.turns:
        msgs, expected = messages_from_turns(case.turns)
        hint = {"layout": "messages"}
        if expected:
            new_hint["assistant_expected"] = expected
    plan.messages = msgs
    layout = _layout(style, hint, msgs, loss)
    last = case.turns[-1] if case.turns else None
    empty_response = _layout_columns(row, layout, msgs, hint, last, new_hint)
    _last_turn_columns(row, last, msgs, hint, new_hint)
    if "repeat" in hint:
        new_hint["repeat"] = hint["repeat"]
    if case.tool_definitions is not None:
        row["tools" if hint.get("tools_key") == "tools" else "tool_definitions"] = (
            normalize_tool_definitions(case.tool_definitions)
        )
        if hint.get("tools_key") == "tools":
            new_hint["tools_key"] = "tools"
    for name in ("id", "category"):
        v = getattr(case, name)
        if v is not None:
            row[name] = v
    # The layout shows in the row itself; only what it cannot show is carried.
    if new_hint.get("assistant_expected"):
        carry["foundry"] = {"assistant_expected": new_hint["assistant_expected"]}
    return empty_response


def _kept_messages(
    case: Case, hint: dict[str, Any], loss: Loss, new_hint: dict[str, Any]
) -> tuple[list[Message] | None, dict[str, Any]]:
    """The case's own message list when its turns still match it (else None), and the hint."""
    msgs = case.messages
    if msgs is None:
        return None, hint
    derived = _derived_turns(msgs, hint, None, None)
    # Row-level ground truth/context were folded into the last turn on reading.
    if case.turns and derived:
        d_last, c_last = derived[-1], case.turns[-1]
        if d_last.expected_response is None:
            d_last.expected_response = c_last.expected_response
        if d_last.context is None:
            d_last.context = c_last.context
    if not _same_turns(derived, case.turns):
        loss.add(
            "messages-rebuilt",
            "the original message list (system prompts, tool calls)",
            "the turns no longer match it, so the messages were written anew from the turns",
            "edit the messages rather than the turns to keep tool calls",
        )
        return None, {}
    for k in ("assistant_expected",):
        if k in hint:
            new_hint[k] = hint[k]
    return msgs, hint


def _layout(style: str, hint: dict[str, Any], msgs: list[Message] | None, loss: Loss) -> str:
    """messages, conversation, query-response (as read), split (--jsonl-style) or strings."""
    layout = hint.get("layout", "messages") if msgs is not None else "strings"
    if style == "messages" and msgs is not None:
        layout = "conversation" if layout == "conversation" else "messages"
    elif style == "query-response" and msgs is not None:
        if _has_images(msgs):
            # Only the conversation path of the SDK takes images; keep the layout.
            loss.add(
                "style-kept",
                "query/response layout (--jsonl-style query-response)",
                "rows with images stay messages rows: the SDK takes images only there",
                "nothing to do; the content-safety evaluators read these rows",
            )
        else:
            layout = "split"
    return str(layout)


def _layout_columns(
    row: dict[str, Any],
    layout: str,
    msgs: list[Message] | None,
    hint: dict[str, Any],
    last: Turn | None,
    new_hint: dict[str, Any],
) -> bool:
    """The row's message or query/response columns; True when the last response is empty."""
    if layout == "messages":
        row["messages"] = _dump_messages(msgs or [])
    elif layout == "conversation":
        conv: dict[str, Any] = {"messages": _dump_messages(msgs or [])}
        conv.update(hint.get("conversation") or {})
        row["conversation"] = conv
    elif layout in ("query-response", "split"):
        _query_response_columns(row, layout, msgs or [], hint, new_hint)
    elif last is not None:
        if not (hint.get("query") == "absent" and last.prompt == ""):
            row["query"] = last.prompt
        else:
            new_hint["query"] = "absent"
        if last.response:
            row["response"] = last.response
        elif last.response == "":
            # The SDK rejects an empty response string; the carry keeps it.
            return True
    return False


def _query_response_columns(
    row: dict[str, Any],
    layout: str,
    all_msgs: list[Message],
    hint: dict[str, Any],
    new_hint: dict[str, Any],
) -> None:
    """Messages cut into ``query`` (up to the last user message) and ``response``."""
    if layout == "query-response" and isinstance(hint.get("split"), int):
        cut = int(hint["split"])
        q_kind, r_kind = hint.get("query"), hint.get("response")
    else:
        users = [i for i, m in enumerate(all_msgs) if m.role == "user"]
        cut = users[-1] + 1 if users else len(all_msgs)
        q_kind, r_kind = "list", ("list" if cut < len(all_msgs) else "absent")
    qm, rm = all_msgs[:cut], all_msgs[cut:]
    if q_kind == "string" and len(qm) == 1 and isinstance(qm[0].content, str):
        row["query"] = qm[0].content
    elif q_kind != "absent" or qm:
        row["query"] = _dump_messages(qm)
    if r_kind == "string" and len(rm) == 1 and isinstance(rm[0].content, str):
        row["response"] = rm[0].content
    elif rm or r_kind == "list":
        row["response"] = _dump_messages(rm)
    new_hint.update({"layout": "query-response", "query": q_kind, "response": r_kind, "split": cut})


def _last_turn_columns(
    row: dict[str, Any],
    last: Turn | None,
    msgs: list[Message] | None,
    hint: dict[str, Any],
    new_hint: dict[str, Any],
) -> None:
    """Row ``context`` and ``ground_truth`` when the messages do not already say them."""
    gt_written = ctx_written = False
    if last is not None and msgs is not None:
        derived = turns_from_messages(msgs)[0]
        if derived:
            gt_written = derived[-1].expected_response == last.expected_response
            ctx_written = derived[-1].context == last.context
    repeat = hint.get("repeat") or []
    if last is not None and last.context is not None and (not ctx_written or "context" in repeat):
        row["context"] = last.context
    if (
        last is not None
        and last.expected_response is not None
        and (not gt_written or "ground_truth" in repeat or new_hint.get("assistant_expected"))
    ):
        row["ground_truth"] = last.expected_response


def _carry_turns(case: Case, carry: dict[str, Any], empty_response: bool) -> None:
    """Turn fields Foundry has no column for."""
    turn_box: list[dict[str, Any]] = []
    for t in case.turns:
        entry: dict[str, Any] = {"response": ""} if empty_response and t is case.turns[-1] else {}
        for name in _TURN_CARRY:
            v = getattr(t, name)
            # extra/results default to {}; for the others {} differs from absent.
            if v is not None and not (name in ("extra", "results") and v == {}):
                entry[name] = dump_value(v)
        turn_box.append(entry)
    if any(turn_box):
        carry["turns"] = turn_box
    elif "turns" in carry:
        carry.pop("turns")


def _extra_columns(case: Case, row: dict[str, Any], carry: dict[str, Any]) -> None:
    """Unknown columns go back as they were; one that clashes with a written column is carried."""
    for k, v in case.extra.items():
        if k in row or k == CARRY_KEY:
            fam = carry.setdefault("extra", {}).setdefault("foundry", {})
            fam[k] = v
            continue
        if k == "tool_calls" and isinstance(v, list):
            v = [flat_call(t) if isinstance(t, dict) else t for t in v]
        row[k] = v


def own_names(row: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """``row`` with each Foundry key under the name the source file gave it."""
    if not names:
        return row
    return {(names[k] if k in names and names[k] not in row else k): v for k, v in row.items()}


def finish_carry(carry: dict[str, Any]) -> dict[str, Any] | None:
    """The ``datasetkit`` column's value for ``carry`` (None when it holds nothing)."""
    body = {k: v for k, v in carry.items() if k != "v" and v not in (None, {}, [])}
    if not body:
        return None
    return {"v": CARRY_VERSION, **body}


def truncate_seed(case: Case, options: WriteOptions, loss: Loss) -> Case:
    """``case`` with a seed description past the limit cut to it, under ``--truncate``."""
    if (
        case.seed is not None
        and len(case.seed.description) > MAX_DESCRIPTION
        and options.extra.get("truncate")
    ):
        case = case.model_copy(deep=True)
        assert case.seed is not None
        case.seed.description = case.seed.description[:MAX_DESCRIPTION]
        loss.add(
            "description-truncated",
            "the end of long test_case_description texts",
            f"cut to {MAX_DESCRIPTION:,} characters (--truncate)",
            "shorten the descriptions yourself to choose what stays",
        )
    return case


def dataset_head(dataset: Dataset | None) -> dict[str, Any]:
    """The document-level fields the first row carries, less a schemaVersion that
    writing M365 again would declare anyway (so a round trip adds no column)."""
    head = dataset_fields(dataset) if dataset is not None else {}
    if dataset is not None and "schema_version" in head:
        from datasetkit.formats.m365 import implied_schema_version

        if head["schema_version"] == implied_schema_version(dataset):
            del head["schema_version"]
    return head


def source_family_of(dataset: Dataset | None, options: WriteOptions) -> str | None:
    """The format family the cases were read from (the options' ``source_format``, else
    the dataset's)."""
    name = options.extra.get("source_format") or (dataset.source_format if dataset else None)
    return family_of(name)


def check_style(options: WriteOptions) -> str:
    """The ``--jsonl-style`` of ``options`` ("auto" when unset); raises on an unknown one."""
    style = options.extra.get("jsonl_style") or "auto"
    if style not in STYLES:
        raise DatasetkitError(
            f"unknown --jsonl-style {style!r}", f"use one of: {', '.join(STYLES)}"
        )
    return str(style)
