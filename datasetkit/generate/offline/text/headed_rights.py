"""A right named by its section's heading, in German, French and Spanish ("Recht auf
Auskunft", "Droit d'accès", "Derecho de rectificación"), whose first sentence grants it
("Jede betroffene Person hat das ... Recht, ... zu verlangen"): asked "Was umfasst das Recht
auf Auskunft?", "En quoi consiste le droit d'accès ?", "¿En qué consiste el derecho de
rectificación?", answered by the section from that sentence on.

Data-protection notices, tenancy and consumer terms and student rules set each right as a
heading and say in the paragraph below whose it is and what it lets them ask. The head noun
is known ("Recht", "droit", "derecho"), so is its article. Language data only.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.text.headed_terms import (
    MAX_ANSWER,
    POINTS,
    heading_term,
    opens_headed_section,
    section_answer,
)
from datasetkit.generate.offline.text.view import Sentence

# A heading that names a right, and the question that asks what it holds.
_RIGHT = {
    "de": (re.compile(r"^Recht\s(?:auf|zur?)\s\S.*$"), "Was umfasst das {right}?"),
    "fr": (
        re.compile(r"(?i)^droit\s(?:d['’]|de\s|à\s|au\s|aux\s)\s?\S.*$"),
        "En quoi consiste le {right} ?",
    ),
    "es": (
        re.compile(r"(?i)^derecho\s(?:de|a|al)\s\S.*$"),
        "¿En qué consiste el {right}?",
    ),
}
# The sentence that grants the right names it ("hat das Recht", "a le droit", "tiene
# derecho").
_GRANTS = {
    "de": re.compile(r"\bRecht\b"),
    "fr": re.compile(r"(?i)\bdroit\b"),
    "es": re.compile(r"(?i)\bderecho\b"),
}
RIGHT_LANGUAGES = frozenset(_RIGHT)
_MAX_RIGHT_WORDS = 8


def headed_right(said: Sentence) -> Candidate | None:
    """What the right its section's heading names holds, or None."""
    lang = said.lang
    text = said.text_chunk
    if lang not in RIGHT_LANGUAGES or not opens_headed_section(said):
        return None
    right = heading_term(str(text.heading or ""), most=_MAX_RIGHT_WORDS)
    shape, asks = _RIGHT[lang]
    if right is None or not shape.match(right) or not _GRANTS[lang].search(said.sentence):
        return None
    if not said.sentence.rstrip().endswith("."):
        return None  # a sentence cut short, or one that opens a list: no whole answer
    if any(s.kind == "list_item" for s in text.body) or any(POINTS.search(x) for x in said.after):
        return None  # what the right covers goes on in a list: an answer would cut it
    if len(said.section.text) > MAX_ANSWER:
        return None  # the paragraph that grants it is too long to answer whole
    said_right = right if lang == "de" else right[:1].lower() + right[1:]
    answer = section_answer(said)
    if not _whole_section(said, answer):
        return None  # the section says more of the right than the answer can hold
    return Candidate(asks.format(right=said_right), answer, answer, said.section, "definition", 1)


def _whole_section(said: Sentence, answer: str) -> bool:
    """Whether ``answer`` holds every paragraph of the right's section: the chunk's body
    whole, and no paragraph of the section after the chunk."""
    body = said.text_chunk.body
    if any(" ".join(s.text.split()) not in " ".join(answer.split()) for s in body):
        return False
    doc = said.text_chunk.chunk.meta.get("document")
    sections = list(getattr(doc, "sections", None) or [])
    last = body[-1].provenance  # the chunk's sections may be copies (links read as text)
    at = next((i for i, s in enumerate(sections) if s.provenance == last), None)
    if at is None:
        return False
    return at + 1 == len(sections) or sections[at + 1].kind == "heading"
