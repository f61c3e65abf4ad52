"""``datasetkit migrate``: legacy M365 documents to versioned ones, and version upgrades."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from datasetkit import DatasetkitError
from datasetkit.api.converting import migrate as api_migrate
from datasetkit.api.sources import expand_paths
from datasetkit.cli._common import handle_errors
from datasetkit.cli._conventions import note
from datasetkit.report import sort_findings

if TYPE_CHECKING:
    from datasetkit.api.converting import Migration


def register(app: typer.Typer) -> None:
    """Add the ``migrate`` command."""

    @app.command("migrate")
    @handle_errors
    def migrate_cmd(
        paths: list[str] = typer.Argument(..., help="M365 eval documents to migrate in place."),
        to: str | None = typer.Option(
            None,
            "--to",
            metavar="VERSION",
            help="Upgrade to this schema version (e.g. 1.11.0, or 'latest'), rewriting what "
            "it rejects.",
        ),
        dry_run: bool = typer.Option(False, "--dry-run", help="Show the diff; write nothing."),
        check: bool = typer.Option(
            False, "--check", help="Write nothing; exit 1 if any file needs migrating (for CI)."
        ),
    ) -> None:
        """Upgrade legacy eval documents in place (with a timestamped backup), as runevals does."""
        files = [p for p in expand_paths(paths, (".json",)) if p != "-"]
        pending = failed = refused = 0
        for path in files:
            try:
                # The public API: locked from reading to writing (a second run waits, then
                # sees the result), written only when the result is valid.
                plan = api_migrate(path, to, dry_run=check or dry_run)
            except DatasetkitError as exc:
                if len(files) == 1:
                    raise
                # One file that is no eval document must not stop the others.
                refused += 1
                typer.echo(f"datasetkit: error: {exc.message}", err=True)
                if exc.hint:
                    typer.echo(f"  hint: {exc.hint}", err=True)
                continue
            if plan.requested and not plan.valid:
                failed += 1
                _print_refusal(plan, dry_run or check)
                continue
            if not plan.needed:
                version = plan.from_version or "versioned"
                note(f"{path}: nothing to migrate ({version})")
                continue
            pending += 1
            if not (check or dry_run):
                _say_written(plan)
            elif check:
                typer.echo(f"{path}: needs migrating ({'; '.join(plan.changes)})")
            else:
                typer.echo(plan.diff(), nl=False)
                for change in plan.changes:
                    typer.echo(f"{path}: would change: {change}", err=True)
        if refused:
            raise typer.Exit(2)
        if failed or (check and pending):
            raise typer.Exit(1)


def _say_written(plan: Migration) -> None:
    """Say what an applied migration did."""
    for change in plan.changes:
        note(f"{plan.path}: {change}")
    if plan.remaining:
        # Only the plain runevals-style upgrade (no --to) gets here: it writes what
        # runevals itself would write on its next run (exit 0, as before), but never
        # calls that a clean result.
        typer.echo(
            f"{plan.path}: upgraded to {plan.to_version} as runevals does (original kept in "
            f"{plan.backup}), but it still has {_count(len(plan.remaining), 'error')}: "
            f"run 'datasetkit validate {plan.path}' and fix them"
        )
        return
    typer.echo(f"{plan.path}: migrated to {plan.to_version}; original kept in {plan.backup}")


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _print_refusal(plan: Migration, dry_run: bool) -> None:
    """What stops the migration, located, with fixes; then the one line that nothing changed."""
    for f in sort_findings([*plan.unfixable, *plan.remaining]):
        pointer = f" at {f.location.pointer}" if f.location.pointer else ""
        typer.echo(f"{f.location.describe()}: error [{f.code}] {f.message}{pointer}", err=True)
        if f.hint:
            typer.echo(f"    fix: {f.hint}", err=True)
    problems = _count(len(plan.unfixable) + len(plan.remaining), "error")
    verb = "would not be migrated" if dry_run else "not migrated"
    typer.echo(
        f"{plan.path}: {verb} to {plan.requested}: the result would still have {problems}"
        "; nothing was written, fix the errors above and run migrate again"
    )
