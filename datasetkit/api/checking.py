"""Checking datasets: ``validate`` (the format's rules) and ``lint`` (the semantic rules)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

from datasetkit.api.results import Report
from datasetkit.api.sources import check_inputs, paths_of, read_options_of
from datasetkit.core.findings import Severity
from datasetkit.report import FileReport


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

    paths = paths_of(source)
    if paths is not None:
        options = read_options_of(read_options, False)
        checked, _ = validate_paths(paths, format, options, target, progress=progress)
        return Report([c.report for c in checked])
    files = []
    for path, src, fmt in check_inputs(source, format):
        options = read_options_of(read_options, src is not None)
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
    paths = paths_of(source)
    if paths is not None:
        from datasetkit.validate import resolve_inputs

        files, _ = resolve_inputs(paths)
        options = read_options_of(read_options, False)
        return Report([c.report for c in run.lint_files(files, format, cfg, options, progress)])
    reports = []
    for path, src, fmt in check_inputs(source, format):
        options = read_options_of(read_options, src is not None)
        reports.append(lint_file(path, fmt, cfg, options, src=src).report)
    return Report(reports)


def find_inputs(paths: list[str] | None) -> tuple[list[str], str | None]:
    """The files named by ``paths`` (files, folders, globs, ``-``), and a note when none was
    named and the dataset was found where runevals looks (``./prompts.json``, ...)."""
    from datasetkit.validate import resolve_inputs

    return resolve_inputs(paths)


# A path that names no file: a finding, so the other paths are still checked and the
# report (SARIF for CI) is still written; the run exits 2, as one that could not run.
MISSING_INPUT = "input.not-found"


def find_inputs_or_report(
    paths: list[str] | None,
) -> tuple[list[str], str | None, list[FileReport]]:
    """Like :func:`find_inputs`, with each path that names nothing (a missing file, an
    empty folder, a pattern matching nothing) as a report of one error instead of an
    exception: the files, the note, and those reports."""
    from datasetkit.core.findings import DatasetkitError, Finding, Location

    if not paths:
        files, note = find_inputs(paths)
        return files, note, []
    missing: list[FileReport] = []
    kept: list[str] = []
    for raw in paths:
        try:
            find_inputs([raw])
        except DatasetkitError as exc:
            message = exc.message.removeprefix(f"{raw}: ")
            finding = Finding(MISSING_INPUT, Severity.ERROR, message, exc.hint, Location(path=raw))
            missing.append(FileReport(raw, None, None, [finding]))
            continue
        kept.append(raw)
    files, note = find_inputs(kept) if kept else ([], None)
    return files, note, missing


def exit_code(reports: list[FileReport]) -> int:
    """2 when a file could not be read at all (or a path named none), 1 when any finding
    is an error, else 0."""
    from datasetkit.validate import UNREADABLE_CODES

    codes = {f.code for r in reports for f in r.findings}
    if codes & {*UNREADABLE_CODES, MISSING_INPUT}:
        return 2
    return 1 if any(f.severity == Severity.ERROR for r in reports for f in r.findings) else 0
