"""What ``datasetkit generate`` needs besides :func:`~datasetkit.generate_knowledge` and
:func:`~datasetkit.generate_starter`: a run's options and outcome, the providers, the
knowledge limits, and the LLM engine's reports (``--check-config``, ``--dry-run`` and
the summary after a run). The command line's way into generation; nothing here is in
``datasetkit.__all__``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from datasetkit.core.lazy import lazy_exports

if TYPE_CHECKING:
    from datasetkit.generate.contract import Plan
    from datasetkit.generate.options import GenerateOptions

# Imported on first use: the command's help text needs QUESTION_TYPES, not the engine.
__getattr__ = lazy_exports(
    __name__,
    {
        "check_config": "datasetkit.generate.llm.config.check_config",
        "summary": "datasetkit.generate.llm.engine.summary",
        "GenerateOptions": "datasetkit.generate.options",
        "RunOutcome": "datasetkit.generate.options",
        "UnreadableKnowledge": "datasetkit.generate.options",
        "render_coverage": "datasetkit.generate.plan",
        "QUESTION_TYPES": "datasetkit.generate.questions",
        "load_providers": "datasetkit.generate.run",
        "read_description": "datasetkit.generate.run",
        "resolve_provider": "datasetkit.generate.run",
        "Limits": "datasetkit.knowledge",
        "parse_size": "datasetkit.knowledge",
    },
)


def llm_providers() -> tuple[str, ...]:
    """The providers that are LLMs (the generate command's LLM options need one of them)."""
    from datasetkit.generate.llm import PROVIDER_NAMES

    return PROVIDER_NAMES


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
    from datasetkit.core.findings import DatasetkitError
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
