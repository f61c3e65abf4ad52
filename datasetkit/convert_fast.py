"""Converting Foundry JSONL to Foundry JSONL or CSV without models for clean rows.

Most rows of a real file are clean (:func:`formats.foundry.clean.clean_row`), and for
them reading into a Case, preparing it and writing it again is mechanical
(:mod:`formats.foundry.writer_fast` lays out the same row from the dict). This path
parses each line once and writes in large buffered writes; a row that is not clean
(or not a shape writer_fast covers) is read, prepared and written the full way, by
the same functions the streamed path calls, in its place. When every row was clean
the output needs no second reading: a clean row is written clean (see writer_fast),
so the target's checks, which the streamed path runs on the staged output, could find
nothing; otherwise they run as there.

A line the reader reports on as a line (a byte order mark, a blank line, JSON that
orjson refuses, not an object, past the service's limits), an empty file, or anything
raised while writing makes the path give up: nothing is kept, and the caller converts
the file the full way, so output, findings and summary are the streamed path's in
every case. ``DATASETKIT_FULL_CONVERT=1`` turns this path off (tests compare both).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import formats
from .convert_result import ConvertResult, input_size
from .findings import Finding, Tally
from .formats import InputFile, ReadOptions, WriteOptions, WriteResult
from .staging import staged_output

if TYPE_CHECKING:
    from .model import Case

    # An item to write: a clean row laid out (writer_fast.plan_clean), or the Case of a
    # row read the full way (None when the target leaves it out).
    Item = tuple[dict[str, Any], Any] | Case | None

FULL_PATH_ENV = "DATASETKIT_FULL_CONVERT"
# The JSONL layouts covered: the default. ("bom" and "excel_safe" are honoured.)
_STYLES = (None, "auto")


class _NotCovered(Exception):
    """A line, row or file the fast path does not cover: convert the full way."""


def convert_fast(
    sources: list[tuple[str, formats.Format, InputFile]],
    dest: Path,
    target: formats.Format,
    read_options: ReadOptions,
    write_options: WriteOptions,
    loss: Tally,
    result: ConvertResult,
    total: int,
    progress: Callable[[int, int], None] | None,
) -> bool:
    """Convert as convert_stream.convert_streamed does, clean rows without models; False
    (``result`` untouched, nothing written) when the streamed path must do it all."""
    if not _covered(sources, target, read_options, write_options):
        return False
    from .formats.foundry.writer_fast_files import write_csv, write_jsonl

    folder = dest.parent if str(dest.parent) else Path(".")
    read = _Read()
    with staged_output(folder, dest, False) as staged:
        rows = _rows(sources, target, loss, read, total, progress)
        try:
            if target.name == "foundry":
                written = write_jsonl(rows, staged, write_options, _NotCovered)
            else:
                written = write_csv(rows, staged, write_options, _NotCovered)
        except Exception:
            # _NotCovered, or anything else (a full disk, an unforeseen shape): the full
            # path then does it all again and reports what it finds, as it always has.
            rows.close()
            return False
        _finish(sources, staged, dest, target, write_options, loss, result, read, written)
    return True


def _covered(
    sources: list[tuple[str, formats.Format, InputFile]],
    target: formats.Format,
    read_options: ReadOptions,
    write_options: WriteOptions,
) -> bool:
    """Whether the inputs, target and options are ones the fast path handles."""
    if os.environ.get(FULL_PATH_ENV) or target.name not in ("foundry", "foundry-csv"):
        return False
    if read_options.mapping or any(
        fmt.name != "foundry" or src.path == "-" or src._data is not None for _, fmt, src in sources
    ):
        return False
    extra = write_options.extra
    if extra.get("jsonl_style") not in _STYLES:
        return False  # another layout, or an unknown one the full path reports
    if target.name == "foundry" and extra.get("bom"):
        return False  # the full path refuses it
    try:
        import orjson  # noqa: F401  (the parser the full path uses for such lines)
    except ImportError:
        return False
    return True


class _Read:
    """What reading the inputs found: rows read, rows read the full way, findings."""

    def __init__(self) -> None:
        self.rows = 0
        self.full = 0
        self.findings: dict[str, list[Finding]] = {}


def _rows(
    sources: list[tuple[str, formats.Format, InputFile]],
    target: formats.Format,
    loss: Tally,
    read: _Read,
    total: int,
    progress: Callable[[int, int], None] | None,
) -> Generator[Item, None, None]:
    """Every input's rows in turn; counts, findings and progress on the way."""
    done_before = 0
    for p, _fmt, src in sources:
        found: list[Finding] = []
        read.findings[p] = found
        try:
            with open(src.path, "rb") as fh:
                yield from _file_rows(fh, src.path, target, loss, found, read, done_before, total, progress)  # fmt: skip
        except OSError:
            raise _NotCovered from None  # the full path words it
        done_before += input_size(p)
        if progress:
            progress(done_before, total)


