"""The organisation a first-person document speaks for, when no title or cover names it.

A company's handbook page says "we" and "our" and names the company where it places the
reader: "your work at <Org>", "performance at <Org>", "<Org> gets priority". A page
whose title is its topic ("A Note About Moonlighting") names the company only there.
The organisation is the name the text places the reader or the work "at" (or has them join),
written again elsewhere, in a text that speaks as "we": the one such name, never one of
two. A question then says whose rules it asks about ("Does 37signals allow ...?"), never
"our" or "the handbook".
"""

from __future__ import annotations

import re
from collections import Counter

from datasetkit.generate.offline.language.words import doc_words
from datasetkit.knowledge.model import Document

# A name: capitalised words, or a word that opens with digits ("37signals", "3M").
_NAME = r"(?:[A-Z][\w&.-]*[\w&]|\d+[A-Za-z][\w&-]*)(?:\s+[A-Z][\w&-]*[\w&]){0,2}"
_PLACED = re.compile(rf"\b(?:at|join|joined|joining)\s+(?P<name>{_NAME})")
_WE = re.compile(r"\b(?:we|our|us|we['’](?:re|ve|d|ll))\b", re.IGNORECASE)
# Words a capitalised run after "at" or "for" can be that name no organisation.
_NOT_ORG = re.compile(
    r"^(?:The|This|That|These|Those|Our|Your|Their|Its|His|Her|A|An|Any|All|Each|Every|Some|"
    r"Least|Most|Home|Work|Night|Noon|Midnight|Times?|Once|First|Last|Monday|Tuesday|"
    r"Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|"
    r"August|September|October|November|December|Example|Instance|Information|Help|More)\b"
)
# An acronym with a plural ending: a class of people or things, never one organisation.
_PLURAL_ACRONYM = re.compile(r"(?<![\w-])[A-Z][A-Z0-9]+[’']?s[’']?$")
MIN_WE = 3  # "we" said this often: the text speaks for someone
MIN_MENTIONS = 3  # the name written this often: it is a subject of the text, not an aside


def speaks_for(doc: Document) -> str | None:
    """The organisation a first-person document speaks for (see the module), or None."""
    body = [s.text for s in doc.sections if s.kind in ("paragraph", "list_item")]
    text = "\n".join(body)
    if len(_WE.findall(text)) < MIN_WE:
        return None
    words = doc_words(doc)
    placed = Counter(
        m.group("name").rstrip(".")
        for m in _PLACED.finditer(text)
        # a word the text also writes in lower case is no name ("at Risk", "at Tenant level")
        if not _NOT_ORG.match(m.group("name"))
        and not any(words.common(w) for w in m.group("name").split())
        # an acronym in the plural ("join the CEOs") names a kind of people or things
        and not _PLURAL_ACRONYM.search(m.group("name"))
    )
    found = [
        name
        for name in placed
        if len(re.findall(rf"(?<![\w.]){re.escape(name)}(?![\w-]|\.\w)", text)) >= MIN_MENTIONS
    ]
    return found[0] if len(found) == 1 else None
