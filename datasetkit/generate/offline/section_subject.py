"""Questions under a catalogue's entry name the entry.

A document that describes many things of one kind (roles in a role library, products in
a catalogue, events in a reference, segments in a report) gives each its own heading and,
under it, the same sub-headings ("Responsibilities", "Qualifications"). A question built
under one of them ("What are the qualifications?") has an answer under every entry: it
names the entry it was asked under ("What are the qualifications for the <Entry> role?").

The catalogue is read from the document's structure, never from its words: sibling
headings (two or more, named in mixed case) under which the same two sub-headings or
more (or label lines such as "Responsibilities:") repeat, and make up most of each
one's sub-headings, are its entries. The kind of thing they are is the plural noun
the heading above them ends with ("Roles" -> "role"), when there is one. A question that
already names its entry, or another name, is left as it is; "the <kind>" becomes "the
<Entry> <kind>", and a question that names nothing gets "for <Entry>" at its end.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import field_line, singular_of, unnumbered
from datasetkit.generate.offline.per_document import PerDocument
from datasetkit.knowledge.model import Document, Section
from datasetkit.lint.subject import names_something


@dataclass(frozen=True)
class Entry:
    """One entry of a catalogue: its name and the kind of thing it is, when known."""

    name: str
    kind: str | None


def _children(heads: list[Section], start: int) -> list[int]:
    """Indexes of the headings directly under ``heads[start]`` (-1: the document's top)."""
    level = (heads[start].level or 0) if start >= 0 else -1
    found: list[int] = []
    depth: int | None = None
    for i in range(start + 1, len(heads)):
        lv = heads[i].level or 0
        if lv <= level:
            break
        if depth is None or lv < depth:
            depth, found = lv, [i]
        elif lv == depth:
            found.append(i)
    return found


def _key(text: str) -> str:
    return re.sub(r"\W+", " ", unnumbered(text)).strip().casefold()


def catalogue(doc: Document) -> dict[str, Entry]:
    """The entries of every catalogue in ``doc``, by heading text (read once a document)."""
    return _READ.get(doc, lambda: _entries(doc))


# The catalogue of each document read so far.
_READ: PerDocument[dict[str, Entry]] = PerDocument()


_LABEL = re.compile(r"^\S+(?:\s+\S+){0,3}:$")


def _labels(doc: Document) -> dict[int, set[str]]:
    """The label lines under each heading, by the heading's index among the headings: a
    short paragraph that ends with a colon ("Responsibilities:") names a part of its
    section as a sub-heading would."""
    found: dict[int, set[str]] = {}
    index = -1
    for s in doc.sections:
        if s.kind == "heading":
            index += 1
        elif s.kind == "paragraph" and index >= 0 and _LABEL.match(s.text.strip()):
            found.setdefault(index, set()).add(_key(s.text))
    return found


def _entries(doc: Document) -> dict[str, Entry]:
    heads = [s for s in doc.sections if s.kind == "heading"]
    labels = _labels(doc)
    entries: dict[str, Entry] = {}
    for parent in range(-1, len(heads)):
        siblings = _children(heads, parent)
        if len(siblings) < 2:
            continue
        subs = {
            i: {_key(heads[j].text) for j in _children(heads, i)} | labels.get(i, set())
            for i in siblings
        }
        counts = Counter(k for s in subs.values() for k in s)
        shared = {k for k, n in counts.items() if n >= 2}
        # An entry's sub-headings are mostly the catalogue's own slots; a chapter that
        # shares an "Overview" among many headings of its own is a division, not an entry.
        members = [
            i
            for i in siblings
            if len(subs[i] & shared) >= 2
            and 2 * len(subs[i] & shared) >= len(subs[i])
            and not _DIVISION.match(heads[i].text.strip())
        ]
        if len(members) < 2:
            continue
        if len({_key(heads[i].text) for i in members}) < len(members):
            continue  # one title repeated (on every sheet or page): no entries of a kind
        kind = _kind(heads[parent].text) if parent >= 0 else None
        for i in members:
            name = unnumbered(heads[i].text).strip().rstrip(":.")
            # A name set in capitals ("CONDUCTING THE MEETING") is a section's title.
            shouts = name.isupper() and len(name.split()) > 1
            if name and len(name.split()) <= 8 and not field_line(name) and not shouts:
                entries[heads[i].text] = Entry(name, kind)
    return entries


# A heading that opens a division of the document by its label ("Chapter 3 - ...").
_DIVISION = re.compile(
    r"(?i)^(?:chapter|section|part|article|appendix|annex|schedule|exhibit|module|unit|"
    r"lesson|step|phase|title|book|volume)\s+[\dIVXLC]+\b"
)


def _kind(heading: str) -> str | None:
    """The kind a catalogue's heading says its entries are: "Roles" -> "role"."""
    words = re.findall(r"[A-Za-z]+", heading)
    if not 1 <= len(words) <= 3 or any(w.islower() for w in words):
        return None  # "Roles at <Org>": a title that says more than a kind of thing
    last = words[-1].lower()
    single = singular_of(last)
    return single if single != last and len(single) > 2 else None


_ENDS_IN_PREPOSITION = re.compile(
    r"\b(?:of|for|in|on|at|to|by|with|from|about|under|into|over)$", re.IGNORECASE
)


def entry_named(
    c: Candidate, path: Sequence[str], entries: dict[str, Entry], doc_name: str | None = None
) -> Candidate:
    """``c`` with its question naming the catalogue entry it was asked under (in place of
    the document's name, which every entry shares)."""
    entry = next((entries[h] for h in reversed(path) if h in entries), None)
    q = c.question
    if entry is None or not q.endswith("?"):
        return c
    if doc_name and q.endswith(f" in {doc_name}?"):
        q = q[: -len(f" in {doc_name}?")] + "?"
    found = re.search(rf"\b{re.escape(entry.name)}\b", q, re.IGNORECASE)
    if found:
        # Named in lower case by a heading's words ("for chief operating officer"): as the
        # catalogue writes it, with its kind.
        said = entry.name
        if entry.kind and re.search(r"\b(?:for|of|to)\s+$", q[: found.start()]):
            said = f"the {entry.name} {entry.kind}"
        if found.group(0).islower():
            q = q[: found.start()] + said + q[found.end() :]
        return c if q == c.question else replace(c, question=q)
    named = _named(q, entry)
    return c if named is None else replace(c, question=named)


def _named(q: str, entry: Entry) -> str | None:
    if entry.kind:
        m = re.search(rf"\b(?:the|this) {re.escape(entry.kind)}\b(?!['’-])", q)
        if m:
            return f"{q[: m.start()]}the {entry.name} {entry.kind}{q[m.end() :]}"
    if names_something(q):
        return None  # it names something already: the entry's own term, or another name
    body = q[:-1].rstrip()
    if _ENDS_IN_PREPOSITION.search(body) or " for " in body:
        return None  # "Who does it report to for <Entry>?" reads as two questions
    said = f"the {entry.name} {entry.kind}" if entry.kind else entry.name
    return f"{body} for {said}?"
