"""``datasetkit init`` and ``datasetkit new``: start a dataset."""

from __future__ import annotations

from pathlib import Path

import typer

from datasetkit import Case, Dataset, DatasetkitError, Severity, Turn
from datasetkit.api.runtime import atomic_write_bytes
from datasetkit.api.starting import TEMPLATE_DESCRIPTIONS, template_bytes
from datasetkit.cli._common import handle_errors
from datasetkit.cli._conventions import note


def _make_folder(output: Path) -> None:
    """init's job includes the folder runevals looks in: made, and said so."""
    folder = output.parent
    if str(folder) and not folder.exists():
        folder.mkdir(parents=True)
        note(f"Created folder {folder}/")


_TEMPLATE_HELP = "Which starter: " + "; ".join(
    f"{k}: {v}" for k, v in TEMPLATE_DESCRIPTIONS.items()
)


def register(app: typer.Typer) -> None:
    """Add the ``init`` and ``new`` commands."""
    app.command("init")(handle_errors(init_cmd))
    app.command("new")(handle_errors(new_cmd))


def init_cmd(
    template: str = typer.Option(
        "basic",
        "--template",
        "-t",
        help=_TEMPLATE_HELP,
    ),
    output: Path = typer.Option(
        Path("evals/evals.json"), "--output", "-o", help="Where to write it."
    ),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Create ./evals/evals.json (where runevals looks) from a starter template."""
    name = template
    template_bytes(name)  # an unknown name fails here, before anything is written
    if output.exists() and not force:
        raise DatasetkitError(
            f"{output} already exists; nothing was written",
            "use --force to overwrite it, or -o to pick another path",
        )
    _make_folder(output)
    atomic_write_bytes(output, template_bytes(name))
    typer.echo(f"Created {output} from the {name!r} template.")
    note(f"Next: edit the prompts, then run 'datasetkit validate {output}'.")


def new_cmd(
    prompt: list[str] = typer.Option(..., "--prompt", "-p", help="A prompt (repeat for several)."),
    expected: list[str] = typer.Option(
        None, "--expected", "-e", help="Expected response, paired with --prompt by position."
    ),
    output: Path = typer.Option(
        ..., "--output", "-o", help="The file to write (.json, .jsonl, ...)."
    ),
    to: str | None = typer.Option(
        None, "--to", help="Output format (default: from the extension)."
    ),
    evaluator: list[str] = typer.Option(
        None,
        "--evaluator",
        help="Default evaluator for every prompt (repeatable), e.g. Similarity.",
    ),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Build a dataset from prompts on the command line, as 'runevals --prompts/--expected' does."""
    expected = list(expected or [])
    if expected and len(expected) != len(prompt):
        raise DatasetkitError(
            f"{len(prompt)} --prompt but {len(expected)} --expected: they are paired by position",
            'give one --expected per --prompt (use --expected "" for none), or leave --expected out',
        )
    if output.exists() and not force:
        raise DatasetkitError(
            f"{output} already exists; nothing was written", "use --force to overwrite it"
        )
    ds = _prompt_dataset(prompt, expected, evaluator)
    import datasetkit

    result = datasetkit.dump(ds, output, to)
    for f in result.findings:
        if f.severity != Severity.INFO:
            typer.echo(
                f"{f.severity.value}: {f.message}" + (f" (fix: {f.hint})" if f.hint else ""),
                err=True,
            )
    if not result.paths:
        raise typer.Exit(1)
    typer.echo(f"Wrote {len(ds.cases)} prompt(s) to {', '.join(map(str, result.paths))}.")


def _prompt_dataset(prompts: list[str], expected: list[str], evaluators: list[str]) -> Dataset:
    """One single-turn case per prompt (with its expected response, if given)."""
    cases = [
        Case(
            kind="single",
            turns=[Turn(prompt=p, expected_response=(expected[i] if expected else None) or None)],
        )
        for i, p in enumerate(prompts)
    ]
    return Dataset(
        cases=cases,
        default_evaluators={name: {} for name in evaluators} if evaluators else None,
    )
