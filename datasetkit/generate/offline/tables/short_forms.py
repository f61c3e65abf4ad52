"""A row label that is a short form the document defines, said in full in a question.

A paper's or a report's table names its rows by the short forms its text defines
("... the <long form> (<ACR>) of ..."): a question that says only "<ACR>" is understood by
those who read the text, not by a user who asks an agent holding many documents. The
long form is the document's own: the words right before the short form in brackets,
their initials the short form's letters in order ("dot product (DP)", "mean absolute
error (MAE)"). A short form the document never spells out is said as written.
"""

from __future__ import annotations

import re
from dataclasses import replace

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.per_document import PerDocument
from datasetkit.knowledge.model import Document

_DEFINED = re.compile(r"\(([A-Z]{2,6})\)")
_WORD = re.compile(r"[^\W\d_][\w'-]*")
_SMALL = frozenset(("of", "for", "and", "the", "a", "an", "in", "on", "to", "with"))
_READ: PerDocument[dict[str, str]] = PerDocument(32)


def short_forms(doc: Document) -> dict[str, str]:
    """The short forms ``doc``'s running text defines, each with its long form."""
    return _READ.get(doc, lambda: _read(doc))


def _read(doc: Document) -> dict[str, str]:
    found: dict[str, str] = {}
    for section in doc.sections:
        if section.record or "(" not in section.text:
            continue
        for m in _DEFINED.finditer(section.text):
            short = m.group(1)
            if short not in found:
                long = _spelled(section.text[: m.start()], short)
                if long:
                    found[short] = long
    return found


def _spelled(before: str, short: str) -> str | None:
    """The words right before ``before``'s end whose initials spell ``short``."""
    words = _WORD.findall(before[-120:])
    for n in range(len(short), len(short) + 3):
        if n > len(words):
            return None
        run = words[-n:]
        core = [w for w in run if w.lower() not in _SMALL]
        if run[0].lower() in _SMALL or len(core) != len(short):
            continue
        if all(w[0].upper() == c for w, c in zip(core, short, strict=True)):
            return " ".join(run)
    return None


def said_in_full(cand: Candidate, labels: set[str], forms: dict[str, str]) -> Candidate:
    """``cand`` with the first short form of a row label its question says given in full:
    "for DP with ..." -> "for dot product (DP) with ..."."""
    question = cand.question
    for short, long in forms.items():
        if short not in labels or long.casefold() in question.casefold():
            continue
        m = re.search(rf"(?<![\w(]){re.escape(short)}(?![\w)])", question)
        if m:
            said = f"{long} ({short})"
            if long.islower() and re.search(r"\b(?:for|of|in|by|with)\s$", question[: m.start()]):
                said = f"the {said}"  # a common noun: "for the dot product (DP)"
            return replace(cand, question=question[: m.start()] + said + question[m.end() :])
    return cand
