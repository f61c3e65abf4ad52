"""``datasetkit lint``, ``rules`` and ``stats``: semantic checks, the rule catalogue, counts."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

import typer

from datasetkit.cli._common import fail, handle_errors, parse_map
from datasetkit.cli._conventions import note, quiet
from datasetkit.cli.validate import (
    FORMAT_OPTION,
    FROM_OPTION,
    OUTPUT_OPTION,
    PATHS_ARGUMENT,
    OutputFormat,
    emit,
)

if TYPE_CHECKING:
    from datasetkit.api.linting import LintConfig


def register(app: typer.Typer) -> None:
    """Add the ``lint``, ``rules`` and ``stats`` commands."""
    app.command("lint")(handle_errors(lint_cmd))
    app.command("rules")(handle_errors(rules_cmd))
    app.command("stats")(handle_errors(stats_cmd))


# The command's signature is its options (typer reads them from it): long, and no logic.
def lint_cmd(
    paths: list[str] = PATHS_ARGUMENT,
    output: OutputFormat = FORMAT_OPTION,
    from_: str | None = FROM_OPTION,
    select: list[str] = typer.Option(
        None, "--select", help="Run only these rules (codes or prefixes, comma-separated)."
    ),
    ignore: list[str] = typer.Option(
        None, "--ignore", help="Skip these rules (codes or prefixes, comma-separated)."
    ),
    config_path: str | None = typer.Option(
        None, "--config", help="Read settings from this TOML file."
    ),
    threshold: float | None = typer.Option(
        None,
        "--near-duplicate-threshold",
        help="Similarity (0-1) from which prompts are near-duplicates.",
    ),
    fix: bool = typer.Option(False, "--fix", help="Apply the safe fixes in place (with a backup)."),
    diff: bool = typer.Option(
        False, "--diff", help="Show the safe fixes as a unified diff; change nothing."
    ),
    schema_version: str | None = typer.Option(
        None, "--schema-version", help="M365: validate against this schema version."
    ),
    mapping: list[str] = typer.Option(
        None, "--map", help="FIELD=HEADER column mapping for tables."
    ),
    sheet: list[str] = typer.Option(None, "--sheet", help="Spreadsheet sheets to read."),
    report_to: str = OUTPUT_OPTION,
    exit_zero: bool = typer.Option(
        False,
        "--exit-zero",
        help="Exit 0 even when errors are found (2 still means it could not run).",
    ),
) -> None:
    """Validate, then check the semantic rules that catch a bad eval set; exit 1 on any error."""
    from datasetkit.api import linting
    from datasetkit.api.checking import exit_code, find_inputs_or_report

    cfg = linting.configured(config_path, select, ignore, threshold)
    files, found, reports = find_inputs_or_report(paths)
    if found:
        note(found)
    if fix or diff:
        _fix(files, from_, cfg, diff)
    read: dict[str, Any] = {"mapping": parse_map(mapping), "sheets": list(sheet or [])}
    if schema_version:
        read["schema_version"] = schema_version
    rules: dict[str, Any] = {"config": config_path, "select": select, "ignore": ignore}
    if files:
        reports = reports + _lint_files(files, from_, threshold, {**rules, **read})
    emit(reports, output, "lint", rules=linting.rule_summaries(), to=report_to)
    code = exit_code(reports)
    raise typer.Exit(0 if exit_zero and code == 1 else code)


def _lint_files(
    files: list[str], from_: str | None, threshold: Any, options: dict[str, Any]
) -> list[Any]:
    """The lint reports of ``files`` (a progress bar on a terminal)."""
    import datasetkit
    from datasetkit.terminal.bar import Bar

    with Bar("linting", None, unit="bytes", enabled=not quiet()) as bar:
        report = datasetkit.lint(
            files, from_, near_duplicate_threshold=threshold, progress=bar.update, **options
        )
    return list(report.files)


def _fix(files: list[str], from_: str | None, cfg: LintConfig, diff: bool) -> None:
    """Apply (or, with ``diff``, show and stop) the safe fixes; say what changed."""
    from datasetkit.api.linting import fix_files

    for res in fix_files(files, from_, cfg, write=not diff):
        # What could not be fixed is said in both modes (a diff alone would hide it).
        if res.refused:
            typer.echo(f"{res.path}: not fixed: {res.refused}", err=True)
        else:
            for why in res.skipped:
                typer.echo(f"{res.path}: {why}", err=True)
        if diff:
            sys.stdout.write(res.diff())
            continue
        if res.written:
            typer.echo(
                f"{res.path}: fixed {len(res.changes)} problem(s) (backup: {res.backup})", err=True
            )
            for c in res.changes:
                where = f":{c.line}" if c.line else ""
                typer.echo(f"  {res.path}{where}: [{c.code}] {c.message}", err=True)
    if diff:
        raise typer.Exit(0)


def rules_cmd(
    code: str | None = typer.Argument(
        None, help="Explain this rule (with a bad and a good example)."
    ),
    output: str = typer.Option("text", "--format", "-f", help="text or json."),
) -> None:
    """List the lint rules, or explain one."""
    from datasetkit.api import linting

    if output not in ("text", "json"):
        raise typer.BadParameter("use text or json", param_hint="--format")
    if code:
        matches = linting.rules_named(code)
        if not matches:
            # A code outside lint's names (nope.rule) is read as a lint rule's, so it is
            # refused with the closest rule, as a mistyped lint.nope is.
            matches = linting.rules_named("lint." + code.strip().removeprefix("lint."))
        if not matches:
            raise fail(
                f"rules: no lint rule matches {code!r}", "list the rules with 'datasetkit rules'"
            )
        if output == "json":
            rows = [linting.rule_dict(r, True) for r in matches]
            typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
            return
        for r in matches:
            typer.echo(linting.explain(r))
        return
    rules = linting.all_rules()
    if output == "json":
        rows = [linting.rule_dict(r, False) for r in rules.values()]
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    for line in linting.rule_table():
        typer.echo(line)
    note(f"{len(rules)} rules; 'datasetkit rules CODE' explains one")


def stats_cmd(
    paths: list[str] = typer.Argument(..., help="Dataset files, folders or globs."),
    output: str = typer.Option("text", "--format", "-f", help="text (tables) or json."),
    from_: str | None = typer.Option(None, "--from", help="Read every file as this format."),
    config_path: str | None = typer.Option(
        None, "--config", help="Read settings from this TOML file."
    ),
) -> None:
    """Count categories, evaluators, turns, expected-response coverage and duplicates."""
    from datasetkit.api.linting import dataset_stats, load_config, render_stats, stats_report
    from datasetkit.api.sources import expand_paths

    if output not in ("text", "json"):
        raise typer.BadParameter("use text or json", param_hint="--format")
    cfg = load_config(config_path)
    if output == "json":  # a JSON report also when nothing could be read (exit 2 then)
        report, ok = stats_report(paths, from_, cfg)
        typer.echo(json.dumps(report, indent=2, ensure_ascii=False))
        if not ok:
            raise typer.Exit(2)
        return
    stats = [dataset_stats(p, from_, cfg) for p in expand_paths(paths)]
    typer.echo(render_stats(stats), nl=False)
