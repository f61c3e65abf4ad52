"""Near-duplicate detection: exact on small sets, LSH on large ones, deterministic."""

from __future__ import annotations

import random

from datasetkit.lint.neardup.search import EXACT_LIMIT, exact_pairs, near_duplicate_pairs
from datasetkit.lint.text import normalize, vague_reason


def _corpus(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    syll = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "pe", "da", "gu", "zo"]
    words = ["".join(rng.choice(syll) for _ in range(rng.randint(2, 4))) for _ in range(3000)]
    out = [" ".join(rng.choice(words) for _ in range(rng.randint(6, 12))) for _ in range(n)]
    for k in range(0, n, 25):  # a near-duplicate of every 25th text
        out.append(out[k].replace(" ", "  x ", 1))
    return list(dict.fromkeys(normalize(t) for t in out))


def test_small_sets_are_exact():
    texts = [
        normalize(t)
        for t in (
            "How do I reset my VPN token?",
            "how do i reset my vpn tokens",
            "Who approves expense reports?",
        )
    ]
    pairs = near_duplicate_pairs(texts, 0.9)
    assert [(a, b) for a, b, _ in pairs] == [(0, 1)]


def test_lsh_finds_what_exact_finds():
    texts = _corpus(EXACT_LIMIT + 400)
    assert len(texts) > EXACT_LIMIT
    lsh = {(a, b) for a, b, _ in near_duplicate_pairs(texts, 0.9)}
    exact = {(a, b) for a, b, _ in exact_pairs(texts, list(range(len(texts))), 0.9)}
    assert exact and len(lsh & exact) >= 0.98 * len(exact)
    assert lsh <= exact  # every reported pair is verified exactly
    assert near_duplicate_pairs(texts, 0.9) == near_duplicate_pairs(texts, 0.9)


def test_normalize_and_vague():
    assert normalize("  Ｈｏｗ  do I… RESET my token?! ") == "how do i reset my token"
    assert vague_reason("Tell me about returns")
    assert vague_reason("refunds")
    assert vague_reason("Can I return a laptop I bought online 40 days ago?") is None
    assert vague_reason("退货政策是什么") is None
