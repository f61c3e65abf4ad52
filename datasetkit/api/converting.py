"""Changing datasets' files: ``convert`` between formats and ``migrate`` M365 documents in place."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit import formats
from datasetkit.api.results import WriteReport
from datasetkit.api.sources import (
    MEMORY,
    Source,
    Target,
    input_file,
    is_path,
    paths_of,
    read_options_of,
    stream_format,
    write_options_of,
    write_to,
)
from datasetkit.core.findings import DatasetkitError, Finding
from datasetkit.report import FileReport

if TYPE_CHECKING:
    from datasetkit.convert.result import ConvertResult as ConvertResult
    from datasetkit.migrate import Migration


def convert(
    source: Source | Sequence[str | os.PathLike[str]],
    target: Target,
    to: str | None = None,
    *,
    format: str | None = None,
    read_options: dict[str, Any] | None = None,
    force: bool = False,
    make_parents: bool = False,
    progress: Callable[[int, int], None] | None = None,
    **write_options: Any,
) -> WriteReport:
    """Convert between formats, exactly as ``datasetkit convert`` does (which calls this).

    ``source``: a path, several paths (merged), a file object or bytes; ``format``
    names its format when detection cannot. ``target``: a path or a file object
    (``to`` names the output format; a path's extension tells it when left out).
    What the target cannot carry is reported as findings; ``strict=True`` refuses
    instead. An existing output file is an error unless ``force`` says to replace it
    (atomically, and only by a valid output), and a missing folder one unless
    ``make_parents`` says to create it, as the command's ``--force`` and ``--mkdir``;
    ``progress`` is told (bytes read, total bytes). Returns a :class:`WriteReport`
    (``ok`` False when nothing was written; ``conversion`` has the details).
    """
    how: dict[str, Any] = {"force": force, "make_parents": make_parents, "progress": progress}
    paths = [os.fspath(source)] if is_path(source) else paths_of(source)
    if paths is not None and is_path(target):
        # Files to a file: no scratch folder (one that cannot be made must not stop it).
        return _convert(
            paths, os.fspath(target), to, format, read_options, write_options, {}, **how
        )
    with tempfile.TemporaryDirectory(prefix="datasetkit-convert-") as tmp:
        inputs, labels = _convert_inputs(source, format, Path(tmp))
        if is_path(target):
            return _convert(
                inputs, os.fspath(target), to, format, read_options, write_options, labels, **how
            )
        if not callable(getattr(target, "write", None)):
            raise DatasetkitError(
                f"cannot write to an object of type {type(target).__name__}",
                "pass a path or a file object",
            )
        fmt = stream_format(target, to)
        out = Path(tmp) / "out" / ("converted" + (fmt.extensions[0] if fmt.extensions else ""))
        out.parent.mkdir()
        labels[str(out)] = MEMORY
        report = _convert(
            inputs, str(out), fmt.name, format, read_options, write_options, labels, **how
        )
        if report.written:
            data_files = [p for p in report.paths if p.suffix != ".md"]
            if len(data_files) != 1:
                raise DatasetkitError(
                    f"the {fmt.name} writer made {len(data_files)} files; a file object holds one",
                    "convert to a folder path instead",
                )
            write_to(target, data_files[0].read_bytes())
            report.paths = []
        return report


def _convert_inputs(source: Any, format: str | None, tmp: Path) -> tuple[list[str], dict[str, str]]:
    """Input paths for the converter; in-memory input is put in a scratch file first."""
    if is_path(source):
        return [os.fspath(source)], {}
    if isinstance(source, (list, tuple)) and all(is_path(p) for p in source):
        return [os.fspath(p) for p in source], {}
    src = input_file(source)
    suffix = src.suffix
    if not suffix and format:
        fmt = formats.get(format)
        suffix = fmt.extensions[0] if fmt.extensions else ""
    scratch = tmp / ("input" + suffix)
    scratch.write_bytes(src.data)
    return [str(scratch)], {str(scratch): src.path}


def _convert(
    inputs: list[str],
    output: str,
    to: str | None,
    format: str | None,
    read_options: dict[str, Any] | None,
    write_options: dict[str, Any],
    labels: dict[str, str],
    force: bool = False,
    make_parents: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> WriteReport:
    from datasetkit.convert.entry import convert as convert_files

    options = read_options_of(dict(read_options or {}), bool(labels))
    res = convert_files(
        inputs,
        output,
        source=format,
        target=to,
        read_options=options,
        write_options=write_options_of(write_options),
        force=force,
        make_parents=make_parents,
        progress=progress,
    )

    def label(f: Finding) -> Finding:
        path = f.location.path
        return f.with_location(path=labels[path]) if path in labels else f

    files = [
        FileReport(labels.get(p, p), res.source_formats.get(p), None, [label(f) for f in found])
        for p, found in res.input_findings.items()
    ]
    out_label = labels.get(output, output)
    files.append(
        FileReport(out_label, res.target_format, None, [label(f) for f in res.loss + res.errors])
    )
    return WriteReport(
        files, paths=list(res.paths), cases=res.cases_written, written=res.ok, conversion=res
    )


def migrate(
    path: str | os.PathLike[str], to: str | None = None, dry_run: bool = False
) -> Migration:
    """Upgrade an M365 eval document in place (legacy shapes, or to schema ``to``).

    A backup is kept beside the file. ``dry_run`` writes nothing; ``.diff()`` of the
    returned migration shows the change and ``.changes`` lists it. A migration to ``to``
    whose result would not validate is not written (``.valid`` is False; ``.remaining``
    and ``.unfixable`` say why).
    """
    from datasetkit.io.inplace import locked
    from datasetkit.migrate import apply, plan

    if not is_path(path):
        raise DatasetkitError("migrate works on a file in place: pass its path")
    name = os.fspath(path)
    if dry_run:
        return plan(name, to)
    with locked(name):
        migration = plan(name, to)
        if migration.needed and (migration.valid or not migration.requested):
            apply(migration)
        return migration
