"""A question says a name as its source writes it, and asks who a person is.

A form builds a question from a heading, a label or a term, often lower-casing it; a
name then reads as a word ("What is tlug?"). The source decides:

- an acronym the running text writes in capitals, never in lower case, and that is no
  dictionary word ("TABLE" in a line of code) keeps its capitals;
- the term a definition question asks about ("What is day of data?") is said as the
  running text writes it inside its sentences, when it always writes it with the same
  capitals ("Day of Data");
- a definition question about a person ("What is <First> <Last>?") asks who they are
  ("Who is ...?", "Wer ist ...?", "Qui est ...?", "¿Quién es ...?"), when the source
  speaks of the name as a person's: a personal title before it, or, in English, "he" or
  "she" in the sentence that names them.
"""

from __future__ import annotations

import re
from dataclasses import replace

from datasetkit.generate.contract import Chunk
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import DocWords, doc_words, english_word
from datasetkit.generate.offline.per_document import PerDocument
from datasetkit.knowledge.model import Document

# "What is <term>?" per language, and how the same question asks who someone is.
_DEFINITION = {
    "en": (re.compile(r"^What is (?P<t>[^?]+?)\?$"), "Who is {}?"),
    "de": (re.compile(r"^Was ist (?P<t>[^?]+?)\?$"), "Wer ist {}?"),
    "fr": (re.compile(r"^Qu['’]est-ce qu(?:e |['’])(?P<t>[^?]+?) ?\?$"), "Qui est {} ?"),
    "es": (re.compile(r"^¿Qué es (?P<t>[^?]+?)\?$"), "¿Quién es {}?"),
}
_TITLES = r"Mr|Mrs|Ms|Dr|Prof|Herr|Frau|M|Mme|Mlle|Sr|Sra|Srta|Dra"
_PERSON = re.compile(r"[A-ZÀ-Ý][a-zà-ÿ'’-]+(?: [A-ZÀ-Ý][a-zà-ÿ'’-]+){1,2}")
_ACRONYM = re.compile(r"(?<![\w-])[a-z][a-z0-9]{1,9}(?![\w-])")


def cased(cands: list[Candidate], chunk: Chunk, lang: str) -> list[Candidate]:
    """``cands`` with each question's names as the chunk's document writes them."""
    doc = chunk.meta.get("document")
    if not cands or not isinstance(doc, Document):
        return cands
    text = _TEXT.get(
        doc,
        lambda: "\n".join(s.text for s in doc.sections if s.kind in ("paragraph", "list_item")),
    )
    words = doc_words(doc)
    out = []
    for c in cands:
        said = source_cased(c.question, lang, text, words)
        out.append(c if said == c.question else replace(c, question=said))
    return out


_TEXT: PerDocument[str] = PerDocument()


def source_cased(question: str, lang: str, text: str, words: DocWords) -> str:
    """``question`` with its names as ``text`` (the source) writes them (see the module)."""
    first, sep, rest = question.partition(" ")
    # An acronym of the running text, lower-cased by a form; a question's first word is
    # its own ("What", "Was").
    rest = _ACRONYM.sub(lambda m: _acronym(m.group(0), words), rest)
    question = first + sep + rest
    form = _DEFINITION.get(lang)
    m = form[0].match(question) if form else None
    if form is None or m is None:
        return question
    term = m.group("t")
    said = _as_written(term, text) if term.islower() else term
    if _PERSON.fullmatch(said) and _a_person(said, lang, text):
        return form[1].format(said)
    return question[: m.start("t")] + said + question[m.end("t") :]


def _acronym(word: str, words: DocWords) -> str:
    upper = word.upper()
    if upper in words.upper and not words.common(word) and not english_word(word):
        return upper
    return word


def _as_written(term: str, text: str) -> str:
    """``term`` as the text writes it: the one form it has inside sentences (after a
    word in lower case), when that has a capital; else, for a term the text writes only
    where a sentence starts, a form with every word capitalised (a name, not a sentence's
    first word); else ``term``."""
    if term.split()[0] in _ARTICLES:
        return term  # "a variant": a thing of a kind, never a name
    pattern = r"\s+".join(map(re.escape, term.split()))
    found = re.compile(rf"(?<![\w-])({pattern})(?![\w-])", re.IGNORECASE)
    inside = {
        " ".join(m.group(1).split()) for m in found.finditer(text) if _inside(text, m.start())
    }
    anywhere = {" ".join(m.group(1).split()) for m in found.finditer(text)}
    if len(inside) == 1:
        said = next(iter(inside))
        return said if any(c.isupper() for c in said) else term
    if not inside and len(anywhere) == 1:
        said = next(iter(anywhere))
        named = all(w[:1].isupper() for w in said.split() if w not in _JOINERS)
        return said if named and " " in said else term
    return term


_JOINERS = frozenset(
    ["of", "and", "for", "the", "de", "du", "des", "der", "la", "le", "el", "y", "und"]
)


def _inside(text: str, at: int) -> bool:
    """Whether ``at`` is inside a sentence: after a word in lower case or a comma."""
    return re.search(r"[a-zà-ÿ,][ \t]+$", text[max(0, at - 30) : at]) is not None


_ARTICLES = frozenset(
    re.findall(r"\S+", "a an the ein eine der die das un une le la les el los las")
)


def _a_person(name: str, lang: str, text: str) -> bool:
    """Whether the text speaks of ``name`` as a person's (see the module)."""
    if re.search(rf"\b(?:{_TITLES})\.? {re.escape(name)}\b", text):
        return True
    if lang != "en":
        return False
    said = re.split(r"(?<=[.!?])\s+|\n", text)
    for i, sentence in enumerate(said):
        # The sentence that names them, or the next one, speaks of them as "he" or "she".
        near = " ".join(said[i : i + 2])
        if name in sentence and re.search(r"\b(?:he|she|He|She|his|her|His|Her)\b", near):
            return True
    return False
