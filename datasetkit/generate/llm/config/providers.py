"""The LLM providers (openai, azure, compatible) as the generate command's registry sees them.

:func:`register` adds them to a provider registry; :func:`configured_provider` names the
one a config file or the environment picks. Re-exported by the package.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import Any

from datasetkit.core.findings import DatasetkitError
from datasetkit.generate.llm.config.settings import PROVIDERS

PROVIDER_NAMES: tuple[str, ...] = PROVIDERS


def register(providers: MutableMapping[str, Callable[..., Any]]) -> None:
    """Add the openai, azure and compatible providers to a provider registry.

    Also lets a provider named in the config file or ``DATASETKIT_PROVIDER`` be the
    default when ``--provider`` is not given (an API key alone never picks a paid model).
    """
    for name in PROVIDER_NAMES:
        providers[name] = _factory(name)
    try:
        from datasetkit.generate.run import DEFAULT_PROVIDER_HOOKS
    except ImportError:  # the generate pipeline is not part of this installation
        return
    if configured_provider not in DEFAULT_PROVIDER_HOOKS:
        DEFAULT_PROVIDER_HOOKS.append(configured_provider)


def configured_provider() -> str | None:
    """The provider named by ``datasetkit.toml``/pyproject or ``DATASETKIT_PROVIDER``, if any."""
    from datasetkit.generate.llm.config.resolve import resolve_settings

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
        from datasetkit.generate.llm.engine.generator import LLMGenerator

        return LLMGenerator.from_options(**{**options, "provider": name})

    make.__name__ = f"make_{name}_generator"
    make.__doc__ = f"An LLMGenerator for the {name} provider."
    return make


def make_generator(**options: Any) -> Any:
    """Build an :class:`~datasetkit.generate.llm.engine.generator.LLMGenerator` from
    CLI-style options."""
    from datasetkit.generate.llm.engine.generator import LLMGenerator

    return LLMGenerator.from_options(**options)
