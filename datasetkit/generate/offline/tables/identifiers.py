"""Identifiers beside labels: a column of stored names (snake_case, camelCase, dotted
paths) and a column of the words a person reads for the same rows.

A user asks by the label ("What type of answer does 'Expense Date' take?"), never by the
stored name ("What is the type for expense_date?"): when a table has both, its rows are
named by the label; a row named by a stored name alone is not looked up. An answer the
row's own name spells out (the list "yes_no" of the choice "No") is no question either.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

# A stored name: lower case first, words joined by "_", ".", "-" or a capital, no space;
# or capitals joined by "_" ("RS_SALES", a workspace's or a constant's name). A code of
# capitals and a number ("SO-10042") is not one: users ask for an order or a product by it.
_CODE = re.compile(r"[a-z][a-z0-9]*(?:[_.-]?[A-Za-z0-9]+)*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")
# What marks a stored name as one: a joint between its words, a capital inside, a digit.
_JOINED = re.compile(r"[a-z0-9][_.][a-z0-9]|[A-Z0-9]_[A-Z0-9]|[a-z][A-Z]|[a-z]\d")


def code_like(value: str) -> bool:
    """True for a value that is a stored name, not a word or phrase a person says."""
    return _CODE.fullmatch(value.strip()) is not None


# A name joined by "_" with no space in it ("RS_RIESGO", "rs_ventas_diarias"): a program's
# or a workspace's name for a thing, which no user says nor wants read out as an answer.
_UNDERSCORED = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+")


def stored_answer(value: str) -> bool:
    """True for a cell that holds stored names only: one joined by "_", or a few such
    joined by "/", "," or ";" ("RS_TDC/RS_RIESGOS"), whatever the rest of its column
    holds."""
    parts = [p.strip() for p in re.split(r"[/,;]", value)]
    return all(_UNDERSCORED.fullmatch(p) for p in parts)


def identifier_column(values: Sequence[str]) -> bool:
    """A column of stored names: every value one, at least one with a joint, a capital
    inside or a digit ("expense_date", "clientID"), so that a column of plain words
    ("red", "blue") is not one."""
    filled = [v.strip() for v in values if v.strip()]
    return (
        len(filled) >= 2
        and all(code_like(v) for v in filled)
        and any(_JOINED.search(v) for v in filled)
    )


def human_labels(values: Sequence[str]) -> bool:
    """A column of labels a person reads: half of them or more have a space or a capital
    letter, and none holds a stored name ("select_one yes_no" is a type, not a label)."""
    filled = [v.strip() for v in values if v.strip()]
    said = [v for v in filled if " " in v or v != v.lower()]
    stored = any(code_like(t) and _JOINED.search(t) for v in filled for t in v.split())
    return bool(filled) and 2 * len(said) >= len(filled) and not stored


# A header over the words a person reads for a row (a description runs longer: it says
# what a row is, it does not name it).
_LABEL_HEADER = re.compile(r"(?i)\b(?:label|title|caption|question|display[ _]?name|heading)s?\b")


def label_over_code(chosen: str, candidates: Iterable[str], values: dict[str, list[str]]) -> str:
    """The column that names the rows: ``chosen``, unless it holds stored names and one of
    ``candidates`` (unique, name-like columns) is headed as labels and holds human labels
    for the same rows."""
    if not identifier_column(values[chosen]):
        return chosen
    for other in candidates:
        if other != chosen and _LABEL_HEADER.search(other) and human_labels(values[other]):
            return other
    return chosen


def kind_header(key: Sequence[str], headers: Iterable[str], values: dict[str, list[str]]) -> str:
    """The header that says what the rows are: the stored names' ("Variable", "Field")
    when a label column names the rows, else the key's own."""
    if len(key) != 1 or not _LABEL_HEADER.search(key[0]):
        return key[0] if key else ""
    stored = [h for h in headers if h != key[0] and identifier_column(values[h])]
    return stored[0] if stored else key[0]


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[\W_]+", text.casefold()) if w]


def spelled_by_key(label: str, value: str) -> bool:
    """True when the row's name spells out the answer, a stored name: each word of the
    name is a word of the value ("No" -> "yes_no", "Tool" -> "tool_list"), so a guess
    from the question answers it."""
    if not code_like(value):
        return False  # a sentence or an example may name its row and still tell more
    said, held = _words(label), _words(value)
    return bool(said) and len(held) > len(said) and all(w in held for w in said)


# A header over stored names: "name", "field name", "variable", "key", "id".
_STORED_HEADER = re.compile(
    r"(?i)(?:^|[\s_])(?:name|id|key|field|variable|code|property|parameter|slug|identifier)s?$"
    # The same in German, French and Spanish, where the noun opens the header ("Nombre_
    # Producto", "Nom du fichier", "Name des Berichts", "Código cliente").
    r"|^(?:nombre|nom|name|c[oó]digo|code|clave|identificador|identifiant|kennung|schl[uü]ssel"
    r"|id|workspace|espacio)(?:$|[\s_])"
)
# A day as a table prints it, alone or as a range ("11/18/2024 to 11/20/2024").
_DAY = r"(?:\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}-\d{2}-\d{2}|[A-Z][a-z]{2,8}\.? \d{1,2},? \d{4})"
_DAYS = re.compile(rf"{_DAY}(?:\s*(?:to|-|–|—|until|through)\s*{_DAY})?")


def unasked_code(
    header: str, values: Sequence[str], value: str, label: str, key: Sequence[str]
) -> bool:
    """Whether a cell is no answer to ask for: a stored name (of a column headed as one, or
    of any column when a label column names the rows), or a value the row's own name
    spells out."""
    if spelled_by_key(label, value):
        return True
    stored = _STORED_HEADER.search(header.strip()) or any(_LABEL_HEADER.search(k) for k in key)
    return bool(stored) and identifier_column(values)


def keyed_by_code(values: Sequence[str]) -> bool:
    """True when the rows' only name is a stored name: no row of it is looked up."""
    return identifier_column(values)


def keyed_by_day(values: Sequence[str]) -> bool:
    """True when the rows are named by the day each is of (a log, an expense report): a
    date alone is no name a user asks a row by."""
    filled = [v.strip() for v in values if v.strip()]
    return bool(filled) and all(_DAYS.fullmatch(v) for v in filled)


class _Held(Protocol):
    values: list[str]


def unasked_rows(key: Sequence[str], columns: Mapping[str, _Held]) -> bool:
    """Rows named by a stored name or by a day alone: no user asks a row by either."""
    values = columns[key[0]].values if len(key) == 1 else []
    return keyed_by_code(values) or keyed_by_day(values)
