"""Model mapping: an M365 document <-> the canonical Dataset."""

from __future__ import annotations

from typing import Any

from datasetkit.core.carry import TURN_INPUT_FIELDS
from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.jsonloc import ParsedJSON, pointer_join
from datasetkit.core.model import Case, Dataset, Turn
from datasetkit.formats.m365.features import minimum_version
from datasetkit.formats.m365.spec import (
    OUTPUT_FIELDS,
    ROOT_FIELDS,
    THREAD_FIELDS,
    identity_pointer,
)
from datasetkit.formats.m365.versions import DEFAULT_WRITE_FLOOR, parse_version

# ---------------------------------------------------------------------------
# Model mapping


def _str_or_none(v: Any) -> str | None:
    return v if isinstance(v, str) else None


# Turn fields and the types they take; a value of another type stays in ``extra``.
_TURN_FIELDS: dict[str, Any] = {
    "prompt": lambda v: isinstance(v, str),
    "expected_response": lambda v: isinstance(v, str),
    "context": lambda v: isinstance(v, str),
    "response": lambda v: isinstance(v, str),
    "evaluators": lambda v: isinstance(v, dict) and all(isinstance(o, dict) for o in v.values()),
    "evaluators_mode": lambda v: isinstance(v, str),
    "allowed_tools": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    "allowed_tools_mode": lambda v: isinstance(v, str),
    "tags": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    "extensions": lambda v: isinstance(v, dict),
}


def _turn_from(obj: dict[str, Any], allowed_extra_out: tuple[str, ...] = ()) -> Turn:
    """A Turn from an item or turn object; values of the wrong type stay in ``extra``."""
    typed: dict[str, Any] = {}
    results: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    checks = _TURN_FIELDS
    for k, v in obj.items():
        if k in checks and checks[k](v):
            typed[k] = v
        elif k in OUTPUT_FIELDS:
            results[k] = v
        else:
            extra[k] = v
    return Turn(prompt=typed.pop("prompt", ""), results=results, extra=extra, **typed)


def _case_facts(case: Case, raw: dict[str, Any], ext: dict[str, Any] | None) -> None:
    """Test id, category and notes: from the 1.0-era item keys or from extensions."""
    ext = ext or {}
    for attr, keys in (
        ("id", ("testId", "id")),
        ("category", ("category",)),
        ("notes", ("notes",)),
    ):
        for k in keys:
            v = raw.get(k) if k != "id" else None
            if isinstance(v, str) and v:
                setattr(case, attr, v)
                break
            v = ext.get(k)
            if isinstance(v, str) and v:
                setattr(case, attr, v)
                break


def to_dataset(
    doc: dict[str, Any],
    path: str | None,
    pmap: Any = identity_pointer,
    parsed: ParsedJSON | None = None,
    *,
    sources: bool = True,
) -> Dataset:
    """The canonical Dataset of an (upgraded) eval document.

    Without ``sources`` the cases say nothing of where they are (validation builds the
    model only to learn whether it accepts the document, and a Source always does).
    """
    from datasetkit.core.model import Source

    cases: list[Case] = []
    items = doc.get("items") if isinstance(doc.get("items"), list) else []
    for i, item in enumerate(items or []):
        base = pointer_join("/items", i)
        line = None
        if parsed is not None:
            line = parsed.loc(path, pmap(base)).line
        if not isinstance(item, dict):
            cases.append(
                Case(
                    kind="single",
                    turns=[Turn(prompt="", extra={"$value": item})],
                    source=Source(
                        path=path, pointer=pmap(base), line=line, turn_pointers=[pmap(base)]
                    )
                    if sources
                    else None,
                )
            )
            continue
        if "turns" in item and "prompt" not in item and isinstance(item.get("turns"), list):
            case = _thread_case(item, path, base, line, pmap)
            if not sources:
                case.source = None
        else:
            turn = _turn_from(item)
            case = Case(
                kind="single",
                turns=[turn],
                tags=turn.tags,
                source=Source(path=path, pointer=pmap(base), line=line, turn_pointers=[pmap(base)])
                if sources
                else None,
            )
            _case_facts(case, item, turn.extensions)
        cases.append(case)
    return _dataset(doc, cases, path)


