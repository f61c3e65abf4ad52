"""The public Python API behind ``import datasetkit`` (listed in ``datasetkit.__all__``).

Every function takes a path, a file object (text or binary), ``bytes`` or, where it
makes sense, a Python object (a dict, a list, a :class:`Dataset`), and either returns
data (a :class:`Dataset`, a :class:`Report`) or raises :class:`DatasetkitError` with a
message and a hint. In-memory inputs and outputs go through the same readers, writers
and checks as files: a temporary folder stands in for the file system where a writer
needs one.
"""

from __future__ import annotations

import io
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypeGuard, Union

from datasetkit import formats
from datasetkit.core.findings import DatasetkitError, Finding, Severity
from datasetkit.formats import InputFile, ReadOptions, WriteOptions
from datasetkit.report import FileReport

if TYPE_CHECKING:
    from datasetkit.core.model import Case, Dataset
    from datasetkit.migrate import Migration
from datasetkit.api.results import Report, WriteError, WriteReport

# What can be read: a path, a file object, bytes; a str is always a path (see loads).
Source = Union[str, "os.PathLike[str]", bytes, IO[str], IO[bytes]]
# Where a dataset can be written: a path or a file object.
Target = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]

_MEMORY = "<memory>"


# --- inputs -------------------------------------------------------------------------------


def _is_dataset(value: Any) -> TypeGuard[Dataset]:
    """Whether ``value`` is a Dataset, without importing the model (and pydantic) to ask:
    while it is not imported, no Dataset exists."""
    model = sys.modules.get("datasetkit.core.model")
    return model is not None and isinstance(value, model.Dataset)


def _is_path(value: Any) -> TypeGuard[str | os.PathLike[str]]:
    return isinstance(value, (str, os.PathLike))


@dataclass
class _MemoryInput(InputFile):
    """Bytes in memory, with the extension a file of that content would have.

    Formats sniff the extension first; without one, a JSON document written on one
    line would look like a one-row JSONL file.
    """

    kind: str = ""

    @property
    def suffix(self) -> str:
        return self.kind


def _suffix_of(data: bytes) -> str:
    """``.json`` for one JSON value, ``.jsonl`` for one per line, else ``.csv`` or ``.txt``."""
    text = data.removeprefix(b"\xef\xbb\xbf").strip()
    if text[:1] in (b"{", b"["):
        try:
            json.loads(text)
        except ValueError:
            return ".jsonl"
        return ".json"
    first = text.split(b"\n", 1)[0]
    return ".csv" if b"," in first or b";" in first or b"\t" in first else ".txt"


def _memory(data: bytes, label: str | None) -> InputFile:
    if label and Path(label).suffix:
        return InputFile(label, data)
    return _MemoryInput(label or _MEMORY, data, kind=_suffix_of(data))


def _input(source: Any, name: str | None = None) -> InputFile:
    """An InputFile for a path, bytes or a file object."""
    if _is_path(source):
        return InputFile(os.fspath(source))
    if isinstance(source, (bytes, bytearray, memoryview)):
        return _memory(bytes(source), name)
    read = getattr(source, "read", None)
    if callable(read):
        data = read()
        if isinstance(data, str):
            data = data.encode("utf-8")
        if not isinstance(data, (bytes, bytearray)):
            raise DatasetkitError(
                f"reading the {type(source).__name__} gave {type(data).__name__}, not text or bytes",
                "pass a file opened for reading, a path, or bytes",
            )
        label = name or getattr(source, "name", None)
        return _memory(bytes(data), label if isinstance(label, str) else None)
    raise DatasetkitError(
        f"cannot read a {type(source).__name__}",
        "pass a path, a file object, bytes, or (for validate and lint) a dict or a Dataset",
    )


def _read_options(options: dict[str, Any], in_memory: bool) -> ReadOptions:
    """``mapping``, ``sheets`` and ``strict`` are ReadOptions fields; the rest is extra."""
    extra = dict(options)
    mapping = extra.pop("mapping", None) or {}
    if not isinstance(mapping, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in mapping.items()
    ):
        raise DatasetkitError(
            "mapping must be a dict of field -> column name", "e.g. mapping={'prompt': 'Question'}"
        )
    sheets = extra.pop("sheets", None) or []
    if isinstance(sheets, str):
        sheets = [sheets]
    strict = bool(extra.pop("strict", False))
    if in_memory:
        # A setup sidecar lives beside a file; bytes in memory have no "beside".
        extra.setdefault("sidecar", False)
    return ReadOptions(mapping=dict(mapping), sheets=list(sheets), strict=strict, extra=extra)


def _display(src: InputFile) -> str:
    return "<stdin>" if src.path == "-" else src.path


