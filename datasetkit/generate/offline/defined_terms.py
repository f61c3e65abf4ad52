"""Terms a document defines for itself: "<Term> means ...", "... is defined as".

A policy or an agreement that defines a term gives its own meaning of it (another policy
defines it otherwise), so a question that asks the term says whose definition it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.offline.naming import HAS_FIGURE

# A definition the document gives its own term: "<Term> means ...", "... is defined as".
_DEFINES = re.compile(r"(?i)\b(?:means|shall mean|is defined as|refers to)\b")


# A heading over the document's own list of terms ("Glossary", "Definitions", "Key terms").
_GLOSSARY = re.compile(r"(?i)^\W*(?:[\dA-Z]+[.)]\s+)?(?:\w+\s+)?(?:glossary|definitions|terms)\W*$")


def defines_itself(evidence: str, path: Sequence[str] = ()) -> bool:
    """True when ``evidence`` defines a term the way a document defines its own: in a
    sentence that says so, or as an entry of the document's glossary that sets a figure
    of its own (a fee's rate, a period of validity); a glossary's textbook entry ("a daily
    allowance for meals") is what any document means by the term."""
    if path and _GLOSSARY.match(path[-1]) and HAS_FIGURE.search(evidence):
        return True
    return bool(_DEFINES.search(evidence[:400]))


_TERM_DEFINED = re.compile(
    r"^\W*(?:[A-Z]{1,4}\.\s+)?[\"“]?(?P<term>[A-Za-z][^\"”.;:]{1,60}?)[\"”]?\s+"
    r"(?:means|shall mean|is defined as)\b"
)


def asks_defined_term(question: str, evidence: str) -> bool:
    """True when the evidence opens by defining a term the question names ("<Term>
    means ...", "Does <term> include ...?")."""
    m = _TERM_DEFINED.match(evidence)
    return m is not None and m.group("term").casefold() in question.casefold()


# A heading over the values something takes and what each means ("<Kind> meanings",
# "<Kind> levels"): the terms listed under it are values of that kind, often adjectives
# ("Deprecated: ..."), asked "What does the <value> <kind> mean?", never "What is
# Deprecated?". A value's meaning is the page's own: its product is named with it.
_KIND_LIST = re.compile(
    r"(?i)^(?P<kind>[a-z][a-z-]*(?: [a-z][a-z-]*)?)\s+"
    r"(?P<list>meanings|definitions|values|levels|states|modes|statuses)$"
)


def listed_kind(heading: str) -> str | None:
    """The kind of value a heading lists, singular ("status", "log level"), else None."""
    m = _KIND_LIST.match(heading.strip())
    if m is None:
        return None
    kind = m.group("kind").lower()
    what = m.group("list").lower()
    if what in ("meanings", "definitions", "values", "statuses"):
        return "status" if what == "statuses" else kind
    return f"{kind} {what[:-1]}"


def kind_question(term: str, topic: str | None) -> str | None:
    """ "What does the <term> <kind> mean?" for a term listed under a heading of values."""
    kind = listed_kind(topic or "")
    if kind is None or len(term.split()) > 3 or kind.casefold() in term.casefold():
        return None
    return f"What does the {term} {kind} mean?"
