"""Grounding checks: is the evidence quote really in the source, and does it support the answer?

Matching is on normalised text (Unicode NFKC, case folding, typographic quotes and
dashes folded, punctuation and whitespace runs collapsed), so a quote survives the
small changes a model makes when it copies a passage. Long quotes may also match
fuzzily (a few characters off); short ones must match exactly after normalisation.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from datasetkit.core.language.detect import STOPWORDS as _STOPWORDS
from datasetkit.generate.contract import Chunk
from datasetkit.knowledge.model import Provenance

_FOLD = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
        "\u00a0": " ",
        "\u00ad": "",
    }
)
_ELLIPSIS = re.compile(r"\s*(?:\[\s*(?:\.\.\.|…)\s*\]|\.\.\.+|…)\s*")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def normalise(text: str) -> str:
    """Text folded for matching: NFKC, casefold, quotes/dashes folded, punctuation to spaces."""
    text = unicodedata.normalize("NFKC", text).translate(_FOLD).casefold()
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        # Punctuation and symbols become spaces, except inside numbers (3.5, 1,000).
        out.append(" " if cat[0] in ("P", "S", "Z", "C") and ch not in ".," else ch)
    folded = "".join(out)
    # Keep '.' and ',' only between digits.
    folded = re.sub(r"(?<!\d)[.,]|[.,](?!\d)", " ", folded)
    return " ".join(folded.split())


@dataclass(frozen=True)
class EvidenceMatch:
    """Where a quote was found: which chunk, the section's provenance, and how well."""

    chunk_id: str
    provenance: Provenance
    score: float
    exact: bool


def _passages(chunks: Sequence[Chunk]) -> list[tuple[Chunk, Provenance, str]]:
    out: list[tuple[Chunk, Provenance, str]] = []
    for ch in chunks:
        for sec in ch.sections:
            out.append((ch, sec.provenance, normalise(sec.text)))
        out.append((ch, ch.provenance, normalise(ch.text)))
    return out


def find_evidence(
    quote: str, chunks: Sequence[Chunk], *, fuzzy_threshold: float = 92.0, min_fuzzy_len: int = 24
) -> EvidenceMatch | None:
    """The first chunk (and section) holding ``quote``, or None.

    A quote with an ellipsis (``...``, ``…``, ``[...]``) matches when every part is found,
    in order, in one passage.
    """
    parts = [normalise(p) for p in _ELLIPSIS.split(quote)]
    parts = [p for p in parts if p]
    if not parts or sum(len(p) for p in parts) < 3:
        return None
    passages = _passages(chunks)
    for chunk, prov, text in passages:
        pos = 0
        for part in parts:
            found = text.find(part, pos)
            if found < 0:
                break
            pos = found + len(part)
        else:
            return EvidenceMatch(chunk.id, prov, 100.0, True)
    if len(parts) == 1 and len(parts[0]) >= min_fuzzy_len:
        from rapidfuzz import fuzz

        best: tuple[float, Chunk, Provenance] | None = None
        for chunk, prov, text in passages:
            al = fuzz.partial_ratio_alignment(parts[0], text, score_cutoff=fuzzy_threshold)
            if al is None or not _same_words(parts[0], text[al.dest_start : al.dest_end]):
                continue
            if best is None or al.score > best[0]:
                best = (al.score, chunk, prov)
        if best is not None:
            return EvidenceMatch(best[1].id, best[2], float(best[0]), False)
    return None


def _same_words(quote: str, region: str) -> bool:
    """A fuzzy match may differ in spacing and punctuation, never in a word or number:
    "8 am" may match "8am", "ten days" may not match "five days"."""
    words = set(region.split())
    squashed = region.replace(" ", "")
    return all(w in words or w in squashed for w in quote.split() if len(w) > 1 or w.isdigit())


def _tokens(text: str, language: str | None) -> list[str]:
    norm = normalise(text)
    if language in ("zh", "ja", "ko", "th"):
        # No spaces between words: compare character bigrams instead.
        chars = [c for c in norm if not c.isspace()]
        return ["".join(chars[i : i + 2]) for i in range(len(chars) - 1)] or chars
    stop = _STOPWORDS.get(language or "en", frozenset()) | _STOPWORDS["en"]
    return [t for t in norm.split() if (len(t) > 1 or t.isdigit()) and t not in stop]


def _numbers(text: str) -> set[str]:
    return {
        n.replace(",", "").replace(".", "")
        for n in _NUMBER.findall(unicodedata.normalize("NFKC", text))
    }


@dataclass(frozen=True)
class Support:
    """Whether the evidence supports an answer, with a reason code when it does not."""

    ok: bool
    reason: str = ""
    score: float = 1.0


def answer_supported(
    answer: str,
    evidence: Sequence[str],
    *,
    question: str = "",
    language: str | None = None,
    min_overlap: float = 0.6,
    check_numbers: bool = True,
) -> Support:
    """Check that ``answer`` says nothing the evidence (and the question) does not.

    Every number in the answer must appear in the evidence or the question (unless
    ``check_numbers`` is off: an aggregation's total is computed, not quoted), and most
    content words must too (a stem match counts: the first five letters).
    """
    basis = " ".join(evidence) + " " + question
    missing_numbers = _numbers(answer) - _numbers(basis)
    if check_numbers and missing_numbers:
        return Support(False, "answer_number_not_in_evidence", 0.0)
    ans = _tokens(answer, language)
    if not ans:
        return Support(True, "", 1.0)
    have = set(_tokens(basis, language))
    stems = {t[:5] for t in have if len(t) >= 5}
    hit = sum(1 for t in ans if t in have or (len(t) >= 5 and t[:5] in stems))
    score = hit / len(ans)
    if score < min_overlap:
        return Support(False, "answer_not_supported_by_evidence", round(score, 3))
    return Support(True, "", round(score, 3))


def text_in_corpus(detail: str, chunks: Sequence[Chunk]) -> bool:
    """Whether a (normalised) phrase occurs anywhere in the chunks: an unanswerable case's
    "missing detail" must not."""
    needle = normalise(detail)
    if len(needle) < 3:
        return False
    return any(needle in normalise(c.text) for c in chunks)
