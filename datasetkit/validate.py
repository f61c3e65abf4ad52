"""``validate``: check dataset files against their format's rules.

The library entry points behind ``datasetkit validate`` (and the first step of
``lint``): pick each file's format, run its checks, and collect located findings.
"""

from __future__ import annotations

import dataclasses
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from datasetkit import formats
from datasetkit.core.findings import DatasetkitError, Finding, Location, Severity
from datasetkit.formats import NO_DATASET, InputFile, ReadOptions, ReadResult
from datasetkit.io.decoding import EncodingUnclear
from datasetkit.io.paths import discover, expand
from datasetkit.io.safety import UnexpectedError, boundary
from datasetkit.report import FileReport

# Findings that mean a file could not be read at all, so no verdict on it exists: the
# CLI exits 2 ("could not run") for them, as convert does. An encoding that cannot be
# told is one: reading it as a guess would check garbled text.
# An exception nobody explained (a bug) is another: see datasetkit.io.safety.
# A file named with --from whose syntax that format does not read is a third.
UNREADABLE_CODES = ("input.encoding-unclear", "input.internal-error", "input.syntax-mismatch")


@dataclass
class Checked:
    """One file's validation: the report for reporters, and the reader's result."""

    report: FileReport
    result: ReadResult | None


def resolve_inputs(paths: list[str] | None, cwd: str | None = None) -> tuple[list[str], str | None]:
    """The files to check, and a note when the file was found by discovery.

    With no path, look where runevals looks (``./prompts.json``, ``./evals.json``,
    ``./tests.json``, then the same names under ``./evals/``).
    """
    if paths:
        return expand(paths), None
    found = discover(cwd)
    if found is None:
        raise DatasetkitError(
            "no dataset file given and none found (looked for prompts.json, evals.json, tests.json "
            "in . and ./evals/)",
            "name a file (datasetkit validate my-evals.json) or create one with 'datasetkit init'",
        )
    return [str(found)], f"Using dataset file: {found}"


def validate_file(
    path: str,
    fmt: str | None = None,
    options: ReadOptions | None = None,
    *,
    src: InputFile | None = None,
    keep_dataset: bool = True,
) -> Checked:
    """Validate one file; an unreadable file is a finding, not an exception.

    ``src`` gives the bytes when they are in memory (the Python API); ``path`` then
    only names them in findings. Without ``keep_dataset`` the reader is told only
    findings are wanted (NO_DATASET): the result may carry no dataset, and a
    record-by-record format is checked as a stream, so memory stays flat.
    """
    src = src or InputFile(path)
    display = "<stdin>" if path == "-" else path
    format_ = detect_format(path, display, fmt, src)
    if isinstance(format_, Checked):
        return format_
    opts = options or ReadOptions()
    if not keep_dataset:
        # Readers may then skip building what only the dataset needs (see NO_DATASET).
        opts = dataclasses.replace(opts, extra={**opts.extra, NO_DATASET: True})
    try:
        result = format_.validate(src, opts)
    except DatasetkitError as exc:
        return _unreadable(display, format_.name, exc)
    result.format = result.format or format_.name
    return Checked(
        FileReport(
            display,
            result.format,
            result.info.get("schemaVersion"),
            list(result.findings),
            {k: v for k, v in result.info.items() if k != "schemaVersion"},
        ),
        result,
    )


