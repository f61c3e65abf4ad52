"""The lint engine: validate a file, run the selected rules, locate and filter the findings."""

from __future__ import annotations

import os
from collections.abc import Iterable

from datasetkit.core.findings import Finding, Location, Severity
from datasetkit.core.gcpause import collector_paused
from datasetkit.core.model import Dataset
from datasetkit.formats import InputFile, ReadOptions, ReadResult
from datasetkit.lint.config import LintConfig, load_config
from datasetkit.lint.context import LintContext
from datasetkit.lint.locate import is_superseded, locate_hit
from datasetkit.lint.registry import Rule, all_rules
from datasetkit.report import FileReport
from datasetkit.validate import Checked, resolve_inputs, validate_file


def run_rules(ctx: LintContext, rules: Iterable[Rule] | None = None) -> list[Finding]:
    """The findings of every enabled rule that applies to the context's format."""
    out: list[Finding] = []
    superseded: list[tuple[set[str], str | None, int | None, str | None]] = []
    for rule in rules if rules is not None else all_rules().values():
        if not rule.applies_to(ctx.family) or not ctx.config.enabled(rule.code, ctx.path):
            continue
        try:
            hits = list(rule.check(ctx))
        except Exception as exc:  # one broken rule must not hide the others' findings
            out.append(
                Finding(
                    "lint.internal-error",
                    Severity.WARNING,
                    f"rule {rule.code} could not check this file ({type(exc).__name__}: {exc})",
                    f"ignore the rule for this file (--ignore {rule.code}) and report the problem",
                    Location(path=ctx.path),
                )
            )
            continue
        for hit in hits:
            loc = locate_hit(ctx, hit)
            severity = ctx.config.apply_severity(rule.code, hit.severity or rule.severity)
            out.append(Finding(rule.code, severity, hit.message, hit.hint, loc, hit.data))
            if rule.supersedes:
                superseded.append((set(rule.supersedes), loc.pointer, loc.line, loc.field))
    ctx.superseded = superseded
    return out


def lint_result(
    path: str,
    result: ReadResult,
    config: LintConfig,
    validate_findings: list[Finding] | None = None,
    data: bytes | None = None,
) -> list[Finding]:
    """Validate findings (filtered) plus rule findings for an already-read file."""
    base = list(validate_findings or [])
    found: list[Finding] = []
    rules = None
    if result.dataset is None:
        # The reader gave up; rules that read only the raw file can still say why.
        result = ReadResult(Dataset(), result.findings, result.format, result.info, result.locate)
        rules = [r for r in all_rules().values() if r.raw]
    ctx = LintContext(path, result, config, base, data)
    found = run_rules(ctx, rules)
    base = [f for f in base if not is_superseded(f, ctx.superseded)]
    base = [f for f in base if not config.ignored(f.code, path)]
    return base + found


def lint_file(
    path: str,
    fmt: str | None = None,
    config: LintConfig | None = None,
    options: ReadOptions | None = None,
    *,
    src: InputFile | None = None,
    stream: bool = True,
) -> Checked:
    """Validate ``path`` and run the lint rules on it; unreadable files are findings.

    ``src`` gives the bytes when they are in memory (the Python API). A large Foundry
    JSONL file is linted as a stream (the same findings; no dataset in the result)
    unless ``stream`` is false.
    """
    cfg = config if config is not None else load_config()
    if src is None and stream:
        streamed = _lint_large(path, fmt, cfg, options)
        if streamed is not None:
            return streamed
    checked = validate_file(path, fmt, options, src=src)
    report = checked.report
    result = checked.result
    if result is None:
        report.findings = [f for f in report.findings if not cfg.ignored(f.code, report.path)]
        return checked
    if result.dataset is not None and result.dataset.source_path is None:
        result.dataset.source_path = path
    data = src._data if src is not None else None
    if path == "-":
        # Standard input cannot be read twice; rules that need raw bytes see none.
        data = b""
    # The rules add indexes over every case (keys, signatures, rows): built at once and
    # kept to the end, like the cases (see datasetkit.core.gcpause).
    with collector_paused():
        report.findings = lint_result(
            report.path if path != "-" else path, result, cfg, report.findings, data
        )
    report.findings = [
        f if f.location.path else f.with_location(path=report.path) for f in report.findings
    ]
    return Checked(report, result)


def _lint_large(
    path: str, fmt: str | None, config: LintConfig, options: ReadOptions | None
) -> Checked | None:
    """A large Foundry JSONL file linted as a stream (flat memory); None for any other."""
    from datasetkit.lint.stream import STREAM_MIN_BYTES, lint_streamed

    try:
        if path == "-" or os.path.getsize(path) < STREAM_MIN_BYTES:
            return None
    except OSError:
        return None
    from datasetkit.formats.foundry.format import FoundryJSONL
    from datasetkit.validate import detect_format

    format_ = detect_format(path, path, fmt, InputFile(path))
    if not isinstance(format_, FoundryJSONL):
        return None
    return lint_streamed(path, format_._reader(), config, options)


def lint_dataset(
    dataset: Dataset, fmt: str | None = None, config: LintConfig | None = None
) -> list[Finding]:
    """Run the lint rules on a dataset built in memory (no file, no validation step)."""
    result = ReadResult(dataset, [], fmt or dataset.source_format or "")
    return lint_result(dataset.source_path or "<dataset>", result, config or LintConfig(), [], b"")


def lint_paths(
    paths: list[str] | None,
    fmt: str | None = None,
    config: LintConfig | None = None,
    options: ReadOptions | None = None,
) -> tuple[list[Checked], str | None]:
    """Lint every file the paths name; returns the results and any discovery note."""
    files, note = resolve_inputs(paths, os.getcwd())
    cfg = config if config is not None else load_config()
    return [lint_file(p, fmt, cfg, options) for p in files], note


def reports(checked: list[Checked]) -> list[FileReport]:
    """The reports of a list of results."""
    return [c.report for c in checked]
