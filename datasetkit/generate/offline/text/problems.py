"""A problem named by a heading and what the text under it says to do about it, asked
"What should I do if <problem>?" and answered by the whole section: a question the
document asks itself without a question mark (the question-and-answer form asks it).

Troubleshooting pages, known-issues lists and FAQs title each entry with the problem a
user meets, said as a clause ("The consumer fails to pick up new files", "Routes are
periodically reset"), and put the remedy under it. The heading is asked as the user says
it only when it is a clause whose verb says something goes wrong, or when the page (its
title or a heading above) says it is a troubleshooting or known-issues page and the
heading is a clause; a noun phrase ("Broken DNS resolution") is not made into one. The
answer is every paragraph, list item and command up to the next heading, kept only when
it tells the reader what to do and is not cut (a section with sub-headings, or longer
than a reader would check, is not asked).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.clauses import parse
from datasetkit.generate.offline.language.words import (
    english_word,
    first_person,
    is_plural,
    lower_words,
    unnumbered,
)
from datasetkit.generate.offline.text.links import is_markdown, link_text
from datasetkit.generate.offline.text.messages import problem_questions, remedy_text
from datasetkit.generate.offline.text.view import TextChunk
from datasetkit.knowledge.model import Document, Section

# A page or part of one that lists problems and their fixes.
_TROUBLE_PAGE = re.compile(
    r"(?i)\b(?:troubleshoot\w*|known (?:issues|problems|limitations)|common (?:issues|problems|"
    r"errors|pitfalls)|problems and solutions|issues and (?:fixes|solutions)|faqs?|"
    r"frequently asked questions|errors)\b"
)
# A verb group that says something goes wrong: the heading names a problem, on any page.
_FAILING = re.compile(
    r"(?i)\b(?:fails?|failed|failing|crash(?:es|ed)?|hangs?|freezes|breaks|stops?|stopped|"
    r"warns|throws|refuses|times out|(?:does|do|did|is|are|was|were|can|could|will|would)"
    r"(?:\s+not|n['’]t)|cannot|won['’]t|keeps \w+ing|not (?:working|found|starting|loading|"
    r"showing|responding))\b"
)
# A verb of the third person after a subject of one to four words ("Consumer warns ...",
# "The log reports ..."): with the failing verbs above, the clauses a problem heading is.
_SUBJECT_VERB = re.compile(
    r"^(?P<subject>(?:(?:the|my|a|an|some|no)\s+)?[\w.-]+(?:\s+[\w.-]+){0,3}?)\s+"
    r"(?:(?:always|sometimes|often|never|still|randomly|periodically)\s+)?"
    r"(?P<verb>(?:does|do|did|is|are|was|were|can|could|will|would)(?:\s+not|n['’]t)|cannot|"
    r"won['’]t|fail|crash|hang|freeze|break|stop|time out|(?!(?:errors|issues|problems|warnings|messages|failures|exceptions|codes|logs|"
    r"files|settings|results|details|options|steps)\b)[a-z]{3,}[^s\W]s)\s+\S"
)
# What a remedy says: an instruction to the reader, or what they need to do.
_REMEDY = re.compile(
    r"(?i)(?:^|[.:!]\s+|\n)(?:please\s+)?(?:ensure|make sure|check|try|run|use|install|"
    r"uninstall|delete|remove|set|enable|disable|restart|reboot|reinstall|update|upgrade|"
    r"clear|add|change|increase|decrease|configure|verify|open|go to|edit|create|reconnect|"
    r"disconnect|start|stop|close|quit|back up|revert|contact|ask|choose|select|switch|rename|"
    r"retry|reset|purge|re-?run|log in|sign in)\b"
    r"|\byou (?:need|should|must|have|will need|can|may want|might need|might want) to\b"
    r"|\b(?:should|must|need to|have to) (?:make sure|ensure|check|set|use|install|disable|"
    r"enable|run|add|remove|change|configure|update|restart)\b"
    r"|\bto (?:fix|solve|resolve|avoid|work around|prevent|remedy) (?:this|that|it|the)\b"
    r"|\b(?:a|the) (?:solution|fix|workaround|remedy) (?:is|to)\b"
)
_PREPOSITION = re.compile(r"(?i)\b(?:to|of|for|in|on|with|at|by|from|into|about)\b")
# A verb that reports a message: what follows it is the message, said in quotes.
_REPORTS = re.compile(
    r"(?i)\b(?P<verb>warns|reports|says|shows|displays|throws|logs)\s+(?:that\s+)?(?P<said>.+)$"
)
_DETERMINER = re.compile(r"(?i)^(?:the|a|an|my|your|our|some|no|any|all|this|these)\s")
_MAX_ANSWER = 1500


def _trouble_page(text: TextChunk) -> bool:
    """True when the page or a heading above this one names troubleshooting or issues."""
    above = [str(text.title or ""), *[str(h) for h in text.path[:-1]]]
    return any(_TROUBLE_PAGE.search(h) for h in above if h)


def _lowered(title: str, text: TextChunk) -> str:
    """The heading's capitals lowered where they only mark a heading: a title-case
    heading word by word, a sentence-case one at its first word only, and that only when
    it is an ordinary word (a product's name keeps its capital)."""
    long_words = [w for w in title.split() if len(w) >= 4 and w[:1].isalpha()]
    if sum(w[:1].isupper() for w in long_words[1:]) * 2 > max(len(long_words) - 1, 1):
        return lower_words(title, text.ctx.words)
    first, _, rest = title.partition(" ")
    if first != "I" and first[1:] == first[1:].lower() and english_word(first.lower()):
        first = first.lower()
    return f"{first} {rest}".strip()


def problem_clause(title: str, text: TextChunk) -> str | None:
    """The heading as a clause a user says ("the consumer fails to pick up new files"),
    or None when it is no clause that names a problem."""
    title = unnumbered(title).strip().rstrip(".!").strip()
    if not 3 <= len(title.split()) <= 14 or re.search(r"[?:;`]", title):
        return None
    if title.count('"') % 2 or title.count("“") != title.count("”"):
        return None  # a message cut off in the heading
    m = _SUBJECT_VERB.match(title)
    if m and _PREPOSITION.search(m.group("subject")):
        m = None  # "Revert to a previous version": a task, not a subject and its verb
    clause = parse(title, text.ctx.words) is not None or m is not None
    failing = _FAILING.search(title) is not None
    if not clause or not (failing or _trouble_page(text)):
        return None
    said = first_person(_lowered(title, text))
    # A quoted message keeps its own words and capitals.
    quoted = iter(re.findall(r'"[^"]*"|“[^”]*”', title))
    said = re.sub(r'"[^"]*"|“[^”]*”', lambda _: next(quoted), said)
    reported = _REPORTS.search(said)
    if reported and not reported.group("said").startswith(("a ", "an ", "the ", "no ")):
        # The message a program reports keeps its own words, in quotes.
        message = _REPORTS.search(title)
        said = f'{said[: reported.start("said")]}"{message.group("said") if message else ""}"'

    subject = m.group("subject") if m else ""
    if subject and len(subject.split()) == 1 and not _DETERMINER.match(said):
        word = said.split()[0]
        if not word[:1].islower() or is_plural(word):
            # A name ("Zettlr crashes on start-up") or a plural ("backups fail") needs
            # no article.
            return said
        # A bare noun takes the article the document itself gives it ("the consumer").
        haystack = " ".join(s.text for s in text.body)
        if re.search(rf"(?i)\bthe {re.escape(word)}\b", _document_text(text) or haystack):
            return f"the {said}"
        return None
    return said


def _document_text(text: TextChunk) -> str:
    doc = text.chunk.meta.get("document")
    return " ".join(s.text for s in doc.sections) if isinstance(doc, Document) else ""


def _section_body(text: TextChunk) -> list[Section] | None:
    """Every section under the chunk's heading up to the next heading; None when a
    deeper heading follows (the remedy goes on in parts the answer would cut)."""
    doc = text.chunk.meta.get("document")
    sections: Sequence[Section] = doc.sections if isinstance(doc, Document) else ()
    heading = next((s for s in text.chunk.sections if s.kind == "heading"), None)
    if heading is None or not sections:
        return None
    start = next((i for i, s in enumerate(sections) if s is heading), None)
    if start is None:
        return None
    out: list[Section] = []
    for s in sections[start + 1 :]:
        if s.kind == "heading":
            if (s.level or 0) > (heading.level or 0):
                return None
            break
        out.append(s)
    return out


# Markdown admonition markers ("::: note", "!!! warning"): a box around text, not words.
_ADMONITION = re.compile(
    r"(?:^|\s)(?::{3}|!{3})(?:\s*(?:note|tip|info|warning|danger|caution|important)\b)?"
)


def _plain(raw: str, text: TextChunk) -> str:
    said = link_text(raw) if is_markdown(text.chunk.provenance.file) else raw
    return _ADMONITION.sub(" ", said).strip()


def problem_remedy(text: TextChunk) -> list[Candidate]:
    """ "Consumer fails to pick up new files" over what to do -> "What should I do if the
    consumer fails to pick up new files?", an error message over it -> 'How do I fix the
    error "..."?', answered by the whole section (English only:
    the heading becomes the "if" clause of the question unchanged only where a language's
    clause order lets a main clause stand there)."""
    if text.lang != "en" or not text.opens_section or text.heading is None:
        return []
    body = _section_body(text)
    if not body:
        return []
    problem = problem_clause(str(text.heading), text)
    asked = problem_questions(str(text.heading), body, coded=_trouble_page(text))
    question = f"What should I do if {problem}?" if problem else asked[0] if asked else None
    if question is None:
        return []
    said = remedy_text([replace(s, text=_plain(s.text, text)) for s in body], markdown=False)
    if not said or len(said) > _MAX_ANSWER or not _REMEDY.search(said):
        return []
    text.hold(text.runs)
    return [Candidate(question, said, said, body[0], "faq", -1)]
