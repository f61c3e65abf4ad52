"""Reading and writing datasets through the format registry.

``write_dataset`` validates what it writes before the user's file is touched: the
writer writes into a hidden staging folder beside the destination, the staged files
are validated with the target format's own checks, and only then are they moved into
place (a rename, so each file appears whole or not at all).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from datasetkit import formats
from datasetkit.convert.prepare import _prepared
from datasetkit.convert.prepare import (
    prepare_for_target as prepare_for_target,  # imported from here by callers
)
from datasetkit.convert.result import _ADVISORY_ON_WRITE as _ADVISORY_ON_WRITE
from datasetkit.convert.result import ConvertResult as ConvertResult
from datasetkit.convert.result import _at_input as _at_input
from datasetkit.convert.result import _lossy as _lossy
from datasetkit.convert.result import _merge_datasets as _merge_datasets
from datasetkit.convert.result import _new_errors as _new_errors
from datasetkit.convert.result import _nothing_to_write as _nothing_to_write
from datasetkit.convert.result import _strict_stop as _strict_stop
from datasetkit.convert.result import input_size as input_size
from datasetkit.core.findings import DatasetkitError, Finding, Location, Severity, Tally
from datasetkit.formats import InputFile, ReadOptions, ReadResult, WriteOptions, WriteResult
from datasetkit.io.staging import final_path, folder_note, require_folder, staged_output

if TYPE_CHECKING:  # the model (pydantic) is loaded only when a case is built
    from datasetkit.core.model import Dataset

# Output extension -> format, when --to is not given. CSV is ambiguous (Foundry CSV or a
# Copilot Studio test set), so it needs --to.
_BY_SUFFIX = {".json": "m365", ".jsonl": "foundry"}


def read_dataset(
    path: str, fmt: str | None = None, options: ReadOptions | None = None
) -> ReadResult:
    """Read ``path`` (format detected unless ``fmt`` names it) into the canonical model."""
    src = InputFile(path)
    format_ = formats.get(fmt) if fmt else formats.detect(src)
    result = format_.read(src, options or ReadOptions())
    result.format = result.format or format_.name
    if result.dataset is not None:
        result.dataset.source_format = result.dataset.source_format or format_.name
        result.dataset.source_path = result.dataset.source_path or path
    return result


def output_format(dest: str | os.PathLike[str], to: str | None) -> formats.Format:
    """The format to write ``dest`` in: ``to`` if given, else from the extension."""
    if to:
        fmt = formats.get(to)
    else:
        suffix = Path(dest).suffix.lower()
        name = _BY_SUFFIX.get(suffix)
        if name is None:
            writable = ", ".join(f.name for f in formats.all_formats() if f.writable)
            raise DatasetkitError(
                f"{dest}: cannot tell the output format from the extension {suffix or '(none)'!r}",
                f"name it with --to (one of: {writable})",
            )
        fmt = formats.get(name)
    if not fmt.writable:
        raise DatasetkitError(f"the {fmt.name} format is read-only", "pick another --to format")
    return fmt


def write_dataset(
    dataset: Dataset,
    dest: str | os.PathLike[str],
    to: str | None = None,
    options: WriteOptions | None = None,
    *,
    validate: bool = True,
    make_parents: bool | None = None,
) -> WriteResult:
    """Write ``dataset`` to ``dest``; validate the result first and write nothing if it fails.

    Returns the writer's result (files written, what the target could not carry). When
    validation finds errors, nothing is written and the findings are returned with no paths.
    A missing output folder is an error when ``make_parents`` is False, created when it
    is True, and created with a note among the findings when it is None (the default,
    for callers such as ``generate`` whose output folder is part of their layout).
    """
    fmt = output_format(dest, to)
    dest_path = Path(dest)
    created = folder_note(dest_path, make_parents)
    folder = require_folder(dest_path, bool(created) or bool(make_parents))
    with staged_output(folder, dest_path, fmt.multi_file) as staged_path:
        staged = fmt.write(dataset, staged_path, options or WriteOptions())
        findings: list[Finding] = list(staged.findings) + created
        strict = bool(options and options.strict)
        if strict and findings:
            return WriteResult(paths=[], findings=[_as_error(f) for f in findings])
        if validate:
            for p in staged.paths:
                check = fmt.validate(InputFile(str(p)), ReadOptions())
                for f in check.findings:
                    if f.severity == Severity.ERROR:
                        # Report against the destination name, not the staged one.
                        f = f.with_location(path=str(final_path(p, staged_path, dest_path)))
                        if f.code in _ADVISORY_ON_WRITE and not strict:
                            # A limit of one consumer (the cloud batch size), not a broken
                            # file: reported, as the streamed path does, but not blocking.
                            f = f.with_severity(Severity.WARNING)
                        findings.append(f)
            if any(f.severity == Severity.ERROR for f in findings):
                return WriteResult(paths=[], findings=findings)
        final: list[Path] = []
        for p in staged.paths:
            target = final_path(p, staged_path, dest_path)
            os.replace(p, target)
            final.append(target)
        return WriteResult(paths=final, findings=findings, cases=staged.cases)


def _as_error(f: Finding) -> Finding:
    return f.with_severity(Severity.ERROR)


# --- conversion between formats ------------------------------------------------------------


def _streamable_source(fmt: formats.Format) -> bool:
    return type(fmt).iter_cases is not formats.Format.iter_cases


def _streamable_target(fmt: formats.Format) -> bool:
    return callable(getattr(fmt, "write_stream", None))


def convert(
    inputs: list[str],
    output: str,
    *,
    source: str | None = None,
    target: str | None = None,
    read_options: ReadOptions | None = None,
    write_options: WriteOptions | None = None,
    force: bool = False,
    progress: Callable[[int, int], None] | None = None,
    make_parents: bool = False,
) -> ConvertResult:
    """Convert ``inputs`` into ``output`` (see :func:`_convert`), inside the error boundary:
    whatever escapes is an explained error naming the inputs."""
    from datasetkit.io.safety import boundary

    with boundary(", ".join("<stdin>" if p == "-" else p for p in inputs), "convert"):
        return _convert(
            inputs,
            output,
            source=source,
            target=target,
            read_options=read_options,
            write_options=write_options,
            force=force,
            progress=progress,
            make_parents=make_parents,
        )


def _convert(
    inputs: list[str],
    output: str,
    *,
    source: str | None = None,
    target: str | None = None,
    read_options: ReadOptions | None = None,
    write_options: WriteOptions | None = None,
    force: bool = False,
    progress: Callable[[int, int], None] | None = None,
    make_parents: bool = False,
) -> ConvertResult:
    """Convert ``inputs`` (one dataset, several concatenated) into ``output``.

    Formats come from the extension and content unless named. JSONL/CSV to JSONL/CSV is
    streamed (memory stays flat). Nothing is written when the output fails the target's
    own checks, or in strict mode when anything would be lost or an input has errors.
    The output's folder must exist unless ``make_parents`` says to create it.
    """
    if not inputs:
        raise DatasetkitError("no input files", "name at least one file to convert")
    read_options = _converting(read_options or ReadOptions())
    write_options = write_options or WriteOptions()
    target_fmt = output_format(output, target)
    dest = Path(output)
    _check_output(inputs, output, force, make_parents)
    # One InputFile per input, kept: standard input can be read only once.
    files = {p: InputFile(p) for p in inputs}
    sources = _sources(inputs, files, source, read_options)
    result = ConvertResult(target_format=target_fmt.name)
    result.source_formats = {p: f.name for p, f in sources}
    loss = Tally()
    streamed = all(_streamable_source(f) for _, f in sources) and _streamable_target(target_fmt)
    total = sum(input_size(p) for p in inputs)
    if target_fmt.name == "m365" and all(_streamable_source(f) for _, f in sources):
        from datasetkit.convert.to_m365 import convert_to_m365  # the same result, item by item

        return convert_to_m365(sources, files, dest, read_options, write_options, result, total, progress, make_parents)  # fmt: skip
    if streamed:
        from datasetkit.convert.fast import convert_fast
        from datasetkit.convert.streamed import convert_streamed

        result.streamed = True
        streams = [(p, fmt, files[p]) for p, fmt in sources]
        args = (dest, target_fmt, read_options, write_options, loss, result, total, progress)
        # Foundry JSONL to Foundry JSONL/CSV: the same result, clean rows without models.
        if not convert_fast(streams, *args):
            convert_streamed(streams, *args)
        return result
    datasets, locators = _read_whole(sources, files, read_options, result, total, progress)
    merged = _merge_datasets(datasets, loss)
    if _prepare_whole(merged, datasets, target_fmt, write_options, loss, result):
        _write_whole(merged, dest, target_fmt, write_options, loss, locators, result, make_parents)
    return result


def _prepare_whole(
    merged: Dataset,
    datasets: list[Dataset],
    target_fmt: formats.Format,
    write_options: WriteOptions,
    loss: Tally,
    result: ConvertResult,
) -> bool:
    """Lay the merged cases out for the target; False when nothing is to be written."""
    pairs = [(c, ds.source_format) for ds in datasets for c in ds.cases]
    merged.cases = list(_prepared(pairs, target_fmt, loss))
    if not merged.cases:
        result.loss = loss.findings()
        result.errors = [_nothing_to_write(result, target_fmt.name)]
        return False
    return not _strict_stop(write_options, result, loss.findings())


def _converting(options: ReadOptions) -> ReadOptions:
    """``options`` for a conversion: readers leave out advice that only matters for
    using the input where it is."""
    return ReadOptions(
        mapping=options.mapping,
        sheets=options.sheets,
        strict=options.strict,
        extra={**options.extra, "converting": True},
    )


def _check_output(inputs: list[str], output: str, force: bool, make_parents: bool) -> None:
    """The output is a file, new (or ``force``), in a folder that exists, and no input."""
    dest = Path(output)
    if dest.exists() and dest.is_dir():
        raise DatasetkitError(f"{output}: is a folder", "name the output file, e.g. -o out.jsonl")
    if dest.exists() and not force:
        raise DatasetkitError(f"{output}: already exists", "pass --force to overwrite it")
    require_folder(dest, make_parents, "--mkdir")
    resolved = [os.path.abspath(p) for p in inputs if p != "-"]
    if os.path.abspath(output) in resolved:
        raise DatasetkitError(f"{output}: is also an input", "write the result to another file")


def _sources(
    inputs: list[str], files: dict[str, InputFile], source: str | None, read_options: ReadOptions
) -> list[tuple[str, formats.Format]]:
    """Each input with the format it is read as (named, or detected)."""
    sources = [(p, formats.get(source) if source else formats.detect(files[p])) for p in inputs]
    if read_options.mapping:
        sources = [(p, _mapped_reader(p, fmt)) for p, fmt in sources]
    for p, fmt in sources:
        if not fmt.readable:
            raise DatasetkitError(f"{p}: the {fmt.name} format cannot be read")
    return sources


def _read_whole(
    sources: list[tuple[str, formats.Format]],
    files: dict[str, InputFile],
    read_options: ReadOptions,
    result: ConvertResult,
    total: int,
    progress: Callable[[int, int], None] | None,
) -> tuple[list[Dataset], dict[str, tuple[Callable[[str], Location], str]]]:
    """Every input read whole, and where each input's pointers are (to place an output
    error at its input case)."""
    datasets = []
    locators: dict[str, tuple[Callable[[str], Location], str]] = {}
    done = 0
    for p, fmt in sources:
        read = fmt.read(files[p], read_options)
        if read.locate is not None:
            locators["<stdin>" if p == "-" else p] = (read.locate, read.format or fmt.name)
        read.format = read.format or fmt.name
        if read.dataset is not None:
            read.dataset.source_format = read.dataset.source_format or fmt.name
            read.dataset.source_path = read.dataset.source_path or p
        result.input_findings[p] = list(read.findings)
        if read.dataset is None:
            continue
        datasets.append(read.dataset)
        result.cases_read += len(read.dataset.cases)
        done += input_size(p)
        if progress:
            progress(done, total)
    return datasets, locators


def _write_whole(
    merged: Dataset,
    dest: Path,
    target_fmt: formats.Format,
    write_options: WriteOptions,
    loss: Tally,
    locators: dict[str, tuple[Callable[[str], Location], str]],
    result: ConvertResult,
    make_parents: bool,
) -> None:
    """Write the merged dataset, staged; move it into place only when nothing stops it."""
    opts = WriteOptions(
        strict=False, extra={**write_options.extra, "source_format": target_fmt.name}
    )
    folder = require_folder(dest, make_parents, "--mkdir")
    multi = target_fmt.multi_file
    with staged_output(folder, dest, multi) as staged_dest:
        written = write_dataset(merged, staged_dest, target_fmt.name, opts, make_parents=False)
        result.loss = loss.findings() + [
            f for f in written.findings if f.severity != Severity.ERROR
        ]
        # Findings in the staged output name the real output file; the others keep
        # their place (the input, or no file).
        errors = [
            f.with_location(path=str(final_path(Path(f.location.path), staged_dest, dest)))
            if f.location.path and _is_staged(Path(f.location.path), staged_dest, multi)
            else f
            for f in written.findings
            if f.severity == Severity.ERROR
        ]
        if not errors and written.cases == 0:
            errors = [_nothing_to_write(result, target_fmt.name)]
        errors = _new_errors(
            [
                _at_input(f, merged.cases, locators, target_fmt.name) if f.location.path else f
                for f in errors
            ],
            result,
        )
        if errors or not written.paths:
            result.errors = errors
            return
        if _strict_stop(write_options, result, _lossy(result.loss)):
            return
        for staged in written.paths:
            final = final_path(staged, staged_dest, dest)
            os.replace(staged, final)
            result.paths.append(final)
        result.cases_written = written.cases if written.cases is not None else len(merged.cases)


def _is_staged(path: Path, staged: Path, multi_file: bool) -> bool:
    """Whether a finding's file is the staged output (or, staged in a folder, one of it)."""
    return path == staged or (multi_file and path.parent == staged.parent)


def _mapped_reader(path: str, fmt: formats.Format) -> formats.Format:
    """The reader for ``--map``: ``fmt`` when it takes a mapping, else the plain-records
    reader of the file's container (JSONL rows, JSON records, a table), so the user's
    mapping decides instead of the tool's fixed field names."""
    if fmt.maps_columns:
        return fmt
    suffix = Path(path).suffix.lower()
    name = {".jsonl": "foundry", ".json": "m365"}.get(suffix, "sheet")
    return formats.get(name)
