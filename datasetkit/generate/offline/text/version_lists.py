"""Release notes and changelogs: a version's section, asked what it brings.

Release notes and changelogs put each release under a heading of its own: the version,
often with the product's name, a word for it ("Version", "Release", "Versión") and the
day it came out ("1.3.2 (Oct 31 2024)", "[2.1.0] - 2024-05-01", "Release 1.1.0 (Sprint
2)", "Adobe Commerce 2.4.7-p1"). Under it stands the list of what changed, or headings
for the kinds of change ("Bug fixes", "Neue Funktionen") with a list each. Such a list is
the answer to "What is new in <product> <version>?", whole; the heading's date answers
"When was <product> <version> released?".

The question must name the product: from the heading itself, else from the document's
title ("<Name> Release Notes", "Release notes for <Name>", "Versionshinweise zu <Name>",
"Notes de version de <Name>", "Notas de la versión de <Name>"). Notes that name no product
are asked nothing (a version alone names a release of any product an agent knows of). A
changelog of many releases is asked of its first ones (newest first in nearly all).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.per_document import PerDocument
from datasetkit.generate.offline.text.lists import items_answer
from datasetkit.generate.offline.text.view import TextChunk
from datasetkit.knowledge.model import Document, Section

_MOST_RELEASES = 10  # the first version headings of a document that are asked
_MOST_ITEMS = 30
_MOST_CHARS = 1500
# A version, whole: "1.3.2", "v2.4", "2.4.7-p1", "3.0.0-rc1"; in brackets in
# keep-a-changelog style ("[2.1.0]").
_VERSION = r"\[?(?P<version>v?\d+(?:\.\d+){1,3}(?:-[A-Za-z0-9.]+)?)\]?"
# What may follow the version: its date, or a short note, in brackets or after a dash.
_AFTER = re.compile(r"^(?:[-–—:]\s*)?(?:\((?P<note>[^()]{1,40})\)|(?P<date>[^()]{6,30}?))?:?$")
# The word a heading says a version with, before it.
_WORD = re.compile(r"(?i)\s*\b(?:version|release|versión|versao|versão|versione|ver\.?|rel\.?)$")
# A product's name: one to three words, each opening with a letter.
_NAME = re.compile(r"^[A-Za-z][\w.+#&-]*(?:\s[A-Za-z][\w.+#&-]*){0,2}$")
# A line that says a list holds what a release does not bring: what is known to fail.
_NOT_NEW = re.compile(
    r"(?i)\b(?:known\s+(?:issues|problems|bugs)|limitations|bekannte\s+(?:probleme|fehler)|"
    r"einschränkungen|problèmes\s+connus|limitations|problemas\s+conocidos|limitaciones)\b"
)
# A line that says the version never came out: the heading's date is of the notes alone.
_UNRELEASED = re.compile(
    r"(?i)\b(?:(?:never|not)\s+(?:been\s+)?released|unreleased|nie\s+veröffentlicht|"
    r"nicht\s+veröffentlicht|jamais\s+publiée?|non\s+publiée?|nunca\s+(?:fue\s+)?publicad[ao]|"
    r"no\s+publicad[ao])\b"
)
# A year stated in a date.
_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
# The words a title calls release notes or a changelog by, around the product's name,
# by the language they are in.
_NOTES = {
    "en": r"release\s+notes|change\s*log",
    "de": r"versionshinweise|änderungsprotokoll|release-notes",
    "fr": r"notes\s+de\s+(?:version|mise\s+à\s+jour)|journal\s+des\s+modifications",
    "es": r"notas\s+de\s+(?:la\s+)?versión|registro\s+de\s+cambios",
}
_OF = {"en": r"for|of", "de": r"zu|für|von", "fr": r"de|du|d['’]", "es": r"de|del"}
_TITLED = [
    (lang, re.compile(p, re.IGNORECASE))
    for lang, notes in _NOTES.items()
    for p in (
        rf"^(?P<name>.+?)\s*[-–—:]?\s+(?:{notes})$",
        rf"^(?:{notes})\s+(?:{_OF[lang]})\s*(?P<name>.+)$",
        rf"^(?:{notes})$",
    )
]


@dataclass(frozen=True)
class Release:
    """One release a heading names: ``"<product> <version>"`` and its date, if stated."""

    said: str
    date: str | None


def version_heading(heading: str) -> tuple[str | None, str, str | None] | None:
    """``(product named in it, version, date)`` when ``heading`` names a version and
    little else; None otherwise."""
    text = " ".join(heading.strip().strip("*_#").split())
    m = re.search(rf"(?:^|\s){_VERSION}", text)
    if m is None:
        return None
    after = _AFTER.match(text[m.end() :].strip())
    if after is None:
        return None
    date = after.group("date") or after.group("note")
    date = date.strip() if date and _YEAR.search(date) else None
    if after.group("date") and date is None:
        return None  # words after the version that are no date: a sentence, a range
    before = _WORD.sub("", text[: m.start()]).strip().rstrip(":-–— ")
    if before and not _NAME.match(before):
        return None
    return (before or None), m.group("version"), date


def _product(doc: Document) -> str | None:
    """The product the document's title calls these the release notes of."""
    return _titled(doc)[0]


