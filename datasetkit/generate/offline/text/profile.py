"""What a page says a named organisation, place or product is: where it is based and how
many of something it has. "<Name> is a ... company headquartered in <Place>" asks "Where
is <Name> headquartered?"; "<Name> ..., with 19 research facilities across ..." asks "How
many research facilities does <Name> have?".

An encyclopedic article opens this way, and so do a company's "About" paragraph, a press
release's boilerplate and a product or venue page. The subject is the sentence's own
name (the name before an aside in parentheses, or the page's subject when the aside
gives it: "International Business Machines Corporation (... IBM)") or "it" right after a
sentence about the page's subject. Read by the sentence fact form when none of its other
shapes asks the sentence; the answer is the whole sentence.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.language.words import is_plural
from datasetkit.generate.offline.text.past_events import document_subject, sentence_name
from datasetkit.generate.offline.text.view import Sentence

# "<Subject> is/was ... " up to its verb; the subject a name (checked after).
_COPULA = re.compile(r"^(?P<subject>[A-Z][^,;:]{0,80}?)(?:\s*\([^()]{0,80}\))?(?:,[^,]{0,60},)?"
                     r"\s+(?P<verb>is|are|was|were)\s+(?P<rest>.+)$")  # fmt: skip
_BASED = re.compile(
    r"\b(?P<how>headquartered|based|located|situated|registered)\s+in\s+(?P<place>[A-Z][\w.'’-]*"
    r"(?:,?\s+[A-Z][\w.'’-]*){0,4})"
)
# "with 19 research facilities", "with more than 1,300 employees": a count it has.
_WITH_COUNT = re.compile(
    r"\bwith\s+(?:(?:more than|over|about|around|nearly|almost|some|approximately)\s+)?"
    r"(?P<n>\d[\d,.]*)\s+(?P<noun>(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*)"
)
_NOT_COUNTED = re.compile(r"(?i)^(?:years?|months?|days?|percent|per|times|of|to|and|or)\b")


def _subject(said: Sentence, raw: str, aside: str) -> str | None:
    """The sentence's subject as a question names it, or None."""
    named = document_subject(said)
    if raw in ("It", "The company") and named and said.before.startswith(named):
        return named
    if named and (raw == named or re.search(rf"\b{re.escape(named)}\b", aside)):
        return named
    return sentence_name(raw, said)


def profile_fact(said: Sentence) -> Fact | None:
    """Where a named subject is based, or how many of something it has."""
    text = said.sentence.strip()
    if not text.endswith(".") or len(text) > 500 or said.section.kind == "heading":
        return None
    m = _COPULA.match(text)
    if m is None:
        return None
    aside = text[m.end("subject") : m.start("verb")]
    subject = _subject(said, m.group("subject").strip(), aside)
    if subject is None:
        return None
    rest = m.group("rest")
    based = _BASED.search(rest)
    if based:
        verb = "are" if m.group("verb") in ("are", "were") else "is"
        return Fact(f"Where {verb} {subject} {based.group('how')}?", said.sentence, "where")
    count = _WITH_COUNT.search(rest)
    if count and not _NOT_COUNTED.match(count.group("noun")):
        noun = re.split(
            r"\s(?:across|in|at|on|from|for|of|and|around|worldwide)\b", count.group("noun")
        )[0]
        if is_plural(noun.split()[-1]):
            does = {"is": "does", "are": "do"}.get(m.group("verb"), "did")
            return Fact(f"How many {noun} {does} {subject} have?", said.sentence, "count")
    return None
