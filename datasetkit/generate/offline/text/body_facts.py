"""Where an organisation has its seat, how often a body meets and with what notice it is
called, asked in German, French, Spanish, Portuguese or Italian in that language's words.

Statutes and rules of procedure in every language state these three facts with one clause
each: "<the association> has its seat in <place>", "<the assembly> meets <once a year>",
"<the meetings> are called <N days> in advance". The subject is a definite noun phrase
the question names again after the verb the language asks with; the answer is the whole
sentence.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.text.intro_words import INTRO_LANGUAGES, as_object, of, subject
from datasetkit.knowledge.model import Section

# (pattern after the subject, question, kind).
_SEAT = {
    "pt": (r"tem\s(?:a\ssua\s)?sede\s(?:em|no|na)\s", "Onde fica a sede {of}?"),
    "es": (r"tiene\ssu\s(?:sede|domicilio(?:\ssocial)?)\sen\s", "¿Dónde tiene su sede {np}?"),
    "it": (
        r"ha\s(?:la\s(?:propria\s|sua\s)?)?sede\s(?:legale\s)?(?:in|a|presso)\s",
        "Dove ha sede {np}?",
    ),
    "fr": (r"a\sson\ssiège(?:\ssocial)?\s(?:à|au|en)\s", "Où se trouve le siège {of} ?"),
    "de": (r"hat\s(?:seinen|ihren)\sSitz\sin\s", "Wo hat {np} {own} Sitz?"),
}
_ONCE = (
    r"(?:uma|duas|três|una|dos|tres|una|due|tre|une|deux|trois|\d+)\s(?:vez|vezes|volta|volte|fois)"
)
# A period a body meets in, said without a count ("chaque année", "jährlich").
_EVERY = {
    "fr": r"(?:chaque|tous\sles|toutes\sles)\s(?:\w+\s)?(?:ans?|années?|mois|trimestres?|semestres?|semaines?)\b"
    r"|annuellement\b|trimestriellement\b",
    "es": r"(?:cada|todos\slos)\s(?:\w+\s)?(?:años?|mes(?:es)?|trimestres?|semestres?|semanas?)\b"
    r"|anualmente\b|trimestralmente\b",
    "de": r"(?:jedes|jeden|jede)\s(?:\w+\s)?(?:Jahr|Halbjahr|Quartal|Monat|Geschäftsjahr)\b"
    r"|(?:halb|viertel)?jährlich\b|monatlich\b",
}
_MEETS = {
    "pt": (
        rf"(?P<v>reúne|reúnem|reunirá|reunirão|reúne-se)\s(?:[a-z]+mente\s)?{_ONCE}\s",
        "Com que frequência {v} {np}?",
    ),
    "es": (
        rf"(?P<v>se\sreúne|se\sreunirá|se\sreúnen)\s(?:[a-z]+mente\s|con\scarácter\s\w+\s|al\smenos\s)*"
        rf"(?:{_ONCE}\s|{_EVERY['es']})",
        "¿Con qué frecuencia {v} {np}?",
    ),
    "it": (
        rf"(?P<v>si\sriunisce|si\sriunirà|si\sriuniscono)\s(?:[a-z]+mente\s)?(?:almeno\s)?{_ONCE}\s",
        "Con quale frequenza {v} {np}?",
    ),
    "fr": (
        rf"(?P<v>se\sréunit|se\sréuniront|se\sréunira|est\s(?:convoqué|réuni)e?)\s(?:de\sdroit\s|obligatoirement\s|"
        rf"en\ssession\sordinaire\s|au\smoins\s)*(?:{_ONCE}\s|{_EVERY['fr']})",
        "À quelle fréquence {v} {np} ?",
    ),
    "de": (
        rf"(?P<v>tritt|tagt|findet)\s(?:mindestens\s)?(?:einmal|zweimal|\d+\s?-?mal|{_EVERY['de']})\b",
        "Wie oft {v} {np}{tail}?",
    ),
}
_ASKED_AGAIN = {"reúne-se": "se reúne"}


def _seat(text: str, lang: str) -> str | None:
    pattern, asks = _SEAT[lang]
    m = re.match(rf"^{subject(lang)}\s{pattern}\S", text)
    if m is None:
        return None
    np = as_object(m.group("np"))
    joined = of(np, lang)
    if "{of}" in asks and joined is None:
        return None
    own = "ihren" if np.startswith("die ") else "seinen"
    return asks.format(np=np, of=joined, own=own)


def _meets(text: str, lang: str) -> str | None:
    pattern, asks = _MEETS[lang]
    m = re.match(rf"^{subject(lang)}\s{pattern}", text)
    if m is None:
        return None
    v = _ASKED_AGAIN.get(m.group("v"), m.group("v"))
    tail = {"tritt": " zusammen", "findet": " statt"}.get(v, "")
    if v == "findet" and not re.search(r"\bstatt\.?$", text):
        return None
    return asks.format(v=v, np=as_object(m.group("np")), tail=tail)


# German sets the period first and the body after the verb: "<Once a year> takes place
# <an ordinary general meeting>".
_DE_PERIOD_FIRST = re.compile(
    r"^(?:Mindestens\s)?(?:Einmal|Zweimal|Jährlich|Halbjährlich|Jedes\sJahr)\b[^,;]{0,30}?\s"
    r"findet\s(?:eine|die)\s(?P<np>[^,;.]{3,60}?)\sstatt\.?$"
)


def _de_period_first(text: str, lang: str) -> str | None:
    m = _DE_PERIOD_FIRST.match(text) if lang == "de" else None
    return None if m is None else f"Wie oft findet die {m.group('np')} statt?"


def body_fact(sentence: str, section: Section, lang: str) -> Candidate | None:
    """ "O CNIG tem a sua sede em ..." -> "Onde fica a sede do CNIG?"; "A Assembleia Geral
    reúne ordinariamente uma vez por ano ..." -> "Com que frequência reúne a Assembleia
    Geral?"; answered by the whole sentence."""
    text = " ".join(sentence.split())
    if lang not in INTRO_LANGUAGES or len(text) > 400 or not text[:1].isupper():
        return None
    seat = _seat(text, lang)
    if seat is not None:
        return Candidate(seat, text, text, section, "where", 1, (text,))
    often = _meets(text, lang) or _de_period_first(text, lang)
    if often is not None:
        return Candidate(often, text, text, section, "frequency", 0, (text,))
    return None
