"""``datasetkit convert`` and ``datasetkit formats``: move datasets between formats."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from datasetkit import Finding, Severity
from datasetkit.cli._common import handle_errors, parse_map
from datasetkit.cli._stdout import is_stdout
from datasetkit.report import FileReport, render_text

if TYPE_CHECKING:
    from datasetkit.api.converting import ConvertResult


def loss_lines(findings: list[Finding]) -> list[str]:
    """One line per lost field kind, with its count (notes are marked as such)."""
    lines = []
    for f in findings:
        tag = (
            "note" if f.severity == Severity.INFO else ("lost" if ".loss." in f.code else "warning")
        )
        line = f"datasetkit: {tag}: {f.message}"
        if f.hint:
            line += f" (fix: {f.hint})"
        lines.append(line)
    return lines


def _written(paths: list[Path], output: str) -> str:
    """The files a conversion wrote, as the user named the output (``-o``) where it is one."""
    if [str(p) for p in paths] == [str(Path(output))] or not paths or is_stdout(output):
        return output
    folder = Path(output).parent
    names = [str(folder / p.name) for p in paths]
    return f"{len(names)} files: " + ", ".join(names)


# The command's arguments and options (module constants keep the command's signature short).
_INPUTS = typer.Argument(
    ...,
    help="Files, folders or globs to convert ('-' reads standard input); several are concatenated.",
    show_default=False,
)
_OUTPUT = typer.Option(..., "--output", "-o", help="The file to write.", show_default=False)
_FROM = typer.Option(
    None, "--from", help="Input format (default: detected from extension and content)."
)
_TO = typer.Option(None, "--to", help="Output format (default: from the output's extension).")
_MAP = typer.Option(
    None,
    "--map",
    help="FIELD=HEADER: read column HEADER as FIELD (prompt, expected_response, response, context, category, id, notes, tags, conversation).",
)
_SHEET = typer.Option(None, "--sheet", help="Spreadsheet sheet to read (repeatable).")
_JSONL_STYLE = typer.Option(
    "auto",
    "--jsonl-style",
    help="Foundry JSONL rows: 'messages', 'query-response', or 'auto' (single turns as query/response, conversations as messages).",
)
_STRICT = typer.Option(
    False,
    "--strict",
    help="Fail instead of losing anything (or on input errors); nothing is written.",
)
_TRUNCATE = typer.Option(
    False, "--truncate", help="Cut texts that exceed the target's length limits (reported)."
)
_BOM = typer.Option(False, "--bom", help="Start CSV output with a UTF-8 BOM (for Excel).")
_EXCEL_SAFE = typer.Option(
    True,
    "--excel-safe/--no-excel-safe",
    help="In CSV output, put a ' before cells starting with = + - @ (or a tab or CR) "
    "so spreadsheet programs do not run them as formulas (default: on).",
)
_TEMPLATE = typer.Option(
    None, "--template", help="Copilot Studio writer variant (see docs/formats.md)."
)
_KEEP_NAMES = typer.Option(
    False,
    "--keep-names",
    help="Foundry output: keep the input's column names (question, truth) instead of "
    "query, response, ground_truth.",
)
_FORCE = typer.Option(False, "--force", help="Overwrite the output file if it exists.")
_MKDIR = typer.Option(False, "--mkdir", help="Create the output's folder if it does not exist.")
_QUIET = typer.Option(
    False, "--quiet", "-q", help="No progress bar, summary or input warnings on stderr."
)


def register(app: typer.Typer) -> None:
    """Add the ``convert`` and ``formats`` commands."""
    app.command("convert")(handle_errors(convert_cmd))
    app.command("formats")(handle_errors(formats_cmd))


def convert_cmd(
    inputs: list[str] = _INPUTS,
    output: str = _OUTPUT,
    from_: str | None = _FROM,
    to: str | None = _TO,
    mapping: list[str] = _MAP,
    sheet: list[str] = _SHEET,
    jsonl_style: str = _JSONL_STYLE,
    strict: bool = _STRICT,
    truncate: bool = _TRUNCATE,
    bom: bool = _BOM,
    excel_safe: bool = _EXCEL_SAFE,
    keep_names: bool = _KEEP_NAMES,
    template: str | None = _TEMPLATE,
    force: bool = _FORCE,
    mkdir: bool = _MKDIR,
    quiet: bool = _QUIET,
) -> None:
    """Convert datasets between formats through the canonical model; report anything lost."""
    import datasetkit
    from datasetkit.api.sources import expand_paths
    from datasetkit.terminal.bar import Bar

    files = expand_paths(list(inputs))
    read = {"mapping": parse_map(mapping), "sheets": list(sheet or []), "strict": strict}
    extra: dict[str, Any] = {
        "jsonl_style": jsonl_style,
        "truncate": truncate,
        "bom": bom,
        "excel_safe": excel_safe,
        "keep_names": keep_names,
    }
    if template:
        extra["template"] = template
    bar = Bar("converting", None, unit="bytes", enabled=not quiet)
    try:
        report = datasetkit.convert(
            files,
            output,
            to,
            format=from_,
            read_options=read,
            force=force,
            make_parents=mkdir,
            progress=bar.update,
            strict=strict,
            **extra,
        )
    finally:
        bar.close()
    result: ConvertResult = report.conversion
    _report_inputs(result, quiet)
    _report_loss(result, quiet)
    if result.errors:
        _report_errors(result, output)
        raise typer.Exit(1)
    if not quiet:
        typer.echo(_summary(result, output, len(files)), err=True)
    raise typer.Exit(0 if result.ok else 1)


def _report_inputs(result: ConvertResult, quiet: bool) -> None:
    """The findings of reading each input (only the errors under --quiet), on stderr;
    one that stopped the write is said once, with the errors."""
    fatal = {(f.code, f.location) for f in result.errors}
    reports = []
    for path, found in result.input_findings.items():
        shown = [
            f
            for f in found
            if (not quiet or f.severity == Severity.ERROR) and (f.code, f.location) not in fatal
        ]
        if shown:
            reports.append(
                FileReport(path=path, format=result.source_formats.get(path), findings=shown)
            )
    if reports:
        typer.echo(render_text(reports, tool="convert"), err=True, nl=False)


def _report_loss(result: ConvertResult, quiet: bool) -> None:
    """One line per kind of loss (notes left out under --quiet), on stderr."""
    # Under --strict a loss is an error: it is said once, as the error. Under --quiet
    # notes and warnings (a limit of one consumer of the output) are left out.
    fatal = {f.code for f in result.errors}
    for f in result.loss:
        if f.code in fatal or (quiet and (f.severity == Severity.INFO or _advisory(f))):
            continue
        for line in loss_lines([f]):
            typer.echo(line, err=True)


def _advisory(f: Finding) -> bool:
    """A warning about a limit of one consumer of the output, not a loss."""
    return f.severity == Severity.WARNING and ".loss." not in f.code


def _report_errors(result: ConvertResult, output: str) -> None:
    """The errors that stopped the write, and that nothing was written, on stderr."""
    # Errors at a place (in an input) are listed as a report; errors about the
    # conversion as a whole are lines of their own, like the loss lines.
    placed = [f for f in result.errors if f.location.path]
    if placed:
        report = FileReport(path=output, format=result.target_format, findings=placed)
        typer.echo(render_text([report], tool="convert"), err=True, nl=False)
    for f in result.errors:
        if not f.location.path:
            at = f" at {f.location.pointer}" if f.location.pointer else ""
            line = f"datasetkit: error [{f.code}]: {f.message}{at}"
            typer.echo(line + (f" (fix: {f.hint})" if f.hint else ""), err=True)
    typer.echo(f"datasetkit: nothing written to {output}", err=True)


def _summary(result: ConvertResult, output: str, inputs: int) -> str:
    """What was written, from how many cases and files, in which formats."""
    sources = ", ".join(sorted(set(result.source_formats.values())))
    how = " (streamed)" if result.streamed else ""
    return (
        f"datasetkit: wrote {_written(result.paths, output)} ({result.target_format}): "
        f"{result.cases_written:,} case{'s' if result.cases_written != 1 else ''} of "
        f"{result.cases_read:,} read from {inputs} file"
        f"{'s' if inputs != 1 else ''} ({sources}){how}"
    )


def formats_cmd(
    as_json: bool = typer.Option(False, "--json", help="Print the list as JSON."),
) -> None:
    """List the formats datasetkit reads and writes (names for --from/--to)."""
    from datasetkit.api.formats import format_table

    known = format_table()
    if as_json:
        typer.echo(json.dumps(known, indent=2))
        return
    # Each column as wide as its widest cell, so every row lines up.
    rows = [
        [
            f["name"],
            "yes" if f["read"] else "no",
            "yes" if f["write"] else "no",
            " ".join(f["extensions"]) or "-",
            f["label"],
        ]
        for f in known
    ]
    head = ["NAME", "READ", "WRITE", "EXTENSIONS", "DESCRIPTION"]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head) - 1)]
    for row in [head, *rows]:
        typer.echo(
            "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=False)) + "  " + row[-1]
        )
