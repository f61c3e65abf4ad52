"""Helpers shared by the subcommand modules (option parsing, printing, exit codes)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

import typer
from typer.exceptions import TyperException

from datasetkit import DatasetkitError

F = TypeVar("F", bound=Callable[..., Any])


def fail(message: str, hint: str = "") -> DatasetkitError:
    """An error that stops the command with exit code 2 (raise the result)."""
    return DatasetkitError(message, hint)


def report_error(exc: DatasetkitError) -> None:
    """Print an error that stops the command (the caller exits 2)."""
    typer.echo(f"datasetkit: error: {exc.message}", err=True)
    if exc.hint:
        typer.echo(f"  hint: {exc.hint}", err=True)


def stdout_closed() -> None:
    """The reader of stdout went away (``datasetkit rules | head -1``): a normal end, as
    for ``ls | head``. Later writes and the final flush go nowhere, and nothing is said."""
    import os
    import sys

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass  # no real stdout (a test runner's): nothing will flush into the pipe


def handle_errors(func: F) -> F:
    """Turn any exception into a clean message and exit code 2 (also under CliRunner).

    A DatasetkitError is printed as it is; anything else goes through the error
    boundary (datasetkit.api.runtime), which names the file and, for a bug, the type.
    """

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except DatasetkitError as exc:
            report_error(exc)
            raise typer.Exit(2) from None
        except BrokenPipeError:
            stdout_closed()
            raise typer.Exit(0) from None
        except (typer.Exit, typer.Abort, KeyboardInterrupt, SystemExit, TyperException):
            # A usage error (typer.BadParameter...) is click's to report: exit 2 with usage.
            raise
        except Exception as exc:
            from datasetkit.api.runtime import explain_unexpected

            report_error(explain_unexpected(exc))
            raise typer.Exit(2) from None

    return wrapper  # type: ignore[return-value]


def parse_map(values: list[str] | None) -> dict[str, str]:
    """``--map FIELD=HEADER`` options as a dict, with a clear error for a bad one."""
    out: dict[str, str] = {}
    for raw in values or []:
        field, sep, header = raw.partition("=")
        if not sep or not field.strip() or not header.strip():
            raise DatasetkitError(
                f"--map {raw!r} is not FIELD=HEADER",
                "write it as --map prompt=Question (fields: prompt, expected_response, response, context, category, id, notes, tags, conversation)",
            )
        out[field.strip()] = header.strip()
    return out
