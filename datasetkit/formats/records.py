"""Plain JSON records as cases: arrays of objects that belong to no format of their own.

People keep test cases as JSON exported from a script or another harness:
``[{"question": ..., "answer": ...}]``, or wrapped, ``{"cases": [...]}``. The
column-role resolver (:mod:`.roles`) says which key holds the prompt and the expected
answer; every other key is carried as an extra column.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..findings import Finding, Location, Severity
from ..jsonloc import pointer_join
from ..model import Case, Dataset, Source, Turn
from . import roles

# Canonical field -> the Turn attribute it fills.
_TURN_FIELDS = ("expected_response", "response", "context")


def record_list(value: Any) -> tuple[list[dict[str, Any]], str] | None:
    """The records in ``value`` and their pointer, when it is a list of objects (bare, or
    the one list-of-objects member of an object); None otherwise."""
    if isinstance(value, list):
        if value and all(isinstance(v, dict) for v in value):
            return value, ""
        return None
    if isinstance(value, dict):
        lists = [
            (k, v)
            for k, v in value.items()
            if isinstance(v, list) and v and all(isinstance(x, dict) for x in v)
        ]
        if len(lists) == 1:
            key, records = lists[0]
            return records, pointer_join("", key)
    return None


def _tags(value: Any) -> list[str] | None:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value) or None
    if isinstance(value, str) and value.strip():
        return [t.strip() for t in value.replace(";", ",").split(",") if t.strip()]
    return None


def _case(record: dict[str, Any], res: roles.Resolution, source: Source) -> Case:
    """One case from one record: role columns to fields, the rest carried."""
    used = {res.headers[i] for i in res.cols.values()}

    def text(f: str) -> str | None:
        h = res.header(f)
        return roles.as_text(record.get(h)) if h is not None else None

    turn = Turn(prompt=text("prompt") or "", tags=_tags(record.get(res.header("tags") or "")))
    for f in _TURN_FIELDS:
        setattr(turn, f, text(f))
    extra = {k: v for k, v in record.items() if k not in used}
    # A value that is not text (an object under "context") stays a column, not lost.
    for f in ("expected_response", "response", "context", "id", "category", "notes"):
        h = res.header(f)
        if h is not None and h in record and roles.as_text(record[h]) is None:
            extra.setdefault(h, record[h])
    return Case(
        id=text("id"),
        category=text("category"),
        notes=text("notes"),
        turns=[turn],
        extra=extra,
        source=source,
    )


def read_records(
    records: list[dict[str, Any]],
    base: str,
    path: str,
    locate: Callable[[str], Location],
    source_format: str,
    mapping: dict[str, str] | None = None,
) -> tuple[Dataset | None, list[Finding]]:
    """Cases from plain records; the resolution of each key set is reported once.

    A key set without a prompt, or with an ambiguous one, gives no cases for its
    records; the findings say which ``--map`` settles it.
    """
    found: list[Finding] = []
    cache: dict[tuple[str, ...], roles.Resolution] = {}
    cases: list[Case] = []
    prefix = "records" if source_format == "m365" else source_format
    for i, record in enumerate(records):
        pointer = pointer_join(base, i)
        key = tuple(record)
        res = cache.get(key)
        if res is None:
            res = cache[key] = roles.resolve(list(key), mapping)
            found += roles.findings(res, prefix, locate(pointer))
            if "prompt" not in res.cols:
                found.append(
                    Finding(
                        f"{prefix}.no-prompt",
                        Severity.ERROR,
                        "no key of these records holds the prompt (keys: "
                        + ", ".join(repr(k) for k in key)
                        + ")",
                        "name it with --map prompt=KEY",
                        locate(pointer),
                    )
                )
        if "prompt" not in res.cols or res.ambiguous:
            continue
        loc = locate(pointer)
        src = Source(path=path, line=loc.line, pointer=pointer, turn_pointers=[pointer])
        cases.append(_case(record, res, src))
    # "records": a family of its own, so the extra keys travel as columns everywhere.
    ds = Dataset(cases=cases, source_format="records", source_path=path)
    return ds, found
