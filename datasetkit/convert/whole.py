"""The whole-dataset conversion: every input read whole and merged into one dataset, its
cases laid out for the target, written staged and checked by the target's own checks,
then moved into place. The path for an input or a target that goes no case at a time.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from datasetkit.convert.job import ConvertJob
from datasetkit.convert.prepare import prepared
from datasetkit.convert.readwrite import read_as, write_dataset
from datasetkit.convert.result import (
    ADVISORY_ON_WRITE,
    ConvertResult,
    advisories,
    at_input,
    lossy,
    new_errors,
    nothing_to_write,
    strict_stop,
)
from datasetkit.core.findings import Location, Severity, Tally
from datasetkit.formats import WriteOptions
from datasetkit.io.files import input_size
from datasetkit.io.staging import final_path, require_folder, staged_output

if TYPE_CHECKING:  # the model (pydantic) is loaded only when a case is built
    from datasetkit.core.model import Dataset

# An input's path -> where its pointers are, and its format (to place an output error
# at its input case).
Locators = dict[str, tuple[Callable[[str], Location], str]]


def convert_whole(job: ConvertJob, result: ConvertResult) -> None:
    """Convert ``job`` with every input read whole; fills ``result``."""
    loss = Tally()
    datasets, locators = _read_whole(job, result)
    merged = merge_datasets(datasets, loss)
    if _prepare_whole(merged, datasets, job, loss, result):
        _write_whole(merged, job, loss, locators, result)


def merge_datasets(datasets: list[Dataset], loss: Tally) -> Dataset:
    """One dataset from several inputs: cases in order, settings from the first that has them."""
    from datasetkit.core import carry as carry_mod
    from datasetkit.core.model import Dataset

    merged = Dataset()
    for ds in datasets:
        for name, value in carry_mod.dataset_fields(ds).items():
            current = getattr(merged, name)
            if current in (None, {}, []):
                setattr(merged, name, value)
            elif current != value:
                loss.add(
                    f"convert.loss.merge-{name}",
                    f"{{n}} input{{s}} with a different {name} than the first; the first one's is kept",
                    "convert the inputs one by one to keep each file's settings",
                )
    if datasets:
        merged.source_format = datasets[0].source_format
        merged.source_path = datasets[0].source_path
    return merged


def _read_whole(job: ConvertJob, result: ConvertResult) -> tuple[list[Dataset], Locators]:
    """Every input read whole, and where each input's pointers are."""
    datasets = []
    locators: Locators = {}
    done = 0
    for p, fmt, file in job.sources:
        read = read_as(fmt, file, job.read_options)
        if read.locate is not None:
            locators["<stdin>" if p == "-" else p] = (read.locate, read.format)
        result.input_findings[p] = list(read.findings)
        if read.dataset is None:
            continue
        datasets.append(read.dataset)
        result.cases_read += len(read.dataset.cases)
        done += input_size(p)
        if job.progress:
            job.progress(done, job.total)
    return datasets, locators


def _prepare_whole(
    merged: Dataset,
    datasets: list[Dataset],
    job: ConvertJob,
    loss: Tally,
    result: ConvertResult,
) -> bool:
    """Lay the merged cases out for the target; False when nothing is to be written."""
    pairs = [(c, ds.source_format) for ds in datasets for c in ds.cases]
    merged.cases = list(prepared(pairs, job.target, loss))
    if not merged.cases:
        result.loss = loss.findings()
        result.errors = [nothing_to_write(result, job.target.name)]
        return False
    return not strict_stop(job.strict, result, loss.findings())


def _write_whole(
    merged: Dataset,
    job: ConvertJob,
    loss: Tally,
    locators: Locators,
    result: ConvertResult,
) -> None:
    """Write the merged dataset, staged; move it into place only when nothing stops it."""
    target, dest = job.target, job.output
    opts = WriteOptions(
        strict=False, extra={**job.write_options.extra, "source_format": target.name}
    )
    folder = require_folder(dest, job.make_parents, "--mkdir")
    multi = target.multi_file
    with staged_output(folder, dest, multi) as staged_dest:
        written = write_dataset(merged, staged_dest, target.name, opts, make_parents=False)
        result.loss = loss.findings() + [
            f
            for f in written.findings
            if f.severity != Severity.ERROR and f.code not in ADVISORY_ON_WRITE
        ]
        # A consumer's limit (the batch row count) is said once: by the input, or here.
        result.loss += advisories(written.findings, result, dest)
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
            errors = [nothing_to_write(result, target.name)]
        errors = new_errors(
            [
                at_input(f, merged.cases, locators, target.name) if f.location.path else f
                for f in errors
            ],
            result,
        )
        if errors or not written.paths:
            result.errors = errors
            return
        if strict_stop(job.strict, result, lossy(result.loss)):
            return
        for staged in written.paths:
            final = final_path(staged, staged_dest, dest)
            os.replace(staged, final)
            result.paths.append(final)
        result.cases_written = written.cases if written.cases is not None else len(merged.cases)


def _is_staged(path: Path, staged: Path, multi_file: bool) -> bool:
    """Whether a finding's file is the staged output (or, staged in a folder, one of it)."""
    return path == staged or (multi_file and path.parent == staged.parent)
