"""A name a sentence gives to what it describes, as textbooks, lecture notes, standards
and specifications define their terms: "<Subject> is called <term> if <condition>",
"<Subjekt> heißt <Begriff>, wenn ...", "On appelle <terme> <sujet> ...", "Se llama
<término> a ...". Asked "When is <subject> called <term>?" (with its condition) or
"What is a <term>?" (the subject says what the term is), answered by the whole sentence
with the conditions it lists after a colon.

A numbered block's label before the sentence ("Definition 3", "Satz 1.2") is read off
it; a sentence inside an example or a proof illustrates a term, never defines it, and is
not asked. The words are language data (``language/definition_words.py``); a language
without them gets no case from this reading.
"""

from __future__ import annotations

import re

from datasetkit.generate.gate.damaged import damaged
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.definition_words import (
    BLOCK_LABEL,
    CALLED,
    CALLED_QUESTIONS,
    NOT_DEFINING_BLOCKS,
    SUBJECT_OPENERS,
)
from datasetkit.generate.offline.text.view import Sentence
from datasetkit.knowledge.model import Section

# A variable after the noun phrase it names ("a space X", "ein Raum X", "une suite u"):
# the question names the noun phrase; the answer keeps the variable.
_TRAILING_VARIABLE = re.compile(r"\s+(?:\(?[A-Za-zα-ω][\w']{0,2}\)?|\([^()]{1,12}\))$")
# What a term never is: a pronoun, a symbol, a number.
_NOT_TERM = re.compile(
    r"(?i)^(?:it|this|that|they|es|er|sie|dies|il|elle|ce|cela|ello|esto|eso|[\W\d_]+|\w)$"
)
# A "term" that opens with a preposition names no term: "is called for jury duty" (a
# call, not a name).
_NOT_NAMING = re.compile(r"(?i)^(?:to|for|in|on|at|by|from|into|upon|au|aux)\b")
_MAX_ANSWER = 900
_GENERIC_DE = frozenset(["ein", "eine", "einen", "jeder", "jede", "jedes", "zwei"])


def block_label(section: Section, sentence: str, body: list[Section]) -> str | None:
    """The label of the numbered block the sentence belongs to ("Definition", "Beispiel"),
    read back from the text before it in its chunk, or None when no label is above it."""
    opening = BLOCK_LABEL.match(sentence.strip())
    if opening is not None:
        return opening.group("label")
    own = section.text
    at = own.find(sentence[:40])
    texts = [own[: max(at, 0)]]
    for s in reversed(body[: _index(body, section)]):
        texts.append(s.text)
    for text in texts:
        found = list(BLOCK_LABEL.finditer(text))
        if found:
            return found[-1].group("label")
    return None


def _index(body: list[Section], section: Section) -> int:
    for i, s in enumerate(body):
        if s is section:
            return i
    return 0


def strip_label(sentence: str) -> str:
    """The sentence without the block label it opens with ("Definition 3 (Graph) ...")."""
    m = BLOCK_LABEL.match(sentence)
    if m is None or NOT_DEFINING_BLOCKS.match(m.group("label")):
        return sentence
    return sentence[m.end() :].lstrip(" .:")


def listed_after(sentence: str, section: Section, body: list[Section]) -> list[str] | None:
    """The list items that finish a sentence ending with a colon (its conditions), [] when
    it needs none, None when it needs them and none follow."""
    if not sentence.rstrip().endswith(":"):
        return []
    if not section.text.rstrip().endswith(sentence.rstrip()):
        return None
    items: list[str] = []
    for s in body[_index(body, section) + 1 :]:
        if s.kind != "list_item":
            break
        items.append(s.text.strip())
    return items or None


def _subject(raw: str, lang: str) -> str | None:
    """The subject said as a question names it, or None when it is no noun phrase."""
    subject = _TRAILING_VARIABLE.sub("", raw.strip()) if len(raw.split()) > 2 else raw.strip()
    words = subject.split()
    first = words[0].casefold().rstrip("'’") if words else ""
    if first not in SUBJECT_OPENERS.get(lang, frozenset()) or len(words) < 2:
        return None
    if len(words) > 12 or damaged(subject) or re.search(r"[$\\{}]", subject):
        # a formula in markup ("$T \\subseteq X$") is no name a user says
        return None
    return words[0].lower() + subject[len(words[0]) :]