def _thread_case(
    item: dict[str, Any], path: str | None, base: str, line: int | None, pmap: Any
) -> Case:
    """A multi-turn thread item; wrongly typed thread fields stay raw so nothing is lost."""
    from datasetkit.core.model import Source

    turns = [
        (_turn_from(t) if isinstance(t, dict) else Turn(prompt="", extra={"$value": t}))
        for t in item["turns"]
    ]
    extra = {k: v for k, v in item.items() if k not in THREAD_FIELDS}
    case = Case(
        kind="conversation",
        name=_str_or_none(item.get("name")),
        description=_str_or_none(item.get("description")),
        tags=item.get("tags") if isinstance(item.get("tags"), list) else None,
        turns=turns,
        conversation_id=_str_or_none(item.get("conversation_id")),
        summary=item.get("summary") if isinstance(item.get("summary"), dict) else None,
        extensions=item.get("extensions") if isinstance(item.get("extensions"), dict) else None,
        extra=extra,
        source=Source(
            path=path,
            pointer=pmap(base),
            line=line,
            turn_pointers=[pmap(pointer_join(base, "turns", t)) for t in range(len(turns))],
        ),
    )
    # Wrongly typed thread fields stay raw so nothing is lost.
    for k in ("name", "description", "conversation_id", "summary", "tags", "extensions"):
        if k in item and getattr(case, k) is None:
            case.extra[k] = item[k]
    _case_facts(case, item, case.extensions)
    return case


def _dataset(doc: dict[str, Any], cases: list[Case], path: str | None) -> Dataset:
    """The document's root fields around its cases."""
    extra = {k: v for k, v in doc.items() if k not in ROOT_FIELDS}
    ds = Dataset(
        schema_version=_str_or_none(doc.get("schemaVersion")),
        metadata=doc.get("metadata") if isinstance(doc.get("metadata"), dict) else None,
        default_evaluators=doc.get("default_evaluators")
        if isinstance(doc.get("default_evaluators"), dict)
        else None,
        default_allowed_tools=doc.get("default_allowed_tools")
        if isinstance(doc.get("default_allowed_tools"), list)
        else None,
        cases=cases,
        extra=extra,
        source_format="m365",
        source_path=path,
    )
    for k in ("metadata", "default_evaluators", "default_allowed_tools"):
        if k in doc and getattr(ds, k) is None:
            ds.extra[k] = doc[k]
    return ds


def _turn_obj(turn: Turn) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k in TURN_INPUT_FIELDS:
        v = getattr(turn, k)
        if k == "prompt" or v is not None:
            out[k] = v
    for k, v in turn.results.items():
        out[k] = v
    for k, v in turn.extra.items():
        if k == "$value":
            continue
        out.setdefault(k, v)
    return out


def _reorder_extensions(item: dict[str, Any]) -> dict[str, Any]:
    """Put ``extensions`` where the writer would: after the input fields, before output ones."""
    ext = item.pop("extensions")
    out: dict[str, Any] = {}
    placed = False
    for k, v in item.items():
        if not placed and k not in TURN_INPUT_FIELDS:
            out["extensions"] = ext
            placed = True
        out[k] = v
    if not placed:
        out["extensions"] = ext
    return out


def merge_case_facts(case: Case, target: dict[str, Any], raw_keys: dict[str, Any]) -> None:
    """Put id/category/notes where the M365 document can hold them, unless already there."""
    if not isinstance(target.get("extensions") or {}, dict):
        return  # carried extensions that are no object: kept as they are, not merged into
    ext = dict(target.get("extensions") or {})
    changed = False
    for attr, raw_key, ext_key in (
        ("id", "testId", "id"),
        ("category", "category", "category"),
        ("notes", "notes", "notes"),
    ):
        value = getattr(case, attr)
        if not value:
            continue
        if (
            raw_keys.get(raw_key) == value
            or ext.get(ext_key) == value
            or (attr == "id" and ext.get("testId") == value)
        ):
            continue
        ext[ext_key] = value
        changed = True
    if changed:
        target["extensions"] = ext


