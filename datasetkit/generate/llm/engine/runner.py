"""One generation run: rounds of calls, checks in slot order, top-ups, the manifest.

A run is a few deterministic rounds. Each round resolves the requests it needs (from the
journal, then the response cache, then the model), repairs replies that do not parse
(once), and then checks the cases in slot order, never in completion order, so the same
replies always give the same dataset. A slot's candidates are checked and the first
that passes is reviewed: all the critic calls of the round go out together, then all
the judge calls; a case dropped on the way gives way to the slot's next candidate,
which is reviewed in the next pass. Slots still without a case get one more attempt
in the next round; what is still missing is reported as a shortfall. A run stopped
during the review keeps no unreviewed case: --resume replays the paid replies and
finishes the review.
"""

from __future__ import annotations

import hashlib
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from datasetkit.core.findings import DatasetkitError
from datasetkit.generate.contract import Chunk, Failure, GeneratedCase, GenerationResult
from datasetkit.generate.llm.checks.dedupe import NearDuplicateIndex, case_text
from datasetkit.generate.llm.checks.review import Pick
from datasetkit.generate.llm.engine.cost import Budget, price_for
from datasetkit.generate.llm.engine.diagnose import ReplyTally
from datasetkit.generate.llm.engine.journal import Journal
from datasetkit.generate.llm.engine.manifest import build_manifest, input_hashes, write_manifest
from datasetkit.generate.llm.engine.options import GeneratorState
from datasetkit.generate.llm.engine.progress import Progress
from datasetkit.generate.llm.prompts import templates
from datasetkit.generate.llm.prompts.schemas import CandidatesOut
from datasetkit.generate.llm.wire import replies
from datasetkit.generate.llm.wire.cache import ResponseCache, canonical_json
from datasetkit.generate.llm.wire.transport import Transport
from datasetkit.generate.llm.wire.units import Unit, group_of, slot_index, wanted
from datasetkit.io.inplace import free_backup_name

TopUp = Callable[[Unit, list[str], int], Unit]


def _check_ready(gen: GeneratorState) -> None:
    """Stop before anything is sent: a cost cap needs the model's price, and the settings
    must be complete."""
    settings = gen.settings
    if (
        gen.options.max_cost is not None
        and price_for(settings.model_label, settings.prices) is None
    ):
        raise DatasetkitError(
            f"--max-cost needs a price for {settings.model_label}",
            f"pass --price {settings.model_label}=IN/OUT (dollars per 1M tokens)",
        )
    settings.require_ready()


def _budget(gen: GeneratorState) -> Budget:
    """The run's budget: the model's prices, and the --max-cost and --max-calls caps."""
    settings, options = gen.settings, gen.options
    return Budget(
        settings.model_label,
        settings.prices,
        max_cost=options.max_cost,
        max_calls=options.max_calls,
        batch=options.batch,
    )


