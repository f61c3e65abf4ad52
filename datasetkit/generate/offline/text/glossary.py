"""Glossary entries: a run of three or more list items or paragraphs, each a term, a
separator (a colon or a dash) and what the term means ("Accrual — an amount of leave
...", "Kernzeit – die Zeitspanne, in der ..."). Each entry is asked "What does <term>
mean?" in the document's language and answered by the whole entry; the run is never
asked as one list ("What are the terms?" answered by every entry).

A run of labelled values ("Weight: 2 kg", "Colour: red") is no glossary: what follows
each label is a value, not an explanation of at least four words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.gate.damaged import damaged
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.definition_words import BLOCK_LABEL, GLOSSARY_QUESTIONS
from datasetkit.generate.offline.language.words import lower_words
from datasetkit.generate.offline.text.view import Sentence
from datasetkit.knowledge.model import Section

# The languages whose questions the entries are asked in.
GLOSSARY_LANGUAGES = frozenset(GLOSSARY_QUESTIONS)
_ENTRY = re.compile(
    r"^\s*[*_]*(?P<term>[^\W\d_][\w'’/&.()-]*(?:[ ][\w'’/&.()-]+){0,3}?)[*_]*"
    r"\s*(?P<sep>[:：]|\s[—–-]\s|[—–])\s*(?P<meaning>[^\W\d_].+)$",
    re.S,
)
# Words that make the "term" a clause or a sentence's start, not a name.
_CLAUSE = re.compile(
    r"(?i)\b(?:is|are|was|were|has|have|will|can|must|may|should|it|this|that|these|we|you|"
    r"ist|sind|wird|hat|est|sont|elle|son)\b"
)
# What a line's label names when it is a part of the text around it: a caption, a note,
# an idea, a hint (in the four languages), or anything numbered.
_NOT_TERMS = re.compile(
    r"(?i)^(?:figure|fig\.|table|abbildung|abb\.|tabelle|tableau|tabla|figura|note|nota|notes|"
    r"hinweis|anmerkung|idee|idea|idée|tip|tipp|astuce|consejo|warning|warnung|attention|"
    r"aviso|important|wichtig|source|quelle|fuente|step|schritt|étape|paso)\b|.*\d$"
)
# Paragraphs (not list items) are a glossary only under a heading that says so.
_GLOSSARY_TOPIC = re.compile(
    r"(?i)glossar|definition|defined terms|terms|terminolog|begriff|glossaire|définition|"
    r"glosario|definici|términos|vocabula|lexi"
)
_LEAST_ENTRIES = 3
# What an explanation opens with: an article, or a word in lower case ("an amount of
# ...", "die Zeitspanne, in der ...", "the twelve months ...", "ensemble de ...").
_ARTICLE = re.compile(r"^(?:The|A|An|Der|Die|Das|Ein|Eine|Le|La|Les|L'|Un|Une|El|Los|Las|Una)\b")
# A verb early in it makes it a statement ("The plan covers ...", "Die Firma zahlt ...").
_VERBS = {
    "en": "is|are|was|were|has|have|will|must|can|may|shall|provides?|covers?|pays?",
    "de": "ist|sind|war|hat|haben|wird|werden|muss|kann|zahlt",
    "fr": "est|sont|a|ont|doit|peut|sera",
    "es": "es|son|tiene|debe|puede|será",
}
_EARLY_VERB = {
    lang: re.compile(rf"(?i)^(?:\S+\s+){{1,3}}?(?:{verbs})\b") for lang, verbs in _VERBS.items()
}


def _explains(meaning: str, lang: str) -> bool:
    """Whether the text after a label explains it: a noun phrase, not a clause."""
    first = meaning.split()[0] if meaning.split() else ""
    if not (first[:1].islower() or _ARTICLE.match(first)):
        return False
    return _EARLY_VERB[lang].match(meaning) is None


_LEAST_WORDS = 4


def entry(text: str, lang: str) -> re.Match[str] | None:
    """The term and meaning of one glossary entry, or None when ``text`` is no entry. An
    English "Term: explanation" line is the definition form's own reading."""
    m = _ENTRY.match(text.strip())
    if m is None or "\n" in m.group("term") or lang not in GLOSSARY_LANGUAGES:
        return None
    if lang == "en" and m.group("sep") in (":", "："):
        return None
    term = m.group("term").strip()
    if _CLAUSE.search(term) or len(m.group("meaning").split()) < _LEAST_WORDS:
        return None
    if BLOCK_LABEL.fullmatch(term) or _NOT_TERMS.match(term):
        return None  # "Beweis:", "Figure 2:", "Note:": a part of the text, not a term
    if not _explains(m.group("meaning"), lang):
        return None  # "Revenue – Revenue was ...", "Training – We provide ...": a statement
    # under a label, not what the label means
    return None if damaged(term) else m


def _run_around(body: Sequence[Section], section: Section, lang: str) -> list[Section]:
    """The consecutive sections of the same kind as ``section`` that are all entries."""
    at = next((i for i, s in enumerate(body) if s is section), None)
    if at is None or entry(section.text, lang) is None:
        return []

    def joins(s: Section) -> bool:
        return s.kind == section.kind and entry(s.text, lang) is not None

    start = at
    while start > 0 and joins(body[start - 1]):
        start -= 1
    end = at + 1
    while end < len(body) and joins(body[end]):
        end += 1
    return list(body[start:end])


def in_glossary(body: Sequence[Section], sections: Sequence[Section], lang: str) -> bool:
    """True when ``sections`` (a list's items) all belong to one glossary run."""
    if len(sections) < _LEAST_ENTRIES:
        return False
    run = _run_around(body, sections[0], lang)
    return len(run) >= _LEAST_ENTRIES and all(any(s is r for r in run) for s in sections)


def glossary_entry(said: Sentence) -> Candidate | None:
    """ "What does <term> mean?" of the first sentence of a glossary entry, answered by the
    whole entry; None when the sentence opens no entry of a glossary run."""
    if said.lang not in GLOSSARY_LANGUAGES or said.before:
        return None
    run = _run_around(said.text_chunk.body, said.section, said.lang)
    if len(run) < _LEAST_ENTRIES:
        return None
    topic = said.topic or ""
    if said.section.kind != "list_item" and not _GLOSSARY_TOPIC.search(topic):
        return None  # labelled paragraphs ("Proof: ...", "Idea: ...") outside a glossary
    m = entry(said.section.text, said.lang)
    if m is None:
        return None
    term = m.group("term").strip()
    if said.lang == "en":
        term = lower_words(term, said.ctx.words)
    elif said.lang in ("fr", "es") and term[1:2].islower():
        term = term[:1].lower() + term[1:]  # a common noun, capitalised only as a label
    answer = " ".join(said.section.text.replace("*", "").split())
    question = GLOSSARY_QUESTIONS[said.lang].format(term=term)
    return Candidate(question, answer, answer, said.section, "definition", 1)
