"""``datasetkit generate``: test cases from knowledge files, or a starter set from a description.

``generate knowledge`` and ``generate starter`` share their options. Providers add
their own options without editing the commands: :func:`add_option` before the app is
built (:func:`register` adds the LLM options of :mod:`._llm_options` so), and the values
arrive in ``GenerateOptions.provider_settings``. :data:`BEFORE_RUN` hooks may take over
a run (e.g. a dry run that only prices it) and :data:`AFTER_RUN` hooks may print more.
"""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import typer

from datasetkit.cli._common import handle_errors
from datasetkit.cli._conventions import quiet

if typing.TYPE_CHECKING:
    from datasetkit.api.generation import GenerateOptions, RunOutcome


@dataclass
class ExtraOption:
    """A provider's option: its parameter name, type, ``typer.Option(...)`` and commands."""

    name: str
    annotation: Any
    option: Any
    commands: tuple[str, ...] = ("knowledge", "starter")


EXTRA_OPTIONS: list[ExtraOption] = []
# Called as hook(command, options, provider) before generating; an int return value
# ends the run with that exit code (e.g. --dry-run, --check-config).
BEFORE_RUN: list[Callable[[str, GenerateOptions, str], int | None]] = []
# Called as hook(command, outcome) after a run, before the exit code is chosen.
AFTER_RUN: list[Callable[[str, RunOutcome], None]] = []
# A typer callback for ``datasetkit generate [OPTIONS]`` itself (it must return at once
# when a subcommand runs); a provider package may set it, e.g. for --check-config.
GROUP_CALLBACK: Callable[..., Any] | None = None


def add_option(
    name: str, annotation: Any, option: Any, commands: tuple[str, ...] = ("knowledge", "starter")
) -> None:
    """Add an option to ``generate knowledge``/``starter`` (call before the app is built)."""
    EXTRA_OPTIONS[:] = [e for e in EXTRA_OPTIONS if e.name != name]
    EXTRA_OPTIONS.append(ExtraOption(name, annotation, option, commands))


def _with_extras(func: Callable[..., Any], command: str) -> Callable[..., Any]:
    """``func`` with the extra options in its signature; their values go in ``extra_settings``."""
    extras = [e for e in EXTRA_OPTIONS if command in e.commands]
    # Resolve the string annotations where the command was defined (this module).
    hints = typing.get_type_hints(inspect.unwrap(func))
    sig = inspect.signature(func)
    params = [
        p.replace(annotation=hints.get(p.name, p.annotation))
        for p in sig.parameters.values()
        if p.name != "extra_settings"
    ]
    taken = {p.name for p in params}
    for e in extras:
        if e.name not in taken:
            params.append(
                inspect.Parameter(
                    e.name,
                    inspect.Parameter.KEYWORD_ONLY,
                    default=e.option,
                    annotation=e.annotation,
                )
            )

    @functools.wraps(func)
    def wrapper(**kwargs: Any) -> Any:
        settings = {e.name: kwargs.pop(e.name) for e in extras if e.name in kwargs}
        return func(**kwargs, extra_settings=settings)

    wrapper.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in params}
    return wrapper


# ----- printing -------------------------------------------------------------------------


def _echo_slot_failures(failures: list[Any]) -> None:
    """The slots that gave no case, one line per reason with the slots it covers."""
    if not failures:
        return
    by_reason: dict[str, list[int]] = {}
    for f in failures:
        by_reason.setdefault(f.reason, []).append(f.slot)
    _echo(f"{len(failures)} slot(s) gave no case:")
    for n, (reason, slots) in enumerate(by_reason.items()):
        if n == 10:
            _echo(f"  ... and {len(by_reason) - 10} more reasons (see --report)")
            break
        which = f"slot {slots[0]}" if len(slots) == 1 else f"{len(slots)} slots"
        _echo(f"  - {reason} ({which})")


def _echo(text: str) -> None:
    typer.echo(text, err=True)


