"""Carrying what a target format cannot hold, so conversions round-trip.

A Foundry row has no place for M365 evaluators, tags or thread names; an M365 item
has no place for Foundry tool calls, tool definitions or extra columns. Instead of
dropping them, datasetkit stores them in a *carry*: one JSON object under the key
``"datasetkit"``. In Foundry files it is a column of that name; in M365 documents it
is ``extensions.datasetkit`` of the item (single-turn) or thread. After a read the
carry sits in ``Case.extensions["datasetkit"]`` until :func:`prepare_case` puts its
fields back where they belong for the target format.

Shape (every key optional)::

    {"v": 1,
     "case":    {<Case fields in model form: name, description, notes, tags, kind,
                 conversation_id, summary, extensions, messages, tool_definitions, seed>},
     "turns":   [{<Turn fields: evaluators, evaluators_mode, allowed_tools, tags,
                  extensions, results, extra, ...>}, ...],      # parallel to Case.turns
     "dataset": {<Dataset fields: schema_version, metadata, default_evaluators,
                  default_allowed_tools, extra>},               # first row of a file
     "extra":   {"<format family>": {<raw keys of that format>}},
     "foundry": {<how the Foundry row was laid out>}}

``extra`` is tagged by the format family the keys came from, because raw keys only
mean something in their own format: M365 item keys go back onto M365 items, Foundry
columns back onto Foundry rows.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # Imported where used: the readers take CARRY_KEY from here without the model.
    from datasetkit.core.model import Case, Dataset, Turn

CARRY_KEY = "datasetkit"
CARRY_VERSION = 1

# Format name -> family: formats of one family share their raw keys.
_FAMILIES = {
    "foundry": "foundry",
    "foundry-csv": "foundry",
    "m365": "m365",
    "copilot-studio": "copilot-studio",
    "copilot-studio-conversation": "copilot-studio",
    "sheet": "sheet",
    "promptfoo": "promptfoo",
    "ragas": "ragas",
    "deepeval": "deepeval",
    "openai-evals": "openai-evals",
    "promptflow": "promptflow",
}

CASE_FIELDS = (
    "kind",
    "id",
    "name",
    "description",
    "category",
    "notes",
    "tags",
    "conversation_id",
    "summary",
    "extensions",
    "messages",
    "tool_definitions",
    "seed",
)
# The Turn fields an input holds; M365 items have exactly these (see formats.m365).
TURN_INPUT_FIELDS = (
    "prompt",
    "expected_response",
    "context",
    "response",
    "evaluators",
    "evaluators_mode",
    "allowed_tools",
    "allowed_tools_mode",
    "tags",
    "extensions",
)
TURN_FIELDS = (*TURN_INPUT_FIELDS, "results", "extra")
DATASET_FIELDS = (
    "schema_version",
    "metadata",
    "default_evaluators",
    "default_allowed_tools",
    "extra",
)


# Families whose raw keys are not columns: an M365 item's unknown keys are fields of a
# strict schema (a typo, an older version's key), meaningful only on M365 items.
_KEY_FAMILIES = frozenset({"m365"})
# Where an M365 item or thread keeps the extra columns of a record format.
COLUMNS_KEY = "columns"


def is_columns_family(family: str | None) -> bool:
    """True when a family's raw keys are a record's extra columns (CSV, JSONL, sheets...).

    Extra columns travel in every format: own columns in Foundry, peer and sheet files,
    ``extensions.columns`` on M365 items and threads, the Copilot Studio setup sidecar.
    """
    return family is not None and family not in _KEY_FAMILIES


def family_of(format_name: str | None) -> str | None:
    """The family of a format name (``foundry-csv`` -> ``foundry``); None if unknown."""
    if format_name is None:
        return None
    return _FAMILIES.get(format_name, format_name)


def _empty(value: Any) -> bool:
    return value is None or value == {} or value == []


def dump_value(value: Any) -> Any:
    """A model field's value in JSON form (messages and seeds as plain dicts)."""
    from datasetkit.core.model import Message, Seed

    if isinstance(value, list):
        return [dump_value(v) for v in value]
    if isinstance(value, (Message, Seed)):
        return value.model_dump(mode="json", exclude_none=isinstance(value, Seed))
    return copy.deepcopy(value)


