"""Whose report a document is, as its header block says: its title line names the kind
of report (an expense report, a timesheet, a statement) and a field of its first lines
names the person ("Name: <person>", "Employee: <person>", "Account Holder: <person>").
A row of such a report named by its day is asked with it (see tables.dated_rows).
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.record_subject import FIELD
from datasetkit.knowledge.model import Document

_REPORT_KIND = re.compile(
    r"(?i)\b(?P<kind>expense (?:report|claim)|time ?sheet|(?:bank |account |card )?statement|"
    r"mileage log|travel log)\b"
)
_OWNER_LABEL = re.compile(
    r"(?i)^(?:employee(?:\s+name)?|name|full\s+name|account\s+(?:holder|name)|claimant|"
    r"card\s*holder|submitted\s+by|prepared\s+for)$"
)
# A person's name, with a title before it: "Dr. Jane Doe", "Omar Haddad".
_PERSON = re.compile(r"(?:(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?\s+)?[A-Z][\w'’-]+(?:\s+[A-Z][\w.'’-]*){1,3}")
_HEAD = 25  # the lines a report's header block is looked for in


def report_owner(doc: Document) -> str | None:
    """The report as a question names it, "the expense report of <person>", when its first
    lines say which kind of report it is and whose; None otherwise."""
    head = [s for s in doc.sections[:_HEAD] if s.kind in ("heading", "paragraph", "title")]
    texts = [doc.title or "", *(s.text for s in head[:4])]
    kind = next((m.group("kind").lower() for t in texts if (m := _REPORT_KIND.search(t))), None)
    if kind is None:
        return None
    for s in head:
        m = FIELD.match(s.text.strip())
        if m is None or not _OWNER_LABEL.match(m.group("label").strip()):
            continue
        person = m.group("value").split(",")[0].strip()  # "<Name>, PhD": the name
        if _PERSON.fullmatch(person):
            return f"the {kind} of {person}"
    return None
