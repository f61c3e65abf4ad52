"""Text heuristics shared by the content rules: normalisation, vague prompts, placeholders."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_PUNCT_CATEGORIES = ("P", "S")


@lru_cache(maxsize=65536)
def normalize(text: str) -> str:
    """Text for comparison: NFKC, casefolded, punctuation and symbols dropped, spaces collapsed."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    kept = [" " if unicodedata.category(ch)[0] in _PUNCT_CATEGORIES else ch for ch in folded]
    return " ".join("".join(kept).split())


def has_cjk(text: str) -> bool:
    """True when the text uses a script written without spaces between words."""
    for ch in text:
        o = ord(ch)
        if (
            0x3040 <= o <= 0x30FF
            or 0x3400 <= o <= 0x9FFF
            or 0xAC00 <= o <= 0xD7AF
            or 0xF900 <= o <= 0xFAFF
        ):
            return True
    return False


_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "for",
        "about",
        "with",
        "and",
        "or",
        "me",
        "my",
        "i",
        "you",
        "your",
        "us",
        "we",
        "our",
        "it",
        "its",
        "is",
        "are",
        "was",
        "be",
        "can",
        "could",
        "would",
        "should",
        "please",
        "some",
        "any",
        "more",
        "this",
        "that",
        "these",
        "those",
        "what",
        "whats",
        "how",
        "do",
        "does",
        "tell",
        "give",
        "show",
        "explain",
        "describe",
        "talk",
        "info",
        "information",
        "details",
        "detail",
        "help",
        "know",
        "anything",
        "something",
        "everything",
        "stuff",
        "things",
        "thing",
        "regarding",
        "around",
        "all",
        "get",
        "list",
    ]
)

# Openers that ask for "everything about X" without saying what a good answer contains.
_VAGUE_OPENERS = re.compile(
    r"^(tell me( more)? about|what about|how about|info(rmation)? (on|about)|details (on|about)|"
    r"explain|describe|talk (to me )?about|help( me)?( with)?|anything (on|about)|"
    r"give me (some )?info(rmation)?( on| about)?|what do you know about|i want to know about|"
    r"questions? about)\b"
)


def vague_reason(prompt: str) -> str | None:
    """Why a prompt is too vague to test, or None when it is specific enough."""
    norm = normalize(prompt)
    if not norm or has_cjk(norm):
        return None
    words = norm.split()
    content = [w for w in words if w not in _STOPWORDS]
    if _VAGUE_OPENERS.match(norm) and len(content) <= 2:
        return "it asks for everything about a topic"
    if len(words) <= 2 and not prompt.strip().endswith("?"):
        return "it is only a keyword or two"
    return None


_PLACEHOLDERS: list[tuple[re.Pattern[str], str]] = [
    (
        re.compile(
            r"\[(?:(?:your|the|insert|enter|add|agent|bot|company|product|customer|user|employee|"
            r"organi[sz]ation|org|tenant|name|placeholder|topic|date|email|phone|question|answer)"
            r"\b[^\]\n]{0,40})\]",
            re.IGNORECASE,
        ),
        "a [bracketed] template slot",
    ),
    (
        re.compile(
            r"<(?:insert|your|enter|add|placeholder|agent|company|name)\b[^<>\n]{0,40}>",
            re.IGNORECASE,
        ),
        "an <angle-bracket> template slot",
    ),
    (re.compile(r"\{\{\s*[\w.]+\s*\}\}|\$\{[\w.]+\}"), "an unfilled template variable"),
    (re.compile(r"\b(?:TODO|TBD|FIXME|TBA)\b"), "a to-do marker"),
    (re.compile(r"\bX{3,}\b|\?{3,}"), "filler characters"),
    (re.compile(r"\blorem ipsum\b|\bdolor sit amet\b", re.IGNORECASE), "lorem ipsum filler"),
    (
        re.compile(
            r"\b(?:(?:sample|example|expected|your) (?:answer|response|question|prompt) (?:goes )?here|"
            r"replace (?:this|me)|placeholder text)\b",
            re.IGNORECASE,
        ),
        "template instructions",
    ),
]


def find_placeholder(text: str) -> tuple[str, str] | None:
    """The first placeholder in ``text``: (the matched text, what kind it is)."""
    for pattern, kind in _PLACEHOLDERS:
        m = pattern.search(text)
        if m:
            return m.group(0), kind
    return None


_MOJIBAKE = re.compile(
    r"Ã[\u0080-\u00bf]|â€[\u0080-\u00bf\u2018-\u203a\u0153\u0161\u017e\u2122]?|Â[\u00a0-\u00bf]|ï»¿"
)


def find_mojibake(text: str) -> str | None:
    """A sequence that shows UTF-8 text decoded as Windows-1252 (``â€™`` for ``’``)."""
    m = _MOJIBAKE.search(text)
    return m.group(0) if m else None


_INVISIBLE = {
    "\u200b": "zero-width space",
    "\u200c": "zero-width non-joiner",
    "\u200d": "zero-width joiner",
    "\u2060": "word joiner",
    "\ufeff": "byte order mark",
    "\u00ad": "soft hyphen",
    "\u202a": "bidirectional embedding",
    "\u202b": "bidirectional embedding",
    "\u202c": "bidirectional pop",
    "\u202d": "bidirectional override",
    "\u202e": "bidirectional override",
    "\u2066": "bidirectional isolate",
    "\u2067": "bidirectional isolate",
    "\u2068": "bidirectional isolate",
    "\u2069": "bidirectional isolate",
}


def find_invisible(text: str) -> tuple[int, str] | None:
    """The first control or invisible character (offset, name); tabs and line breaks are fine."""
    for i, ch in enumerate(text):
        if ch in "\t\n\r":
            continue
        if ch in _INVISIBLE:
            return i, _INVISIBLE[ch]
        if unicodedata.category(ch) == "Cc":
            return i, f"control character U+{ord(ch):04X}"
    return None


_FOLLOW_UP = re.compile(
    r"^(?:and|also|then|ok(?:ay)?|but|so)\b[ ,]|^(?:what|how) about\b|^(?:same|and what|what else)\b|"
    r"\b(?:you (?:just )?(?:said|mentioned)|the previous (?:one|answer|question)|as i (?:said|mentioned)|"
    r"that one|the (?:first|second|third|last|other) one|your (?:last|previous) answer)\b",
    re.IGNORECASE,
)


def is_follow_up(question: str) -> bool:
    """A question that only makes sense after an earlier turn ("And what about the second one?")."""
    return bool(_FOLLOW_UP.search(question.strip()))


def similarity(a: str, b: str) -> float:
    """Normalised Indel similarity (0..1) of two already-normalised strings."""
    from rapidfuzz.fuzz import ratio

    return float(ratio(a, b)) / 100.0


def looks_like_formula(cell: str) -> bool:
    """A cell a spreadsheet program would run as a formula when the file is opened."""
    if not cell or cell[0] not in "=+-@\t\r":
        return False
    if cell[0] in "\t\r":
        return len(cell) > 1 and cell[1] in "=+-@"
    # A plain signed number is read as a number, not run.
    return re.fullmatch(r"[+-]\s*\d[\d.,]*%?", cell.strip()) is None
