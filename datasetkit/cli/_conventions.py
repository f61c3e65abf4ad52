"""What every command shares, applied once to the assembled app: ``-h``, ``-q``/``-v``,
``-o -``, the colour decision (``NO_COLOR``/``FORCE_COLOR``) and what ``--help`` shows
(:mod:`._help`).

Applied in one place so a new command gets them by being registered, not by remembering.
"""

from __future__ import annotations

import functools
import inspect
import os
import time
import typing
from collections.abc import Callable
from typing import IO, Any

import typer

from datasetkit import DatasetkitError
from datasetkit.cli._common import report_error
from datasetkit.cli._help import PANEL_COMMANDS, PanelCommand, epilog, panels, placeholders
from datasetkit.cli._stdout import DEFAULT_SUFFIX, to_stdout

HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}


class Verbosity:
    """-q (-1), default (0) or -v (1) for the running command."""

    level = 0


def quiet() -> bool:
    return Verbosity.level < 0


def verbose() -> bool:
    return Verbosity.level > 0


def note(message: str) -> None:
    """Chatter for people on stderr; -q silences it."""
    if not quiet():
        typer.echo(message, err=True)


def use_color(stream: IO[str]) -> bool:
    """Colour on a terminal; NO_COLOR (any value) turns it off, FORCE_COLOR on (no-color.org)."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return bool(getattr(stream, "isatty", lambda: False)())


def _shared(func: Callable[..., Any], path: str) -> Callable[..., Any]:
    """``func`` with -q/--quiet and -v/--verbose (unless it has its own -q), and ``-o -``."""
    hints = typing.get_type_hints(inspect.unwrap(func))
    sig = inspect.signature(func)
    params = [
        p.replace(annotation=hints.get(p.name, p.annotation)) for p in sig.parameters.values()
    ]
    own_quiet = "quiet" in sig.parameters
    if not own_quiet:
        params.append(
            inspect.Parameter(
                "quiet",
                inspect.Parameter.KEYWORD_ONLY,
                default=typer.Option(False, "--quiet", "-q", help="Only results and errors."),
                annotation=bool,
            )
        )
    params.append(
        inspect.Parameter(
            "verbose",
            inspect.Parameter.KEYWORD_ONLY,
            default=typer.Option(
                False, "--verbose", "-v", help="Also say what was done and how long it took."
            ),
            annotation=bool,
        )
    )

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        is_quiet = kwargs.get("quiet", False) if own_quiet else kwargs.pop("quiet", False)
        is_verbose = kwargs.pop("verbose", False)
        Verbosity.level = -1 if is_quiet else (1 if is_verbose else 0)
        started = time.perf_counter()
        writes_stdout = path in DEFAULT_SUFFIX and str(kwargs.get("output")) == "-"
        try:
            if writes_stdout:
                with to_stdout(path, kwargs):
                    return func(*args, **kwargs)
            return func(*args, **kwargs)
        except DatasetkitError as exc:  # raised before the command's own error handling
            report_error(exc)
            raise typer.Exit(2) from None
        finally:
            if verbose():
                typer.echo(f"datasetkit: done in {time.perf_counter() - started:.2f} s", err=True)
            Verbosity.level = 0

    placeholders(params, path)
    wrapper.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in params}
    return wrapper


def apply(app: typer.Typer, prefix: str = "") -> None:
    """Give every command of ``app`` (and of its groups) the shared conventions."""
    callback = app.registered_callback.callback if app.registered_callback else None
    if callback is not None:
        placeholders(list(inspect.signature(callback).parameters.values()), prefix.strip())
    app.info.context_settings = {**(app.info.context_settings or {}), **HELP_OPTIONS}
    if not prefix and not app.info.epilog:
        app.info.epilog = epilog("")
    for command in app.registered_commands:
        path = f"{prefix}{command.name or getattr(command.callback, '__name__', '')}"
        command.context_settings = {**(command.context_settings or {}), **HELP_OPTIONS}
        if command.callback is not None:
            command.callback = _shared(command.callback, path)
        if not command.epilog:
            command.epilog = epilog(path)
        if path in PANEL_COMMANDS:
            command.cls = PanelCommand
            panels(command.callback)
    for group in app.registered_groups:
        if group.typer_instance is None:
            continue
        name = group.name or group.typer_instance.info.name or ""
        group.context_settings = {**(group.context_settings or {}), **HELP_OPTIONS}
        if not group.epilog:
            group.epilog = epilog(name)
        apply(group.typer_instance, f"{name} ")
