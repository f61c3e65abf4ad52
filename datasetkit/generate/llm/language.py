"""Offline language detection: writing system first, then stopword counts for Latin scripts.

Small and model-free on purpose: it only has to tell which language a source document
is written in (so questions and answers come out in it), and whether a generated case
came back in another language.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "de": "German",
    "fr": "French",
    "es": "Spanish",
    "it": "Italian",
    "pt": "Portuguese",
    "nl": "Dutch",
    "sv": "Swedish",
    "da": "Danish",
    "no": "Norwegian",
    "fi": "Finnish",
    "pl": "Polish",
    "cs": "Czech",
    "tr": "Turkish",
    "ru": "Russian",
    "uk": "Ukrainian",
    "el": "Greek",
    "ar": "Arabic",
    "he": "Hebrew",
    "hi": "Hindi",
    "th": "Thai",
    "zh": "Chinese",
    "ja": "Japanese",
    "ko": "Korean",
}

_STOPWORDS: dict[str, frozenset[str]] = {
    lang: frozenset(words.split())
    for lang, words in {
        "en": "the and of to in is that for it with as was on are be this by not or from at "
        "have an which you your can will if what how do does when who there their all may must",
        "de": "der die das und ist nicht ein eine zu den mit von sich des auf für im dem sie "
        "es wird bei oder auch nach wie wenn werden kann muss sind wir ich sie ihr einer",
        "fr": "le la les et des est une un du en que pour dans qui pas au sur par avec ce "
        "sont il elle nous vous ou mais leur être peut doit aux cette ces comment quel",
        "es": "el la los las y de que en un una es por con para del se no al lo como su "
        "más pero sus le ya o este esta son puede debe cómo qué cuál también",
        "it": "il lo la gli le e di che un una è per non con del della in sono si da come "
        "ma anche al alla dei delle può deve questo questa quale",
        "pt": "o a os as e de que em um uma é para não com do da dos das se por como mais "
        "mas ao seu sua são pode deve também qual este esta",
        "nl": "de het een en van is dat in te op niet zijn met voor er aan ook als bij "
        "maar om dan wordt kan moet wat hoe deze dit je u",
        "sv": "och att det som en är på för med av till inte den har de om ett var kan "
        "ska vad hur eller men vid från också detta",
        "da": "og at det som en er på for med af til ikke den har de om et var kan skal "
        "hvad hvordan eller men ved fra også dette jeg",
        "no": "og at det som en er på for med av til ikke den har de om et var kan skal "
        "hva hvordan eller men ved fra også dette jeg ikkje",
        "fi": "ja on ei se että hän oli ovat mutta kun tai niin myös jos kuin voi pitää "
        "mikä miten tämä nämä sen joka mitä",
        "pl": "i w nie na z że się do to jest jak o co ale po dla czy przez od jego są może "
        "musi który która także jaki",
        "cs": "a v se na je že to s z do o jak ale po pro by jsou být který která také jaký "
        "musí může nebo jeho",
        "tr": "ve bir bu da de için ile ne gibi daha çok olan mı mi ama ya değil nasıl "
        "hangi ise olarak kadar",
    }.items()
}

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?", re.UNICODE)


@dataclass(frozen=True)
class Detection:
    """A language code, and how sure the detector is (0..1); ``None`` when it cannot tell."""

    language: str | None
    confidence: float


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


def detect_language(text: str) -> Detection:
    """The language of ``text`` (ISO 639-1 code) with a confidence."""
    text = unicodedata.normalize("NFKC", text)
    scripts = Counter(s for s in map(_script_of, text) if s is not None)
    total = sum(scripts.values())
    if total == 0:
        return Detection(None, 0.0)
    if scripts["kana"] and scripts["kana"] + scripts["han"] >= 0.3 * total:
        return Detection("ja", min(1.0, (scripts["kana"] + scripts["han"]) / total))
    # Each script below belongs to one language (or one we pick for it).
    for script, lang in (
        ("han", "zh"),
        ("hangul", "ko"),
        ("greek", "el"),
        ("arabic", "ar"),
        ("hebrew", "he"),
        ("devanagari", "hi"),
        ("thai", "th"),
    ):
        if scripts[script] >= 0.3 * total:
            return Detection(lang, scripts[script] / total)
    if scripts["cyrillic"] >= 0.3 * total:
        ukrainian = sum(text.count(c) for c in "іїєґІЇЄҐ")
        return Detection("uk" if ukrainian else "ru", scripts["cyrillic"] / total)
    words = [w.lower() for w in _WORD.findall(text)]
    if not words:
        return Detection(None, 0.0)
    scores = {lang: sum(1 for w in words if w in stop) for lang, stop in _STOPWORDS.items()}
    best = max(scores, key=lambda k: (scores[k], k == "en"))
    hits = scores[best]
    if hits == 0:
        return Detection(None, 0.0)
    runner_up = max((v for k, v in scores.items() if k != best), default=0)
    # Confidence grows with the number of stopwords seen and the lead over the next language.
    margin = (hits - runner_up) / hits
    coverage = min(1.0, hits / max(3.0, len(words) * 0.15))
    return Detection(best, round(min(1.0, 0.5 * coverage + 0.5 * margin), 3))


def dominant_language(texts: list[str], default: str = "en") -> str:
    """The language of a set of passages, weighted by their length."""
    weights: dict[str, float] = {}
    for t in texts:
        d = detect_language(t)
        if d.language:
            weights[d.language] = weights.get(d.language, 0.0) + len(t) * d.confidence
    return max(weights, key=lambda k: weights[k]) if weights else default


def language_name(code: str) -> str:
    """``German`` for ``de``; unknown codes are returned as given."""
    return LANGUAGE_NAMES.get(code.lower(), code)


def is_wrong_language(text: str, expected: str, *, min_confidence: float = 0.45) -> bool:
    """True when ``text`` is confidently in a language other than ``expected``.

    Short or mixed texts are given the benefit of the doubt: only a confident
    detection of a different language counts.
    """
    d = detect_language(text)
    if d.language is None or d.language == expected:
        return False
    # Danish and Norwegian share most stopwords; do not fail one for the other.
    if {d.language, expected} <= {"da", "no", "sv"} and d.confidence < 0.8:
        return False
    return d.confidence >= min_confidence
