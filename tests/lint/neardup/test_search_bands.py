"""LSH candidates come once each, from the first band that pairs them: the same set as
gathering every band's pairs and removing the repeats (what the search did before)."""

from __future__ import annotations

import random

import numpy as np

from datasetkit.lint.neardup import search as neardup
from datasetkit.lint.neardup.search import (
    _band_keys,
    _bucket_pairs,
    _candidates,
    minhash_signatures,
)


def _texts(n: int) -> list[str]:
    rng = random.Random(7)
    towns = ["lima", "pune", "oslo", "rome"]
    topics = ["vpn token", "parental leave", "printer setup"]
    return [
        f"how many {rng.choice(topics)} does {rng.choice(['ana', 'bo', 'cy'])} have left in "
        f"{rng.choice(towns)}" + "?" * rng.randrange(3)
        for _ in range(n)
    ]


def _gathered(sig, gid) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    for key in _band_keys(sig, gid):
        for pairs in _bucket_pairs(key):
            left, right = pairs[:, 0], pairs[:, 1]
            ok = (sig[left] == sig[right]).mean(axis=1) >= neardup.MIN_AGREEMENT
            if gid is not None:
                ok &= gid[left] == gid[right]
            out.update(zip(left[ok].tolist(), right[ok].tolist(), strict=True))
    return out


def test_each_candidate_once_and_the_same_set(monkeypatch):
    monkeypatch.setattr(neardup, "_PAIR_CHUNK", 500)
    monkeypatch.setattr(neardup, "_AGREE_BATCH", 64)
    sig = minhash_signatures(_texts(400))
    for gid in (None, np.arange(400) % 3):
        got = [
            p
            for left, right in _candidates(sig, gid)
            for p in zip(left.tolist(), right.tolist(), strict=True)
        ]
        assert len(got) == len(set(got))
        assert set(got) == _gathered(sig, gid)
        assert len(got) > 1000
