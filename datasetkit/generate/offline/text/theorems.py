"""A named result of a textbook or lecture notes, asked by its name: "Satz 1.1
(Heine-Borel)" and its statement -> "Was besagt der Satz von Heine-Borel?"; "Theorem 2
(Heine–Borel)" -> "What does the Heine–Borel theorem state?"; "Théorème (de Thalès)" ->
"Que dit le théorème de Thalès ?". Answered by the whole statement, up to its proof or
the next labelled block. A result without a name has no subject a reader would ask by,
and is not asked.
"""

from __future__ import annotations

import re

from datasetkit.generate.gate.damaged import damaged
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.definition_words import (
    BLOCK_LABEL,
    KIND_ARTICLES,
    PERSON_NAMES,
    THEOREM_LABELS,
    THEOREM_QUESTIONS,
    WHOLE_RESULT_NAME,
)
from datasetkit.generate.offline.text.view import Sentence
from datasetkit.knowledge.model import Section

_MAX_STATEMENT = 600


def _question(label: str, name: str, lang: str) -> str | None:
    """The question a result of kind ``label`` named ``name`` is asked by, or None."""
    asked = THEOREM_QUESTIONS[lang]
    name = " ".join(name.split()).strip(" .")
    if WHOLE_RESULT_NAME[lang].match(name):
        if lang == "en":
            the = "" if re.search(r"['’]s\b", name) else "the "
            return asked["whole"].format(the=the, name=name)
        return asked["whole"].format(name=name[:1].lower() + name[1:] if lang != "de" else name)
    bare = re.sub(r"(?i)^(?:de|des|du|d'|del|von)\s*", "", name) if lang != "en" else name
    if not PERSON_NAMES.match(bare) or damaged(bare):
        return None
    if lang == "en":
        return asked["after"].format(name=bare, kind=label.lower())
    article = KIND_ARTICLES.get(lang, {}).get(label)
    if article is None:
        return None
    kind = label if lang == "de" else label.lower()
    return asked["after"].format(the=article, kind=kind, name=bare)


def _statement(said: Sentence, rest: str) -> str | None:
    """The statement a named label opens: ``rest`` of its own paragraph, or the paragraph
    after a label standing alone; cut at the proof or the next label."""
    text = rest.strip()
    if not text:
        body = said.text_chunk.body
        at = next((i for i, s in enumerate(body) if s is said.section), None)
        if at is None or at + 1 >= len(body) or body[at + 1].kind != "paragraph":
            return None
        text = body[at + 1].text.strip()
    nxt = BLOCK_LABEL.search(text, 1)
    if nxt is not None:
        text = text[: nxt.start()].strip()
    if not text.endswith(".") or len(text) > _MAX_STATEMENT or damaged(text):
        return None
    return text


def named_result(said: Sentence) -> Candidate | None:
    """The case of a labelled, named result whose label opens the sentence, or None."""
    lang = said.lang
    if lang not in THEOREM_LABELS or said.before:
        return None
    m = BLOCK_LABEL.match(said.section.text.strip())
    if m is None or not m.group("name") or not THEOREM_LABELS[lang].match(m.group("label")):
        return None
    question = _question(m.group("label"), m.group("name"), lang)
    if question is None:
        return None
    statement = _statement(said, said.section.text.strip()[m.end() :].lstrip(" .:"))
    if statement is None:
        return None
    return Candidate(question, statement, statement, _source(said, statement), "definition", 1)


def _source(said: Sentence, statement: str) -> Section:
    """The section the statement is read from (the label's own or the one after it)."""
    if statement in said.section.text:
        return said.section
    body = said.text_chunk.body
    at = next(i for i, s in enumerate(body) if s is said.section)
    return body[at + 1]
