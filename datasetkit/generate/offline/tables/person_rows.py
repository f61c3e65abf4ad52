"""Rows of people named by a first-name column and a surname column together.

A staff list, a customer list or a roster often has no column that names a row on its own:
the first name repeats, the surname repeats, and the only unique column is a number a user
never says. A user asks about a person by the full name ("Guy Gilbert"), so the two columns
together name the rows, said as one name. A full name that stands on two rows or more (two
people of one name, or a record kept once per change) tells no row apart: those rows are
asked nothing, the others are.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Protocol

# A header of a person's given name, in the languages the tables are asked in.
_GIVEN = re.compile(
    r"(?i)^(?:first|given|fore)[\s_-]*name|forename|nombres?|pr[ée]noms?|vorname|"
    r"primeiro[\s_-]*nome|nome|name$"
)
# A header of a person's family name.
_FAMILY = re.compile(
    r"(?i)^(?:(?:last|family|sur)[\s_-]*name|apellidos?|nom(?:\s+de\s+famille)?|nachname|"
    r"familienname|sobrenome|apelidos?)$"
)
# Headers that are only a person's name where a family-name column stands beside them.
_BARE_NAME = frozenset({"name", "nombre", "nombres", "nome"})
# A name part: words of letters, an apostrophe, a hyphen or a full stop ("O'Neil", "J.").
_NAME_PART = re.compile(r"[^\W\d_][\w'’.-]*(?:\s[^\W\d_][\w'’.-]*){0,2}")


def name_pair(
    headers: Sequence[str], values: Mapping[str, Sequence[str]]
) -> tuple[str, str] | None:
    """The given-name and family-name columns of a table of people, when it has both and
    nearly every row fills both with a name."""
    family = next((h for h in headers if _FAMILY.fullmatch(h.strip())), None)
    if family is None:
        return None
    given = next(
        (h for h in headers if h != family and _GIVEN.fullmatch(h.strip())),
        None,
    )
    if given is None:
        return None
    if given.strip().casefold() in _BARE_NAME and family.strip().casefold() == "nom":
        return None  # "Name" beside "Nom": no pair of parts of one name
    for h in (given, family):
        cells = values[h]
        named = sum(1 for v in cells if _NAME_PART.fullmatch(v.strip()))
        if len(cells) < 2 or named < 0.9 * len(cells):
            return None
    return given, family


class _Column(Protocol):
    values: list[str]
    role: str
    natural: str | None


def people_key(
    headers: Sequence[str], key: Sequence[str], columns: Mapping[str, _Column]
) -> tuple[list[str], frozenset[str]] | None:
    """The first-name and surname columns that name a table's rows, and the full names
    that tell one row apart, unless a column of whole names does: people are named by
    their name, never by a code, a post or a department that happens to differ on every
    row. A column of codes is then never asked either: the name is what a user knows."""
    pair = name_pair(headers, {h: c.values for h, c in columns.items()})
    if pair is None:
        return None
    coded = len(key) == 1 and columns[key[0]].role in ("id", "number")
    if any(_OWN_NAME.search(h) for h in key if h not in pair):
        return None  # a column of full names beside the parts: the rows have their name
    for h, col in columns.items():
        if (h in key and coded) or _code_column(h, col.values):
            col.natural = None
    return list(pair), unique_full_names(columns[pair[0]].values, columns[pair[1]].values)


# A header of a column of whole names ("Full Name", "Nombre completo", "Display name").
_OWN_NAME = re.compile(r"(?i)\b(?:name|nombre|nom|nome)\b")
# A header of a record's code: "ID", "Customer ID", "IdCliente", "EmployeeID", "emp_id".
_CODE_HEADER = re.compile(r"(?i:(?:^|[\s_-])id(?:$|[\s_-]))|^I[Dd](?=[A-ZÁÉÍÓÚÑ])|[a-z]I[Dd]$")


def _code_column(header: str, values: Sequence[str]) -> bool:
    """A column of codes, one per row: an ID header over distinct values."""
    filled = [v for v in values if v]
    return bool(_CODE_HEADER.search(header.strip())) and len(set(filled)) == len(filled)


def unique_full_names(given: Sequence[str], family: Sequence[str]) -> frozenset[str]:
    """The full names ("<given> <family>") that stand on one row only."""
    names = Counter(full_name(g, f) for g, f in zip(given, family, strict=False) if g and f)
    return frozenset(n for n, count in names.items() if count == 1)


def full_name(given: str, family: str) -> str:
    """A person's name as a user says it: the given name, then the family name."""
    return " ".join(f"{given.strip()} {family.strip()}".split())
