"""Which passage is related to another: the second source of a two-passage question.

Two passages are related when they share content words, weighted by how rare each word
is in the run's knowledge (TF-IDF cosine), and at least one shared word is rare (in at
most a fifth of the chunks): "refund" in a returns passage and a payments passage, not
"customer" in every passage. When a BM25 index of the run is at hand
(:class:`~datasetkit.generate.retrieval.LexicalIndex`), its best hits are the candidates
and the cosine decides; otherwise every chunk is a candidate.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from datasetkit.core.language.detect import STOPWORDS
from datasetkit.generate.contract import Chunk
from datasetkit.generate.llm.checks.grounding import normalise

MIN_COSINE = 0.08
QUERY_TERMS = 16
_ALL_STOPWORDS = frozenset().union(*STOPWORDS.values())


def terms(text: str) -> list[str]:
    """Content words of ``text``: normalised, no stopwords, no bare numbers."""
    return [
        t
        for t in normalise(text).split()
        if len(t) > 2
        and t not in _ALL_STOPWORDS
        and not t.replace(".", "").replace(",", "").isdigit()
    ]


class Relatedness:
    """TF-IDF vectors of a run's chunks, and the most related chunk of each."""

    def __init__(self, chunks: Sequence[Chunk], lexical: Any = None) -> None:
        self.chunks = list(chunks)
        self.lexical = lexical
        self._terms = [Counter(terms(c.text)) for c in self.chunks]
        df: Counter[str] = Counter()
        for tf in self._terms:
            df.update(tf.keys())
        n = max(1, len(self.chunks))
        self.df = df
        self.rare_df = max(2, math.ceil(n / 5))
        self._idf = {t: math.log((n + 1) / (d + 1)) + 1.0 for t, d in df.items()}
        self._vectors = [self._vector(tf) for tf in self._terms]
        self._pos = {c.id: i for i, c in enumerate(self.chunks)}
        self._best: dict[tuple[str, tuple[str, ...]], tuple[Chunk, float] | None] = {}

    def _vector(self, tf: Counter[str]) -> dict[str, float]:
        vec = {t: (1.0 + math.log(n)) * self._idf[t] for t, n in tf.items()}
        norm = math.sqrt(sum(v * v for v in vec.values())) or 1.0
        return {t: v / norm for t, v in vec.items()}

    def similarity(self, a: Chunk, b: Chunk) -> float:
        """The TF-IDF cosine of two chunks of the run (0 when either is unknown)."""
        ia, ib = self._pos.get(a.id), self._pos.get(b.id)
        if ia is None or ib is None:
            return 0.0
        va, vb = self._vectors[ia], self._vectors[ib]
        if len(va) > len(vb):
            va, vb = vb, va
        return sum(w * vb[t] for t, w in va.items() if t in vb)

    def shared_rare(self, a: Chunk, b: Chunk) -> list[str]:
        """Content words both chunks hold that are rare in the run."""
        ia, ib = self._pos.get(a.id), self._pos.get(b.id)
        if ia is None or ib is None:
            return []
        shared = set(self._terms[ia]) & set(self._terms[ib])
        return sorted(t for t in shared if self.df[t] <= self.rare_df)

    def _candidates(self, chunk: Chunk) -> list[Chunk]:
        i = self._pos.get(chunk.id)
        if self.lexical is not None and i is not None:
            # The chunk's most telling words make the query (not its whole text: a long
            # query walks the postings of every common word).
            vec = self._vectors[i]
            top = sorted(vec, key=lambda t: (-vec[t], t))[:QUERY_TERMS]
            hits = self.lexical.search(" ".join(top), 12)
            found = [c for c, _ in hits if c.id in self._pos]
            if found:
                return found
        return self.chunks

    def best(self, chunk: Chunk, exclude: Sequence[str] = ()) -> tuple[Chunk, float] | None:
        """The most related other chunk and its cosine, or None when none is related."""
        key = (chunk.id, tuple(sorted(exclude)))
        if key in self._best:
            return self._best[key]
        skip = {chunk.id, *exclude}
        best: tuple[Chunk, float] | None = None
        for other in self._candidates(chunk):
            if other.id in skip or other.text == chunk.text:
                continue
            score = self.similarity(chunk, other)
            if score < MIN_COSINE or not self.shared_rare(chunk, other):
                continue
            if best is None or score > best[1] + 1e-12:
                best = (other, score)
        self._best[key] = best
        return best
