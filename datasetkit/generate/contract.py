"""The contract between the generate command, the planner and the generators.

The planner cuts knowledge Documents into Chunks and picks which chunks to ask
about (a Plan). A Generator (offline, or the LLM engine) turns a Plan into
GeneratedCases. The command writes the accepted cases through a format writer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from datasetkit.core.language.detect import passages_language
from datasetkit.core.model import Case
from datasetkit.knowledge.language import section_texts
from datasetkit.knowledge.model import Provenance, Section

# The test-design categories of the M365 guidance, in the order starter sets use.
CATEGORIES: tuple[str, ...] = (
    "knowledge",
    "instruction-following",
    "tool-usage",
    "edge-cases",
    "safety",
)


@dataclass
class Chunk:
    """A bounded piece of one document that follows its structure (a section, table rows)."""

    id: str
    text: str
    provenance: Provenance
    sections: list[Section] = field(default_factory=list)
    kind: str = "text"  # text, table
    # Facts the planner knows about the chunk's context, e.g. for a table chunk
    # {"columns": [...], "key_column": "Product", "table_rows": 40}; for text
    # {"document_title": "Returns policy"}. Coverage is keyed by "stratum".
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class PlanSlot:
    """One case to make: from which chunk(s), of which category and question type."""

    index: int
    chunks: list[Chunk]
    category: str = "knowledge"
    question_type: str = "lookup"


@dataclass
class Plan:
    """What a run will ask about, and how the cases spread over the sources."""

    slots: list[PlanSlot]
    seed: int
    # Every section/sheet label -> number of slots drawn from it (0 included).
    coverage: dict[str, int] = field(default_factory=dict)
    # Every chunk of the run, not only those of the slots (the planner fills it), for
    # generators that look across the whole knowledge: related passages, whole tables.
    chunks: list[Chunk] = field(default_factory=list)
    # A lexical index over every chunk of the run (datasetkit.generate.retrieval
    # .LexicalIndex), set by the generate command: search(text, k) and covers(question).
    retrieval: Any = None
    # The count the user asked for (a plan topped up after rejections holds more slots):
    # what a share of the set is taken of. None: the plan's slots.
    asked: int | None = None


@dataclass
class GeneratedCase:
    """A case plus the evidence that grounds it (or why it is not grounded)."""

    case: Case
    evidence: str | None = None
    source: Provenance | None = None
    grounded: bool = False
    # Named checks and their outcome, e.g. {"evidence_found": True}.
    checks: dict[str, Any] = field(default_factory=dict)


@dataclass
class Failure:
    """A slot that produced no acceptable case, with the reason."""

    slot: int | None
    reason: str
    # The quality gate's rejection code (datasetkit.generate.gate.admit.CODES) when it is one.
    code: str | None = None


@dataclass
class GenerationResult:
    """What a generator produced: accepted cases, failures, and usage facts."""

    cases: list[GeneratedCase] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    # Requested minus produced, per category, where short.
    shortfall: dict[str, int] = field(default_factory=dict)
    usage: dict[str, Any] = field(default_factory=dict)


class Generator(Protocol):
    """Something that turns a plan, or an agent description, into test cases."""

    def generate_knowledge(self, plan: Plan, *, language: str | None = None) -> GenerationResult:
        """Grounded cases for each slot of ``plan``."""
        ...

    def generate_starter(
        self, description: str, *, count: int, seed: int, language: str | None = None
    ) -> GenerationResult:
        """A starter set spread over :data:`CATEGORIES`, from an agent description."""
        ...


def chunk_language(chunk: Chunk) -> str | None:
    """The language of a chunk's document, as the generators use it.

    A chunk cut by the planner carries its document's language (``meta["language"]``,
    set by the loader with :func:`document_language`, None when unsure); a chunk made
    another way gets the same vote over the sections it holds.
    """
    if "language" in chunk.meta:
        lang = chunk.meta["language"]
        return lang if isinstance(lang, str) and lang else None
    return passages_language(section_texts(chunk.sections) or [chunk.text])