def detect_format(
    path: str, display: str, fmt: str | None, src: InputFile
) -> formats.Format | Checked:
    """The format to validate ``src`` with, or the report saying why it has none."""
    if fmt:
        # An unknown --from name is a bad option for the whole run: raised, not reported
        # per file. What naming the format then reads of the file (its syntax) is the file's.
        formats.get(fmt)
    try:
        if path == "-" and not fmt and not src.data.strip():
            raise DatasetkitError(
                "standard input is empty",
                "pipe a dataset file into it: datasetkit validate - < evals.json",
            )
        with boundary(display):
            return formats.named(fmt, src) if fmt else formats.detect(src)
    except UnexpectedError as exc:
        return _unreadable(display, None, exc)
    except formats.SyntaxMismatch as exc:
        return _unreadable(display, fmt, exc)
    except DatasetkitError as exc:
        if fmt:
            return _unreadable(display, fmt, exc)
        if exc.__cause__ is not None:
            # Detection met an explained exception (the boundary's): the file is
            # unreadable, not of an unknown format.
            return _unreadable(display, None, exc)
        finding = Finding(
            "input.unknown-format", Severity.ERROR, exc.message, exc.hint, Location(path=display)
        )
        return Checked(FileReport(display, None, None, [finding]), None)


def _unreadable(display: str, fmt: str | None, exc: DatasetkitError) -> Checked:
    if isinstance(exc, EncodingUnclear):
        code = UNREADABLE_CODES[0]
    else:
        code = getattr(exc, "code", "input.unreadable")
    finding = Finding(code, Severity.ERROR, exc.message, exc.hint, Location(path=display))
    return Checked(FileReport(display, fmt, None, [finding]), None)


def check_target(checked: Checked, target: str) -> list[Finding]:
    """Findings for writing this dataset as ``target``: what would be lost or rejected.

    The dataset is written to a scratch folder with the target's writer, then the
    written files are checked with the target's own validation.
    """
    result = checked.result
    if result is None or result.dataset is None:
        return []
    fmt = formats.get(target)
    if not fmt.writable:
        raise DatasetkitError(
            f"--target {target}: that format is read-only", "pick a format datasetkit writes"
        )
    src_path = checked.report.path
    out: list[Finding] = []
    with tempfile.TemporaryDirectory(prefix="datasetkit-target-") as tmp:
        name = Path(src_path if src_path != "<stdin>" else "stdin").stem + (
            fmt.extensions[0] if fmt.extensions else ""
        )
        from datasetkit.convert.prepare import prepare_for_target

        # Lay the cases out for the target exactly as convert does, so only what the
        # target truly cannot take is reported.
        dataset = result.dataset.model_copy(
            update={
                "cases": [
                    prepare_for_target(c, result.format, fmt.name) for c in result.dataset.cases
                ]
            }
        )
        try:
            written = fmt.write(dataset, Path(tmp) / name)
        except DatasetkitError as exc:
            return [
                Finding(
                    f"target.{target}.refused",
                    Severity.ERROR,
                    exc.message,
                    exc.hint,
                    Location(path=src_path),
                )
            ]
        for f in written.findings:
            out.append(f.with_location(path=src_path))
        for p in written.paths:
            check = fmt.validate(InputFile(str(p)), ReadOptions())
            for f in check.findings:
                if f.severity != Severity.INFO:
                    out.append(
                        Finding(
                            f"target.{f.code}",
                            f.severity,
                            f"as {target}: {f.message}",
                            f.hint,
                            Location(path=src_path),
                            f.data,
                        )
                    )
    return out


def validate_paths(
    paths: list[str] | None,
    fmt: str | None = None,
    options: ReadOptions | None = None,
    target: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    keep_dataset: bool = False,
) -> tuple[list[Checked], str | None]:
    """Validate every file the paths name; returns the results and any discovery note.

    ``progress`` is called with (bytes read, total bytes) as the run goes (a CLI bar).
    The datasets read are kept only with ``keep_dataset`` or a ``target`` (which writes
    them): validating a large file then takes memory that does not grow with it.
    """
    from datasetkit.formats.progress import file_steps

    files, note = resolve_inputs(paths)
    keep = keep_dataset or target is not None
    steps = file_steps(files, options or ReadOptions(), progress)
    checked = [validate_file(p, fmt, opts, keep_dataset=keep) for p, opts in steps]
    if target:
        for c in checked:
            c.report.findings.extend(check_target(c, target))
    return checked, note
