"""LLMGenerator: the Generator protocol over an OpenAI-compatible model.

The generator turns a plan (or an agent description) into units, one model call each,
and hands them to a :class:`~datasetkit.generate.llm.runner.Run`, which resolves them
(journal, cache, model), checks the replies (:mod:`.checks`) and writes the manifest.
Requests are built by :class:`~datasetkit.generate.llm.units.Wire`, and sent by
:class:`~datasetkit.generate.llm.transport.Transport`.
"""

from __future__ import annotations

import hashlib
import threading
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ...findings import DatasetkitError
from ...language import dominant_language
from ..base import Chunk, GenerationResult, Plan, PlanSlot
from . import prompts
from .checks import Checker, suggest_evaluators
from .cli_support import cli_settings_flags, render_check_config
from .client import ClientStats, LLMClient
from .config import LLMSettings, resolve_settings
from .cost import estimate_tokens
from .dryrun import DryRun, estimate
from .existing import load_existing_prompts
from .planning import (
    assign_types,
    chunk_capacity,
    file_languages,
    plan_chunks,
    plan_fingerprint,
    slot_chunks,
    spread,
)
from .runner import Run
from .units import Unit, Wire, seed_for

_EST_OUTPUT = {"knowledge_case": 320, "simulation_seed": 260}


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


