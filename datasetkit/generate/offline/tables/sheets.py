"""A property sheet printed as a two-column table with no header: each row a property and
its value ("Minimum Initial Investment | £100,000", "Annual Accounting Date | 30 June"),
as prospectuses, price sheets and data sheets print the terms of one product.

A reader takes its first row for the header, so asked as a table its questions read
"What are the accumulation shares of the Minimum Holding class of shares?". Its values
are of many kinds (amounts, rates, dates, names) where a column holds one kind, which is
how it is told from a table. Each property is asked of what the heading above the table
names ("What is the minimum initial investment of the America Fund?"); when the heading
names nothing (a single word, a note), no question is asked: the same properties often
repeat for every product of the document, and unnamed they have no one answer.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.clauses import plural_subject
from datasetkit.generate.offline.language.words import lower_words
from datasetkit.generate.offline.tables.view import NIL, TableChunk, TableView

_MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
]
_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("rate", re.compile(r"(?i)\d\s?(?:%|per ?cent)")),
    ("money", re.compile(r"[$€£¥]\s?\d|\d\s?(?:USD|EUR|GBP)\b")),
    ("date", re.compile(rf"(?i)\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{'|'.join(_MONTHS)})\b|\d/\d")),
    ("number", re.compile(r"^\s*\d[\d,.]*\s*$")),
)
# A heading that names a product: two or more words, the first capitalised.
_NAMED = re.compile(r"^[A-Z][\w&'’.-]*(?:\s+[\w&'’.()-]+){1,8}$")


def _kind(value: str) -> str:
    for kind, pattern in _KINDS:
        if pattern.search(value):
            return kind
    return "text"


def is_sheet(view: TableView) -> bool:
    """Whether a two-column table is a property sheet read with its first row as header:
    its keys are distinct labels and its rows' values of three or more kinds."""
    if len(view.columns) != 2 or len(view.rows) < 3:
        return False
    key, value = list(view.columns)
    keys = [key] + [(r.record or {}).get(key, "").strip() for r in view.rows]
    values = [value] + [(r.record or {}).get(value, "").strip() for r in view.rows]
    if not all(keys) or len({k.casefold() for k in keys}) < len(keys):
        return False
    if any(k[:1].isdigit() or len(k.split()) > 8 for k in keys):
        return False
    # The rows' own values, the header's aside: a statement's header is a period ("March
    # 31, 2024") over a column of figures, which is one kind.
    kinds = {_kind(v) for v in values[1:] if v and v not in NIL}
    return len(kinds) >= 3


def sheet_candidates(part: TableChunk) -> list[Candidate]:
    """ "What is the <property> of <what the heading names>?" for each row of the chunk."""
    view = part.view
    subject = _subject(part)
    if subject is None:
        return []
    key, value = list(view.columns)
    pairs = [
        (r, (r.record or {}).get(key, "").strip(), (r.record or {}).get(value, "").strip())
        for r in part.rows
    ]
    if view.rows and part.rows and part.rows[0] is view.rows[0]:
        pairs.insert(0, (view.rows[0], key, value))
    out = []
    for row, label, said in pairs:
        if not said or said in NIL or said.casefold() in ("none", "see below", "see above"):
            continue
        if said.casefold().startswith("see "):
            continue  # a cross-reference, not the value
        prop = lower_words(label.strip().rstrip(":"), view.words, force=True)
        out.append(
            Candidate(
                f"What {'are' if plural_subject(prop) else 'is'} the {prop} of {subject}?",
                said,
                f"{label}: {said}",
                row,
                "lookup",
                1,
                (said,),
                covers=frozenset({(id(row), label)}),
            )
        )
    return out


def _subject(part: TableChunk) -> str | None:
    heading = re.sub(r"\s*\([^()]*\)\s*$", "", (part.heading or "").strip()).rstrip(":. ")
    if not _NAMED.match(heading) or heading.casefold() == (part.view.caption or "").casefold():
        return None
    caps = [w for w in heading.split() if w[:1].isupper()]
    if len(caps) < 2:
        return None
    return "the " + heading[4:] if heading.startswith("The ") else f"the {heading}"
