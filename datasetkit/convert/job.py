"""One conversion, settled before any input is read: a :class:`ConvertJob`.

:func:`build_job` turns the arguments of ``convert`` into a job (the output checked, each
input's format named or detected); every path (:mod:`.whole`, :mod:`.streamed`,
:mod:`.fast`, :mod:`.to_m365`) runs from it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple

from datasetkit import formats
from datasetkit.convert.readwrite import output_format
from datasetkit.core.findings import DatasetkitError
from datasetkit.formats import InputFile, ReadOptions, WriteOptions
from datasetkit.io.files import input_size
from datasetkit.io.staging import require_folder

# Told the bytes read so far and the bytes of every input (drives the CLI's progress bar).
Progress = Callable[[int, int], None]


class Source(NamedTuple):
    """One input: its path as given (``-`` is standard input), the format it is read as,
    and its file (kept: standard input can be read only once)."""

    path: str
    format: formats.Format
    file: InputFile


@dataclass(frozen=True)
class ConvertJob:
    """What one conversion reads, how, and where it writes."""

    sources: list[Source]
    output: Path
    target: formats.Format
    # With "converting" set: readers leave out advice that only matters where the input is.
    read_options: ReadOptions
    write_options: WriteOptions
    make_parents: bool  # --mkdir: create the output's folder
    progress: Progress | None
    total: int  # the bytes of every input (standard input counts 0)

    @property
    def strict(self) -> bool:
        """--strict: an input's errors or known loss stop the conversion before it writes."""
        return self.write_options.strict

    @property
    def folder(self) -> Path:
        """The output's folder (it exists: building the job checked, or made, it)."""
        return self.output.parent if str(self.output.parent) else Path(".")

    def input_options(self, base: int) -> ReadOptions:
        """One input's read options: the run's, with its progress told as bytes read so far
        in the whole run (``base`` is what the inputs before it held)."""
        opts = replace(self.read_options, extra={**self.read_options.extra})
        progress, total = self.progress, self.total
        if progress:
            opts.extra["progress"] = lambda n: progress(base + n, total)
        return opts


def build_job(
    inputs: list[str],
    output: str,
    *,
    source: str | None,
    target: str | None,
    read_options: ReadOptions | None,
    write_options: WriteOptions | None,
    force: bool,
    progress: Progress | None,
    make_parents: bool,
) -> ConvertJob:
    """The job of converting ``inputs`` into ``output``, or the error that stops it first:
    no input, an output format that cannot be told or written, an output that exists
    (without ``force``), is a folder or is an input, an input format that cannot be read."""
    if not inputs:
        raise DatasetkitError("no input files", "name at least one file to convert")
    read_options = _converting(read_options or ReadOptions())
    write_options = write_options or WriteOptions()
    target_fmt = output_format(output, target)
    _check_output(inputs, output, force, make_parents)
    # One InputFile per input path, kept: standard input can be read only once.
    files = {p: InputFile(p) for p in inputs}
    sources = [Source(p, fmt, files[p]) for p, fmt in _read_as(inputs, files, source, read_options)]
    total = sum(input_size(p) for p in inputs)
    return ConvertJob(
        sources,
        Path(output),
        target_fmt,
        read_options,
        write_options,
        make_parents,
        progress,
        total,
    )


def _converting(options: ReadOptions) -> ReadOptions:
    """``options`` for a conversion: readers leave out advice that only matters for
    using the input where it is."""
    return replace(options, extra={**options.extra, "converting": True})


def _check_output(inputs: list[str], output: str, force: bool, make_parents: bool) -> None:
    """The output is a file, new (or ``force``), in a folder that exists, and no input."""
    dest = Path(output)
    if dest.exists() and dest.is_dir():
        raise DatasetkitError(f"{output}: is a folder", "name the output file, e.g. -o out.jsonl")
    if dest.exists() and not force:
        raise DatasetkitError(
            f"{output}: already exists", "pass --force (force=True in Python) to overwrite it"
        )
    require_folder(dest, make_parents, "--mkdir (make_parents=True in Python)")
    resolved = [os.path.abspath(p) for p in inputs if p != "-"]
    if os.path.abspath(output) in resolved:
        raise DatasetkitError(f"{output}: is also an input", "write the result to another file")


def _read_as(
    inputs: list[str], files: dict[str, InputFile], source: str | None, read_options: ReadOptions
) -> list[tuple[str, formats.Format]]:
    """Each input with the format it is read as (named, or detected)."""
    sources = [
        (p, formats.named(source, files[p]) if source else formats.detect(files[p])) for p in inputs
    ]
    if read_options.mapping:
        sources = [(p, _mapped_reader(p, fmt)) for p, fmt in sources]
    for p, fmt in sources:
        if not fmt.readable:
            raise DatasetkitError(f"{p}: the {fmt.name} format cannot be read")
    return sources


def _mapped_reader(path: str, fmt: formats.Format) -> formats.Format:
    """The reader for ``--map``: ``fmt`` when it takes a mapping, else the plain-records
    reader of the file's container (JSONL rows, JSON records, a table), so the user's
    mapping decides instead of the tool's fixed field names."""
    if fmt.maps_columns:
        return fmt
    suffix = Path(path).suffix.lower()
    name = {".jsonl": "foundry", ".json": "m365"}.get(suffix, "sheet")
    return formats.get(name)