class LLMGenerator:
    """Generates grounded cases, conversations, simulation seeds and starter sets."""

    def __init__(
        self,
        settings: LLMSettings,
        options: EngineOptions | None = None,
        *,
        cwd: str | None = None,
    ) -> None:
        self.settings = settings
        self.options = options or EngineOptions()
        if self.options.ungrounded not in ("drop", "flag"):
            raise DatasetkitError(
                f"ungrounded={self.options.ungrounded!r} is not drop or flag",
                "use drop (the default) or flag",
            )
        if self.options.question_types:
            unknown = [q for q in self.options.question_types if q not in prompts.QUESTION_TYPES]
            if unknown:
                raise DatasetkitError(
                    f"unknown question type(s): {', '.join(unknown)}",
                    "choose from " + ", ".join(prompts.QUESTION_TYPES),
                )
        self.base = Path(cwd) if cwd else Path.cwd()
        self.stop = threading.Event()
        self.stop_reason: str | None = None
        self._client: LLMClient | None = None
        self._lock = threading.Lock()
        self.counters: Counter[str] = Counter()
        self.batch_ids: list[str] = []
        # How requests are built; adjusted when a server rejects a parameter.
        self.wire = Wire(settings, self.halt)
        self.checker = Checker(
            ungrounded=self.options.ungrounded,
            dedupe_threshold=self.options.dedupe_threshold,
            multi_turn=self.options.multi_turn,
            seed_turns=self.options.seed_turns,
        )

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_options(cls, **opts: Any) -> LLMGenerator:
        """Build from CLI-style options (see :func:`cli_settings_flags` for the names)."""
        flags = cli_settings_flags(opts)
        settings = resolve_settings(flags, cwd=opts.get("cwd"), config_path=opts.get("config"))
        existing: list[str] = list(opts.get("existing_prompts") or [])
        if opts.get("append_to"):
            existing += load_existing_prompts(str(opts["append_to"]))
        qtypes = opts.get("question_types")
        if isinstance(qtypes, str):
            qtypes = [q.strip() for q in qtypes.split(",") if q.strip()]
        options = EngineOptions(
            question_types=qtypes or None,
            multi_turn=int(opts.get("multi_turn") or 0),
            seeds=bool(opts.get("seeds")),
            seed_turns=int(opts.get("seed_turns") or opts.get("multi_turn") or 5),
            ungrounded=str(opts.get("ungrounded") or "drop"),
            existing_prompts=existing,
            max_cost=opts.get("max_cost"),
            max_calls=opts.get("max_calls"),
            resume=bool(opts.get("resume")),
            batch=bool(opts.get("batch") or opts.get("batch_id")),
            batch_id=opts.get("batch_id"),
            journal_path=opts.get("journal"),
            manifest_path=opts.get("manifest"),
            progress=bool(opts.get("progress", False)),
        )
        return cls(settings, options, cwd=opts.get("cwd"))

    def capacity(self, chunk: Chunk) -> int:
        """How many cases the planner may ask of one chunk (see :func:`chunk_capacity`)."""
        return chunk_capacity(chunk)

    @property
    def client(self) -> LLMClient:
        """The paced, retrying client (built when first needed)."""
        if self._client is None:
            self._client = LLMClient(self.settings, stop=self.stop)
        return self._client

    def client_stats(self) -> ClientStats | None:
        """The HTTP counters of the run (None when nothing was sent)."""
        return self._client.stats if self._client is not None else None

    @property
    def structured(self) -> str:
        """The structured-output mode requests use now."""
        return self.wire.structured

    def halt(self, reason: str) -> None:
        """Stop the run (the first reason given is the one reported)."""
        with self._lock:
            if self.stop_reason is None:
                self.stop_reason = reason
        self.stop.set()

    # ------------------------------------------------------------------ public API

    def generate_knowledge(self, plan: Plan, *, language: str | None = None) -> GenerationResult:
        """Grounded cases (or conversations, or simulation seeds) for each slot of ``plan``."""
        units = self._knowledge_units(plan, language)
        corpus = plan_chunks(plan)
        requested = Counter(s.category for s in plan.slots)
        return self._run(
            units,
            requested=requested,
            run_facts={"mode": self._mode(), "seed": plan.seed, "slots": plan_fingerprint(plan)},
            corpus=corpus,
            seed=plan.seed,
            inputs=sorted({c.provenance.file for c in corpus}),
            topup=lambda u, avoid, n: self._knowledge_unit(
                u.slot, u.question_type, u.chunks, u.language, plan.seed, u.attempt + 1, avoid
            ),
            coverage=plan.coverage,
        )

    def generate_starter(
        self,
        description: str,
        *,
        count: int,
        seed: int,
        language: str | None = None,
        categories: Sequence[str] | None = None,
    ) -> GenerationResult:
        """``count`` starter cases spread over :data:`CATEGORIES` (or ``categories``), marked
        not document-grounded."""
        if not description.strip():
            raise DatasetkitError(
                "the agent description is empty", "give the agent's description or instruction file"
            )
        if count < 1:
            raise DatasetkitError(
                f"--count {count} must be at least 1", "pass --count 10, for example"
            )
        lang, per, units = self._starter_units(description, count, seed, language, categories)
        digest = hashlib.sha256(description.encode("utf-8")).hexdigest()[:16]
        return self._run(
            units,
            requested=Counter({c: n for c, n in per.items() if n}),
            run_facts={"mode": "starter", "seed": seed, "description": digest, "count": count},
            corpus=[],
            seed=seed,
            inputs=[],
            topup=lambda u, avoid, n: self._starter_unit(
                description, u.category, n, lang, seed, u.attempt + 1, avoid
            ),
            coverage={},
        )

    def dry_run_knowledge(self, plan: Plan, *, language: str | None = None) -> DryRun:
        """Calls, tokens and cost of :meth:`generate_knowledge`, without calling anything."""
        return self._dry_run(self._knowledge_units(plan, language))

    def dry_run_starter(
        self,
        description: str,
        *,
        count: int,
        seed: int,
        language: str | None = None,
        categories: Sequence[str] | None = None,
    ) -> DryRun:
        """Calls, tokens and cost of :meth:`generate_starter`, without calling anything."""
        return self._dry_run(self._starter_units(description, count, seed, language, categories)[2])

    # ------------------------------------------------------------------ units

    def _mode(self) -> str:
        if self.options.seeds:
            return "seed"
        if self.options.multi_turn:
            return "conversation"
        return "single"

    def _knowledge_units(self, plan: Plan, language: str | None) -> list[Unit]:
        if not plan.slots:
            raise DatasetkitError(
                "the plan has no slots: nothing to generate",
                "check that the knowledge files have text, and that --count is above 0",
            )
        types = assign_types(plan, self.options.question_types)
        langs = file_languages(plan) if language is None else {}
        units = []
        conversation = self._mode() == "conversation"
        for pos, slot in enumerate(plan.slots):
            qtype = "lookup" if self._mode() != "single" else types[pos]
            chunks = slot_chunks(plan, pos, qtype, conversation)
            lang = language or langs.get(
                slot.chunks[0].provenance.file if slot.chunks else "", "en"
            )
            units.append(self._knowledge_unit(slot, qtype, chunks, lang, plan.seed, 0, []))
        return units

    def _knowledge_unit(
        self,
        slot: PlanSlot | None,
        qtype: str,
        chunks: list[Chunk],
        lang: str,
        seed: int,
        attempt: int,
        avoid: list[str],
    ) -> Unit:
        assert slot is not None
        mode = self._mode()
        if mode == "conversation":
            msgs = prompts.conversation_messages(
                chunks,
                turns=self.options.multi_turn,
                category=slot.category,
                language=lang,
                avoid=avoid,
                structured=self.structured,
            )
            schema, est = "conversation", 140 * self.options.multi_turn + 60
        elif mode == "seed":
            msgs = prompts.seed_messages(
                chunks,
                turns=self.options.seed_turns,
                category=slot.category,
                language=lang,
                avoid=avoid,
                structured=self.structured,
            )
            schema, est = "simulation_seed", _EST_OUTPUT["simulation_seed"]
        else:
            msgs = prompts.knowledge_messages(
                chunks,
                question_type=qtype,
                category=slot.category,
                language=lang,
                avoid=avoid,
                structured=self.structured,
            )
            schema, est = "knowledge_case", _EST_OUTPUT["knowledge_case"]
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
        )
        unit.request = self.wire.request(unit, seed, est_output=est)
        return unit

    def _starter_units(
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
            self._starter_unit(description, c, n, lang, seed, 0, []) for c, n in per.items() if n
        ]
        return lang, per, units

    def _starter_unit(
        self,
        description: str,
        category: str,
        count: int,
        lang: str,
        seed: int,
        attempt: int,
        avoid: list[str],
    ) -> Unit:
        msgs = prompts.starter_messages(
            description,
            category=category,
            count=count,
            language=lang,
            avoid=avoid,
            structured=self.structured,
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
        )
        unit.request = self.wire.request(unit, seed, est_output=120 * count + 40)
        return unit

    def _dry_run(self, units: list[Unit]) -> DryRun:
        return estimate(
            units,
            settings=self.settings,
            base=self.base,
            top_up_rounds=self.options.top_up_rounds,
            batch=self.options.batch,
        )

    def _run(
        self,
        units: list[Unit],
        *,
        requested: Counter[str],
        run_facts: dict[str, Any],
        corpus: list[Chunk],
        seed: int,
        inputs: list[str],
        topup: Callable[[Unit, list[str], int], Unit],
        coverage: dict[str, int],
    ) -> GenerationResult:
        run = Run(
            self,
            units,
            requested=requested,
            run_facts=run_facts,
            corpus=corpus,
            seed=seed,
            inputs=inputs,
            topup=topup,
            coverage=coverage,
        )
        return run.execute()


# Kept importable from here (older callers and tests).
_seed_for = seed_for

__all__ = [
    "DryRun",
    "EngineOptions",
    "LLMGenerator",
    "cli_settings_flags",
    "estimate_tokens",
    "load_existing_prompts",
    "render_check_config",
    "suggest_evaluators",
]