def _file_rows(
    fh: Any,
    path: str,
    target: formats.Format,
    loss: Tally,
    found: list[Finding],
    read: _Read,
    base: int,
    total: int,
    progress: Callable[[int, int], None] | None,
) -> Iterator[Item]:
    """One file's rows as the reader reads them: a clean row laid out by writer_fast,
    any other row read the full way (formats.foundry.reader's scan, row by row).

    A line the reader would report on as a line (a blank line, a byte order mark, JSON
    orjson refuses, not an object, past the limits) makes the whole file go the full way.
    """
    import orjson

    from .formats.foundry import reader  # its limits, as the reader applies them
    from .formats.foundry.clean import clean_row
    from .formats.foundry.jsonl import _DIGITS_TO_ZERO, _LONG_NUMBER
    from .formats.foundry.writer_fast import plan_clean
    from .io import UTF8_BOM

    loads, decode_error = orjson.loads, orjson.JSONDecodeError
    csv = target.name != "foundry"
    full = _FullRows(path, found, target, loss)
    readline = fh.readline
    count = 0
    max_rows, max_bytes = reader.MAX_ROWS, reader.MAX_ROW_BYTES
    while raw := readline(max_bytes + 1):
        count += 1
        # A row past the limits, a byte order mark, a number orjson reads differently
        # from json, or a NUL (which a CSV reader may take for UTF-16): the full path.
        if len(raw) > max_bytes or count > max_rows or (count == 1 and raw[:3] == UTF8_BOM):
            raise _NotCovered
        if _LONG_NUMBER in raw.translate(_DIGITS_TO_ZERO) or b"\\u0000" in raw:
            raise _NotCovered
        try:
            row = loads(raw)  # refuses what the reader reports: bad UTF-8, NaN, blank lines
        except decode_error:
            raise _NotCovered from None
        if type(row) is not dict:
            raise _NotCovered
        read.rows += 1
        if progress is not None and count % 256 == 0:
            progress(base + fh.tell(), total)
        planned = plan_clean(row, csv) if clean_row(row) else None
        if planned is not None:
            yield planned
        else:
            read.full += 1
            yield full.case(row, count, raw)
    if count == 0:
        raise _NotCovered  # the reader reports an empty file
    full.col.finish()


class _FullRows:
    """Rows read the full way, one at a time: the body of the reader's scan for one
    JSONL row (formats.foundry.reader.FoundryReader._scan), then prepared for the target
    as convert_stream does (prepare._prepared)."""

    def __init__(self, path: str, found: list[Finding], target: formats.Format, loss: Tally):
        from .formats import roles
        from .formats.foundry.collect import Collector
        from .formats.foundry.mapping import _ROLE_KEYS

        self.col = Collector(found, path, converting=True)
        self.roles_for = roles.RecordRoles(_ROLE_KEYS)
        self.target = target
        self.loss = loss

    def case(self, row: dict[str, Any], line: int, raw: bytes) -> Case | None:
        """The prepared Case of the row on ``line`` (None when the target leaves it out)."""
        from .formats.foundry.cases import _build_case, _take_carry
        from .formats.foundry.collect import _Ctx
        from .formats.foundry.mapping import _resolve_roles
        from .formats.foundry.reader import _keep_dataset_carry
        from .formats.foundry.row_checks import _check_row
        from .prepare import _prepared

        col = self.col
        text = raw.rstrip(b"\r\n").decode("utf-8")
        ctx = _Ctx(col.path, line - 1, line, text=text, prefix="", first_line=line)
        carry_raw = _take_carry(row, ctx, col, False)
        _check_row(row, ctx, col, False, advice=False)
        row, notes = _resolve_roles(row, None, self.roles_for, ctx, col)
        case, dataset_carry = _build_case(row, ctx, col, False, carry_raw, notes)
        if dataset_carry is not None:
            _keep_dataset_carry(case, dataset_carry)
        return next(_prepared([(case, "foundry")], self.target, self.loss), None)


def _finish(
    sources: list[tuple[str, formats.Format, InputFile]],
    staged: Path,
    dest: Path,
    target: formats.Format,
    write_options: WriteOptions,
    loss: Tally,
    result: ConvertResult,
    read: _Read,
    written: WriteResult,
) -> None:
    """Fill ``result`` as convert_stream.convert_streamed does; the output is checked
    only when some row was read the full way (a clean row is written clean)."""
    from .convert_stream import finish_streamed

    for p, _, _ in sources:
        result.input_findings[p] = read.findings[p]
    result.cases_read = read.rows
    finish_streamed(target, written, staged, dest, write_options, loss, result, check=read.full > 0)
