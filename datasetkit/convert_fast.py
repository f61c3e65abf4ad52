"""Converting clean Foundry JSONL to Foundry JSONL or CSV without the canonical model.

Most rows of a real file are clean (:func:`formats.foundry.clean.clean_row`), and for
them reading into a Case, preparing it and writing it again is mechanical
(:mod:`formats.foundry.writer_fast` gives the same row from the dict). This path
parses each line once, proves it clean, lays it out and writes it in large buffered
writes. The output needs no second reading: a clean row is written as a clean row
(see writer_fast), so the target's checks, which the full path runs on the staged
output, can find nothing in it.

Whatever the path does not cover (a line the reader would report on, a row that is
not clean or not plain, a row or file past the service's limits, a file with no row)
makes it give up: nothing is kept, and the caller converts the file the full way,
so output, findings and summary are the full path's in every case. Setting
``DATASETKIT_FULL_CONVERT=1`` turns this path off (tests compare both).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

from . import formats
from .convert_result import ConvertResult, _lossy, _nothing_to_write, _strict_stop, input_size
from .findings import Severity, Tally
from .formats import InputFile, ReadOptions, WriteOptions, WriteResult
from .staging import staged_output

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
    """Convert as the streamed path does when every row is clean; False (``result``
    untouched, nothing written) when the full path must do it."""
    if not _covered(sources, target, read_options, write_options):
        return False
    from .formats.foundry.writer_fast_files import write_csv, write_jsonl

    folder = dest.parent if str(dest.parent) else Path(".")
    read = [0]
    with staged_output(folder, dest, False) as staged:
        rows = _rows(sources, read, total, progress)
        try:
            if target.name == "foundry":
                written = write_jsonl(rows, staged, _NotCovered)
            else:
                written = write_csv(rows, staged, write_options, _NotCovered)
        except Exception:
            # _NotCovered, or anything else (a full disk, an unforeseen shape): the full
            # path then does it all again and reports what it finds, as it always has.
            rows.close()
            return False
        _finish(sources, staged, dest, target, write_options, loss, result, read[0], written)
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


def _rows(
    sources: list[tuple[str, formats.Format, InputFile]],
    read: list[int],
    total: int,
    progress: Callable[[int, int], None] | None,
) -> Generator[dict[str, Any], None, None]:
    """Every input's rows in turn, each proven clean; counts and progress on the way."""
    done_before = 0
    for p, _fmt, src in sources:
        try:
            with open(src.path, "rb") as fh:
                yield from _file_rows(fh, read, done_before, total, progress)
        except OSError:
            raise _NotCovered from None  # the full path words it
        done_before += input_size(p)
        if progress:
            progress(done_before, total)


def _file_rows(
    fh: Any,
    read: list[int],
    base: int,
    total: int,
    progress: Callable[[int, int], None] | None,
) -> Iterator[dict[str, Any]]:
    """One file's rows, as the reader parses them, when every line is a clean row
    the reader reports nothing about (see formats.foundry.jsonl._iter_records)."""
    import orjson

    from .formats.foundry import reader  # its limits, as the reader applies them
    from .formats.foundry.clean import clean_row
    from .formats.foundry.jsonl import _DIGITS_TO_ZERO, _LONG_NUMBER
    from .io import UTF8_BOM

    loads, decode_error = orjson.loads, orjson.JSONDecodeError
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
        if type(row) is not dict or not clean_row(row):
            raise _NotCovered
        read[0] += 1
        if progress is not None and count % 256 == 0:
            progress(base + fh.tell(), total)
        yield row
    if count == 0:
        raise _NotCovered  # the reader reports an empty file


def _finish(
    sources: list[tuple[str, formats.Format, InputFile]],
    staged: Path,
    dest: Path,
    target: formats.Format,
    write_options: WriteOptions,
    loss: Tally,
    result: ConvertResult,
    cases_read: int,
    written: WriteResult,
) -> None:
    """Fill ``result`` as convert_stream.convert_streamed does for a clean file, and
    move the output into place unless something stops it."""
    for p, _, _ in sources:
        result.input_findings[p] = []
    result.cases_read = cases_read
    result.loss = loss.findings() + [f for f in written.findings if f.severity != Severity.ERROR]
    if _strict_stop(write_options, result, _lossy(result.loss)):
        return
    if written.cases == 0:
        result.errors = [_nothing_to_write(result, target.name)]
        return
    os.replace(staged, dest)
    result.paths.append(dest)
    result.cases_written = written.cases or 0
