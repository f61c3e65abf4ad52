"""A question the document asks itself, answered by all the text that follows it.

FAQ pages, help articles and Q&A handouts put a question in a heading, a bold line, a
paragraph or the first line of a numbered item, and answer it in what follows, up to the
next question or heading; a block of program text or output on the way is shown with the
answer, never taken for it. The question is the document's own, in its own language, so
the form supports every language. A question with nothing after it (a table of
contents that lists the questions) is not asked, nor one whose answer runs on past the
length a reader would check (it is not cut: a partial answer is worse than none).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.forms.registry import ALL_LANGUAGES, form
from datasetkit.generate.offline.language.words import DocWords, capital, lower_words
from datasetkit.generate.offline.text.problems import problem_remedy
from datasetkit.generate.offline.text.solutions import solution_entries
from datasetkit.generate.offline.text.view import TextChunk
from datasetkit.knowledge.model import Document, Section

# A label or number before the question: "Q:", "Q12.", "3.", "Frage 2:", "**".
_LABEL = re.compile(
    r"^\s*(?:[*_#]+\s*)?(?:(?:q|question|frage|pregunta|faq)\s*\d*\s*[:.)-]|\d{1,3}(?:\.\d{1,3})*[.)]?(?=\s)|[-•*])\s*",
    re.I,
)
_ANSWER_LABEL = re.compile(
    r"^\s*(?:[*_]+\s*)?(?:a|answer|antwort|réponse|respuesta)\s*\d*\s*[:.)-]\s*", re.I
)
# A question and its answer on one line: the question a sentence of its own, the answer
# the sentences after it (at least one whole sentence). A question behind a topic label
# ("Cash Flow: What is the customer's cash flow?") is a prompt of a checklist, put to
# someone else; the text after it says how to weigh the reply, not the reply itself.
_INLINE_ANSWER = re.compile(
    r"^(?P<q>(?:[^?？.!:]|[.!](?=\S)){10,250}[?？])\s+(?P<a>[A-Z\"“(][^?？]{14,}[.!)])$"
)
# A heading's topic label before the question it asks ("Overview: What is ...?").
_HEADING_LABEL = re.compile(
    r"^[^:?]{2,40}:\s+(?=(?:What|How|Why|When|Where|Who|Which|Can|Do|Does|Is|Are|Should)\b)"
)
_MAX_ANSWER = 1500
_MIN_WORDS = 3
# A line said by someone: a name of one or two words and a colon before the words.
_SPEAKER = re.compile(
    r"^\s*(?:[>*_]+\s*)?(?P<who>[^\W\d_][\w'’.-]{0,24}(?: [^\W\d_][\w'’.-]{0,24})?)\s*:\s+\S"
)


def question_line(text: str) -> tuple[str, str] | None:
    """``(question, rest)`` when ``text`` opens with a question on its first line."""
    first, _, rest = text.strip().partition("\n")
    first = _LABEL.sub("", first).strip().strip("*_").strip()
    inline = _INLINE_ANSWER.match(first)
    if inline and not rest:
        # A numbered item whose lines were joined: "1) <Question>? <Its answer.>"
        first, rest = inline.group("q"), inline.group("a")
    if not first.endswith(("?", "？")) or len(first.split()) < _MIN_WORDS or len(first) > 250:
        return None
    if first.startswith(("¿",)) is False and first[:1].islower():
        return None  # the end of a sentence that began elsewhere
    return first, _ANSWER_LABEL.sub("", rest.strip())


def _sentence_case(question: str, words: DocWords) -> str:
    """A question a heading shouts (all capitals) written as a sentence: lower case but
    its first letter and the acronyms the document also writes in running text."""
    letters = [ch for ch in question if ch.isalpha()]
    if len(letters) < 8 or any(ch.islower() for ch in letters):
        return question
    said = lower_words(question, words)
    return capital(said)


def _speaker(text: str) -> str | None:
    """The name a line opens with as its speaker's ("Them: ..."), a question label aside."""
    found = _SPEAKER.match(text)
    if found is None or _LABEL.match(text) or _ANSWER_LABEL.match(text):
        return None
    who = found.group("who")
    return who.casefold() if who[:1].isupper() or not who[:1].islower() else None


def speakers(sections: Sequence[Section]) -> frozenset[str]:
    """The names of a dialogue or transcript the sections quote: at least two names that
    each open two lines or more. A line one of them says is a turn of the dialogue, never
    a question the document asks its reader, nor part of an answer."""
    counts: dict[str, int] = {}
    for s in sections:
        who = _speaker(s.text)
        if who:
            counts[who] = counts.get(who, 0) + 1
    said = frozenset(who for who, n in counts.items() if n >= 2)
    return said if len(said) >= 2 else frozenset()


def _heading_like(text: str) -> bool:
    """A short line in title case with no closing punctuation (a topic heading):
    the next section's title, read as a paragraph, which ends the answer."""
    line = text.strip()
    if "\n" in line or not line or line[-1] in ".!?:;,)" or len(line.split()) > 14:
        return False
    long_words = [w for w in re.findall(r"[^\W\d_][\w'’-]*", line) if len(w) >= 4]
    # A long title ("Tips for Getting the Most Out of Your Care") needs more of them.
    least = 2 if len(line.split()) <= 8 else 5
    return len(long_words) >= least and all(w[:1].isupper() for w in long_words)


