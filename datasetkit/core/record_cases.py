"""Plain JSON records as cases: the column roles of each key set, one case per record.

The column-role resolver (:mod:`.roles`) says which key holds the prompt and the
expected answer; every other key is carried as an extra column. :mod:`.records` wraps
the cases in a dataset; ``Dataset.from_records`` (:mod:`datasetkit.core.records`) uses
them directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from datasetkit.core import roles
from datasetkit.core.cases import Case, Source, Turn
from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.jsonloc import pointer_join

# Canonical field -> the Turn attribute it fills.
_TURN_FIELDS = ("expected_response", "response", "context")


def _tags(value: Any) -> list[str] | None:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value) or None
    if isinstance(value, str) and value.strip():
        return [t.strip() for t in value.replace(";", ",").split(",") if t.strip()]
    return None


def _case(
    record: dict[str, Any], res: roles.Resolution, source: Source, layout: str | None
) -> Case:
    """One case from one record: role columns to fields, the rest carried; with
    ``layout``, the keys each role was read from are kept for writing them back."""
    used = {res.headers[i] for i in res.cols.values()}

    def text(f: str) -> str | None:
        h = res.header(f)
        if h is None or roles.is_missing(record.get(h)):
            return None
        return roles.as_text(record.get(h))

    turn = Turn(prompt=text("prompt") or "", tags=_tags(record.get(res.header("tags") or "")))
    for f in _TURN_FIELDS:
        setattr(turn, f, text(f))
    # A NaN is a missing cell of a DataFrame, not a value to carry.
    extra = {
        k: v for k, v in record.items() if k not in used and not (isinstance(v, float) and v != v)
    }
    # A value that is not text (an object under "context") stays a column, not lost.
    for f in ("expected_response", "response", "context", "id", "category", "notes"):
        h = res.header(f)
        value = record.get(h) if h is not None else None
        if h in record and not roles.is_missing(value) and roles.as_text(value) is None:
            extra.setdefault(h, value)
    if layout:
        keys = {f: res.headers[i] for f, i in res.cols.items() if res.headers[i] not in extra}
        turn.extensions = {layout: {"keys": keys, "fields": list(record)}}
    return Case(
        id=text("id"),
        category=text("category"),
        notes=text("notes"),
        turns=[turn],
        extra=extra,
        source=source,
    )


def record_cases(
    records: list[dict[str, Any]],
    base: str,
    path: str,
    locate: Callable[[str], Location],
    source_format: str,
    mapping: dict[str, str] | None = None,
    *,
    layout: str | None = None,
) -> tuple[list[Case], list[Finding]]:
    """Cases from plain records; the resolution of each key set is reported once.

    A key set without a prompt, or with an ambiguous one, gives no cases for its
    records; the findings say which ``--map`` settles it.
    """
    found: list[Finding] = []
    cache: dict[tuple[str, ...], roles.Resolution] = {}
    cases: list[Case] = []
    missing: dict[str, list[Any]] = {}
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
        cases.append(_case(record, res, src, layout))
        for f in _TURN_FIELDS:
            h = res.header(f)
            # null is plainly no value; NaN and pandas' "nan" are told (they look like one).
            value = record.get(h) if h is not None else None
            if h is not None and value is not None and roles.is_missing(value):
                missing.setdefault(h, [f, 0])[1] += 1
    found += [missing_value_finding(prefix, h, f, n, locate(base)) for h, (f, n) in missing.items()]
    return cases, found


def missing_value_finding(prefix: str, header: str, f: str, n: int, where: Location) -> Finding:
    """One finding for the cells of a role column that hold a missing value (NaN...)."""
    return Finding(
        f"{prefix}.missing-value",
        Severity.WARNING,
        f"{n} value{'s' if n != 1 else ''} of {header!r} (the {f.replace('_', ' ')}) "
        f"{'hold' if n != 1 else 'holds'} a missing value (NaN, or pandas' text 'nan'): "
        "read as no "
        f"{f.replace('_', ' ')}, not as the text",
        "fill them in, or leave the cells empty (DataFrame.to_csv writes NaN as empty)",
        where,
    )
