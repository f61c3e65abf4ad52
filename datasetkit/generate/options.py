"""The options a generate run is given and what it reports back (see :mod:`.run`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from datasetkit.core.findings import DatasetkitError, Finding
from datasetkit.core.model import Dataset
from datasetkit.generate.contract import Chunk, GenerationResult, Plan
from datasetkit.generate.plan import DEFAULT_CHUNK_CHARS, CoverageRow
from datasetkit.knowledge.guard import DEFAULT_MAX_SIZE, Limits
from datasetkit.knowledge.model import Document, Problem

if TYPE_CHECKING:
    from datasetkit.generate.retrieval import LexicalIndex


@dataclass
class GenerateOptions:
    """Everything a generate run is told (the CLI fills it from its options)."""

    files: list[str] = field(default_factory=list)
    count: int = 20
    output: str = ""
    to: str | None = None
    seed: int | None = None
    provider: str | None = None
    max_size: int | None = DEFAULT_MAX_SIZE
    review_sheet: str | None = None
    language: str | None = None
    categories: list[str] = field(default_factory=list)
    chunk_chars: int = DEFAULT_CHUNK_CHARS
    skip_unreadable: bool = False
    # How the knowledge files are read (read options such as include_comments, and
    # bounds); max_size above still sets the size limit.
    limits: Limits | None = None
    report: str | None = None
    force: bool = False
    # Provider-specific settings (LLM options), passed to the provider factory.
    provider_settings: dict[str, Any] = field(default_factory=dict)
    # Called with (files read, files) while the knowledge files are read (a CLI bar).
    progress: Callable[[int, int], None] | None = None


@dataclass
class RunOutcome:
    """What a run did, for the CLI to print and for callers to inspect."""

    provider: str
    seed: int
    requested: int
    dataset: Dataset | None = None
    result: GenerationResult = field(default_factory=GenerationResult)
    documents: list[Document] = field(default_factory=list)
    chunks: list[Chunk] = field(default_factory=list)
    plan: Plan | None = None
    coverage: list[CoverageRow] = field(default_factory=list)
    paths: list[Path] = field(default_factory=list)
    write_findings: list[Finding] = field(default_factory=list)
    review_sheet: Path | None = None
    report: dict[str, Any] = field(default_factory=dict)
    # The quality gate's rejections by code (knowledge runs), and its summary line.
    rejected: dict[str, int] = field(default_factory=dict)
    gate_summary: str = ""
    # Candidates the generator itself turned down against the gate before offering them.
    rejected_ahead: dict[str, int] = field(default_factory=dict)
    # Why fewer cases than asked were made ("made 37 of 50: ..."), when so.
    shortfall_message: str | None = None
    # A BM25 index over the run's chunks (built on first use), offered to generators.
    retrieval: LexicalIndex | None = None

    @property
    def produced(self) -> int:
        """How many cases were written (or would have been)."""
        return len(self.dataset.cases) if self.dataset is not None else 0

    @property
    def problems(self) -> list[Problem]:
        """Every problem of every knowledge file."""
        return [p for d in self.documents for p in d.problems]

    @property
    def ok(self) -> bool:
        """True when every requested case was made and written."""
        return bool(self.paths) and self.produced >= self.requested


class UnreadableKnowledge(DatasetkitError):
    """Knowledge files that cannot be read stop the run (unless told to skip them).

    ``problems`` holds every problem of the run (warnings too), for the report.
    """

    def __init__(self, problems: list[Problem]) -> None:
        files = sorted({p.file for p in problems if p.severity == "error"})
        super().__init__(
            f"{len(files)} knowledge file(s) cannot be read: {', '.join(files)}",
            "fix or remove them, or pass --skip-unreadable to generate from the others",
        )
        self.problems = problems
