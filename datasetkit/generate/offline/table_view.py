"""A table seen whole: its columns (what each holds and how a question names it) and the
column(s) that name a row ("the Basecamp 6 tent", "receiving a gift worth up to $75")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from datasetkit.generate.offline.language.words import DocWords
from datasetkit.knowledge.model import Section


@dataclass
class Column:
    """One column of a table and what it holds."""

    name: str
    natural: str | None  # how a question names it; None when it cannot be asked
    unit: str | None
    values: list[str]
    role: str = "text"  # id, constant, number, bool, date, text, blank

    @property
    def filled(self) -> list[str]:
        return [v for v in self.values if v]


@dataclass
class TableView:
    """A whole table: its rows, columns, the column(s) that name a row, and its entity."""

    rows: list[Section]
    columns: dict[str, Column]
    key: list[str] = field(default_factory=list)
    entity: str = "row"
    title: str | None = None  # the table's caption or sheet name
    words: DocWords = field(default_factory=lambda: DocWords(()))

    def label(self, row: Section, words: DocWords) -> str | None:
        record = row.record or {}
        values = [record.get(k, "").strip() for k in self.key]
        if not self.key or not all(values):
            return None
        if len(values) == 1:
            return values[0]
        second = self.columns[self.key[1]]
        first = sentence_case(values[0], words)
        if second.natural is None:
            return f"{first} ({values[1]})"
        if re.search(r"(?i)\b(?:value|amount|price|cost)\b", second.natural):
            # "receiving a gift worth up to $75", not "... with a per-item value of up to $75"
            amount = sentence_case(values[1], words)
            if re.fullmatch(r"(?i)any(?: amount| value)?", amount):
                return f"{first} (any amount)"
            return f"{first} worth {amount[:1].lower()}{amount[1:]}"
        article = "an" if second.natural[:1] in "aeiou" else "a"
        return f"{first} with {article} {second.natural} of {sentence_case(values[1], words)}"


def sentence_case(value: str, words: DocWords) -> str:
    """``Receiving a gift`` -> ``receiving a gift`` (inside a question); names unchanged."""
    tokens = value.split()
    first = tokens[0] if tokens else ""
    if not (first[:1].isupper() and first[1:].islower()) or words.name(first):
        return value
    rest_lower = all(not t[:1].isupper() for t in tokens[1:])
    if words.common(first) or (len(tokens) >= 2 and rest_lower):
        return value[:1].lower() + value[1:]
    return value
