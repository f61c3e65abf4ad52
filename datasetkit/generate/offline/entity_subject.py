"""Questions from a section about one of several things of a kind name that one.

A document that describes several funds, plans or products gives each its own heading,
named by the kind they share at its end ("<Name> Equity Fund", "<Name> Bond Fund"). A
question asked under one of them about "the fund" has a different answer under each: it
names the one it was asked under ("the <Name> Equity Fund").

The entities are read from the headings, never from a list of kinds: two or more
headings of capitalised nouns (up to eight words, a parenthesised note aside; no "of" or
"the", which put the head noun elsewhere) that end with the same singular noun, which the body also writes in lower case after "the" (the way a
question refers to one of them). A question that already names its entity, or that does
not say "the <kind>" (or "the <word of its name> <kind>"), is left as it is.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import is_plural, unnumbered
from datasetkit.generate.offline.per_document import PerDocument
from datasetkit.knowledge.model import Document


def _entity_name(heading: str) -> str | None:
    """A heading as an entity's name: title case, 2 to 8 words, its note in parentheses
    dropped; None for a sentence, a label or a numbered division."""
    text = re.sub(r"\s*\([^()]*\)\s*$", "", unnumbered(heading).strip()).strip(" :.")
    words = text.split()
    if not 2 <= len(words) <= 8 or re.search(r"[,;:?!]", text):
        return None
    if not all(w[:1].isupper() or w[:1].isdigit() or w in ("and", "&") for w in words):
        return None  # "Cost of Revenue", "Protecting the Services": not "<Name> <Kind>"
    last = words[-1]
    if not last.isalpha() or last.isupper() or is_plural(last) or words[0].endswith("ing"):
        return None  # one thing of a kind is named in the singular, by nouns
    return text


def entities(doc: Document) -> dict[str, tuple[str, str]]:
    """Heading text -> (entity name, its kind in lower case) for every heading that names
    one of several things of one kind (read once a document)."""
    return _READ.get(doc, lambda: _entities(doc))


def _entities(doc: Document) -> dict[str, tuple[str, str]]:
    by_kind: dict[str, dict[str, str]] = defaultdict(dict)
    for s in doc.sections:
        if s.kind == "heading":
            name = _entity_name(s.text)
            if name:
                by_kind[name.split()[-1]][s.text] = name
    body = "\n".join(s.text for s in doc.sections if s.kind in ("paragraph", "list_item"))
    found: dict[str, tuple[str, str]] = {}
    for kind, named in by_kind.items():
        said = re.search(rf"\bthe {re.escape(kind.lower())}\b", body) is not None
        if len(set(named.values())) >= 2 and said:
            found.update({h: (n, kind.lower()) for h, n in named.items()})
    return found


# The entities of each document read so far.
_READ: PerDocument[dict[str, tuple[str, str]]] = PerDocument()


def entity_named(c: Candidate, path: Sequence[str], found: dict[str, tuple[str, str]]) -> Candidate:
    """``c`` with "the <kind>" in its question said as the entity it was asked under."""
    entity = next((found[h] for h in reversed(path) if h in found), None)
    if entity is None:
        return c
    name, kind = entity
    q = c.question
    if name.casefold() in q.casefold():
        return c
    # "the fund", or "the equity fund" in the words of its own name.
    own = "|".join(re.escape(w.lower()) for w in name.split()[:-1] if w.isalpha())
    between = rf"(?:(?:{own}) ){{0,3}}" if own else ""
    m = re.search(rf"\b(?:the|this) {between}{re.escape(kind)}\b(?!['’-])", q)
    if m is None:
        return c
    return replace(c, question=f"{q[: m.start()]}the {name}{q[m.end() :]}")
