"""LLMGenerator: the Generator protocol over an OpenAI-compatible model.

The generator turns a plan (or an agent description) into units, one model call each
(:mod:`.builders`, with the run's knowledge from
:mod:`~datasetkit.generate.llm.prompts.context`), and hands them to a
:class:`~datasetkit.generate.llm.engine.runner.Run`, which resolves them (journal, cache,
model), checks the replies (:mod:`~datasetkit.generate.llm.checks.checker`), has the
selected cases reviewed (:mod:`~datasetkit.generate.llm.checks.review`: critic, then
judge) and writes the manifest. Requests are built by
:class:`~datasetkit.generate.llm.wire.requests.Wire` and sent by
:class:`~datasetkit.generate.llm.wire.transport.Transport`.
"""

from __future__ import annotations

import hashlib
import sys
import threading
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from datasetkit.core.findings import DatasetkitError
from datasetkit.generate import questions
from datasetkit.generate.contract import Chunk, GenerationResult, Plan
from datasetkit.generate.llm.checks.checker import Checker
from datasetkit.generate.llm.checks.review import EST_EXTRA_INPUT, EST_OUTPUT, Reviewer
from datasetkit.generate.llm.config.resolve import cli_settings_flags, resolve_settings
from datasetkit.generate.llm.config.settings import LLMSettings
from datasetkit.generate.llm.engine.builders import UnitBuilder
from datasetkit.generate.llm.engine.cost import estimate_tokens
from datasetkit.generate.llm.engine.dryrun import DryRun, Planned, estimate
from datasetkit.generate.llm.engine.existing import load_existing_prompts
from datasetkit.generate.llm.engine.options import EngineOptions, read_agent_description
from datasetkit.generate.llm.engine.planning import chunk_capacity, plan_fingerprint
from datasetkit.generate.llm.engine.runner import Run
from datasetkit.generate.llm.prompts import templates
from datasetkit.generate.llm.wire.client import ClientStats, LLMClient
from datasetkit.generate.llm.wire.requests import Wire
from datasetkit.generate.llm.wire.units import Unit


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
        if self.options.candidates < 1:
            raise DatasetkitError(
                f"--candidates {self.options.candidates} must be at least 1",
                "pass --candidates 3, for example",
            )
        if self.options.question_types:
            unknown = [q for q in self.options.question_types if q not in questions.QUESTION_TYPES]
            if unknown:
                raise DatasetkitError(
                    f"unknown question type(s): {', '.join(unknown)}",
                    "choose from " + ", ".join(questions.QUESTION_TYPES),
                )
        self.base = Path(cwd) if cwd else Path.cwd()
        self.stop = threading.Event()
        self.stop_reason: str | None = None
        self._interrupted = False
        self._client: LLMClient | None = None
        self._clients: dict[str, LLMClient] = {}
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
        self.builder = UnitBuilder(self)
        self.reviewer = Reviewer(
            critic=self.options.critic,
            judge=self.options.judge,
            wire=self.wire,
            checker=self.checker,
            brief=lambda u: self.builder.brief(u.chunks, u.variety),
            knowledge=lambda: self.checker.knowledge,
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
            agent_description=read_agent_description(
                opts.get("agent_description"), opts.get("agent_description_file")
            ),
            candidates=int(opts["candidates"]) if opts.get("candidates") is not None else 3,
            critic=not opts.get("no_critic"),
            judge=not opts.get("no_judge"),
            inputs=[str(i) for i in opts.get("inputs") or []],
        )
        return cls(settings, options, cwd=opts.get("cwd"))

    def capacity(self, chunk: Chunk) -> int:
        """How many cases the planner may ask of one chunk (see :func:`chunk_capacity`)."""
        return chunk_capacity(chunk)

    @property
    def client(self) -> LLMClient:
        """The paced, retrying client (built when first needed)."""
        with self._lock:  # worker threads ask for it at once
            if self._client is None:
                self._client = LLMClient(self.settings, stop=self.stop)
            return self._client

    def client_for(self, unit: Unit | None) -> LLMClient:
        """The client a unit's call goes through: the run's, or, when requests name a
        deployment (Azure) and the judge is another one, a client of that deployment."""
        if unit is None or unit.kind != "judge" or not self.wire.profile.deployments:
            return self.client
        deployment = self.wire.judge_model
        if deployment == self.settings.azure_deployment:
            return self.client
        with self._lock:
            if deployment not in self._clients:
                judge = replace(self.settings, azure_deployment=deployment)
                self._clients[deployment] = LLMClient(judge, stop=self.stop)
            return self._clients[deployment]

    def client_stats(self) -> ClientStats | None:
        """The HTTP counters of the run (None when nothing was sent), every client summed."""
        clients = [c for c in [self._client, *self._clients.values()] if c is not None]
        if not clients:
            return None
        total = ClientStats(lowest_concurrency=min(c.stats.lowest_concurrency for c in clients))
        for name in (
            "requests",
            "ok",
            "retries",
            "failed",
            "cancelled",
            "throttled",
            "server_errors",
            "timeouts",
        ):
            setattr(total, name, sum(getattr(c.stats, name) for c in clients))
        for c in clients:
            for status, n in c.stats.by_status.items():
                total.by_status[status] = total.by_status.get(status, 0) + n
        return total

    def _clients_built(self) -> list[LLMClient]:
        return [c for c in [self._client, *self._clients.values()] if c is not None]

    def interrupt(self) -> None:
        """Ctrl-C: stop the run, cancel the requests in flight at once and say so (once)."""
        with self._lock:
            if self._interrupted:
                return
            self._interrupted = True
        self.halt("interrupted (Ctrl-C); rerun with --resume to continue")
        cancelled = sum(c.cancel_all() for c in self._clients_built())
        stream = self.options.progress_stream or sys.stderr
        print(
            f"\nstopping: {cancelled} requests cancelled; the replies that came back are "
            "in the journal (--resume continues)",
            file=stream,
            flush=True,
        )

    def close_clients(self) -> None:
        """Release the HTTP connections of the run."""
        for c in self._clients_built():
            c.close()  # a later call opens them again

    def review_facts(self) -> dict[str, Any]:
        """How cases are selected and reviewed (part of the run key and the manifest)."""
        single = self.builder.mode() == "single"
        return {
            "candidates": self.options.candidates if single else 1,
            "critic": self.options.critic and single,
            "judge": self.options.judge and single,
            "judge_model": self.wire.judge_model if self.options.judge and single else None,
            "temperatures": {
                "generate": self.settings.temperature,
                "critic": self.settings.critic_temperature,
                "judge": self.settings.judge_temperature,
            },
        }

    def agent_facts(self) -> dict[str, Any] | None:
        """The agent description the prompts carried (for the manifest)."""
        text = self.options.agent_description
        if not text:
            return None
        return {"description": text, "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()}

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
        units = self.builder.knowledge_units(plan, language)
        know = self.builder.knowledge_for(plan)
        self.checker.knowledge = know
        requested = Counter(s.category for s in plan.slots)
        agent = self.options.agent_description or ""
        facts = {
            "mode": self.builder.mode(),
            "seed": plan.seed,
            "slots": plan_fingerprint(plan),
            "agent": hashlib.sha256(agent.encode("utf-8")).hexdigest()[:16] if agent else None,
        }
        return self._run(
            units,
            requested=requested,
            run_facts=facts,
            corpus=know.chunks,
            seed=plan.seed,
            inputs=sorted({c.provenance.file for c in know.chunks}),
            topup=lambda u, avoid, n: self.builder.knowledge_unit(
                u.slot,
                u.question_type,
                u.chunks,
                u.language,
                plan.seed,
                u.attempt + 1,
                avoid,
                u.variety,
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
        self.checker.knowledge = None
        lang, per, units = self.builder.starter_units(
            description, count, seed, language, categories
        )
        digest = hashlib.sha256(description.encode("utf-8")).hexdigest()[:16]
        return self._run(
            units,
            requested=Counter({c: n for c, n in per.items() if n}),
            run_facts={"mode": "starter", "seed": seed, "description": digest, "count": count},
            corpus=[],
            seed=seed,
            inputs=[],
            topup=lambda u, avoid, n: self.builder.starter_unit(
                description, u.category, n, lang, seed, u.attempt + 1, avoid
            ),
            coverage={},
        )

    def dry_run_knowledge(self, plan: Plan, *, language: str | None = None) -> DryRun:
        """Calls, tokens and cost of :meth:`generate_knowledge`, without calling anything."""
        units = self.builder.knowledge_units(plan, language)
        return self._dry_run(units, self._planned_reviews(units))

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
        return self._dry_run(
            self.builder.starter_units(description, count, seed, language, categories)[2], []
        )

    # ------------------------------------------------------------------ dry run

    def _planned_reviews(self, units: list[Unit]) -> list[Planned]:
        """The critic and judge calls that would follow the generation ``units``."""
        if self.builder.mode() != "single":
            return []
        out: list[Planned] = []
        for u in units:
            passages = estimate_tokens(templates.render_passages(u.chunks))
            if self.options.critic:
                out.append(("critic", passages + EST_EXTRA_INPUT["critic"], EST_OUTPUT["critic"]))
            if self.options.judge and u.question_type != "out-of-scope":
                extra = 3 * 300 if u.question_type in ("unanswerable", "false-premise") else 0
                out.append(
                    ("judge", passages + extra + EST_EXTRA_INPUT["judge"], EST_OUTPUT["judge"])
                )
        return out

    def _dry_run(self, units: list[Unit], review: list[Planned]) -> DryRun:
        return estimate(
            units,
            settings=self.settings,
            base=self.base,
            top_up_rounds=self.options.top_up_rounds,
            batch=self.options.batch,
            review=review,
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
