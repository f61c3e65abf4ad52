"""How a table's rows are named when its column of names is not quite a key.

A list of sites, stores or items names each row in a column headed as names ("Name",
"Item", "Name of the State"). Two rows can share a name (two sites of one chain, an item
entered twice): the column then names every other row, and a pair of columns (the name
with a figure such as a capacity), or a column of figures unique by chance, names no row
as a reader would. The name stays the key
and the rows that share one are left unnamed, so nothing is asked of them and nothing
over the whole table (its highest, its counts) that could name one of them.

A header "Name of the State" says what its rows are (states), though it is four words.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Protocol

# The headers of a column of names (as the view's own list, in the languages it reads).
_NAME_HEADER = re.compile(
    r"(?i)^(?:(?:full\s+|display\s+)?name|title|item|product|nombre|nom|produit|"
    r"d[eé]signation|libell[eé]|art[ií]culo|artikel|bezeichnung)s?\b"
)
_NAME_OF = re.compile(
    r"(?i)^(?:name|title)\s+of\s+(?:the\s+)?(?P<kind>[^\W\d_][\w-]*(?:\s[\w-]+)?)$"
)
_MIN_ROWS = 5
_MAX_NAME = 60
_MAX_SHARE = 0.2  # rows whose name another row also has, at most


class _Column(Protocol):
    name: str
    values: list[str]
    role: str


def kind_named(header: str) -> str:
    """The noun a header "Name of the <noun>" names its rows by, else the header."""
    found = _NAME_OF.match(header.strip())
    return found.group("kind") if found else header


def _repeats(values: Sequence[str]) -> frozenset[str] | None:
    names = [v.strip().casefold() for v in values]
    if len(names) < _MIN_ROWS or not all(names) or max(map(len, names)) > _MAX_NAME:
        return None  # a blank, or a sentence: no column of names
    counts = Counter(names)
    shared = frozenset(n for n, k in counts.items() if k > 1)
    rows = sum(counts[n] for n in shared)
    return shared if shared and rows <= _MAX_SHARE * len(names) else None


def _figures(values: Sequence[str]) -> bool:
    """Values that are figures, with a unit or not ("6,253 MT"): they name no row."""
    return all(v.strip()[:1].isdigit() for v in values)


def named_despite_repeats(
    columns: Mapping[str, _Column], key: list[str]
) -> tuple[list[str], frozenset[str]]:
    """The key and the names that name no row: the first column headed as names whose
    values repeat on few rows, when no single column named every row (or only one of
    figures, unique by chance)."""
    only = columns[key[0]] if len(key) == 1 else None
    if only is not None and (only.role != "text" or not _figures(only.values)):
        return key, frozenset()
    for col in columns.values():
        if col.role != "text" or not (_NAME_HEADER.match(col.name) or _NAME_OF.match(col.name)):
            continue
        shared = _repeats(col.values)
        if shared is not None:
            return [col.name], shared
    return key, frozenset()
