"""``datasetkit lint``, ``rules`` and ``stats``: semantic checks, the rule catalogue, counts."""

from __future__ import annotations

import contextlib
import json
import sys
from typing import Any

import typer

from ..formats import ReadOptions
from ._common import handle_errors, parse_map
from ._conventions import note, quiet
from .validate import (
    FORMAT_OPTION,
    FROM_OPTION,
    OUTPUT_OPTION,
    PATHS_ARGUMENT,
    OutputFormat,
    emit,
    exit_code,
)


def _split(values: list[str] | None) -> list[str]:
    return [v.strip() for raw in values or [] for v in raw.split(",") if v.strip()]


def register(app: typer.Typer) -> None:
    """Add the ``lint``, ``rules`` and ``stats`` commands."""

    @app.command("lint")
    @handle_errors
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
        fix: bool = typer.Option(
            False, "--fix", help="Apply the safe fixes in place (with a backup)."
        ),
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
        from ..lint.config import check_threshold, load_config, normalize_selector
        from ..lint.engine import lint_file, reports
        from ..lint.registry import all_rules
        from ..validate import resolve_inputs

        cfg = load_config(config_path)
        known = sorted(all_rules())
        if select:
            cfg.select = [normalize_selector(s, known, "--select") for s in _split(select)]
        if ignore:
            cfg.ignore = cfg.ignore + [
                normalize_selector(s, known, "--ignore") for s in _split(ignore)
            ]
        if threshold is not None:
            cfg.near_duplicate_threshold = check_threshold(threshold, "--near-duplicate-threshold")
        options = ReadOptions(mapping=parse_map(mapping), sheets=list(sheet or []))
        if schema_version:
            options.extra["schema_version"] = schema_version
        files, found = resolve_inputs(paths)
        if found:
            note(found)
        if fix or diff:
            from ..inplace import locked
            from ..lint.fix import fix_file

            for p in files:
                # Locked from reading to writing, so two runs never both write.
                with locked(p) if fix and not diff and p != "-" else contextlib.nullcontext():
                    res = fix_file(p, from_, cfg, write=fix and not diff)
                if diff:
                    sys.stdout.write(res.diff())
                    continue
                if res.refused:
                    typer.echo(f"{res.path}: not fixed: {res.refused}", err=True)
                elif res.written:
                    typer.echo(
                        f"{res.path}: fixed {len(res.changes)} problem(s) (backup: {res.backup})",
                        err=True,
                    )
                    for c in res.changes:
                        where = f":{c.line}" if c.line else ""
                        typer.echo(f"  {res.path}{where}: [{c.code}] {c.message}", err=True)
            if diff:
                raise typer.Exit(0)
        from ..progress import Bar, file_steps

        with Bar("linting", None, unit="bytes", enabled=not quiet()) as bar:
            steps = file_steps(files, options, bar.update)
            checked = [lint_file(p, from_, cfg, opts) for p, opts in steps]
        reps = reports(checked)
        rules = {code: r.summary for code, r in all_rules().items()}
        emit(reps, output, "lint", rules=rules, to=report_to)
        code = exit_code(reps)
        raise typer.Exit(0 if exit_zero and code == 1 else code)

    @app.command("rules")
    @handle_errors
    def rules_cmd(
        code: str | None = typer.Argument(
            None, help="Explain this rule (with a bad and a good example)."
        ),
        output: str = typer.Option("text", "--format", "-f", help="text or json."),
    ) -> None:
        """List the lint rules, or explain one."""
        from ..lint.config import normalize_selector
        from ..lint.registry import all_rules

        rules = all_rules()
        if output not in ("text", "json"):
            raise typer.BadParameter("use text or json", param_hint="--format")
        if code:
            full = normalize_selector(code, sorted(rules), "rules")
            matches = [r for c, r in rules.items() if c == full or c.startswith(full + ".")]
            if output == "json":
                typer.echo(
                    json.dumps([_rule_dict(r, True) for r in matches], indent=2, ensure_ascii=False)
                )
                return
            for r in matches:
                typer.echo(_explain(r))
            return
        if output == "json":
            typer.echo(
                json.dumps(
                    [_rule_dict(r, False) for r in rules.values()], indent=2, ensure_ascii=False
                )
            )
            return
        width = max(len(c) for c in rules)
        for r in sorted(rules.values(), key=lambda r: r.code):
            fix = " (fix)" if r.fixable else ""
            typer.echo(
                f"{r.code:<{width}}  {r.severity.value:<7}  {','.join(r.families):<22}  {r.summary}{fix}"
            )
        note(f"{len(rules)} rules; 'datasetkit rules CODE' explains one")

    @app.command("stats")
    @handle_errors
    def stats_cmd(
        paths: list[str] = typer.Argument(..., help="Dataset files, folders or globs."),
        output: str = typer.Option("text", "--format", "-f", help="text (tables) or json."),
        from_: str | None = typer.Option(None, "--from", help="Read every file as this format."),
        config_path: str | None = typer.Option(
            None, "--config", help="Read settings from this TOML file."
        ),
    ) -> None:
        """Count categories, evaluators, turns, expected-response coverage and duplicates."""
        from ..inputs import expand
        from ..lint.config import load_config
        from ..stats import dataset_stats, render_stats

        if output not in ("text", "json"):
            raise typer.BadParameter("use text or json", param_hint="--format")
        cfg = load_config(config_path)
        stats = [dataset_stats(p, from_, cfg) for p in expand(paths)]
        if output == "json":
            typer.echo(json.dumps({"files": stats}, indent=2, ensure_ascii=False))
        else:
            typer.echo(render_stats(stats), nl=False)


def _rule_dict(r: Any, full: bool) -> dict[str, Any]:
    out = {
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


def _explain(r: Any) -> str:
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