class Run:
    """The state of one run: journal, cache, budget, accepted cases, failures."""

    def __init__(
        self,
        gen: GeneratorState,
        units: list[Unit],
        *,
        requested: Counter[str],
        run_facts: dict[str, Any],
        corpus: list[Chunk],
        seed: int,
        inputs: list[str],
        topup: TopUp,
        coverage: dict[str, int],
    ) -> None:
        settings, options = gen.settings, gen.options
        _check_ready(gen)
        self.gen = gen
        self.units = units
        self.requested = requested
        self.run_facts = run_facts
        self.corpus = corpus
        self.seed = seed
        self.inputs = inputs
        self.topup = topup
        self.coverage = coverage
        self.run_key = self._run_key(run_facts)
        self.notes: list[str] = []
        self.journal_path = self._journal_path()
        self.journal = Journal(self.journal_path, resume=options.resume)
        self.resumed = bool(self.journal.records)
        if not self.resumed:
            self.journal.append(
                "run",
                run_key=self.run_key,
                prompt_version=templates.PROMPT_VERSION,
                model=gen.wire.model_name,
                seed=seed,
            )
        cache = None if settings.no_cache else ResponseCache(gen.base / settings.cache_dir)
        self.budget = _budget(gen)
        self.progress = Progress(
            total=sum(requested.values()),
            enabled=options.progress,
            stream=options.progress_stream or sys.stderr,
        )
        self.transport = self._transport(cache)
        self._restore_mode()
        self.index = NearDuplicateIndex(options.dedupe_threshold)
        self.index.add_all((f"existing:{i}", p) for i, p in enumerate(options.existing_prompts))
        self.accepted: dict[str, list[GeneratedCase]] = {}
        self.last_failure: dict[str, Failure] = {}
        self.rejected: Counter[str] = Counter()
        self.journaled_cases = {r.get("id") for r in self.journal.of_kind("case")}
        self.tally = ReplyTally()

    def _restore_mode(self) -> None:
        """On --resume, build requests in the structured-output mode the server took
        before, so they match the journaled replies and none is paid for twice."""
        last = self.journal.last("structured")
        wire = self.gen.wire
        if (
            not last
            or last.get("mode") == wire.structured
            or self.gen.settings.structured != "auto"
        ):
            return
        wire.structured = str(last["mode"])
        for u in self.units:
            wire.rebuild(u, self.seed)

    def _transport(self, cache: ResponseCache | None) -> Transport:
        gen = self.gen
        return Transport(
            settings=gen.settings,
            wire=gen.wire,
            client=gen.client_for,
            stop=gen.stop,
            halt=gen.halt,
            interrupt=gen.interrupt,
            counters=gen.counters,
            batch=gen.options.batch,
            batch_id=gen.options.batch_id,
            batch_ids=gen.batch_ids,
            journal=self.journal,
            cache=cache,
            budget=self.budget,
            replayed=self.journal.responses(),
            seed=self.seed,
            run_key=self.run_key,
            progress=self.progress,
        )

    def _run_key(self, facts: dict[str, Any]) -> str:
        gen = self.gen
        payload = canonical_json(
            {
                "prompt": templates.PROMPT_VERSION,
                "endpoint": gen.settings.endpoint_label,
                "model": gen.wire.model_name,
                "temperature": gen.settings.temperature,
                "review": gen.review_facts(),
                "question_types": gen.options.question_types,
                "turns": gen.options.multi_turn,
                "seed_turns": gen.options.seed_turns if gen.options.seeds else None,
                "ungrounded": gen.options.ungrounded,
                **facts,
            }
        )
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:20]

    def _journal_path(self) -> Path:
        options = self.gen.options
        path = (
            Path(options.journal_path)
            if options.journal_path
            else (self.gen.base / self.gen.settings.journal_dir / f"{self.run_key}.jsonl")
        )
        if not options.resume and path.exists() and path.stat().st_size:
            # A fresh run never destroys paid replies: the earlier journal is kept aside.
            kept = free_backup_name(path)
            path.replace(kept)
            self.notes.append(
                f"an earlier journal of this run was kept as {kept}; pass --resume to reuse its replies"
            )
        elif options.resume and not path.exists():
            self.notes.append(
                "--resume: no journal of an earlier run with these inputs and options; started afresh"
            )
        return path

    # ------------------------------------------------------------------ rounds

    def execute(self) -> GenerationResult:
        """Run the rounds, then write the manifest; the result holds what was accepted."""
        pending = self.units
        rounds = 1 + self.gen.options.top_up_rounds + 1
        try:
            for round_no in range(rounds):
                if not pending or self.gen.stop.is_set():
                    break
                pending = self._round(pending, round_no)
        except KeyboardInterrupt:
            self.gen.interrupt()
        finally:
            self.progress.close()
            self.gen.close_clients()
        if self.gen.stop_reason:
            self.journal.append("stop", reason=self.gen.stop_reason)
        try:
            return self._result()
        finally:
            self.journal.close()

    def _resolve(self, units: list[Unit]) -> None:
        """Resolve ``units``, then repair (once) the replies that do not parse."""
        self.transport.resolve(units)
        for u in units:
            replies.parse(u)
            self.tally.add(u)
        broken = [
            u
            for u in units
            if u.result is not None and u.error is not None and u.error != "not_run"
        ]
        repair_units = []
        for u in broken:
            if replies.repairable(u.error or ""):
                repair_units.append(replies.repair_unit(u, self.gen.wire, self.seed))
                self.gen.counters["repairs"] += 1
        if repair_units:
            self.transport.resolve(repair_units)
            for r in repair_units:
                replies.parse(r)
                self.tally.add(r)
        for u in units:
            if u.repair is not None and u.error is not None and u.repair.parsed is not None:
                # The repaired reply stands for the unit from here on.
                u.parsed, u.error = u.repair.parsed, None

    def _round(self, pending: list[Unit], round_no: int) -> list[Unit]:
        """Resolve, repair, check and review ``pending``; the units of the next round."""
        self._resolve(pending)
        results: dict[str, tuple[list[GeneratedCase], list[str]]] = {}
        picks: list[Pick] = []
        next_round: list[Unit] = []
        reviewer = self.gen.reviewer
        for u in pending:  # deterministic: in slot order
            final = u.repair if (u.repair is not None and u.error is not None) else u
            if final.result is None:
                retry = self._not_answered(u, final)
                if retry is not None:
                    next_round.append(retry)
                continue
            if final.parsed is None:
                # Still unusable after the one repair: a recorded failure; the slot may get
                # a fresh attempt (a new request, not another repair).
                results[u.id] = ([], [final.error or u.error or "invalid_output"])
            elif isinstance(final.parsed, CandidatesOut) and reviewer.active:
                options, reasons = self.gen.checker.candidates(
                    u, final.parsed, self.index, self.corpus
                )
                pick = Pick(u, options, reasons, parsed=final.parsed)
                if options:
                    key = f"pick:{u.id}:0"
                    self.index.add(key, options[0][1].question)
                    pick.keys.append(key)
                pick.stage = reviewer.first_stage(pick)
                picks.append(pick)
                continue
            else:
                results[u.id] = self.gen.checker.evaluate(u, final.parsed, self.index, self.corpus)
            if results[u.id][0]:
                self._accept(u, results[u.id][0])
        self._review(picks)
        for pick in picks:
            if pick.stage == "stopped":
                self.last_failure[group_of(pick.unit)] = Failure(
                    slot_index(pick.unit), f"not run: {self.gen.stop_reason or 'stopped'}"
                )
                self._count(pick.reasons)
                continue
            cases = [pick.current[0]] if pick.stage == "done" and pick.current else []
            if cases:
                self._accept(pick.unit, cases)
            results[pick.unit.id] = (cases, pick.reasons)
        for u in pending:
            if u.id in results:
                cases, reasons = results[u.id]
                nxt = self._conclude(u, cases, reasons, round_no)
                if nxt is not None:
                    next_round.append(nxt)
        return next_round

    def _review(self, picks: list[Pick]) -> None:
        """Critic, then judge, for each pick; a dropped case gives way to its fallback."""
        reviewer = self.gen.reviewer
        for _ in range(2 * (1 + max((len(p.options) for p in picks), default=0))):
            units = reviewer.units(picks, self.seed)
            if not units:
                return
            if self.gen.stop.is_set():
                break
            self._resolve(units)
            for r in units:  # slot order
                reviewer.apply(
                    r, index=self.index, corpus=self.corpus, stopped=self.gen.stop.is_set()
                )
        for pick in picks:
            if pick.stage in ("critic", "judge"):
                pick.stage = "stopped"

    def _not_answered(self, u: Unit, final: Unit) -> Unit | None:
        """A unit with no reply: its failure, and itself again next round when it may retry."""
        g = group_of(u)
        stop = self.gen.stop
        why = final.error if final.error not in (None, "not_run") else None
        if why is None or stop.is_set():
            self.last_failure[g] = Failure(
                slot_index(u), f"not run: {self.gen.stop_reason or why or 'stopped'}"
            )
        else:
            self.rejected[why.split(":")[0]] += 1
            self.last_failure[g] = Failure(slot_index(u), why)
        if stop.is_set():
            return None
        # Retries exhausted on transient errors: the same request again next round (it
        # is not paid for until it succeeds).
        u.repair = None
        return u

    def _count(self, reasons: list[str]) -> None:
        for why_not in reasons:
            self.rejected[why_not.split(":")[0]] += 1

    def _conclude(
        self, u: Unit, cases: list[GeneratedCase], reasons: list[str], round_no: int
    ) -> Unit | None:
        """Record a unit's outcome; the top-up unit for its slot when it fell short."""
        g = group_of(u)
        self._count(reasons)
        nxt = None
        short = u.count - len(cases)
        if short > 0:
            reason = reasons[-1] if reasons else "too_few_cases"
            self.last_failure[g] = Failure(slot_index(u), reason)
            self.journal.append("failure", unit=u.id, reason=reason)
            top_up = self.gen.options.top_up_rounds
            if round_no < top_up and u.attempt < top_up and not self.gen.stop.is_set():
                avoid = [
                    c.case.first_prompt or replies.seed_text(c.case)
                    for c in self.accepted.get(g, [])
                ]
                avoid += replies.rejected_prompts(u.parsed)
                nxt = self.topup(u, avoid[-8:], short)
        else:
            self.last_failure.pop(g, None)
        self.progress.update(
            sum(len(v) for v in self.accepted.values()), len(self.last_failure), self.budget
        )
        return nxt

    def _accept(self, u: Unit, cases: list[GeneratedCase]) -> None:
        self.accepted.setdefault(group_of(u), []).extend(cases)
        for gc in cases:
            self.index.add(
                gc.case.id or "",
                case_text(t.prompt for t in gc.case.turns) or replies.seed_text(gc.case),
            )
            if gc.case.id not in self.journaled_cases:
                self.journaled_cases.add(gc.case.id)
                self.journal.append("case", unit=u.id, id=gc.case.id, grounded=gc.grounded)

    # ------------------------------------------------------------------ result

    def _result(self) -> GenerationResult:
        gen = self.gen
        ordered_groups = [group_of(u) for u in self.units]
        cases = [gc for g in ordered_groups for gc in self.accepted.get(g, [])]
        produced = Counter(gc.case.category or "" for gc in cases)
        shortfall = {
            c: n - produced.get(c, 0) for c, n in self.requested.items() if produced.get(c, 0) < n
        }
        failures = [
            self.last_failure[g]
            for g in ordered_groups
            if g in self.last_failure and len(self.accepted.get(g, [])) < wanted(self.units, g)
        ]
        usage = self._usage()
        usage["all_invocations"] = self._totals(usage)
        manifest = build_manifest(
            model=gen.wire.model_name,
            provider=gen.settings.provider,
            endpoint=gen.settings.endpoint_label,
            seed=self.seed,
            temperature=gen.settings.temperature,
            prompt_version=templates.PROMPT_VERSION,
            mode=self.run_facts.get("mode"),
            inputs=input_hashes(self.inputs, base=gen.base),
            counts={
                "requested": sum(self.requested.values()),
                "produced": len(cases),
                "by_category": dict(sorted(produced.items())),
                "shortfall": shortfall,
                "grounded": sum(1 for c in cases if c.grounded),
                "flagged_ungrounded": sum(1 for c in cases if "ungrounded" in (c.case.tags or [])),
                "rejected": dict(sorted(self.rejected.items())),
                "coverage": self.coverage,
            },
            usage={k: v for k, v in usage.items() if k not in ("journal",)},
            review=gen.review_facts(),
            agent=gen.agent_facts(),
            question_types=dict(
                sorted(
                    Counter(
                        gc.case.extensions["datasetkit"].get("question_type", "")
                        for gc in cases
                        if gc.case.extensions
                    ).items()
                )
            ),
            languages=dict(Counter(u.language for u in self.units)),
            settings=gen.settings.to_public_dict(),
        )
        usage["manifest"] = manifest
        manifest_path = (
            Path(gen.options.manifest_path)
            if gen.options.manifest_path
            else self.journal_path.with_suffix(".manifest.json")
        )
        write_manifest(manifest_path, manifest)
        usage["manifest_path"] = str(manifest_path)
        return GenerationResult(cases=cases, failures=failures, shortfall=shortfall, usage=usage)

    def _totals(self, usage: dict[str, Any]) -> dict[str, Any]:
        """Journal what this invocation spent, then the totals of every invocation of the
        run (a resumed run's manifest counts the tokens paid for before, too)."""
        http = usage.get("http") or {}
        self.journal.append(
            "invocation",
            calls=usage.get("calls", 0),
            input_tokens=usage.get("input_tokens", 0),
            output_tokens=usage.get("output_tokens", 0),
            cost=usage.get("cost"),
            http_requests=http.get("requests", 0),
            http_failed=http.get("failed", 0) + http.get("retries", 0),
        )
        records = self.journal.of_kind("invocation")
        costs = [r.get("cost") for r in records]
        out: dict[str, Any] = {"invocations": len(records)}
        for name in ("calls", "input_tokens", "output_tokens", "http_requests", "http_failed"):
            out[name] = sum(int(r.get(name) or 0) for r in records)
        priced = [float(c) for c in costs if c is not None]
        out["cost"] = round(sum(priced), 6) if len(priced) == len(costs) else None
        return out

    def _usage(self) -> dict[str, Any]:
        gen = self.gen
        usage: dict[str, Any] = {
            **self.budget.snapshot(),
            "replayed_from_journal": gen.counters["journal"],
            "cached": gen.counters["cache"],
            "repairs": gen.counters["repairs"],
            "usage_estimated": gen.counters["usage_estimated"],
            "calls_by_kind": calls_by_kind(gen.counters),
            "rejected": dict(sorted(self.rejected.items())),
            "stopped": gen.stop_reason,
            "run_key": self.run_key,
            "journal": str(self.journal_path),
            "resumed": self.resumed,
            "batch_ids": list(gen.batch_ids),
            "structured_output": gen.wire.structured,
            "structured_rejected": [
                {"mode": mode, "reply": why} for mode, why in gen.wire.negotiation
            ],
            "adjusted_parameters": list(gen.wire.adjusted),
            "notes": self.notes,
            "diagnosis": self.tally.message(
                gen.wire.structured, tuple(m for m, _ in gen.wire.negotiation)
            ),
            "replies_unusable": {
                "replies": self.tally.replies,
                "not_json": self.tally.not_json,
                "wrong_shape": self.tally.wrong_shape,
                "repeat_the_prompt": self.tally.echoes,
            },
        }
        stats = gen.client_stats()
        if stats is not None:
            usage["http"] = {
                "requests": stats.requests,
                "ok": stats.ok,
                "retries": stats.retries,
                "failed": stats.failed,
                "cancelled": stats.cancelled,
                "by_status": dict(sorted(stats.by_status.items())),
                "throttled": stats.throttled,
                "server_errors": stats.server_errors,
                "timeouts": stats.timeouts,
                "lowest_concurrency": stats.lowest_concurrency,
            }
        return usage


KINDS = ("generate", "repair", "critic", "judge")


def calls_by_kind(counters: Counter[str]) -> dict[str, dict[str, int]]:
    """Paid calls and their tokens per kind of call (generate, repair, critic, judge)."""
    out: dict[str, dict[str, int]] = {}
    for kind in KINDS:
        out[kind] = {
            "calls": counters.get(f"calls:{kind}", 0),
            "input_tokens": counters.get(f"input_tokens:{kind}", 0),
            "output_tokens": counters.get(f"output_tokens:{kind}", 0),
        }
    return out
