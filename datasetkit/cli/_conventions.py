"""What every command shares, applied once to the assembled app: ``-h``, ``-q``/``-v``,
an example in each ``--help``, and the colour decision (``NO_COLOR``/``FORCE_COLOR``).

Applied in one place so a new command gets them by being registered, not by remembering.
"""

from __future__ import annotations

import functools
import inspect
import os
import time
import typing
from collections.abc import Callable
from enum import Enum
from typing import IO, Any

import typer
import typer.core

from ..findings import DatasetkitError
from ._common import report_error
from ._stdout import DEFAULT_SUFFIX, to_stdout

HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}

# One or more examples per command path, shown under "Examples:" in its --help.
EXAMPLES: dict[str, list[str]] = {
    "validate": [
        "datasetkit validate evals/evals.json",
        'datasetkit validate evals/ "data/*.jsonl" --format sarif -o validate.sarif',
    ],
    "lint": [
        "datasetkit lint evals/ --select lint.evaluator --format github",
        "datasetkit lint evals/evals.json --fix",
    ],
    "rules": ["datasetkit rules", "datasetkit rules lint.prompt.vague"],
    "stats": ["datasetkit stats evals/evals.json --format json"],
    "convert": [
        "datasetkit convert evals.json -o evals.jsonl",
        "datasetkit convert tests.xlsx --map prompt=Question -o evals/evals.json",
    ],
    "formats": ["datasetkit formats --json"],
    "migrate": [
        "datasetkit migrate --check evals/*.json",
        "datasetkit migrate evals/evals.json --to 1.11.0",
    ],
    "init": ["datasetkit init --template multi-turn"],
    "new": [
        'datasetkit new --prompt "What is our refund window?" --expected "30 days" -o evals.json'
    ],
    "ingest": ["datasetkit ingest docs/ --format json"],
    "schema": [
        "datasetkit schema",
        "datasetkit schema 1.11.0 -o .vscode/eval-document.schema.json",
        "datasetkit schema --list",
    ],
    "review": ["datasetkit review sheet evals/evals.json -o review.xlsx"],
    "review sheet": ["datasetkit review sheet evals/evals.json -o review.xlsx"],
    "review merge": [
        "datasetkit review merge review.xlsx evals/evals.json",
        "datasetkit review merge review.xlsx evals/evals.json -o reviewed.json --drop-unreviewed",
    ],
    "generate": ["datasetkit generate knowledge docs/ -n 20 --seed 1 -o evals.json"],
    "generate knowledge": [
        "datasetkit generate knowledge docs/ -n 20 --seed 1 -o evals/evals.json",
        "datasetkit generate knowledge docs/ -o evals.json --provider openai --model gpt-4o-mini",
    ],
    "generate starter": [
        'datasetkit generate starter -d "Answers HR policy questions" -o starter.json'
    ],
}


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


# Placeholders people can read, for options whose name alone does not say it.
_METAVARS = {
    "--map": "FIELD=HEADER",
    "--schema-version": "VERSION",
    "--config": "FILE",
    "--output": "FILE",
    "--template": "NAME",
    "--select": "RULES",
    "--ignore": "RULES",
    "--max-size": "SIZE",
    "--report": "FILE",
}
_FORMAT_OPTIONS = ("--from", "--to", "--target")
# Plain-text options that take one of a few words: shown as <a|b|c> like an Enum's.
_CHOICES = {
    "--format": {"rules": "text|json", "stats": "text|json", "ingest": "markdown|json"},
    "--jsonl-style": {"convert": "auto|messages|query-response"},
    "--ungrounded": {"generate knowledge": "drop|flag", "generate starter": "drop|flag"},
}


def _placeholders(params: list[inspect.Parameter], path: str = "") -> None:
    """Readable placeholders (FILE, FIELD=HEADER) instead of Python types, and the choices
    of a format option (``--from <m365|foundry|...>``)."""
    from typer.models import ArgumentInfo, OptionInfo

    for p in params:
        info = p.default
        if isinstance(info, ArgumentInfo) and not info.metavar:
            info.metavar = p.name.upper()
            continue
        if not isinstance(info, OptionInfo) or info.metavar or p.annotation is bool:
            continue
        if isinstance(p.annotation, type) and issubclass(p.annotation, Enum):
            continue  # click shows an Enum's choices itself
        names = [d for d in info.param_decls or () if d.startswith("--")]
        if not names:
            continue
        choices = _CHOICES.get(names[0], {}).get(path)
        if choices:
            info.metavar = f"<{choices}>"
        elif names[0] in _FORMAT_OPTIONS:
            from ..formats import all_formats

            info.metavar = "<" + "|".join(f.name for f in all_formats()) + ">"
        else:
            info.metavar = _METAVARS.get(names[0], names[0].lstrip("-").split("-")[-1].upper())


