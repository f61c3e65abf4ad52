"""The lint engine: validate a file, run the selected rules, locate and filter the findings."""

from __future__ import annotations

import os
from collections.abc import Iterable

from ..findings import Finding, Location, Severity
from ..formats import InputFile, ReadOptions, ReadResult
from ..gcpause import collector_paused
from ..model import Dataset
from ..report import FileReport
from ..validate import Checked, resolve_inputs, validate_file
from .config import LintConfig, load_config
from .context import LintContext
from .registry import Hit, Rule, all_rules


def _pointer_of(ctx: LintContext, hit: Hit) -> str | None:
    if hit.pointer is not None:
        return hit.pointer
    if hit.case is None or hit.case >= len(ctx.cases):
        return None
    src = ctx.cases[hit.case].source
    if src is None:
        return None
    base = src.pointer
    if hit.turn is not None and src.turn_pointers and hit.turn < len(src.turn_pointers):
        base = src.turn_pointers[hit.turn]
    if base is None:
        return None
    if not hit.key:
        return base
    if ctx.family == "foundry" and hit.turn is not None and base != src.pointer:
        # A Foundry turn pointer already names the prompt ("/3/query") or its message.
        if hit.key == "prompt":
            return base + "/content" if "/messages/" in base else base
        return f"{src.pointer}/{ctx.file_key(hit.case, hit.key)}"
    key = ctx.file_key(hit.case, hit.key)
    return f"{base}/{key}" if key else base


def locate_hit(ctx: LintContext, hit: Hit) -> Location:
    """Where a hit is: file, line/column (when the format can tell), pointer, CSV row."""
    if hit.line is not None or hit.row is not None:
        return Location(
            path=ctx.path,
            line=hit.line,
            column=hit.column,
            pointer=hit.pointer,
            row=hit.row,
            field=hit.field,
        )
    pointer = _pointer_of(ctx, hit)
    src = ctx.cases[hit.case].source if hit.case is not None and hit.case < len(ctx.cases) else None
    loc: Location | None = None
    if pointer is not None and ctx.result.locate is not None:
        try:
            loc = ctx.result.locate(pointer)
        except Exception:  # a locator that cannot resolve a pointer must not stop lint
            loc = None
    field = ctx.field_name(hit.case, hit.key) if hit.key and hit.case is not None else None
    if loc is None:
        return Location(
            path=ctx.path,
            line=src.line if src is not None else None,
            pointer=pointer,
            row=src.row if src is not None else None,
            field=field,
        )
    line = loc.line if loc.line is not None else (src.line if src is not None else None)
    row = loc.row if loc.row is not None else (src.row if src is not None else None)
    return Location(
        path=ctx.path,
        line=line,
        column=loc.column,
        pointer=loc.pointer if loc.pointer is not None else pointer,
        row=row,
        field=loc.field or field,
    )


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


def _is_superseded(
    f: Finding, superseded: list[tuple[set[str], str | None, int | None, str | None]]
) -> bool:
    for codes, pointer, line, field in superseded:
        if f.code not in codes:
            continue
        fp = f.location.pointer
        if pointer is None or fp is None:
            # File-level findings (headers, limits) are matched by line and column name.
            if (
                line is not None
                and line == f.location.line
                and (field or None) == (f.location.field or None)
            ):
                return True
            if pointer is None and fp is None and line is None:
                return True
            continue
        if fp == pointer or fp.startswith(pointer + "/") or pointer.startswith(fp + "/"):
            return True
    return False


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
    base = [f for f in base if not _is_superseded(f, ctx.superseded)]
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
    # kept to the end, like the cases (see datasetkit.gcpause).
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
    from .stream import STREAM_MIN_BYTES, lint_streamed

    try:
        if path == "-" or os.path.getsize(path) < STREAM_MIN_BYTES:
            return None
    except OSError:
        return None
    from ..validate import _detect

    format_ = _detect(path, path, fmt, InputFile(path))
    if isinstance(format_, Checked) or format_.name != "foundry":
        return None
    return lint_streamed(path, format_, config, options)  # type: ignore[arg-type]


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
