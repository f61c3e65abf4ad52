"""A question that drops a degree word of the sentence it restates.

"If too much is withheld, ..." asked as "What happens if much is withheld?" no longer says
what the sentence says: a word that sets how far something goes ("too", "almost",
"barely") changes what the words after it mean, and a question that keeps those words
must keep it too (English; the forms of other languages restate no such clause).
"""

from __future__ import annotations

import re

# A degree word and the one or two words it bears on ("too" before a verb is "also":
# "<they> too can apply").
_DEGREE = re.compile(
    r"(?i)\b(?P<degree>too|almost|nearly|barely|hardly|scarcely|overly)\s+"
    r"(?!(?:can|may|must|will|would|should|could|shall|is|are|was|were|has|have|had|do|"
    r"does|did|need|needs)\b)(?P<first>[a-z][\w'’-]*)(?:\s+(?P<second>[a-z][\w'’-]*))?"
)


def dropped_degree(question: str, evidence: str, language: str | None = None) -> str | None:
    """The degree word ``question`` drops from a phrase of ``evidence`` it repeats, or None."""
    if not (language or "en").startswith("en"):
        return None
    asked = question.casefold()
    for found in _DEGREE.finditer(evidence):
        degree = found.group("degree").casefold()
        words = [w.casefold() for w in (found.group("first"), found.group("second")) if w]
        phrase = r"\s+".join(re.escape(w) for w in words)
        kept = re.search(rf"\b{re.escape(degree)}\s+{phrase}\b", asked)
        repeated = re.search(rf"(?<![\w'’-]){phrase}\b", asked)
        if repeated and not kept:
            return f"it drops {degree!r} from {found.group(0)!r}"
    return None
