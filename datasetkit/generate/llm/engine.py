"""LLMGenerator: the Generator protocol over an OpenAI-compatible model.

A run is a few deterministic rounds. Each round builds the requests it needs (one per
plan slot, or per starter category), resolves them from the journal, then the response
cache, then the model (concurrently, or through the Batch API), repairs replies that do
not parse (once), and then checks the cases in slot order, never in completion order,
so the same replies always give the same dataset: evidence found in the source, answer
supported by the evidence, language, near-duplicates. Slots whose case was rejected get
one more attempt in the next round; what is still missing is reported as a shortfall.
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import json
import re
import sys
import threading
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from pydantic import BaseModel, ValidationError

from ...findings import DatasetkitError
from ...io import backup_name
from ...knowledge.model import Provenance, Section
from ...language import (
    dominant_language,
    is_wrong_language,
    language_name,
    passages_language,
    section_texts,
)
from ...model import Case, Seed, Source, Turn
from ..base import CATEGORIES, Chunk, Failure, GeneratedCase, GenerationResult, Plan, PlanSlot
from . import prompts
from .batch import BatchRunner, BatchStillRunning
from .cache import ResponseCache, canonical_json, request_key
from .client import (
    ChatRequest,
    ChatResult,
    LLMClient,
    ParamUnsupported,
    PermanentError,
    QuotaExceeded,
    Stopped,
    TransientGiveUp,
)
from .config import LLMSettings, redact, resolve_settings
from .cost import Budget, BudgetExceeded, cost_of, estimate_tokens, message_tokens, price_for
from .dedupe import NearDuplicateIndex, case_text
from .grounding import answer_supported, find_evidence, text_in_corpus
from .journal import Journal
from .manifest import build_manifest, input_hashes, write_manifest

# Reasons that concern grounding: with ungrounded="flag" such cases are kept, marked.
GROUNDING_REASONS = frozenset(
    {
        "evidence_not_found",
        "no_evidence",
        "answer_not_supported_by_evidence",
        "answer_number_not_in_evidence",
        "single_source_for_multi_section",
        "unanswerable_detail_in_source",
    }
)

DEFAULT_TYPE_MIX: tuple[tuple[str, int], ...] = (
    ("lookup", 4),
    ("multi-section", 1),
    ("comparison", 1),
    ("procedural", 1),
    ("table-lookup", 2),
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
    "instruction-following": (("procedural", 2), ("lookup", 1), ("comparison", 1)),
    "tool-usage": (("procedural", 1), ("lookup", 1)),
}

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


@dataclass
class _Unit:
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
    repair: _Unit | None = None
    parsed: BaseModel | None = None
    error: str | None = None


@dataclass
class DryRun:
    """What a run would do: calls, tokens and cost, with nothing sent."""

    calls: int
    cached: int
    input_tokens: int
    output_tokens: int
    model: str
    cost: float | None
    max_calls: int
    language: dict[str, int]
    batch: bool = False

    def render(self) -> str:
        """The plan as text for people (stderr or stdout)."""
        lines = [
            f"model: {self.model}" + (" (Batch API, half price)" if self.batch else ""),
            f"calls: {self.calls} to send"
            + (f", {self.cached} already cached (free)" if self.cached else "")
            + f"; at most {self.max_calls} with repairs and top-ups",
            f"estimated tokens: {self.input_tokens:,} input, {self.output_tokens:,} output",
        ]
        if self.cost is None:
            lines.append(
                f"estimated cost: unknown (no price for {self.model}; pass --price {self.model}=IN/OUT)"
            )
        else:
            lines.append(f"estimated cost: ${self.cost:.4f}")
        if self.language:
            lines.append(
                "languages: "
                + ", ".join(
                    f"{language_name(k)} ({k}) x{v}" for k, v in sorted(self.language.items())
                )
            )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "calls": self.calls,
            "cached": self.cached,
            "max_calls": self.max_calls,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "model": self.model,
            "estimated_cost": None if self.cost is None else round(self.cost, 6),
            "batch": self.batch,
            "languages": dict(self.language),
        }


def _seed_for(seed: int, unit_id: str) -> int:
    return int(hashlib.sha256(f"{seed}:{unit_id}".encode()).hexdigest()[:8], 16) % (2**31 - 1)


def suggest_evaluators(
    question_type: str, answer: str, *, documents: bool = True
) -> dict[str, dict[str, Any]]:
    """Evaluators that fit a case: match for short facts, similarity/groundedness for prose."""
    if question_type in prompts.NEGATIVE_TYPES or not documents:
        return {"Similarity": {}}
    words = answer.split()
    out: dict[str, dict[str, Any]] = {}
    if len(words) == 1 and re.search(r"\d", words[0]):
        out["ExactMatch"] = {}
    elif len(words) <= 6:
        out["PartialMatch"] = {"threshold": 0.5}
    else:
        out["Similarity"] = {}
        out["Groundedness"] = {}
    if question_type in ("multi-section", "comparison", "procedural", "aggregation"):
        out["Citations"] = {}
    return out


def _extract_json(text: str) -> Any:
    """The JSON object in a reply: the whole text, a fenced block, or the first balanced object."""
    text = text.strip()
    try:
        return json.loads(text)
    except ValueError:
        pass
    fence = re.search(r"```(?:json)?\s*(.*?)```", text, re.S)
    if fence:
        try:
            return json.loads(fence.group(1))
        except ValueError:
            pass
    start = text.find("{")
    if start >= 0:
        decoder = json.JSONDecoder()
        try:
            return decoder.raw_decode(text[start:])[0]
        except ValueError:
            pass
    raise ValueError("the reply is not valid JSON")


def _summarise_validation(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:4]:
        loc = ".".join(str(p) for p in err["loc"]) or "(root)"
        parts.append(f"{loc}: {err['msg']}")
    return "; ".join(parts)


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
        self.structured = "json_schema" if settings.structured == "auto" else settings.structured
        # Request parameters adjusted after a server rejected them (see _adjust).
        self.token_param = (
            "max_tokens" if settings.provider == "compatible" else "max_completion_tokens"
        )
        self.omit_params: set[str] = set()
        self.adjusted: list[str] = []
        self.stop = threading.Event()
        self.stop_reason: str | None = None
        self._client: LLMClient | None = None
        self._lock = threading.Lock()
        self.counters: Counter[str] = Counter()
        self.batch_ids: list[str] = []

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

    # ------------------------------------------------------------------ public API

    def generate_knowledge(self, plan: Plan, *, language: str | None = None) -> GenerationResult:
        """Grounded cases (or conversations, or simulation seeds) for each slot of ``plan``."""
        units = self._knowledge_units(plan, language)
        corpus = _plan_chunks(plan)
        requested = Counter(s.category for s in plan.slots)
        return self._run(
            units,
            requested=requested,
            run_facts={"mode": self._mode(), "seed": plan.seed, "slots": _plan_fingerprint(plan)},
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

    def _model_name(self) -> str:
        if self.settings.provider == "azure":
            return self.settings.azure_deployment or self.settings.model_label
        return self.settings.model or "unknown"

    def _request(self, unit: _Unit, seed: int, *, est_output: int) -> ChatRequest:
        max_tokens = max(self.settings.max_output_tokens, int(est_output * 2.5))
        if unit.result is not None and unit.result.finish_reason == "length":
            max_tokens *= 2
        body: dict[str, Any] = {
            "model": self._model_name(),
            "messages": unit.messages,
            "temperature": self.settings.temperature,
            "seed": _seed_for(seed, unit.id),
            self.token_param: max_tokens,
        }
        for name in self.omit_params:
            body.pop(name, None)
        rf = prompts.response_format(unit.schema, self.structured)
        if rf is not None:
            body["response_format"] = rf
        key = request_key(
            body, endpoint=self.settings.endpoint_label, prompt_version=prompts.PROMPT_VERSION
        )
        return ChatRequest(
            key=key,
            body=body,
            unit=unit.id,
            schema=unit.schema,
            est_input=message_tokens(unit.messages),
            est_output=est_output,
        )

    def _assign_types(self, plan: Plan) -> list[str]:
        """A question type per slot: the plan's when it names one, else a seeded mix."""
        import random

        rng = random.Random(plan.seed)
        wanted = self.options.question_types
        out = []
        for slot in plan.slots:
            has_table = any(c.kind == "table" for c in slot.chunks)
            if (
                not wanted
                and slot.question_type in prompts.QUESTION_TYPES
                and slot.question_type != "lookup"
            ):
                out.append(slot.question_type)
                continue
            mix = (
                CATEGORY_TYPE_MIX.get(slot.category, DEFAULT_TYPE_MIX)
                if not wanted
                else tuple((t, 1) for t in wanted)
            )
            # Table questions only where a table is.
            fit = [(t, w) for t, w in mix if has_table or t not in prompts.TABLE_TYPES]
            fit = fit or [("lookup", 1)]
            out.append(rng.choices([t for t, _ in fit], weights=[w for _, w in fit], k=1)[0])
        return out

    def _slot_chunks(self, plan: Plan, pos: int, qtype: str, conversation: bool) -> list[Chunk]:
        chunks = list(plan.slots[pos].chunks)
        if (
            (qtype in prompts.MULTI_CHUNK_TYPES or conversation)
            and len(chunks) < 2
            and len(plan.slots) > 1
        ):
            # Borrow the next slot's passage from another section: a second source for
            # multi-section questions and the topic switch of a conversation.
            for step in range(1, len(plan.slots)):
                other = plan.slots[(pos + step) % len(plan.slots)].chunks
                extra = [c for c in other if c.id not in {x.id for x in chunks}]
                if extra:
                    chunks.append(extra[0])
                    break
        return chunks

    def _knowledge_units(self, plan: Plan, language: str | None) -> list[_Unit]:
        if not plan.slots:
            raise DatasetkitError(
                "the plan has no slots: nothing to generate",
                "check that the knowledge files have text, and that --count is above 0",
            )
        types = self._assign_types(plan)
        langs = _file_languages(plan) if language is None else {}
        units = []
        conversation = self._mode() == "conversation"
        for pos, slot in enumerate(plan.slots):
            qtype = "lookup" if self._mode() != "single" else types[pos]
            chunks = self._slot_chunks(plan, pos, qtype, conversation)
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
    ) -> _Unit:
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
        unit = _Unit(
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
        unit.request = self._request(unit, seed, est_output=est)
        return unit

    def _starter_units(
        self,
        description: str,
        count: int,
        seed: int,
        language: str | None,
        categories: Sequence[str] | None,
    ) -> tuple[str, dict[str, int], list[_Unit]]:
        """The language, the cases per category and the first unit of each category."""
        lang = language or dominant_language([description])
        per = _spread(count, categories)
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
    ) -> _Unit:
        msgs = prompts.starter_messages(
            description,
            category=category,
            count=count,
            language=lang,
            avoid=avoid,
            structured=self.structured,
        )
        unit = _Unit(
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
        unit.request = self._request(unit, seed, est_output=120 * count + 40)
        return unit

    def _adjust(self, param: str) -> None:
        """Change how requests are built after the server rejected ``param`` (once each)."""
        if param in self.adjusted:
            self._halt(f"the server rejects the {param} parameter even after adjusting it")
            return
        self.adjusted.append(param)
        if param == "response_format":
            if self.settings.structured != "auto":
                self._halt(
                    f"the server does not support structured output mode {self.structured}; "
                    'set structured = "auto" or "json_object" in the config file'
                )
                return
            # No JSON-schema mode: ask for a JSON object, with the schema in the prompt.
            self.structured = "json_object"
        elif param in ("max_tokens", "max_completion_tokens"):
            self.token_param = "max_completion_tokens" if param == "max_tokens" else "max_tokens"
        else:
            self.omit_params.add(param)  # seed, temperature: use the server's default

    def _rebuild(self, unit: _Unit, seed: int) -> None:
        """Rebuild a unit's request after the way requests are built changed."""
        if self.structured != "json_schema":
            # Without a schema in the request, the prompt must carry it.
            hint = prompts.schema_hint(unit.schema)
            last = unit.messages[-1]
            if hint not in last["content"]:
                unit.messages = [
                    *unit.messages[:-1],
                    {**last, "content": last["content"] + "\n\n" + hint},
                ]
        est = unit.request.est_output if unit.request is not None else 400
        unit.request = self._request(unit, seed, est_output=est)

    # ------------------------------------------------------------------ dry run

    def _dry_run(self, units: list[_Unit]) -> DryRun:
        cache = (
            None if self.settings.no_cache else ResponseCache(self.base / self.settings.cache_dir)
        )
        calls = cached = tin = tout = 0
        langs: Counter[str] = Counter()
        for u in units:
            assert u.request is not None
            langs[u.language] += 1
            if cache is not None and cache.get(u.request.key) is not None:
                cached += 1
                continue
            calls += 1
            tin += u.request.est_input
            tout += u.request.est_output
        model = self.settings.model_label
        cost = cost_of(model, tin, tout, self.settings.prices, batch=self.options.batch)
        # Worst case: every reply repaired, every slot topped up once (and repaired).
        worst = calls * 2 * (1 + self.options.top_up_rounds)
        return DryRun(calls, cached, tin, tout, model, cost, worst, dict(langs), self.options.batch)

    # ------------------------------------------------------------------ running

    def _run_key(self, facts: dict[str, Any]) -> str:
        payload = canonical_json(
            {
                "prompt": prompts.PROMPT_VERSION,
                "endpoint": self.settings.endpoint_label,
                "model": self._model_name(),
                "temperature": self.settings.temperature,
                "question_types": self.options.question_types,
                "turns": self.options.multi_turn,
                "seed_turns": self.options.seed_turns if self.options.seeds else None,
                "ungrounded": self.options.ungrounded,
                **facts,
            }
        )
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:20]

    def _run(
        self,
        units: list[_Unit],
        *,
        requested: Counter[str],
        run_facts: dict[str, Any],
        corpus: list[Chunk],
        seed: int,
        inputs: list[str],
        topup: Callable[[_Unit, list[str], int], _Unit],
        coverage: dict[str, int],
    ) -> GenerationResult:
        if (
            self.options.max_cost is not None
            and price_for(self.settings.model_label, self.settings.prices) is None
        ):
            raise DatasetkitError(
                f"--max-cost needs a price for {self.settings.model_label}",
                f"pass --price {self.settings.model_label}=IN/OUT (dollars per 1M tokens)",
            )
        self.settings.require_ready()
        run_key = self._run_key(run_facts)
        journal_path = (
            Path(self.options.journal_path)
            if self.options.journal_path
            else (self.base / self.settings.journal_dir / f"{run_key}.jsonl")
        )
        notes: list[str] = []
        if not self.options.resume and journal_path.exists() and journal_path.stat().st_size:
            # A fresh run never destroys paid replies: the earlier journal is kept aside.
            kept = backup_name(journal_path)
            journal_path.replace(kept)
            notes.append(
                f"an earlier journal of this run was kept as {kept}; pass --resume to reuse its replies"
            )
        elif self.options.resume and not journal_path.exists():
            notes.append(
                "--resume: no journal of an earlier run with these inputs and options; started afresh"
            )
        journal = Journal(journal_path, resume=self.options.resume)
        resumed = bool(journal.records)
        if not resumed:
            journal.append(
                "run",
                run_key=run_key,
                prompt_version=prompts.PROMPT_VERSION,
                model=self._model_name(),
                seed=seed,
            )
        cache = (
            None if self.settings.no_cache else ResponseCache(self.base / self.settings.cache_dir)
        )
        budget = Budget(
            self.settings.model_label,
            self.settings.prices,
            max_cost=self.options.max_cost,
            max_calls=self.options.max_calls,
            batch=self.options.batch,
        )
        replayed = journal.responses()
        progress = _Progress(
            total=sum(requested.values()),
            enabled=self.options.progress,
            stream=self.options.progress_stream or sys.stderr,
        )
        index = NearDuplicateIndex(self.options.dedupe_threshold)
        index.add_all((f"existing:{i}", p) for i, p in enumerate(self.options.existing_prompts))
        accepted: dict[str, list[GeneratedCase]] = {}
        last_failure: dict[str, Failure] = {}
        rejected: Counter[str] = Counter()
        journaled_cases = {r.get("id") for r in journal.of_kind("case")}
        pending = units
        try:
            for round_no in range(1 + self.options.top_up_rounds + 1):
                if not pending or self.stop.is_set():
                    break
                self._resolve(pending, journal, cache, budget, replayed, seed, run_key, progress)
                repairs = [
                    u
                    for u in pending
                    if self._parse(u) and u.error is not None and u.error != "not_run"
                ]
                repair_units = [
                    self._repair_unit(u, seed) for u in repairs if _repairable(u.error or "")
                ]
                if repair_units:
                    self._resolve(
                        repair_units, journal, cache, budget, replayed, seed, run_key, progress
                    )
                    for r in repair_units:
                        self._parse(r)
                next_round: list[_Unit] = []
                for u in pending:  # deterministic: in slot order
                    g = _group(u)
                    final = u.repair if (u.repair is not None and u.error is not None) else u
                    if final.result is None:
                        why = final.error if final.error not in (None, "not_run") else None
                        if why is None or self.stop.is_set():
                            last_failure[g] = Failure(
                                _slot_index(u), f"not run: {self.stop_reason or why or 'stopped'}"
                            )
                        else:
                            rejected[why.split(":")[0]] += 1
                            last_failure[g] = Failure(_slot_index(u), why)
                        if not self.stop.is_set():
                            # Retries exhausted on transient errors: the same request again
                            # next round (it is not paid for until it succeeds).
                            u.repair = None
                            next_round.append(u)
                        continue
                    if final.parsed is None:
                        # Still unusable after the one repair: a recorded failure; the slot
                        # may get a fresh attempt (a new request, not another repair).
                        cases: list[GeneratedCase] = []
                        reasons = [final.error or u.error or "invalid_output"]
                    else:
                        cases, reasons = self._evaluate(u, final.parsed, index, corpus)
                    for why_not in reasons:
                        rejected[why_not.split(":")[0]] += 1
                    if cases:
                        accepted.setdefault(g, []).extend(cases)
                        for gc in cases:
                            index.add(
                                gc.case.id or "",
                                case_text(t.prompt for t in gc.case.turns) or _seed_text(gc.case),
                            )
                            if gc.case.id not in journaled_cases:
                                journaled_cases.add(gc.case.id)
                                journal.append(
                                    "case", unit=u.id, id=gc.case.id, grounded=gc.grounded
                                )
                    short = u.count - len(cases)
                    if short > 0:
                        reason = reasons[-1] if reasons else "too_few_cases"
                        last_failure[g] = Failure(_slot_index(u), reason)
                        journal.append("failure", unit=u.id, reason=reason)
                        if (
                            round_no < self.options.top_up_rounds
                            and u.attempt < self.options.top_up_rounds
                        ):
                            avoid = [
                                c.case.first_prompt or _seed_text(c.case)
                                for c in accepted.get(g, [])
                            ]
                            avoid += _rejected_prompts(final.parsed)
                            next_round.append(topup(u, avoid[-8:], short))
                    else:
                        last_failure.pop(g, None)
                    progress.update(
                        sum(len(v) for v in accepted.values()), len(last_failure), budget
                    )
                pending = next_round
        except KeyboardInterrupt:
            self._halt("interrupted (Ctrl-C); rerun with --resume to continue")
        finally:
            progress.close()
        if self.stop_reason:
            journal.append("stop", reason=self.stop_reason)
        journal.close()

        ordered_groups = [_group(u) for u in units]
        cases = [gc for g in ordered_groups for gc in accepted.get(g, [])]
        produced = Counter(gc.case.category or "" for gc in cases)
        shortfall = {
            c: n - produced.get(c, 0) for c, n in requested.items() if produced.get(c, 0) < n
        }
        failures = [
            last_failure[g]
            for g in ordered_groups
            if g in last_failure and len(accepted.get(g, [])) < _want(units, g)
        ]
        stats = self._client.stats if self._client else None
        usage: dict[str, Any] = {
            **budget.snapshot(),
            "replayed_from_journal": self.counters["journal"],
            "cached": self.counters["cache"],
            "repairs": self.counters["repairs"],
            "rejected": dict(sorted(rejected.items())),
            "stopped": self.stop_reason,
            "run_key": run_key,
            "journal": str(journal_path),
            "resumed": resumed,
            "batch_ids": list(self.batch_ids),
            "structured_output": self.structured,
            "adjusted_parameters": list(self.adjusted),
            "notes": notes,
        }
        if stats is not None:
            usage["http"] = {
                "requests": stats.requests,
                "retries": stats.retries,
                "throttled": stats.throttled,
                "server_errors": stats.server_errors,
                "timeouts": stats.timeouts,
                "lowest_concurrency": stats.lowest_concurrency,
            }
        manifest = build_manifest(
            model=self._model_name(),
            provider=self.settings.provider,
            endpoint=self.settings.endpoint_label,
            seed=seed,
            temperature=self.settings.temperature,
            prompt_version=prompts.PROMPT_VERSION,
            mode=run_facts.get("mode"),
            inputs=input_hashes(inputs, base=self.base),
            counts={
                "requested": sum(requested.values()),
                "produced": len(cases),
                "by_category": dict(sorted(produced.items())),
                "shortfall": shortfall,
                "grounded": sum(1 for c in cases if c.grounded),
                "flagged_ungrounded": sum(1 for c in cases if "ungrounded" in (c.case.tags or [])),
                "rejected": dict(sorted(rejected.items())),
                "coverage": coverage,
            },
            usage={k: v for k, v in usage.items() if k not in ("journal",)},
            languages=dict(Counter(u.language for u in units)),
            settings=self.settings.to_public_dict(),
        )
        usage["manifest"] = manifest
        manifest_path = (
            Path(self.options.manifest_path)
            if self.options.manifest_path
            else journal_path.with_suffix(".manifest.json")
        )
        write_manifest(manifest_path, manifest)
        usage["manifest_path"] = str(manifest_path)
        return GenerationResult(cases=cases, failures=failures, shortfall=shortfall, usage=usage)

    def _halt(self, reason: str) -> None:
        with self._lock:
            if self.stop_reason is None:
                self.stop_reason = reason
        self.stop.set()

    def _resolve(
        self,
        units: list[_Unit],
        journal: Journal,
        cache: ResponseCache | None,
        budget: Budget,
        replayed: dict[str, dict[str, Any]],
        seed: int,
        run_key: str,
        progress: _Progress,
    ) -> None:
        """Fill ``unit.result`` from the journal, the cache, or the model."""
        todo: list[_Unit] = []
        for u in units:
            assert u.request is not None
            key = u.request.key
            if key in replayed:
                u.result = ChatResult.from_record(replayed[key], "journal")
                self.counters["journal"] += 1
            elif cache is not None and (hit := cache.get(key)) is not None:
                u.result = ChatResult.from_record(hit, "cache")
                self.counters["cache"] += 1
                journal.append("response", key=key, unit=u.id, source="cache", response=hit)
                replayed[key] = hit
            else:
                todo.append(u)
        if not todo or self.stop.is_set():
            for u in todo:
                u.error = "not_run"
            return
        if self.options.batch:
            self._resolve_batch(todo, journal, cache, budget, replayed, run_key)
        else:
            self._resolve_concurrent(todo, journal, cache, budget, replayed, progress)
        rejected = sorted(
            {
                (u.error or "").split(":", 1)[1]
                for u in todo
                if (u.error or "").startswith("param_unsupported:")
            }
        )
        if rejected:
            again = [u for u in todo if (u.error or "").startswith("param_unsupported:")]
            for param in rejected:
                self._adjust(param)
            if not self.stop.is_set():
                for u in again:
                    u.error = None
                    self._rebuild(u, seed)
                self._resolve(again, journal, cache, budget, replayed, seed, run_key, progress)
        for u in todo:
            if u.result is None and u.error is None:
                u.error = "not_run"

    def _store(
        self,
        u: _Unit,
        result: ChatResult,
        journal: Journal,
        cache: ResponseCache | None,
        replayed: dict[str, dict[str, Any]],
    ) -> None:
        assert u.request is not None
        rec = result.to_record()
        # Journal first: the reply is paid for, and must survive a crash from here on.
        journal.append("response", key=u.request.key, unit=u.id, source=result.source, response=rec)
        if cache is not None:
            cache.put(u.request.key, rec, model=self._model_name())
        replayed[u.request.key] = rec
        u.result = result

    def _resolve_concurrent(
        self,
        todo: list[_Unit],
        journal: Journal,
        cache: ResponseCache | None,
        budget: Budget,
        replayed: dict[str, dict[str, Any]],
        progress: _Progress,
    ) -> None:
        client = self.client

        def work(u: _Unit) -> None:
            assert u.request is not None
            if self.stop.is_set():
                u.error = "not_run"
                return
            try:
                reservation = budget.reserve(u.request.est_input, u.request.est_output)
            except BudgetExceeded as exc:
                self._halt(f"{exc.reason}; partial result saved, rerun with --resume to continue")
                u.error = "not_run"
                return
            paid = False
            try:
                result = client.chat(u.request)
                paid = True
                budget.settle(reservation, result.input_tokens, result.output_tokens)
                self._store(u, result, journal, cache, replayed)
            except ParamUnsupported as exc:
                u.error = f"param_unsupported:{exc.param}"
            except QuotaExceeded as exc:
                self._halt(exc.message)
                u.error = "not_run"
            except PermanentError as exc:
                self._halt(f"stopped on a permanent error: {exc.message}")
                u.error = "not_run"
            except TransientGiveUp as exc:
                u.error = f"transient: {exc.message}"
            except Stopped:
                u.error = "not_run"
            finally:
                if not paid:
                    budget.settle(reservation, 0, 0, paid=False)

        pool = cf.ThreadPoolExecutor(
            max_workers=self.settings.concurrency, thread_name_prefix="datasetkit-llm"
        )
        futures = [pool.submit(work, u) for u in todo]
        try:
            pending = set(futures)
            while pending:
                # Short waits keep the main thread responsive to Ctrl-C.
                _done, pending = cf.wait(pending, timeout=0.2)
                progress.tick(budget)
            for f in futures:
                f.result()
        except KeyboardInterrupt:
            self._halt("interrupted (Ctrl-C); rerun with --resume to continue")
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown(wait=True)

    def _resolve_batch(
        self,
        todo: list[_Unit],
        journal: Journal,
        cache: ResponseCache | None,
        budget: Budget,
        replayed: dict[str, dict[str, Any]],
        run_key: str,
    ) -> None:
        runner = BatchRunner(
            self.client,
            journal,
            poll_interval=self.settings.batch_poll_interval,
            timeout=self.settings.batch_timeout,
        )
        keys = {u.request.key for u in todo if u.request is not None}
        batch_id = self.options.batch_id or runner.pending_batch(keys)
        send = todo
        reserved: dict[str, float] = {}
        if batch_id is None:
            send = []
            for u in todo:
                assert u.request is not None
                try:
                    reserved[u.request.key] = budget.reserve(
                        u.request.est_input, u.request.est_output
                    )
                    send.append(u)
                except BudgetExceeded as exc:
                    self._halt(
                        f"{exc.reason}; partial result saved, rerun with --resume to continue"
                    )
                    u.error = "not_run"
            if not send:
                return
            try:
                batch_id = runner.submit(
                    [u.request for u in send if u.request is not None], run_key=run_key
                )
            except (PermanentError, TransientGiveUp, Stopped) as exc:
                for reservation in reserved.values():
                    budget.settle(reservation, 0, 0, paid=False)
                self._halt(f"could not start the batch: {exc}")
                return
        self.batch_ids.append(batch_id)
        try:
            outcome = runner.wait(batch_id)
        except BatchStillRunning as exc:
            for reservation in reserved.values():
                budget.settle(reservation, 0, 0, paid=False)
            self._halt(
                f"batch {exc.batch_id} is still {exc.status}; rerun with --resume "
                f"(or --batch-id {exc.batch_id}) to collect it"
            )
            return
        except (PermanentError, TransientGiveUp, Stopped) as exc:
            for reservation in reserved.values():
                budget.settle(reservation, 0, 0, paid=False)
            self._halt(f"batch {batch_id}: {exc or 'stopped'}")
            return
        by_key = {u.request.key: u for u in todo if u.request is not None}
        for key, u in by_key.items():
            if key in outcome.results:
                res = outcome.results[key]
                if key in reserved:
                    budget.settle(reserved.pop(key), res.input_tokens, res.output_tokens)
                else:
                    budget.charge(res.input_tokens, res.output_tokens)
                self._store(u, res, journal, cache, replayed)
            elif key in outcome.errors:
                u.error = f"batch_error: {outcome.errors[key]}"
        for reservation in reserved.values():
            budget.settle(reservation, 0, 0, paid=False)

    # ------------------------------------------------------------------ parse & repair

    def _parse(self, u: _Unit) -> bool:
        """Parse ``u.result`` into ``u.parsed`` or set ``u.error``; True when a reply was there."""
        res = u.result
        if res is None:
            u.error = u.error or "not_run"
            return False
        if res.refusal:
            u.error = f"model_refused: {res.refusal[:200]}"
            return True
        if res.finish_reason == "content_filter":
            u.error = "content_filtered"
            return True
        if not res.content or not res.content.strip():
            u.error = "empty_reply"
            return True
        model = prompts.SCHEMAS[u.schema]
        try:
            data = _extract_json(res.content)
            u.parsed = model.model_validate(data)
            u.error = None
        except ValueError as exc:
            if isinstance(exc, ValidationError):
                u.error = f"invalid_output: {_summarise_validation(exc)}"
            else:
                u.error = (
                    "truncated_reply" if res.finish_reason == "length" else f"invalid_json: {exc}"
                )
        return True

    def _repair_unit(self, u: _Unit, seed: int) -> _Unit:
        assert u.result is not None
        repair = _Unit(
            id=u.id + ":repair",
            schema=u.schema,
            category=u.category,
            question_type=u.question_type,
            chunks=u.chunks,
            messages=prompts.repair_messages(
                u.messages, u.result.content or "", u.error or "", u.schema
            ),
            slot=u.slot,
            attempt=u.attempt,
            count=u.count,
            language=u.language,
        )
        est = u.request.est_output if u.request else 400
        # The failed reply tells _request whether it was cut off (then more room is given).
        repair.result = u.result
        repair.request = self._request(repair, seed, est_output=est)
        repair.result = None
        u.repair = repair
        self.counters["repairs"] += 1
        return repair

    # ------------------------------------------------------------------ checks

    def _evaluate(
        self, u: _Unit, parsed: BaseModel, index: NearDuplicateIndex, corpus: list[Chunk]
    ) -> tuple[list[GeneratedCase], list[str]]:
        if isinstance(parsed, prompts.KnowledgeOut):
            gc, reason = self._check_knowledge(u, parsed, index, corpus)
            return ([gc] if gc else []), ([reason] if reason else [])
        if isinstance(parsed, prompts.ConversationOut):
            gc, reason = self._check_conversation(u, parsed, index)
            return ([gc] if gc else []), ([reason] if reason else [])
        if isinstance(parsed, prompts.SeedOut):
            gc, reason = self._check_seed(u, parsed, index)
            return ([gc] if gc else []), ([reason] if reason else [])
        assert isinstance(parsed, prompts.StarterOut)
        return self._check_starter(u, parsed, index)

    def _evidence(
        self, quotes: Sequence[str], chunks: list[Chunk]
    ) -> tuple[list[tuple[str, Provenance, str]], str | None]:
        found: list[tuple[str, Provenance, str]] = []
        for q in quotes:
            if not q.strip():
                continue
            m = find_evidence(q, chunks)
            if m is None:
                return found, "evidence_not_found"
            found.append((q, m.provenance, m.chunk_id))
        if not found:
            return found, "no_evidence"
        return found, None

    def _duplicate(self, text: str, index: NearDuplicateIndex) -> str | None:
        hit = index.find(text)
        if hit is None:
            return None
        return "duplicate_of_existing" if hit.startswith("existing:") else "duplicate_in_batch"

    def _check_knowledge(
        self, u: _Unit, out: prompts.KnowledgeOut, index: NearDuplicateIndex, corpus: list[Chunk]
    ) -> tuple[GeneratedCase | None, str | None]:
        qtype = u.question_type
        checks: dict[str, Any] = {"question_type": qtype, "language": u.language}
        reason: str | None = None
        found: list[tuple[str, Provenance, str]] = []
        if is_wrong_language(out.question + " " + out.expected_answer, u.language):
            return None, "wrong_language"
        dup = self._duplicate(out.question, index)
        if dup:
            return None, dup
        if qtype in ("unanswerable", "out-of-scope"):
            if out.expected_behavior not in ("refuse", "clarify"):
                return None, "negative_case_expects_an_answer"
            if qtype == "unanswerable":
                if not out.missing_detail.strip():
                    reason = "unanswerable_without_missing_detail"
                elif text_in_corpus(out.missing_detail, corpus):
                    reason = "unanswerable_detail_in_source"
                checks["missing_detail_absent_from_sources"] = reason is None
            checks["expected_behavior"] = out.expected_behavior
        elif qtype == "false-premise":
            found, reason = self._evidence(out.evidence, u.chunks)
            checks["evidence_found"] = reason is None
            checks["expected_behavior"] = out.expected_behavior
            if reason is None and out.expected_behavior == "answer":
                reason = "false_premise_not_corrected"
        else:
            found, reason = self._evidence(out.evidence, u.chunks)
            checks["evidence_found"] = reason is None
            if reason is None:
                sup = answer_supported(
                    out.expected_answer,
                    [q for q, _, _ in found],
                    question=out.question,
                    language=u.language,
                    check_numbers=qtype != "aggregation",
                )
                checks["answer_support"] = sup.score
                if not sup.ok:
                    reason = sup.reason
            if (
                reason is None
                and qtype in prompts.MULTI_CHUNK_TYPES
                and len({cid for _, _, cid in found}) < 2
                and len({c.id for c in u.chunks}) >= 2
            ):
                reason = "single_source_for_multi_section"
        grounded = reason is None
        if not grounded and not (self.options.ungrounded == "flag" and reason in GROUNDING_REASONS):
            return None, reason
        checks["grounded"] = grounded
        if reason:
            checks["reason"] = reason
        source = (
            found[0][1]
            if found
            else (u.chunks[0].provenance if u.chunks and qtype != "out-of-scope" else None)
        )
        tags = [f"type:{qtype}"]
        if qtype in prompts.NEGATIVE_TYPES:
            tags.append("negative")
        if not grounded:
            tags.append("ungrounded")
        turn = Turn(
            prompt=out.question,
            expected_response=out.expected_answer,
            evaluators=suggest_evaluators(qtype, out.expected_answer),
        )
        case = Case(
            kind="single",
            category=u.category,
            tags=tags,
            turns=[turn],
            notes=None
            if grounded
            else f"Not grounded ({reason}): check the expected response against the source.",
            extensions={
                "datasetkit": {
                    "question_type": qtype,
                    "expected_behavior": out.expected_behavior,
                    "evidence": [q for q, _, _ in found] or list(out.evidence),
                    "source": source.to_dict() if source else None,
                    "grounded": grounded,
                    "language": u.language,
                }
            },
            source=Source(path=source.file, row=source.row) if source else None,
        )
        case.id = case.content_id()
        evidence = found[0][0] if found else None
        return GeneratedCase(
            case=case, evidence=evidence, source=source, grounded=grounded, checks=checks
        ), (None if grounded else reason)

    def _check_conversation(
        self, u: _Unit, out: prompts.ConversationOut, index: NearDuplicateIndex
    ) -> tuple[GeneratedCase | None, str | None]:
        want = self.options.multi_turn
        if len(out.turns) != want:
            return None, f"wrong_turn_count: {len(out.turns)} of {want}"
        text = " ".join(t.user + " " + t.expected_response for t in out.turns)
        if is_wrong_language(text, u.language):
            return None, "wrong_language"
        dup = self._duplicate(case_text(t.user for t in out.turns), index)
        if dup:
            return None, dup
        turns: list[Turn] = []
        evidence_all: list[list[str]] = []
        history = ""
        first_source: Provenance | None = None
        reason: str | None = None
        for t in out.turns:
            history += " " + t.user
            found, why = self._evidence(t.evidence, u.chunks)
            if why is None:
                sup = answer_supported(
                    t.expected_response,
                    [q for q, _, _ in found],
                    question=history,
                    language=u.language,
                )
                why = None if sup.ok else sup.reason
            if why is not None and reason is None:
                reason = f"{why} (turn {len(turns) + 1})"
            if found and first_source is None:
                first_source = found[0][1]
            evidence_all.append([q for q, _, _ in found] or list(t.evidence))
            turns.append(
                Turn(
                    prompt=t.user,
                    expected_response=t.expected_response,
                    evaluators=suggest_evaluators("lookup", t.expected_response),
                    tags=[f"move:{t.move}"],
                )
            )
        grounded = reason is None
        base_reason = reason.split(" (turn")[0] if reason else None
        if not grounded and not (
            self.options.ungrounded == "flag" and base_reason in GROUNDING_REASONS
        ):
            return None, reason
        case = Case(
            kind="conversation",
            category=u.category,
            tags=["type:conversation"] + ([] if grounded else ["ungrounded"]),
            # The turns are the canonical form: writers lay them out as M365 turns or as
            # Foundry messages (user / assistant pairs).
            turns=turns,
            notes=None if grounded else f"Not grounded ({reason}): check the expected responses.",
            extensions={
                "datasetkit": {
                    "question_type": "conversation",
                    "moves": [t.move for t in out.turns],
                    "evidence": evidence_all,
                    "source": first_source.to_dict() if first_source else None,
                    "grounded": grounded,
                    "language": u.language,
                }
            },
            source=Source(path=first_source.file) if first_source else None,
        )
        case.id = case.content_id()
        checks = {"turns": len(turns), "grounded": grounded, "language": u.language}
        if reason:
            checks["reason"] = reason
        return GeneratedCase(
            case=case,
            evidence=evidence_all[0][0] if evidence_all and evidence_all[0] else None,
            source=first_source,
            grounded=grounded,
            checks=checks,
        ), (None if grounded else reason)

    def _check_seed(
        self, u: _Unit, out: prompts.SeedOut, index: NearDuplicateIndex
    ) -> tuple[GeneratedCase | None, str | None]:
        if len(out.test_case_description) > 2500:
            return None, "seed_description_too_long"
        if is_wrong_language(out.test_case_description, u.language):
            return None, "wrong_language"
        dup = self._duplicate(out.test_case_description, index)
        if dup:
            return None, dup
        found, reason = self._evidence(out.evidence, u.chunks)
        grounded = reason is None
        if not grounded and self.options.ungrounded != "flag":
            return None, reason
        source = found[0][1] if found else None
        case = Case(
            kind="seed",
            category=u.category,
            tags=["type:simulation-seed"] + ([] if grounded else ["ungrounded"]),
            seed=Seed(
                description=out.test_case_description, desired_num_turns=self.options.seed_turns
            ),
            extensions={
                "datasetkit": {
                    "question_type": "simulation-seed",
                    "evidence": [q for q, _, _ in found] or list(out.evidence),
                    "source": source.to_dict() if source else None,
                    "grounded": grounded,
                    "language": u.language,
                }
            },
            source=Source(path=source.file) if source else None,
        )
        case.id = case.content_id()
        return GeneratedCase(
            case=case,
            evidence=found[0][0] if found else None,
            source=source,
            grounded=grounded,
            checks={"evidence_found": grounded, "language": u.language},
        ), (None if grounded else reason)

    def _check_starter(
        self, u: _Unit, out: prompts.StarterOut, index: NearDuplicateIndex
    ) -> tuple[list[GeneratedCase], list[str]]:
        cases: list[GeneratedCase] = []
        reasons: list[str] = []
        local = NearDuplicateIndex(self.options.dedupe_threshold)
        for item in out.cases:
            if len(cases) >= u.count:
                break
            if is_wrong_language(item.prompt + " " + item.expected_response, u.language):
                reasons.append("wrong_language")
                continue
            dup = self._duplicate(item.prompt, index) or (
                "duplicate_in_batch" if local.find(item.prompt) else None
            )
            if dup:
                reasons.append(dup)
                continue
            case = Case(
                kind="single",
                category=u.category,
                tags=["starter", "not-document-grounded"],
                turns=[
                    Turn(
                        prompt=item.prompt,
                        expected_response=item.expected_response,
                        evaluators=suggest_evaluators(
                            "starter", item.expected_response, documents=False
                        ),
                    )
                ],
                notes="Written from the agent description, not checked against documents: "
                "review the expected response.",
                extensions={
                    "datasetkit": {
                        "question_type": "starter",
                        "document_grounded": False,
                        "rationale": item.rationale,
                        "language": u.language,
                    }
                },
            )
            case.id = case.content_id()
            local.add(case.id, item.prompt)
            cases.append(
                GeneratedCase(
                    case=case,
                    grounded=False,
                    checks={"document_grounded": False, "language": u.language},
                )
            )
        return cases, reasons


