"""Near-duplicate questions: found through rewording, kept apart when a number differs, no
pairwise comparison."""

from __future__ import annotations

import time

from datasetkit.generate.llm.checks.dedupe import NearDuplicateIndex


def test_near_duplicates_found_paraphrases_kept_apart() -> None:
    idx = NearDuplicateIndex()
    idx.add("a", "What is the refund window for online orders?")
    assert idx.find("what is the refund window for online orders") == "a"
    assert idx.find("What's the refund window for online orders?") == "a"
    assert idx.find("For online orders, what is the refund window?") == "a"
    assert idx.find("Who do I call when the support desk is closed?") is None


def test_dedupe_index_scales_without_pairwise_comparison() -> None:
    idx = NearDuplicateIndex()
    t0 = time.perf_counter()
    for i in range(3000):
        idx.add(
            str(i), f"Question number {i} about policy item {i * 7919 % 10007} in section {i % 97}?"
        )
    hits = sum(
        1
        for i in range(0, 3000, 10)
        if idx.find(f"question number {i} about policy item {i * 7919 % 10007} in section {i % 97}")
        is not None
    )
    assert hits == 300
    assert time.perf_counter() - t0 < 10


def test_questions_that_differ_in_a_number_are_not_duplicates() -> None:
    idx = NearDuplicateIndex()
    idx.add("a", "What is the price of plan 1 for small teams?")
    assert idx.find("What is the price of plan 2 for small teams?") is None
    assert idx.find("what is the price of plan 1 for small teams") == "a"