def print_problems(problems: list[Any]) -> None:
    """Knowledge problems on stderr, one line each, pages of one file grouped."""
    grouped: dict[tuple[str, str, str], list[int]] = {}
    singles = []
    for p in problems:
        if p.code == "knowledge.page_no_text" and p.page is not None:
            grouped.setdefault((p.file, p.severity, p.code), []).append(p.page)
        else:
            singles.append(p)
    for p in singles:
        page = f" (page {p.page})" if p.page is not None and str(p.page) not in p.message else ""
        _echo(f"{p.file}: {p.severity}: {p.message}{page}")
        if p.hint:
            _echo(f"  hint: {p.hint}")
    for (file, severity, _code), pages in grouped.items():
        _echo(
            f"{file}: {severity}: {len(pages)} page(s) have no text layer and were left out: pages {_ranges(pages)}"
        )
        _echo("  hint: run OCR on the PDF to include them")


def _ranges(numbers: list[int]) -> str:
    """``[2, 3, 4, 9]`` -> ``2-4, 9``."""
    out: list[str] = []
    nums = sorted(set(numbers))
    start = prev = nums[0]
    for n in nums[1:]:
        if n == prev + 1:
            prev = n
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = n
    out.append(str(start) if start == prev else f"{start}-{prev}")
    return ", ".join(out)


def _finish(command: str, outcome: RunOutcome) -> None:
    from datasetkit import Severity
    from datasetkit.api.generation import render_coverage

    for hook in AFTER_RUN:
        hook(command, outcome)
    chatty = not quiet()  # -q: shortfalls, warnings and errors only
    if outcome.coverage and chatty:
        _echo(render_coverage(outcome.coverage).rstrip("\n"))
    rejected = [f for f in outcome.result.failures if f.code]
    if chatty and (rejected or getattr(outcome, "rejected_ahead", None)):
        _echo(f"quality gate: {outcome.gate_summary}")
        for f in rejected[:10]:
            _echo(f"  - {f.reason}")
        if len(rejected) > 10:
            _echo(f"  ... and {len(rejected) - 10} more (see --report)")
    failures = [f for f in outcome.result.failures if not f.code]
    for f in failures:
        if f.slot is None:
            _echo(f"short: {f.reason}")  # about the run as a whole, not one slot
    _echo_slot_failures([f for f in failures if f.slot is not None])
    for note in (
        outcome.result.usage.get("notes", [])
        if chatty and isinstance(outcome.result.usage, dict)
        else []
    ):
        _echo(f"note: {note}")
    for finding in outcome.write_findings:
        where = f" ({finding.location.describe()})" if finding.location.path else ""
        _echo(f"{finding.severity.value}: {finding.message}{where}")
        if finding.hint:
            _echo(f"  hint: {finding.hint}")
    if chatty:
        _echo(f"seed {outcome.seed} (repeat this run with --seed {outcome.seed})")
    if outcome.paths and chatty:
        files = ", ".join(str(p) for p in outcome.paths)
        _echo(f"wrote {outcome.produced} case(s) to {files}")
        if outcome.review_sheet is not None:
            _echo(
                f"review sheet: {outcome.review_sheet} (then: datasetkit review merge {outcome.review_sheet} {outcome.paths[0]})"
            )
    if outcome.produced == 0:
        why = f" ({outcome.shortfall_message})" if outcome.shortfall_message else ""
        _echo(f"error: no case could be made{why}; nothing was written")
        raise typer.Exit(1)
    if not outcome.paths:
        bad = sum(1 for f in outcome.write_findings if f.severity == Severity.ERROR)
        _echo(f"error: the output failed {bad} check(s) of its format; nothing was written")
        raise typer.Exit(1)
    if outcome.produced < outcome.requested:
        why = f" ({outcome.shortfall_message})" if outcome.shortfall_message else ""
        _echo(
            f"error: {outcome.produced} of {outcome.requested} requested case(s) were made{why} (the partial set was written)"
        )
        raise typer.Exit(1)


# ----- commands -------------------------------------------------------------------------

