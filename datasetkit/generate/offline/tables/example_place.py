"""Where a table's figures hold, said when its document sets the table out as an example.

A table a paper prints as a worked example ("Table 4: An example showing ..."), a table
under a "Case Study" heading, or the rows a tutorial fills into the table it has a
database create (its columns are the columns of a ``CREATE TABLE "<name>"`` statement in
the document) holds values of that example only: "What is the score of the calibrated
model?" or "What is the age for <row>?" asks about the world, and has no answer there.
A question from such a table says the place, in the words the document gives it: "in
Table 4's example", "in the case study", "in the hero table". The place closes some of a
table's questions and opens the others ("In the hero table, what is ...?"), so its
questions do not all end alike; a question that already says the place is left as it is.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from dataclasses import replace

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.knowledge.model import Section

# A numbered table caption: "Table 4: ...", "Tabelle 2. ...", "Tableau 3 - ...".
_NUMBERED = re.compile(r"(?i)^(?:table|tabelle|tableau|tabla)\s+(?P<n>\d{1,2}[a-z]?)\s*[:.–—-]")
# What a caption or heading calls an example, in the languages the forms speak.
_CASE = re.compile(r"(?i)\b(?:case stud(?:y|ies)|fallstudie|étude de cas|estudio de caso)\b")
_EXAMPLE = re.compile(r"(?i)\b(?:example|worked example|illustration|beispiel|exemple|ejemplo)s?\b")
# A heading that is only the name of an example section: "5.2 Case Study", "Example".
_EXAMPLE_HEADING = re.compile(
    r"(?i)^(?:[\d.]+\s+)?(?:an?\s+)?(?:worked\s+)?(?:case\s+stud(?:y|ies)|examples?|"
    r"fallstudie|beispiel|étude de cas|exemples?|estudio de caso|ejemplos?)\s*:?$"
)
# Paragraphs a caption may stand above before its table (the example's own lines).
_CAPTION_REACH = 4
# A statement that creates a table: its name and the list of its columns.
_CREATE = re.compile(
    r"(?ims)\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?[`\"\[]?(?P<name>[A-Za-z_]\w{1,30})"
    r"[`\"\]]?\s*\((?P<cols>.*?)^\s*\)"
)
# A table the prose names as code: "the table called "hero"", "table `hero`", "the 'hero'
# table" (quoted, or after "called" or "named"; a code span's marks may be gone).
_Q = "[`\"'“”‘’]"
_NAMED_TABLE = re.compile(
    rf"(?i)\btable\s+(?:(?:called|named)\s+{_Q}?(?P<a>[A-Za-z_]\w{{1,30}})\b|{_Q}(?P<b>[A-Za-z_]\w{{1,30}}){_Q})"
    rf"|{_Q}(?P<c>[A-Za-z_]\w{{1,30}}){_Q}\s+table\b"
)
_MIN_SHARED_COLUMNS = 2


def _numbered_example(sections: Sequence[Section], first: int) -> str | None:
    """'Table N' places of a numbered caption over the table that calls it an example."""
    for at in range(first - 1, max(first - 1 - _CAPTION_REACH, -1), -1):
        s = sections[at]
        if s.record is not None or s.kind == "heading":
            return None
        m = _NUMBERED.match(s.text.strip())
        if m is None:
            continue
        label = f"Table {m.group('n')}"
        if _CASE.search(s.text):
            return f"{label}'s case study"
        if _EXAMPLE.search(s.text):
            return f"{label}'s example"
        return None
    return None


def _created(sections: Sequence[Section], columns: Sequence[str]) -> str | None:
    """The name a CREATE TABLE statement of the document gives a table whose columns it
    declares (at least two of them, and every column the statement names is the table's)."""
    wanted = {c.strip().casefold() for c in columns if c.strip()}
    for s in sections:
        if s.kind not in ("code", "paragraph"):
            continue
        for m in _CREATE.finditer(s.text):
            declared = re.findall(r"(?m)^\s*[`\"\[]?([A-Za-z_]\w*)[`\"\]]?\s+[A-Za-z]", m["cols"])
            declared = [d.casefold() for d in declared if d.upper() not in ("PRIMARY", "FOREIGN")]
            shared = wanted & set(declared)
            if len(shared) >= _MIN_SHARED_COLUMNS and set(declared) <= wanted:
                return f"the {m.group('name')} table"
    return None


def _named(sections: Sequence[Section]) -> str | None:
    """The one table the document's prose names as code ("the table called "hero""), when
    it holds one table of rows and names no other."""
    tables = {s.provenance.table for s in sections if s.record is not None}
    if len(tables) != 1:
        return None
    names = {
        (m.group("a") or m.group("b") or m.group("c")).casefold()
        for s in sections
        if s.kind in ("paragraph", "list_item", "heading")
        for m in _NAMED_TABLE.finditer(s.text)
    }
    return f"the {names.pop()} table" if len(names) == 1 else None


def example_place(
    sections: Sequence[Section], rows: Sequence[Section], heading: str | None
) -> str | None:
    """Where the table of ``rows`` holds its values when its document sets it out as an
    example (see the module); None for any other table."""
    records = [r for r in rows if r.record]
    if not records:
        return None
    ids = [id(s) for s in sections]
    if id(records[0]) not in ids:
        return None
    first = ids.index(id(records[0]))
    found = _numbered_example(sections, first)
    if found:
        return found
    if heading and _EXAMPLE_HEADING.match(heading.strip()):
        case = _CASE.search(heading)
        return "the case study" if case else "the example"
    return _created(sections, list(records[0].record or {})) or _named(sections)


# The places this module says, as a question opens or closes with them.
_PLACE = r"(?:the \w+ table|the case study|the example|Table \w+'s (?:example|case study))"
_PLACED = re.compile(rf"^In {_PLACE}, |\bin {_PLACE}\?$")


def placed(question: str) -> bool:
    """True when ``question`` says an example table's place (see :func:`in_place`): it
    names what it is about, and no other subject is said in it."""
    return _PLACED.search(question) is not None


# The words a question opens with that the leading form writes in lower case.
_OPENER = re.compile(
    r"^(?:What|Which|Who|Whom|Whose|When|Where|Why|How|Is|Are|Was|Were|Do|Does|Did)\b"
)


def in_place(cands: Sequence[Candidate], place: str | None) -> list[Candidate]:
    """``cands`` with questions that say ``place``, at the end of some and the start of
    others (chosen by the question, so a table's questions vary), unless a question
    says it already."""
    if not place:
        return list(cands)
    key = re.sub(r"^the |'s .*$", "", place)
    out = []
    for c in cands:
        q = c.question
        if not q.endswith("?") or re.search(rf"(?i)\b{re.escape(key)}\b", q):
            out.append(c)
            continue
        lead = _OPENER.match(q) is not None and zlib.crc32(q.encode()) % 2 == 1
        said = f"In {place}, {q[0].lower()}{q[1:]}" if lead else f"{q[:-1]} in {place}?"
        out.append(replace(c, question=said))
    return out
