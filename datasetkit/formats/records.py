"""Plain JSON records as cases: arrays of objects that belong to no format of their own.

People keep test cases as JSON exported from a script or another harness:
``[{"question": ..., "answer": ...}]``, or wrapped, ``{"cases": [...]}``. The
column-role resolver (:mod:`.roles`) says which key holds the prompt and the expected
answer; every other key is carried as an extra column.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from datasetkit.core.findings import Finding, Location
from datasetkit.core.jsonloc import pointer_join
from datasetkit.core.model import Dataset
from datasetkit.core.record_cases import record_cases


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
    cases, found = record_cases(records, base, path, locate, source_format, mapping)
    # "records": a family of its own, so the extra keys travel as columns everywhere.
    ds = Dataset(cases=cases, source_format="records", source_path=path)
    return ds, found
