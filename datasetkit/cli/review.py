"""``datasetkit review``: a review sheet for people, and merging their decisions back."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from datasetkit.cli._common import handle_errors
from datasetkit.cli._conventions import note

if TYPE_CHECKING:
    from datasetkit import Finding


def register(app: typer.Typer) -> None:
    """Add the ``review`` command group (``sheet`` and ``merge``)."""
    group = typer.Typer(
        name="review",
        help="Review generated cases in a spreadsheet and merge the decisions back by id.",
        no_args_is_help=True,
        add_completion=False,
        rich_markup_mode=None,
    )
    group.command("merge")(handle_errors(merge))
    group.command("sheet")(handle_errors(sheet))
    app.add_typer(group, name="review")


def merge(
    review_sheet: str = typer.Argument(..., help="The filled-in review sheet (.xlsx)."),
    dataset: str = typer.Argument(
        ...,
        help="The dataset the sheet was made from; updated in place (after a backup) unless -o is given.",
    ),
    output: str | None = typer.Option(
        None,
        "-o",
        "--output",
        help="Write the merged dataset here instead of updating DATASET.",
    ),
    to: str | None = typer.Option(
        None,
        "--to",
        help="Format of the output (default: the dataset's own, or from -o's extension).",
    ),
    drop_unreviewed: bool = typer.Option(
        False, "--drop-unreviewed", help="Keep only approved, edited and added cases."
    ),
    no_backup: bool = typer.Option(
        False, "--no-backup", help="Update DATASET without keeping a .bak copy first."
    ),
) -> None:
    """Bring approved and edited cases back into the dataset; rejected ones are removed."""
    from datasetkit import Severity
    from datasetkit.api.review import merge_review

    result, paths = merge_review(
        review_sheet,
        dataset,
        output=output,
        to=to,
        drop_unreviewed=drop_unreviewed,
        backup=not no_backup,
    )
    _echo_findings(review_sheet, result.findings)
    note(result.summary())
    note("wrote " + ", ".join(str(p) for p in paths))
    if any(f.severity == Severity.ERROR for f in result.findings):
        raise typer.Exit(1)


def _echo_findings(review_sheet: str, findings: list[Finding]) -> None:
    """The merge's findings on stderr, each with the sheet row it is about."""
    for f in findings:
        where = f" (row {f.location.row})" if f.location.row is not None else ""
        typer.echo(f"{review_sheet}{where}: {f.severity.value}: {f.message}", err=True)
        if f.hint:
            typer.echo(f"  hint: {f.hint}", err=True)


def sheet(
    dataset: str = typer.Argument(..., help="A dataset file in any format datasetkit reads."),
    output: str = typer.Option(..., "-o", "--output", help="The review sheet to write (.xlsx)."),
    force: bool = typer.Option(False, "--force", help="Overwrite the sheet if it exists."),
) -> None:
    """Write a review sheet for an existing dataset."""
    from pathlib import Path

    from datasetkit.api.review import write_review_sheet
    from datasetkit.cli._common import fail

    if Path(output).suffix.lower() != ".xlsx":
        raise fail(f"{output}: the review sheet must be an .xlsx file", "e.g. -o review.xlsx")
    if Path(output).exists() and not force:
        raise fail(f"{output}: already exists", "pass --force to overwrite it")
    path, cases = write_review_sheet(dataset, output)
    note(f"wrote {path} ({cases} case(s))")
