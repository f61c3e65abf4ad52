"""The engine's options (with the agent description they carry), and what a run and the unit
builder use of the engine.

:class:`~datasetkit.generate.llm.engine.generator.LLMGenerator` builds a
:class:`~datasetkit.generate.llm.engine.builders.UnitBuilder` and a
:class:`~datasetkit.generate.llm.engine.runner.Run` and hands them itself; they see it through
:class:`GeneratorState`, so neither imports the engine.
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol

from datasetkit.core.findings import DatasetkitError

if TYPE_CHECKING:
    from datasetkit.generate.llm.checks.checker import Checker
    from datasetkit.generate.llm.checks.review import Reviewer
    from datasetkit.generate.llm.config.settings import LLMSettings
    from datasetkit.generate.llm.wire.client import ClientStats, LLMClient
    from datasetkit.generate.llm.wire.requests import Wire
    from datasetkit.generate.llm.wire.units import Unit


@dataclass
class EngineOptions:
    """How the engine runs (the model settings live in :class:`LLMSettings`)."""

    question_types: list[str] | None = None
    multi_turn: int = 0
    seeds: bool = False
    seed_turns: int = 5
    ungrounded: str = "drop"  # drop | flag
    dedupe_threshold: float = 88.0
    existing_prompts: list[str] = field(default_factory=list)
    max_cost: float | None = None
    max_calls: int | None = None
    resume: bool = False
    batch: bool = False
    batch_id: str | None = None
    top_up_rounds: int = 1
    journal_path: str | None = None
    manifest_path: str | None = None
    progress: bool = False
    progress_stream: IO[str] | None = None
    # What the agent under test does (its description or instructions), for the prompts.
    agent_description: str | None = None
    # Candidates asked per single-turn case (the first that passes is used, the others
    # are its fallbacks), and the review of each selected case.
    candidates: int = 3
    critic: bool = True
    judge: bool = True
    # The files or folders the user gave: passage labels are relative to them.
    inputs: list[str] = field(default_factory=list)


def read_agent_description(text: str | None, file: str | None) -> str | None:
    """The agent description from ``--agent-description`` or ``--agent-description-file``."""
    if text and file:
        raise DatasetkitError(
            "give --agent-description or --agent-description-file, not both",
            "keep the one that describes the agent best",
        )
    if file:
        from datasetkit.knowledge.text import read_text_file

        text = read_text_file(
            file,
            "check the path given to --agent-description-file",
            "give a .txt or .md file that describes the agent or holds its instructions",
        )
    if text is not None and not text.strip():
        raise DatasetkitError(
            "the agent description is empty", "describe what the agent does and for whom"
        )
    return text.strip() if text else None


class GeneratorState(Protocol):
    """The parts of :class:`~datasetkit.generate.llm.engine.generator.LLMGenerator` a run uses."""

    settings: LLMSettings
    options: EngineOptions
    wire: Wire
    base: Path
    stop: threading.Event
    stop_reason: str | None
    counters: Counter[str]
    batch_ids: list[str]
    checker: Checker
    reviewer: Reviewer

    def client_for(self, unit: Unit | None) -> LLMClient: ...

    def client_stats(self) -> ClientStats | None: ...

    def halt(self, reason: str) -> None: ...

    def interrupt(self) -> None: ...

    def close_clients(self) -> None: ...

    def review_facts(self) -> dict[str, Any]: ...

    def agent_facts(self) -> dict[str, Any] | None: ...
