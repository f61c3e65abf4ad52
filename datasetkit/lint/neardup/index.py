"""Cases seen so far, searched for a near-duplicate of a new one as they come
(:class:`NearDuplicateIndex`): the generation gate and the LLM engine's dedupe ask it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from datasetkit.lint.neardup.definition import (
    DEFAULT_THRESHOLD,
    joined_prompts,
    prompt_key,
    sorted_words,
)
from datasetkit.lint.neardup.meaning import meaningful_difference
from datasetkit.lint.neardup.search import (
    EXACT_LIMIT,
    LSH_BANDS,
    LSH_ROWS,
    MIN_AGREEMENT,
    minhash_signature,
    minhash_signatures,
)


class _Table:
    """Keys that can be searched for similar ones: one by one for the first EXACT_LIMIT
    keys, then through MinHash LSH candidates (the same bands and filter as
    :func:`~datasetkit.lint.neardup.search.near_duplicate_pairs`, which decide per pair, so every pair lint's search
    finds is found here too)."""

    def __init__(self) -> None:
        self.keys: list[str] = []
        self.buckets: dict[tuple[int, int], list[int]] = {}
        self._sigs: Any = None  # (capacity, LSH_BANDS * LSH_ROWS) uint32, rows filled = signed
        self._signed = 0
        self._last: tuple[str, Any] | None = None

    def _signature(self, key: str) -> Any:
        if self._last is not None and self._last[0] == key:
            return self._last[1]
        sig = minhash_signature(key)
        self._last = (key, sig)
        return sig

    @staticmethod
    def _bands(sig: Any) -> list[tuple[int, int]]:
        import numpy as np

        block = sig.reshape(LSH_BANDS, LSH_ROWS).astype(np.uint64)
        key = np.zeros(LSH_BANDS, dtype=np.uint64)
        with np.errstate(over="ignore"):
            for r in range(LSH_ROWS):
                key = (key * np.uint64(0x100000001B3)) ^ block[:, r]
        return list(enumerate(key.tolist()))

    def _store(self, sigs: Any) -> None:
        import numpy as np

        need = self._signed + len(sigs)
        if self._sigs is None or need > len(self._sigs):
            grown = np.empty(
                (max(need, 2 * EXACT_LIMIT, 2 * self._signed), sigs.shape[1]), np.uint32
            )
            if self._sigs is not None:
                grown[: self._signed] = self._sigs[: self._signed]
            self._sigs = grown
        for sig in sigs:
            self._sigs[self._signed] = sig
            for band in self._bands(sig):
                self.buckets.setdefault(band, []).append(self._signed)
            self._signed += 1

    def add(self, key: str) -> None:
        self.keys.append(key)
        if len(self.keys) <= EXACT_LIMIT:
            return
        if self._signed < len(self.keys) - 1:
            # Crossing the limit: sign everything added so far, at once.
            self._store(minhash_signatures(self.keys[self._signed : len(self.keys) - 1]))
        self._store(self._signature(key)[None, :])

    def similar(self, key: str, cutoff: float) -> list[tuple[int, float]]:
        """Indexes of keys at least ``cutoff`` (0..100) similar to ``key``, best first.

        The first EXACT_LIMIT keys are always compared one by one (lint compares a set of
        that size all-against-all); the rest are found through their LSH buckets.
        """
        from rapidfuzz import fuzz, process

        hits = {
            int(i): float(s)
            for _, s, i in process.extract(
                key, self.keys[:EXACT_LIMIT], scorer=fuzz.ratio, score_cutoff=cutoff, limit=None
            )
        }
        if len(self.keys) > EXACT_LIMIT:
            import numpy as np

            sig = self._signature(key)
            found: set[int] = set()
            for band in self._bands(sig):
                found.update(self.buckets.get(band, ()))
            cands = np.fromiter(sorted(found - hits.keys()), dtype=np.int64)
            if cands.size:
                agree = (self._sigs[cands] == sig[None, :]).mean(axis=1)
                for i in cands[agree >= MIN_AGREEMENT].tolist():
                    score = fuzz.ratio(key, self.keys[i], score_cutoff=cutoff)
                    if score >= cutoff:
                        hits[i] = float(score)
        return sorted(hits.items(), key=lambda x: (-x[1], x[0]))


class NearDuplicateIndex:
    """Cases seen so far, asked "is this a near-duplicate of one of them?" (:func:`~datasetkit.lint.neardup.definition.near_duplicate`).

    ``find`` and ``add`` take a prompt or a conversation's prompts. Fast for tens of
    thousands of cases: exact comparison while the index is small, LSH candidates after.
    """

    def __init__(self, threshold: float = DEFAULT_THRESHOLD, *, reorder: bool = False) -> None:
        self.threshold = threshold
        self.reorder = reorder
        self._names: list[str] = []
        self._raws: list[str] = []
        self._exact: dict[str, int] = {}
        self._table = _Table()
        self._sorted = _Table() if reorder else None

    def __len__(self) -> int:
        return len(self._names)

    def find(self, prompts: str | Sequence[str]) -> tuple[str, float] | None:
        """``(name, similarity)`` of the most similar indexed near-duplicate, or None."""
        key = prompt_key(prompts)
        if not key.replace("\x1f", ""):
            return None
        if key in self._exact:
            return self._names[self._exact[key]], 1.0
        cutoff = self.threshold * 100 - 1e-4
        hits = dict(self._table.similar(key, cutoff))
        if self._sorted is not None:
            for i, s in self._sorted.similar(sorted_words(key), cutoff):
                hits[i] = max(s, hits.get(i, 0.0))
        raw = joined_prompts(prompts)
        for i, score in sorted(hits.items(), key=lambda x: (-x[1], x[0])):
            if not meaningful_difference(raw, self._raws[i]):
                return self._names[i], score / 100.0
        return None

    def add(self, name: str, prompts: str | Sequence[str]) -> None:
        """Index a case's prompts under ``name`` (empty prompts are not indexed)."""
        key = prompt_key(prompts)
        if not key.replace("\x1f", ""):
            return
        self._exact.setdefault(key, len(self._names))
        self._names.append(name)
        self._raws.append(joined_prompts(prompts))
        self._table.add(key)
        if self._sorted is not None:
            self._sorted.add(sorted_words(key))
