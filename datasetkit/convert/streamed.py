"""Streamed conversion: JSONL/CSV to JSONL/CSV record by record (memory stays flat)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from datasetkit import formats
from datasetkit.convert.prepare import _prepared
from datasetkit.convert.result import (
    _ADVISORY_ON_WRITE,
    ConvertResult,
    _at_input,
    _lossy,
    _nothing_to_write,
    _strict_stop,
    input_options,
    input_size,
)
from datasetkit.core.findings import Finding, Severity, Tally
from datasetkit.formats import InputFile, ReadOptions, WriteOptions, WriteResult
from datasetkit.io.staging import final_path, staged_output

if TYPE_CHECKING:
    from datasetkit.core.model import Case


def convert_streamed(
    sources: list[tuple[str, formats.Format, InputFile]],
    dest: Path,
    target: formats.Format,
    read_options: ReadOptions,
    write_options: WriteOptions,
    loss: Tally,
    result: ConvertResult,
    total: int,
    progress: Callable[[int, int], None] | None,
) -> None:
    """Convert record by record into a streaming writer (memory stays flat), then check
    the staged output with the target's own checks before it is moved into place."""
    folder = dest.parent if str(dest.parent) else Path(".")
    cases = _cases(sources, read_options, result, total, progress)
    with staged_output(folder, dest, target.multi_file) as staged_path:
        opts = WriteOptions(
            strict=False, extra={**write_options.extra, "source_format": target.name}
        )
        written = target.write_stream(_prepared(cases, target, loss), staged_path, opts)  # type: ignore[attr-defined]
        finish_streamed(target, written, staged_path, dest, write_options, loss, result)


def finish_streamed(
    target: formats.Format,
    written: WriteResult,
    staged_path: Path,
    dest: Path,
    write_options: WriteOptions,
    loss: Tally,
    result: ConvertResult,
    check: bool = True,
) -> None:
    """The end of a streamed conversion: the loss, the target's own checks of the staged
    output (skipped when ``check`` is False: the output is proven clean), and the move
    into place unless something stops it."""
    folder = dest.parent if str(dest.parent) else Path(".")
    result.loss = loss.findings() + [f for f in written.findings if f.severity != Severity.ERROR]
    if _strict_stop(write_options, result, _lossy(result.loss)):
        return
    errors = _output_errors(target, written.paths, staged_path, dest) if check else []
    # The row limit is the cloud batch evaluation's, not the file's: say it, write anyway.
    advisory = [
        f.with_location(path=str(folder / dest.name))
        for f in errors
        if f.code in _ADVISORY_ON_WRITE
    ]
    # Streamed cases are gone by now: an error is placed in the unwritten output.
    errors = [_at_input(f, [], {}, target.name) for f in errors if f.code not in _ADVISORY_ON_WRITE]
    if written.cases == 0:
        # Every case was left out (the loss lines say why): no empty file instead.
        errors = [_nothing_to_write(result, target.name)]
    result.loss.extend(f.with_severity(Severity.WARNING) for f in advisory)
    if errors or (write_options.strict and advisory):
        result.errors = errors + [f.with_severity(Severity.ERROR) for f in advisory]
        return
    for p in written.paths:
        final = final_path(p, staged_path, dest)
        os.replace(p, final)
        result.paths.append(final)
    result.cases_written = written.cases if written.cases is not None else result.cases_read


def _cases(
    sources: list[tuple[str, formats.Format, InputFile]],
    read_options: ReadOptions,
    result: ConvertResult,
    total: int,
    progress: Callable[[int, int], None] | None,
) -> Iterator[tuple[Case, str | None]]:
    """Every input's cases in turn, with the input's format; counts and progress on the way."""
    done_before = 0
    for p, fmt, src in sources:
        found: list[Finding] = []
        result.input_findings[p] = found
        opts = input_options(read_options, progress, done_before, total)
        for case in fmt.iter_cases(src, opts, found):
            result.cases_read += 1
            yield case, fmt.name
        done_before += input_size(p)
        if progress:
            progress(done_before, total)


def _output_errors(
    target: formats.Format, paths: list[Path], staged_path: Path, dest: Path
) -> list[Finding]:
    """The error-level findings of the target's own checks on the staged output files."""
    checker = getattr(target, "check", None)
    errors: list[Finding] = []
    for p in paths:
        found = (
            checker(InputFile(str(p))) if checker else target.validate(InputFile(str(p))).findings
        )
        errors.extend(
            f.with_location(path=str(final_path(p, staged_path, dest)))
            if f.location.path == str(p)
            else f
            for f in found
            if f.severity == Severity.ERROR
        )
    return errors
