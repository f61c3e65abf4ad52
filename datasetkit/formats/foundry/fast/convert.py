"""Converting Foundry JSONL files to Foundry JSONL or CSV without models for clean rows.

Most rows of a real file are clean (:func:`..clean.clean_row`), and for them reading into
a Case, preparing it and writing it again is mechanical (:mod:`.layout` lays out the same
row from the dict). This path parses each line once and writes in large buffered writes;
a row that is not clean (or not a shape :mod:`.layout` covers) is read the full way, by
the reader's own steps, laid out for the target by the caller's ``prepare`` and written
by the writer's own steps, in its place. A clean row is written clean, so the target's
checks could find nothing in the output when every row was clean.

A line the reader reports on as a line (a byte order mark, a blank line, JSON that
orjson refuses, not an object, past the service's limits), an empty file, or anything
raised while writing makes :func:`convert_files` give up (it raises): the caller then
converts the files the full way.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from datasetkit import formats
from datasetkit.core.findings import Finding, Tally
from datasetkit.formats import InputFile, ReadOptions, WriteOptions, WriteResult
from datasetkit.formats.foundry.fast.scan import NotCovered, Read, Scan, write_items
from datasetkit.io.files import input_size
from datasetkit.io.inputs import open_input

if TYPE_CHECKING:
    from datasetkit.formats.foundry.fast.scan import Item, Prepare

# An input: its path, the format it is read as, its file.
Sources = Sequence[tuple[str, formats.Format, InputFile]]
# The JSONL layouts covered: the default. ("bom" and "excel_safe" are honoured.)
_STYLES = (None, "auto")


def covers(
    sources: Sources, target: formats.Format, read_options: ReadOptions, options: WriteOptions
) -> bool:
    """Whether the inputs, target and options are ones the fast path handles: Foundry
    JSONL files on disk, no ``--map``, to Foundry JSONL or CSV in the default layout."""
    if target.name not in ("foundry", "foundry-csv"):
        return False
    if read_options.mapping or any(
        fmt.name != "foundry" or src.path == "-" or src._data is not None for _, fmt, src in sources
    ):
        return False
    extra = options.extra
    if extra.get("jsonl_style") not in _STYLES:
        return False  # another layout, or an unknown one the full path reports
    if target.name == "foundry" and extra.get("bom"):
        return False  # the full path refuses it
    if extra.get("keep_names"):
        return False  # the source's own column names: the full path writes them back
    try:
        import orjson  # noqa: F401  (the parser the full path uses for such lines)
    except ImportError:
        return False
    return True


def convert_files(
    sources: Sources,
    staged: Path,
    target: formats.Format,
    options: WriteOptions,
    prepare: Prepare,
    total: int,
    progress: Callable[[int, int], None] | None,
    tally: Tally | None = None,
) -> tuple[WriteResult, Read, list[Finding] | None]:
    """Every input's rows written to ``staged`` (one large file in parts, on several
    processors, see :mod:`.parts`), what reading them found, and the errors the target's
    check finds in the output (in the rows read the full way: a clean row is written
    clean, see :mod:`.aside`; None: the whole output must be checked). ``tally`` is what ``prepare`` counts (summed over the
    parts). Raises when the files must go the full way (:class:`.scan.NotCovered`, or
    anything else)."""
    from datasetkit.formats.foundry.fast.aside import Aside, check_aside
    from datasetkit.formats.foundry.fast.parts import convert_in_parts, split_points

    read = Read(tally)
    points = split_points(sources[0][2].path, total) if len(sources) == 1 else []
    asides: list[tuple[Aside, int]] = []
    try:
        if points:
            scan = Scan(sources[0][2].path, target, prepare, read)
            written = convert_in_parts(scan, points, staged, target, options, progress, total, asides)  # fmt: skip
        else:
            asides.append((Aside(staged), 0))
            rows = _rows(sources, target, prepare, read, total, progress)
            try:
                written = write_items(rows, staged, target, options, aside=asides[0][0])
            finally:
                rows.close()
        errors = check_aside(asides, target, staged, options)
    finally:
        for aside, _ in asides:
            aside.remove()
    return written, read, errors


def _rows(
    sources: Sources,
    target: formats.Format,
    prepare: Prepare,
    read: Read,
    total: int,
    progress: Callable[[int, int], None] | None,
) -> Generator[Item, None, None]:
    """Every input's rows in turn; counts, findings and progress on the way."""
    done_before = 0
    for p, _fmt, src in sources:
        scan = Scan(src.path, target, prepare, read)
        report = None
        if progress is not None:
            base = done_before
            report = lambda done, base=base: progress(base + done, total)  # noqa: E731
        try:
            with open_input(src.path) as fh:
                yield from scan.rows(fh, 0, None, on_block=report)
        except OSError:
            raise NotCovered from None  # the full path words it
        scan.finish()
        done_before += input_size(p)
        if progress:
            progress(done_before, total)
