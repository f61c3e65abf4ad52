"""Whose figures a table holds, said in its questions.

A cell read out of a table of statistics means nothing without the organisation it
counts: a question that asks for "the revenue" or "the number of hires" of a row is
answered differently by every company's report. The subject is the organisation the
document speaks for (named by its title), else the first heading above the table when
that heading is the name of an organisation (a run of capitalised words with a noun such
as University, Department or Company). A question that does not name it says it: as a
possessive after "What is the ..." when the name is short, else as "at <name>" at its end.
A heading that narrows what the table counts after a dash ("Hires by Industry - Intern")
is said too: "intern hires".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.subject_said import SOFTWARE_KINDS, Subject
from datasetkit.generate.offline.subject_words import DOC_KINDS, RULE_NOUNS
from datasetkit.generate.offline.tables.crosstab import HOW_OFTEN

# Nouns that make a capitalised heading the name of an organisation.
_ORG_NOUN = re.compile(
    r"\b(?:University|College|School|Institute|Academy|Department|Ministry|Agency|Office|"
    r"Bureau|Council|Association|Federation|Foundation|Society|Company|Corporation|Corp|"
    r"Inc|Ltd|LLC|PLC|GmbH|Bank|Group|Hospital|Clinic|Authority|Commission|Board|Trust|"
    r"Service|Administration|Government|Court|Museum|Library|Union)\b\.?"
)
# Words after a dash that name a part of a document or a period, not whom it counts.
_NOT_QUALIFIERS = frozenset(
    ("Summary", "Overview", "Total", "Totals", "Detail", "Details", "Continued", "Notes", "Draft")
)
_JOINERS = frozenset(("of", "the", "and", "for", "&", "on", "in"))
_WHAT_THE = re.compile(r"^(?P<ask>(?:What|Which|Who) (?:is|was|are|were)) the (?P<rest>.+)\?$")


def table_subject(ctx: DocContext, path: Sequence[str]) -> str | None:
    """The organisation a table's figures belong to, as a question names it; None when
    neither the document's title nor the heading above the table names one."""
    if ctx.org:
        return ctx.org
    if not path:
        return None
    heading = path[0].strip().rstrip(".:")
    tokens = heading.split()
    if not 2 <= len(tokens) <= 10 or not _ORG_NOUN.search(heading):
        return None
    if tokens[-1].lower() in DOC_KINDS | RULE_NOUNS:
        return None  # "<Agency> Master Agreement": a document's title, not whose figures
    if not all(t[:1].isupper() or t.lower() in _JOINERS for t in tokens):
        return None
    if tokens[0] == "The":
        return "the " + " ".join(tokens[1:])
    if " of " in heading:
        return "the " + heading  # "at the U.S. Department of Justice"
    return heading


def scoped(cand: Candidate, subject: str | None) -> Candidate:
    """``cand`` with a question that names ``subject``: "What was the revenue in 2023?" ->
    "What was Acme's revenue in 2023?", "How many hires did Boston have?" -> "How many
    hires did Boston have at the State University?"; unchanged when it names it."""
    if not subject:
        return cand
    question = cand.question
    bare = re.sub(r"^the ", "", subject)
    if bare.casefold() in question.casefold():
        return cand
    software = bare.split()[-1].casefold() in SOFTWARE_KINDS
    m = _WHAT_THE.match(question)
    if m and len(bare.split()) <= 3 and subject == bare and not software:
        owner = f"{bare}'" if bare.endswith("s") else f"{bare}'s"
        part, of, whole = m.group("rest").partition(" of the ")
        if of:  # "the frame of <Org>'s <Model> bike": the thing named is theirs
            return replace(cand, question=f"{m.group('ask')} the {part} of {owner} {whole}?")
        return replace(cand, question=f"{m.group('ask')} {owner} {m.group('rest')}?")
    if not question.endswith("?"):
        return cand
    if software:
        # A program's figures and settings are "in" it: "... in the <Name> Add-In?".
        return replace(cand, question=f"{question[:-1]} in the {bare}?")
    return replace(cand, question=f"{question[:-1]} at {subject}?")


def in_program(cand: Candidate, program: Subject | None) -> Candidate:
    """``cand`` with a question that says the program whose table it reads ("What is the
    default of X?" -> "What is the default of X in <Name>?"); unchanged when it says it
    (or there is no program)."""
    if program is None:
        return cand
    question = cand.question
    said = (program.name, *program.phrases)
    if not question.endswith("?") or any(p.casefold() in question.casefold() for p in said):
        return cand
    return replace(cand, question=f"{question[:-1].rstrip()} {program.tail()}?")


# "<What is counted> by <dimension> - <qualifier>": the qualifier after a dash narrows
# what the table counts ("Hires by Industry - Intern" counts intern hires only).
_QUALIFIED_HEADING = re.compile(
    r"^(?P<what>(?:[A-Z][\w-]*\s+){0,3}?(?P<noun>[A-Z][a-z]{2,}s))\s+by\s+[^–—-]{2,40}?"
    r"\s+[–—-]\s+(?P<qual>[A-Za-z][A-Za-z-]*(?:\s+[A-Za-z][A-Za-z-]*){0,2})$"
)


# "<Title> - <Qualifier>" with no "by": one word after a dash narrows a table whose
# columns count something ("Top Six Functions - Intern" over "Number of Hires").
_DASH_QUALIFIER = re.compile(
    r"^(?:[A-Z][\w-]*\s+){1,5}[–—-]\s+(?P<qual>[A-Z][a-z]+(?:-[A-Za-z][a-z]+)?)$"
)
# A column that counts or shares out what its table is about: "Number of hires".
_COUNTED_COLUMN = re.compile(
    r"(?i)^(?:number|percent|percentage|share|count|no\.?|#)\s+of\s+(?P<noun>[a-z]{3,}s)$"
)