def _spread(count: int, categories: Sequence[str] | None) -> dict[str, int]:
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


def _repairable(error: str) -> bool:
    return error.startswith(("invalid_json", "invalid_output", "truncated_reply", "empty_reply"))


def _group(u: _Unit) -> str:
    if u.slot is not None:
        return f"slot:{u.slot.index}"
    return f"starter:{u.category}"


def _slot_index(u: _Unit) -> int | None:
    return u.slot.index if u.slot is not None else None


def _want(units: list[_Unit], group: str) -> int:
    return sum(u.count for u in units if _group(u) == group)


def _seed_text(case: Case) -> str:
    return case.seed.description if case.seed else ""


def _rejected_prompts(parsed: BaseModel | None) -> list[str]:
    if isinstance(parsed, prompts.KnowledgeOut):
        return [parsed.question]
    if isinstance(parsed, prompts.ConversationOut) and parsed.turns:
        return [parsed.turns[0].user]
    if isinstance(parsed, prompts.SeedOut):
        return [parsed.test_case_description[:200]]
    if isinstance(parsed, prompts.StarterOut):
        return [c.prompt for c in parsed.cases]
    return []


def _plan_chunks(plan: Plan) -> list[Chunk]:
    seen: dict[str, Chunk] = {}
    for slot in plan.slots:
        for c in slot.chunks:
            seen.setdefault(c.id, c)
    return list(seen.values())


