"""Turning a plan (or an agent description) into units: one generation call each.

For a knowledge plan: the run's knowledge
(:class:`~datasetkit.generate.llm.prompts.context.Knowledge`: every chunk, labels without
local paths, document summaries, whole tables, related passages), a question type per
slot that its content suits, the slot's passages for that type, who asks and how
(persona, query style, length, drawn from the seed), and the prompt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from datasetkit.core.findings import DatasetkitError
from datasetkit.core.language.detect import dominant_language
from datasetkit.generate.contract import Chunk, Plan, PlanSlot
from datasetkit.generate.llm.engine.options import GeneratorState
from datasetkit.generate.llm.engine.planning import (
    assign_types,
    file_languages,
    plan_chunks,
    slot_chunks,
    spread,
)
from datasetkit.generate.llm.prompts import guidance, templates
from datasetkit.generate.llm.prompts.context import Knowledge
from datasetkit.generate.llm.wire.units import Unit
from datasetkit.generate.retrieval import LexicalIndex

EST_OUTPUT = {"knowledge_case": 320, "knowledge_candidates": 300, "simulation_seed": 260}


class UnitBuilder:
    """Builds the units of a run for one generator."""

    def __init__(self, gen: GeneratorState) -> None:
        self.gen = gen
        self.knowledge: Knowledge | None = None
        self._plan_id: int | None = None

    def mode(self) -> str:
        """single, conversation or seed."""
        if self.gen.options.seeds:
            return "seed"
        if self.gen.options.multi_turn:
            return "conversation"
        return "single"

    def knowledge_for(self, plan: Plan) -> Knowledge:
        """The run's knowledge: every chunk the planner cut (the slots' when it did not say),
        with the run's BM25 index (the generate command's, else one built here)."""
        if self.knowledge is None or self._plan_id != id(plan):
            index = plan.retrieval  # the generate command's index of every chunk, if set
            chunks = plan.chunks or (list(index.chunks) if index is not None else None)
            chunks = chunks or plan_chunks(plan)
            if index is None or len(index.chunks) != len(chunks):
                index = LexicalIndex(chunks)
            self.knowledge = Knowledge(chunks, inputs=self.gen.options.inputs, lexical=index)
            self._plan_id = id(plan)
        return self.knowledge

    # ------------------------------------------------------------------ knowledge

    def knowledge_units(self, plan: Plan, language: str | None) -> list[Unit]:
        """The first unit of every slot of ``plan``."""
        if not plan.slots:
            raise DatasetkitError(
                "the plan has no slots: nothing to generate",
                "check that the knowledge files have text, and that --count is above 0",
            )
        know = self.knowledge_for(plan)
        mode = self.mode()
        types = assign_types(plan, self.gen.options.question_types, know.features)
        langs = file_languages(plan) if language is None else {}
        units = []
        for pos, slot in enumerate(plan.slots):
            qtype = "lookup" if mode != "single" else types[pos]
            chunks = slot_chunks(plan, pos, qtype, mode == "conversation", know)
            lang = language or langs.get(
                slot.chunks[0].provenance.file if slot.chunks else "", "en"
            )
            variety = (
                guidance.variety(plan.seed, f"slot:{slot.index}") if mode == "single" else None
            )
            units.append(self.knowledge_unit(slot, qtype, chunks, lang, plan.seed, 0, [], variety))
        return units

    def brief(
        self, chunks: Sequence[Chunk], variety: guidance.Variety | None, candidates: int = 1
    ) -> templates.Brief:
        """What a prompt says about the agent, the documents and the passages."""
        know = self.knowledge
        agent = self.gen.options.agent_description
        if know is None:
            return templates.Brief(agent=agent, variety=variety, candidates=candidates)
        files = list(dict.fromkeys(c.provenance.file for c in chunks))
        notes = {c.id: note for c in chunks if (note := know.table_note(c)) is not None}
        return templates.Brief(
            agent=agent,
            documents=[know.document(f).render() for f in files],
            label=know.label,
            table_notes=notes,
            variety=variety,
            candidates=candidates,
        )

    def knowledge_unit(
        self,
        slot: PlanSlot | None,
        qtype: str,
        chunks: list[Chunk],
        lang: str,
        seed: int,
        attempt: int,
        avoid: list[str],
        variety: guidance.Variety | None = None,
    ) -> Unit:
        """The generation unit of one slot (``attempt`` 0, then top-ups)."""
        assert slot is not None
        mode = self.mode()
        msgs, schema, est = self._messages(mode, slot, qtype, chunks, lang, avoid, variety)
        unit = Unit(
            id=f"{mode}:{slot.index}:{attempt}",
            schema=schema,
            category=slot.category,
            question_type=qtype,
            chunks=chunks,
            messages=msgs,
            slot=slot,
            attempt=attempt,
            language=lang,
            variety=variety,
        )
        options = self.gen.options
        # A conversation has exactly its turns; candidates are one or more.
        unit.items = {
            "knowledge_candidates": (1, max(1, options.candidates)),
            "conversation": (options.multi_turn, options.multi_turn),
        }.get(schema)
        unit.request = self.gen.wire.request(unit, seed, est_output=est)
        return unit

    def _messages(
        self,
        mode: str,
        slot: PlanSlot,
        qtype: str,
        chunks: list[Chunk],
        lang: str,
        avoid: list[str],
        variety: guidance.Variety | None,
    ) -> tuple[list[dict[str, str]], str, int]:
        """The messages of a slot's unit, its reply schema and its estimated output."""
        options = self.gen.options
        common: dict[str, Any] = {
            "category": slot.category,
            "language": lang,
            "avoid": avoid,
            "structured": self.gen.wire.structured,
        }
        if mode == "conversation":
            msgs = templates.conversation_messages(
                chunks, turns=options.multi_turn, brief=self.brief(chunks, None), **common
            )
            return msgs, "conversation", 140 * options.multi_turn + 60
        if mode == "seed":
            msgs = templates.seed_messages(
                chunks, turns=options.seed_turns, brief=self.brief(chunks, None), **common
            )
            return msgs, "simulation_seed", EST_OUTPUT["simulation_seed"]
        n = max(1, options.candidates)
        msgs = templates.knowledge_messages(
            chunks, question_type=qtype, brief=self.brief(chunks, variety, n), **common
        )
        return msgs, "knowledge_candidates", EST_OUTPUT["knowledge_candidates"] * n

    # ------------------------------------------------------------------ starter

    def starter_units(
        self,
        description: str,
        count: int,
        seed: int,
        language: str | None,
        categories: Sequence[str] | None,
    ) -> tuple[str, dict[str, int], list[Unit]]:
        """The language, the cases per category and the first unit of each category."""
        lang = language or dominant_language([description])
        per = spread(count, categories)
        units = [
            self.starter_unit(description, c, n, lang, seed, 0, []) for c, n in per.items() if n
        ]
        return lang, per, units

    def starter_unit(
        self,
        description: str,
        category: str,
        count: int,
        lang: str,
        seed: int,
        attempt: int,
        avoid: list[str],
    ) -> Unit:
        """The unit asking for ``count`` starter cases of one category."""
        msgs = templates.starter_messages(
            description,
            category=category,
            count=count,
            language=lang,
            avoid=avoid,
            structured=self.gen.wire.structured,
        )
        unit = Unit(
            id=f"starter:{category}:{attempt}",
            schema="starter_cases",
            category=category,
            question_type="starter",
            chunks=[],
            messages=msgs,
            attempt=attempt,
            count=count,
            language=lang,
            items=(count, count),
        )
        unit.request = self.gen.wire.request(unit, seed, est_output=120 * count + 40)
        return unit
