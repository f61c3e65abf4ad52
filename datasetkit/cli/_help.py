"""What ``--help`` shows: an example for every command, readable placeholders and
choices, and panels for commands with many options.

Applied to the assembled app by :mod:`._conventions`, so a new command gets them too.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from enum import Enum
from typing import Any

import typer
import typer.core

# One or more examples per command path, shown under "Examples:" in its --help.
EXAMPLES: dict[str, list[str]] = {
    "": [
        "datasetkit validate evals/",
        "datasetkit lint evals/ --format github",
        "datasetkit generate knowledge docs/ -n 20 --seed 1 -o evals/evals.json",
    ],
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


def placeholders(params: list[inspect.Parameter], path: str = "") -> None:
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
            from datasetkit.api.formats import format_names

            info.metavar = "<" + "|".join(format_names()) + ">"
        else:
            info.metavar = _METAVARS.get(names[0], names[0].lstrip("-").split("-")[-1].upper())


def epilog(path: str) -> str | None:
    """The "Examples:" section of a command's --help (None for a command without any)."""
    examples = EXAMPLES.get(path)
    if not examples:
        return None
    # \b keeps click from re-wrapping the lines into one paragraph.
    return "Examples:\n\n\b\n" + "\n".join(f"  {e}" for e in examples)


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


def panels(callback: Callable[..., Any] | None) -> None:
    """Put each option of ``callback`` in its help panel (PANELS), unless it names one."""
    from typer.models import OptionInfo

    for p in inspect.signature(callback).parameters.values() if callback else ():
        info = p.default
        if isinstance(info, OptionInfo) and not info.rich_help_panel:
            names = [d for d in info.param_decls or () if d.startswith("--")]
            info.rich_help_panel = PANELS.get(names[0]) if names else None
