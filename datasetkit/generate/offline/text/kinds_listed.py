"""A German list under a heading that names what its items are, asked "Welche <Heading>
gibt es?" and answered by every item (the whole-list form's question in German: German
says "which <plural noun> are there" without an article, so the heading's noun is asked
as written).

A handbook section titled by a plural noun ("Feiertage", "Standorte", "Ansprechpartner")
over a list of short entries (names, dates, places) lists instances of that noun. The
question says the heading's noun in its own form, so no article or gender is needed. It
is asked only when every item is a short entry, not a sentence (a list of rules or steps
is something else), and the noun reads as a German plural (an ending that marks one,
never one that marks a singular abstract noun such as "-ung" or "-heit").
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import unnumbered
from datasetkit.generate.offline.text.lists import items_answer
from datasetkit.generate.offline.text.view import TextChunk

# A capitalised German noun whose ending marks a plural ("Feiertage", "Standorte",
# "Kontakten", "Partner"), not a singular abstract noun.
_PLURAL = re.compile(r"^[A-ZÄÖÜ][a-zäöüß]{2,}(?:e|en|n|er|s)$")
_SINGULAR = re.compile(r"(?:ung|heit|keit|schaft|ion|tät|nis|ment|ik|tum|ur|ei|ismus)$")
_MOST_WORDS = 6
_LEAST_ITEMS = 3


def _entry(text: str) -> bool:
    """A short entry: a name, a date, a place, no sentence of its own."""
    said = text.strip()
    return (
        len(said.split()) <= _MOST_WORDS
        and not said.endswith((".", "!", "?", ":"))
        and not re.search(r"\b(?:ist|sind|wird|werden|muss|müssen|kann|können|soll)\b", said)
    )


def kinds_listed(text: TextChunk) -> list[Candidate]:
    """ "Feiertage" over a list of holidays -> "Welche Feiertage gibt es?", every item."""
    if not text.opens_section or text.heading is None:
        return []
    noun = unnumbered(str(text.heading)).strip()
    if not _PLURAL.match(noun) or _SINGULAR.search(noun):
        return []
    runs = text.lists_left()
    if len(text.runs) != 1 or len(runs) != 1:
        return []  # one list in the section: the heading is about it
    items = runs[0].items
    if len(items) < _LEAST_ITEMS or not all(_entry(s.text) for s in items):
        return []
    if any((s.level or 0) > 0 for s in items):
        return []  # nested entries: the answer would flatten their grouping
    answer = items_answer(items)
    text.hold(runs)
    return [Candidate(f"Welche {noun} gibt es?", answer, answer, items[0], "list", 1)]