def _format_of(src: InputFile, format: str | None) -> formats.Format:
    from datasetkit.io.safety import boundary

    if format:
        return formats.get(format)
    with boundary(_display(src)):
        return formats.detect(src)


# --- reading ------------------------------------------------------------------------------


def load(source: Source, format: str | None = None, **read_options: Any) -> Dataset:
    """Read a dataset file (path, file object or bytes) into a :class:`Dataset`.

    ``format`` names the format (``datasetkit formats`` lists them); without it the
    format is detected. ``read_options``: ``mapping`` (field -> column, like ``--map``),
    ``sheets``, ``strict``, and format settings such as ``schema_version``.
    Raises :class:`DatasetkitError` when the file cannot be read as a dataset.
    """
    src = _input(source)
    fmt = _format_of(src, format)
    options = _read_options(read_options, src._data is not None)
    result = fmt.read(src, options)
    if result.dataset is None:
        errors = [f for f in result.findings if f.severity == Severity.ERROR]
        first = errors[0] if errors else None
        raise DatasetkitError(
            f"{_display(src)}: cannot be read as {fmt.name}"
            + (f": {first.message}" if first else ""),
            first.hint if first else "check the file, or name its format",
        )
    ds = result.dataset
    ds.source_format = ds.source_format or result.format or fmt.name
    ds.source_path = ds.source_path or (src.path if src._data is None else None)
    return ds


def loads(text: str | bytes, format: str | None = None, **read_options: Any) -> Dataset:
    """Read a dataset from a string or bytes (``format`` names it; detected if left out)."""
    if not isinstance(text, (str, bytes)):
        raise DatasetkitError(f"loads takes str or bytes, not {type(text).__name__}")
    data = text.encode("utf-8") if isinstance(text, str) else text
    return load(data, format, **read_options)


def iter_cases(
    source: Source,
    format: str | None = None,
    findings: list[Finding] | None = None,
    **read_options: Any,
) -> Iterator[Case]:
    """The cases of a dataset one at a time.

    Foundry JSONL and CSV files given by path are streamed: memory does not grow with
    the file. Findings of the read are appended to ``findings`` when a list is given.
    """
    src = _input(source)
    fmt = _format_of(src, format)
    options = _read_options(read_options, src._data is not None)
    yield from fmt.iter_cases(src, options, findings if findings is not None else [])


# --- writing ------------------------------------------------------------------------------


def _write_options(options: dict[str, Any]) -> WriteOptions:
    extra = dict(options)
    return WriteOptions(strict=bool(extra.pop("strict", False)), extra=extra)


def _stream_format(dest: Any, format: str | None) -> formats.Format:
    """The format of a file-object target: named, or told by the object's file name."""
    from datasetkit.convert.entry import output_format

    name = getattr(dest, "name", None)
    if format or isinstance(name, str):
        return output_format(name if isinstance(name, str) else "out", format)
    raise DatasetkitError(
        "writing to a file object needs the format", "pass format='m365' (or foundry, ...)"
    )


def _write_to(dest: Any, data: bytes) -> None:
    """Put a written file's bytes into a file object (decoded for a text stream)."""
    if isinstance(dest, io.TextIOBase):
        dest.write(data.decode("utf-8"))
        return
    try:
        dest.write(data)
    except TypeError:
        dest.write(data.decode("utf-8"))


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
    from datasetkit.convert.entry import output_format, write_dataset

    if not _is_dataset(dataset):
        raise DatasetkitError(f"dump takes a Dataset, not {type(dataset).__name__}")
    options = _write_options(write_options)
    if _is_path(target):
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
            f"cannot write to a {type(target).__name__}", "pass a path or a file object"
        )
    fmt = _stream_format(target, format)
    with tempfile.TemporaryDirectory(prefix="datasetkit-dump-") as tmp:
        staged = Path(tmp) / ("dataset" + (fmt.extensions[0] if fmt.extensions else ""))
        res = write_dataset(dataset, staged, fmt.name, options)
        findings = [_relabel(f, tmp) for f in res.findings]
        report = WriteReport([_report([], findings, _MEMORY, fmt.name)], cases=res.cases)
        if not res.paths:
            return report
        data_files = [p for p in res.paths if p.suffix != ".md"]
        if len(data_files) != 1:
            raise DatasetkitError(
                f"the {fmt.name} writer made {len(data_files)} files for this dataset; "
                "a file object holds one",
                "dump to a folder path instead (the files are numbered there)",
            )
        _write_to(target, data_files[0].read_bytes())
        report.written = True
        return report


