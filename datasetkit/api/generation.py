"""What ``datasetkit generate`` needs besides :func:`~datasetkit.generate_knowledge` and
:func:`~datasetkit.generate_starter`: a run's options and outcome, the providers, the
knowledge limits, and the LLM engine's reports (``--check-config``, ``--dry-run`` and
the summary after a run). The command line's way into generation; nothing here is in
``datasetkit.__all__``.
"""

from __future__ import annotations

from typing import Any

from datasetkit.core.findings import DatasetkitError
from datasetkit.generate.contract import Plan
from datasetkit.generate.llm import PROVIDER_NAMES
from datasetkit.generate.llm.config.check_config import check_config as check_config
from datasetkit.generate.llm.engine.summary import summary as summary
from datasetkit.generate.options import GenerateOptions as GenerateOptions
from datasetkit.generate.options import RunOutcome as RunOutcome
from datasetkit.generate.options import UnreadableKnowledge as UnreadableKnowledge
from datasetkit.generate.plan import render_coverage as render_coverage
from datasetkit.generate.run import load_providers as load_providers
from datasetkit.generate.run import read_description as read_description
from datasetkit.generate.run import resolve_provider as resolve_provider
from datasetkit.knowledge import Limits as Limits
from datasetkit.knowledge import parse_size as parse_size

# The providers that are LLMs (the generate command's LLM options need one of them).
LLM_PROVIDERS: tuple[str, ...] = PROVIDER_NAMES


def generator_for(provider: str, settings: dict[str, Any]) -> Any:
    """The generator ``provider`` makes from ``settings`` (its factory, called)."""
    from datasetkit.generate.run import PROVIDERS

    return PROVIDERS[provider](**settings)


def dry_run(command: str, options: GenerateOptions, generator: Any, seed: int) -> str:
    """The ``--dry-run`` report of an LLM generator for a knowledge run (the plan it would
    make) or a starter set (the description the command was given)."""
    from datasetkit.generate.llm.engine.dryrun import report

    if command == "knowledge":
        plan = _plan(options, generator, seed)
        return report(generator, plan=plan, language=options.language)
    return report(
        generator,
        description=str(options.provider_settings.get("agent_description") or ""),
        count=options.count,
        seed=seed,
        language=options.language,
    )


def _plan(options: GenerateOptions, generator: Any, seed: int) -> Plan:
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
