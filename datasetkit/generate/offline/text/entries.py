"""The entries of a policy's, contract's or filing's definitions, read whole.

Legal and financial documents define their terms in runs of entries ("B. <Term> means
...", "\u201c<Term>\u201d shall mean ..."). An entry's definition is more than its first
sentence: its lettered or numbered sub-items, the text a page break pushed to the next
paragraph, and the sentences after it that limit or extend it ("<Term> does not include
...", "<Term> also means ...", "provided that ...") up to the next entry. The entry is
asked "What does <Term> mean?" and answered with all of it; when the definition cannot be
read whole (it runs past the chunk, or stops mid-phrase), it is not asked at all.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.templates import TEMPLATES
from datasetkit.generate.offline.language.words import unnumbered
from datasetkit.generate.offline.text.view import TextChunk
from datasetkit.knowledge.model import Document, Section

# An entry's label: "B.", "JJJ.", "12.", "(c)", "iv)" before the term.
ENTRY_LABEL = re.compile(
    r"^(?:\(?(?:[A-Z]{1,3}|[a-z]{1,2}|\d{1,3}(?:\.\d{1,3})*|[ivxlc]{1,5})[.)]\s+)"
)
# A term as a definition entry names it: capitalised words (joined by small words), or
# anything in quotes; then the verb that defines it.
_TERM = (
    r"(?P<term>[\u201c\"'](?P<quoted>[^\u201d\"']{2,60})[\u201d\"']"
    r"|[A-Z][\w'\u2019&/-]*(?:\s+(?:(?:of|and|or|to|for|the|in|on|a|an)\s+)?"
    r"[A-Z0-9][\w'\u2019&/-]*){0,6})"
)
_OPENS = re.compile(
    _TERM + r"\s+(?P<verb>means|shall mean|will mean|is defined as|refers to|shall refer to)\b"
)
# Sentences after a definition that limit or extend it, without naming the term again.
_LIMITS = re.compile(
    r"(?i)^(?:provided(?:,)?\s+(?:that|however)|however|but only|except|excluding|other than|"
    r"unless|for the avoidance of doubt|this (?:definition|term)|such\b|which\b|with respect to)"
)
# Text that cannot end a definition: a word that opens what should follow it, or a
# sub-item's label with nothing after it.
_UNFINISHED = re.compile(
    r"(?i)(?:\b(?:a|an|the|of|to|for|by|with|from|in|on|at|as|and|or|nor|that|which|who|"
    r"whose|than|any|its|their|such|including|includes?|means|under|upon|per|if|whether)"
    r"|\(\d+\)|\([a-z]\)|[:,\u2013-])\s*$"
)
_MOST_CHARS = 2000
_MOST_PARTS = 24


def opens_entry(text: str) -> re.Match[str] | None:
    """The defined term an entry opens with ("B. <Term> means ..."), or None."""
    stripped = ENTRY_LABEL.sub("", text.strip(), count=1)
    m = _OPENS.match(stripped)
    if m is None:
        return None
    term = m.group("quoted") or m.group("term")
    if len(term.split()) > 7 or term.casefold() in ("it", "this", "that", "the term", "the"):
        return None
    return m


def _term_of(m: re.Match[str]) -> str:
    return (m.group("quoted") or m.group("term")).strip()


def _continues(part: Section, term: str, last: str, listing: bool) -> bool:
    """Whether ``part`` belongs to the definition being read (its text so far ends with
    ``last``; ``listing`` when it announced sub-items)."""
    text = ENTRY_LABEL.sub("", part.text.strip(), count=1)
    if not text:
        return False
    if _UNFINISHED.search(last) or not re.search(r"[.;:!?)]$", last):
        return True  # the sentence goes on past a page or line break
    if part.kind == "heading":
        return False
    if part.kind == "list_item" and listing:
        return True  # a sub-item of "<Term> means:" or of an item ending "...; or"
    if text[:1].islower():
        return True  # the rest of a clause a break set apart ("which results in ...")
    said = text.casefold()
    return said.startswith(term.casefold()) or bool(_LIMITS.match(text))


def _label_style(text: str) -> str | None:
    """The kind of label an entry opens with ("B." and "ZZ." are one kind, "12." another),
    when a capitalised word follows it; None without one."""
    m = re.match(r"^(?:(?P<letters>[A-Z]{1,3})|(?P<digits>\d{1,3}))\.\s+[A-Z]", text.strip())
    if m is None:
        return None
    return "letters" if m.group("letters") else "digits"


def entry_parts(sections: Sequence[Section], start: int, term: str) -> list[Section] | None:
    """The sections of the definition of ``term`` that starts at ``start``: the entry, its
    sub-items and what limits it, up to the next entry; None when it cannot be read
    whole (the sections end mid-definition, or it is too long to be one answer)."""
    parts = [sections[start]]
    last = sections[start].text.strip()
    listing = last.endswith(":") or bool(re.search(r"(?i)\b(?:following|any)\s*:?$", last))
    style = _label_style(sections[start].text)
    for part in sections[start + 1 :]:
        sibling = style is not None and _label_style(part.text) == style
        if (opens_entry(part.text) is not None or sibling) and not _UNFINISHED.search(last):
            break  # the next entry ("ZZ. <Term> is ..."), however it defines its term
        if not _continues(part, term, last, listing):
            break
        parts.append(part)
        last = part.text.strip()
        listing = listing or last.endswith(":") or part.kind == "list_item"
        if len(parts) > _MOST_PARTS:
            return None
    else:
        # The sections ran out: the definition may go on past them.
        if start + len(parts) >= len(sections) and not re.search(r"[.!?]$", last):
            return None
    if _UNFINISHED.search(last) or not re.search(r"[.;!?)]$", last):
        return None  # stops mid-phrase: no answer a grader can use
    if sum(len(p.text) for p in parts) > _MOST_CHARS:
        return None
    return parts


def entry_answer(parts: Sequence[Section]) -> str:
    """The entry's text, its label dropped: a sub-item on its own line, the rest of a
    sentence a break set apart joined to it."""
    lines: list[str] = []
    for i, part in enumerate(parts):
        text = part.text.strip()
        if i == 0:
            text = ENTRY_LABEL.sub("", text, count=1)
        # A sub-item starts a line; a paragraph goes on the line a break cut short.
        cut = bool(lines) and not re.search(r"[.;:!?]$", lines[-1])
        if lines and part.kind != "list_item" and (cut or text[:1].islower()):
            lines[-1] = f"{lines[-1]} {text}"
            continue
        lines.append(text)
    return "\n".join(lines)


def _heading_term(section: Section, start: int, text: TextChunk) -> str | None:
    """The term of an entry a layout split in two: the term set as the heading and its
    definition ("means ...") as the first paragraph under it."""
    if start != 0 or not re.match(r"(?:means|shall mean)\s", section.text.strip()):
        return None
    heading = unnumbered(str(text.heading or "")).strip().rstrip(".:")
    m = _OPENS.match(f"{heading} means")
    if not heading or m is None or m.group("term") != heading or len(heading.split()) > 7:
        return None
    return heading


def _runs_on(text: TextChunk, start: int, term: str, held: int) -> bool:
    """Whether the entry at ``start`` of the chunk's body goes on past the chunk in its
    document (the chunk holds ``held`` of its sections)."""
    doc = text.chunk.meta.get("document")
    own = [s for s in text.chunk.sections if s.kind != "heading"]
    if not isinstance(doc, Document) or start >= len(own):
        return False
    at = next((i for i, s in enumerate(doc.sections) if s is own[start]), None)
    if at is None:
        return False
    whole = entry_parts(doc.sections, at, term)
    return whole is None or len(whole) != held


def defined_entry(section: Section, text: TextChunk) -> Candidate | None:
    """ "B. <Term> means ..." with its sub-items and limits -> "What does <Term> mean?"
    answered with all of it; None when the section opens no entry or it cannot be read
    whole."""
    body = text.body
    start = next((i for i, s in enumerate(body) if s is section), None)
    if start is None or section.kind not in ("list_item", "paragraph"):
        return None
    m = opens_entry(section.text)
    term = _term_of(m) if m is not None else _heading_term(section, start, text)
    if term is None:
        return None
    parts = entry_parts(body, start, term)
    if parts is None or _runs_on(text, start, term, len(parts)):
        return None
    answer = entry_answer(parts)
    if len(parts) == 1 and len(answer) < 25:
        return None
    if m is None:
        answer = f"{term} {answer}"  # "<Term>" set as a heading, "means ..." under it
    question = TEMPLATES["en"]["meaning"].format(term=term)
    # The entry's own label ("B.") goes; its sub-items keep theirs ("(1)", "(a)").
    first = ENTRY_LABEL.sub("", section.text.strip(), count=1)
    quotes = (first, *(p.text.strip() for p in parts[1:]))
    return Candidate(question, answer, "\n".join(quotes), section, "definition", 1, quotes)
