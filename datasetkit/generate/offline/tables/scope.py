"""What a question over a whole table is about, said in the question.

"Which country has the highest population?" asked of a table captioned "Table 1: EU
Countries Information" sounds like a question about the world; the caption says which
rows the table holds. When its subject is the table's rows with words that narrow them
("EU countries", "Nordic banks"), those words go before the row noun ("Which EU country
..."); when it names something else ("Retrieval accuracy on three test sets"), the
question names the table by its caption. The number of a caption ("Table 1") is never
the scope: a user does not know it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import DocWords, is_plural, lower_words
from datasetkit.generate.offline.language.words import singular_of as _singular
from datasetkit.generate.offline.tables.view import TableChunk, TableView

# A running page number read into the caption line below it ("2 Table 1: ..."), and the
# caption's number.
# Its number may stand alone before a capital ("Table 1 Composition of ..."), as some
# styles print it.
_NUMBER = re.compile(
    r"(?i)^(?:\d{1,4}\s+)?(?:table|tab\.)\s+\d+[a-z]?(?:\s*[:.]\s*|\s+(?=(?-i:[A-Z])))"
)
# Words a caption closes on that say it is a table, not what of.
_FURNITURE = re.compile(
    r"(?i)\s+(?:information|info|data|details|overview|summary|statistics|stats|list|"
    r"table|facts|figures|at a glance)$"
)


def caption_subject(caption: str | None) -> str | None:
    """What a numbered caption says the table is about ("EU Countries" of "Table 1: EU
    Countries Information"), or None for no caption or one without a number."""
    if not caption or not _NUMBER.match(caption.strip()):
        return None
    text = _NUMBER.sub("", caption.strip()).strip().rstrip(".:")
    while _FURNITURE.search(text):
        text = _FURNITURE.sub("", text).strip()
    return text if 1 <= len(text.split()) <= 10 else None


def scoped_question(question: str, view: TableView, words: DocWords) -> str:
    """``question`` over the whole of ``view`` with the table's subject said in it (English)."""
    subject = caption_subject(view.caption)
    entity = view.entity
    if subject is None or entity == "row":
        return question
    said = subject.split()
    opener = re.match(rf"^(Which|How many) ({re.escape(entity)}\w*)\b", question)
    if opener is None:
        return question
    if len(said) >= 2 and is_plural(said[-1]) and _singular(said[-1].lower()) == entity:
        # An acronym ("EU") is said as written; other words as running text says them.
        narrowed = " ".join(
            w if w.isupper() and len(w) > 1 else lower_words(w, words) for w in said[:-1]
        )
        if len(narrowed.split()) <= 3 and narrowed.casefold() not in question.casefold():
            return f"{opener.group(1)} {narrowed} {question[len(opener.group(1)) + 1 :]}"
        return question
    if len(said) < 2 or subject.casefold() in question.casefold():
        return question
    return f"{question.rstrip('?')} in the table “{subject}”?"


def scoped_all(found: list[Candidate], part: TableChunk) -> list[Candidate]:
    """The questions a form asked over the whole table, each with the table's subject."""
    if part.lang != "en":
        return found
    return [
        replace(c, question=scoped_question(c.question, part.view, part.ctx.words)) for c in found
    ]
