"""Writing the rows :mod:`.writer_fast` lays out: Foundry JSONL, and Foundry CSV through
a spool, in large buffered writes, with the bytes :mod:`.writer` writes."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ...csvutil import format_record
from ...io import atomic_writer
from ...staging import beside
from .. import WriteOptions, WriteResult
from ..csv_safety import ExcelSafe
from . import reader  # the limits the output check applies
from .plan import _Loss
from .writer_fast import csv_cells, plan_clean

_CHUNK = 1 << 20  # characters gathered before one write
_Stop = type[Exception]


def write_jsonl(rows: Iterable[dict[str, Any]], dest: Path, stop: _Stop) -> WriteResult:
    """Foundry JSONL of clean rows, as writer.write_jsonl writes their cases; raises
    ``stop`` for a row not covered or past the service's limits."""
    # plan._dumps, with its encoder made once; a parsed row holds no cycle to look for.
    encode = json.JSONEncoder(
        ensure_ascii=False, separators=(", ", ": "), allow_nan=False, check_circular=False
    ).encode
    n = 0
    buf: list[bytes] = []
    size = 0
    with atomic_writer(dest) as fh:
        for row in rows:
            planned = plan_clean(row)
            if planned is None:
                raise stop
            line = encode(planned[0]).encode("utf-8")
            n += 1
            if n > reader.MAX_ROWS or len(line) >= reader.MAX_ROW_BYTES:
                raise stop  # the output check would report it
            buf.append(line)
            size += len(line)
            if size >= _CHUNK:
                buf.append(b"")
                fh.write(b"\n".join(buf))
                buf, size = [], 0
        if buf:
            buf.append(b"")
            fh.write(b"\n".join(buf))
    return WriteResult(paths=[dest], findings=[], cases=n)


def write_csv(
    rows: Iterable[dict[str, Any]], dest: Path, options: WriteOptions, stop: _Stop
) -> WriteResult:
    """Foundry CSV of clean rows, as writer.write_csv writes their cases: cells are
    spooled (the header is every row's columns), then written under the header."""
    import orjson

    loss = _Loss()
    columns: dict[str, None] = {}
    folder = dest.parent if str(dest.parent) else Path(".")
    beside(folder)
    fd, spool_name = tempfile.mkstemp(
        prefix=f".datasetkit-spool-{os.getpid()}-", suffix=".jsonl", dir=folder
    )
    n = 0
    try:
        with os.fdopen(fd, "wb") as spool:
            buf: list[bytes] = []
            for row in rows:
                planned = plan_clean(row, csv=True)
                if planned is None:
                    raise stop
                cells = csv_cells(planned[0], planned[1], loss)
                if cells is None:
                    continue
                for k in cells:
                    if k not in columns:
                        columns[k] = None
                # Columns only ever join at the end: a row spooled early gets the
                # cells of later columns (empty) when it is written.
                buf.append(orjson.dumps([cells.get(c, "") for c in columns]))
                n += 1
                if n > reader.MAX_ROWS:
                    raise stop
                if len(buf) >= 1024:
                    buf.append(b"")
                    spool.write(b"\n".join(buf))
                    buf = []
            buf.append(b"")
            spool.write(b"\n".join(buf))
        header = list(columns) or ["query", "response"]
        safe = ExcelSafe(options)
        _write_spooled(dest, spool_name, header, safe, bool(options.extra.get("bom")), stop)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(spool_name)
    found = loss.findings("foundry-csv") + safe.findings("foundry-csv")
    return WriteResult(paths=[dest], findings=found, cases=n)


def _write_spooled(
    dest: Path, spool_name: str, header: list[str], safe: ExcelSafe, bom: bool, stop: _Stop
) -> None:
    """The header, then each spooled row's cells as a CSV record (writer._write_spooled)."""
    import orjson

    width = len(header)
    with atomic_writer(dest) as out, open(spool_name, "rb") as spool_in:
        parts = ["\ufeff"] if bom else []
        parts.append(format_record(header) + "\n")
        size = 0
        for line in spool_in:
            cells: list[str] = orjson.loads(line)
            if len(cells) < width:
                cells += [""] * (width - len(cells))
            cells = safe.row(cells)
            record = format_record(cells)
            if len(record) * 4 >= reader.MAX_ROW_BYTES and (
                sum(len(c.encode("utf-8")) for c in cells) > reader.MAX_ROW_BYTES
            ):
                raise stop  # the output check would report it
            parts.append(record + "\n")
            size += len(record)
            if size >= _CHUNK:
                out.write("".join(parts).encode("utf-8"))
                parts, size = [], 0
        out.write("".join(parts).encode("utf-8"))
