"""The LLM options of ``datasetkit generate`` and the hooks that act on them.

:mod:`datasetkit.cli.generate` installs them through its extension points
(``add_option``, ``BEFORE_RUN``, ``AFTER_RUN``, ``GROUP_CALLBACK``), so the command
module stays provider-neutral: ``--check-config`` and ``--dry-run`` end the run before
anything is loaded or sent, the summary of calls, tokens and cost follows a run, and a
run that could not start (a refused key, an unknown model) exits 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer

from datasetkit import DatasetkitError
from datasetkit.api.generation import QUESTION_TYPES

if TYPE_CHECKING:
    from datasetkit.api.generation import GenerateOptions, RunOutcome

# The help text of each option, by parameter name (the group callback repeats some).
HELP: dict[str, str] = {
    "provider": "the LLM provider: openai, azure or compatible (any OpenAI-compatible server, by --base-url)",
    "model": "model name (OpenAI, compatible server) or the model behind an Azure deployment (for prices)",
    "base_url": "base URL of a compatible server, e.g. http://localhost:11434/v1",
    "azure_endpoint": "Azure OpenAI endpoint, https://<resource>.openai.azure.com",
    "azure_deployment": "Azure OpenAI deployment name",
    "api_version": "Azure OpenAI API version, e.g. 2024-10-21",
    "api_key_env": "name of the environment variable that holds the API key",
    "api_key": "the API key itself (discouraged: it lands in shell history; use --api-key-env)",
    "check_config": "print the settings that will be used, and where each comes from, then exit",
    "probe": "with --check-config: contact the server (list models, one tiny structured request) "
    "and report what works",
    "structured": "how replies are held to their JSON shape: auto (try json_schema, then "
    "json_object with the schema, then tools, then none), json_schema, json_object, tools "
    "or none (the schema in the prompt only)",
    "no_system_role": "send the instructions in the user message (for models whose chat "
    "template drops system messages, such as Gemma's)",
    "dry_run": "print calls, estimated tokens and cost without calling the model",
    "price": "MODEL=IN/OUT dollars per 1M input/output tokens (repeatable)",
    "max_cost": "stop before spending more than this many dollars (partial result saved)",
    "max_calls": "stop after this many model calls (partial result saved)",
    "concurrency": "parallel requests (lowered automatically on rate limits)",
    "rpm": "requests per minute to stay under",
    "tpm": "tokens per minute to stay under",
    "resume": "continue the last run with the same inputs and options, reusing paid replies",
    "cache_dir": "response cache folder (default .datasetkit/cache)",
    "no_cache": "do not read or write the response cache",
    "batch": "send the work through the Batch API (half price, results within 24 h)",
    "batch_id": "collect the results of an earlier batch by id",
    "append_to": "an existing dataset: new cases must not duplicate its prompts",
    "multi_turn": "scripted conversations of N turns instead of single questions",
    "seeds": "Foundry simulation seeds (test_case_description, desired_num_turns = "
    "--multi-turn N, else 5) instead of cases",
    "question_types": "comma-separated, each used only where the content suits it: "
    + ", ".join(QUESTION_TYPES),
    "agent_description": "what the agent under test does, in a sentence or two (the prompts "
    "write cases its users would send; stored in the manifest)",
    "agent_description_file": "a text or Markdown file that describes the agent or holds its "
    "instructions",
    "candidates": "candidate cases asked per call (default 3): the first that passes the "
    "checks is used, the others stand by if the critic or the judge drops it",
    "no_critic": "skip the critic call that checks each case is self-contained, natural and "
    "answerable (and may rewrite it once)",
    "no_judge": "skip the judge call that checks the passages support each expected answer",
    "judge_model": "the model (Azure: deployment) of the judge calls; default: --model",
    "temperature": "sampling temperature of the generation calls (default 0.8)",
    "critic_temperature": "temperature of the critic calls (default 0)",
    "judge_temperature": "temperature of the judge calls (default 0)",
}

_BOTH = ("knowledge", "starter")
_KNOWLEDGE = ("knowledge",)


def _help(name: str) -> str:
    text = HELP[name]
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
    from datasetkit.api import generation

    options = {
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
    used = generation.resolve_provider(provider)
    if used not in generation.llm_providers():
        given = ["--" + name.replace("_", "-") for name, v in options.items() if v]
        _say_and_exit(*offline_report(used, given))
    try:
        text, code = generation.check_config({"provider": provider, **options})
    except DatasetkitError as exc:
        typer.echo(f"datasetkit: error: {exc.message}", err=True)
        if exc.hint:
            typer.echo(f"  hint: {exc.hint}", err=True)
        raise typer.Exit(2) from None
    _say_and_exit(text, code)


def _say_and_exit(text: str, code: int) -> NoReturn:
    """Print the ``--check-config`` report and end the run with ``code``."""
    typer.echo(text)
    raise typer.Exit(code)


def _need(flags: list[str]) -> str:
    """``--model needs`` or ``--model, --price need``."""
    return f"{', '.join(flags)} {'needs' if len(flags) == 1 else 'need'}"


def offline_report(provider: str, llm_flags: list[str]) -> tuple[str, int]:
    """What ``--check-config`` says when the run uses no LLM (nothing to configure), and
    its exit code: 2 when LLM options were given, which such a run refuses."""
    lines = [f"provider  {provider}   (no LLM: nothing is sent anywhere, no API key is needed)"]
    if llm_flags:
        lines += [
            f"problem: {_need(llm_flags)} an LLM provider (this run uses {provider})",
            "  hint: add --provider openai, azure or compatible",
        ]
    else:
        lines.append("ready: yes")
    lines.append(
        "an LLM: add --provider openai, azure or compatible (or set provider in "
        "datasetkit.toml [generate]); --check-config then shows its settings"
    )
    return "\n".join(lines), (2 if llm_flags else 0)


def before_run(command: str, options: GenerateOptions, provider: str) -> int | None:
    """``--check-config`` and ``--dry-run`` (which end the run), or LLM options refused
    for a provider that is not an LLM; else the settings a run's generator is given."""
    from datasetkit.api import generation

    s = options.provider_settings
    if s.get("check_config"):
        if provider not in generation.llm_providers():
            text, code = offline_report(provider, [])
            typer.echo(text)
            return code
        text, code = generation.check_config({**s, "provider": provider})
        typer.echo(text)
        return code
    if provider not in generation.llm_providers():
        used = [
            flag
            for name, (flag, commands) in _LLM_ONLY.items()
            if command in commands and s.get(name) not in (None, False, [], "")
        ]
        if used:
            raise DatasetkitError(
                f"{_need(used)} an LLM provider (this run uses {provider})",
                "add --provider openai, azure or compatible (see datasetkit generate --check-config)",
            )
        return None
    s["progress"] = True
    # Passage labels are relative to the files and folders given (no local paths sent).
    s.setdefault("inputs", list(options.files))
    if options.output and not s.get("manifest"):
        out = Path(options.output)
        s["manifest"] = str(out.with_name(out.name + ".manifest.json"))
    generator = generation.generator_for(
        provider, {**s, "seed": options.seed, "language": options.language}
    )
    for warning in generator.settings.warnings:
        typer.echo(f"warning: {warning}", err=True)
    if not s.get("dry_run"):
        return None
    seed = options.seed if options.seed is not None else 0
    typer.echo(generation.dry_run(command, options, generator, seed))
    return 0


def after_run(command: str, outcome: RunOutcome) -> None:
    """The summary of an LLM run on stderr; exit 2 when it could not start at all."""
    from datasetkit.api import generation

    if outcome.provider not in generation.llm_providers():
        return
    typer.echo(generation.summary(outcome.result, outcome.requested), err=True)
    stopped = str(outcome.result.usage.get("stopped") or "")
    if outcome.produced == 0 and stopped.startswith("stopped on a permanent error"):
        typer.echo(f"error: could not run: {stopped}", err=True)
        raise typer.Exit(2)