def item_of(case: Case) -> dict[str, Any] | None:
    """The M365 item of one case (None for a case it cannot hold: a seed, no turns)."""
    if case.kind == "conversation":
        # Thread keys in the order THREAD_FIELDS lists them, as runevals' samples have them.
        thread: dict[str, Any] = {}
        for k in THREAD_FIELDS:
            value = [_turn_obj(t) for t in case.turns] if k == "turns" else getattr(case, k)
            if value is not None:
                thread[k] = value
        for k, v in case.extra.items():
            thread.setdefault(k, v)
        merge_case_facts(case, thread, case.extra)
        return thread
    if not case.turns:
        return None
    turn = case.turns[0]
    item = _turn_obj(turn)
    if case.tags is not None and "tags" not in item:
        item["tags"] = case.tags
    if case.extensions:
        # A single-turn item is its own turn: case-level extensions (e.g. test
        # methods from Copilot Studio) join the item's, which win on a clash.
        had = "extensions" in item
        item["extensions"] = {**case.extensions, **(item.get("extensions") or {})}
        if not had:
            item = _reorder_extensions(item)
    merge_case_facts(case, item, turn.extra)
    return item


def is_dropped_seed(case: Case) -> bool:
    """A simulation seed without prompts: no M365 item can hold it."""
    return case.kind == "seed" and not case.turns


def seeds_dropped(seeds: int) -> list[Finding]:
    """The loss finding for seeds left out of a document (none when there were none)."""
    if not seeds:
        return []
    return [
        Finding(
            "convert.m365.seeds-dropped",
            Severity.WARNING,
            f"{seeds} simulation seed(s) have no prompts and cannot be written as M365 items",
            "write seeds to Foundry JSONL instead (--to foundry)",
            Location(),
        )
    ]


def document_head(dataset: Dataset, items: Any) -> dict[str, Any]:
    """The document's root fields around ``items`` (schemaVersion as the dataset has it)."""
    doc: dict[str, Any] = {}
    for k, v in dataset.extra.items():
        if k.startswith("$"):
            doc[k] = v
    doc["schemaVersion"] = dataset.schema_version or ""
    for key, value in (
        ("metadata", dataset.metadata),
        ("default_evaluators", dataset.default_evaluators),
        ("default_allowed_tools", dataset.default_allowed_tools),
    ):
        if value is not None:
            doc[key] = value
    for k, v in dataset.extra.items():
        if not k.startswith("$"):
            doc.setdefault(k, v)
    doc["items"] = items
    return doc


def declared_version(dataset: Dataset, version: str | None) -> str | None:
    """The version the writer declares whatever the items use (None: the lowest that covers them)."""
    chosen = version or dataset.schema_version or ""
    return chosen if parse_version(chosen) is not None else None


def from_dataset(
    dataset: Dataset, version: str | None = None
) -> tuple[dict[str, Any], list[Finding]]:
    """An eval document for ``dataset``, and what it could not carry."""
    items: list[dict[str, Any]] = []
    seeds = 0
    for case in dataset.cases:
        if is_dropped_seed(case):
            seeds += 1
            continue
        item = item_of(case)
        if item is not None:
            items.append(item)
    doc = document_head(dataset, items)
    # A version the dataset already declares is kept (validate warns about newer
    # features); otherwise the lowest version that covers the content is declared.
    doc["schemaVersion"] = declared_version(dataset, version) or minimum_version(
        doc, DEFAULT_WRITE_FLOOR
    )
    return doc, seeds_dropped(seeds)


def implied_schema_version(dataset: Dataset) -> str:
    """The schemaVersion the writer declares for ``dataset`` when it declares none.

    Another format need not carry a version that writing M365 again would give anyway:
    Foundry -> M365 -> Foundry then adds no ``datasetkit`` column for it.
    """
    doc, _ = from_dataset(dataset.model_copy(update={"schema_version": None}))
    return str(doc["schemaVersion"])
