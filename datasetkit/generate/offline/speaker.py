"""Questions that speak as the document: "our", "we" and "us" said as whose they are.

A document written by an organisation says "we" and "our"; a question copied from it
("How do I achieve our vision?") keeps the author's voice, and the asker is not the
author. When the document's organisation is known, the question says it: the auxiliary
that "I" or "we" follows takes the organisation ("How does <Org> achieve its vision?"),
"our" becomes "<Org>'s" (or "its" once the organisation is named) and "us" the
organisation. A "we" that is no auxiliary's subject cannot be said so: no question is
written then, and without an organisation none is either (the gate turns "our" down as a
reference to no one).
"""

from __future__ import annotations

import re

from datasetkit.lint.subject import speaks_as_author

# An auxiliary and the subject it asks about: "do I", "can we", "are we".
_ASKED = re.compile(
    r"\b(?P<aux>(?i:do|does|did|can|could|should|will|would|must|may|might|are|were|have))\s+"
    r"(?P<who>I|we)\b"
)
# What an auxiliary becomes with an organisation (third person singular) as its subject.
_THIRD = {"do": "does", "are": "is", "were": "was", "have": "has"}


def owner_of(name: str) -> str:
    """ "Contoso" -> "Contoso's", "Woodgrove Financial Services" -> "... Services'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


_HOW_I = re.compile(
    r"^How (?:do|can|should|will) I (?P<verb>[a-z]+) (?P<obj>(?:our |the |a |an )?[a-z][\w-]*)"
)


def author_asks(question: str, text: str) -> bool:
    """True when "How do I <verb> <object>?" asks what the author does: a sentence of the
    text says the verb with the object and the author as its doer ("To <verb> our
    <object>, we ...", "We are committed to <verb>ing <object>", "we <verb> <object>"),
    not the reader ("you can <verb> <object>")."""
    m = _HOW_I.match(question)
    if m is None or re.search(r"\b(?:my|me|mine|myself)\b", question):
        return False
    stem = re.escape(m.group("verb")[: max(4, len(m.group("verb")) - 2)])
    obj = re.escape(m.group("obj").split()[-1])
    said = re.compile(rf"(?i)\b(?P<before>(?:\S+\s+){{0,4}}){stem}\w*\s+(?:\S+\s+){{0,2}}?{obj}\b")
    for sentence in re.split(r"(?<=[.!?:])\s+|\n", text):
        found = said.search(sentence)
        if found is None or re.search(r"(?i)\b(?:you|your|I)\b", found.group("before")):
            continue
        purpose = re.match(rf"(?i)to {stem}", sentence) and speaks_as_author(sentence)
        if purpose or re.search(r"(?i)\bwe\b", found.group("before")):
            return True
    return False


def said_by_owner(question: str, org: str | None, text: str = "") -> str | None:
    """``question`` with the document's "we", "our" and "us" said as ``org``'s (and an "I"
    that :func:`author_asks` finds the author's); the question itself when it has none;
    None when it has some that cannot be said so."""
    if re.search(r"(?i)\b(?:the|a|an|I|we)\s+(?:our|us)\b", question):
        return None  # "What were the our ...", "How do I our ...": a clause with a gap
    author = bool(org) and author_asks(question, text)
    if speaks_as_author(question) is None and not author:
        return question
    if not org:
        return None
    out = question
    m = _ASKED.search(out)
    # "How do I reach our office?" asks as the user; "How do I achieve our vision?" as the
    # author when the text says the author does it: only the author's "I" is the
    # organisation.
    user = re.search(r"\b(?:my|me|mine|myself)\b", out) is not None
    if m and (m.group("who") == "we" or (author and not user)):
        said = m.group("aux")
        aux = _THIRD.get(said.lower(), said.lower())
        aux = aux.capitalize() if said[:1].isupper() else aux
        out = out[: m.start()] + f"{aux} {org}" + out[m.end() :]
    if re.search(r"\b[Ww]e\b", out):
        return None  # "... when we close?": a clause of its own, not said by the organisation
    for found in list(re.finditer(r"\b(?:[Oo]ur|us)\b", out))[::-1]:
        named_before = org in out[: found.start()]
        if found.group(0).lower() == "our":
            said = "its" if named_before else owner_of(org)
        else:
            said = org
        out = out[: found.start()] + said + out[found.end() :]
    return out if speaks_as_author(out) is None else None
