"""Converting streamed inputs (Foundry JSONL/CSV) to an M365 eval document, item by item.

The result is the one the whole-dataset path gives (same bytes, findings, messages and
places) without holding the dataset or the document: each case is prepared, written to
the item spool and checked as it comes (:mod:`datasetkit.formats.m365.stream`); only the
dataset's own fields (carried on each input's first case) and the sources of items that
have a finding are kept.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator, Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

from datasetkit import formats
from datasetkit.convert.job import ConvertJob
from datasetkit.convert.prepare import prepared
from datasetkit.convert.result import (
    ConvertResult,
    at_input,
    lossy,
    new_errors,
    nothing_to_write,
    strict_stop,
)
from datasetkit.convert.whole import merge_datasets
from datasetkit.core.carry import CARRY_KEY, restore_dataset
from datasetkit.core.findings import Finding, Severity, Tally
from datasetkit.core.model import Case, Dataset
from datasetkit.formats import WriteOptions
from datasetkit.io.files import input_size
from datasetkit.io.staging import require_folder, staged_output

if TYPE_CHECKING:
    from pathlib import Path


class _Flagged(Sequence[Any]):
    """The prepared cases as ``result.at_input`` indexes them: only the sources of
    items with a finding are kept, the rest are never looked at."""

    def __init__(self, sources: dict[int, Any], count: int) -> None:
        self._sources = sources
        self._count = count

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: Any) -> Any:
        return SimpleNamespace(source=self._sources.get(index))


def _with_carried_fields(case: Case | None, fmt: formats.Format, path: str) -> Dataset:
    """An input's dataset fields, as the whole read restores them from its first case."""
    ds = Dataset(source_format=fmt.name, source_path=path)
    box = (case.extensions or {}).get(CARRY_KEY) if case is not None else None
    if case is not None and isinstance(box, dict) and "dataset" in box:
        left = restore_dataset(ds, box.pop("dataset"))
        if left:
            box["dataset"] = left
        if set(box) <= {"v", "keep_empty"}:
            rest = {k: v for k, v in (case.extensions or {}).items() if k != CARRY_KEY}
            case.extensions = rest or ({} if box.get("keep_empty") else None)
    return ds


def _inputs(
    job: ConvertJob, result: ConvertResult
) -> tuple[list[Dataset], Iterator[tuple[Case, str | None]]]:
    """Each input's dataset fields (its first case read), and every case as it comes."""
    streams = []
    datasets = []
    done = 0
    for p, fmt, file in job.sources:
        found: list[Finding] = []
        result.input_findings[p] = found
        opts = job.input_options(done)
        done += input_size(p)
        cases = fmt.iter_cases(file, opts, found)
        first = next(cases, None)
        datasets.append(_with_carried_fields(first, fmt, p))
        streams.append((fmt.name, first, cases, done))
    progress, total = job.progress, job.total

    def every() -> Iterator[tuple[Case, str | None]]:
        for name, first, cases, upto in streams:
            if first is not None:
                result.cases_read += 1
                yield first, name
            for case in cases:
                result.cases_read += 1
                yield case, name
            if progress:
                progress(upto, total)

    return datasets, every()


def convert_to_m365(job: ConvertJob, result: ConvertResult) -> None:
    """The whole-dataset path to M365 (:mod:`.whole`), streamed: fills ``result``."""
    from datasetkit.formats.m365.stream import ItemCheck, ItemWriter, check_version
    from datasetkit.io.safety import boundary, target_name

    target = formats.get("m365")
    loss = Tally()
    datasets, cases = _inputs(job, result)
    merged = merge_datasets(datasets, loss)
    opts = WriteOptions(
        strict=False, extra={**job.write_options.extra, "source_format": target.name}
    )
    folder = require_folder(job.output, job.make_parents, "--mkdir")
    with staged_output(folder, job.output, target.multi_file) as staged:
        # What goes wrong writing is said of the user's output, as the writer's own
        # boundary says it (a full disk, a character UTF-8 cannot hold).
        writing = functools.partial(boundary, target_name(staged), "write")
        with writing():
            writer = ItemWriter(staged, merged, opts)
        try:
            check = ItemCheck(str(staged), check_version(merged, opts))
            prepared_count = 0
            for case in prepared(cases, target, loss):
                prepared_count += 1
                with writing():
                    added = writer.add(case)
                if added is not None:
                    check.add(*added, case.source)
            if not prepared_count:
                result.loss = loss.findings()
                result.errors = [nothing_to_write(result, target.name)]
                return
            if strict_stop(job.strict, result, loss.findings()):
                return
            with writing():
                written = writer.finish()
        finally:
            writer.close()
        errors = check.findings(writer.head(), writer.first)
        flagged = _Flagged(check.sources, prepared_count)
        _finish(result, loss, written, errors, flagged, job.strict, job.output)
        if result.paths:
            os.replace(staged, job.output)


def _finish(
    result: ConvertResult,
    loss: Tally,
    written: Any,
    errors: list[Finding],
    cases: Sequence[Any],
    strict: bool,
    dest: Path,
) -> None:
    """What :mod:`.whole` makes of the write and its check (paths set when it may be
    moved into place)."""
    result.loss = loss.findings() + [f for f in written.findings if f.severity != Severity.ERROR]
    # The check's findings name the staged file; they are placed at the input case.
    errors = [f.with_location(path=str(dest)) for f in errors]
    if not errors and written.cases == 0:
        errors = [nothing_to_write(result, "m365")]
    errors = new_errors(
        [
            at_input(f, cast(list[Case], cases), {}, "m365") if f.location.path else f
            for f in errors
        ],
        result,
    )
    if errors:
        result.errors = errors
        return
    if strict_stop(strict, result, lossy(result.loss)):
        return
    result.paths.append(dest)
    result.cases_written = written.cases
