"""Words broken at a line end with a hyphen: rejoined only when the joined word is a word.

A PDF keeps the hyphen a line broke at, and cannot say whether it was a real one
("cutting-" + "edge") or one the typesetter added ("deduct-" + "ible"). The document
decides first (does it write "coinsurance" or "co-insurance" elsewhere?), then a
dictionary of the document's language (pyspellchecker's word lists), then the shape
of the two halves.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from typing import Any

_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*", re.UNICODE)
# Languages pyspellchecker ships word lists for.
_DICTIONARIES = frozenset({"en", "es", "fr", "pt", "de", "it", "ru", "ar", "lv", "eu", "nl", "fa"})
SOFT_HYPHEN = "\u00ad"
_CONJUNCTIONS = frozenset({"and", "or", "und", "oder", "et", "ou", "y", "o", "e", "en"})


class Vocabulary:
    """How often each word, and each hyphenated compound, occurs inside lines of a document."""

    def __init__(self) -> None:
        self.words: Counter[str] = Counter()
        self.compounds: Counter[str] = Counter()

    def add(self, line: str) -> None:
        """Count the words of one line (its last word is left out: it may be broken)."""
        found = _WORD.findall(line)
        for token in found[:-1] if line.rstrip().endswith("-") else found:
            low = token.lower()
            if "-" in low:
                self.compounds[low] += 1
                for part in low.split("-"):
                    self.words[part] += 1
            else:
                self.words[low] += 1


@lru_cache(maxsize=4)
def _dictionary(language: str) -> Any:
    try:
        from spellchecker import SpellChecker
    except ImportError:  # the word lists are optional at run time; the document still decides
        return None
    try:
        return SpellChecker(language=language, distance=1)
    except Exception:  # a damaged or missing word list: decide without it
        return None


def _is_word(word: str, language: str | None) -> bool | None:
    if not language or language not in _DICTIONARIES:
        return None
    checker = _dictionary(language)
    if checker is None:
        return None
    return word in checker


def join_broken(left: str, right: str, vocab: Vocabulary, language: str | None) -> str:
    """``left`` (ending in a hyphen) and ``right`` (the next line) as one text."""
    if left.endswith(SOFT_HYPHEN):
        return left[:-1] + right
    head = left[:-1]
    m_left = re.search(r"([^\W\d_]+)$", head)
    m_right = re.match(r"([^\W\d_]+)", right)
    if m_left is None or m_right is None:
        return left + right  # "1990-" + "2000", "A-" + "1": keep the hyphen, no space
    a, b = m_left.group(1), m_right.group(1)
    if b.lower() in _CONJUNCTIONS:
        return left + " " + right  # a suspended hyphen: "pre- and post-natal"
    keep = _keep_hyphen(head, a, b, vocab, language)
    return (left + right) if keep else (head + right)


def _keep_hyphen(head: str, a: str, b: str, vocab: Vocabulary, language: str | None) -> bool:
    if b[:1].isupper() or re.search(r"-[^\W\d_]+$", head):
        return True  # "Non-" + "Profit", "out-of-" + "network"
    joined, compound = (a + b).lower(), f"{a}-{b}".lower()
    seen_joined, seen_compound = vocab.words[joined], vocab.compounds[compound]
    if seen_joined or seen_compound:
        return seen_compound >= seen_joined
    is_word = _is_word(joined, language)
    if is_word is not None:
        return not is_word
    # No dictionary for this language: two halves the document uses as words stay apart.
    return vocab.words[a.lower()] > 0 and vocab.words[b.lower()] > 0
