"""``datasetkit ingest``: show what generation will see in knowledge files, with provenance."""

from __future__ import annotations

import typer

from datasetkit.cli._common import handle_errors


def register(app: typer.Typer) -> None:
    """Add the ``ingest`` command."""

    @app.command("ingest")
    @handle_errors
    def ingest(
        files: list[str] = typer.Argument(
            ..., help="Knowledge files or folders (.txt .md .csv .docx .xlsx .pdf)."
        ),
        fmt: str = typer.Option(
            "markdown", "--format", "-f", help="Output: markdown (for people) or json."
        ),
        max_size: str = typer.Option(
            "5MB",
            "--max-size",
            help="Refuse files larger than this (e.g. 10MB; K/M/G = 1024-based).",
        ),
        comments: bool = typer.Option(
            False,
            "--comments",
            help="also read Word comments (off by default: they are usually review notes, not knowledge)",
        ),
    ) -> None:
        """Show the text, tables and provenance extracted from knowledge files.

        Exit code 1 when a file cannot be read (encrypted, scanned, empty, too large...).
        """
        import datasetkit
        from datasetkit.api.knowledge import parse_size
        from datasetkit.cli._common import fail

        if fmt not in ("markdown", "json"):
            raise fail(f"--format {fmt!r} is not known", "use markdown or json")
        from datasetkit.cli._conventions import quiet
        from datasetkit.terminal.bar import Bar

        with Bar("reading", None, unit="files", enabled=not quiet()) as bar:
            read = datasetkit.ingest(
                files,
                progress=bar.update,
                max_size=parse_size(max_size),
                include_comments=comments,
            )
        typer.echo(read.to_json() if fmt == "json" else read.to_markdown(), nl=False)
        counts = read.counts()
        if fmt == "json" and not quiet():
            typer.echo(
                f"{counts['files']} file(s), {counts['sections']} section(s), "
                f"{counts['errors']} error(s), {counts['warnings']} warning(s)",
                err=True,
            )
        if counts["errors"]:
            raise typer.Exit(1)
