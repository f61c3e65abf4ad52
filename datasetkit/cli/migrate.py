"""``datasetkit migrate``: legacy M365 documents to versioned ones, and version upgrades."""

from __future__ import annotations

import typer

from .. import migrate as mig
from ..inputs import expand
from ._common import handle_errors


def register(app: typer.Typer) -> None:
    """Add the ``migrate`` command."""

    @app.command("migrate")
    @handle_errors
    def migrate_cmd(
        paths: list[str] = typer.Argument(..., help="M365 eval documents to migrate in place."),
        to: str | None = typer.Option(
            None,
            "--to",
            help="Upgrade to this schema version (e.g. 1.11.0), rewriting what it rejects.",
        ),
        dry_run: bool = typer.Option(False, "--dry-run", help="Show the diff; write nothing."),
        check: bool = typer.Option(
            False, "--check", help="Write nothing; exit 1 if any file needs migrating (for CI)."
        ),
    ) -> None:
        """Upgrade legacy eval documents in place (with a timestamped backup), as runevals does."""
        files = [p for p in expand(paths, (".json",)) if p != "-"]
        pending = 0
        for path in files:
            plan = mig.plan(path, to)
            if not plan.needed:
                version = plan.from_version or "versioned"
                typer.echo(f"{path}: nothing to migrate ({version})", err=True)
                continue
            pending += 1
            if check:
                typer.echo(f"{path}: needs migrating ({'; '.join(plan.changes)})")
                continue
            if dry_run:
                typer.echo(plan.diff(), nl=False)
                for change in plan.changes:
                    typer.echo(f"{path}: would change: {change}", err=True)
                continue
            mig.apply(plan)
            for change in plan.changes:
                typer.echo(f"{path}: {change}", err=True)
            typer.echo(f"{path}: migrated to {plan.to_version}; original kept in {plan.backup}")
        if check and pending:
            raise typer.Exit(1)
