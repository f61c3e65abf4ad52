"""``datasetkit schema``: print or write the JSON Schema of an M365 eval document version."""

from __future__ import annotations

import typer

from datasetkit.cli._common import fail, handle_errors
from datasetkit.cli._conventions import note


def register(app: typer.Typer) -> None:
    """Add the ``schema`` command."""

    @app.command("schema")
    @handle_errors
    def schema_cmd(
        version: str = typer.Argument(
            "latest",
            help="Schema version (e.g. 1.4.0; 'latest' is the newest 1.x, 'preview' the 2.x "
            "preview). A version between two known ones uses the older (1.9.5 -> 1.9.0).",
        ),
        output: str = typer.Option(
            "-", "--output", "-o", help="Write the schema to this file ('-': stdout)."
        ),
        list_versions: bool = typer.Option(
            False, "--list", help="List the known versions with what each introduced."
        ),
    ) -> None:
        """Print the JSON Schema datasetkit validates an M365 eval document version with.

        Point an editor at the written file (VS Code: the json.schemas setting, or a
        "$schema" key in the dataset) to get completion and errors as you type.
        """
        from datasetkit.api import schemas

        known = schemas.schema_versions()
        if list_versions:
            for v, preview, summary in known:
                tag = " (preview)" if preview else ""
                typer.echo(f"{v}{tag}  {summary}")
            return
        resolved = schemas.resolve_schema_version(version)
        if resolved is None:
            raise fail(
                f"no schema for eval document version {version!r}",
                f"use one of: latest, preview, {', '.join(v for v, _, _ in known)} "
                "('datasetkit schema --list' says what each introduced)",
            )
        text = schemas.schema_text(resolved)
        if output == "-":
            typer.echo(text, nl=False)
            return
        from datasetkit.api.runtime import atomic_write_text

        atomic_write_text(output, text)
        note(f"wrote the {resolved} schema ({schemas.schema_id(resolved)}) to {output}")
