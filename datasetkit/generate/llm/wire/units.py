"""Units of work: one model call each, and what it is for.

A :class:`Unit` is one call: the messages, the reply schema, what it is for (a plan
slot, a starter category) and, once resolved, the request and the reply
(:mod:`.requests` builds the request).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from datasetkit.generate.contract import Chunk, PlanSlot
from datasetkit.generate.llm.prompts.guidance import Variety
from datasetkit.generate.llm.wire.client import ChatRequest, ChatResult


@dataclass
class Unit:
    """One model call and what it is for."""

    id: str
    schema: str
    category: str
    question_type: str
    chunks: list[Chunk]
    messages: list[dict[str, str]]
    slot: PlanSlot | None = None
    attempt: int = 0
    count: int = 1
    language: str = "en"
    request: ChatRequest | None = None
    result: ChatResult | None = None
    repair: Unit | None = None
    parsed: BaseModel | None = None
    error: str | None = None
    # generate, critic or judge: sets the temperature and (judge) the model
    kind: str = "generate"
    # Who asks and how (single-turn knowledge cases).
    variety: Variety | None = None
    # What a critic or judge call reviews (see checks.review.Pick).
    review: Any = None
    # How many items the reply's list holds, at least and at most (candidates, cases,
    # turns): a grammar built from the schema then cannot run on to max_tokens.
    items: tuple[int, int] | None = None


def seed_for(seed: int, unit_id: str) -> int:
    """The request seed of a unit: the run's seed mixed with the unit's id."""
    return int(hashlib.sha256(f"{seed}:{unit_id}".encode()).hexdigest()[:8], 16) % (2**31 - 1)


def group_of(u: Unit) -> str:
    """What a unit fills: a plan slot, or a starter category."""
    if u.slot is not None:
        return f"slot:{u.slot.index}"
    return f"starter:{u.category}"


def slot_index(u: Unit) -> int | None:
    """The plan slot index of a unit (None for starter units)."""
    return u.slot.index if u.slot is not None else None


def wanted(units: list[Unit], group: str) -> int:
    """How many cases the units of ``group`` ask for."""
    return sum(u.count for u in units if group_of(u) == group)