def working_copy(case: Case) -> Case:
    """A copy that :func:`prepare_case` may change without touching ``case``.

    Cheaper than a deep copy (a streamed conversion makes one per row): only what
    preparing replaces or edits in place (the case, its turns, their dicts) is copied;
    messages and tool definitions are shared, since they are only read.
    """
    out = case.model_copy()
    out.turns = [
        t.model_copy(
            update={
                "extensions": dict(t.extensions) if t.extensions is not None else None,
                "extra": dict(t.extra),
            }
        )
        for t in case.turns
    ]
    if case.extensions is not None:
        out.extensions = {
            k: (dict(v) if k == CARRY_KEY and isinstance(v, dict) else v)
            for k, v in case.extensions.items()
        }
    out.extra = dict(case.extra)
    return out


def pop_carry(case: Case) -> dict[str, Any]:
    """Take the carry out of a case (its extensions, or its only turn's for an M365 item)."""
    carry: dict[str, Any] = {}
    holders: list[Case | Turn] = [case]
    if len(case.turns) == 1:
        holders.append(case.turns[0])
    for holder in holders:
        ext = holder.extensions
        if isinstance(ext, dict) and isinstance(ext.get(CARRY_KEY), dict):
            found = dict(ext.pop(CARRY_KEY))
            keep_empty = bool(found.pop("keep_empty", False))
            for k, v in found.items():
                if k == "extra" and isinstance(v, dict) and isinstance(carry.get("extra"), dict):
                    carry["extra"].update(v)
                else:
                    carry.setdefault(k, v)
            if not ext and not keep_empty:
                holder.extensions = None
    return carry


def _set_case_field(case: Case, name: str, value: Any) -> bool:
    """Set one Case field from carried JSON; False when the value does not fit."""
    from datasetkit.core.model import Case, Message, Seed

    try:
        if name == "messages":
            if not isinstance(value, list):
                return False
            case.messages = [Message.model_validate(m) for m in value]
        elif name == "seed":
            case.seed = Seed.model_validate(value)
        elif name == "extensions":
            if not isinstance(value, dict):
                return False
            case.extensions = {**value, **(case.extensions or {})}
        else:
            checked = Case.model_validate({name: value})
            setattr(case, name, getattr(checked, name))
    except (ValueError, TypeError):
        return False
    return True


def _set_turn_field(turn: Turn, name: str, value: Any) -> bool:
    from datasetkit.core.model import Turn

    try:
        if name in ("extra", "results", "extensions"):
            if not isinstance(value, dict):
                return False
            setattr(turn, name, {**value, **(getattr(turn, name) or {})})
        else:
            checked = Turn.model_validate({"prompt": "", name: value})
            setattr(turn, name, getattr(checked, name))
    except (ValueError, TypeError):
        return False
    return True


