"""Reading Foundry JSONL rows for the fast conversion, and writing them.

:class:`Scan` reads a file (or a byte range of it) in blocks, as the reader reads it
line by line: a clean row laid out by :mod:`.layout`, any other row read the full way.
:func:`write_items` writes what it gives as the target's file. Used by :mod:`.convert`
(one process) and :mod:`.parts` (several).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit import formats
from datasetkit.core.carry import CARRY_KEY
from datasetkit.core.findings import Finding, Location, Tally
from datasetkit.core.positions import UTF8_BOM
from datasetkit.formats import WriteOptions, WriteResult
from datasetkit.formats.foundry import spec
from datasetkit.formats.foundry.collect import Collector
from datasetkit.formats.foundry.jsonl import has_long_number
from datasetkit.formats.foundry.spec import MAX_PER_CODE
from datasetkit.formats.foundry.spec import MAX_ROW_BYTES as _MAX_ROW_BYTES

if TYPE_CHECKING:
    from datasetkit.core.model import Case
    from datasetkit.formats.csv_safety import ExcelSafe
    from datasetkit.formats.foundry.fast.aside import Aside
    from datasetkit.formats.foundry.fast.unclean import Unclean
    from datasetkit.formats.foundry.loss import Loss

    # An item to write: a clean row laid out (layout.plan_clean), a row that is not clean
    # laid out (unclean.plan_unclean), or the Case of a row read the full way (None when
    # the target leaves it out).
    Item = tuple[dict[str, Any], Any] | Unclean | Case | None
    # Lays out the case of a row read the full way for the target, from its source format
    # (None when the target leaves it out, counted as its loss).
    Prepare = Callable[[Case, str], Case | None]

_BLOCK = 1 << 15  # bytes read at once (whole lines are cut from it; memory stays small)
_REPORT = 1 << 18  # bytes between two progress reports (about 400 for 100 MB)


class NotCovered(Exception):
    """A line, row or file the fast path does not cover: convert the full way."""


class Read:
    """What reading the inputs found: rows read, rows read the full way, findings, and
    the caller's count of what ``prepare`` left out (``tally``, summed over parts)."""

    def __init__(self, tally: Tally | None = None) -> None:
        self.rows = 0
        self.full = 0
        self.findings: dict[str, list[Finding]] = {}
        self.tally = tally


def write_items(
    items: Iterable[Item],
    dest: Path,
    target: formats.Format,
    options: WriteOptions,
    loss: Loss | None = None,
    safe: ExcelSafe | None = None,
    aside: Aside | None = None,
) -> WriteResult:
    """The items written as the target's file (raises NotCovered past its limits); the
    output of the rows read the full way also to ``aside``."""
    from datasetkit.formats.foundry.fast.write import write_csv, write_jsonl

    if target.name == "foundry":
        return write_jsonl(items, dest, options, NotCovered, loss, aside)
    return write_csv(items, dest, options, NotCovered, loss, safe, aside)


# Bytes of a file's start looked at before it is cut into parts (about 250 rows of a
# typical file; parsing them again costs a clean file well under 1% of its conversion).
_SNIFF = 1 << 18
# What reading a row the full way and writing it through the writer's steps imports.
_FULL_WAY = (
    "datasetkit.core.model",
    "datasetkit.formats.foundry.cases",
    "datasetkit.formats.foundry.plan",
    "datasetkit.formats.foundry.reader",
    "datasetkit.formats.foundry.writer",
)


def preload_full_way(path: str, end: int) -> bool:
    """Load the code that reads a row the full way (the models, about 80 ms) now, when a
    row among the first ones up to byte ``end`` needs it (one that is neither clean nor
    laid out by unclean.plan_unclean): a file with one such row near its start usually
    has more further on, and processes forked after this share the loaded code instead
    of each loading it. True when it was loaded."""
    import orjson

    from datasetkit.formats.foundry.clean import clean_row
    from datasetkit.formats.foundry.fast.unclean import plan_unclean

    nowhere = Location(path=path)
    with open(path, "rb") as fh:
        head = fh.read(min(_SNIFF, end))
    lines = head.split(b"\n")[:-1]  # the last one may be cut short
    for line in lines:
        try:
            row = orjson.loads(line)
        except orjson.JSONDecodeError:
            return False  # the scan says what is wrong with it
        if type(row) is dict and not clean_row(row) and plan_unclean(row, nowhere) is None:
            break
    else:
        return False
    import importlib

    for name in _FULL_WAY:
        importlib.import_module(name)
    return True