_FILES = typer.Argument(..., help="Knowledge files or folders (.txt .md .csv .docx .xlsx .pdf).")
_OUTPUT = typer.Option(
    ...,
    "-o",
    "--output",
    help="Dataset file to write (.json = M365, .jsonl = Foundry; .csv needs --to).",
)
_TO = typer.Option(
    None,
    "--to",
    help="Output format, as 'datasetkit convert --to' names them (default: from the extension).",
)
_SEED = typer.Option(
    None,
    "--seed",
    help="Seed for every sampling choice; the same seed gives the same file. Default: random, printed.",
)
_PROVIDER = typer.Option(
    None,
    "--provider",
    help="Who writes the cases: offline (no API; the default when no LLM is configured) or an LLM provider.",
)
_MAX_SIZE = typer.Option(
    "5MB",
    "--max-size",
    help="Refuse knowledge files larger than this (Copilot Studio's limit is 5MB).",
)
_REVIEW = typer.Option(
    None,
    "--review-sheet",
    help="Also write an .xlsx sheet for people to approve or edit the cases.",
)
_LANGUAGE = typer.Option(
    None,
    "--language",
    help="Language of the cases (ISO code, e.g. de). Default: each document's own.",
)
_CATEGORY = typer.Option(
    None,
    "--category",
    "-c",
    help="Category to make (repeatable): knowledge, instruction-following, tool-usage, edge-cases, safety.",
)
_REPORT = typer.Option(
    None, "--report", help="Write a JSON run report: inputs with hashes, seed, coverage, failures."
)
_FORCE = typer.Option(
    False, "--force", help="Overwrite the output (and review sheet) if they exist."
)
_CHUNK_SIZE = typer.Option(
    1500, "--chunk-size", help="Largest chunk of text one case is drawn from, in characters."
)
_SKIP_UNREADABLE = typer.Option(
    False,
    "--skip-unreadable",
    help="Generate from the readable files when others cannot be read (they are still reported).",
)
_COMMENTS = typer.Option(
    False,
    "--comments",
    help="also read Word comments (off by default: they are usually review notes, not knowledge)",
)


def _options(**values: Any) -> GenerateOptions:
    from datasetkit.api.generation import GenerateOptions, parse_size

    max_size = values.pop("max_size", None)
    return GenerateOptions(max_size=parse_size(max_size) if max_size else None, **values)


def _through_api(options: GenerateOptions, description: str | None = None) -> RunOutcome:
    """The run, through the public API (``datasetkit.generate_knowledge`` or, with a
    description, ``generate_starter``), with the options the command and its hooks set."""
    import dataclasses

    import datasetkit

    settings = {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}
    output = settings.pop("output") or None
    if description is None:
        made = datasetkit.generate_knowledge(settings.pop("files"), output, **settings)
    else:
        settings.pop("files")
        made = datasetkit.generate_starter(description, output, **settings)
    outcome: RunOutcome = made.outcome
    return outcome


def _run(command: str, options: GenerateOptions, run: Callable[[], RunOutcome]) -> None:
    from datasetkit.api.generation import UnreadableKnowledge, resolve_provider

    provider = resolve_provider(options.provider)
    options.provider = provider
    for hook in BEFORE_RUN:
        code = hook(command, options, provider)
        if code is not None:
            raise typer.Exit(code)
    try:
        outcome = run()
    except UnreadableKnowledge as exc:
        print_problems(exc.problems)
        raise
    print_problems(outcome.problems)
    _finish(command, outcome)


@handle_errors
def knowledge(
    files: list[str] = _FILES,
    count: int = typer.Option(20, "--count", "-n", help="How many cases to make."),
    output: str = _OUTPUT,
    to: str | None = _TO,
    seed: int | None = _SEED,
    provider: str | None = _PROVIDER,
    max_size: str = _MAX_SIZE,
    review_sheet: str | None = _REVIEW,
    language: str | None = _LANGUAGE,
    category: list[str] | None = _CATEGORY,
    chunk_size: int = _CHUNK_SIZE,
    skip_unreadable: bool = _SKIP_UNREADABLE,
    comments: bool = _COMMENTS,
    report: str | None = _REPORT,
    force: bool = _FORCE,
    extra_settings: dict[str, Any] | None = None,
) -> None:
    """Make grounded test cases from knowledge files (every answer quoted from its source)."""
    from datasetkit.api.generation import Limits

    options = _options(
        files=files,
        count=count,
        output=output,
        to=to,
        seed=seed,
        provider=provider,
        max_size=max_size,
        review_sheet=review_sheet,
        language=language,
        categories=list(category or []),
        chunk_chars=chunk_size,
        skip_unreadable=skip_unreadable,
        limits=Limits(include_comments=comments),
        report=report,
        force=force,
        provider_settings=dict(extra_settings or {}),
    )
    _with_reading_bar(options, lambda: _run("knowledge", options, lambda: _through_api(options)))