def _plan_fingerprint(plan: Plan) -> str:
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


def _file_languages(plan: Plan) -> dict[str, str]:
    """Each source file's language, English when unsure.

    Chunks cut by the planner carry their document's language (``Document.language``,
    which the loader set with :func:`datasetkit.language.document_language`); it is used
    as it is, so the offline and LLM generators agree. Chunks made some other way get
    the same vote over the sections they hold.
    """
    by_file: dict[str, list[Chunk]] = {}
    for c in _plan_chunks(plan):
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


def cli_settings_flags(opts: dict[str, Any]) -> dict[str, Any]:
    """The :func:`resolve_settings` flags from CLI option values (None = not given)."""
    names = {
        "provider": "provider",
        "model": "model",
        "base_url": "base_url",
        "azure_endpoint": "azure_endpoint",
        "azure_deployment": "azure_deployment",
        "api_version": "api_version",
        "api_key": "api_key",
        "api_key_env": "api_key_env",
        "concurrency": "concurrency",
        "rpm": "rpm",
        "tpm": "tpm",
        "cache_dir": "cache_dir",
        "timeout": "timeout",
        "max_retries": "max_retries",
        "backoff_base": "backoff_base",
        "backoff_max": "backoff_max",
        "temperature": "temperature",
        "structured": "structured",
        "journal_dir": "journal_dir",
        "batch_poll_interval": "batch_poll_interval",
        "batch_timeout": "batch_timeout",
    }
    flags = {dst: opts.get(src) for src, dst in names.items() if opts.get(src) is not None}
    if opts.get("no_cache"):
        flags["no_cache"] = True
    if opts.get("price"):
        flags["prices"] = list(opts["price"])
    return flags