class Scan:
    """One input file read in large blocks, as the reader reads it line by line: a clean
    row laid out by :mod:`.layout`, any other row read the full way (the reader's steps
    for one row, :class:`..reader.Rows`) and laid out for the target by ``prepare``.

    A line the reader would report on as a line (a blank line, a byte order mark, JSON
    orjson refuses, not an object, past the size limit) makes the whole file go the full
    way. The first row past the batch evaluation's row limit gets the reader's finding,
    and the scan goes on: the limit is the cloud batch run's, not the file's.

    A part of the file read in another process (see :mod:`.parts`) is read ``relative``:
    its line numbers count from the part's start and its findings are recorded, with what
    the reader's collector did with each, for this process to place and add in order.
    """

    def __init__(self, path: str, target: formats.Format, prepare: Prepare, read: Read) -> None:
        self.path = path
        self.target = target
        self.prepare = prepare
        self.read = read
        self.found: list[Finding] = read.findings.setdefault(path, [])
        self.lines = 0  # lines read so far (the line number of the last one)
        self.relative = False
        self._col: Collector | None = None
        self._full: _FullRows | None = None

    def finish(self) -> None:
        """The end of the file: the reader's summary findings; an empty file is not covered."""
        if self.lines == 0:
            raise NotCovered  # the reader reports an empty file
        if self._col is not None:
            self._col.finish()

    def start_part(self) -> None:
        """Read from here on as a part in another process: counts and findings its own."""
        self.lines = 0
        self.read.rows = self.read.full = 0
        self.found = self.read.findings[self.path] = []
        self.relative = True
        self._col = self._full = None
        if self.read.tally is not None:
            self.read.tally.counts.clear()

    def collector(self) -> Collector:
        """The collector of the rows read the full way (a recording one in a part)."""
        if self._col is None:
            kind = Recorder if self.relative else Collector
            self._col = kind(self.found, self.path, converting=True)
        return self._col

    def too_many(self, number: int, line: bytes) -> None:
        """The reader's finding on line ``number`` (``line``), the first past the row limit."""
        from datasetkit.formats.foundry.collect import RowContext
        from datasetkit.formats.foundry.reader import too_many_rows

        text = line.rstrip(b"\r\n").decode("utf-8", errors="replace")
        ctx = RowContext(self.path, number - 1, number, text=text, first_line=number)
        self.found.append(too_many_rows(ctx, converting=True))

    def rows(
        self,
        fh: Any,
        start: int,
        end: int | None,
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
                raise NotCovered
            lines = block.split(b"\n")
            if not lines[-1]:
                lines.pop()  # the block ends with a line break
            yield from self._lines(lines)
            if on_block is not None and block_start + len(block) - reported >= _REPORT:
                reported = block_start + len(block)
                on_block(reported)

    def _lines(self, lines: list[bytes]) -> Generator[Item, None, None]:
        """The rows of one block's lines."""
        import orjson

        from datasetkit.formats.foundry.clean import clean_row
        from datasetkit.formats.foundry.fast.layout import plan_clean

        loads, decode_error = orjson.loads, orjson.JSONDecodeError
        csv = self.target.name != "foundry"
        read = self.read
        first = self.lines + 1
        self.lines += len(lines)
        # The index of the row past the batch limit, when this block holds it (a part's
        # process does not know its line numbers: its parent says it, see parts.py).
        past = spec.MAX_ROWS + 1 - first if not self.relative else -1
        for i, line in enumerate(lines):
            if i == past:
                self.too_many(first + i, line)
            try:
                if len(line) >= _MAX_ROW_BYTES:
                    raise NotCovered
                row = loads(line)  # refuses what the reader reports: bad UTF-8, NaN, blanks
                if type(row) is not dict:
                    raise NotCovered
            except (decode_error, NotCovered):
                raise NotCovered from None
            read.rows += 1
            planned = plan_clean(row, csv) if clean_row(row) else None
            if planned is not None:
                yield planned
            else:
                read.full += 1
                yield self._full_rows().case(row, first + i, line)

    def _full_rows(self) -> _FullRows:
        if self._full is None:
            self._full = _FullRows(self.collector(), self.prepare)
        return self._full


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
    """Rows that are not clean, one at a time: the reader's steps for one JSONL row
    (:class:`..reader.Rows`, as :class:`..reader.JSONLReader` places it), their findings
    to ``col``; then the row laid out without the model where :mod:`.unclean` covers
    it, else its Case laid out for the target by ``prepare``."""

    def __init__(self, col: Collector, prepare: Prepare) -> None:
        from datasetkit.formats import ReadOptions
        from datasetkit.formats.foundry.reader import Rows

        self.col = col
        self.rows = Rows(False, ReadOptions(extra={"converting": True}), self.col)
        self.prepare = prepare

    def case(self, row: dict[str, Any], line: int, raw: bytes) -> Item:
        """The row on ``line`` laid out, or its prepared Case (None when the target
        leaves it out)."""
        from datasetkit.formats.foundry.collect import RowContext
        from datasetkit.formats.foundry.mapping import resolve_roles

        text = raw.rstrip(b"\r\n").decode("utf-8")
        ctx = RowContext(self.col.path, line - 1, line, text=text, prefix="", first_line=line)
        rows = self.rows
        checked, notes, carry_raw = rows.checked(row, ctx)
        checked, notes = resolve_roles(checked, notes, rows.roles_for, ctx, self.col)
        if notes is None and CARRY_KEY not in row:
            from datasetkit.formats.foundry.fast.unclean import plan_unclean

            laid = plan_unclean(checked, Location(path=self.col.path, line=line))
            if laid is not None:
                return laid
        case = rows.case_of(checked, notes, carry_raw, ctx)
        assert case is not None  # the rows build cases
        return self.prepare(case, "foundry")


class Recorder(Collector):
    """The collector of a part read in another process: it keeps each finding with the
    key it was said once under (``events``, in order; past MAX_PER_CODE of a code only
    the count, see :meth:`overflow`), so the parent can add them to its own collector
    as if it had read the rows itself (:func:`replay`)."""

    def __init__(self, out: list[Finding], path: str, converting: bool = False) -> None:
        super().__init__(out, path, converting)
        self.events: list[tuple[str | None, Finding]] = []

    def add(self, f: Finding) -> None:
        n = self.counts.get(f.code, 0) + 1
        self.counts[f.code] = n
        if n <= MAX_PER_CODE:
            self.events.append((None, f))

    def overflow(self) -> dict[str, int]:
        """Per code, the findings counted but not kept: past the cap, :meth:`add` and the
        row checks (which do not build a finding once its code is full) only count."""
        kept: dict[str, int] = {}
        for _, f in self.events:
            kept[f.code] = kept.get(f.code, 0) + 1
        return {c: n - kept.get(c, 0) for c, n in self.counts.items() if n > kept.get(c, 0)}

    def add_once(self, key: str, f: Finding) -> None:
        # Kept whatever the count: another part may have said it first.
        if key not in self.once:
            self.once.add(key)
            self.counts[f.code] = self.counts.get(f.code, 0) + 1
            self.events.append((key, f))


def replay(
    col: Collector,
    events: list[tuple[str | None, Finding]],
    overflow: dict[str, int],
    lines: int,
) -> None:
    """A part's recorded findings added to ``col``, their rows moved down by ``lines``
    (the lines before the part)."""
    for key, f in events:
        f = shifted(f, lines)
        if key is None:
            col.add(f)
        else:
            col.add_once(key, f)
    for code, n in overflow.items():
        col.counts[code] = col.counts.get(code, 0) + n


def shifted(f: Finding, lines: int) -> Finding:
    """``f`` of a row ``lines`` further down: its line and its pointer's row index."""
    loc = f.location
    pointer = loc.pointer
    if pointer and pointer[1:].split("/", 1)[0].isdigit():
        head, _, rest = pointer[1:].partition("/")
        pointer = f"/{int(head) + lines}" + (f"/{rest}" if _ else "")
    line = loc.line + lines if loc.line is not None else None
    return replace(f, location=replace(loc, line=line, pointer=pointer))
