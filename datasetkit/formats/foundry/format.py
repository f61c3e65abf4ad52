"""The two registered formats, ``foundry`` (JSONL) and ``foundry-csv``, and how they sniff files."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from typing import IO, Any

from ...decoding import SNIFF_BYTES, sniff_text
from ...findings import Finding, Location, Severity
from ...io import UTF8_BOM
from ...jsonloc import pointer_join
from .. import (
    InputFile,
    register,
)
from .collect import Collector, _Ctx
from .csv_reader import _csv_row, _iter_csv
from .jsonl import _iter_records, _json_type
from .reader import _FoundryBase, _Index
from .writer import write_csv, write_jsonl


class FoundryJSONL(_FoundryBase):
    """Foundry / azure-ai-evaluation JSONL."""

    name = "foundry"
    label = "Foundry evaluation JSONL (messages, query/response, seeds)"
    extensions = (".jsonl",)
    _writer = staticmethod(write_jsonl)

    def sniff(self, src: InputFile) -> float:
        head = src.head(65536)
        body = head.removeprefix(UTF8_BOM).lstrip()
        if src.suffix == ".jsonl":
            return 0.95
        first = body.split(b"\n", 1)[0].strip()
        if first.startswith(b"{") and first.endswith(b"}"):
            try:
                value = json.loads(first)
            except (json.JSONDecodeError, UnicodeDecodeError):
                return 0.0
            keys = set(value) if isinstance(value, dict) else set()
            foundry = {
                "messages",
                "query",
                "response",
                "conversation",
                "test_case_description",
                "ground_truth",
            }
            if keys & foundry and "items" not in keys and "schemaVersion" not in keys:
                return 0.95
            return 0.3
        if src.suffix == ".json" and body.startswith(b"["):
            # A JSON array of Foundry rows (saved with the wrong extension).
            probe = body[:4096]
            if (
                any(k in probe for k in (b'"query"', b'"messages"', b'"test_case_description"'))
                and b'"prompt"' not in probe
            ):
                return 0.92
        return 0.0

    def _records(
        self, fh: IO[bytes], col: Collector, index: _Index | None
    ) -> Iterator[tuple[dict[str, Any] | None, _Ctx, int]]:
        for rec in _iter_records(fh, col):
            if index is not None:
                index.spans.append((rec.start, rec.end, rec.base_line or rec.line, rec.prefix))
            ctx = _Ctx(
                col.path,
                rec.index,
                rec.base_line if rec.prefix else rec.line,
                text=rec.text,
                prefix=rec.prefix,
                first_line=rec.line,
            )
            size = (
                rec.end - rec.start
                if not rec.prefix
                else len(json.dumps(rec.value, ensure_ascii=False).encode("utf-8"))
            )
            if not isinstance(rec.value, dict):
                col.add(
                    Finding(
                        "foundry.jsonl.not-object",
                        Severity.ERROR,
                        f"this line is {_json_type(rec.value)}, not an object: every JSONL row must "
                        "be a JSON object (the SDK turns an array into numbered columns)",
                        'write the row as {"query": ..., "response": ...}',
                        Location(
                            path=col.path,
                            line=rec.line,
                            column=1,
                            pointer=pointer_join("", rec.index),
                        ),
                    )
                )
                yield None, ctx, size
                continue
            yield rec.value, ctx, size


class FoundryCSV(_FoundryBase):
    """Foundry CSV: a header row, one turn-level test case per row, string cells."""

    name = "foundry-csv"
    label = "Foundry evaluation CSV (query, response, context, ground_truth)"
    extensions = (".csv",)
    csv_mode = True
    _writer = staticmethod(write_csv)

    def sniff(self, src: InputFile) -> float:
        if src.suffix not in (".csv", ""):
            return 0.0
        # Decoded first, so a UTF-16 file is judged by its text, not its NUL bytes.
        text = sniff_text(src.head(SNIFF_BYTES)) or ""
        first = (text.splitlines() or [""])[0].strip()
        try:
            header = next(csv.reader([first]))
        except (csv.Error, StopIteration):
            return 0.0
        names = {h.strip() for h in header}
        if len(header) == 1:
            # A semicolon- or tab-separated Foundry file: claim it so its finding says why.
            names |= {h.strip() for h in header[0].replace("\t", ";").split(";")}
        known = {
            "query",
            "response",
            "ground_truth",
            "context",
            "conversation",
            "test_case_description",
        }
        if names & known:
            return 0.9
        return 0.1 if src.suffix == ".csv" else 0.0

    def _records(
        self, fh: IO[bytes], col: Collector, index: _Index | None
    ) -> Iterator[tuple[dict[str, Any] | None, _Ctx, int]]:
        for rec in _iter_csv(fh, col):
            if index is not None:
                index.csv_rows.append((rec.line, rec.row))
            ctx = _Ctx(col.path, rec.index, rec.line, row=rec.row)
            size = sum(len(str(v).encode("utf-8")) for v in rec.values.values())
            yield _csv_row(rec.values), ctx, size


register(FoundryJSONL())
register(FoundryCSV())
