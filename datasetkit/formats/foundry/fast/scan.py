"""Reading Foundry JSONL rows for the fast conversion, and writing them.

:class:`Scan` reads a file (or a byte range of it) in blocks, as the reader reads it
line by line: a clean row laid out by :mod:`.layout`, any other row read the full way.
:func:`write_items` writes what it gives as the target's file. Used by :mod:`.convert`
(one process) and :mod:`.parts` (several).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit import formats
from datasetkit.core.findings import Finding
from datasetkit.core.positions import UTF8_BOM
from datasetkit.formats import WriteOptions, WriteResult
from datasetkit.formats.foundry.jsonl import has_long_number
from datasetkit.formats.foundry.spec import MAX_ROW_BYTES as _MAX_ROW_BYTES
from datasetkit.formats.foundry.spec import MAX_ROWS as _MAX_ROWS

if TYPE_CHECKING:
    from datasetkit.core.model import Case
    from datasetkit.formats.csv_safety import ExcelSafe
    from datasetkit.formats.foundry.loss import Loss

    # An item to write: a clean row laid out (layout.plan_clean), or the Case of a row
    # read the full way (None when the target leaves it out).
    Item = tuple[dict[str, Any], Any] | Case | None
    # Lays out the case of a row read the full way for the target, from its source format
    # (None when the target leaves it out, counted as its loss).
    Prepare = Callable[[Case, str], Case | None]

_BLOCK = 1 << 15  # bytes read at once (whole lines are cut from it; memory stays small)
_REPORT = 1 << 18  # bytes between two progress reports (about 400 for 100 MB)


class NotCovered(Exception):
    """A line, row or file the fast path does not cover: convert the full way."""


class Read:
    """What reading the inputs found: rows read, rows read the full way, findings."""

    def __init__(self) -> None:
        self.rows = 0
        self.full = 0
        self.findings: dict[str, list[Finding]] = {}


def write_items(
    items: Iterable[Item],
    dest: Path,
    target: formats.Format,
    options: WriteOptions,
    loss: Loss | None = None,
    safe: ExcelSafe | None = None,
) -> WriteResult:
    """The items written as the target's file (raises NotCovered past its limits)."""
    from datasetkit.formats.foundry.fast.write import write_csv, write_jsonl

    if target.name == "foundry":
        return write_jsonl(items, dest, options, NotCovered, loss)
    return write_csv(items, dest, options, NotCovered, loss, safe)


