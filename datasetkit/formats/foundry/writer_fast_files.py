"""Writing the rows :mod:`.writer_fast` lays out: Foundry JSONL, and Foundry CSV through
a spool, in large buffered writes, with the bytes :mod:`.writer` writes."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ...carry import CARRY_KEY
from ...csvutil import format_record
from ...io import atomic_writer
from ...staging import beside
from .. import WriteOptions, WriteResult
from ..csv_safety import FORMULA_LEAD, ExcelSafe
from . import reader  # the limits the output check applies
from .plan import _check_style, _finish_carry, _Loss, _plan_row, _truncate_seed
from .row_json import dump_finite_row, dump_row
from .writer import _csv_plan
from .writer_fast import csv_cells

_CHUNK = 1 << 16  # bytes gathered before one write (large writes, little memory)
_Stop = type[Exception]


def write_jsonl(
    items: Iterable[Any],
    dest: Path,
    options: WriteOptions,
    stop: _Stop,
    loss: _Loss | None = None,
) -> WriteResult:
    """Foundry JSONL as writer.write_jsonl writes it: a clean row laid out by
    writer_fast, or a Case (of a row read the full way) through the writer's own steps;
    raises ``stop`` past the service's limits. What cannot be written is counted in
    ``loss`` (a new one when None; the caller's when it writes a file in parts)."""
    style = _check_style(options)
    loss = _Loss() if loss is None else loss
    n = 0
    buf: list[bytes] = []
    size = 0
    with atomic_writer(dest) as fh:
        for item in items:
            if item is None:
                continue
            if type(item) is tuple:
                # orjson parsed the row, so it holds no NaN or Infinity to refuse.
                line = dump_row(item[0])
            else:
                case = _truncate_seed(item, options, loss)
                plan = _plan_row(case, style, "foundry", loss, "foundry")
                box = _finish_carry(plan.carry)
                if box is not None:
                    plan.row[CARRY_KEY] = box
                line = dump_finite_row(plan.row)
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
    return WriteResult(paths=[dest], findings=loss.findings("foundry"), cases=n)


def write_csv(
    items: Iterable[Any], dest: Path, options: WriteOptions, stop: _Stop,
    loss: _Loss | None = None, safe: ExcelSafe | None = None,
) -> WriteResult:  # fmt: skip
    """Foundry CSV as writer.write_csv writes it: each row's cells (writer_fast's, or
    the writer's for a Case) spooled, then written under the header of every row's
    columns; ``loss`` and ``safe`` count losses and cells made safe (new when None)."""
    import orjson

    loss = _Loss() if loss is None else loss
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
            size = 0
            for item in items:
                if item is None:
                    continue
                if type(item) is tuple:
                    cells = csv_cells(item[0], item[1], loss)
                else:
                    cells = _csv_plan(_truncate_seed(item, options, loss), "foundry", loss)
                if cells is None:
                    continue
                for k in cells:
                    if k not in columns:
                        columns[k] = None
                line = orjson.dumps(cells)
                buf.append(line)
                size += len(line)
                n += 1
                if n > reader.MAX_ROWS:
                    raise stop
                if size >= _CHUNK:
                    buf.append(b"")
                    spool.write(b"\n".join(buf))
                    buf, size = [], 0
            buf.append(b"")
            spool.write(b"\n".join(buf))
        # datasetkit's own column goes last, as writer.write_csv puts it.
        header = [c for c in columns if c != CARRY_KEY] + (
            [CARRY_KEY] if CARRY_KEY in columns else []
        )
        header = header or ["query", "response"]
        safe = ExcelSafe(options) if safe is None else safe
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

    with atomic_writer(dest) as out, open(spool_name, "rb") as spool_in:
        parts = ["\ufeff"] if bom else []
        parts.append(format_record(header) + "\n")
        size = 0
        for line in spool_in:
            row: dict[str, str] = orjson.loads(line)
            cells = ["" if (v := row.get(c)) is None else str(v) for c in header]
            # ExcelSafe.row, calling it only for cells it may change (the count is the same).
            cells = [safe.cell(c) if c.startswith(FORMULA_LEAD) else c for c in cells]
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