def load_existing_prompts(path: str) -> list[str]:
    """The prompts of an existing dataset (any format datasetkit reads), for dedupe."""
    from ...formats import InputFile, detect

    p = Path(path)
    if not p.is_file():
        raise DatasetkitError(f"{path}: no such file (given to --append-to)", "check the path")
    src = InputFile(str(p))
    try:
        result = detect(src).read(src)
    except DatasetkitError:
        # No registered reader claims it: take prompts from plain JSON/JSONL/CSV.
        return _prompts_from_plain(p)
    if result.dataset is None:
        return _prompts_from_plain(p)
    out: list[str] = []
    for case in result.dataset.cases:
        out.extend(t.prompt for t in case.turns if t.prompt)
        if case.seed is not None:
            out.append(case.seed.description)
    return out


def _prompts_from_plain(path: Path) -> list[str]:
    """Prompts from a JSON/JSONL/CSV file when no format reader is available."""
    text = path.read_text(encoding="utf-8-sig", errors="replace")
    keys = ("prompt", "query", "question", "Question", "test_case_description")
    out: list[str] = []

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            for k in keys:
                if isinstance(v.get(k), str):
                    out.append(v[k])
            for item in v.values():
                if isinstance(item, (list, dict)):
                    walk(item)
        elif isinstance(v, list):
            for item in v:
                walk(item)

    try:
        walk(json.loads(text))
        return out
    except ValueError:
        pass
    for line in text.splitlines():
        try:
            walk(json.loads(line))
        except ValueError:
            continue
    if out:
        return out
    import csv
    import io

    for row in csv.DictReader(io.StringIO(text)):
        for k in keys:
            if row.get(k):
                out.append(row[k])
    return out


