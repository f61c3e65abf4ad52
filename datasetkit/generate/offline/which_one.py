"""Which one "the request" is: a question's bare mention of one of the document's own
events or records, said the way the document qualifies it, or not asked.

A handbook that says "the request" after "submit the reimbursement request", or "the
investigation" under the heading "<Someone>'s Investigation of <Something>", lets a
reader know which request or investigation it means; a question lifted from the one
sentence does not: "Within how many days will HR deny the request?" has an answer in
every document that handles requests. A question whose bare "the <noun>" names such a
thing (a request, an application, a claim, an evaluation, an investigation, a review, an
audit, a filing, a judgment, a checklist, a study ...) takes the qualifier from the
nearest earlier mention in its passage that has one ("the <modifier> <noun>"), else from
the nearest heading that names the noun ("<noun> of <what>"); when neither says which,
the question is not written (a case a reviewer cannot place is worse than none).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from datasetkit.generate.contract import Chunk
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.knowledge.model import Document

# Nouns for one occurrence of a document's own procedure or record: "the <noun>" in a
# question means one the document introduced, not one the reader can know. (A study, a
# survey or a trial is what its own document is about: the document's subject names it;
# a hearing or a meeting is the scheduled event a rule counts its days from.)
INTERNAL_NOUNS = frozenset(
    [
        "request",
        "application",
        "submission",
        "claim",
        "appeal",
        "complaint",
        "grievance",
        "investigation",
        "evaluation",
        "assessment",
        "review",
        "audit",
        "inspection",
        "analysis",
        "judgment",
        "filing",
        "checklist",
        "quota",
        "proposal",
    ]
)

# What may follow the noun when it ends its phrase: the question's end, a verb's
# auxiliary or a preposition that starts the predicate ("the request within ...").
_AFTER = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "must",
        "should",
        "will",
        "would",
        "can",
        "could",
        "may",
        "might",
        "shall",
        "has",
        "have",
        "had",
        "does",
        "do",
        "did",
        "to",
        "in",
        "on",
        "at",
        "by",
        "with",
        "within",
        "from",
        "and",
        "or",
        "if",
        "when",
        "that",
        "which",
    ]
)
# Words that come between a determiner and a noun without saying which one it is.
_NOT_QUALIFIERS = frozenset(
    [
        "same",
        "other",
        "first",
        "second",
        "last",
        "next",
        "previous",
        "new",
        "such",
        "whole",
        "entire",
        "above",
        "following",
        "initial",
        "final",
        "formal",
        "written",
        "relevant",
        "appropriate",
        "necessary",
        "particular",
        "specific",
        "original",
        "current",
        "given",
        "individual",
        "full",
        "complete",
        "separate",
        "annual",
    ]
)
_DETERMINER = r"(?:the|a|an|any|each|every|your|their|its|our|his|her|this|that)"


def _bare(question: str) -> re.Match[str] | None:
    """The first bare "the <noun>" of an internal noun that ends its phrase."""
    for m in re.finditer(r"\bthe (?P<noun>[a-z]+)\b(?P<after>\s*(?:\?|[A-Za-z]+))?", question):
        noun = m.group("noun")
        if noun not in INTERNAL_NOUNS or question[m.end("noun") :][:1] in ("'", "’", "-"):
            continue  # "the claim's amount": a possessive says what is asked of it
        after = (m.group("after") or "").strip()
        rest = question[m.end("noun") :].split()
        # "the evaluation scripts have been ...": a plural noun the auxiliary follows.
        plural = len(rest) > 1 and rest[1] in _AFTER
        verb_end = re.match(r"\s*[a-z]+\?$", question[m.end("noun") :]) is not None
        if after in ("", "?") or after in _AFTER or (_verb_like(after) and not plural):
            return m
        if verb_end:
            return m
    return None


def _verb_like(word: str) -> bool:
    """ "uncovers", "included": a verb's ending, not a noun's ("process", "status")."""
    return word.endswith("ed") or (word.endswith("s") and not word.endswith(("ss", "us", "is")))


def _earlier_mention(noun: str, before: str) -> str | None:
    """What the nearest earlier mention of ``noun`` that says which one calls it: a
    modifier after a determiner ("the reimbursement request" -> "reimbursement") or a
    name ("the <Name> Checklist" -> "<Name>"). A bare mention ("the request", "this
    request") means the same one: the one before it is looked at; any other nearest
    mention (a plural, "<noun> of ...") says nothing certain, and gives None."""
    for m in reversed(list(re.finditer(rf"(?i)\b{noun}\b", before))):
        words = before[: m.start()].split()[-6:]
        if not words:
            return None
        if re.fullmatch(_DETERMINER, words[-1], re.IGNORECASE):
            continue  # a bare mention of the same one
        name: list[str] = []
        for w in reversed(words):
            if re.fullmatch(_DETERMINER, w, re.IGNORECASE):
                break
            name.insert(0, w)
        else:
            return None  # no determiner before it: part of a longer phrase
        said = " ".join(name)
        if len(name) == 1 and re.fullmatch(r"[a-z][a-z-]{3,}", said):
            ok = said not in _NOT_QUALIFIERS and said not in INTERNAL_NOUNS
            return said if ok else None
        if all(re.fullmatch(r"[A-Z][\w-]*|of|and|&", w) for w in name) and name[0][:1].isupper():
            return said  # a named one: "the <Name> <noun>"
        return None
    return None


def _heading_mention(noun: str, path: Sequence[str]) -> str | None:
    """ "<noun> of <what>" from the nearest heading that names the noun, up to six words:
    "investigation of a debtor engaged in business"."""
    for heading in reversed(path):
        m = re.search(rf"(?i)\b{noun}\s+(?P<of>(?:of|for)\s+[^,;:()]+)$", heading.strip())
        if m and len(m.group("of").split()) <= 7:
            return f"{noun} {m.group('of').lower()}"
    return None


def which_one(c: Candidate, before: str, path: Sequence[str]) -> Candidate | None:
    """``c`` with its bare "the <noun>" said as the document says which one; ``c`` when
    it has none; None when nothing before it or above it says which."""
    m = _bare(c.question)
    if m is None:
        return c
    noun = m.group("noun")
    at = c.evidence.lower().find(f"the {noun}")
    if at > 0 and re.search(rf"(?i)\b(?:a|an) (?:[a-z-]+ )?{noun}\b", c.evidence[:at]):
        # "If a claim is filed ..., the claim ...": the sentence introduces it; the
        # question that keeps only "the claim" lost what said which.
        return None
    mod = _earlier_mention(noun, before)
    said = f"the {mod} {noun}" if mod else None
    if said is None:
        from_heading = _heading_mention(noun, path)
        said = f"the {from_heading}" if from_heading else None
    if said is None:
        return None
    start, end = m.start(), m.end("noun")
    return replace(c, question=c.question[:start] + said + c.question[end:])


_REACH = 1500


def said_which(cands: list[Candidate], chunk: Chunk) -> list[Candidate]:
    """The cases of ``chunk`` whose questions say which request, claim or review they
    mean (see :func:`which_one`); a case that cannot say is left out."""
    doc = chunk.meta.get("document")
    # The whole document's text: the mention that says which may sit in an earlier part.
    text = _text_of(doc) if isinstance(doc, Document) else chunk.text
    path = chunk.provenance.heading_path
    out = []
    for c in cands:
        at = text.find(c.evidence[:60]) if c.evidence else -1
        # The text just before the sentence: what it was last said about.
        before = text[max(0, at - _REACH) : at] if at > 0 else ""
        named = which_one(c, before, c.section.provenance.heading_path or path)
        if named is not None:
            out.append(named)
    return out


_TEXTS: dict[int, tuple[Document, str]] = {}


def _text_of(doc: Document) -> str:
    held = _TEXTS.get(id(doc))
    if held is None or held[0] is not doc:
        if len(_TEXTS) > 16:
            _TEXTS.clear()
        held = (doc, "\n".join(s.text for s in doc.sections))
        _TEXTS[id(doc)] = held
    return held[1]
