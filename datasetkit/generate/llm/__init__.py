"""The LLM generation engine: test cases through the ``openai`` client.

OpenAI, Azure OpenAI and any OpenAI-compatible server (Ollama, vLLM, LM Studio).
Every case is checked before it is accepted (evidence found in the source, answer
supported by the evidence, language, near-duplicates), every paid response is
journaled so a run can resume, and a run is priced before it starts.

Import :class:`LLMGenerator` from :mod:`datasetkit.generate.llm.engine`; this package
keeps its imports light so the CLI starts fast.
"""

from __future__ import annotations

from typing import Any

PROVIDER_NAMES: tuple[str, ...] = ("openai", "azure", "compatible")


def make_generator(**options: Any) -> Any:
    """Build an :class:`~datasetkit.generate.llm.engine.LLMGenerator` from CLI-style options."""
    from .engine import LLMGenerator

    return LLMGenerator.from_options(**options)


__all__ = ["PROVIDER_NAMES", "make_generator"]
