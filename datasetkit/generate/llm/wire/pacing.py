"""Pacing: a Retry-After reader, token buckets for requests and tokens per minute, and a
concurrency limit that halves on throttling and creeps back up on success."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from typing import Any


class Stopped(Exception):
    """The run is stopping; no new calls are made."""


def parse_retry_after(headers: Any, now: float | None = None) -> float | None:
    """Seconds to wait from ``retry-after-ms`` or ``retry-after`` (seconds or HTTP date)."""
    if headers is None:
        return None
    ms = headers.get("retry-after-ms")
    if ms:
        try:
            return max(0.0, float(ms) / 1000.0)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    current = datetime.now(timezone.utc).timestamp() if now is None else now
    return max(0.0, when.timestamp() - current)


class TokenBucket:
    """A bucket refilled at ``per_minute`` units a minute, holding at most 10 seconds' worth."""

    def __init__(self, per_minute: float, clock: Callable[[], float]) -> None:
        self.rate = per_minute / 60.0
        self.capacity = max(1.0, per_minute / 6.0)
        self.level = self.capacity
        self.clock = clock
        self.stamp = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.level = min(self.capacity, self.level + (now - self.stamp) * self.rate)
        self.stamp = now

    def wait_time(self, amount: float) -> float:
        """Seconds until ``amount`` is available (0 when it is)."""
        self._refill()
        amount = min(amount, self.capacity)
        return 0.0 if self.level >= amount else (amount - self.level) / self.rate

    def take(self, amount: float) -> None:
        """Remove ``amount`` (the level may go below zero: a debt paid back by refill)."""
        self._refill()
        self.level -= min(amount, self.capacity)

    def give_back(self, amount: float) -> None:
        """Return (or, when negative, charge) units after the real usage is known."""
        self._refill()
        self.level = min(self.capacity, self.level + amount)


class Pacer:
    """Requests-per-minute and tokens-per-minute pacing, plus a shared pause after a 429."""

    def __init__(
        self,
        rpm: int | None,
        tpm: int | None,
        *,
        clock: Callable[[], float] = time.monotonic,
        stop: threading.Event,
    ) -> None:
        self.clock = clock
        self.stop = stop
        self.rpm = TokenBucket(rpm, clock) if rpm else None
        self.tpm = TokenBucket(tpm, clock) if tpm else None
        self.paused_until = 0.0
        self.lock = threading.Lock()
        self.waited = 0.0

    def acquire(self, tokens: int) -> None:
        """Block until one request of ``tokens`` tokens may be sent."""
        while True:
            with self.lock:
                wait = max(0.0, self.paused_until - self.clock())
                if self.rpm:
                    wait = max(wait, self.rpm.wait_time(1))
                if self.tpm:
                    wait = max(wait, self.tpm.wait_time(tokens))
                if wait <= 0:
                    if self.rpm:
                        self.rpm.take(1)
                    if self.tpm:
                        self.tpm.take(tokens)
                    return
            self.waited += wait
            if self.stop.wait(min(wait, 1.0)):
                raise Stopped()

    def settle(self, estimated: int, actual: int) -> None:
        """Correct the token bucket once the real token count is known."""
        if self.tpm:
            with self.lock:
                self.tpm.give_back(estimated - actual)

    def pause(self, seconds: float) -> None:
        """Hold every request for ``seconds`` (the server asked us to back off)."""
        with self.lock:
            self.paused_until = max(self.paused_until, self.clock() + seconds)


class AdaptiveLimit:
    """A concurrency limit that halves on throttling and creeps back up on success."""

    def __init__(self, maximum: int, *, stop: threading.Event) -> None:
        self.maximum = max(1, maximum)
        self.limit = self.maximum
        self.active = 0
        self.successes = 0
        self.lowest = self.maximum
        self.cond = threading.Condition()
        self.stop = stop

    def acquire(self) -> None:
        """Wait for a free slot under the current limit."""
        with self.cond:
            while self.active >= self.limit:
                if self.stop.is_set():
                    raise Stopped()
                self.cond.wait(0.2)
            self.active += 1

    def release(self) -> None:
        """Free a slot."""
        with self.cond:
            self.active -= 1
            self.cond.notify_all()

    def throttled(self) -> None:
        """A 429 or 5xx: halve the limit (not below 1)."""
        with self.cond:
            self.limit = max(1, self.limit // 2)
            self.lowest = min(self.lowest, self.limit)
            self.successes = 0

    def succeeded(self) -> None:
        """A success: after ``limit`` successes in a row, allow one more at a time."""
        with self.cond:
            self.successes += 1
            if self.limit < self.maximum and self.successes >= self.limit:
                self.limit += 1
                self.successes = 0
                self.cond.notify_all()


class SpeedMeter:
    """The server's measured writing speed, and the per-request timeout it implies.

    A request may take as long as writing ``max_tokens`` at the measured speed, twice
    over, plus a quarter minute to read the prompt; never less than the configured
    timeout, never more than 15 minutes. A timeout the user set is used as it is.
    """

    def __init__(self, configured: float, *, fixed: bool, assumed: float) -> None:
        self.configured = configured
        self.fixed = fixed
        self.assumed = assumed
        self.tokens = 0
        self.seconds = 0.0
        self.last_timeout = configured
        self.lock = threading.Lock()

    def record(self, output_tokens: int, seconds: float, reported: bool) -> None:
        """A reply of ``output_tokens`` took ``seconds``."""
        if not reported or output_tokens <= 0 or seconds <= 0:
            return
        with self.lock:
            self.tokens += output_tokens
            self.seconds += seconds

    @property
    def tokens_per_second(self) -> float | None:
        """The measured speed (None before the first reply)."""
        with self.lock:
            return self.tokens / self.seconds if self.seconds > 0 else None

    def timeout(self, max_tokens: int) -> float:
        """Seconds one request of at most ``max_tokens`` output tokens may take."""
        if self.fixed or max_tokens <= 0:
            value = self.configured
        else:
            speed = self.tokens_per_second or self.assumed
            value = min(900.0, max(self.configured, 15.0 + 2.0 * max_tokens / speed))
        self.last_timeout = value
        return value
