"""Getting replies: from the run's journal, the response cache, or the model.

Each reply is journaled before anything else happens to it (it is paid for), then
cached. Calls go out concurrently (the client paces them and adapts to rate limits) or
through the Batch API. A request a server rejects for one of its parameters is rebuilt
without it (see :meth:`~datasetkit.generate.llm.wire.requests.Wire.adjust`) and sent again.
"""

from __future__ import annotations

import concurrent.futures as cf
import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

from datasetkit.generate.llm.config.settings import LLMSettings
from datasetkit.generate.llm.engine.cost import Budget, BudgetExceeded
from datasetkit.generate.llm.engine.journal import Journal
from datasetkit.generate.llm.engine.progress import Progress
from datasetkit.generate.llm.wire.batch import BatchOutcome, BatchRunner, BatchStillRunning
from datasetkit.generate.llm.wire.cache import ResponseCache
from datasetkit.generate.llm.wire.client import (
    ChatResult,
    LLMClient,
    ParamUnsupported,
    PermanentError,
    QuotaExceeded,
    Stopped,
    TransientGiveUp,
)
from datasetkit.generate.llm.wire.requests import Wire
from datasetkit.generate.llm.wire.units import Unit


class Transport:
    """Resolves units for one run; the stop event and the halt callback are the engine's."""

    def __init__(
        self,
        *,
        settings: LLMSettings,
        wire: Wire,
        client: Callable[[Unit | None], LLMClient],
        stop: threading.Event,
        halt: Callable[[str], None],
        interrupt: Callable[[], None],
        counters: Counter[str],
        batch: bool,
        batch_id: str | None,
        batch_ids: list[str],
        journal: Journal,
        cache: ResponseCache | None,
        budget: Budget,
        replayed: dict[str, dict[str, Any]],
        seed: int,
        run_key: str,
        progress: Progress,
    ) -> None:
        self.settings = settings
        self.wire = wire
        self.client = client
        self.stop = stop
        self.halt = halt
        self.interrupt = interrupt
        self.counters = counters
        self.batch = batch
        self.batch_id = batch_id
        self.batch_ids = batch_ids
        self.journal = journal
        self.cache = cache
        self.budget = budget
        self.replayed = replayed
        self.seed = seed
        self.run_key = run_key
        self.progress = progress
        self._lock = threading.Lock()
        # The server's words when it rejected a parameter (for the manifest and messages).
        self.rejections: dict[str, str] = {}
        last = journal.last("structured")
        self._journaled_mode = str(last.get("mode")) if last else None

    def _price_model(self, u: Unit) -> str | None:
        """The model a call is priced as, when not the run's (a separate judge model)."""
        return self.settings.judge_model if u.kind == "judge" else None

    def resolve(self, units: list[Unit]) -> None:
        """Fill ``unit.result`` from the journal, the cache, or the model."""
        todo: list[Unit] = []
        for u in units:
            assert u.request is not None
            key = u.request.key
            if key in self.replayed:
                u.result = ChatResult.from_record(self.replayed[key], "journal")
                self.counters["journal"] += 1
            elif self.cache is not None and (hit := self.cache.get(key)) is not None:
                u.result = ChatResult.from_record(hit, "cache")
                self.counters["cache"] += 1
                self.journal.append("response", key=key, unit=u.id, source="cache", response=hit)
                self.replayed[key] = hit
            else:
                todo.append(u)
        if not todo or self.stop.is_set():
            for u in todo:
                u.error = "not_run"
            return
        if len(todo) > 1 and self.wire.negotiating and not self.batch:
            # Until a reply shows which structured mode the server takes, one request
            # finds out alone: the others would all be rejected the same way.
            mode = self.wire.structured
            self.resolve(todo[:1])
            if self.wire.structured != mode:
                for u in todo[1:]:
                    self.wire.rebuild(u, self.seed)
            self.resolve(todo[1:])
            return
        if self.batch:
            self._resolve_batch(todo)
        else:
            self._resolve_concurrent(todo)
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
                self.wire.adjust(param, self.rejections.get(param, ""))
            if not self.stop.is_set():
                for u in again:
                    u.error = None
                    self.wire.rebuild(u, self.seed)
                self.resolve(again)
        for u in todo:
            if u.result is None and u.error is None:
                u.error = "not_run"

    def _store(self, u: Unit, result: ChatResult) -> None:
        assert u.request is not None
        rec = result.to_record()
        # Journal first: the reply is paid for, and must survive a crash from here on.
        self.journal.append(
            "response", key=u.request.key, unit=u.id, source=result.source, response=rec
        )
        if self.cache is not None:
            self.cache.put(u.request.key, rec, model=self.wire.model_name)
        self.replayed[u.request.key] = rec
        u.result = result
        if result.source in ("api", "batch"):
            self._confirm_mode()
            kind = call_kind(u)
            with self._lock:
                self.counters[f"calls:{kind}"] += 1
                self.counters[f"input_tokens:{kind}"] += result.input_tokens
                self.counters[f"output_tokens:{kind}"] += result.output_tokens
                if not result.usage_reported:
                    self.counters["usage_estimated"] += 1

    def _confirm_mode(self) -> None:
        """Remember the structured-output mode that got a reply, and journal it once, so a
        resumed run builds the same requests (their keys name the replies paid for)."""
        with self._lock:
            if not self.wire.confirmed:
                self.wire.confirm()
            mode = self.wire.structured
            if mode == self._journaled_mode:
                return
            self._journaled_mode = mode
        self.journal.append("structured", mode=mode)

    def _resolve_concurrent(self, todo: list[Unit]) -> None:
        def work(u: Unit) -> None:
            assert u.request is not None
            if self.stop.is_set():
                u.error = "not_run"
                return
            try:
                reservation = self.budget.reserve(
                    u.request.est_input, u.request.est_output, model=self._price_model(u)
                )
            except BudgetExceeded as exc:
                self.halt(f"{exc.reason}; partial result saved, rerun with --resume to continue")
                u.error = "not_run"
                return
            paid = False
            try:
                result = self.client(u).chat(u.request)
                paid = True
                self.budget.settle(
                    reservation,
                    result.input_tokens,
                    result.output_tokens,
                    model=self._price_model(u),
                )
                self._store(u, result)
            except ParamUnsupported as exc:
                u.error = f"param_unsupported:{exc.param}"
                self.rejections[exc.param] = exc.message
            except QuotaExceeded as exc:
                self.halt(exc.message)
                u.error = "not_run"
            except PermanentError as exc:
                self.halt(f"stopped on a permanent error: {exc.message}")
                u.error = "not_run"
            except TransientGiveUp as exc:
                u.error = f"transient: {exc.message}"
            except Stopped:
                u.error = "not_run"
            finally:
                if not paid:
                    self.budget.settle(reservation, 0, 0, paid=False)

        pool = cf.ThreadPoolExecutor(
            max_workers=self.settings.concurrency, thread_name_prefix="datasetkit-llm"
        )
        futures = [pool.submit(work, u) for u in todo]
        try:
            pending = set(futures)
            while pending:
                # Short waits keep the main thread responsive to Ctrl-C.
                _done, pending = cf.wait(pending, timeout=0.2)
                self.progress.tick(self.budget)
            for f in futures:
                f.result()
        except KeyboardInterrupt:
            # Cancels what is in flight: the workers return within a fraction of a second.
            self.interrupt()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown(wait=True)

    def _resolve_batch(self, todo: list[Unit]) -> None:
        """Send the units as one batch (or collect the pending one) and store the replies."""
        runner = BatchRunner(
            self.client(None),
            self.journal,
            poll_interval=self.settings.batch_poll_interval,
            timeout=self.settings.batch_timeout,
        )
        keys = {u.request.key for u in todo if u.request is not None}
        batch_id = self.batch_id or runner.pending_batch(keys)
        reserved: dict[str, float] = {}
        if batch_id is None:
            send, reserved = self._reserve(todo)
            if not send:
                return
            try:
                batch_id = runner.submit(
                    [u.request for u in send if u.request is not None], run_key=self.run_key
                )
            except (PermanentError, TransientGiveUp, Stopped) as exc:
                self._release(reserved)
                self.halt(f"could not start the batch: {exc}")
                return
        self.batch_ids.append(batch_id)
        try:
            outcome = runner.wait(batch_id)
        except BatchStillRunning as exc:
            self._release(reserved)
            self.halt(
                f"batch {exc.batch_id} is still {exc.status}; rerun with --resume "
                f"(or --batch-id {exc.batch_id}) to collect it"
            )
            return
        except (PermanentError, TransientGiveUp, Stopped) as exc:
            self._release(reserved)
            self.halt(f"batch {batch_id}: {exc or 'stopped'}")
            return
        self._collect(todo, outcome, reserved)
        self._release(reserved)

    def _reserve(self, todo: list[Unit]) -> tuple[list[Unit], dict[str, float]]:
        """The units the budget lets into a new batch, and their reservations (by key)."""
        send: list[Unit] = []
        reserved: dict[str, float] = {}
        for u in todo:
            assert u.request is not None
            try:
                reserved[u.request.key] = self.budget.reserve(
                    u.request.est_input, u.request.est_output, model=self._price_model(u)
                )
                send.append(u)
            except BudgetExceeded as exc:
                self.halt(f"{exc.reason}; partial result saved, rerun with --resume to continue")
                u.error = "not_run"
        return send, reserved

    def _release(self, reserved: dict[str, float]) -> None:
        """Give back the reservations no reply was paid for."""
        for reservation in reserved.values():
            self.budget.settle(reservation, 0, 0, paid=False)

    def _collect(self, todo: list[Unit], outcome: BatchOutcome, reserved: dict[str, float]) -> None:
        """Store each unit's reply from the batch (its reservation settled) or its error."""
        by_key = {u.request.key: u for u in todo if u.request is not None}
        for key, u in by_key.items():
            if key in outcome.results:
                res = outcome.results[key]
                model = self._price_model(u)
                if key in reserved:
                    self.budget.settle(
                        reserved.pop(key), res.input_tokens, res.output_tokens, model=model
                    )
                else:
                    self.budget.charge(res.input_tokens, res.output_tokens, model=model)
                self._store(u, res)
            elif key in outcome.errors:
                u.error = f"batch_error: {outcome.errors[key]}"


def call_kind(u: Unit) -> str:
    """What a call is for, as usage counts it: generate, critic, judge or repair."""
    return "repair" if u.id.endswith(":repair") else u.kind
