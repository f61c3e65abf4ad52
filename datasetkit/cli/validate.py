"""``datasetkit validate``: check files against the real format rules."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from enum import Enum
from itertools import islice
from typing import TYPE_CHECKING

import typer

from datasetkit.cli._common import handle_errors, parse_map
from datasetkit.cli._conventions import note, quiet, use_color, verbose
from datasetkit.report import render_chunks, reporter_names

# The --format choices are the reporters' names, in their order (datasetkit.report).
if TYPE_CHECKING:

    class OutputFormat(str, Enum):
        """Reporter names."""

else:
    OutputFormat = Enum("OutputFormat", {n: n for n in reporter_names()}, type=str)


# The inputs every checking command takes (validate, lint), declared once so they stay alike.
PATHS_ARGUMENT = typer.Argument(
    None,
    help="Files, folders or globs; '-' reads standard input. With none, the dataset is "
    "found as runevals finds it (./prompts.json, ./evals.json, ./tests.json, then ./evals/).",
    show_default=False,
)
FORMAT_OPTION = typer.Option(OutputFormat("text"), "--format", "-f", help="Report format.")
FROM_OPTION = typer.Option(
    None, "--from", help="Read every file as this format instead of detecting it."
)


OUTPUT_OPTION = typer.Option(
    "-",
    "--output",
    "-o",
    help="Write the report to this file ('-': stdout), e.g. for SARIF upload.",
)


def emit(
    reports: list,
    output: OutputFormat,
    tool: str,
    rules: dict[str, str] | None = None,
    to: str = "-",
) -> None:
    """Print reports to stdout (or write them to ``to``) with the chosen reporter."""
    color = output.value == "text" and to == "-" and use_color(sys.stdout)
    if verbose():
        for r in reports:
            kind = f"{r.format} {r.schema_version or ''}".strip() if r.format else "unknown format"
            note(f"datasetkit: {r.path}: read as {kind}, {len(r.findings)} finding(s)")
    if quiet() and output.value == "text":
        # -q: the findings only; no "ok" lines, no summary.
        reports = [r for r in reports if r.findings]
    # Written as it is made: a large run's report is never held whole in memory.
    chunks = render_chunks(output.value, reports, color=color, tool=tool, rules=rules)
    if quiet() and output.value == "text":
        chunks = _all_but_last(chunks)
    if to == "-":
        while batch := "".join(islice(chunks, 4096)):
            # color=...: click would strip the codes FORCE_COLOR asked for when stdout is no terminal.
            typer.echo(batch, nl=False, color=color or None)
        return
    from datasetkit.api.runtime import atomic_writer

    with atomic_writer(to) as fh:
        while batch := "".join(islice(chunks, 4096)):
            fh.write(batch.encode("utf-8"))
    note(f"datasetkit: wrote the {output.value} report to {to}")


def _all_but_last(lines: Iterator[str]) -> Iterator[str]:
    held = None
    for line in lines:
        if held is not None:
            yield held
        held = line


def register(app: typer.Typer) -> None:
    """Add the ``validate`` command."""

    @app.command("validate")
    @handle_errors
    def validate_cmd(
        paths: list[str] = PATHS_ARGUMENT,
        output: OutputFormat = FORMAT_OPTION,
        from_: str | None = FROM_OPTION,
        target: str | None = typer.Option(
            None,
            "--target",
            help="Also check that the dataset will be accepted when written for this "
            "ecosystem (e.g. copilot-studio, foundry).",
        ),
        schema_version: str | None = typer.Option(
            None,
            "--schema-version",
            help="M365: validate against this schema version instead of the one the file declares.",
        ),
        mapping: list[str] = typer.Option(
            None, "--map", help="FIELD=HEADER column mapping for tables."
        ),
        sheet: list[str] = typer.Option(None, "--sheet", help="Spreadsheet sheets to read."),
        report_to: str = OUTPUT_OPTION,
    ) -> None:
        """Check dataset files against the format rules; exit 1 on any error."""
        import datasetkit
        from datasetkit.api.checking import exit_code, find_inputs_or_report
        from datasetkit.terminal.bar import Bar

        files, found, missing = find_inputs_or_report(paths)
        read: dict[str, object] = {"mapping": parse_map(mapping), "sheets": list(sheet or [])}
        if schema_version:
            read["schema_version"] = schema_version
        reports = missing
        if files:
            with Bar("validating", None, unit="bytes", enabled=not quiet()) as bar:
                report = datasetkit.validate(
                    files, from_, target=target, progress=bar.update, **read
                )
            reports = missing + report.files
        if found:
            note(found)
        emit(reports, output, "validate", to=report_to)
        raise typer.Exit(exit_code(reports))