def _following(
    sections: Sequence[Section], start: int, said: frozenset[str] = frozenset()
) -> list[Section] | None:
    """The sections that answer the question at ``start``; None when they run on too long
    or into a dialogue the document quotes (an answer cut before it would stop at its
    lead-in)."""
    out: list[Section] = []
    size = 0
    for s in sections[start + 1 :]:
        if said and _speaker(s.text) in said:
            return None
        if s.kind == "code":
            continue  # a program's text or printed output: shown with the answer, never it
        if s.kind in ("heading", "table_row") or question_line(s.text) or _heading_like(s.text):
            break
        out.append(s)
        size += len(s.text)
        if size > _MAX_ANSWER:
            return None
    return out


# A line that tells whoever fills in a template what to write ("Describe any ...", "If
# the feature is ..., specify ...", "Beschreiben Sie ...", "Indiquez ...", "Describa
# ..."): the document's own prompt to its author, never the answer to its question.
_TO_THE_AUTHOR = re.compile(
    r"(?i)^(?:\(?\s*)?(?:(?:if|when|where|wenn|falls|si|cuando)\b[^.]{0,120}?,\s*)?"
    r"(?:(?:briefly|please|also)\s+)?"
    r"(?:describe|discuss|specify|list|explain|identify|consider|summari[sz]e|outline|"
    r"document|indicate|state|enter|fill in|insert|give|provide|note|mention|detail|"
    r"beschreiben sie|erläutern sie|nennen sie|geben sie|listen sie|"
    r"décrivez|indiquez|précisez|listez|expliquez|citez|"
    r"describa|indique|especifique|explique|enumere|detalle)\b"
)
# An example in brackets after a question ("(e.g. ...)", "(z. B. ...)", "(p. ex. ...)",
# "(por ejemplo ...)"): what the question means, not its answer.
_EXAMPLE_ASIDE = re.compile(
    r"(?i)^\(\s*(?:e\.\s?g\.|i\.\s?e\.|for example|for instance|such as|z\.\s?b\.|"
    r"d\.\s?h\.|p\.\s?ex\.|par exemple|por ejemplo|p\.\s?ej\.)"
)


# The two boxes a form sets after a yes/no question, in any order and language.
_TICK_BOXES = frozenset(
    frozenset(pair) for pair in (("yes", "no"), ("ja", "nein"), ("oui", "non"), ("sí", "no"))
)


def unanswered(answer: str) -> bool:
    """True when what follows a question is no answer to it: a template's prompt to its
    author, an example of what the question means, a form's yes/no boxes left for the
    applicant to tick, or only more questions (a questionnaire or a design template lists
    its questions one after another)."""
    lines = [x.strip().lstrip("-•*").strip() for x in answer.splitlines() if x.strip()]
    if not lines:
        return True
    first = lines[0]
    if _TO_THE_AUTHOR.match(first) or _EXAMPLE_ASIDE.match(first):
        return True
    boxes = [w.lower().replace("si", "sí") for w in re.findall(r"[^\W\d_]+", first)[:2]]
    if len(boxes) == 2 and frozenset(boxes) in _TICK_BOXES:
        return True
    asked = [x for x in lines if x.rstrip(")").endswith(("?", "？"))]
    return len(asked) * 2 > len(lines)


def _said(parts: Sequence[Section]) -> str:
    lines = [_ANSWER_LABEL.sub("", s.text.strip()) for s in parts]
    return "\n".join(line for line in lines if line)


@form(
    "question and answer",
    content="section",
    order=5,
    asks="lookup",
    languages=ALL_LANGUAGES,
    answer="following",
    kinds=("faq",),
    alone=("faq",),
)
def asked_and_answered(text: TextChunk) -> list[Candidate]:
    """Each question the chunk's text asks, with all that answers it; a troubleshooting
    heading that states a problem asks what to do about it."""
    doc = text.chunk.meta.get("document")
    sections = doc.sections if isinstance(doc, Document) else text.chunk.sections
    where = {id(s): i for i, s in enumerate(sections)}
    said = speakers(sections)
    out: list[Candidate] = []
    for s in text.chunk.sections:
        found = question_line(s.text) if s.kind != "code" else None
        if found is None or id(s) not in where or (said and _speaker(s.text) in said):
            continue
        question, rest = found
        if s.kind == "heading":
            # "Overview: What is <X>?": the heading's label is no part of its question.
            question = _HEADING_LABEL.sub("", question)
        question = _sentence_case(question, text.ctx.words)
        after = _following(sections, where[id(s)], said)
        if after is None:
            continue
        answer = "\n".join(x for x in (rest, _said(after)) if x).strip()
        if len(answer) < 15 or len(answer) > _MAX_ANSWER or unanswered(answer):
            continue
        evidence = "\n".join(x for x in (s.text.strip(), *(a.text.strip() for a in after)) if x)
        out.append(Candidate(question, answer, evidence, s, "faq", -1))
    return [*problem_remedy(text), *solution_entries(text), *out]