def _relabel(f: Finding, tmp: str) -> Finding:
    """A finding about a scratch file, said of the in-memory target instead."""
    path = f.location.path
    if path and path.startswith(tmp):
        return f.with_location(path=_MEMORY)
    return f


def dumps(dataset: Dataset, format: str, **write_options: Any) -> str:
    """The dataset written as ``format``, as a string; raises :class:`WriteError` if refused."""
    buffer = io.BytesIO()
    report = dump(dataset, buffer, format, **write_options)
    if not report.written:
        raise WriteError(report)
    return buffer.getvalue().decode("utf-8")


# --- checking -----------------------------------------------------------------------------


def _object_input(obj: Any, format: str | None) -> InputFile:
    """A dict or list as the JSON file it would be (indented, so it is a document)."""
    try:
        data = json.dumps(obj, ensure_ascii=False, indent=2).encode("utf-8")
    except (TypeError, ValueError) as exc:
        raise DatasetkitError(
            f"the object cannot be written as JSON ({exc})", "pass plain dicts, lists and strings"
        ) from None
    return _MemoryInput("<object>", data, kind=".json")


def _dataset_input(dataset: Dataset, format: str | None) -> tuple[InputFile, str]:
    """A Dataset as the bytes its format's writer makes (without the write's own checks)."""
    from datasetkit.convert.entry import write_dataset

    name = format or (
        dataset.source_format
        if dataset.source_format
        and dataset.source_format in {f.name for f in formats.all_formats() if f.writable}
        else "m365"
    )
    fmt = formats.get(name)
    with tempfile.TemporaryDirectory(prefix="datasetkit-check-") as tmp:
        staged = Path(tmp) / ("dataset" + (fmt.extensions[0] if fmt.extensions else ""))
        res = write_dataset(dataset, staged, fmt.name, WriteOptions(), validate=False)
        data_files = [p for p in res.paths if p.suffix != ".md"]
        if len(data_files) != 1:
            raise DatasetkitError(
                f"the {fmt.name} writer made {len(data_files)} files for this dataset",
                "write it with dump() to a folder and validate the files",
            )
        suffix = data_files[0].suffix
        return _MemoryInput("<dataset>", data_files[0].read_bytes(), kind=suffix), fmt.name


def _inputs(source: Any, format: str | None) -> list[tuple[str, InputFile | None, str | None]]:
    """(display path, in-memory input or None for a file, format) for each input."""
    from datasetkit.validate import resolve_inputs

    if _is_dataset(source):
        src, name = _dataset_input(source, format)
        return [("<dataset>", src, name)]
    if isinstance(source, (dict, list)):
        return [("<object>", _object_input(source, format), format)]
    if _is_path(source):
        name = os.fspath(source)
        if (
            isinstance(source, str)
            and source.lstrip()[:1] in ("{", "[")
            and not Path(name).exists()
        ):
            # A str is a path; JSON text passed by mistake gets a way forward, not a glob error.
            raise DatasetkitError(
                "a str is read as a path, and this looks like JSON text",
                "pass the text as bytes (text.encode()) or the parsed object (json.loads(text))",
            )
        files, _ = resolve_inputs([name])
        return [(p, None, format) for p in files]
    src = _input(source)
    return [(src.path, src, format)]


def _paths(source: Any) -> list[str] | None:
    """The paths of a list or tuple of paths (what the command line passes), else None."""
    if isinstance(source, (list, tuple)) and source and all(_is_path(p) for p in source):
        return [os.fspath(p) for p in source]
    return None


def validate(
    source: Any,
    format: str | None = None,
    *,
    target: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    **read_options: Any,
) -> Report:
    """Check a dataset against its format's rules; returns a :class:`Report`.

    ``source`` is a path (a folder or glob checks every dataset in it), a list of
    paths, a file object, bytes, a dict or list (a JSON document), or a
    :class:`Dataset` (checked as the file its format's writer makes). ``target`` also
    checks that the dataset would be accepted when written as that format.
    ``progress`` is told (bytes read, total bytes) as files are read. Unreadable input
    is a finding, not an error.
    """
    from datasetkit.validate import check_target, validate_file, validate_paths

    paths = _paths(source)
    if paths is not None:
        options = _read_options(read_options, False)
        checked, _ = validate_paths(paths, format, options, target, progress=progress)
        return Report([c.report for c in checked])
    files = []
    for path, src, fmt in _inputs(source, format):
        options = _read_options(read_options, src is not None)
        # Only the findings are wanted (unless a target writes the data): memory stays
        # flat on a large file.
        checked_one = validate_file(path, fmt, options, src=src, keep_dataset=target is not None)
        if target:
            checked_one.report.findings.extend(check_target(checked_one, target))
        files.append(checked_one.report)
    return Report(files)


