"""Laying a case out for its target format before a conversion writes it: the carry,
the columns of record formats, what the target leaves out (counted as loss)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from datasetkit import formats
from datasetkit.core.findings import Tally

if TYPE_CHECKING:  # the model (pydantic) is loaded only when a case is built
    from datasetkit.core.model import Case, Turn

# Layout facts that only matter while the Foundry message list is carried along.
_LAYOUT_KEYS = ("layout", "assistant_expected", "split", "response", "conversation", "repeat")


def prepare_for_target(case: Case, source_format: str | None, target_format: str) -> Case:
    """A copy of ``case`` laid out for ``target_format``, carrying what it cannot hold.

    Carried fields (``extensions.datasetkit`` / the Foundry ``datasetkit`` column) are
    restored, raw keys of the source format move into the carry, and for M365 the
    Foundry-only fields (messages, tool definitions) move into the item's or thread's
    ``extensions.datasetkit``.
    """
    from datasetkit.core import carry as carry_mod

    case = carry_mod.working_copy(case)
    target_family = carry_mod.family_of(target_format)
    source_family = carry_mod.family_of(source_format)
    box = carry_mod.prepare_case(case, source_family, target_family)
    if source_family == "m365" and target_family != "m365":
        _drop_m365_facts(case)
        _columns_from_extensions(case)
    if target_family == "m365":
        if carry_mod.is_columns_family(source_family):
            _columns_into_extensions(case)
        from datasetkit.formats import foundry

        hint = dict(box.get("foundry") or {})
        carried = dict(box.get("case") or {})
        if case.messages is not None:
            generated = foundry.messages_from_turns(case.turns)[0]
            same = [m.model_dump(mode="json") for m in case.messages] == [
                m.model_dump(mode="json") for m in generated
            ]
            if same:
                # The turns say it all: writing Foundry again makes the same messages.
                for k in _LAYOUT_KEYS:
                    hint.pop(k, None)
                if hint.get("query") != "absent":
                    hint.pop("query", None)
            else:
                carried["messages"] = carry_mod.dump_value(case.messages)
            case.messages = None
        if case.tool_definitions is not None:
            carried["tool_definitions"] = carry_mod.dump_value(case.tool_definitions)
            case.tool_definitions = None
        if carried:
            box["case"] = carried
        if hint:
            box["foundry"] = hint
        else:
            box.pop("foundry", None)
        # runevals writes a single item's extensions from its turn, a thread's from the thread.
        holder: Case | Turn = (
            case if case.kind == "conversation" or not case.turns else case.turns[0]
        )
        carry_mod.store_carry(holder, box)
    else:
        carry_mod.store_carry(case, box)
    return case


def _columns_into_extensions(case: Case) -> None:
    """Put a record's extra columns where an M365 document can hold them.

    An M365 item rejects unknown keys, so the columns go into ``extensions.columns`` of
    the single item (its turn) or of the thread, and a thread turn's into that turn's.
    """
    from datasetkit.core.carry import COLUMNS_KEY

    moves: list[tuple[Case | Turn, dict[str, Any]]]
    if case.kind == "conversation" or not case.turns:
        moves = [(case, case.extra)] + [(t, t.extra) for t in case.turns]
    else:  # a single item is its turn
        moves = [(case.turns[0], {**case.turns[0].extra, **case.extra})]
    for holder, columns in moves:
        if columns:
            holder.extensions = {**(holder.extensions or {}), COLUMNS_KEY: dict(columns)}
    case.extra = {}
    for t in case.turns:
        t.extra = {}


def _columns_from_extensions(case: Case) -> None:
    """Take an M365 item's or thread's ``extensions.columns`` back as extra columns."""
    from datasetkit.core.carry import COLUMNS_KEY

    holders: list[tuple[Case | Turn, dict[str, Any]]] = [(case, case.extra)]
    if len(case.turns) == 1 and case.kind != "conversation":
        holders.append((case.turns[0], case.extra))
    else:
        holders += [(t, t.extra) for t in case.turns]
    for holder, into in holders:
        ext = holder.extensions
        if isinstance(ext, dict) and isinstance(ext.get(COLUMNS_KEY), dict):
            ext = dict(ext)
            for k, v in ext.pop(COLUMNS_KEY).items():
                into.setdefault(k, v)
            holder.extensions = ext or None


def _drop_m365_facts(case: Case) -> None:
    """Forget the extensions keys that only spell out the case's id, category and notes.

    An M365 item keeps them in ``extensions`` (it has no such fields); the M365 writer
    puts them back there, so other formats need them only as the case's own fields.
    """
    holders: list[Case | Turn] = [case] + ([case.turns[0]] if len(case.turns) == 1 else [])
    for holder in holders:
        ext = holder.extensions
        if not ext:
            continue
        for attr, keys in (
            ("id", ("id", "testId")),
            ("category", ("category",)),
            ("notes", ("notes",)),
        ):
            for key in keys:
                if key in ext and ext[key] == getattr(case, attr):
                    del ext[key]
        if not ext:
            holder.extensions = None


def _left_out(case: Case, target: formats.Format) -> str | None:
    """Why ``target`` cannot hold ``case`` at all (a loss code), or None when it can.

    Only Foundry JSONL/CSV hold simulation seeds and rows without a prompt (a row may
    carry just a response to score); every other format needs a prompt per turn.
    """
    from datasetkit.core.carry import family_of

    if family_of(target.name) == "foundry":
        return None
    if case.kind == "seed":
        return "seed"
    if not case.turns or any(not t.prompt for t in case.turns):
        return "no-prompt"
    return None


_LEFT_OUT = {
    "seed": (
        "{n} simulation seed{s} (test_case_description rows) left out: only Foundry JSONL holds seeds",
        "--to foundry keeps them",
    ),
    "no-prompt": (
        "{n} case{s} with no prompt left out (no query, messages or recognised question column)",
        "name the prompt column with --map prompt=COLUMN",
    ),
}


def prepare_or_leave_out(
    case: Case, source_format: str | None, target: formats.Format, loss: Tally
) -> Case | None:
    """``case`` laid out for ``target`` (:func:`prepare_for_target`), or None when the
    target cannot hold it at all (counted in ``loss``)."""
    out = prepare_for_target(case, source_format, target.name)
    why = _left_out(out, target)
    if why is None:
        return out
    loss.add(f"convert.loss.{why}", *_LEFT_OUT[why])
    return None


def prepared(
    cases: Iterable[tuple[Case, str | None]], target: formats.Format, loss: Tally
) -> Iterator[Case]:
    """Each case (with its source format) laid out for ``target``; those it cannot hold
    are left out, counted in ``loss``."""
    for case, source_format in cases:
        out = prepare_or_leave_out(case, source_format, target, loss)
        if out is not None:
            yield out
