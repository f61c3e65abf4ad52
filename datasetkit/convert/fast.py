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
from collections.abc import Callable, Generator
from pathlib import Path
from typing import TYPE_CHECKING

from datasetkit import formats
from datasetkit.convert.result import ConvertResult, input_size
from datasetkit.core.findings import Tally
from datasetkit.formats import InputFile, ReadOptions, WriteOptions, WriteResult
from datasetkit.formats.foundry.fast.scan import NotCovered, Read, Scan, write_items
from datasetkit.io.staging import staged_output

if TYPE_CHECKING:
    from datasetkit.formats.foundry.fast.scan import Item

FULL_PATH_ENV = "DATASETKIT_FULL_CONVERT"
# The JSONL layouts covered: the default. ("bom" and "excel_safe" are honoured.)
_STYLES = (None, "auto")


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
    from datasetkit.formats.foundry.fast.parts import convert_in_parts, split_points

    folder = dest.parent if str(dest.parent) else Path(".")
    read = Read()
    with staged_output(folder, dest, False) as staged:
        try:
            points = split_points(sources, total)
            if points:
                scan = Scan(sources[0][2].path, target, loss, read)
                written = convert_in_parts(scan, points, staged, target, write_options, progress, total)  # fmt: skip
            else:
                written = _write_all(sources, staged, target, write_options, loss, read, total, progress)  # fmt: skip
        except Exception:
            # NotCovered, or anything else (a full disk, an unforeseen shape): the full
            # path then does it all again and reports what it finds, as it always has.
            return False
        _finish(sources, staged, dest, target, write_options, loss, result, read, written)
    return True


def _write_all(
    sources: list[tuple[str, formats.Format, InputFile]],
    staged: Path,
    target: formats.Format,
    write_options: WriteOptions,
    loss: Tally,
    read: Read,
    total: int,
    progress: Callable[[int, int], None] | None,
) -> WriteResult:
    """Every input's rows, one after the other, written to ``staged``."""
    rows = _rows(sources, target, loss, read, total, progress)
    try:
        return write_items(rows, staged, target, write_options)
    finally:
        rows.close()


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
    target: formats.Format,
    loss: Tally,
    read: Read,
    total: int,
    progress: Callable[[int, int], None] | None,
) -> Generator[Item, None, None]:
    """Every input's rows in turn; counts, findings and progress on the way."""
    done_before = 0
    for p, _fmt, src in sources:
        scan = Scan(src.path, target, loss, read)
        report = None
        if progress is not None:
            base = done_before
            report = lambda done, base=base: progress(base + done, total)  # noqa: E731
        try:
            with open(src.path, "rb") as fh:
                yield from scan.rows(fh, 0, None, on_block=report)
        except OSError:
            raise NotCovered from None  # the full path words it
        scan.finish()
        done_before += input_size(p)
        if progress:
            progress(done_before, total)


def _finish(
    sources: list[tuple[str, formats.Format, InputFile]],
    staged: Path,
    dest: Path,
    target: formats.Format,
    write_options: WriteOptions,
    loss: Tally,
    result: ConvertResult,
    read: Read,
    written: WriteResult,
) -> None:
    """Fill ``result`` as convert_stream.convert_streamed does; the output is checked
    only when some row was read the full way (a clean row is written clean)."""
    from datasetkit.convert.streamed import finish_streamed

    for p, _, _ in sources:
        result.input_findings[p] = read.findings[p]
    result.cases_read = read.rows
    finish_streamed(target, written, staged, dest, write_options, loss, result, check=read.full > 0)
