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
        from datasetkit.formats.m365 import schemas

        if list_versions:
            for v in schemas.KNOWN_VERSIONS:
                tag = " (preview)" if v in schemas.PREVIEW_VERSIONS else ""
                typer.echo(f"{v}{tag}  {schemas.version_summary(v)}")
            return
        wanted = {"latest": schemas.LATEST_V1, "preview": max(schemas.PREVIEW_VERSIONS)}.get(
            version, version
        )
        resolved = schemas.resolve_version(wanted)
        if resolved is None:
            raise fail(
                f"no schema for eval document version {version!r}",
                f"use one of: latest, preview, {', '.join(schemas.KNOWN_VERSIONS)} "
                "('datasetkit schema --list' says what each introduced)",
            )
        text = schemas.schema_text_path(resolved).read_text(encoding="utf-8")
        if output == "-":
            typer.echo(text, nl=False)
            return
        from datasetkit.io.files import atomic_write_text

        atomic_write_text(output, text)
        note(f"wrote the {resolved} schema ({schemas.schema_id(resolved)}) to {output}")
