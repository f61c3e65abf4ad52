"""What ``datasetkit lint``, ``rules`` and ``stats`` do, as library calls.

The settings a run takes from its options (rule selection, the near-duplicate
threshold, read options), the fixes applied file by file, the lint run itself, and the
rule catalogue as data or text. The CLI parses options, calls these and prints.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from datasetkit.formats import ReadOptions
from datasetkit.lint.config import LintConfig
from datasetkit.lint.fix.apply import FixResult
from datasetkit.lint.registry import Rule
from datasetkit.validate import Checked


def split_codes(values: list[str] | None) -> list[str]:
    """Rule codes given as repeated and comma-separated options, in order."""
    return [v.strip() for raw in values or [] for v in raw.split(",") if v.strip()]


def configured(
    config_path: str | None,
    select: list[str] | None = None,
    ignore: list[str] | None = None,
    threshold: float | None = None,
) -> LintConfig:
    """The configuration file's settings (or the nearest one's), then the options'."""
    from datasetkit.lint.config import check_threshold, load_config, normalize_selector
    from datasetkit.lint.registry import all_rules

    cfg = load_config(config_path)
    known = sorted(all_rules())
    if select:
        cfg.select = [normalize_selector(s, known, "--select") for s in split_codes(select)]
    if ignore:
        cfg.ignore = cfg.ignore + [
            normalize_selector(s, known, "--ignore") for s in split_codes(ignore)
        ]
    if threshold is not None:
        cfg.near_duplicate_threshold = check_threshold(threshold, "--near-duplicate-threshold")
    return cfg


def read_options(
    mapping: dict[str, str], sheets: list[str] | None, schema_version: str | None
) -> ReadOptions:
    """How the files are read (column mapping, sheets, a forced M365 schema version)."""
    options = ReadOptions(mapping=mapping, sheets=list(sheets or []))
    if schema_version:
        options.extra["schema_version"] = schema_version
    return options


def fix_files(
    files: list[str], fmt: str | None, config: LintConfig, write: bool
) -> Iterator[FixResult]:
    """The safe fixes of each file, applied in place when ``write`` (else only computed)."""
    from datasetkit.io.inplace import locked
    from datasetkit.lint.fix.apply import fix_file

    for p in files:
        # Locked from reading to writing, so two runs never both write.
        with locked(p) if write and p != "-" else contextlib.nullcontext():
            res = fix_file(p, fmt, config, write=write)
        yield res


def lint_files(
    files: list[str],
    fmt: str | None,
    config: LintConfig,
    options: ReadOptions,
    progress: Callable[[int, int], None] | None = None,
) -> list[Checked]:
    """Validate and lint every file; ``progress`` is told the bytes read so far."""
    from datasetkit.formats.progress import file_steps
    from datasetkit.lint.engine import lint_file

    return [lint_file(p, fmt, config, opts) for p, opts in file_steps(files, options, progress)]


def rule_summaries() -> dict[str, str]:
    """Every rule's code and one-line summary (reporters list the rules that fired)."""
    from datasetkit.lint.registry import all_rules

    return {code: r.summary for code, r in all_rules().items()}


def rules_named(code: str) -> list[Rule]:
    """The rules a code or prefix names (``lint.prompt`` names every prompt rule)."""
    from datasetkit.lint.config import normalize_selector
    from datasetkit.lint.registry import all_rules

    rules = all_rules()
    full = normalize_selector(code, sorted(rules), "rules")
    return [r for c, r in rules.items() if c == full or c.startswith(full + ".")]


def rule_dict(r: Rule, full: bool) -> dict[str, Any]:
    """A rule as data (with its explanation and examples when ``full``)."""
    out: dict[str, Any] = {
        "code": r.code,
        "severity": r.severity.value,
        "formats": list(r.families),
        "summary": r.summary,
        "fixable": r.fixable,
    }
    if full:
        out.update(
            {
                "explanation": r.explanation,
                "bad": r.bad,
                "good": r.good,
                "settings": list(r.settings),
            }
        )
    return out


def rule_table() -> list[str]:
    """One line per rule, sorted by code: code, severity, formats, summary."""
    from datasetkit.lint.registry import all_rules

    rules = all_rules()
    width = max(len(c) for c in rules)
    return [
        f"{r.code:<{width}}  {r.severity.value:<7}  {','.join(r.families):<22}  {r.summary}"
        + (" (fix)" if r.fixable else "")
        for r in sorted(rules.values(), key=lambda r: r.code)
    ]


def explain(r: Rule) -> str:
    """A rule explained for people: summary, why, a bad and a good example, settings."""
    lines = [
        f"{r.code} ({r.severity.value}; {', '.join(r.families)}{'; fixable with --fix' if r.fixable else ''})",
        "",
        r.summary,
        "",
        r.explanation,
        "",
        f"Bad ({r.example_format}):",
        *("    " + ln for ln in r.bad.rstrip("\n").splitlines()),
        "",
        "Good:",
        *("    " + ln for ln in r.good.rstrip("\n").splitlines()),
    ]
    if r.settings:
        lines += ["", "Settings: " + ", ".join(r.settings)]
    return "\n".join(lines) + "\n"
