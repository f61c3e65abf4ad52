"""What a body is made up of ("<the board> is composed of <members>"), asked in German,
French, Spanish, Portuguese or Italian in that language's own words.

Statutes, rules of procedure and handbooks say who sits on a board, a committee or a
team with one clause shape: the body as a definite noun phrase, a passive "composed /
formed / made up of" (or a reflexive "is composed of"), then its members. The question
asks how the body is made up, with the participle as the sentence gives it (so its
gender and number agree); the answer is the whole sentence.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.text.intro_words import INTRO_LANGUAGES, as_object, subject
from datasetkit.knowledge.model import Section

# (pattern after the subject, question): the passive with its participle, the reflexive.
_COMPOSED: dict[str, tuple[tuple[str, str], ...]] = {
    "pt": (
        (
            r"(?P<be>é|são|será|serão)\s(?P<p>compost[oa]s?|constituíd[oa]s?|formad[oa]s?)\s(?:por|de)\b",
            "Como {be} {p} {np}?",
        ),
        (r"(?P<v>se\scompõe|se\scompõem)\sde\b", "De que {v} {np}?"),
    ),
    "es": (
        (
            r"(?P<be>está|están|estará|estarán|es|son|será|serán)\s(?P<p>compuest[oa]s?|formad[oa]s?|integrad[oa]s?)\s(?:por|de)\b",
            "¿Cómo {be} {p} {np}?",
        ),
        (r"(?P<v>se\scompone|se\scomponen)\sde\b", "¿De qué {v} {np}?"),
    ),
    "it": (
        (
            r"(?P<be>è|sono|sarà|saranno)\s(?P<p>compost[oaie]|costituit[oaie]|format[oaie])\sda\b",
            "Come {be} {p} {np}?",
        ),
    ),
    "fr": (
        (
            r"(?P<be>est|sont)\s(?P<p>composée?s?|constituée?s?|formée?s?)\s(?:de|d'|par)",
            "Comment {be} {p} {np} ?",
        ),
        (r"(?P<v>se\scompose|se\scomposent)\s(?:de|d')", "De quoi {v} {np} ?"),
    ),
    "de": ((r"(?P<v>besteht|bestehen|setzt\ssich|setzen\ssich)\saus\b", "Wie {v} {np} zusammen?"),),
}
# A paragraph's number written before it ("(2)", "3.", a number written out and a dash).
_NUMBERED = re.compile(r"^(?:\(\d+\)|\d+\.|[A-ZÀ-Ú][a-zà-ú]{1,8}\s[–—])\s+(?=[A-ZÀ-Ú])")
_REFLEXIVE_DE = {"besteht": "setzt sich", "bestehen": "setzen sich"}


def composed_question(text: str, lang: str) -> str | None:
    """ "O Conselho Fiscal é composto por um Presidente e dois vogais" -> "Como é composto
    o Conselho Fiscal?"; the clause may end at its preposition (a list's introduction)."""
    if lang not in INTRO_LANGUAGES:
        return None
    for pattern, asks in _COMPOSED[lang]:
        m = re.match(rf"^{subject(lang)}\s{pattern}", text)
        if m is None:
            continue
        found = m.groupdict()
        np = as_object(m.group("np"))
        v = found.get("v") or ""
        if lang == "de":
            v = _REFLEXIVE_DE.get(v, v)
        question = asks.format(be=found.get("be") or "", p=found.get("p") or "", v=v, np=np)
        return question.replace("Come è", "Com'è")
    return None


def composed_sentence(sentence: str, section: Section, lang: str) -> Candidate | None:
    """A sentence that says what a body is made up of, asked how it is made up and
    answered by the whole sentence."""
    text = _NUMBERED.sub("", " ".join(sentence.split()))
    if lang not in INTRO_LANGUAGES or len(text) > 400 or not text[:1].isupper():
        return None
    question = composed_question(text, lang)
    if question is None:
        return None
    return Candidate(question, text, text, section, "membership", 1, (text,))
