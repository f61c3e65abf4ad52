"""A member of a sequence named by its place, asked by its own name instead.

A text that walks through kinds or steps says "The next category of <thing> is a <member>,
one that ...": its subject is a place in an order the reader of a question never sees
(:mod:`datasetkit.lint.sequence`), but its complement names the member itself. The
question asks what that member is ("What is a <member>?"), answered by the sentence.
"""

from __future__ import annotations

import re

from datasetkit.lint.sequence import sequence_reference

# The complement: "a"/"an", the member's name (a word in quotes may mark it), then a comma
# and what it is ("one that ...", "which ...", "a <noun> that ...").
_MEMBER = re.compile(
    r"^(?:(?:is|was)\s+)?(?:an?)\s+(?P<member>[\"“‘']?[A-Za-z][\w-]*[\"”’']?(?:\s+[a-z][\w-]*){0,2})"
    r"\s*,\s+(?:one|that|which|where|whose|an?\s+[a-z]+\s+(?:that|which|who))\b"
)


def member_question(term: str, predicate: str, lang: str = "en") -> str | None:
    """ "What is a <member>?" (English) when ``term`` names a member of a sequence by its place and
    ``predicate`` (from its verb "is" on) names the member and says what it is; else None."""
    if lang != "en" or sequence_reference(f"What is {term}?", "en") is None:
        return None
    found = _MEMBER.match(predicate.strip())
    if found is None:
        return None
    member = re.sub(r"[\"“”‘’']", "", found.group("member")).strip()
    article = "an" if member[:1].lower() in "aeiou" else "a"
    return f"What is {article} {member}?"
