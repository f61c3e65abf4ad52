"""Plain JSON records as cases: arrays of objects that belong to no format of their own.

People keep test cases as JSON exported from a script or another harness:
``[{"question": ..., "answer": ...}]``, or wrapped, ``{"cases": [...]}``. The
column-role resolver (:mod:`.roles`) says which key holds the prompt and the expected
answer; every other key is carried as an extra column. A file is an M365 document only
when its keys say so (:func:`datasetkit.formats.m365.shape.m365_keyed`); any other JSON
list of records is this format, for validate, lint and convert alike.

Writing gives the records back with the keys they were read with (the role keys are
remembered per case), the carried keys beside them; cases from other formats get
``prompt``/``expected_response``/``response``/``context``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.jsonloc import ParsedJSON, parse_json, record_list
from datasetkit.formats import (
    Format,
    InputFile,
    ReadOptions,
    ReadResult,
    WriteOptions,
    WriteResult,
    register,
)

if TYPE_CHECKING:
    from datasetkit.core.model import Case, Dataset

FORMAT = "records"
# Canonical field -> the key a case from another format is written with.
DEFAULT_KEYS = {
    "prompt": "prompt",
    "expected_response": "expected_response",
    "response": "response",
    "context": "context",
}
_CASE_KEYS = ("id", "category", "notes")
# Reading a whole file only to sniff it is bounded: past this, the head decides.
_SNIFF_WHOLE = 8 * 1024 * 1024


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
    from datasetkit.core.model import Dataset
    from datasetkit.core.record_cases import record_cases

    cases, found = record_cases(records, base, path, locate, source_format, mapping, layout=FORMAT)
    # "records": a family of its own, so the extra keys travel as columns everywhere.
    ds = Dataset(cases=cases, source_format=FORMAT, source_path=path)
    return ds, found


def not_a_document(value: Any, base: str, loc: Location) -> Finding:
    """The plain statement that a JSON file of records is no M365 eval document."""
    keys: list[str] = []
    found = record_list(value)
    for r in found[0] if found else []:
        keys.extend(k for k in r if k not in keys)
    shown = ", ".join(keys[:8]) + (", ..." if len(keys) > 8 else "")
    return Finding(
        "records.not-a-document",
        Severity.INFO,
        "not an M365 eval document: its records' keys ("
        + shown
        + ") are another harness's, so it is read as plain records"
        + (f" (the list under {base})" if base else ""),
        f"convert it to M365 (datasetkit convert {loc.path or 'FILE'} -o evals.json) if "
        "runevals should run it",
        loc,
    )


def records_result(
    value: Any, parsed: ParsedJSON, path: str, result: ReadResult, options: ReadOptions
) -> ReadResult:
    """``result`` filled with the records of ``value`` read through the column roles."""
    found = record_list(value)
    assert found is not None
    records, base = found
    locate = lambda p: parsed.loc(path, p)  # noqa: E731
    result.format = FORMAT
    result.findings.append(not_a_document(value, base, locate(base)))
    ds, findings = read_records(records, base, path, locate, FORMAT, options.mapping)
    result.dataset = ds
    result.findings += findings
    result.locate = locate
    return result


def is_records_value(value: Any) -> bool:
    """Whether a parsed JSON value is plain records (a record list no M365 key claims)."""
    from datasetkit.formats.m365.shape import classify, holds_plain_records

    return holds_plain_records(value, classify(value))


class RecordsFormat(Format):
    """JSON records of any keys (the column-role resolver decides their roles)."""

    name = FORMAT
    label = "JSON records of any harness (an array of objects; the column roles decide)"
    extensions = (".json",)
    maps_columns = True

    def sniff(self, src: InputFile) -> float:
        """Sure for a JSON list of records whose keys are no M365 item's."""
        if src.suffix not in (".json", ""):
            return 0.0
        head = src.head(64).removeprefix(b"\xef\xbb\xbf").lstrip()
        if head[:1] not in (b"[", b"{"):
            return 0.0
        from datasetkit.formats.peers.base import first_json_objects

        if head[:1] == b"[":
            from datasetkit.formats.m365.shape import m365_keyed_list

            first = first_json_objects(src, 5)
            if first:
                return 0.0 if m365_keyed_list(first) else 0.95
        from datasetkit.io.files import input_size

        if src.path != "-" and input_size(src.path) > _SNIFF_WHOLE:
            return 0.0
        try:
            value = json.loads(src.data.removeprefix(b"\xef\xbb\xbf"))
        except (ValueError, RecursionError):
            return 0.0
        return 0.95 if is_records_value(value) else 0.0

    def read(self, src: InputFile, options: ReadOptions | None = None) -> ReadResult:
        """Read each record into a case through the column roles."""
        options = options or ReadOptions()
        path = "<stdin>" if src.path == "-" else src.path
        parsed = parse_json(src.data, path)
        result = ReadResult(None, list(parsed.findings), FORMAT)
        if not parsed.ok:
            return result
        if record_list(parsed.value) is None:
            result.findings.append(
                Finding(
                    "records.shape",
                    Severity.ERROR,
                    "the file holds no list of records (JSON objects)",
                    "save the cases as a JSON array of objects, one per case",
                    parsed.loc(path, ""),
                )
            )
            return result
        return records_result(parsed.value, parsed, path, result, options)

    def write(
        self, dataset: Dataset, dest: Path, options: WriteOptions | None = None
    ) -> WriteResult:
        """Write a JSON array of records with the keys they were read with."""
        from datasetkit.formats.peers import base as c

        skips = c.Skips(FORMAT)
        rows = [_record(case) for case in c.writable_cases(dataset.cases, skips)]
        text = json.dumps(rows, ensure_ascii=False, indent=2) + "\n"
        c.write_text_atomic(dest, [text])
        return WriteResult([dest], skips.findings(), cases=len(rows))


def _record(case: Case) -> dict[str, Any]:
    from datasetkit.formats.peers import base as c

    turn = case.turns[0]
    layout = (turn.extensions or {}).get(FORMAT) or {}
    keys = {**DEFAULT_KEYS, **(layout.get("keys") or {})}
    out: dict[str, Any] = {}
    values = {
        "prompt": turn.prompt,
        "expected_response": turn.expected_response,
        "response": turn.response,
        "context": turn.context,
        **{k: getattr(case, k) for k in _CASE_KEYS},
    }
    for f, value in values.items():
        if value is not None:
            out[keys.get(f, f)] = value
    for k, value in case.extra.items():
        out.setdefault(k, c.json_value(value))
    carry = c.carry_for(case, FORMAT, ("description", "name", "tags", "extensions"))
    if carry:
        out["datasetkit"] = carry
    order = [k for k in layout.get("fields") or [] if k in out]
    return {k: out[k] for k in order + [k for k in out if k not in order]}


register(RecordsFormat())