def _question(m: re.Match[str], sentence: str, lang: str) -> str | None:
    """The question a named term is asked by, or None when it cannot be said well."""
    term = m.group("term").strip()
    if _NOT_TERM.match(term) or damaged(term) or _NOT_NAMING.match(term):
        return None
    if re.match(r"(?i)on appelle\s+(?:le|la|les|l'|un|une|des|du)\b", sentence):
        return None  # "On appelle le médecin ...": a call; a term follows the verb bare
    asked = CALLED_QUESTIONS[lang]
    cond = m.groupdict().get("cond")
    subject = _subject(m.group("subject"), lang)
    if subject is None:
        return None
    if cond:
        # English says the verb the sentence says: "When are <subject> said to be <term>?"
        said = re.search(r"\b(is|are)\s+(?:then\s+)?(called|termed|said\s+to\s+be)\s", sentence)
        be, verb = (said.group(1), " ".join(said.group(2).split())) if said else ("is", "called")
        return asked["cond"].format(subject=subject, term=term, be=be, verb=verb)
    if lang == "en":
        article = re.search(r"\b(?:called|termed)\s+(an?)\s", sentence)
        if article is None:
            return None  # "is called compact": a property, asked only with its condition
        return asked["what"].format(article=article.group(1) + " ", term=term)
    if not term[:1].isupper() if lang == "de" else not term[:1].islower():
        # "heißt kompakt" names a property, not a thing; "is called Phoenix" a name
        return None
    if lang == "de" and subject.split()[0] not in _GENERIC_DE:
        # "Das Projekt heißt <Name>" names one thing; a term is given to a kind of thing
        # ("Eine Kante, deren ..., heißt Schlinge"), and German writes both in capitals.
        return None
    named = r"(?i)^on appelle\b|^se (?:llama|denomina)\b|\s(?:est|sont) appelée?s?\s|\sse (?:llama|denomina)\s"
    if lang in ("fr", "es") and not re.search(named, sentence):
        return None  # "est dit connexe": a property, asked only with its condition
    # "est appelé le degré" -> "Qu'appelle-t-on degré ?": the article goes with the verb.
    term = re.sub(r"(?i)^(?:le|la|les|l'|el|los|las)\s*", "", term)
    return asked["what"].format(article="", term=term)


def called_term(said: Sentence) -> Candidate | None:
    """The case of a sentence that names a term, or None."""
    lang = said.lang
    if lang not in CALLED:
        return None
    body = said.text_chunk.body
    label = block_label(said.section, said.sentence, body)
    if label and NOT_DEFINING_BLOCKS.match(label):
        return None
    sentence = strip_label(said.sentence.strip())
    if not sentence.endswith((".", ":")) or damaged(sentence):
        return None  # cut by a page or a line break, or a formula
    m = next((p.match(sentence) for p in CALLED[lang] if p.match(sentence)), None)
    if m is None:
        return None
    question = _question(m, sentence, lang)
    items = listed_after(sentence, said.section, body)
    if question is None or items is None:
        return None
    answer = "\n".join([sentence, *items])
    if len(answer) > _MAX_ANSWER or any(damaged(i) for i in items):
        return None
    return Candidate(question, answer, answer, said.section, "definition", 1)


def illustrates(said: Sentence) -> bool:
    """True when the sentence belongs to an example, an exercise or a proof: it shows or
    proves a term, and is never asked as what the term is."""
    label = block_label(said.section, said.sentence, said.text_chunk.body)
    return bool(label and NOT_DEFINING_BLOCKS.match(label))


def unlabelled(said: Sentence, bare: str, found: Candidate | None) -> Candidate | None:
    """A definition read from ``bare``, the sentence without the block label it opened
    with, answered with the conditions it lists after a colon (None when they do not
    follow)."""
    if found is None or found.answer != bare:
        return found
    if not bare.rstrip().endswith((".", ":")):
        return None  # a definition a page or a formula broke off mid-sentence
    items = listed_after(bare, said.section, said.text_chunk.body)
    if items is None:
        return None
    answer = "\n".join([bare, *items])
    if len(answer) > _MAX_ANSWER or damaged(answer):
        return None
    return Candidate(found.question, answer, answer, found.section, found.question_type, found.tier)
