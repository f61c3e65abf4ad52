"""Glue between the ``generate`` command and the LLM engine.

The command stays thin: it registers the providers
(:func:`~datasetkit.generate.llm.config.providers.register`), and for an LLM
provider calls :func:`check_config`, :func:`dry_run` or the generator, then prints
:func:`summary` on stderr. Option names match the CLI flags (``--max-cost`` is
``max_cost``); ``None`` means "not given", so the config file and environment apply.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from datasetkit.core.findings import DatasetkitError
from datasetkit.generate.contract import GenerationResult, Plan

if TYPE_CHECKING:
    from datasetkit.generate.llm.config.settings import LLMSettings

# Every option the LLM engine understands, as the CLI spells them (for --help texts and docs).
LLM_OPTIONS: dict[str, str] = {
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
    "language": "write cases in this language (ISO code, e.g. de); default: the source's",
    "append_to": "an existing dataset: new cases must not duplicate its prompts",
    "multi_turn": "scripted conversations of N turns instead of single questions",
    "seeds": "Foundry simulation seeds (test_case_description, desired_num_turns = "
    "--multi-turn N, else 5) instead of cases",
    "question_types": "comma-separated, each used only where the content suits it: "
    + ", ".join(
        (
            "lookup",
            "multi-section",
            "comparison",
            "table-lookup",
            "aggregation",
            "procedural",
            "definition",
            "list",
            "unanswerable",
            "false-premise",
            "out-of-scope",
        )
    ),
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


def check_config(options: dict[str, Any]) -> tuple[str, int]:
    """The ``--check-config`` report and the exit code (0 ready, 2 not)."""
    from datasetkit.generate.llm.config.resolve import resolve_settings

    settings = resolve_settings(cli_settings_flags(options), cwd=options.get("cwd"))
    text = render_check_config(settings)
    code = 2 if settings.problems() else 0
    if not options.get("probe"):
        return text + "\nserver: not contacted (add --probe to send it one tiny request)", code
    if code:
        return text + "\nprobe: not run (fix the problems above first)", code
    from datasetkit.generate.llm.wire.probe import probe

    report = probe(settings)
    return text + "\n" + "\n".join(report.lines), (0 if report.ok else 2)


def dry_run(
    generator: Any,
    *,
    plan: Plan | None = None,
    description: str | None = None,
    count: int = 10,
    seed: int = 0,
    language: str | None = None,
) -> str:
    """The ``--dry-run`` report for a knowledge plan or a starter description."""
    if plan is not None:
        est = generator.dry_run_knowledge(plan, language=language)
    else:
        est = generator.dry_run_starter(
            description or "", count=count, seed=seed, language=language
        )
    return str(est.render())


def summary(result: GenerationResult, requested: int) -> str:
    """A few lines for stderr: produced vs asked, why cases are missing, usage and cost."""
    usage = result.usage
    lines = [f"generated {len(result.cases)} of {requested} case(s)"]
    flagged = sum(1 for c in result.cases if "ungrounded" in (c.case.tags or []))
    if flagged:
        lines.append(f"  {flagged} kept but flagged as not grounded (review them)")
    if result.shortfall:
        short = ", ".join(f"{k}: {v}" for k, v in sorted(result.shortfall.items()))
        lines.append(f"  short by category: {short}")
    if usage.get("diagnosis"):
        lines.append(f"  replies: {usage['diagnosis']}")
    reasons = Counter(f.reason.split(":")[0] for f in result.failures)
    if reasons:
        lines.append(
            "  missing because: " + ", ".join(f"{r} x{n}" for r, n in reasons.most_common())
        )
    rejected = usage.get("rejected") or {}
    if rejected:
        lines.append(
            "  rejected on the way (then retried): "
            + ", ".join(f"{r} x{n}" for r, n in sorted(rejected.items()))
        )
    cost = usage.get("cost")
    kinds = {k: v.get("calls", 0) for k, v in (usage.get("calls_by_kind") or {}).items()}
    by_kind = (
        " (" + ", ".join(f"{k} {n}" for k, n in kinds.items() if n) + ")"
        if sum(1 for n in kinds.values() if n) > 1
        else ""
    )
    lines.append(
        f"  calls {usage.get('calls', 0)}{by_kind}, cached {usage.get('cached', 0)}, "
        f"replayed {usage.get('replayed_from_journal', 0)}; tokens {usage.get('input_tokens', 0):,} in, "
        f"{usage.get('output_tokens', 0):,} out"
        + (" (as the server reported them)" if usage.get("calls") else "")
        + (f"; cost ${cost:.4f}" if cost is not None else "")
    )
    lines += _accounting_lines(usage)
    if usage.get("stopped"):
        lines.append(f"  stopped: {usage['stopped']}")
    if usage.get("manifest_path"):
        lines.append(f"  manifest: {usage['manifest_path']}")
    return "\n".join(lines)


def _accounting_lines(usage: dict[str, Any]) -> list[str]:
    """Every HTTP request by outcome, where tokens came from, and a resumed run's totals."""
    lines: list[str] = []
    http = usage.get("http") or {}
    if http.get("requests"):
        parts = [f"ok {http.get('ok', 0)}", f"retried {http.get('retries', 0)}"]
        parts.append(f"failed {http.get('failed', 0)}")
        if http.get("cancelled"):
            parts.append(f"cancelled {http['cancelled']}")
        statuses = ", ".join(f"{k} x{v}" for k, v in (http.get("by_status") or {}).items())
        lines.append(
            f"  http requests {http['requests']}: "
            + ", ".join(parts)
            + (f" (errors: {statuses})" if statuses else "")
        )
    estimated = usage.get("usage_estimated") or 0
    if estimated:
        lines.append(
            f"  tokens of {estimated} repl(ies) estimated from their text: the server sent no usage"
        )
    total = usage.get("all_invocations") or {}
    if total.get("invocations", 0) > 1:
        cost = total.get("cost")
        lines.append(
            f"  all {total['invocations']} invocations of this run: calls {total['calls']}, "
            f"tokens {total['input_tokens']:,} in, {total['output_tokens']:,} out"
            + (f", cost ${cost:.4f}" if cost is not None else "")
        )
    return lines


