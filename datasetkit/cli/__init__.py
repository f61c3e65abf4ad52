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
import typer.main

from datasetkit import DatasetkitError
from datasetkit._version import __version__
from datasetkit.cli._common import report_error, stdout_closed
from datasetkit.cli._values import install as install_plain_values


def _new_app() -> typer.Typer:
    """The root app without subcommands."""
    root = typer.Typer(
        name="datasetkit",
        help="Author, check, convert and generate evaluation datasets for AI agents "
        "(M365 Copilot eval JSON, Foundry JSONL/CSV, Copilot Studio CSV, spreadsheets).",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
        rich_markup_mode=None,
    )
    root.callback()(_root)
    return root


def _version(value: bool) -> None:
    if value:
        typer.echo(f"datasetkit {__version__}")
        raise typer.Exit(0)


def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Author, check, convert and generate evaluation datasets for AI agents."""


app = _new_app()
_registered = False


def _register(target: typer.Typer, names: list[str]) -> typer.Typer:
    """Register the subcommand modules ``names`` on ``target`` and apply the conventions."""
    for name in names:
        module = importlib.import_module(f"{__name__}.{name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(target)
    from datasetkit.cli._conventions import apply

    apply(target)
    return target


def _modules() -> list[str]:
    """The subcommand modules of this package, by name."""
    found = (m.name for m in pkgutil.iter_modules(__path__))
    return sorted(n for n in found if not n.startswith("_"))


def build_app() -> typer.Typer:
    """The app with every subcommand module registered (idempotent)."""
    global _registered
    if not _registered:
        _registered = True
        _register(app, _modules())
    return app


def _command_app(argv: list[str]) -> typer.Typer:
    """The app for this command line: only the named subcommand's module when the first
    argument names one (each module pulls in its own libraries, and start-up time is
    what a pre-commit hook pays on every run), else every subcommand (``--help``, a typo)."""
    first = argv[0] if argv else ""
    if first in _modules():
        return _register(_new_app(), [first])
    return build_app()


def main() -> None:
    """Console-script entry point. Usage errors exit 2 (typer's standalone mode)."""
    from datasetkit.api.runtime import install_signal_handlers

    install_signal_handlers()
    command = typer.main.get_command(_command_app(sys.argv[1:]))
    # Option values converted without pydantic (see _values): start-up time.
    install_plain_values(command)
    try:
        try:
            command()
        finally:
            # Output still buffered meets a closed pipe here, where it can be told apart.
            sys.stdout.flush()
    except BrokenPipeError:
        stdout_closed()
        sys.exit(0)
    except DatasetkitError as exc:
        report_error(exc)
        sys.exit(2)
    except KeyboardInterrupt:
        typer.echo("Interrupted.", err=True)
        sys.exit(130)
    except Exception as exc:
        # The last boundary: never a traceback (exit 1 would read as "findings").
        from datasetkit.api.runtime import explain_unexpected

        report_error(explain_unexpected(exc))
        sys.exit(2)
