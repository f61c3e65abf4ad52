"""The company a financial statement's title lines name.

A statement's title says whose it is on a line of its own above it ("<Company>" over
"CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS"), which a PDF may repeat on every page
as a running header, or at the start of the title itself. A question about its figures
names that company (see :mod:`datasetkit.generate.offline.tables.statement`).
"""

from __future__ import annotations

import re

from datasetkit.knowledge.model import Document

# The words a statement's title names it by, after the company's name.
_STATEMENT_TITLE = re.compile(
    r"(?i)\b(?:(?:condensed\s+)?(?:consolidated\s+)?(?:statements?|balance\s+sheets?)\b"
    r"|(?:unaudited\s+)?(?:condensed\s+)?consolidated\b)"
)
# A company's legal form closes its name.
_COMPANY = re.compile(
    r"^(?P<name>(?:[A-Z0-9&][\w&.,'’-]*\s+){0,5}[A-Z0-9&][\w&.'’-]*,?\s+"
    r"(?:Inc|INC|Corp|CORP|Corporation|CORPORATION|Ltd|LTD|Limited|LIMITED|LLC|L\.P|LP|plc|"
    r"PLC|AG|SE|SA|S\.A|N\.V|NV|GmbH|Co|CO|Company|COMPANY|Holdings|HOLDINGS|Group|GROUP)"
    r"\.?)(?=\s|$)"
)


# "<Company> and Subsidiaries": the group a consolidated statement covers.
_GROUP = re.compile(r"(?i)^(?:and|&)\s+(?:its\s+)?(?:consolidated\s+)?subsidiaries\b\s*")


def issuer(doc: Document) -> str | None:
    """The company a statement's title lines name: a running header or a title line
    that is the company's name (closed by its legal form), or the name a heading opens
    with before the statement's title."""
    heads = [*doc.running_heads, *(s.text for s in doc.sections[:12] if s.kind == "heading")]
    for text in heads:
        text = " ".join(text.split())
        m = _COMPANY.match(text)
        if m is None:
            continue
        rest = _GROUP.sub("", text[m.end() :].strip())
        if not rest or _STATEMENT_TITLE.match(rest):
            return _as_written(m.group("name"))
    return None


def _as_written(name: str) -> str:
    """A name set in capitals as a sentence writes it ("AMAZON.COM, INC." ->
    "Amazon.com, Inc."); any other name as it is."""
    if not name.isupper():
        return name
    return " ".join(w[:1] + w[1:].lower() if len(w) > 2 else w for w in name.split())
