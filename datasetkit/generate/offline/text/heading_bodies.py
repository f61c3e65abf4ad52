"""The body a statute's article heading names, said where a clause under it leaves it
unsaid: a pronoun ("Elle se réunit ...", "Er wird ... gewählt") or a bare noun of what
the body does ("Les décisions sont prises ...", "Beschlüsse werden ... gefasst").

Statutes in every language give each body an article of its own ("Article 11 -
Assemblée générale ordinaire", "§ 8 Mitgliederversammlung", "Artículo 12. Junta
Directiva") and state its rules there without naming it again. Read alone, such a clause
names nothing ("How often does it meet?", "What majority do decisions take?"), so the
clause forms leave it. Here the heading's body is found in the document's own words (the
heading may be set in capitals without accents, or cut by a hyphen where the line broke)
and the clause is read again with the body in place of the pronoun or after the bare
noun; a form that asks the clause so read asks its question, answered by the sentence
as the document writes it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, replace

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.text.intro_words import of
from datasetkit.generate.offline.text.view import Sentence
from datasetkit.knowledge.model import Document

BODY_LANGUAGES = ("de", "fr", "es")

# The number a statute sets before an article's heading ("ARTICLE 11 -", "§ 8",
# "Artículo 12.", "Art. 3 :", "4.").
_NUMBER = re.compile(
    r"^\s*(?:(?i:article|art\.|artículo|articulo|art[íi]culo)\s*(?:\d+|premier|primero|[IVXLC]+)"
    r"(?:er|e|ème|º|°)?|§\s*\d+\w?|\d+(?:\.\d+)*)\s*[.:)\-–—]?\s*"
)
# The bodies a heading may name, by the head noun, with the noun's gender (the pronoun
# that stands for it and the article that goes before it).
_BODY = {
    "fr": (
        (r"assembl[ée]e|commission|direction|f[ée]d[ée]ration", "f"),
        (r"conseil|bureau|comit[ée]", "m"),
    ),
    "de": (
        (r"\w*[Vv]ersammlung|\w*[Kk]ommission|Geschäftsführung", "f"),
        (r"Vorstand|Beirat|Ausschuss|Aufsichtsrat|Kuratorium|Präsidium", "m"),
    ),
    "es": (
        (r"asamblea|junta|comisi[óo]n|direcci[óo]n", "f"),
        (r"consejo|comit[ée]", "m"),
    ),
}
_PRONOUN = {"fr": {"Elle": "f", "Il": "m"}, "de": {"Sie": "f", "Er": "m"}, "es": {}}
# The nouns of what a body does that a statute says bare in the body's article: its
# decisions, deliberations, votes and meetings.
_DEEDS = {
    "fr": r"décisions|délibérations|résolutions|scrutins|votes|réunions|séances|convocations",
    "de": r"Beschlüsse|Sitzungen|Abstimmungen|Wahlen|Beschlussfassung",
    "es": r"acuerdos|decisiones|reuniones|sesiones|votaciones|deliberaciones",
}
_DEED_ARTICLE = {"fr": r"Les\s", "de": r"(?:Die\s|der\s)?", "es": r"(?:Los|Las)\s"}
# A complement after the noun: it already says whose.
_WHOSE = re.compile(r"^\s?(?:de|du|des|d['’]|der|des|del|de\sla|de\slos)\b")


@dataclass(frozen=True)
class Body:
    """A body as the document writes it, with its article ("l'assemblée générale
    ordinaire", "die Mitgliederversammlung"), and its gender."""

    said: str
    gender: str
    name: str  # without its article ("assemblée générale ordinaire")


def _fold(text: str) -> str:
    """``text`` in lower case without accents, one character for each of ``text``'s."""
    out = []
    for ch in text:
        base = unicodedata.normalize("NFD", ch)[:1].casefold()
        out.append(base if len(base) == 1 else ch)
    return "".join(out)


def _gender(head: str, lang: str) -> str | None:
    for pattern, gender in _BODY[lang]:
        if re.fullmatch(pattern, head, re.IGNORECASE):
            return gender
    return None


def _article(lang: str, gender: str, word: str) -> str:
    if lang == "de":
        return "die " if gender == "f" else "der "
    if lang == "fr" and _fold(word[:1]) in "aeiouh":
        return "l'"
    return {"fr": {"f": "la ", "m": "le "}, "es": {"f": "la ", "m": "el "}}[lang][gender]


def heading_body(said: Sentence) -> Body | None:
    """The body the heading right above ``said`` names, as its document writes it, or
    None (no heading, a heading that names no body, a body the text never names)."""
    lang = said.lang
    if lang not in BODY_LANGUAGES or not said.path:
        return None
    name = _NUMBER.sub("", str(said.path[-1])).strip(" .:-–—")
    words = name.split()
    if not 1 <= len(words) <= 5 or (gender := _gender(words[0], lang)) is None:
        return None
    doc = said.text_chunk.chunk.meta.get("document")
    if not isinstance(doc, Document):
        return None
    # The heading's words as the text writes them: a heading in capitals has lost its
    # accents, and one cut where its line broke has a hyphen inside a word.
    wanted = _fold(re.sub(r"(?<=\w)-\s?(?=\w)", "", name) if name.isupper() else name)
    wanted = re.escape(" ".join(wanted.split()))
    for section in doc.sections:
        if section.kind == "heading":
            continue
        found = re.search(rf"(?<!\w){wanted}(?!\w)", _fold(section.text))
        if found is not None:
            written = section.text[found.start() : found.end()]
            if lang != "de" and not any(w[:1].isupper() for w in written.split()[1:]):
                written = written[:1].lower() + written[1:]  # capitalised as a sentence opens
            return Body(_article(lang, gender, written) + written, gender, written)
    return None


def _genitive(body: Body, lang: str) -> str | None:
    """ "of <body>" as the language joins it."""
    if lang == "de":
        noun = body.said.split(" ", 1)[1]
        if body.gender == "f":
            return f"der {noun}"
        return f"des {noun}{'es' if noun.endswith(('s', 'ss', 'z', 'x')) else 's'}"
    return of(body.said, lang)


def with_body(text: str, lang: str, body: Body) -> str | None:
    """``text`` with ``body`` said where its subject leaves it unsaid, or None when its
    subject says its own (a name, a complement) or is no pronoun of the body's gender."""
    pronoun = re.match(r"^(\w+)\s", text)
    if pronoun and _PRONOUN[lang].get(pronoun.group(1)) == body.gender:
        said = body.said[:1].upper() + body.said[1:]
        return said + text[pronoun.end() - 1 :]
    deed = re.match(rf"^(?:Bei\s)?{_DEED_ARTICLE[lang]}(?:{_DEEDS[lang]})\b", text)
    if deed is None or _WHOSE.match(text[deed.end() :]):
        return None
    whose = _genitive(body, lang)
    if whose is None:
        return None
    return f"{text[: deed.end()]} {whose}{text[deed.end() :]}"


def body_named(said: Sentence, ask: Callable[[Sentence], Candidate | None]) -> Candidate | None:
    """What ``ask`` asks of ``said`` read with its article's body said in full (see the
    module), answered by the sentence as the document writes it; None when the clause
    says its own subject, or when the body is what the question asks for ("Who sets the
    fee?" of "It sets the fee": the sentence says it only as a pronoun)."""
    if said.intro or (body := heading_body(said)) is None:
        return None
    text = " ".join(said.text.split())
    named = with_body(text, said.lang, body)
    found = ask(replace(said, sentence=named)) if named else None
    if found is None or body.name.casefold() not in found.question.casefold():
        return None
    return replace(found, answer=text, evidence=text, quotes=(text,))
