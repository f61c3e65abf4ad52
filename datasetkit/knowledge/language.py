"""Which language a knowledge document is written in (stopword counts, no model).

Only has to separate the languages the offline question templates speak, so that a
German price list gets German questions. Returns None when the text is too short or
no language clearly wins.
"""

from __future__ import annotations

import re
from collections import Counter

_STOPWORDS: dict[str, frozenset[str]] = {
    "en": frozenset(
        [
            "the",
            "and",
            "of",
            "to",
            "is",
            "in",
            "for",
            "are",
            "with",
            "on",
            "that",
            "this",
            "be",
            "by",
            "or",
            "as",
            "at",
            "from",
            "you",
            "your",
            "it",
            "not",
            "we",
            "our",
            "can",
            "will",
            "an",
            "if",
            "has",
            "have",
            "which",
            "must",
        ]
    ),
    "de": frozenset(
        [
            "der",
            "die",
            "das",
            "und",
            "ist",
            "nicht",
            "mit",
            "den",
            "von",
            "zu",
            "für",
            "auf",
            "ein",
            "eine",
            "im",
            "dem",
            "des",
            "sie",
            "wir",
            "bei",
            "oder",
            "auch",
            "werden",
            "wird",
            "sind",
            "nach",
            "kann",
            "einen",
        ]
    ),
    "fr": frozenset(
        [
            "le",
            "la",
            "les",
            "et",
            "est",
            "des",
            "une",
            "un",
            "du",
            "en",
            "pour",
            "dans",
            "que",
            "qui",
            "sur",
            "pas",
            "par",
            "au",
            "avec",
            "vous",
            "nous",
            "sont",
            "ce",
            "cette",
            "être",
            "ou",
            "aux",
            "peut",
        ]
    ),
    "es": frozenset(
        [
            "el",
            "la",
            "los",
            "las",
            "y",
            "es",
            "de",
            "que",
            "en",
            "un",
            "una",
            "para",
            "con",
            "por",
            "del",
            "se",
            "no",
            "su",
            "al",
            "lo",
            "como",
            "más",
            "son",
            "este",
            "esta",
            "usted",
            "puede",
        ]
    ),
    "it": frozenset(
        [
            "il",
            "lo",
            "la",
            "gli",
            "le",
            "e",
            "è",
            "di",
            "che",
            "un",
            "una",
            "per",
            "con",
            "del",
            "della",
            "non",
            "sono",
            "nel",
            "alla",
            "come",
            "anche",
            "questo",
            "questa",
            "può",
            "essere",
        ]
    ),
    "pt": frozenset(
        [
            "o",
            "a",
            "os",
            "as",
            "e",
            "é",
            "de",
            "que",
            "em",
            "um",
            "uma",
            "para",
            "com",
            "do",
            "da",
            "não",
            "no",
            "na",
            "por",
            "se",
            "mais",
            "são",
            "este",
            "esta",
            "você",
            "pode",
            "ser",
        ]
    ),
    "nl": frozenset(
        [
            "de",
            "het",
            "een",
            "en",
            "is",
            "van",
            "in",
            "op",
            "te",
            "dat",
            "die",
            "voor",
            "met",
            "zijn",
            "niet",
            "aan",
            "er",
            "ook",
            "als",
            "bij",
            "of",
            "worden",
            "wordt",
            "kan",
            "u",
        ]
    ),
}

_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


def detect_language(text: str, min_hits: int = 8) -> str | None:
    """The ISO 639-1 code of the language ``text`` is most likely in, or None."""
    words = _WORD.findall(text[:200_000].lower())
    if not words:
        return None
    counts: Counter[str] = Counter()
    for word in words:
        for lang, stop in _STOPWORDS.items():
            if word in stop:
                counts[lang] += 1
    if not counts:
        return None
    ranked = counts.most_common(2)
    best, hits = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else 0
    # Short words overlap between Romance languages; require a clear lead.
    if hits < min_hits or hits < runner_up * 1.3:
        return None
    return best
