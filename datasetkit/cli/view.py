"""``datasetkit view``: review datasets in the browser (keep, edit, discard; saved safely)."""

from __future__ import annotations

import typer

from datasetkit.cli._common import handle_errors
from datasetkit.cli._conventions import note

# The shared conventions add examples only to commands that have none: this one brings its own.
_EXAMPLES = (
    "datasetkit view evals/evals.json",
    "datasetkit view generated.jsonl --knowledge docs/ --no-browser",
    "datasetkit view tests.xlsx -o reviewed.json",
)


def register(app: typer.Typer) -> None:
    """Add the ``view`` command."""
    epilog = "Examples:\n\n\b\n" + "\n".join(f"  {e}" for e in _EXAMPLES)
    app.command("view", epilog=epilog)(handle_errors(view_cmd))


def view_cmd(
    paths: list[str] = typer.Argument(
        ..., help="Dataset files or folders to review (any format datasetkit reads)."
    ),
    knowledge: list[str] = typer.Option(
        None,
        "--knowledge",
        "-k",
        help="Knowledge files or folders whose passages generated cases may show (repeatable).",
    ),
    output: str | None = typer.Option(
        None,
        "-o",
        "--output",
        help="Save the review into this new file instead of the dataset (one dataset only).",
    ),
    to: str | None = typer.Option(None, "--to", help="Format of -o (default: from its extension)."),
    from_: str | None = typer.Option(
        None, "--from", help="Read every file as this format instead of detecting it."
    ),
    port: int = typer.Option(
        0, "--port", help="Port on 127.0.0.1 (default: a free one).", show_default=False
    ),
    no_browser: bool = typer.Option(
        False, "--no-browser", help="Only print the page's address; open no browser."
    ),
) -> None:
    """Open a review page: every case beside its findings and source; keep, edit or discard.

    The page is served on 127.0.0.1 behind a random token, reads and writes only the
    files named here, and writes nothing until you save. Ctrl-C stops it.
    """
    from datasetkit import view

    page = view(
        paths,
        knowledge=knowledge or [],
        output=output,
        to=to,
        format=from_,
        port=port,
        open_browser=not no_browser,
    )
    # The address is the command's result: stdout (it carries the token, so it is not logged).
    typer.echo(page.url)
    note("the review page is open at that address; press Ctrl-C to stop it")
    try:
        page.wait()
    except KeyboardInterrupt:
        note("stopped")
