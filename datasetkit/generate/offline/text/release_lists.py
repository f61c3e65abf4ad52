"""The lists of changes in a release announcement, asked as a whole with the release.

A release post or release-notes page groups what changed under headings that name the
kind of change ("Stabilized APIs", "Bug fixes", "Other changes", "Fehlerbehebungen",
"Nuevas funciones") and lists the changes under each, often as bare names (an API, a
flag) or fragments no sentence form can ask. The list is the answer to "what <changes>
does <the release> bring?": the release is the one the page's title announces
(``release_title``), the kind of change is the heading, whole.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import is_plural, lower_words
from datasetkit.generate.offline.per_document import PerDocument
from datasetkit.generate.offline.release_title import released
from datasetkit.generate.offline.text.lists import ListRun, items_answer
from datasetkit.generate.offline.text.version_lists import release_of
from datasetkit.generate.offline.text.view import TextChunk
from datasetkit.knowledge.model import Document

_MOST_ITEMS = 30
_ACRONYMS = re.compile(r"\b[A-Z]{2,}s$")  # "Stabilized APIs"
_MOST_CHARS = 1500
# A heading that names a kind of thing: a few words, no version, no sentence or question.
_KIND_HEADING = re.compile(r"^[^\d?!.:;,()]{3,60}$")
# The plural nouns of a heading in French and Spanish ("Corrections de bugs", "Nuevas
# funciones"): some word ends as a plural does. In German ("Fehlerbehebungen"), a heading
# of one noun (an adjective before it would need declining in the question).
_PLURAL_WORD = {
    "fr": re.compile(r"(?i)\w{3,}[sx]\b"),
    "es": re.compile(r"(?i)\w{3,}s\b"),
    "de": re.compile(r"^[A-ZÄÖÜ][\wäöüß-]{3,}(?:en|n|s|e)$"),
}


def _release(doc: Document) -> str | None:
    """The release ``doc`` announces, read once."""
    return _RELEASES.get(doc, lambda: _read(doc))


def _read(doc: Document) -> str | None:
    body = "\n".join(s.text for s in doc.sections if s.kind in ("paragraph", "list_item"))
    titles = [doc.title, *[s.text for s in doc.sections if s.kind == "heading"][:1]]
    for title in titles:
        found = released(title, body) if title else None
        if found:
            return found
    return None


_RELEASES: PerDocument[str | None] = PerDocument()


def _question(kind: str, release: str, text: TextChunk) -> str | None:
    """ "What <kind> does <release> bring?", in the chunk's language; None when the
    heading is no plural kind of change."""
    if not _KIND_HEADING.match(kind) or release.casefold() in kind.casefold():
        return None
    if text.lang == "en":
        if not (is_plural(kind) or _ACRONYMS.search(kind)):
            return None
        lowered = lower_words(kind, text.ctx.words).split()
        # An acronym in the plural ("APIs") keeps its capitals.
        said = " ".join(
            w if sum(c.isupper() for c in w) > 1 else low
            for w, low in zip(kind.split(), lowered, strict=False)
        )
        return f"What {said} does {release} bring?"
    plural = _PLURAL_WORD.get(text.lang)
    if plural is None or not plural.search(kind):
        return None
    said = kind[:1].lower() + kind[1:] if kind[1:2].islower() else kind
    if text.lang == "de":
        return f"Welche {kind} bringt {release}?"
    if text.lang == "fr":
        return f"Qu'apporte {release} en matière de {said} ?"
    return f"¿Qué {said} trae {release}?"


def release_lists(text: TextChunk) -> tuple[list[Candidate], list[ListRun]]:
    """The case asked of the list right under a heading of a release announcement that
    names a kind of change, and the list it asked."""
    doc = text.chunk.meta.get("document")
    heading = str(text.heading or "").strip()
    if not isinstance(doc, Document) or not heading:
        return [], []
    release = _release(doc)
    if release is None:  # release notes of many releases: the version heading above
        above = release_of(doc, text.path[:-1])
        release = above.said if above is not None else None
    runs = text.lists_left()
    if release is None or not runs or not text.opens_section:
        return [], []
    run = runs[0]
    # The list the heading names comes right under it, or under the one line that leads
    # into it; a list further down is a part of the section's text (its test machine).
    lead = [s for s in text.body[: text.body.index(run.items[0])] if s is not run.intro]
    if lead or not 2 <= len(run.items) <= _MOST_ITEMS:
        return [], []
    question = _question(heading, release, text)
    answer = items_answer(run.items)
    if question is None or len(answer) > _MOST_CHARS:
        return [], []
    intro = run.intro.text + "\n" if run.intro is not None else ""
    return [Candidate(question, answer, intro + answer, run.items[0], "list", 1)], [run]
