"""The OpenAI / Azure OpenAI Batch API: one upload instead of thousands of calls.

Requests are written as JSONL (``custom_id`` = the request key), uploaded with
``files.create(purpose="batch")``, started with ``batches.create``, polled, and the
output file is downloaded and mapped back by ``custom_id``. The batch id goes into the
journal as soon as the batch exists, so an interrupted run resumes by polling the same
batch instead of paying for a second one.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from datasetkit.generate.llm.config.settings import redact
from datasetkit.generate.llm.engine.journal import Journal
from datasetkit.generate.llm.wire.client import (
    ChatRequest,
    ChatResult,
    LLMClient,
    PermanentError,
    Stopped,
    TransientGiveUp,
)

T = TypeVar("T")

FINAL_STATES = ("completed", "failed", "expired", "cancelled")


@dataclass
class BatchOutcome:
    """Replies by request key, per-request errors, and the batch's final state."""

    results: dict[str, ChatResult] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    batch_id: str | None = None
    status: str | None = None


class BatchStillRunning(Exception):
    """The batch did not finish within the wait allowed; resume later."""

    def __init__(self, batch_id: str, status: str) -> None:
        super().__init__(f"batch {batch_id} is still {status}")
        self.batch_id = batch_id
        self.status = status


def build_batch_jsonl(requests: list[ChatRequest], *, url: str) -> bytes:
    """The batch input file: one request per line, ``custom_id`` = request key."""
    lines = [
        json.dumps(
            {"custom_id": r.key, "method": "POST", "url": url, "body": r.body},
            ensure_ascii=False,
            separators=(",", ":"),
        )
        for r in requests
    ]
    return ("\n".join(lines) + "\n").encode("utf-8")


def parse_batch_output(data: bytes) -> tuple[dict[str, ChatResult], dict[str, str]]:
    """Results and errors by ``custom_id`` from an output (or error) file."""
    results: dict[str, ChatResult] = {}
    errors: dict[str, str] = {}
    for raw in data.decode("utf-8", errors="replace").splitlines():
        if not raw.strip():
            continue
        try:
            rec = json.loads(raw)
        except ValueError:
            continue
        cid = rec.get("custom_id")
        if not isinstance(cid, str):
            continue
        response = rec.get("response") or {}
        body = response.get("body") if isinstance(response, dict) else None
        status = response.get("status_code") if isinstance(response, dict) else None
        if rec.get("error") or status != 200 or not isinstance(body, dict):
            err = rec.get("error") or (body or {}).get("error") or {"message": f"status {status}"}
            errors[cid] = redact(str(err.get("message") if isinstance(err, dict) else err))
            continue
        choices = body.get("choices") or [{}]
        message = choices[0].get("message") or {}
        usage = body.get("usage") or {}
        content = message.get("content")
        results[cid] = ChatResult(
            content=content,
            finish_reason=choices[0].get("finish_reason"),
            refusal=message.get("refusal"),
            input_tokens=int(usage.get("prompt_tokens") or 0),
            output_tokens=int(usage.get("completion_tokens") or 0),
            source="batch",
        )
    return results, errors


class BatchRunner:
    """Runs a list of requests as one batch job, resumable by batch id."""

    def __init__(
        self,
        client: LLMClient,
        journal: Journal,
        *,
        poll_interval: float,
        timeout: float,
        on_poll: Callable[[str, dict[str, Any]], None] | None = None,
    ) -> None:
        self.client = client
        self.journal = journal
        self.poll_interval = poll_interval
        self.timeout = timeout
        self.on_poll = on_poll
        self.url = client.profile.batch_url

    def _call(self, fn: Callable[[], T]) -> T:
        """A files/batches call with the same retry rules as chat calls."""
        import openai

        settings = self.client.settings
        for attempt in range(settings.max_retries + 1):
            if self.client.stop.is_set():
                raise Stopped()
            try:
                return fn()
            except (
                openai.RateLimitError,
                openai.InternalServerError,
                openai.APIConnectionError,
            ) as exc:
                if attempt >= settings.max_retries:
                    raise TransientGiveUp(redact(str(exc)), attempts=attempt + 1) from None
                delay = min(settings.backoff_max, settings.backoff_base * 2**attempt)
                if self.client.stop.wait(delay):
                    raise Stopped() from None
            except openai.APIStatusError as exc:
                raise PermanentError(
                    f"batch API: {exc.status_code} {exc.message}", status=exc.status_code
                ) from None
        raise AssertionError("unreachable")

    def pending_batch(self, keys: set[str]) -> str | None:
        """A journaled batch, not yet downloaded, that covers all of ``keys``."""
        done = {r.get("id") for r in self.journal.of_kind("batch_done")}
        for rec in reversed(self.journal.of_kind("batch")):
            if rec.get("id") not in done and keys <= set(rec.get("keys") or ()):
                return str(rec["id"])
        return None

    def submit(self, requests: list[ChatRequest], *, run_key: str) -> str:
        """Upload the requests and start a batch; the id is journaled before returning."""
        data = build_batch_jsonl(requests, url=self.url)
        oa = self.client.openai
        uploaded = self._call(
            lambda: oa.files.create(
                file=("datasetkit-batch.jsonl", data, "application/jsonl"), purpose="batch"
            )
        )
        batch = self._call(
            lambda: oa.batches.create(
                input_file_id=uploaded.id,
                endpoint=self.url,
                completion_window="24h",
                metadata={"datasetkit_run": run_key[:64]},
            )
        )
        self.journal.append(
            "batch", id=batch.id, input_file_id=uploaded.id, keys=[r.key for r in requests]
        )
        return str(batch.id)

    def wait(self, batch_id: str) -> BatchOutcome:
        """Poll until the batch ends, then download and map its output."""
        oa = self.client.openai
        started = time.monotonic()
        while True:
            batch = self._call(lambda: oa.batches.retrieve(batch_id))
            status = str(batch.status)
            if self.on_poll is not None:
                counts = getattr(batch, "request_counts", None)
                self.on_poll(status, counts.model_dump() if counts is not None else {})
            if status in FINAL_STATES:
                break
            if time.monotonic() - started > self.timeout:
                raise BatchStillRunning(batch_id, status)
            if self.client.stop.wait(self.poll_interval):
                raise Stopped()
        outcome = BatchOutcome(batch_id=batch_id, status=status)
        for file_id in (
            getattr(batch, "output_file_id", None),
            getattr(batch, "error_file_id", None),
        ):
            if not file_id:
                continue
            content: Any = self._call(partial(oa.files.content, file_id))
            results, errors = parse_batch_output(
                content.read() if hasattr(content, "read") else content.content
            )
            outcome.results.update(results)
            outcome.errors.update(errors)
        self.journal.append("batch_done", id=batch_id, status=status)
        return outcome