def lint(
    source: Any,
    format: str | None = None,
    *,
    config: str | os.PathLike[str] | None = None,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    near_duplicate_threshold: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    **read_options: Any,
) -> Report:
    """Validate, then run the lint rules (content, evaluators, near-duplicates...).

    ``source`` is as for :func:`validate`. ``config`` names a configuration file;
    without it the nearest one (``datasetkit.toml``, ``pyproject.toml``) is used.
    ``select`` and ``ignore`` name rules (codes or prefixes, also comma-separated) to
    run only or to skip; ``near_duplicate_threshold`` (0-1) overrides the setting.
    """
    from datasetkit.lint import run
    from datasetkit.lint.engine import lint_file

    cfg = run.configured(
        os.fspath(config) if config is not None else None,
        list(select or []),
        list(ignore or []),
        near_duplicate_threshold,
    )
    paths = _paths(source)
    if paths is not None:
        from datasetkit.validate import resolve_inputs

        files, _ = resolve_inputs(paths)
        options = _read_options(read_options, False)
        return Report([c.report for c in run.lint_files(files, format, cfg, options, progress)])
    reports = []
    for path, src, fmt in _inputs(source, format):
        options = _read_options(read_options, src is not None)
        reports.append(lint_file(path, fmt, cfg, options, src=src).report)
    return Report(reports)


# --- converting and migrating -------------------------------------------------------------


def convert(
    source: Source | Sequence[str | os.PathLike[str]],
    target: Target,
    to: str | None = None,
    *,
    format: str | None = None,
    read_options: dict[str, Any] | None = None,
    force: bool = True,
    make_parents: bool = True,
    progress: Callable[[int, int], None] | None = None,
    **write_options: Any,
) -> WriteReport:
    """Convert between formats, exactly as ``datasetkit convert`` does (which calls this).

    ``source``: a path, several paths (merged), a file object or bytes; ``format``
    names its format when detection cannot. ``target``: a path or a file object
    (``to`` names the output format; a path's extension tells it when left out).
    What the target cannot carry is reported as findings; ``strict=True`` refuses
    instead. An existing ``dst`` file is replaced (atomically, and only by a valid
    output) unless ``force`` is False; ``make_parents`` creates a missing folder;
    ``progress`` is told (bytes read, total bytes). Returns a :class:`WriteReport`
    (``ok`` False when nothing was written; ``conversion`` has the details).
    """
    how: dict[str, Any] = {"force": force, "make_parents": make_parents, "progress": progress}
    paths = [os.fspath(source)] if _is_path(source) else _paths(source)
    if paths is not None and _is_path(target):
        # Files to a file: no scratch folder (one that cannot be made must not stop it).
        return _convert(
            paths, os.fspath(target), to, format, read_options, write_options, {}, **how
        )
    with tempfile.TemporaryDirectory(prefix="datasetkit-convert-") as tmp:
        inputs, labels = _convert_inputs(source, format, Path(tmp))
        if _is_path(target):
            return _convert(
                inputs, os.fspath(target), to, format, read_options, write_options, labels, **how
            )
        if not callable(getattr(target, "write", None)):
            raise DatasetkitError(
                f"cannot write to a {type(target).__name__}", "pass a path or a file object"
            )
        fmt = _stream_format(target, to)
        out = Path(tmp) / "out" / ("converted" + (fmt.extensions[0] if fmt.extensions else ""))
        out.parent.mkdir()
        labels[str(out)] = _MEMORY
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
            _write_to(target, data_files[0].read_bytes())
            report.paths = []
        return report


def _convert_inputs(source: Any, format: str | None, tmp: Path) -> tuple[list[str], dict[str, str]]:
    """Input paths for the converter; in-memory input is put in a scratch file first."""
    if _is_path(source):
        return [os.fspath(source)], {}
    if isinstance(source, (list, tuple)) and all(_is_path(p) for p in source):
        return [os.fspath(p) for p in source], {}
    src = _input(source)
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
    force: bool = True,
    make_parents: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> WriteReport:
    from datasetkit.convert.entry import convert as convert_files

    options = _read_options(dict(read_options or {}), bool(labels))
    res = convert_files(
        inputs,
        output,
        source=format,
        target=to,
        read_options=options,
        write_options=_write_options(write_options),
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

    if not _is_path(path):
        raise DatasetkitError("migrate works on a file in place: pass its path")
    name = os.fspath(path)
    if dry_run:
        return plan(name, to)
    with locked(name):
        migration = plan(name, to)
        if migration.needed and (migration.valid or not migration.requested):
            apply(migration)
        return migration
