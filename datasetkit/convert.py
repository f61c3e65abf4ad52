"""Reading and writing datasets through the format registry.

``write_dataset`` validates what it writes before the user's file is touched: the
writer writes into a hidden staging folder beside the destination, the staged files
are validated with the target format's own checks, and only then are they moved into
place (a rename, so each file appears whole or not at all).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path

from . import formats
from .findings import DatasetkitError, Finding, Severity
from .formats import InputFile, ReadOptions, ReadResult, WriteOptions, WriteResult
from .model import Dataset

# Output extension -> format, when --to is not given. CSV is ambiguous (Foundry CSV or a
# Copilot Studio test set), so it needs --to.
_BY_SUFFIX = {".json": "m365", ".jsonl": "foundry"}


def read_dataset(path: str, fmt: str | None = None, options: ReadOptions | None = None) -> ReadResult:
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
) -> WriteResult:
    """Write ``dataset`` to ``dest``; validate the result first and write nothing if it fails.

    Returns the writer's result (files written, what the target could not carry). When
    validation finds errors, nothing is written and the findings are returned with no paths.
    """
    fmt = output_format(dest, to)
    dest_path = Path(dest)
    folder = dest_path.parent if str(dest_path.parent) else Path(".")
    folder.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=".datasetkit-", dir=folder))
    try:
        staged = fmt.write(dataset, stage / dest_path.name, options or WriteOptions())
        findings: list[Finding] = list(staged.findings)
        strict = bool(options and options.strict)
        if strict and findings:
            return WriteResult(paths=[], findings=[_as_error(f) for f in findings])
        if validate:
            for p in staged.paths:
                check = fmt.validate(InputFile(str(p)), ReadOptions())
                for f in check.findings:
                    if f.severity == Severity.ERROR:
                        # Report against the destination name, not the staging folder.
                        findings.append(f.with_location(path=str(folder / p.name)))
            if any(f.severity == Severity.ERROR for f in findings):
                return WriteResult(paths=[], findings=findings)
        final: list[Path] = []
        for p in staged.paths:
            target = folder / p.name
            os.replace(p, target)
            final.append(target)
        return WriteResult(paths=final, findings=findings)
    finally:
        with contextlib.suppress(OSError):
            shutil.rmtree(stage)


def _as_error(f: Finding) -> Finding:
    return f.with_severity(Severity.ERROR)