def restore_fields(case: Case, carry: dict[str, Any]) -> dict[str, Any]:
    """Put carried Case and Turn fields back where the case has none; returns the rest.

    The rest holds what is not a model field (``dataset``, ``extra``, ``foundry``) and
    any carried value that did not fit (kept, never dropped).
    """
    rest = {k: v for k, v in carry.items() if k not in ("case", "turns", "v")}
    leftover_case: dict[str, Any] = {}
    for name, value in (carry.get("case") or {}).items():
        current = getattr(case, name, None) if name in CASE_FIELDS else None
        if name not in CASE_FIELDS:
            leftover_case[name] = value
        elif name == "kind":
            if value in ("single", "conversation", "seed"):
                case.kind = value
        elif name == "extensions" or _empty(current):
            if not _set_case_field(case, name, value):
                leftover_case[name] = value
        elif dump_value(current) != value:
            leftover_case[name] = value
    turns = carry.get("turns")
    leftover_turns: list[dict[str, Any]] = []
    if isinstance(turns, list):
        for i, fields in enumerate(turns):
            left: dict[str, Any] = {}
            if i < len(case.turns) and isinstance(fields, dict):
                turn = case.turns[i]
                for name, value in fields.items():
                    if name not in TURN_FIELDS:
                        left[name] = value
                    elif name in ("extra", "results", "extensions") or _empty(getattr(turn, name)):
                        if not _set_turn_field(turn, name, value):
                            left[name] = value
                    elif getattr(turn, name) != value:
                        left[name] = value
            elif fields:
                left = fields if isinstance(fields, dict) else {"value": fields}
            leftover_turns.append(left)
    if leftover_case:
        rest["case"] = leftover_case
    if any(leftover_turns):
        rest["turns"] = leftover_turns
    return rest


def restore_dataset(dataset: Dataset, fields: Any) -> Any:
    """Put carried Dataset fields back; returns what did not fit (None when all did)."""
    from datasetkit.core.model import Dataset

    if not isinstance(fields, dict):
        return fields
    left: dict[str, Any] = {}
    for name, value in fields.items():
        if name == "extra" and isinstance(value, dict):
            dataset.extra = {**value, **dataset.extra}
        elif name in DATASET_FIELDS and _empty(getattr(dataset, name)):
            try:
                checked = Dataset.model_validate({name: value})
            except ValueError:
                left[name] = value
                continue
            setattr(dataset, name, getattr(checked, name))
        elif name not in DATASET_FIELDS or getattr(dataset, name) != value:
            left[name] = value
    return left or None


def dataset_fields(dataset: Dataset) -> dict[str, Any]:
    """The document-level fields of a dataset that are set, in carry form."""
    out: dict[str, Any] = {}
    for name in DATASET_FIELDS:
        value = getattr(dataset, name)
        # ``extra`` defaults to {}; for the others {} differs from absent.
        if value is not None and not (name == "extra" and value == {}):
            out[name] = copy.deepcopy(value)
    return out


def prepare_case(
    case: Case, source_family: str | None, target_family: str | None
) -> dict[str, Any]:
    """Ready a case for writing in ``target_family``; returns the carry still to write.

    Carried model fields are restored, raw keys of the source family that the target
    cannot use move into the carry, and raw keys that came from the target family come
    back to ``case.extra``. The returned carry is what the target's writer must store.
    """
    carry = restore_fields(case, pop_carry(case))
    extra = carry.get("extra")
    families: dict[str, Any] = dict(extra) if isinstance(extra, dict) else {}
    # Columns of record formats are the case's own extra columns in every format.
    for fam in [f for f in families if is_columns_family(f)]:
        if isinstance(families[fam], dict):
            case.extra = {**families.pop(fam), **case.extra}
    if (
        case.extra
        and source_family
        and not is_columns_family(source_family)
        and source_family != target_family
    ):
        mine = families.get(source_family)
        families[source_family] = {**case.extra, **(mine if isinstance(mine, dict) else {})}
        case.extra = {}
    if target_family and isinstance(families.get(target_family), dict):
        case.extra = {**families.pop(target_family), **case.extra}
    if families:
        carry["extra"] = families
    else:
        carry.pop("extra", None)
    return carry


def store_carry(holder: Case | Turn, carry: dict[str, Any]) -> None:
    """Put a non-empty carry into ``holder.extensions["datasetkit"]``."""
    if not carry:
        return
    box = {"v": CARRY_VERSION, **{k: v for k, v in carry.items() if k != "v"}}
    if holder.extensions == {}:
        box["keep_empty"] = True  # an empty extensions object of the case's own
    ext = dict(holder.extensions or {})
    ext[CARRY_KEY] = box
    holder.extensions = ext
