"""The named subject of a report's sentence, as a question says it.

A report's narrative states its facts of a named thing: a country, a study, a programme,
an organisation. A sentence names it outright ("<Name> has ...", "<Name>'s population
...", "the population of <Name> ..."), or by a generic noun the reader resolves from the
headings and the title ("the study", "the programme", "the country"). A question asked
of the sentence names it in full, or is not asked: without the name it has an answer in
every report of its kind.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from datasetkit.generate.offline.doc_subject import subject_of
from datasetkit.generate.offline.text.past_events import sentence_name
from datasetkit.generate.offline.text.view import Sentence

# The kinds of named undertaking a report calls by their kind alone once it has named them.
KINDS = (
    "study|survey|programme|program|project|trial|report|plan|strategy|initiative|"
    "evaluation|review|campaign|scheme|fund|act|reform|census"
)
_GENERIC = re.compile(rf"(?i)^(?:the|this|our) (?P<kind>{KINDS})$")
_PLACE = re.compile(r"(?i)^the (?:country|nation)$")
# The offices and bodies of a state, said "the <office>" in its own report.
_OFFICE = re.compile(
    r"(?i)^the (?:government|parliament|president|prime minister|cabinet|central bank|"
    r"national parliament|ministry of [a-z ]{3,40}|state|municipalities|regions|provinces)$"
)
# "<Name>'s <noun>", "the <noun> of <Name>": a thing of a named subject.
_POSSESSIVE = re.compile(r"^(?P<owner>.+?)['’]s (?P<thing>[a-z][a-z -]{1,40})$")
_OF_NAME = re.compile(r"^(?:The|the) (?P<thing>[a-z][a-z -]{1,40}?) of (?P<owner>.+)$")


def _name_of_kind(kind: str) -> re.Pattern[str]:
    """A capitalised name that ends with the kind's word ("<Words> Impact Study")."""
    word = kind.capitalize()
    return re.compile(rf"\b(?:[A-Z][\w'’-]*\s+(?:(?:of|for|on|and|in|to|the)\s+)*){{1,6}}{word}\b")


@lru_cache(maxsize=64)
def _most_named(text: str, kind: str) -> str | None:
    """The name of ``kind`` the text says most, clearly ahead of any other (twice at least)."""
    counts = Counter(
        re.sub(r"^(?:The|This|Our|A|An|In|At|For|By)\s+", "", m.group(0))
        for m in _name_of_kind(kind).finditer(text)
    )
    ranked = counts.most_common(2)
    if not ranked or ranked[0][1] < 2 or len(ranked[0][0].split()) < 2:
        return None
    if len(ranked) > 1 and ranked[1][1] * 2 > ranked[0][1]:
        return None
    return ranked[0][0]


def _kind_named(kind: str, said: Sentence) -> str | None:
    """The named ``kind`` a generic mention refers to: the nearest heading that names one,
    else the one the document names most."""
    pattern = _name_of_kind(kind)
    for heading in reversed([*said.path, said.text_chunk.title or ""]):
        m = pattern.search(heading)
        if m and len(m.group(0).split()) >= 2:
            return "the " + re.sub(r"^(?:The|This|Our)\s+", "", m.group(0))
    doc = said.text_chunk.chunk.meta.get("document")
    text = "\n".join(s.text for s in getattr(doc, "sections", ()) if s.kind != "heading")
    found = _most_named(text, kind) if text else None
    return f"the {found}" if found else None


def _place(said: Sentence) -> str | None:
    subject = subject_of(said.text_chunk.chunk, said.ctx)
    return subject.name if subject is not None and subject.kind == "place" else None


def _names(raw: str, said: Sentence) -> bool:
    """True when ``raw`` holds a name the document writes as one (or is the place)."""
    tokens = [t.strip(",.") for t in raw.split()]
    if sentence_name(raw, said) is not None:
        return True
    place = _place(said)
    return any(
        t[:1].isupper() and (said.ctx.words.name(t) or t == place) for t in tokens[1:] or tokens
    )


def named_subject(raw: str, said: Sentence) -> str | None:
    """``raw`` (a clause's subject) as a question names it, or None when no name is found."""
    # "<Name>'s population of <figure>": the figure is the sentence's, not the subject's.
    raw = re.sub(
        r"\s+of\s+(?:about |some |over )?[\d.,]+(?:\s+(?:million|billion))?$", "", raw.strip()
    )
    if not raw or len(raw.split()) > 8 or re.search(r"\d|[;:()]", raw):
        return None
    generic = _GENERIC.match(raw)
    if generic:
        return _kind_named(generic.group("kind").lower(), said)
    if _PLACE.match(raw):
        return _place(said)
    if _OFFICE.match(raw) and _place(said):
        # "the government" of the place the report is about: the question says the place
        # when the document's subject is added to it ("... in <Place>?").
        return raw[:1].lower() + raw[1:]
    if _PLACE.match(raw.split("'")[0]) and raw.endswith(("'s", "’s")):
        return None
    named = sentence_name(raw, said)
    if named is not None:
        return named
    for shape in (_POSSESSIVE, _OF_NAME):
        m = shape.match(raw)
        if m and _names(m.group("owner"), said):
            owner = m.group("owner")
            said_raw = raw[:1].lower() + raw[1:] if raw.startswith("The ") else raw
            if _PLACE.match(owner.lower()):
                place = _place(said)
                return said_raw.replace(owner, place) if place else None
            return said_raw
    return None
