"""Writing datasets: ``dump`` and ``dumps``, checked by the target format before a byte is written."""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit.api.results import WriteError, WriteReport
from datasetkit.api.sources import (
    MEMORY,
    Target,
    is_dataset,
    is_path,
    stream_format,
    write_options_of,
    write_to,
)
from datasetkit.core.findings import DatasetkitError, Finding
from datasetkit.report import FileReport

if TYPE_CHECKING:
    from datasetkit.core.model import Dataset


def _report(paths: list[Path], findings: list[Finding], label: str, fmt: str) -> FileReport:
    return FileReport(label, fmt, None, list(findings), {"paths": [str(p) for p in paths]})


def dump(
    dataset: Dataset, target: Target, format: str | None = None, **write_options: Any
) -> WriteReport:
    """Write ``dataset`` to a path or a file object; returns a :class:`WriteReport`.

    The output is validated with the target format's own checks before anything is
    written: when they find errors nothing is written and ``report.ok`` is False.
    ``format`` is told by a path's extension when left out. ``write_options``:
    ``strict`` (turn any loss into a refusal) and format settings such as
    ``jsonl_style``.
    """
    from datasetkit.convert.readwrite import output_format, write_dataset

    if not is_dataset(dataset):
        raise DatasetkitError(f"dump takes a Dataset, not {type(dataset).__name__}")
    options = write_options_of(write_options)
    if is_path(target):
        fmt = output_format(target, format)
        res = write_dataset(dataset, target, fmt.name, options)
        label = os.fspath(target)
        return WriteReport(
            [_report(res.paths, res.findings, label, fmt.name)],
            paths=res.paths,
            cases=res.cases,
            written=bool(res.paths),
        )
    if not callable(getattr(target, "write", None)):
        raise DatasetkitError(
            f"cannot write to an object of type {type(target).__name__}",
            "pass a path or a file object",
        )
    fmt = stream_format(target, format)
    with tempfile.TemporaryDirectory(prefix="datasetkit-dump-") as tmp:
        staged = Path(tmp) / ("dataset" + (fmt.extensions[0] if fmt.extensions else ""))
        res = write_dataset(dataset, staged, fmt.name, options)
        findings = [_relabel(f, tmp) for f in res.findings]
        report = WriteReport([_report([], findings, MEMORY, fmt.name)], cases=res.cases)
        if not res.paths:
            return report
        data_files = [p for p in res.paths if p.suffix != ".md"]
        if len(data_files) != 1:
            raise DatasetkitError(
                f"the {fmt.name} writer made {len(data_files)} files for this dataset; "
                "a file object holds one",
                "dump to a folder path instead (the files are numbered there)",
            )
        write_to(target, data_files[0].read_bytes())
        report.written = True
        return report


def _relabel(f: Finding, tmp: str) -> Finding:
    """A finding about a scratch file, said of the in-memory target instead."""
    path = f.location.path
    if path and path.startswith(tmp):
        return f.with_location(path=MEMORY)
    return f


def dumps(dataset: Dataset, format: str, **write_options: Any) -> str:
    """The dataset written as ``format``, as a string; raises :class:`WriteError` if refused."""
    buffer = io.BytesIO()
    report = dump(dataset, buffer, format, **write_options)
    if not report.written:
        raise WriteError(report)
    return buffer.getvalue().decode("utf-8")
