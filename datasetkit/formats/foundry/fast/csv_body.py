"""Foundry CSV records written in one pass, though the header is known only at the end.

The header of a written file is every row's columns in the order first seen (the
datasetkit column last, see writer.write_csv), so the last row settles it. Real files
name all their columns in their first rows: :class:`CsvBody` holds the first rows
(up to ``HOLD`` bytes of cells or 10,000 rows), then writes the header and every
record under the columns known so far, with the same cells, spreadsheet-safe
prefixes and size check as writer._write_spooled. A column first seen later starts a new segment of records
under the longer header; at the end, when there is more than one segment, the file
is written again with every record under the final header (:func:`_relay`), each
record read back with the csv module (format_record's quoting is what it reads).
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from datasetkit.core.carry import CARRY_KEY
from datasetkit.formats.csv_safety import FORMULA_LEAD, ExcelSafe
from datasetkit.formats.foundry import (
    reader,  # the limits the output check applies (read when used)
)
from datasetkit.io.csvfile import format_record
from datasetkit.io.files import MAX_LINE_BYTES
from datasetkit.io.staging import beside

HOLD = 1 << 20  # bytes of cells held before the header is written
_HOLD_ROWS = 10_000  # and rows (rows of empty cells add no bytes)
_CHUNK = 1 << 16  # bytes of records gathered before one write
_Stop = type[Exception]


def csv_header(columns: list[str]) -> list[str]:
    """The header for ``columns`` (in first-seen order): datasetkit's own column last,
    and query/response when there is none (as writer.write_csv lays it out)."""
    header = [c for c in columns if c != CARRY_KEY]
    if CARRY_KEY in columns:
        header.append(CARRY_KEY)
    return header or ["query", "response"]


class CsvBody:
    """The records of one CSV file, written to ``out`` as they come (see the module).

    ``out`` is read back when the file is laid out again: it must be open for reading
    too, as atomic_writer's is (tempfile.mkstemp opens it for reading and writing).
    """

    def __init__(self, out: IO[bytes], safe: ExcelSafe, stop: _Stop, bom: bool) -> None:
        self.out = out
        self.safe = safe
        self.stop = stop
        self.bom = bom
        self.columns: dict[str, None] = {}
        self.header: list[str] | None = None  # None while the first rows are held
        self.held: list[dict[str, str]] = []
        self.held_size = 0
        self.parts: list[str] = []
        self.size = 0
        self.written = 0  # bytes written to out
        # Where each segment of records starts in out, and how many columns it knew.
        self.segments: list[tuple[int, int]] = []
        # A record of one empty cell is a blank line, which reads back as no row at all.
        self.blank = False

    def add(self, cells: dict[str, str]) -> None:
        """One row's cells (raises ``stop`` when the record is past the row limit)."""
        columns = self.columns
        if not cells.keys() <= columns.keys():
            for k in cells:
                if k not in columns:
                    columns[k] = None
            if self.header is not None:
                self._new_segment()
        if self.header is None:
            self.held.append(cells)
            self.held_size += sum(map(len, cells.values()))
            if self.held_size >= HOLD or len(self.held) >= _HOLD_ROWS:
                self._start()
            return
        self._record(cells, self.header)

    def finish(self, folder: Path) -> None:
        """Write what is left; with more than one segment, lay every record out under
        the final header (a spool in ``folder`` holds them meanwhile)."""
        if self.header is None:
            self._start()
        self._flush()
        if len(self.segments) > 1:
            _relay(self, folder)

    def blank_lines(self) -> bool:
        """Whether a record is a blank line (one empty cell under a header of one column),
        which reads back as no row at all."""
        return self.blank and len(self.columns) <= 1

    def _start(self) -> None:
        """The header and the rows held so far."""
        self.header = header = csv_header(list(self.columns))
        head = ("\ufeff" if self.bom else "") + format_record(self.safe.header(header)) + "\n"
        self._write(head.encode("utf-8"))
        self.segments.append((self.written, len(self.columns)))
        for cells in self.held:
            self._record(cells, header)
        self.held = []

    def _new_segment(self) -> None:
        self._flush()
        self.header = csv_header(list(self.columns))
        self.segments.append((self.written, len(self.columns)))

    def _record(self, cells: dict[str, str], header: list[str]) -> None:
        get = cells.get
        safe = self.safe.cell
        # ExcelSafe.row, calling it only for cells it may change (the count is the same).
        values = [safe(v) if (v := get(c, "")).startswith(FORMULA_LEAD) else v for c in header]
        record = format_record(values)
        if not record:
            self.blank = True  # (see finish)
        if len(record) * 4 >= reader.MAX_ROW_BYTES and (
            sum(len(c.encode("utf-8")) for c in values) > reader.MAX_ROW_BYTES
        ):
            raise self.stop  # the output check would report it
        self.parts.append(record)
        self.size += len(record)
        if self.size >= _CHUNK:
            self._flush()

    def _flush(self) -> None:
        if self.parts:
            self.parts.append("")
            self._write("\n".join(self.parts).encode("utf-8"))
            self.parts, self.size = [], 0

    def _write(self, data: bytes) -> None:
        self.out.write(data)
        self.written += len(data)


def _relay(body: CsvBody, folder: Path) -> None:
    """Write ``body.out`` again, every segment's records under the final header: read
    back through a second handle on the same file, spooled, then copied in place."""
    out = body.out
    out.flush()
    names = list(body.columns)
    final = csv_header(names)
    beside(folder)
    fd, spool_name = tempfile.mkstemp(
        prefix=f".datasetkit-spool-{os.getpid()}-", suffix=".csv", dir=folder
    )
    try:
        with os.fdopen(fd, "w+b") as spool, io.FileIO(os.dup(out.fileno()), "r") as raw:
            src = io.BufferedReader(raw, _CHUNK)
            ends = [start for start, _ in body.segments[1:]] + [body.written]
            for (start, known), end in zip(body.segments, ends, strict=True):
                src.seek(start)
                relay_records(src, end - start, csv_header(names[:known]), final, spool)
            out.seek(0)
            out.truncate()
            head = ("\ufeff" if body.bom else "") + format_record(body.safe.header(final)) + "\n"
            out.write(head.encode("utf-8"))
            spool.seek(0)
            shutil.copyfileobj(spool, out, 1 << 20)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(spool_name)


def relay_records(
    src: IO[bytes], length: int, header: list[str], final: list[str], dst: IO[bytes]
) -> None:
    """``length`` bytes of records written under ``header``, to ``dst`` under ``final``."""
    if header == final:
        while length > 0:
            data = src.read(min(length, 1 << 20))
            if not data:
                break
            dst.write(data)
            length -= len(data)
        return
    # A record holds at most reader.MAX_ROW_BYTES of cells (CsvBody refuses longer ones).
    csv.field_size_limit(max(csv.field_size_limit(), MAX_LINE_BYTES))
    parts: list[str] = []
    size = 0
    for cells in csv.reader(_lines(src, length)):
        row = dict(zip(header, cells, strict=False))  # an empty record reads as []
        record = format_record([row.get(c, "") for c in final])
        parts.append(record)
        size += len(record)
        if size >= _CHUNK:
            parts.append("")
            dst.write("\n".join(parts).encode("utf-8"))
            parts, size = [], 0
    if parts:
        parts.append("")
        dst.write("\n".join(parts).encode("utf-8"))


def _lines(src: IO[bytes], length: int) -> Iterator[str]:
    """The text lines of the next ``length`` bytes (a quoted cell may span lines)."""
    while length > 0:
        line = src.readline()
        if not line:
            return
        length -= len(line)
        yield line.decode("utf-8")
