"""The LLM generation engine: test cases through the ``openai`` client.

OpenAI, Azure OpenAI and any OpenAI-compatible server (Ollama, vLLM, LM Studio). A
question type is chosen for each slot from what its passage holds (steps, definitions,
lists, whole tables, related passages); the prompt carries the agent under test, the
document's title and summary, who asks and how (persona, query style, length), the
answer-style rules and examples; one call asks for several candidates. Each candidate
is checked (evidence found in the source, the quality gate, language, near-duplicates,
an unanswerable question against the whole knowledge); the first that passes is
reviewed by a critic (may rewrite it once) and a judge (entailment); a dropped case
gives way to the next candidate. Every paid response is journaled so a run can
resume, and a run is priced, call kind by call kind, before it starts.

Import :class:`LLMGenerator` from :mod:`datasetkit.generate.llm.engine`; this package
keeps its imports light so the CLI starts fast.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import Any

from ...findings import DatasetkitError

PROVIDER_NAMES: tuple[str, ...] = ("openai", "azure", "compatible")


def register(providers: MutableMapping[str, Callable[..., Any]]) -> None:
    """Add the openai, azure and compatible providers to a provider registry.

    Also lets a provider named in the config file or ``DATASETKIT_PROVIDER`` be the
    default when ``--provider`` is not given (an API key alone never picks a paid model).
    """
    for name in PROVIDER_NAMES:
        providers[name] = _factory(name)
    try:
        from ..run import DEFAULT_PROVIDER_HOOKS
    except ImportError:  # the generate pipeline is not part of this installation
        return
    if configured_provider not in DEFAULT_PROVIDER_HOOKS:
        DEFAULT_PROVIDER_HOOKS.append(configured_provider)
    from . import cli_options

    cli_options.install()


def configured_provider() -> str | None:
    """The provider named by ``datasetkit.toml``/pyproject or ``DATASETKIT_PROVIDER``, if any."""
    from .config import resolve_settings

    try:
        settings = resolve_settings({})
    except DatasetkitError:  # a broken config file is reported when the run resolves settings
        return None
    origin = settings.origins.get("provider", "")
    if origin.endswith(".toml") or origin.startswith(("env ", ".env ")):
        return settings.provider
    return None


def _factory(name: str) -> Callable[..., Any]:
    def make(**options: Any) -> Any:
        from .engine import LLMGenerator

        return LLMGenerator.from_options(**{**options, "provider": name})

    make.__name__ = f"make_{name}_generator"
    make.__doc__ = f"An LLMGenerator for the {name} provider."
    return make


def make_generator(**options: Any) -> Any:
    """Build an :class:`~datasetkit.generate.llm.engine.LLMGenerator` from CLI-style options."""
    from .engine import LLMGenerator

    return LLMGenerator.from_options(**options)


__all__ = ["PROVIDER_NAMES", "configured_provider", "make_generator", "register"]
