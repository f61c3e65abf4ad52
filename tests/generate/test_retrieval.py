"""The BM25 index over a run's chunks: search, covers, and speed on 10,000 chunks."""

from __future__ import annotations

import random
import time
from pathlib import Path

from datasetkit.generate.contract import Chunk
from datasetkit.generate.plan import chunk_documents
from datasetkit.generate.retrieval import LexicalIndex, terms
from datasetkit.knowledge import load
from datasetkit.knowledge.model import Provenance
from tests.conftest import ROOT

TEXTS = {
    "returns": "Unused items can be returned within 30 days of delivery for a full refund.",
    "refunds": "Refunds are paid to the original payment method within 5 business days.",
    "warranty": "All tents and backpacks carry a 2-year warranty against manufacturing defects.",
    "leave": "Full-time employees receive 20 days of paid vacation per year.",
    "parental": "Parents may take 16 weeks of parental leave after the birth or adoption of a child.",
    "expenses": "Travel expenses over $500 need the approval of your manager before booking.",
}


def _chunks() -> list[Chunk]:
    return [Chunk(k, v, Provenance(f"{k}.md")) for k, v in TEXTS.items()]


def test_terms_fold_stem_and_drop_function_words() -> None:
    assert terms("The Refunds are paid!") == ["refun", "paid"]
    assert terms("Rückerstattungen werden gezahlt") == ["rücke", "gezah"]
    assert terms("退货政策") == ["退货", "货政", "政策"]


def test_search_ranks_the_passage_that_answers() -> None:
    index = LexicalIndex(_chunks())
    hits = index.search("When are refunds paid back?", k=3)
    assert hits[0][0].id == "refunds"
    assert [s for _, s in hits] == sorted((s for _, s in hits), reverse=True)
    assert index.search("parental leave for adoptive parents", k=1)[0][0].id == "parental"
    assert index.search("", k=3) == []
    assert index.search("quantum chromodynamics", k=3) == []
    assert len(index.search("days", k=10)) == 3


def test_covers_finds_key_terms_in_any_chunk() -> None:
    index = LexicalIndex(_chunks())
    # Asked of one chunk, answered by another: the knowledge covers it.
    assert index.covers("How many weeks of parental leave can I take?")
    assert index.covers("Do travel expenses need manager approval?")
    assert index.covers("What does the warranty on backpacks cover?")
    # Topics no chunk speaks of: an unanswerable question really is.
    assert not index.covers("What is the parental leave policy for contractors in Japan?")
    assert not index.covers("Can I bring my dog to the office?")
    assert not index.covers("What is the company's stock option vesting schedule?")
    assert not index.covers("What is it?")


def test_covers_on_real_knowledge_files() -> None:
    docs = load([str(ROOT / "examples" / "knowledge")], None)
    index = LexicalIndex(chunk_documents([d for d in docs if d.sections], 1200))
    assert index.covers("How much does the Basecamp 6 tent weigh?")
    assert index.covers("Can gas canisters be returned?")
    assert index.covers("How do I make a warranty claim?")
    assert not index.covers("Do you ship kayaks to Antarctica?")
    assert not index.covers("What is the dress code for the Berlin office?")


def test_the_index_is_built_on_first_use_and_is_fast_for_10000_chunks() -> None:
    rng = random.Random(3)
    vocab = [f"word{i}" for i in range(5000)] + list(" ".join(TEXTS.values()).split())
    chunks = [
        Chunk(str(i), " ".join(rng.choices(vocab, k=150)), Provenance("big.txt"))
        for i in range(10_000)
    ]
    t0 = time.perf_counter()
    index = LexicalIndex(chunks)
    assert time.perf_counter() - t0 < 0.05  # nothing is built yet
    t0 = time.perf_counter()
    index.search("warm up")
    build = time.perf_counter() - t0
    t0 = time.perf_counter()
    for i in range(100):
        index.search(f"word{i} word{i + 7} refund warranty days", k=5)
        index.covers(f"Is word{i * 3} covered by the warranty?")
    per_query = (time.perf_counter() - t0) / 200
    assert build < 15 and per_query < 0.2, (build, per_query)


def test_run_offers_the_index_through_the_plan(tmp_path: Path) -> None:
    from datasetkit.generate import run
    from datasetkit.generate.contract import GenerationResult, Plan

    seen: list[object] = []

    class Spy:
        def generate_knowledge(
            self, plan: Plan, *, language: str | None = None
        ) -> GenerationResult:
            seen.append(plan.retrieval)
            return GenerationResult()

        def generate_starter(self, *a: object, **k: object) -> GenerationResult:
            return GenerationResult()

    run.register_provider("spy-retrieval", lambda **_: Spy())
    try:
        outcome = run.generate_knowledge(
            run.GenerateOptions(
                files=[str(ROOT / "examples" / "knowledge")],
                count=2,
                output=str(tmp_path / "out.json"),
                provider="spy-retrieval",
                seed=1,
            )
        )
    finally:
        run.PROVIDERS.pop("spy-retrieval", None)
    index = seen[0]
    assert isinstance(index, LexicalIndex) and index is outcome.retrieval
    assert len(index) == len(outcome.chunks)
    assert index.covers("How much does the Basecamp 6 weigh?")
