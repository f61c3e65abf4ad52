"""A sentence that states what a named thing is for ("Le but de <X> est de ...", "El
objetivo de <X> es ...", "Ziel <der X> ist es, ..."), asked what its aim is in German,
French or Spanish, and answered by the whole sentence.

Reports, process descriptions, team pages and statutes say what a meeting, a policy, a
body or a project is for in one clause shape per language: the noun of an aim (goal,
purpose, mission, role), "of" and the thing it belongs to, a copula, then the aim. The
question names the thing as the sentence does; an aim of nothing named ("Le but est
de ...", "Ziel ist es, ...") or of a thing that points back ("ce projet", "este
programa", "dieser Kurs") or belongs to the writer ("notre équipe") is not asked: the
question would not say whose aim it is. (English has its own form, in ``policy``.)
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.text.view import Sentence

AIM_LANGUAGES = frozenset({"de", "fr", "es"})

# The thing the aim belongs to: "of" with its article, then a noun phrase with no clause
# punctuation.
_OF = {
    "fr": r"(?P<of>(?:de la|de l['’]|du|des|de|d['’])\s?[^\W\d][^,;:()]{2,70}?)",
    "es": r"(?P<of>(?:de la|de las|de los|del|de)\s[^\W\d][^,;:()]{2,70}?)",
    "de": r"(?P<of>(?:der|des|von|vom)\s[^\W\d][^,;:()]{1,60}?)",
}
# (pattern, the question's opening): the aim's noun with its article, "of" the thing, the
# copula and what opens the aim.
_AIMS = {
    "fr": (
        (
            rf"^(?:Le|L['’])\s?(?P<noun>but|objectif|rôle|objet)\s{_OF['fr']}\s"
            r"(?:est|sera|consiste à)\s",
            "Quel est {the}{noun} {of} ?",
        ),
        (
            rf"^La\s(?P<noun>mission|finalité|vocation|raison d['’]être)\s{_OF['fr']}\s"
            r"(?:est|sera|consiste à)\s",
            "Quelle est la {noun} {of} ?",
        ),
    ),
    "es": (
        (
            rf"^El\s(?P<noun>objetivo|propósito|fin|cometido)\s(?:principal\s)?{_OF['es']}\s"
            r"(?:es|será|consiste en)\s",
            "¿Cuál es el {noun} {of}?",
        ),
        (
            rf"^La\s(?P<noun>finalidad|misión|función|meta)\s(?:principal\s)?{_OF['es']}\s"
            r"(?:es|será|consiste en)\s",
            "¿Cuál es la {noun} {of}?",
        ),
    ),
    "de": (
        (
            rf"^(?:Das\s)?(?P<noun>Ziel|Hauptziel)\s{_OF['de']}\s(?:ist|war|wird)\b",
            "Was ist das {noun} {of}?",
        ),
        (
            rf"^(?:Der\s)?(?P<noun>Zweck)\s{_OF['de']}\s(?:ist|war|wird)\b",
            "Was ist der {noun} {of}?",
        ),
        (
            rf"^Die\s(?P<noun>Aufgabe)\s{_OF['de']}\s(?:ist|war|wird)\b",
            "Was ist die {noun} {of}?",
        ),
    ),
}
# Words that point back or speak for the writer: the question would not say whose aim.
_POINTING = {
    "fr": r"ce|cet|cette|ces|notre|nos|votre|vos|son|sa|ses|leur|leurs|celui|celle",
    "es": r"este|esta|estos|estas|ese|esa|esos|esas|nuestro|nuestra|nuestros|nuestras|su|sus",
    "de": r"dies\w*|jene\w*|unser\w*|euer|eure\w*|sein\w*|ihr\w*|solche\w*",
}
# An aim says what is to be done: an infinitive ("est de ...", "es mejorar ...", "ist es,
# ... zu ..."), not a description of the thing.
_INFINITIVE = {
    "fr": re.compile(r"^(?:de|d['’])\s?\w+|^\w+er\b"),
    "es": re.compile(r"^\w+(?:ar|er|ir)\b|^(?:que|lograr|ser)\b"),
    "de": re.compile(r"\bzu\s+\w+|\w+zu\w+en\b|\bdass\b"),
}
# "Therefore", "thus": the aim follows from the sentence before it.
_CONSEQUENT = {
    "fr": re.compile(r"(?i)(?:donc|ainsi|alors|par conséquent)\b"),
    "es": re.compile(r"(?i)(?:por (?:eso|ello|lo tanto|tanto)|entonces|así)\b"),
    "de": re.compile(r"(?i)(?:deshalb|daher|also|somit|deswegen|folglich)\b"),
}
_MOST_WORDS = 70


def aim_question(sentence: str, lang: str) -> str | None:
    """The question a sentence that states a named thing's aim asks in ``lang``, or None."""
    if lang not in _AIMS or len(sentence.split()) > _MOST_WORDS:
        return None
    text = " ".join(sentence.split())
    for pattern, asks in _AIMS[lang]:
        m = re.match(pattern, text)
        if m is None:
            continue
        of = m.group("of").strip()
        if re.search(rf"(?i)\b(?:{_POINTING[lang]})\b", of):
            return None
        rest = text[m.end() :].lstrip(" ,")
        if lang == "de":
            rest = re.sub(r"^es\b[\s,]*", "", rest)
        if _CONSEQUENT[lang].match(rest):
            return None  # an aim drawn from what came before: asked alone, it loses why
        if not _INFINITIVE[lang].search(rest) or len(rest.split()) < 3:
            return None
        the = "l'" if lang == "fr" and m.group("noun")[:1] in "aeiouéèê" else "le "
        question = asks.format(the=the, noun=m.group("noun"), of=of)
        return question
    return None


def stated_aim(said: Sentence) -> Candidate | None:
    """What a sentence says a named thing is for, answered by the sentence."""
    text = " ".join(said.text.split())
    question = aim_question(text, said.lang)
    if question is None:
        return None
    return Candidate(question, text, text, said.section, "purpose", 1, (text,))