def counted_nouns(columns: Iterable[str]) -> list[str]:
    """What a table's columns count ("hires" of "Number of Hires"), lower case."""
    found = (_COUNTED_COLUMN.match(c.strip()) for c in columns)
    return list(dict.fromkeys(m.group("noun").lower() for m in found if m))


def qualified(cand: Candidate, heading: str | None, counted: Sequence[str] = ()) -> Candidate:
    """``cand`` with a question that says the qualifier of the table's heading: under
    "<Noun>s by <dimension> - <Qualifier>", "How many <noun>s did X have?" -> "How many
    <qualifier> <noun>s did X have?", and a question without the noun asks "... for
    <qualifier> <noun>s"; under "<Title> - <Qualifier>" the noun is one the table's
    columns count (``counted``), said only where the question says it. Unchanged when the
    heading has no such qualifier or the question already says it."""
    text = (heading or "").strip().rstrip(".:")
    m = _QUALIFIED_HEADING.match(text)
    if m is not None:
        qual, noun, append = m.group("qual"), m.group("noun").lower(), True
    elif (d := _DASH_QUALIFIER.match(text)) and d.group("qual") not in _NOT_QUALIFIERS:
        found = next((n for n in counted if re.search(rf"(?i)\b{n}\b", cand.question)), None)
        if found is None:
            return cand
        qual, noun, append = d.group("qual"), found, False
    else:
        return cand
    qual = qual if qual.isupper() and len(qual) > 1 else qual.lower()
    question = cand.question
    said = re.search(rf"(?i)\b{re.escape(qual)}\b", question)  # not "Internet" for "Intern"
    if said or not question.endswith("?"):
        return cand
    hit = re.search(rf"\b{re.escape(noun)}\b", question, flags=re.IGNORECASE)
    if hit:
        question = f"{question[: hit.start()]}{qual} {question[hit.start() :]}"
    elif append:
        question = f"{question[:-1]} for {qual} {noun}?"
    return replace(cand, question=question)


# A title that names what a table counts: "<Qualifier words> <Nouns> [<period>]"
# ("Summer Internship Hires 2025"), or "<What> by <dimension>" ("Overtime by Department").
_COUNT_TITLE = re.compile(
    r"^(?P<qual>(?:[A-Z][\w-]*\s+){1,3}?)(?P<noun>[A-Z][a-z]{2,}s)"
    r"(?:\s+(?P<period>(?:19|20)\d\d(?:\s*[-–/]\s*(?:19|20)?\d\d)?))?$"
)
_WHAT_BY = re.compile(r"^(?P<what>[A-Z][a-z]+(?:\s+[A-Z]?[a-z]+)?)\s+by\s+[A-Z]?[a-z]+(?:\s+\w+)?$")
# Where a column's name sits as a noun in a question: after an article or a quantifier.
_NOUN_SLOT = r"(?i)\b(?:the|many|much|of|highest|lowest|most|fewest) (?P<m>{})\b"


def titled(
    cand: Candidate, title: str | None, counted: Sequence[str], measures: Sequence[str]
) -> Candidate:
    """``cand`` with a question that says what its table counts, as the title above the
    table (or its sheet's name) says it, where the row and the column alone would not:
    under "Summer Internship Hires 2025", "How many hires did West have?" -> "How many
    summer internship hires did West have in 2025?"; on a sheet "Overtime by Department",
    "What is the cost of Sales?" -> "What is the overtime cost of Sales?". ``counted`` are
    the nouns the table's columns count ("hires"), ``measures`` its number columns'
    names; unchanged when the question says the title's words already."""
    text = (title or "").strip().rstrip(".:")
    question = cand.question
    m = _COUNT_TITLE.match(text)
    if m and m.group("noun").lower() in counted:
        qual, noun = m.group("qual").strip(), m.group("noun").lower()
        if re.search(rf"(?i)\b{re.escape(qual)}\b", question) or not question.endswith("?"):
            return cand
        hit = re.search(rf"(?i)\b{noun}\b", question)
        if hit is None:
            question = f"{question[:-1]} for {qual.lower()} {noun}?"  # the pay of those hires
        else:
            question = f"{question[: hit.start()]}{qual.lower()} {question[hit.start() :]}"
        period = m.group("period")
        if period and period not in question and question.endswith("?"):
            question = f"{question[:-1]} in {period}?"
        return replace(cand, question=question)
    by = _WHAT_BY.match(text)
    # "Annual Visits": how often they were counted is no kind of visit.
    what = " ".join(w for w in (by.group("what") if by else "").split() if not HOW_OFTEN.match(w))
    if by is None or not what or re.search(rf"(?i)\b{re.escape(what)}\b", question):
        return cand
    what = what.lower()
    for measure in sorted(measures, key=len, reverse=True):
        hit = re.search(_NOUN_SLOT.format(re.escape(measure)), question)
        if hit and what.split()[-1] not in measure.lower().split():
            question = f"{question[: hit.start('m')]}{what} {question[hit.start('m') :]}"
            return replace(cand, question=question)
    if re.search(r"\d", cand.answer) and question.endswith("?"):
        return replace(cand, question=f"{question[:-1]} for {what}?")  # "... cost for overtime?"
    return cand