def exit_code(result: GenerationResult) -> int:
    """1 when fewer cases than asked were produced, else 0."""
    return 1 if result.shortfall else 0


def cli_settings_flags(opts: dict[str, Any]) -> dict[str, Any]:
    """The :func:`resolve_settings` flags from CLI option values (None = not given)."""
    names = {
        "provider": "provider",
        "model": "model",
        "base_url": "base_url",
        "azure_endpoint": "azure_endpoint",
        "azure_deployment": "azure_deployment",
        "api_version": "api_version",
        "api_key": "api_key",
        "api_key_env": "api_key_env",
        "concurrency": "concurrency",
        "rpm": "rpm",
        "tpm": "tpm",
        "cache_dir": "cache_dir",
        "timeout": "timeout",
        "max_retries": "max_retries",
        "backoff_base": "backoff_base",
        "backoff_max": "backoff_max",
        "temperature": "temperature",
        "critic_temperature": "critic_temperature",
        "judge_temperature": "judge_temperature",
        "judge_model": "judge_model",
        "structured": "structured",
        "journal_dir": "journal_dir",
        "batch_poll_interval": "batch_poll_interval",
        "batch_timeout": "batch_timeout",
    }
    flags = {dst: opts.get(src) for src, dst in names.items() if opts.get(src) is not None}
    if opts.get("no_cache"):
        flags["no_cache"] = True
    if opts.get("no_system_role"):
        flags["system_role"] = False
    if opts.get("price"):
        flags["prices"] = list(opts["price"])
    return flags


def render_check_config(settings: LLMSettings) -> str:
    """What ``--check-config`` prints: each setting, its value (secrets hidden) and origin."""
    from datasetkit.generate.llm.config.settings import redact
    from datasetkit.generate.llm.engine.cost import price_for

    rows = settings.describe()
    width = max(len(r[0]) for r in rows)
    lines = [f"{name.ljust(width)}  {value}   ({origin})" for name, value, origin in rows]
    if settings.config_file:
        lines.insert(0, f"config file: {settings.config_file}")
    else:
        lines.insert(
            0,
            "config file: none found (datasetkit.toml [generate] or pyproject [tool.datasetkit.generate])",
        )
    problems = settings.problems()
    for w in settings.warnings:
        lines.append(f"warning: {w}")
    if problems:
        lines += [f"problem: {m}\n  hint: {h}" for m, h in problems]
    else:
        lines.append("ready: yes (the settings are complete)")
    price = price_for(settings.model_label, settings.prices)
    lines.append(
        f"price {settings.model_label}: "
        + (
            f"${price[0]}/{price[1]} per 1M input/output tokens"
            if price
            else "unknown (pass --price MODEL=IN/OUT)"
        )
    )
    return redact("\n".join(lines))


def read_agent_description(text: str | None, file: str | None) -> str | None:
    """The agent description from ``--agent-description`` or ``--agent-description-file``."""
    if text and file:
        raise DatasetkitError(
            "give --agent-description or --agent-description-file, not both",
            "keep the one that describes the agent best",
        )
    if file:
        from pathlib import Path

        from datasetkit.knowledge.text import decode

        p = Path(file)
        if not p.is_file():
            raise DatasetkitError(
                f"{file}: no such file", "check the path given to --agent-description-file"
            )
        decoded, _, _ = decode(p.read_bytes(), file)
        if decoded is None:
            raise DatasetkitError(
                f"{file}: is not a text file",
                "give a .txt or .md file that describes the agent or holds its instructions",
            )
        text = decoded
    if text is not None and not text.strip():
        raise DatasetkitError(
            "the agent description is empty", "describe what the agent does and for whom"
        )
    return text.strip() if text else None
