"""The name of a record a passage fills in: a filled form, an estimate, an invoice, a claim.

A record is a run of fields, one per line ("Label: value"), under a title that says what
kind of record it is ("Repair Estimate", "Application for Building Permit"). Its fields are
asked of the record, and a question names which record: the kind its title gives and the
party or thing the record is for, read from its first field whose value is a name
("Customer: <Name>" -> "<Name>'s repair estimate"; "Vehicle: 2018 <Make> <Model>" -> "the
repair estimate for the 2018 <Make> <Model>"). Nothing is named when the passage holds
fewer than three fields, its title names no kind of record, or no field names a party.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.language.words import lower_words, unnumbered
from datasetkit.generate.offline.text.view import TextChunk

FIELD = re.compile(r"^[-•*]?\s*(?P<label>[A-Z][\w&/'’() -]{1,40}?)\s*:\s+(?P<value>\S.*)$")
_MIN_FIELDS = 3
# The title's words that name its issuer or its number, not the kind of record: the part
# before a dash ("<Company> - Repair Estimate"), a trailing code or date.
_ISSUER = re.compile(r"^.*?\s[-–—|:]\s+")
# A field's value that names a party or a thing: two to six words, each capitalised or a
# year or model number, no amount, date or sentence.
_NAME_VALUE = re.compile(
    r"^(?:(?:19|20)\d\d\s+)?[A-Z][\w.'’&-]*(?:\s+(?:[A-Z0-9][\w.'’&-]*|of|and|&|de|van|von)){1,5}$"
)
_MONTH = re.compile(
    r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b"
)
# A field whose value says where or who issued the record rather than whom it is for.
_NOT_FOR = re.compile(
    r"(?i)\b(?:address|street|city|state|country|company|insurer|insurance|agent|adjuster|"
    r"issued|prepared|signed|approved|reviewed|by|bank|branch|office|shop|vendor|from)\b"
)
# A value that names a person: two or three capitalised words, no company suffix.
_PERSON = re.compile(r"^[A-Z][a-z'’-]+(?:\s+[A-Z]\.?)?(?:\s+[A-Z][a-z'’-]+){1,2}$")
_COMPANY = re.compile(r"(?i)\b(?:inc|llc|ltd|corp|co|company|gmbh|plc|group|bank|services)\b")
# A title that names a kind of record: its last word is a record's noun.
_RECORD_KIND = re.compile(
    r"(?i)\b(?:estimate|quote|quotation|invoice|bill|receipt|statement|order|claim|"
    r"application|form|request|report|certificate|permit|registration|summary|notice|"
    r"confirmation|voucher|declaration|return|record|sheet|slip|ticket|agreement)s?\b"
)


def fields(text: TextChunk) -> list[tuple[str, str]]:
    """The chunk's lines that set a value after a label, as (label, value)."""
    out = []
    for s in text.body:
        line = s.text.strip()
        m = FIELD.match(line) if "\n" not in line else None
        if m is not None:
            out.append((m.group("label").strip(), m.group("value").strip()))
    return out


def _kind(text: TextChunk) -> str | None:
    """The kind of record as a question says it ("repair estimate"), from the heading the
    fields sit under, else the document's title."""
    for title in (text.heading, text.title):
        said = _ISSUER.sub("", unnumbered(str(title or "")).strip()).strip(" :")
        if said and len(said.split()) <= 6 and _RECORD_KIND.search(said):
            if re.search(r"\d", said) or (said.isupper() and len(said.split()) > 3):
                continue
            return lower_words(said, text.ctx.words, force=True)
    return None


def record_name(text: TextChunk) -> str | None:
    """The record a chunk's fields fill in, as a question names it: "Dana Whitfield's
    repair estimate", "the repair estimate for the 2018 Toyota Camry"; None when the chunk
    is no record, or nothing says which."""
    found = fields(text)
    if len(found) < _MIN_FIELDS:
        return None
    kind = _kind(text)
    if kind is None:
        return None
    for label, value in found:
        value = value.rstrip(".")
        if _NOT_FOR.search(label) or _MONTH.search(value) or not _NAME_VALUE.match(value):
            continue
        if _PERSON.match(value) and not _COMPANY.search(value):
            return f"{value}'s {kind}"
        article = "" if value[:1].isupper() and not value[:1].isdigit() else "the "
        return f"the {kind} for {article}{value}"
    return None
