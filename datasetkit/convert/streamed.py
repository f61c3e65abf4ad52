"""Streamed conversion: JSONL/CSV to JSONL/CSV record by record (memory stays flat)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from datasetkit.convert.job import ConvertJob
from datasetkit.convert.prepare import prepared
from datasetkit.convert.result import (
    ADVISORY_ON_WRITE,
    ConvertResult,
    advisories,
    at_input,
    lossy,
    nothing_to_write,
    strict_stop,
)
from datasetkit.core.findings import Finding, Severity, Tally
from datasetkit.formats import InputFile, WriteOptions, WriteResult
from datasetkit.io.files import input_size
from datasetkit.io.staging import final_path, staged_output

if TYPE_CHECKING:
    from datasetkit.core.model import Case


def convert_streamed(job: ConvertJob, result: ConvertResult) -> None:
    """Convert record by record into a streaming writer (memory stays flat), then check
    the staged output with the target's own checks before it is moved into place."""
    target = job.target
    loss = Tally()
    cases = _cases(job, result)
    with staged_output(job.folder, job.output, target.multi_file) as staged_path:
        opts = WriteOptions(
            strict=False, extra={**job.write_options.extra, "source_format": target.name}
        )
        written = target.write_stream(prepared(cases, target, loss), staged_path, opts)  # type: ignore[attr-defined]
        finish_streamed(job, written, staged_path, loss, result)


def finish_streamed(
    job: ConvertJob,
    written: WriteResult,
    staged_path: Path,
    loss: Tally,
    result: ConvertResult,
    errors: list[Finding] | None = None,
) -> None:
    """The end of a streamed conversion: the loss, the target's own checks of the staged
    output (``errors``, when the caller knows them already), and the move into place
    unless something stops it."""
    target, dest = job.target, job.output
    result.loss = loss.findings() + [f for f in written.findings if f.severity != Severity.ERROR]
    if strict_stop(job.strict, result, lossy(result.loss)):
        return
    inputs = {p for p, _, _ in job.sources}
    # The writer's own errors are placed at the input rows that cause them (rows that
    # cannot share the output, see formats.foundry.csv_shapes): the output is refused
    # without checking it.
    placed = [
        f for f in written.findings if f.severity == Severity.ERROR and f.location.path in inputs
    ]
    if placed:
        errors = placed
    elif errors is None:
        errors = _output_errors(job, written.paths, staged_path)
    # The row limit is the cloud batch evaluation's, not the file's: said once, and the
    # file is written (under --strict it stops the write).
    limits = [f for f in errors + written.findings if f.code in ADVISORY_ON_WRITE]
    # Streamed cases are gone by now: an error is placed in the unwritten output.
    errors = [
        f if f.location.path in inputs else at_input(f, [], {}, target.name)
        for f in errors
        if f.code not in ADVISORY_ON_WRITE
    ]
    if written.cases == 0:
        # Every case was left out (the loss lines say why): no empty file instead.
        errors = [nothing_to_write(result, target.name)]
    advisory = advisories(limits, result, job.folder / dest.name)
    if errors or (job.strict and limits):
        result.errors = errors + [f.with_severity(Severity.ERROR) for f in advisory]
        return
    result.loss.extend(advisory)
    for p in written.paths:
        final = final_path(p, staged_path, dest)
        os.replace(p, final)
        result.paths.append(final)
    result.cases_written = written.cases if written.cases is not None else result.cases_read


def _cases(job: ConvertJob, result: ConvertResult) -> Iterator[tuple[Case, str | None]]:
    """Every input's cases in turn, with the input's format; counts and progress on the way."""
    done_before = 0
    for p, fmt, src in job.sources:
        found: list[Finding] = []
        result.input_findings[p] = found
        opts = job.input_options(done_before)
        for case in fmt.iter_cases(src, opts, found):
            result.cases_read += 1
            yield case, fmt.name
        done_before += input_size(p)
        if job.progress:
            job.progress(done_before, job.total)


def _output_errors(job: ConvertJob, paths: list[Path], staged_path: Path) -> list[Finding]:
    """The error-level findings of the target's own checks on the staged output files."""
    checker = getattr(job.target, "check", None)
    errors: list[Finding] = []
    for p in paths:
        found = (
            checker(InputFile(str(p)))
            if checker
            else job.target.validate(InputFile(str(p))).findings
        )
        errors.extend(
            f.with_location(path=str(final_path(p, staged_path, job.output)))
            if f.location.path == str(p)
            else f
            for f in found
            if f.severity == Severity.ERROR
        )
    return errors
