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

from datasetkit.generate.offline.language.words import (
    DocWords,
    is_plural,
    lower_words,
    unnumbered,
)
from datasetkit.generate.offline.subject_words import PERSON_ROLE
from datasetkit.knowledge.model import Document

# A line that sets a value after its label: "Claim Number: HM-99812", "- Weight: 2.1 kg".
# A label may end with an abbreviation's dot ("Invoice No.: 7781").
FIELD = re.compile(r"^[-•*]?\s*(?P<label>[A-Z][\w&/'’() -]{1,40}?\.?)\s*:\s+(?P<value>\S.*)$")
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
    r"(?i)\b(?:estimate|quote|quotation|invoice|bill|receipt|order|claim|"
    r"application|form|request|certificate|permit|registration|confirmation|voucher|"
    r"declaration|slip|ticket)s?\b"
)


def fields_of(doc: Document) -> list[tuple[str, str]]:
    """The document's fields, as (label, value): its lines that set a value after a label,
    and the rows of its two-column tables of labels and values."""
    out = []
    tables: dict[object, list[dict[str, str]]] = {}
    for s in doc.sections:
        if s.kind == "table_row" and s.record is not None:
            tables.setdefault((s.provenance.table, s.provenance.page), []).append(s.record)
            continue
        line = s.text.strip()
        m = FIELD.match(line) if s.kind in ("paragraph", "list_item") and "\n" not in line else None
        if m is not None:
            out.append((m.group("label").strip(), m.group("value").strip()))
    for rows in tables.values():
        out.extend(table_fields(rows))
    return out


def _kind(doc: Document, words: DocWords) -> tuple[str, str | None, str | None] | None:
    """The kind of record as a question says it ("repair estimate"), from the document's
    title or one of its first headings, with the number that title gives the record
    ("Estimate (ID: EST-1008)", "Invoice #1042") and the issuer it opens with ("<Company>
    - Repair Estimate")."""
    titles = [doc.title, *[s.text for s in doc.sections[:6] if s.kind == "heading"][:3]]
    for title in titles:
        plain = unnumbered(str(title or "")).strip()
        number = _TITLE_NUMBER.search(plain)
        plain = _TITLE_NUMBER.sub("", plain).strip()
        issuer = _ISSUER.match(plain)
        said = _ISSUER.sub("", plain).strip(" :")
        if not said or len(said.split()) > 6 or not _RECORD_KIND.search(said):
            continue
        if re.search(r"\d", said) or (said.isupper() and len(said.split()) > 3):
            continue
        by = _as_name(issuer.group(0).strip(" -–—|:")) if issuer else None
        return lower_words(said, words, force=True), number and number.group(1), by
    return None


# A record's number in its title: "(ID: EST-1008)", "#1042", "No. 88-12".
_TITLE_NUMBER = re.compile(r"\s*\(?(?:\b(?:ID|No\.?|Number)\s*:?\s*|#\s*)(\w*\d[\w/-]*)\)?")
# A field that holds the record's own number: "Invoice Number", "Order #", "Estimate ID".
_NUMBER_LABEL = re.compile(r"(?i)^(?:(\w+)\s+)?(?:number|no\.?|#|id)$")


def _as_name(text: str) -> str | None:
    """A business's name as a question writes it ("ZAVA AUTO REPAIR" -> "Zava Auto
    Repair"); None for what is no name (a line with figures, a sentence)."""
    text = text.strip()
    if not 1 <= len(text.split()) <= 5 or re.search(r"\d", text) or not _NAME_VALUE.match(text):
        return None
    return " ".join(w.title() if w.isupper() and len(w) > 3 else w for w in text.split())


def _issuer(doc: Document, kind: str) -> str | None:
    """The business that issues the record, as its letterhead names it: a heading above
    the one that names the kind of record ("ZAVA AUTO REPAIR"), or one where record words
    follow the name ("<COMPANY> Orders" -> "<Company>"). A heading below the kind's that
    names no record ("Booking Agency", "Bill To") heads a part of the record."""
    heads = [doc.title, *[s.text for s in doc.sections[:6] if s.kind == "heading"][:3]]
    above = True
    for head in heads:
        text = str(head or "").strip()
        if _RECORD_KIND.search(text) and kind.split()[-1] in text.lower():
            above = False
        name = _RECORD_KIND.sub("", text).strip(" -–—|:")
        if not name or lower_words_equal(text, kind) or not text.startswith(name):
            continue  # no name, or the record's words lead ("Order Details")
        if (above or name != text) and (found := _as_name(name)):
            return found
    return None


def lower_words_equal(a: str, b: str) -> bool:
    """Whether two phrases are the same words, case aside."""
    return a.lower().split() == b.lower().split()


def _number(found: list[tuple[str, str]]) -> str | None:
    """The record's own number, from a field that gives it ("Invoice Number: INV-3301")."""
    for label, value in found:
        named = _NUMBER_LABEL.match(label)
        if (
            named
            and _RECORD_KIND.fullmatch(named.group(1) or "order")
            and re.fullmatch(r"[A-Z0-9][\w/-]*\d[\w/-]*", value)
        ):
            return value
    return None