def _with_reading_bar(options: GenerateOptions, run: Callable[[], None]) -> None:
    """Run with a progress bar while the knowledge files are read (removed once they are)."""
    from datasetkit.terminal.bar import Bar

    # Reading the knowledge files is what takes long offline (a 100-page PDF: seconds);
    # the LLM engine draws its own bar per case.
    with Bar("reading", None, unit="files", enabled=not quiet()) as bar:

        def read(done: int, total: int) -> None:
            bar.update(done, total)
            if done >= total:
                bar.close()  # read: the run goes on to plan and write
                bar.enabled = False

        options.progress = read
        run()


@handle_errors
def starter(
    description: str | None = typer.Option(
        None, "--description", "-d", help="What the agent does, in a sentence or two."
    ),
    description_file: str | None = typer.Option(
        None, "--description-file", help="A text or Markdown file that describes the agent."
    ),
    count: int = typer.Option(
        10, "--count", "-n", help="How many cases to make (spread over the categories)."
    ),
    output: str = _OUTPUT,
    to: str | None = _TO,
    seed: int | None = _SEED,
    provider: str | None = _PROVIDER,
    review_sheet: str | None = _REVIEW,
    language: str | None = _LANGUAGE,
    category: list[str] | None = _CATEGORY,
    report: str | None = _REPORT,
    force: bool = _FORCE,
    extra_settings: dict[str, Any] | None = None,
) -> None:
    """Make a starter set for an agent from its description.

    Offline this writes the category skeleton of the test-design guide (knowledge,
    instruction following, tool usage, edge cases, safety) with [PLACEHOLDER] cases
    to fill in; an LLM provider writes real cases.
    """
    from datasetkit.api.generation import read_description

    text = read_description(description, description_file)
    options = _options(
        count=count,
        output=output,
        to=to,
        seed=seed,
        provider=provider,
        review_sheet=review_sheet,
        language=language,
        categories=list(category or []),
        report=report,
        force=force,
        # The description rides along so a provider's hooks (e.g. --dry-run) can see it.
        provider_settings={**dict(extra_settings or {}), "agent_description": text},
    )
    _run("starter", options, lambda: _through_api(options, text))


def _install_llm_options() -> None:
    """Add the LLM options and the hooks that act on them (:mod:`._llm_options`); idempotent."""
    global GROUP_CALLBACK
    from datasetkit.cli import _llm_options as llm

    for name, annotation, option, commands in llm.OPTIONS:
        add_option(name, annotation, option, commands)
    if llm.before_run not in BEFORE_RUN:
        BEFORE_RUN.append(llm.before_run)
    if llm.after_run not in AFTER_RUN:
        AFTER_RUN.append(llm.after_run)
    if GROUP_CALLBACK is None:
        GROUP_CALLBACK = llm.group_callback


def register(app: typer.Typer) -> None:
    """Add the ``generate`` command group (after providers have added their options)."""
    from datasetkit.api.generation import load_providers

    load_providers()
    _install_llm_options()
    group = typer.Typer(
        name="generate",
        help="Generate test cases: from knowledge files, or a starter set from an agent description.",
        no_args_is_help=True,
        add_completion=False,
        rich_markup_mode=None,
    )
    if GROUP_CALLBACK is not None:
        group.callback(invoke_without_command=True)(GROUP_CALLBACK)
    group.command("knowledge")(_with_extras(knowledge, "knowledge"))
    group.command("starter")(_with_extras(starter, "starter"))
    app.add_typer(group, name="generate")
