"""The place a report is about: a country, a region or a city its title names and its
text keeps saying facts "in".

A country report, a regional survey or a city's annual report states most of its facts
of one place without repeating it in every sentence ("The government is appointed by the
president"). A question asked of such a sentence says the place ("... in <Place>?"), or
it has an answer in every country's report. The evidence is two places that agree: a
name in the title (or a heading above the text) and a body that says "in <Name>" again
and again, and names it far more often than any other name of the title.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import DocWords
from datasetkit.knowledge.model import Document

# How often the body says "in <Name>", and names it at all, before it is the place.
_IN_AT_LEAST = 3
_NAMED_AT_LEAST = 6
# Words of a title that are no place: the kind of document and what it says of its place.
_TITLE_WORDS = frozenset(
    [
        "map",
        "report",
        "country",
        "profile",
        "overview",
        "survey",
        "summary",
        "review",
        "annual",
        "national",
        "regional",
        "the",
        "of",
        "and",
        "for",
        "in",
        "on",
        "a",
        "an",
        "to",
        "education",
        "policy",
        "structures",
        "system",
        "systems",
        "statistics",
        "key",
        "data",
        "facts",
        "figures",
    ]
)


def _as_in_text(word: str, text: str) -> str | None:
    """``word`` (a title's word, maybe in capitals) as the body writes it, when it does
    so as a name (capitalised)."""
    m = re.search(rf"\b{re.escape(word.capitalize())}\b", text)
    return m.group(0) if m and word.isalpha() else None


def place_named(titles: Sequence[str], text: str, words: DocWords) -> str | None:
    """The place the document is about (see the module), or None."""
    found: list[tuple[int, str]] = []
    for title in titles:
        for word in re.findall(r"[^\W\d_]{3,}", title):
            if word.lower() in _TITLE_WORDS:
                continue
            name = _as_in_text(word, text)
            if name is None or not words.name(name):
                continue  # a word the text also writes in lower case is no place's name
            if len(re.findall(rf"\b{name}\s+\d", text)) * 4 > len(re.findall(rf"\b{name}\b", text)):
                continue  # "<Part> 13": a numbered part of a document, not a place
            # "in <Name>" on its own (not "in <Name> <Name>", a longer name it begins).
            said_in = len(re.findall(rf"\b(?:in|across|throughout) {name}\b(?!\s+[A-Z\d])", text))
            named = len(re.findall(rf"\b{name}\b", text))
            if said_in >= _IN_AT_LEAST and named >= _NAMED_AT_LEAST and said_in * 5 >= named:
                found.append((named, name))
    if not found:
        return None
    found.sort(reverse=True)
    if len(found) > 1 and found[1][0] * 2 > found[0][0] and found[1][1] != found[0][1]:
        return None  # two places the title names about as often: which one, it does not say
    return found[0][1]


def place_of(
    doc: Document, titles: Sequence[str], text: str, words: DocWords
) -> tuple[str, str | None] | None:
    """The place ``doc`` is about, read from its titles and first headings, and "country"
    when its text says "the country" of it (a question's "the country" is then the place)."""
    headings = [s.text for s in doc.sections if s.kind == "heading"][:3]
    place = place_named((*titles, *headings), text, words)
    if place is None:
        return None
    return place, ("country" if re.search(r"\bthe country\b", text) else None)


# A question in the reader's voice: "How do I ...", "Can I ...", "... my ...".
_READER = re.compile(r"\b(?:I|my|me)\b")


def asks_the_reader(question: str, place: str = "") -> bool:
    """True for a question in the reader's voice. A report about a place states what its
    government, people and institutions do and plan; it gives its reader no task, so a
    fact of it asked as "How do I ...?" is framed wrongly. Nor is "What is <the place>?"
    a question one of its sentences answers."""
    if place and question in (f"What is {place}?", f"Where is {place}?"):
        return True  # the report's whole subject, asked of one sentence about it
    return bool(_READER.search(question))


def place_said(cands: list[Candidate], place: str) -> list[Candidate]:
    """The cases of a report about ``place``: none in the reader's voice, and "the country"
    said by its name (a question is asked of the agent, which holds many countries)."""
    out = []
    for c in cands:
        if asks_the_reader(c.question, place):
            continue
        out.append(replace(c, question=re.sub(r"\bthe country\b", place, c.question)))
    return out


# What a text says a place is: "<Name> is a <Nordic> country", "<Name>, officially ...,
# is a republic".
_PLACE_KINDS = r"(?:country|republic|kingdom|nation|state|city|region|province|island|monarchy)"


def as_place(found: Any, text: str) -> Any:
    """``found`` (a document's subject) as a place when it is an organisation a title names
    alone and the text says it is a country, a republic, a city or a region: its facts
    are true "in" it ("... in <Name>?"), never "at" it."""
    if found.kind != "organisation" or found.org or " " in found.name:
        return found
    said = rf"\b{re.escape(found.name)}\b[^.]{{0,80}}?\bis (?:a|an|the) (?:[\w-]+ ){{0,3}}{_PLACE_KINDS}\b"
    if not re.search(said, text):
        return found
    head = "country" if re.search(r"\bthe country\b", text) else None
    return replace(found, kind="place", head=head)