class _Progress:
    """A one-line progress bar on stderr (redrawn on a terminal, sparse lines otherwise)."""

    def __init__(self, *, total: int, enabled: bool, stream: IO[str]) -> None:
        self.total = max(1, total)
        self.enabled = enabled
        self.stream = stream
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.done = 0
        self.failed = 0
        self.last_line = ""
        self.last_done = -1

    def update(self, done: int, failed: int, budget: Budget) -> None:
        self.done, self.failed = done, failed
        self.tick(budget)

    def tick(self, budget: Budget) -> None:
        if not self.enabled:
            return
        snap = budget.snapshot()
        width = 24
        filled = min(width, int(width * self.done / self.total))
        cost = f" ${snap['cost']:.4f}" if snap["cost"] is not None else ""
        line = (
            f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} cases, "
            f"{self.failed} short, {snap['calls']} calls{cost}"
        )
        if line == self.last_line:
            return
        step = max(1, self.total // 10)
        if not self.tty and (
            self.done == self.last_done or (self.done % step and self.done < self.total)
        ):
            return  # a log file gets a line per tenth of the run, not per call
        self.last_line = line
        self.last_done = self.done
        if self.tty:
            self.stream.write("\r" + line)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.tty and self.last_line:
            self.stream.write("\n")
            self.stream.flush()


def render_check_config(settings: LLMSettings) -> str:
    """What ``--check-config`` prints: each setting, its value (secrets hidden) and origin."""
    rows = settings.describe()
    width = max(len(r[0]) for r in rows)
    lines = [f"{name.ljust(width)}  {value}   ({origin})" for name, value, origin in rows]
    if settings.config_file:
        lines.insert(0, f"config file: {settings.config_file}")
    else:
        lines.insert(
            0,
            "config file: none found (datasetkit.toml [generate] or pyproject [tool.datasetkit.generate])",
        )
    problems = settings.problems()
    for w in settings.warnings:
        lines.append(f"warning: {w}")
    if problems:
        lines += [f"problem: {m}\n  hint: {h}" for m, h in problems]
    else:
        lines.append("ready: yes")
    price = price_for(settings.model_label, settings.prices)
    lines.append(
        f"price {settings.model_label}: "
        + (
            f"${price[0]}/{price[1]} per 1M input/output tokens"
            if price
            else "unknown (pass --price MODEL=IN/OUT)"
        )
    )
    return redact("\n".join(lines))


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
