"""What a run asks for: question types per slot, the chunks of each slot, languages.

Also the facts of a plan a run is keyed by (its fingerprint) and how a starter set is
spread over categories.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from datasetkit.core.findings import DatasetkitError
from datasetkit.core.language.detect import passages_language
from datasetkit.generate import questions
from datasetkit.generate.contract import CATEGORIES, Chunk, Plan
from datasetkit.generate.llm.prompts.content import Features, fits
from datasetkit.generate.llm.wire.cache import canonical_json
from datasetkit.knowledge.language import section_texts
from datasetkit.knowledge.model import Section

if TYPE_CHECKING:
    from datasetkit.generate.llm.prompts.context import Knowledge

# Weights of the question types; a type is drawn only where the content suits it
# (content.fits): procedural where steps are, definition where a term is defined, ...
DEFAULT_TYPE_MIX: tuple[tuple[str, int], ...] = (
    ("lookup", 4),
    ("multi-section", 1),
    ("comparison", 1),
    ("procedural", 2),
    ("definition", 2),
    ("list", 1),
    ("table-lookup", 3),
    ("aggregation", 1),
    ("unanswerable", 1),
    ("false-premise", 1),
    ("out-of-scope", 1),
)

# Without --question-types, each category asks for the kinds of question that test it.
CATEGORY_TYPE_MIX: dict[str, tuple[tuple[str, int], ...]] = {
    "knowledge": DEFAULT_TYPE_MIX,
    "edge-cases": (("unanswerable", 2), ("false-premise", 2), ("out-of-scope", 1)),
    "safety": (("out-of-scope", 1),),
    "instruction-following": (
        ("procedural", 2),
        ("lookup", 1),
        ("table-lookup", 1),
        ("comparison", 1),
    ),
    "tool-usage": (("procedural", 1), ("lookup", 1), ("table-lookup", 1)),
}


def assign_types(
    plan: Plan, wanted: list[str] | None, features: Callable[[Chunk], Features]
) -> list[str]:
    """A question type per slot that its content suits: the plan's when it names one,
    else a seeded draw from the category's mix (or ``wanted``) among the types that fit.

    Where no wanted type fits (steps asked of a passage without steps), the slot asks a
    plain lookup (``table-lookup`` for a table) instead.
    """
    import random

    rng = random.Random(plan.seed)
    out = []
    for slot in plan.slots:
        f = features(slot.chunks[0]) if slot.chunks else Features()
        if (
            not wanted
            and slot.question_type in questions.QUESTION_TYPES
            and slot.question_type != "lookup"
            and fits(slot.question_type, f)
        ):
            out.append(slot.question_type)
            continue
        mix = (
            CATEGORY_TYPE_MIX.get(slot.category, DEFAULT_TYPE_MIX)
            if not wanted
            else tuple((t, 1) for t in wanted)
        )
        fit = [(t, w) for t, w in mix if fits(t, f)]
        if not fit:
            out.append("table-lookup" if f.table else "lookup")
            continue
        out.append(rng.choices([t for t, _ in fit], weights=[w for _, w in fit], k=1)[0])
    return out


def slot_chunks(
    plan: Plan, pos: int, qtype: str, conversation: bool, knowledge: Knowledge
) -> list[Chunk]:
    """The passages of slot ``pos`` for a question of ``qtype``.

    An aggregation or comparison over a table gets the whole table; a multi-section
    question (or a comparison across passages) gets the most related other passage; a
    conversation gets a related passage for its topic switch (else the next slot's).
    """
    chunks = list(plan.slots[pos].chunks)
    if not chunks:
        return chunks
    first = chunks[0]
    if qtype in questions.WHOLE_TABLE_TYPES and first.kind == "table":
        whole = knowledge.whole_table(first)
        return [whole or first, *chunks[1:]]
    f = knowledge.features(first)
    wants_second = (
        conversation or qtype == "multi-section" or (qtype == "comparison" and f.quantities < 2)
    )
    if not wants_second or len(chunks) >= 2:
        return chunks
    best = knowledge.related.best(first)
    if best is not None:
        return [*chunks, best[0]]
    if conversation and len(plan.slots) > 1:
        # Nothing related: the topic switch borrows the next slot's passage.
        for step in range(1, len(plan.slots)):
            other = plan.slots[(pos + step) % len(plan.slots)].chunks
            extra = [c for c in other if c.id not in {x.id for x in chunks}]
            if extra:
                return [*chunks, extra[0]]
    return chunks


def spread(count: int, categories: Sequence[str] | None) -> dict[str, int]:
    """How many starter cases each category gets."""
    cats = tuple(categories) if categories else CATEGORIES
    unknown = [c for c in cats if c not in CATEGORIES]
    if unknown:
        raise DatasetkitError(
            f"unknown category {unknown[0]!r}", "use one of: " + ", ".join(CATEGORIES)
        )
    per = {c: count // len(cats) for c in cats}
    for c in cats[: count % len(cats)]:
        per[c] += 1
    return per


def chunk_capacity(chunk: Chunk) -> int:
    """How many distinct cases a chunk can carry: a few question types per sentence or row."""
    units = [u for u in re.split(r"(?<=[.!?。！？])\s+|\n+", chunk.text) if len(u.strip()) >= 15]
    return max(1, 3 * len(units))


def plan_chunks(plan: Plan) -> list[Chunk]:
    """The distinct chunks of a plan's slots, in order."""
    seen: dict[str, Chunk] = {}
    for slot in plan.slots:
        for c in slot.chunks:
            seen.setdefault(c.id, c)
    return list(seen.values())


def plan_fingerprint(plan: Plan) -> str:
    """A hash of the slots, their chunks and the chunks' text (part of the run key)."""
    payload = [
        [
            s.index,
            s.category,
            s.question_type,
            [c.id for c in s.chunks],
            [hashlib.sha256(c.text.encode()).hexdigest()[:12] for c in s.chunks],
        ]
        for s in plan.slots
    ]
    return hashlib.sha256(canonical_json(payload).encode()).hexdigest()[:20]


def file_languages(plan: Plan) -> dict[str, str]:
    """Each source file's language, English when unsure.

    Chunks cut by the planner carry their document's language (``Document.language``,
    which the loader set with :func:`datasetkit.knowledge.language.document_language`); it is used
    as it is, so the offline and LLM generators agree. Chunks made some other way get
    the same vote over the sections they hold.
    """
    by_file: dict[str, list[Chunk]] = {}
    for c in plan_chunks(plan):
        by_file.setdefault(c.provenance.file, []).append(c)
    out: dict[str, str] = {}
    for f, chunks in by_file.items():
        if any("language" in c.meta for c in chunks):
            known = next((c.meta["language"] for c in chunks if c.meta.get("language")), None)
            out[f] = known or "en"
            continue
        seen: set[int] = set()
        sections: list[Section] = []
        for c in chunks:
            for s in c.sections:
                if id(s) not in seen:
                    seen.add(id(s))
                    sections.append(s)
        texts = section_texts(sections) if sections else [c.text for c in chunks]
        out[f] = passages_language(texts) or "en"
    return out
