"""A survey form's definition read as a form: a table of questions (a type, a stored
name and a label each) and tables of answer choices (a list, a stored name and a label
each), as XLSForm and the tools that read it lay a form out in a workbook.

A user asks what the form asks: "In the <title> form, what type of answer does the
question 'End Time' take?", "Which answer choices does the question 'Expense type'
offer?" — by the labels a person reads, never by the stored names, and only when the
form has a title to say (a settings table's form title): a sheet's name ("survey",
"columns") names no form.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from datasetkit.generate.offline.tables.identifiers import code_like
from datasetkit.knowledge.model import Document, Section


def header_word(header: str) -> str:
    """A header as a form definition names its column: "label::English (en)" -> "label",
    "List Name" -> "list_name"."""
    return re.sub(r"\s+", "_", header.split("::")[0].strip().casefold())


def _part(headers: Iterable[str]) -> str | None:
    words = {header_word(h) for h in headers}
    if {"list_name", "name", "label"} <= words:
        return "choices"
    if {"type", "name", "label"} <= words:
        return "questions"
    return None


@dataclass
class FormDefinition:
    """The form a table of questions or choices belongs to."""

    part: str  # "questions" or "choices"
    title: str | None  # the form's title as its settings give it; None when none does
    # Each list of choices: its stored name -> its rows (one per choice).
    choices: dict[str, list[Section]] = field(default_factory=dict)
    # The language its labels are written in, when its settings or its label column say.
    language: str | None = None


def label_column(headers: Sequence[str]) -> str | None:
    """The column of the labels a person reads: "label", else the English one, else the
    first label in another language."""
    labels = [h for h in headers if header_word(h) == "label"]
    plain = [h for h in labels if "::" not in h]
    english = [h for h in labels if re.search(r"(?i)::\s*(?:english|en\b)", h)]
    found = plain or english or labels
    return found[0] if found else None


def read_definition(headers: Sequence[str], doc: Document) -> FormDefinition | None:
    """The form definition the table with ``headers`` is part of, or None when it is no
    part of one."""
    part = _part(headers)
    if part is None:
        return None
    tables: dict[tuple[object, object], list[Section]] = {}
    for s in doc.sections:
        if s.kind == "table_row" and s.record:
            tables.setdefault((s.provenance.sheet, s.provenance.table), []).append(s)
    title: str | None = None
    language: str | None = None
    choices: dict[str, list[Section]] = {}
    for rows in tables.values():
        names = list(rows[0].record or {})
        if _part(names) == "choices":
            for row in rows:
                record = row.record or {}
                listed = next((v for k, v in record.items() if header_word(k) == "list_name"), "")
                if listed.strip():
                    choices.setdefault(listed.strip(), []).append(row)
        title = title or _title(rows)
        language = language or _setting(rows, "default_language")
    said = _language(language or (label_column(headers) or "").partition("::")[2])
    return FormDefinition(part, title or _title_in_lines(doc.sections), choices, said)


def _setting(rows: Sequence[Section], name: str) -> str | None:
    """A setting's value from a settings table's first row."""
    for row in rows[:1]:
        for key, value in (row.record or {}).items():
            if header_word(key) == name and value.strip():
                return value.strip()
    return None


def _title(rows: Sequence[Section]) -> str | None:
    """The form's title from a settings table ("form_title"), when it is words a person
    reads (not a stored name)."""
    said = _setting(rows, "form_title") or _setting(rows, "title")
    return None if said is None or code_like(said) else said


_LANGUAGES = {
    "en": "en", "english": "en", "de": "de", "deutsch": "de", "german": "de", "fr": "fr",
    "french": "fr", "français": "fr", "francais": "fr", "es": "es", "spanish": "es",
    "español": "es", "espanol": "es",
}  # fmt: skip


def _language(said: str) -> str | None:
    """A language as settings or a label column name it ("Deutsch (de)", "English",
    "fr") -> its code; a language not among these -> its own name; None when unsaid."""
    code = re.search(r"\((\w{2})\)", said)
    word = (code.group(1) if code else said).strip().casefold()
    return _LANGUAGES.get(word, word) or None


_CELLS = re.compile(r"^(?P<col>[A-Z]{1,3})(?P<row>\d+)(?::(?P<end>[A-Z]{1,3})\d+)?$")


def _column_number(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


def _title_in_lines(sections: Sequence[Section]) -> str | None:
    """The form's title from a settings row read as lines of text (a row of one cell is
    no table): a line of stored names, one per cell, one of them "form_title", and under
    it a line of the one cell below that name."""
    for at, s in enumerate(sections[:-1]):
        cells = _CELLS.match(s.provenance.cells or "")
        names = [header_word(t) for t in s.text.split()]
        if s.kind != "paragraph" or cells is None or "form_title" not in names:
            continue
        first = _column_number(cells.group("col"))
        width = _column_number(cells.group("end") or cells.group("col")) - first + 1
        if width != len(names):
            continue  # a line of words, not one stored name per cell
        below = sections[at + 1]
        col = first + names.index("form_title")
        where = _CELLS.match(below.provenance.cells or "")
        same = below.provenance.sheet == s.provenance.sheet and where is not None
        under = where is not None and int(where.group("row")) == int(cells.group("row")) + 1
        if (
            same
            and under
            and where
            and not where.group("end")
            and _column_number(where.group("col")) == col
        ):
            said = below.text.strip()
            return None if code_like(said) else said
    return None


# The rows of a definition that ask nothing: a group's or a repeat's bounds, a note
# shown to the person filling in, a computed value, a value the device records by itself
# (when the form was started, the phone's serial number).
_NO_ANSWER = re.compile(
    r"(?i)^(?:begin|end)[\s_]+(?:group|repeat)\b|^(?:note|calculate|hidden)\b|"
    r"^(?:start|end|today|deviceid|subscriberid|simserial|imei|phonenumber|username|email|"
    r"audit|start-geopoint|background-audio|uri:\w+)$"
)
_REFERENCE = re.compile(r"\$\{")


def question_label(record: dict[str, str], labels: str | None) -> str | None:
    """A question's label as a question can quote it; None for a row that asks nothing,
    or whose label is a stored name, a figure or text built from another answer."""
    kind = next((v.strip() for k, v in record.items() if header_word(k) == "type"), "")
    label = (record.get(labels) or "").strip() if labels else ""
    if not kind or not label or _NO_ANSWER.match(kind) or _REFERENCE.search(label):
        return None
    if code_like(label) and not re.fullmatch(r"[a-z]+(?: [a-z]+)*", label):
        return None  # "date_test": the stored name copied, no label
    if not re.search(r"[^\W\d_]", label) or len(label) > 80:
        return None
    return label


def choice_labels(rows: Sequence[Section]) -> list[str]:
    """The labels of one list's choices, in order; empty when a choice has none."""
    labels = label_column(list(rows[0].record or {})) if rows else None
    said = [((r.record or {}).get(labels or "") or "").strip() for r in rows]
    return said if all(said) else []


def unasked_form(file: str, defined: FormDefinition | None, lang: str) -> str | None:
    """Why a survey form's definition gives no cases: it names no title a question can
    say, or it is not in English; None for any other table."""
    if defined is None or defined.part != "questions":
        return None
    if (defined.language or lang) != "en":
        return (
            f"{file}: it defines a survey form, whose questions the offline forms ask in "
            "English only; use an LLM provider for it"
        )
    if defined.title is None:
        return (
            f"{file}: it defines a survey form but gives it no title (a settings sheet's "
            "form_title), so no question can say which form it asks about and its questions "
            "are not asked; add a form_title or use an LLM provider"
        )
    return None