class Scan:
    """One input file read in large blocks, as the reader reads it line by line: a clean
    row laid out by :mod:`.layout`, any other row read the full way (the reader's steps
    for one row, :class:`..reader.Rows`) and laid out for the target by ``prepare``.

    A line the reader would report on as a line (a blank line, a byte order mark, JSON
    orjson refuses, not an object, past the limits) makes the whole file go the full way.
    In ``strict`` mode (a part converted in another process, see :mod:`.parts`) the scan
    stops before the first row that is not clean instead, and notes where.
    """

    def __init__(self, path: str, target: formats.Format, prepare: Prepare, read: Read) -> None:
        self.path = path
        self.target = target
        self.prepare = prepare
        self.read = read
        self.found: list[Finding] = read.findings.setdefault(path, [])
        self.lines = 0  # lines read so far (the line number of the last one)
        self.stopped_at: int | None = None  # strict mode: offset of the first row left
        self._full: _FullRows | None = None

    def finish(self) -> None:
        """The end of the file: the reader's summary findings; an empty file is not covered."""
        if self.lines == 0:
            raise NotCovered  # the reader reports an empty file
        if self._full is not None:
            self._full.col.finish()

    def rows(
        self,
        fh: Any,
        start: int,
        end: int | None,
        strict: bool = False,
        on_block: Callable[[int], None] | None = None,
    ) -> Generator[Item, None, None]:
        """The rows of the lines from byte ``start`` (a line start) to ``end`` (one too,
        or None: the end of the file); ``on_block`` hears the offset reached, every
        _REPORT bytes or so (a progress bar's update costs more than a block's rows)."""
        reported = start
        for block_start, block in _blocks(fh, start, end):
            if has_long_number(block) or b"\\u0000" in block:
                # A number orjson reads differently from json, or a NUL (which a CSV
                # reader may take for UTF-16): the full path.
                if strict:
                    self.stopped_at = block_start
                    return
                raise NotCovered
            lines = block.split(b"\n")
            if not lines[-1]:
                lines.pop()  # the block ends with a line break
            stop = yield from self._lines(lines, strict)
            if stop is not None:
                self.stopped_at = block_start + sum(len(x) + 1 for x in lines[:stop])
                self.lines -= len(lines) - stop
                return
            if on_block is not None and block_start + len(block) - reported >= _REPORT:
                reported = block_start + len(block)
                on_block(reported)

    def _lines(self, lines: list[bytes], strict: bool) -> Generator[Item, None, int | None]:
        """The rows of one block's lines; in strict mode the index of the first line not
        converted here (None when all were)."""
        import orjson

        from datasetkit.formats.foundry.clean import clean_row
        from datasetkit.formats.foundry.fast.layout import plan_clean

        loads, decode_error = orjson.loads, orjson.JSONDecodeError
        csv = self.target.name != "foundry"
        read = self.read
        first = self.lines + 1
        self.lines += len(lines)
        if self.lines > _MAX_ROWS:
            if strict:
                return 0  # the parts add up; the whole file goes the full way
            raise NotCovered
        for i, line in enumerate(lines):
            try:
                if len(line) >= _MAX_ROW_BYTES:
                    raise NotCovered
                row = loads(line)  # refuses what the reader reports: bad UTF-8, NaN, blanks
                if type(row) is not dict:
                    raise NotCovered
            except (decode_error, NotCovered):
                if strict:
                    return i
                raise NotCovered from None
            planned = plan_clean(row, csv) if clean_row(row) else None
            if planned is not None:
                read.rows += 1
                yield planned
            elif strict:
                return i
            else:
                read.rows += 1
                read.full += 1
                if self._full is None:
                    self._full = _FullRows(self.path, self.found, self.prepare)
                yield self._full.case(row, first + i, line)
        return None


def _blocks(fh: Any, start: int, end: int | None) -> Iterator[tuple[int, bytes]]:
    """(offset, bytes) of the whole lines from ``start`` to ``end`` in blocks of about
    _BLOCK bytes; a line longer than the row limit ends the reading (not covered)."""
    fh.seek(start)
    pos = start  # offset of the next byte to read
    tail = b""
    while True:
        want = _BLOCK if end is None else min(_BLOCK, end - pos)
        chunk = fh.read(want) if want > 0 else b""
        pos += len(chunk)
        data = tail + chunk if tail else chunk
        if not chunk:
            if data:
                yield pos - len(data), data  # the last line has no line break
            return
        if start == 0 and pos == len(chunk) and data[:3] == UTF8_BOM:
            raise NotCovered  # the reader reports a byte order mark
        cut = data.rfind(b"\n") + 1
        if cut == 0:
            if len(data) >= _MAX_ROW_BYTES:
                raise NotCovered  # a line past the limit: the reader reports it
            tail = data
            continue
        tail = data[cut:]
        yield pos - len(data), data[:cut] if tail else data


class _FullRows:
    """Rows read the full way, one at a time: the reader's steps for one JSONL row
    (:class:`..reader.Rows`, as :class:`..reader.JSONLReader` places it), then laid out
    for the target by ``prepare``."""

    def __init__(self, path: str, found: list[Finding], prepare: Prepare) -> None:
        from datasetkit.formats import ReadOptions
        from datasetkit.formats.foundry.collect import Collector
        from datasetkit.formats.foundry.reader import Rows

        self.col = Collector(found, path, converting=True)
        self.rows = Rows(False, ReadOptions(extra={"converting": True}), self.col)
        self.prepare = prepare

    def case(self, row: dict[str, Any], line: int, raw: bytes) -> Case | None:
        """The prepared Case of the row on ``line`` (None when the target leaves it out)."""
        from datasetkit.formats.foundry.collect import RowContext

        text = raw.rstrip(b"\r\n").decode("utf-8")
        ctx = RowContext(self.col.path, line - 1, line, text=text, prefix="", first_line=line)
        case = next(self.rows.take(row, ctx))
        assert case is not None  # the rows build cases
        return self.prepare(case, "foundry")
