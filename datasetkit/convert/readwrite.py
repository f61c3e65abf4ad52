"""Reading and writing one dataset through the format registry.

``write_dataset`` validates what it writes before the user's file is touched: the
writer writes into a hidden staging folder beside the destination, the staged files
are validated with the target format's own checks, and only then are they moved into
place (a rename, so each file appears whole or not at all).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from datasetkit import formats
from datasetkit.convert.result import ADVISORY_ON_WRITE
from datasetkit.core.findings import DatasetkitError, Finding, Severity
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
    format_ = formats.named(fmt, src) if fmt else formats.detect(src)
    return read_as(format_, src, options or ReadOptions())


def read_as(fmt: formats.Format, src: InputFile, options: ReadOptions) -> ReadResult:
    """``src`` read as ``fmt``: the result and its dataset name the format and the file."""
    result = fmt.read(src, options)
    result.format = result.format or fmt.name
    if result.dataset is not None:
        result.dataset.source_format = result.dataset.source_format or fmt.name
        result.dataset.source_path = result.dataset.source_path or src.path
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
    fmt.check_output_name(dest)
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
                        if f.code in ADVISORY_ON_WRITE and not strict:
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