def _epilog(path: str) -> str | None:
    examples = EXAMPLES.get(path)
    if not examples:
        return None
    # \b keeps click from re-wrapping the lines into one paragraph.
    return "Examples:\n\n\b\n" + "\n".join(f"  {e}" for e in examples)


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

    _placeholders(params, path)
    wrapper.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in params}
    return wrapper


# Help panels for commands with many options: the option's long name -> its panel.
PANELS: dict[str, str] = {
    **dict.fromkeys(
        [
            "--count",
            "--seed",
            "--category",
            "--language",
            "--question-types",
            "--multi-turn",
            "--seeds",
            "--append-to",
            "--ungrounded",
            "--agent-description",
            "--agent-description-file",
            "--description",
            "--description-file",
        ],
        "What to make",
    ),
    **dict.fromkeys(
        ["--max-size", "--chunk-size", "--skip-unreadable", "--comments"], "Knowledge files"
    ),
    **dict.fromkeys(["--output", "--to", "--review-sheet", "--report", "--force"], "Output"),
    **dict.fromkeys(
        [
            "--provider",
            "--model",
            "--base-url",
            "--azure-endpoint",
            "--azure-deployment",
            "--api-version",
            "--api-key-env",
            "--structured",
            "--no-system-role",
            "--check-config",
            "--probe",
        ],
        "LLM provider",
    ),
    **dict.fromkeys(
        [
            "--candidates",
            "--no-critic",
            "--no-judge",
            "--judge-model",
            "--temperature",
            "--critic-temperature",
            "--judge-temperature",
        ],
        "Review by the model",
    ),
    **dict.fromkeys(
        [
            "--dry-run",
            "--price",
            "--max-cost",
            "--max-calls",
            "--concurrency",
            "--rpm",
            "--tpm",
            "--batch",
            "--batch-id",
        ],
        "Cost and pacing",
    ),
    **dict.fromkeys(["--resume", "--cache-dir", "--no-cache"], "Cache and resume"),
}
# Commands whose options are shown in panels (the rest have few enough for one list).
PANEL_COMMANDS = ("generate knowledge", "generate starter")


class PanelCommand(typer.core.TyperCommand):
    """A command whose --help groups its options under headings (their help panel)."""

    def format_options(self, ctx: Any, formatter: Any) -> None:
        sections: dict[str, list[tuple[str, str]]] = {}
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            default = "Arguments" if param.param_type_name == "argument" else "Other options"
            panel = getattr(param, "rich_help_panel", None) or default
            sections.setdefault(panel, []).append(record)
        order = ["Arguments", *dict.fromkeys(PANELS.values()), "Other options"]
        for name, records in sorted(sections.items(), key=lambda kv: order.index(kv[0])):
            with formatter.section(name):
                formatter.write_dl(records)


def _argument_type(self: Any, ctx: Any) -> str | None:
    """An argument's type beside its name in help, unless a placeholder names it already."""
    return None if self.metavar else _typer_argument_type(self, ctx)


# typer prints the Python type (<list[str]>) beside every argument, even one whose
# placeholder (PATHS) says what it takes; show the placeholder alone.
_typer_argument_type = typer.core.TyperArgument.display_type_rich
typer.core.TyperArgument.display_type_rich = _argument_type  # type: ignore[method-assign]


def _panels(callback: Callable[..., Any] | None) -> None:
    from typer.models import OptionInfo

    for p in inspect.signature(callback).parameters.values() if callback else ():
        info = p.default
        if isinstance(info, OptionInfo) and not info.rich_help_panel:
            names = [d for d in info.param_decls or () if d.startswith("--")]
            info.rich_help_panel = PANELS.get(names[0]) if names else None


def apply(app: typer.Typer, prefix: str = "") -> None:
    """Give every command of ``app`` (and of its groups) the shared conventions."""
    callback = app.registered_callback.callback if app.registered_callback else None
    if callback is not None:
        _placeholders(list(inspect.signature(callback).parameters.values()), prefix.strip())
    app.info.context_settings = {**(app.info.context_settings or {}), **HELP_OPTIONS}
    for command in app.registered_commands:
        path = f"{prefix}{command.name or getattr(command.callback, '__name__', '')}"
        command.context_settings = {**(command.context_settings or {}), **HELP_OPTIONS}
        if command.callback is not None:
            command.callback = _shared(command.callback, path)
        if not command.epilog:
            command.epilog = _epilog(path)
        if path in PANEL_COMMANDS:
            command.cls = PanelCommand
            _panels(command.callback)
    for group in app.registered_groups:
        if group.typer_instance is None:
            continue
        name = group.name or group.typer_instance.info.name or ""
        group.context_settings = {**(group.context_settings or {}), **HELP_OPTIONS}
        if not group.epilog:
            group.epilog = _epilog(name)
        apply(group.typer_instance, f"{name} ")
