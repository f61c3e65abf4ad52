"""A reference table of named settings: what each one does and its default.

Configuration references, environment-variable tables and option tables of a command
list code elements a user types (``--global``, ``MAX_LOGS``, ``site_url``) in their first
column, with a column that says what each does and often one with its default. A user
asks of one of them by name: "What does the `PIPX_HOME` environment variable do?",
"What is the default value of the `--retries` option?". The name is quoted as code, the
way a user quotes what they type; the kind of element (option, variable, ...) comes from
the first column's header or, when that only says "Name", from the heading over the
table, so the question says what the name is.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.code_names import CODE, KIND, heading_kind
from datasetkit.generate.offline.tables.cell_lookup import cell_lookup
from datasetkit.generate.offline.tables.view import NIL, Column, TableChunk, said_words
from datasetkit.generate.offline.text.reference import element_name, on_page
from datasetkit.knowledge.model import Section

# A header that only says the column names something: the heading says what.
_NAME_HEADER = re.compile(r"(?i)^(?:name|key|id|identifier)$")
# The column that says what an element does, and the one with its default.
_DOES = re.compile(r"(?i)^(?:description|meaning|purpose|explanation|effect|function|usage)$")
_DEFAULT = re.compile(r"(?i)^default(?:\s+value)?s?$")
# A default that names none.
_NO_DEFAULT = re.compile(r"(?i)^\(?(?:unset|none|n/?a|no default|not set|empty)\)?\.?$")


def _kind(key: Column, heading: str | None) -> str | None:
    """How a question names what the key column holds: "option", "environment variable"."""
    header = said_words(key.name).strip()
    m = KIND.search(header)
    named = heading_kind(heading)
    if m and not _NAME_HEADER.match(header):
        if named and named.endswith(m.group("kind").lower()) and len(header.split()) == 1:
            return named  # "Variable" under "Environment Variables"
        # "Environment variable", "Config key": a short header says the whole kind.
        return header.lower() if len(header.split()) <= 2 else m.group("kind").lower()
    return named if _NAME_HEADER.match(header) else None


def _columns(part: TableChunk) -> tuple[Column, Column | None, Column | None] | None:
    """The key column, the one that says what an element does and its default, or None
    when the table is no reference of code elements."""
    cols = list(part.view.columns.values())
    if len(cols) < 2:
        return None
    key = cols[0]
    names = key.filled
    if len(names) < 2 or len(set(names)) < len(names):
        return None
    if not (all(CODE.match(n) for n in names) or _set_as_code(part, key) or _named_kind(key)):
        return None
    does = next((c for c in cols[1:] if _DOES.match(said_words(c.name))), None)
    default = next((c for c in cols[1:] if _DEFAULT.match(said_words(c.name))), None)
    if does is None and default is None:
        return None
    return key, does, default


def _named_kind(key: Column) -> bool:
    """True when the key column's header says its names are elements ("Option", "Config
    key", "Parameter") and each is one word as typed ("interval", "log-level"): a Word,
    PDF or Excel reference sets no code spans."""
    header = said_words(key.name).strip()
    if not KIND.search(header) or _NAME_HEADER.match(header):
        return False
    return all(re.fullmatch(r"-{0,2}[A-Za-z_][\w.-]*", n) for n in key.filled)


def _set_as_code(part: TableChunk, key: Column) -> bool:
    """True when the page sets every name of the key column as code (a Markdown code
    span): a name a user types, however plain its word ("`interval`")."""
    rows = [r for r in part.view.rows if (r.record or {}).get(key.name, "").strip()]
    return bool(rows) and all(key.name in r.code for r in rows)


def _asked(kind: str, name: str, page: str | None) -> tuple[str, str]:
    named = on_page(f"the `{name}` {kind}", name, page)
    return f"What does {named} do?", f"What is the default value of {named}?"


def reference_entries(part: TableChunk) -> list[Candidate] | None:
    """One question per named element of a reference table: what it does, and its
    default when the table gives one; None when the table is no such reference (or not
    in English: the kind of element is said in English words)."""
    found = _columns(part) if part.lang == "en" else None
    if found is None:
        return None
    key, does, default = found
    kind = _kind(key, part.heading)
    if kind is None:
        return None
    out: list[Candidate] = []
    for row in part.rows:
        record = row.record or {}
        name = record.get(key.name, "").strip()
        if not name:
            continue
        typed = element_name(name, True)  # "--max-count <n>" is typed "--max-count"
        what, default_q = _asked(kind, typed[0] if typed else name, part.page)
        for col, question in ((does, what), (default, default_q)):
            value = record.get(col.name, "").strip() if col else ""
            if col is None or not value or value in NIL or _NO_DEFAULT.match(value):
                continue
            out.append(_case(question, value, row, col))
    return out


def _case(question: str, value: str, row: Section, col: Column) -> Candidate:
    covers = frozenset({(id(row), col.name)})
    record = row.record or {}
    return cell_lookup(question, value, row, record, (value,), covers)