def record_of(doc: Document, words: DocWords) -> str | None:
    """The record a document fills in, as a question names it: by its issuer and kind and
    then whom it is for or its number ("the Lakeside Garage repair invoice for Priya
    Raman", "the Starlight Cinemas booking order 2024-12-5678"), or without an issuer by
    whom it is for ("Dana Whitfield's repair estimate"); None when the document is no
    record, or nothing says which."""
    found = fields_of(doc)
    texts = [s for s in doc.sections if s.kind in ("paragraph", "list_item")]
    if len(found) < _MIN_FIELDS or len(found) < _MIN_SHARE * len(texts):
        return None
    read = _kind(doc, words)
    if read is None:
        return None
    kind, number, issuer = read
    issuer = issuer or _issuer(doc, kind)
    number = number or _number(found)
    party = _party(found)
    if issuer:
        named = f"the {issuer} {kind}"
        return f"{named} for {party}" if party else f"{named} {number}" if number else named
    if party and _PERSON.match(party) and not _COMPANY.search(party):
        return f"{party}'s {kind}"
    if number:
        # A record with a number of its own is named by it: a firm may be billed on many.
        return f"{kind} {number}"
    if party:
        article = "" if party[:1].isupper() and not party[:1].isdigit() else "the "
        return f"the {kind} for {article}{party}"
    return None


# A label that says only that its value is a name: whose, only its heading could say.
_BARE_NAME = re.compile(r"(?i)^(?:full\s+)?(?:name|contact)$")


def _party(found: list[tuple[str, str]]) -> str | None:
    """The party or thing the record is for: its first field whose value is a name."""
    for label, value in found:
        value = value.rstrip(".")
        if _NOT_FOR.search(label) or PERSON_ROLE.search(label.rstrip(": ")):
            continue  # who issued or serves the record, not whom it is for
        if _BARE_NAME.match(label) or _MONTH.search(value):
            continue
        if re.search(r"\s\d+$", value):
            continue  # "Net 30": terms, not a name
        if _NAME_VALUE.match(value):
            return value
    return None


# A value that is an amount of money: asked how much.
_AMOUNT = re.compile(r"^(?:[$€£¥₹]|(?:USD|EUR|GBP|CAD|AUD))\s?\d")
_DATE_VALUE = re.compile(
    r"(?i)^(?:(?:\d{1,2}\s+)?[a-z]{3,9}\.?\s+\d{1,2},?\s+(?:19|20)\d\d|\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4})$"
)
# Labels of a party a record names by a person's or a firm's name: asked who.
_PARTY_LABEL = re.compile(
    r"(?i)\b(?:customer|client|applicant|payee|insured|policyholder|patient|tenant|buyer|"
    r"seller|contractor|owner|technician|adjuster|agent|estimator|inspector)s?$"
)
_NAME = re.compile(r"^(?:[A-Z][\w'.&-]*\s?){2,5}$")


def field_question(label: str, value: str, record: str, words: DocWords) -> str | None:
    """The question a field of a record answers, asked of the record: "How much is the
    sales tax on <record>?" for an amount, "Who is the customer on <record>?" for a party
    named, "What is the <label> on <record>?" else; None for a label that names no field
    (a sentence's opening, a code) or a value that is a sentence."""
    label = re.sub(r"(?i)\s*\bno\.?$|\s*#$", " number", label.strip()).strip()
    if not re.match(r"[A-Z]", label) or len(label.split()) > 5 or re.search(r"\d", label):
        return None
    if len(value.split()) > 14 or value.endswith((":", ",", ";")):
        return None
    if value.casefold() in record.casefold():
        return None  # the record's own number or party, which the question already says
    said = lower_words(label, words, force=True)
    if _AMOUNT.match(value):
        be = "are" if said.endswith("s") and not said.endswith("ss") else "is"
        return f"How much {be} the {said} on {record}?"
    if (_PARTY_LABEL.search(said) or PERSON_ROLE.search(said)) and _NAME.match(value):
        return f"Who is the {said} on {record}?"
    if PERSON_ROLE.search(said):
        return None  # a role whose value is no name: "What is the <role>?" asks nothing
    if _DATE_VALUE.match(value) and not re.search(r"(?i)\bdate\b", label):
        return None  # a date under a label that does not say what it dates
    return f"What {'are' if is_plural(said) else 'is'} the {said} on {record}?"


# The header of a table's column of line items.
ITEMS_HEADER = re.compile(
    r"(?i)^(?:item|items|description|item description|part|parts|service|services|"
    r"operation|operations|product|line item|description of work|work performed)$"
)


def table_fields(rows: list[dict[str, str]]) -> list[tuple[str, str]]:
    """A two-column table of labels and values (a form's boxes: "Customer | <Name>"), as
    (label, value), its first row too (a reader takes it for a header); [] for any other
    table: one whose first column holds anything but short labels."""
    if not rows or len(rows[0]) != 2:
        return []
    first, second = list(rows[0])
    if ITEMS_HEADER.match(first.strip()):
        return []  # "Description | Amount": a header over line items, not a field
    pairs = [(first, second)] + [(r.get(first, ""), r.get(second, "")) for r in rows]
    for label, value in pairs:
        words = label.strip().rstrip(":").split()
        if not value.strip() or not words or len(words) > 5 or not words[0][:1].isupper():
            return []
        if _AMOUNT.match(label) or re.fullmatch(r"[\d,.$%()-]+", label.strip()):
            return []
    return [(label.strip().rstrip(":"), value.strip()) for label, value in pairs]
