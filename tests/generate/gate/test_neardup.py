"""The one near-duplicate definition shared by lint, the LLM dedupe and the gate."""

from __future__ import annotations

import random
import time

from datasetkit.generate.llm.checks.dedupe import NearDuplicateIndex as LLMIndex
from datasetkit.lint.neardup import (
    NearDuplicateIndex,
    near_duplicate,
    near_duplicate_pairs,
    prompt_key,
)
from datasetkit.lint.neardup.search import EXACT_LIMIT, minhash_signatures


def test_definition_matches_lint_pairs() -> None:
    texts = [
        "How do I reset my VPN token for the London office?",
        "How do I reset the VPN token for the London office?",
        "Summarise chapter 1 of the handbook.",
        "Summarise chapter 2 of the handbook.",
        "Is supervised learning allowed?",
        "Is unsupervised learning allowed?",
        "Who do I call when the London office printer jams?",
    ]
    keys = [prompt_key(t) for t in texts]
    from datasetkit.lint.neardup import meaningful_difference

    lint_pairs = {
        (a, b)
        for a, b, _ in near_duplicate_pairs(keys, 0.9)
        if not meaningful_difference(texts[a], texts[b])
    }
    ours = {
        (a, b)
        for a in range(len(texts))
        for b in range(a + 1, len(texts))
        if near_duplicate(texts[a], texts[b]) is not None
    }
    assert ours == lint_pairs == {(0, 1)}


def test_index_finds_what_lint_finds_and_respects_numbers() -> None:
    idx = NearDuplicateIndex()
    idx.add("a", "How do I reset my VPN token for the London office?")
    hit = idx.find("How do I reset the VPN token for the London office?")
    assert hit is not None and hit[0] == "a" and 0.9 <= hit[1] < 1.0
    assert idx.find("how do I reset my VPN token for the London office") == ("a", 1.0)
    idx.add("b", "What is the price of plan 1?")
    assert idx.find("What is the price of plan 2?") is None
    # Conversations are compared by all their prompts, as lint compares them.
    idx.add("c", ["What is the refund window?", "And for sale items?"])
    assert idx.find(["What is the refund window?", "Who pays return shipping?"]) is None
    assert idx.find(["What is the refund window?", "And for sale items"]) is not None


def test_reorder_is_stricter_than_lint() -> None:
    a, b = (
        "What is the refund window for online orders?",
        "For online orders, what is the refund window?",
    )
    assert near_duplicate(a, b) is None
    assert near_duplicate(a, b, reorder=True) is not None
    llm = LLMIndex()
    llm.add("a", a)
    assert llm.find(b) == "a"


def test_single_signature_equals_batch_signature() -> None:
    from datasetkit.lint.neardup.search import minhash_signature

    texts = ["ab", "what is the refund window", "héllo wörld ✓ 日本語", "x" * 300]
    batch = minhash_signatures(texts)
    for i, t in enumerate(texts):
        assert (batch[i] == minhash_signature(t)).all()


def test_index_past_the_exact_limit_finds_lint_pairs_and_is_fast() -> None:
    rng = random.Random(7)
    words = [
        "policy",
        "refund",
        "return",
        "employee",
        "leave",
        "plan",
        "dental",
        "vision",
        "tent",
        "weight",
        "price",
        "office",
    ]
    texts = [
        f"What does the {' '.join(rng.choices(words, k=6))} say about item {chr(97 + i % 26)}{i // 26}?"
        for i in range(EXACT_LIMIT + 1500)
    ]
    # A few planted near-duplicates past the limit.
    planted = [(i, texts[i].replace("What does", "What do")) for i in range(1200, 2400, 100)]
    idx = NearDuplicateIndex()
    t0 = time.perf_counter()
    for i, t in enumerate(texts):
        idx.add(str(i), t)
    found = [idx.find(t) for _, t in planted]
    elapsed = time.perf_counter() - t0
    assert all(f is not None and f[0] == str(i) for (i, _), f in zip(planted, found, strict=True))
    assert elapsed < 10


def test_opposite_words_make_different_questions() -> None:
    from datasetkit.lint.neardup import meaningful_difference

    assert meaningful_difference(
        "What is the salary Min for AI-1004?", "What is the salary Max for AI-1004?"
    )
    assert meaningful_difference("Is it a full-time role?", "Is it a part-time role?")
    assert meaningful_difference("When does the office open?", "When does the office close?")
    assert (
        meaningful_difference("How do I reset my VPN token?", "How do I reset the VPN token?")
        is None
    )
