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

The parts: :mod:`.engine` (the generator and one run of it), :mod:`.wire` (talking to a
server, one profile per kind of server), :mod:`.prompts` (what the model is asked),
:mod:`.checks` (whether a candidate becomes a case) and :mod:`.config` (the settings and
the providers). Import :class:`LLMGenerator` from
:mod:`datasetkit.generate.llm.engine.generator`; this package keeps its imports light so
the command line starts fast.
"""

from __future__ import annotations

from datasetkit.generate.llm.config.providers import (
    PROVIDER_NAMES,
    configured_provider,
    make_generator,
    register,
)

__all__ = ["PROVIDER_NAMES", "configured_provider", "make_generator", "register"]