def _titled(doc: Document) -> tuple[str | None, str | None]:
    """``(product, language)`` the title of release notes says, read once."""
    return _TITLES.get(doc, lambda: _read_title(doc))


def _read_title(doc: Document) -> tuple[str | None, str | None]:
    titles = [doc.title, *[s.text for s in doc.sections if s.kind == "heading"][:1]]
    for title in titles:
        said = " ".join(str(title or "").split()).strip("*_#: ")
        for lang, pattern in _TITLED:
            m = pattern.match(said)
            if m is not None:
                name = m.groupdict().get("name")
                name = name.strip(" -–—:") if name else None
                return (name if name and _NAME.match(name) else None), lang
    return None, None


_TITLES: PerDocument[tuple[str | None, str | None]] = PerDocument()


def _first_versions(doc: Document) -> tuple[str, ...]:
    """The version headings of ``doc`` that are asked: its first ones."""
    return _FIRST.get(doc, lambda: _read_first(doc))


def _read_first(doc: Document) -> tuple[str, ...]:
    found = [s.text for s in doc.sections if s.kind == "heading" and version_heading(s.text)]
    return tuple(found[:_MOST_RELEASES])


_FIRST: PerDocument[tuple[str, ...]] = PerDocument()


def release_of(doc: Document, path: Sequence[str]) -> Release | None:
    """The release the nearest version heading of ``path`` names (with its product), or
    None when there is none, it is past the first ones or no product is named."""
    for heading in reversed(path):
        read = version_heading(str(heading))
        if read is None:
            continue
        if str(heading) not in _first_versions(doc):
            return None
        name, version, date = read
        product = name or _product(doc)
        if product is None:
            return None
        if name is None and product.casefold() in str(heading).casefold():
            return None
        return Release(f"{product} {version}", date)
    return None


def _ends_section(doc: Document, last: Section) -> bool:
    """Whether ``last`` is the last section before the next heading (or the end)."""
    # A chunk may hold a copy of the document's section (its link markup read): the
    # copy sits where the section of its kind and place does.
    at = [i for i, s in enumerate(doc.sections) if s is last] or [
        i
        for i, s in enumerate(doc.sections)
        if s.kind == last.kind and s.provenance == last.provenance
    ]
    if not at:
        return False
    return at[-1] + 1 == len(doc.sections) or doc.sections[at[-1] + 1].kind == "heading"


_NEW = {
    "en": "What is new in {r}?",
    "de": "Was ist neu in {r}?",
    "fr": "Quelles sont les nouveautés de {r} ?",
    "es": "¿Qué novedades trae {r}?",
}
_WHEN = {
    "en": "When was {r} released?",
    "de": "Wann ist {r} erschienen?",
    "fr": "Quelle est la date de sortie de {r} ?",
    "es": "¿Cuándo se publicó {r}?",
}


def version_lists(text: TextChunk) -> list[Candidate]:
    """The list right under a version heading, asked as what the release brings, and
    the release's date when the heading states it."""
    doc = text.chunk.meta.get("document")
    heading = str(text.heading or "").strip()
    if not isinstance(doc, Document) or not heading or text.chunk.meta.get("part", 0):
        return []
    # The notes' language: the document's, else the words its title calls them by (a
    # short list of changes says too few words to tell it by itself).
    lang = doc.language if doc.language in _NEW else (_titled(doc)[1] or text.lang)
    if version_heading(heading) is None or lang not in _NEW:
        return []
    release = release_of(doc, [heading])
    runs = text.lists_left()
    if release is None or not runs:
        return []
    run = runs[0]
    # The list ends the version's section and is its only one; before it may stand what
    # describes the release (a sentence on it, a "Changes" line), never other lists or a
    # line that says the list holds what is not new (known issues, limitations).
    lead = text.body[: text.body.index(run.items[0])]
    if any(s.kind != "paragraph" or _NOT_NEW.search(s.text) for s in lead):
        return []
    if not _ends_section(doc, run.items[-1]) or len(run.items) > _MOST_ITEMS:
        return []
    answer = items_answer(run.items)
    if len(answer) > _MOST_CHARS:
        return []
    intro = run.intro.text + "\n" if run.intro is not None else ""
    found = [
        Candidate(
            _NEW[lang].format(r=release.said), answer, intro + answer, run.items[0], "list", 1
        )
    ]
    if release.date and not any(_UNRELEASED.search(s.text) for s in lead):
        q = _WHEN[lang].format(r=release.said)
        found.append(Candidate(q, release.date, heading, run.items[0], "factoid", 1))
    text.hold([run])
    return found
