"""Sending chat requests so that a stop cancels them at once.

A worker thread blocked in a synchronous socket read cannot be interrupted: Ctrl-C
would wait for every request in flight (minutes, on a slow local server). Here each
request runs as a task on one event loop in a background thread, through the
``openai`` async client; the worker thread waits on it in short steps and cancels it
the moment the run stops, which closes its connection.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import contextlib
import threading
from collections.abc import Callable
from typing import Any

from datasetkit.generate.llm.wire.pacing import Stopped

# How often a waiting worker looks at the stop event (seconds).
POLL = 0.05


class Cancelled(Stopped):
    """The request was in flight when the run stopped, and was cancelled."""


class AsyncSender:
    """Runs chat requests on a private event loop; :meth:`cancel_all` stops them at once."""

    def __init__(self, factory: Callable[[], Any]) -> None:
        self._factory = factory
        self._client: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._inflight: set[cf.Future[Any]] = set()

    def _ensure_loop(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                self._thread = threading.Thread(
                    target=loop.run_forever, name="datasetkit-llm-loop", daemon=True
                )
                self._thread.start()
                self._loop = loop
            return self._loop

    async def _create(self, body: dict[str, Any], timeout: float) -> Any:
        if self._client is None:
            # Built on the loop it will run on: the async HTTP client is bound to it.
            self._client = self._factory()
        return await self._client.chat.completions.create(**body, timeout=timeout)

    def send(self, body: dict[str, Any], timeout: float, stop: threading.Event) -> Any:
        """The reply to ``body``; raises :class:`Cancelled` when ``stop`` is set first."""
        fut = asyncio.run_coroutine_threadsafe(self._create(body, timeout), self._ensure_loop())
        with self._lock:
            self._inflight.add(fut)
        try:
            while True:
                try:
                    return fut.result(timeout=POLL)
                except cf.TimeoutError:
                    if stop.is_set():
                        fut.cancel()
                        raise Cancelled() from None
                except cf.CancelledError:
                    raise Cancelled() from None
        finally:
            with self._lock:
                self._inflight.discard(fut)

    def in_flight(self) -> int:
        """Requests sent and not answered yet."""
        with self._lock:
            return sum(1 for f in self._inflight if not f.done())

    def cancel_all(self) -> int:
        """Cancel every request in flight; how many there were."""
        with self._lock:
            pending = [f for f in self._inflight if not f.done()]
        for f in pending:
            f.cancel()
        return len(pending)

    def close(self) -> None:
        """Close the HTTP client and stop the loop (requests still in flight are cancelled)."""
        with self._lock:
            loop, thread, self._loop = self._loop, self._thread, None
        if loop is None:
            return
        self.cancel_all()
        if self._client is not None:
            # Closing is best effort: the process may be stopping.
            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(self._client.close(), loop).result(timeout=2)
            self._client = None
        loop.call_soon_threadsafe(loop.stop)
        if thread is not None:
            thread.join(timeout=2)
        if not loop.is_running():
            loop.close()
