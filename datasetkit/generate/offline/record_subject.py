"""The name of the record a document fills in: a filled form, an estimate, an invoice, a
claim, an application.

A record is a document that sets out its facts as fields, one per line ("Label: value"),
under a title that says what kind of record it is ("Repair Estimate", "Application for
Building Permit"). Its fields and its line items are asked of the record, and a question
names which record: the kind its title gives and the party or thing the record is for,
read from its first field whose value is a name ("Customer: <Name>" -> "<Name>'s repair
estimate"; "Vehicle: 2018 <Make> <Model>" -> "the repair estimate for the 2018 <Make>
<Model>"). Nothing is named when fields are a small part of the document (a policy with a
few labelled lines), its title names no kind of record, or no field names a party.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.language.words import DocWords, lower_words, unnumbered
from datasetkit.knowledge.model import Document

# A line that sets a value after its label: "Claim Number: HM-99812", "- Weight: 2.1 kg".
FIELD = re.compile(r"^[-•*]?\s*(?P<label>[A-Z][\w&/'’() -]{1,40}?)\s*:\s+(?P<value>\S.*)$")
_MIN_FIELDS = 3
# Of the document's paragraphs and list items, the share that must be fields.
_MIN_SHARE = 0.25
# The title's words that name its issuer, not the kind of record: the part before a dash
# ("<Company> - Repair Estimate").
_ISSUER = re.compile(r"^.*?\s[-–—|:]\s+")
# A field's value that names a party or a thing: two to six words, each capitalised or a
# year or model number, no amount, date or sentence.
_NAME_VALUE = re.compile(
    r"^(?:(?:19|20)\d\d\s+)?[A-Z][\w.'’&-]*(?:\s+(?:[A-Z0-9][\w.'’&-]*|of|and|&|de|van|von)){1,5}$"
)
_MONTH = re.compile(
    r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b"
)
# A field whose value says where, or who issued the record, rather than whom it is for.
_NOT_FOR = re.compile(
    r"(?i)\b(?:address|street|city|state|country|company|insurer|insurance|agent|adjuster|"
    r"issued|prepared|signed|approved|reviewed|by|bank|branch|office|shop|vendor|from|"
    r"title|position|role|department|location|status|type|category)\b"
)
# A value that names a person: two or three capitalised words, no company suffix.
_PERSON = re.compile(r"^[A-Z][a-z'’-]+(?:\s+[A-Z]\.?)?(?:\s+[A-Z][a-z'’-]+){1,2}$")
_COMPANY = re.compile(r"(?i)\b(?:inc|llc|ltd|corp|co|company|gmbh|plc|group|bank|services)\b")
# A title that names a kind of record: a record's noun.
_RECORD_KIND = re.compile(
    r"(?i)\b(?:estimate|quote|quotation|invoice|bill|receipt|statement|order|claim|"
    r"application|form|request|certificate|permit|registration|confirmation|voucher|"
    r"declaration|slip|ticket)s?\b"
)


def fields_of(doc: Document) -> list[tuple[str, str]]:
    """The document's lines that set a value after a label, as (label, value)."""
    out = []
    for s in doc.sections:
        line = s.text.strip()
        m = FIELD.match(line) if s.kind in ("paragraph", "list_item") and "\n" not in line else None
        if m is not None:
            out.append((m.group("label").strip(), m.group("value").strip()))
    return out


def _kind(doc: Document, words: DocWords) -> str | None:
    """The kind of record as a question says it ("repair estimate"), from the document's
    title or its first heading."""
    titles = [doc.title, *[s.text for s in doc.sections[:3] if s.kind == "heading"][:1]]
    for title in titles:
        said = _ISSUER.sub("", unnumbered(str(title or "")).strip()).strip(" :")
        if not said or len(said.split()) > 6 or not _RECORD_KIND.search(said):
            continue
        if re.search(r"\d", said) or (said.isupper() and len(said.split()) > 3):
            continue
        return lower_words(said, words, force=True)
    return None


def record_of(doc: Document, words: DocWords) -> str | None:
    """The record a document fills in, as a question names it: "Dana Whitfield's repair
    estimate", "the repair estimate for the 2018 Toyota Camry"; None when the document is
    no record, or nothing says which."""
    found = fields_of(doc)
    texts = [s for s in doc.sections if s.kind in ("paragraph", "list_item")]
    if len(found) < _MIN_FIELDS or len(found) < _MIN_SHARE * len(texts):
        return None
    kind = _kind(doc, words)
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
