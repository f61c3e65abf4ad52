"""The LLM options of ``datasetkit generate`` and the hooks that act on them.

Installed into the generate command through its extension points (``add_option``,
``BEFORE_RUN``, ``AFTER_RUN``, ``GROUP_CALLBACK``), so the command module stays
provider-neutral: ``--check-config`` and ``--dry-run`` end the run before anything is
loaded or sent, the summary of calls, tokens and cost follows a run, and a run that
could not start (a refused key, an unknown model) exits 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from datasetkit.core.findings import DatasetkitError
from datasetkit.generate.llm.cli_support import LLM_OPTIONS, check_config, dry_run, summary
from datasetkit.generate.llm.config.settings import PROVIDERS as PROVIDER_NAMES

if TYPE_CHECKING:
    from datasetkit.generate.run import GenerateOptions, RunOutcome

_BOTH = ("knowledge", "starter")
_KNOWLEDGE = ("knowledge",)


def _help(name: str) -> str:
    text = LLM_OPTIONS[name]
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _opt(default: Any, *flags: str, name: str, **kw: Any) -> Any:
    return typer.Option(default, *flags, help=_help(name), **kw)


# (parameter name, annotation, option, commands)
OPTIONS: list[tuple[str, Any, Any, tuple[str, ...]]] = [
    ("model", str | None, _opt(None, "--model", name="model"), _BOTH),
    ("base_url", str | None, _opt(None, "--base-url", name="base_url"), _BOTH),
    ("azure_endpoint", str | None, _opt(None, "--azure-endpoint", name="azure_endpoint"), _BOTH),
    (
        "azure_deployment",
        str | None,
        _opt(None, "--azure-deployment", name="azure_deployment"),
        _BOTH,
    ),
    ("api_version", str | None, _opt(None, "--api-version", name="api_version"), _BOTH),
    (
        "api_key_env",
        str | None,
        _opt(None, "--api-key-env", name="api_key_env", metavar="NAME"),
        _BOTH,
    ),
    ("api_key", str | None, _opt(None, "--api-key", name="api_key", hidden=True), _BOTH),
    ("check_config", bool, _opt(False, "--check-config", name="check_config"), _BOTH),
    ("probe", bool, _opt(False, "--probe", name="probe"), _BOTH),
    ("dry_run", bool, _opt(False, "--dry-run", name="dry_run"), _BOTH),
    (
        "structured",
        str | None,
        _opt(None, "--structured", name="structured", metavar="MODE"),
        _BOTH,
    ),
    ("no_system_role", bool, _opt(False, "--no-system-role", name="no_system_role"), _BOTH),
    ("price", list[str] | None, _opt(None, "--price", name="price", metavar="MODEL=IN/OUT"), _BOTH),
    ("max_cost", float | None, _opt(None, "--max-cost", name="max_cost", metavar="DOLLARS"), _BOTH),
    ("max_calls", int | None, _opt(None, "--max-calls", name="max_calls"), _BOTH),
    ("concurrency", int | None, _opt(None, "--concurrency", name="concurrency"), _BOTH),
    ("rpm", int | None, _opt(None, "--rpm", name="rpm"), _BOTH),
    ("tpm", int | None, _opt(None, "--tpm", name="tpm"), _BOTH),
    ("resume", bool, _opt(False, "--resume", name="resume"), _BOTH),
    ("cache_dir", str | None, _opt(None, "--cache-dir", name="cache_dir"), _BOTH),
    ("no_cache", bool, _opt(False, "--no-cache", name="no_cache"), _BOTH),
    ("batch", bool, _opt(False, "--batch", name="batch"), _BOTH),
    ("batch_id", str | None, _opt(None, "--batch-id", name="batch_id"), _BOTH),
    (
        "append_to",
        str | None,
        _opt(None, "--append-to", name="append_to", metavar="DATASET"),
        _BOTH,
    ),
    (
        "multi_turn",
        int | None,
        _opt(None, "--multi-turn", name="multi_turn", metavar="N"),
        _KNOWLEDGE,
    ),
    ("seeds", bool, _opt(False, "--seeds", name="seeds"), _KNOWLEDGE),
    (
        "question_types",
        str | None,
        _opt(None, "--question-types", name="question_types"),
        _KNOWLEDGE,
    ),
    (
        "agent_description",
        str | None,
        _opt(None, "--agent-description", name="agent_description", metavar="TEXT"),
        _KNOWLEDGE,
    ),
    (
        "agent_description_file",
        str | None,
        _opt(None, "--agent-description-file", name="agent_description_file", metavar="PATH"),
        _KNOWLEDGE,
    ),
    (
        "candidates",
        int | None,
        _opt(None, "--candidates", name="candidates", metavar="N"),
        _KNOWLEDGE,
    ),
    ("no_critic", bool, _opt(False, "--no-critic", name="no_critic"), _KNOWLEDGE),
    ("no_judge", bool, _opt(False, "--no-judge", name="no_judge"), _KNOWLEDGE),
    (
        "judge_model",
        str | None,
        _opt(None, "--judge-model", name="judge_model", metavar="MODEL"),
        _KNOWLEDGE,
    ),
    (
        "temperature",
        float | None,
        _opt(None, "--temperature", name="temperature", metavar="T"),
        _BOTH,
    ),
    (
        "critic_temperature",
        float | None,
        _opt(None, "--critic-temperature", name="critic_temperature", metavar="T"),
        _KNOWLEDGE,
    ),
    (
        "judge_temperature",
        float | None,
        _opt(None, "--judge-temperature", name="judge_temperature", metavar="T"),
        _KNOWLEDGE,
    ),
    (
        "ungrounded",
        str,
        typer.Option(
            "drop",
            "--ungrounded",
            help="What to do with a case whose evidence is not found in its source: drop "
            "(the default) or flag (kept, tagged 'ungrounded', never marked grounded).",
        ),
        _KNOWLEDGE,
    ),
]

# Options that mean nothing without an LLM provider: name -> (flag, commands).
_LLM_ONLY = {
    name: ("--" + name.replace("_", "-"), commands)
    for name, _, _, commands in OPTIONS
    if name != "ungrounded"
}


def install() -> None:
    """Add the options and hooks to the generate command (idempotent)."""
    from datasetkit.cli import generate as command

    for name, annotation, option, commands in OPTIONS:
        command.add_option(name, annotation, option, commands)
    if _before_run not in command.BEFORE_RUN:
        command.BEFORE_RUN.append(_before_run)
    if _after_run not in command.AFTER_RUN:
        command.AFTER_RUN.append(_after_run)
    if hasattr(command, "GROUP_CALLBACK") and command.GROUP_CALLBACK is None:
        command.GROUP_CALLBACK = group_callback


def group_callback(
    ctx: typer.Context,
    check: bool = typer.Option(False, "--check-config", help=_help("check_config")),
    probe: bool = typer.Option(False, "--probe", help=_help("probe")),
    structured: str | None = typer.Option(
        None, "--structured", help=_help("structured"), metavar="MODE"
    ),
    no_system_role: bool = typer.Option(False, "--no-system-role", help=_help("no_system_role")),
    provider: str | None = typer.Option(None, "--provider", help=_help("provider")),
    model: str | None = typer.Option(None, "--model", help=_help("model")),
    base_url: str | None = typer.Option(None, "--base-url", help=_help("base_url")),
    azure_endpoint: str | None = typer.Option(
        None, "--azure-endpoint", help=_help("azure_endpoint")
    ),
    azure_deployment: str | None = typer.Option(
        None, "--azure-deployment", help=_help("azure_deployment")
    ),
    api_version: str | None = typer.Option(None, "--api-version", help=_help("api_version")),
    api_key_env: str | None = typer.Option(None, "--api-key-env", help=_help("api_key_env")),
    price: list[str] | None = typer.Option(
        None, "--price", help=_help("price"), metavar="MODEL=IN/OUT"
    ),
) -> None:
    """Generate test cases: from knowledge files, or a starter set from an agent description.

    ``datasetkit generate --check-config`` shows the LLM settings that will be used.
    """
    if ctx.invoked_subcommand is not None:
        return
    if not check:
        typer.echo(ctx.get_help())
        raise typer.Exit(0)
    try:
        text, code = check_config(
            {
                "provider": provider,
                "model": model,
                "base_url": base_url,
                "azure_endpoint": azure_endpoint,
                "azure_deployment": azure_deployment,
                "api_version": api_version,
                "api_key_env": api_key_env,
                "price": price,
                "probe": probe,
                "structured": structured,
                "no_system_role": no_system_role,
            }
        )
    except DatasetkitError as exc:
        typer.echo(f"datasetkit: error: {exc.message}", err=True)
        if exc.hint:
            typer.echo(f"  hint: {exc.hint}", err=True)
        raise typer.Exit(2) from None
    typer.echo(text)
    raise typer.Exit(code)


def _before_run(command: str, options: GenerateOptions, provider: str) -> int | None:
    s = options.provider_settings
    if s.get("check_config"):
        text, code = check_config(
            {**s, "provider": provider if provider in PROVIDER_NAMES else None}
        )
        typer.echo(text)
        return code
    if provider not in PROVIDER_NAMES:
        used = [
            flag
            for name, (flag, commands) in _LLM_ONLY.items()
            if command in commands and s.get(name) not in (None, False, [], "")
        ]
        if used:
            raise DatasetkitError(
                f"{', '.join(used)} need an LLM provider (this run uses {provider})",
                "add --provider openai, azure or compatible (see datasetkit generate --check-config)",
            )
        return None
    from datasetkit.generate.run import PROVIDERS

    s["progress"] = True
    # Passage labels are relative to the files and folders given (no local paths sent).
    s.setdefault("inputs", list(options.files))
    if options.output and not s.get("manifest"):
        out = Path(options.output)
        s["manifest"] = str(out.with_name(out.name + ".manifest.json"))
    generator: Any = PROVIDERS[provider](
        **{**s, "seed": options.seed, "language": options.language}
    )
    for warning in generator.settings.warnings:
        typer.echo(f"warning: {warning}", err=True)
    if not s.get("dry_run"):
        return None
    seed = options.seed if options.seed is not None else 0
    if command == "knowledge":
        typer.echo(
            dry_run(generator, plan=_plan(options, generator, seed), language=options.language)
        )
    else:
        typer.echo(
            dry_run(
                generator,
                description=str(s.get("agent_description") or ""),
                count=options.count,
                seed=seed,
                language=options.language,
            )
        )
    return 0


def _plan(options: GenerateOptions, generator: Any, seed: int) -> Any:
    """The plan a knowledge run would make (same loaders and planner), for --dry-run."""
    from datasetkit.generate.plan import build_plan, chunk_documents
    from datasetkit.knowledge import load

    docs = load(options.files, options.max_size)
    usable = [d for d in docs if d.sections]
    if not usable:
        raise DatasetkitError(
            "no text could be extracted from the knowledge files",
            "run 'datasetkit ingest FILES' to see what each file yields",
        )
    chunks = chunk_documents(usable, options.chunk_chars)
    return build_plan(
        chunks,
        options.count,
        seed,
        categories=tuple(options.categories) or ("knowledge",),
        capacity=generator.capacity,
    )


def _after_run(command: str, outcome: RunOutcome) -> None:
    if outcome.provider not in PROVIDER_NAMES:
        return
    typer.echo(summary(outcome.result, outcome.requested), err=True)
    stopped = str(outcome.result.usage.get("stopped") or "")
    if outcome.produced == 0 and stopped.startswith("stopped on a permanent error"):
        typer.echo(f"error: could not run: {stopped}", err=True)
        raise typer.Exit(2)
