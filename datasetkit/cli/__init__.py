"""The ``datasetkit`` command: a typer app whose subcommands live one per module here.

Each module in this package defines ``register(app)``; the app is assembled from
them, so a subcommand is added by adding a module. Commands parse options, call the
library, print through a reporter and exit 0 (clean), 1 (error-level findings) or
2 (could not run).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import typer

from .._version import __version__
from ..findings import DatasetkitError
from ._common import report_error

app = typer.Typer(
    name="datasetkit",
    help="Author, check, convert and generate evaluation datasets for AI agents "
    "(M365 Copilot eval JSON, Foundry JSONL/CSV, Copilot Studio CSV, spreadsheets).",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"datasetkit {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Author, check, convert and generate evaluation datasets for AI agents."""


_registered = False


def build_app() -> typer.Typer:
    """The app with every subcommand module registered (idempotent)."""
    global _registered
    if not _registered:
        _registered = True
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
            if info.name.startswith("_"):
                continue
            module = importlib.import_module(f"{__name__}.{info.name}")
            register = getattr(module, "register", None)
            if register is not None:
                register(app)
        from ._conventions import apply

        apply(app)
    return app


def main() -> None:
    """Console-script entry point. Usage errors exit 2 (typer's standalone mode)."""
    from ..staging import install_signal_handlers

    install_signal_handlers()
    application = build_app()
    try:
        application()
    except DatasetkitError as exc:
        report_error(exc)
        sys.exit(2)
    except KeyboardInterrupt:
        typer.echo("Interrupted.", err=True)
        sys.exit(130)
    except Exception as exc:
        # The last boundary: never a traceback (exit 1 would read as "findings").
        from ..safety import at_cli

        report_error(at_cli(exc))
        sys.exit(2)
