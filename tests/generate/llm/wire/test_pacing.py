"""Pacing: Retry-After in its forms, token buckets for requests and tokens per minute."""

from __future__ import annotations

import pytest

from datasetkit.generate.llm.wire.pacing import Pacer, TokenBucket, parse_retry_after


def test_retry_after_forms() -> None:
    assert parse_retry_after({"retry-after": "2"}) == 2.0
    assert parse_retry_after({"retry-after-ms": "250"}) == 0.25
    when = "Wed, 21 Oct 2015 07:28:00 GMT"
    assert parse_retry_after({"retry-after": when}, now=1445412470.0) == pytest.approx(10.0)
    assert parse_retry_after({}) is None


def test_token_buckets_pace_requests() -> None:
    now = [0.0]
    bucket = TokenBucket(60, clock=lambda: now[0])  # one a second, burst of 10
    for _ in range(10):
        assert bucket.wait_time(1) == 0
        bucket.take(1)
    assert bucket.wait_time(1) == pytest.approx(1.0)
    now[0] += 1.0
    assert bucket.wait_time(1) == 0
    import threading

    p = Pacer(None, 600, stop=threading.Event(), clock=lambda: now[0])
    p.acquire(100)  # within the 10-second burst of 100 tokens
    assert p.tpm is not None and p.tpm.wait_time(100) > 0
