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
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from datasetkit import formats
from datasetkit.core.carry import CARRY_KEY, restore_dataset
from datasetkit.core.findings import Finding, Severity, Tally
from datasetkit.core.model import Case, Dataset
from datasetkit.formats import InputFile, ReadOptions, WriteOptions
from datasetkit.io.staging import require_folder, staged_output

Progress = Callable[[int, int], None]


class _Flagged(Sequence[Any]):
    """The prepared cases as ``convert._at_input`` indexes them: only the sources of
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
    sources: list[tuple[str, formats.Format]],
    files: dict[str, InputFile],
    read_options: ReadOptions,
    result: Any,
    total: int,
    progress: Progress | None,
) -> tuple[list[Dataset], Iterator[tuple[Case, str | None]]]:
    """Each input's dataset fields (its first case read), and every case as it comes."""
    from datasetkit.convert.result import input_options, input_size

    streams = []
    datasets = []
    done = 0
    for p, fmt in sources:
        found: list[Finding] = []
        result.input_findings[p] = found
        opts = input_options(read_options, progress, done, total)
        done += input_size(p)
        cases = fmt.iter_cases(files[p], opts, found)
        first = next(cases, None)
        datasets.append(_with_carried_fields(first, fmt, p))
        streams.append((fmt.name, first, cases, done))

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


def convert_to_m365(
    sources: list[tuple[str, formats.Format]],
    files: dict[str, InputFile],
    dest: Path,
    read_options: ReadOptions,
    write_options: WriteOptions,
    result: Any,
    total: int,
    progress: Progress | None = None,
    make_parents: bool = False,
) -> Any:
    """``convert``'s whole-dataset path to M365, streamed: fills and returns ``result``."""
    from datasetkit.convert.prepare import _prepared
    from datasetkit.convert.result import _merge_datasets, _nothing_to_write, _strict_stop
    from datasetkit.formats.m365.stream import ItemCheck, ItemWriter, check_version
    from datasetkit.io.safety import _target_name, boundary

    target = formats.get("m365")
    loss = Tally()
    datasets, cases = _inputs(sources, files, read_options, result, total, progress)
    merged = _merge_datasets(datasets, loss)
    opts = WriteOptions(strict=False, extra={**write_options.extra, "source_format": target.name})
    folder = require_folder(dest, make_parents, "--mkdir")
    with staged_output(folder, dest, target.multi_file) as staged:
        # What goes wrong writing is said of the user's output, as the writer's own
        # boundary says it (a full disk, a character UTF-8 cannot hold).
        writing = functools.partial(boundary, _target_name(staged), "write")
        with writing():
            writer = ItemWriter(staged, merged, opts)
        try:
            check = ItemCheck(str(staged), check_version(merged, opts))
            prepared = 0
            for case in _prepared(cases, target, loss):
                prepared += 1
                with writing():
                    added = writer.add(case)
                if added is not None:
                    check.add(*added, case.source)
            if not prepared:
                result.loss = loss.findings()
                result.errors = [_nothing_to_write(result, target.name)]
                return result
            if _strict_stop(write_options, result, loss.findings()):
                return result
            with writing():
                written = writer.finish()
        finally:
            writer.close()
        errors = check.findings(writer.head(), writer.first)
        flagged = _Flagged(check.sources, prepared)
        _finish(result, loss, written, errors, flagged, write_options, dest)
        if result.paths:
            os.replace(staged, dest)
    return result


def _finish(
    result: Any,
    loss: Tally,
    written: Any,
    errors: list[Finding],
    cases: Sequence[Any],
    write_options: WriteOptions,
    dest: Path,
) -> None:
    """What ``convert._write_whole`` makes of the write and its check (paths set when it
    may be moved into place)."""
    from datasetkit.convert.result import (
        _at_input,
        _lossy,
        _new_errors,
        _nothing_to_write,
        _strict_stop,
    )

    result.loss = loss.findings() + [f for f in written.findings if f.severity != Severity.ERROR]
    # The check's findings name the staged file; they are placed at the input case.
    errors = [f.with_location(path=str(dest)) for f in errors]
    if not errors and written.cases == 0:
        errors = [_nothing_to_write(result, "m365")]
    errors = _new_errors(
        [
            _at_input(f, cast(list[Case], cases), {}, "m365") if f.location.path else f
            for f in errors
        ],
        result,
    )
    if errors:
        result.errors = errors
        return
    if _strict_stop(write_options, result, _lossy(result.loss)):
        return
    result.paths.append(dest)
    result.cases_written = written.cases
