"""A small lexical (BM25) index over the chunks of a run.

Generators use it to ask "does the knowledge answer this?" across every chunk, not only
the one a slot was drawn from, e.g. to check that an unanswerable question really is
(:meth:`LexicalIndex.covers`), or to find the passages a question is about
(:meth:`LexicalIndex.search`). Pure Python; the index is built on first use.

Text is folded (NFKC, casefold, punctuation to spaces), function words of every
language the project knows are dropped, and words are cut to a stem (a plural "s"
dropped, then the first five letters) so "refunds" finds "refund". A chunk is indexed
with its headings and sheet name. Scripts written without spaces (Chinese, Japanese,
Thai) are indexed by character pairs.
"""

from __future__ import annotations

import heapq
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

from datasetkit.core.language.detect import STOPWORDS
from datasetkit.generate.contract import Chunk

_K1 = 1.2
_B = 0.75
_STEM = 5
_STOP = frozenset().union(*STOPWORDS.values())
# Words that shape a question without saying what it is about.
_QUESTION_TEXT = """what which who whom whose when where why how does do did is are was were
    can could should would will shall may might must tell me please say says said about
    there any document documentation policy handbook guide give explain describe mean
    means know need want cover covers covered much many long often get happen happens"""
_QUESTION_WORDS = frozenset(w[:_STEM] for w in _QUESTION_TEXT.split())
_TOKEN = re.compile(r"[^\W_]+")
_NO_SPACES = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f\uf900-\ufaff]")


def terms(text: str) -> list[str]:
    """The index terms of ``text``: stems of its content words (character pairs for CJK)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    out: list[str] = []
    cache = _TERM_CACHE
    for tok in _TOKEN.findall(folded):
        term = cache.get(tok)
        if term is None:
            if not tok.isascii() and _NO_SPACES.search(tok):
                chars = [c for c in tok if not c.isspace()]
                out.extend("".join(chars[i : i + 2]) for i in range(max(1, len(chars) - 1)))
                continue
            term = _term(tok)
            if len(cache) < 200_000:
                cache[tok] = term
        if term:
            out.append(term)
    return out


_TERM_CACHE: dict[str, str] = {}


def _term(tok: str) -> str:
    """A word's index term ('' for a function word)."""
    if tok in _STOP or (len(tok) < 2 and not tok.isdigit()):
        return ""
    if len(tok) > 3 and tok.endswith("s") and not tok.endswith(("ss", "us", "is")):
        tok = tok[:-1]  # "tents" finds "tent"
    return tok[:_STEM]


def _indexed_text(chunk: Chunk) -> str:
    """A chunk's text with the headings and sheet name that say what it is about."""
    prov = chunk.provenance
    labels = [*prov.heading_path, prov.sheet or "", str(chunk.meta.get("document_title") or "")]
    return "\n".join([*(label for label in labels if label), chunk.text])


class LexicalIndex:
    """BM25 over the chunks of a run."""

    def __init__(self, chunks: Sequence[Chunk]) -> None:
        self.chunks = list(chunks)
        self._postings: dict[str, list[tuple[int, int]]] | None = None
        self._lengths: list[int] = []
        self._avg = 0.0

    def _build(self) -> dict[str, list[tuple[int, int]]]:
        if self._postings is not None:
            return self._postings
        postings: dict[str, list[tuple[int, int]]] = {}
        lengths: list[int] = []
        for i, chunk in enumerate(self.chunks):
            counts = Counter(terms(_indexed_text(chunk)))
            lengths.append(sum(counts.values()))
            for term, tf in counts.items():
                postings.setdefault(term, []).append((i, tf))
        self._lengths = lengths
        self._avg = (sum(lengths) / len(lengths)) if lengths else 0.0
        self._postings = postings
        return postings

    def __len__(self) -> int:
        return len(self.chunks)

    def idf(self, term: str) -> float:
        """BM25's inverse document frequency of a term (highest for a term no chunk has)."""
        postings = self._build()
        n = len(self.chunks)
        df = len(postings.get(term, ()))
        return math.log(1.0 + (n - df + 0.5) / (df + 0.5))

    def search(self, text: str, k: int = 5) -> list[tuple[Chunk, float]]:
        """The ``k`` best chunks for ``text`` with their BM25 scores, best first."""
        postings = self._build()
        query = Counter(terms(text))
        if not query or not self.chunks or k < 1:
            return []
        scores: dict[int, float] = {}
        avg = self._avg or 1.0
        for term, qtf in query.items():
            plist = postings.get(term)
            if not plist:
                continue
            w = self.idf(term) * qtf
            for i, tf in plist:
                norm = tf + _K1 * (1 - _B + _B * self._lengths[i] / avg)
                scores[i] = scores.get(i, 0.0) + w * tf * (_K1 + 1) / norm
        best = heapq.nlargest(k, scores.items(), key=lambda x: (x[1], -x[0]))
        return [(self.chunks[i], round(s, 6)) for i, s in best]

    def key_terms(self, question: str) -> list[str]:
        """The terms that say what ``question`` is about (question words left out)."""
        return [t for t in dict.fromkeys(terms(question)) if t not in _QUESTION_WORDS]

    def covers(self, question: str, *, share: float = 0.75) -> bool:
        """True when one chunk holds the question's key terms: the knowledge speaks to it.

        Each key term weighs its IDF, so a rare term (the detail an unanswerable question
        asks about, which no chunk has) weighs most; a chunk covers the question when it
        holds at least ``share`` of the total weight.
        """
        postings = self._build()
        keys = self.key_terms(question)
        if not keys or not self.chunks:
            return False
        weights = {t: self.idf(t) for t in keys}
        total = sum(weights.values())
        held: dict[int, float] = {}
        for t, w in weights.items():
            for i, _ in postings.get(t, ()):
                held[i] = held.get(i, 0.0) + w
        return bool(held) and max(held.values()) >= share * total
