"""How the totals of a table of records are said outside English (see ``rollup``): the
category and the amount named as a person names them in Spanish ("¿Cuál es el total de
ventas de la región Norte?", "¿Qué campus tiene el total más alto?"), figures written as the
language writes them ("1.234.567"), and the name an export gives a column read without
the prefix every column of its table shares ("TBL_CAMPUS" is the campus).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from datasetkit.generate.offline.tables.view import Column, TableView
from datasetkit.generate.offline.tables.worded import column_words, vocabulary

# The languages whose total questions are worded here.
ROLLUP_LANGUAGES = frozenset({"es"})

# A stored column name: a prefix of letters, an underscore, and the rest ("UWV_CAMPUS").
_PREFIXED = re.compile(r"^(?P<prefix>[^\W\d_]{2,})_(?P<rest>[^\W\d_]\w*)$")


def export_prefix(headers: Iterable[str]) -> str:
    """The prefix the stored names of a table's columns share ("TBL_" of "TBL_CAMPUS" and
    "TBL_TERM"), when two or more share one and it is no word of their own; "" when none."""
    prefixes: dict[str, int] = {}
    for h in headers:
        m = _PREFIXED.match(h.strip())
        if m:
            key = m.group("prefix")
            prefixes[key] = prefixes.get(key, 0) + 1
    shared = [p for p, n in prefixes.items() if n >= 2]
    return f"{shared[0]}_" if len(shared) == 1 else ""


def unprefixed(col: Column, prefix: str) -> Column:
    """The column as its table names it without the export's shared prefix."""
    name = col.name.strip()
    if not prefix or not name.startswith(prefix):
        return col
    rest = name[len(prefix) :]
    return Column(rest, rest.replace("_", " ").lower(), col.unit, col.values, col.role, col.period)


def said_figure(text: str, lang: str) -> str:
    """A figure written the English way ("1,234,567.5") as ``lang`` writes it
    ("1.234.567,5")."""
    if lang in ("es", "de", "fr"):
        sep = "\u202f" if lang == "fr" else "."
        return text.replace(",", "\x00").replace(".", ",").replace("\x00", sep)
    return text


def _named(col: Column, view: TableView, lang: str) -> str | None:
    said = column_words(col, lang, vocabulary(view))
    return said if said and re.search(r"[^\W\d_]{3,}", said) else None


# The endings that tell a Spanish noun's gender; a noun with none ("sede", "cliente",
# "programa") is no noun a question puts an article before.
_ES_FEMININE = re.compile(r"(?:[^m]a|[csgxn]ión|dad|tad|tud|umbre|triz)$")
_ES_MASCULINE = re.compile(r"(?:o|or|aje|us|[^csgxn]ión|ón|ol|il|al|én|ín)$")


def _of_the(noun: str, lang: str) -> str | None:
    """ "de la región", "del campus": the noun after "de" with its article, when its first
    word's ending says its gender; else None."""
    head = noun.split()[0].casefold()
    if _ES_FEMININE.search(head) and head not in ("día", "mapa"):
        return f"de la {noun}"
    if _ES_MASCULINE.search(head):
        return f"del {noun}"
    return None


def total_question(
    measure: Column, category: Column, value: str, view: TableView, lang: str
) -> str | None:
    """ "¿Cuál es el total de ventas de la región Norte?"; None when a name is no words."""
    amount, group = _named(measure, view, lang), _named(category, view, lang)
    if lang != "es" or amount is None or group is None:
        return None
    of = "" if amount == "total" else f" de {amount}"
    # A value that says its category ("Campus Norte") is not said after it again.
    if group.casefold() in value.casefold():
        return f"¿Cuál es el total{of} de {value}?"
    of_the = _of_the(group, lang)
    return f"¿Cuál es el total{of} {of_the} {value}?" if of_the else None


def ranked_question(
    measure: Column, category: Column, kind: str, view: TableView, lang: str
) -> str | None:
    """ "¿Qué región tiene el total de ventas más alto?"; None when a name is no words."""
    amount, group = _named(measure, view, lang), _named(category, view, lang)
    if lang != "es" or amount is None or group is None:
        return None
    of = "" if amount == "total" else f" de {amount}"
    return f"¿Qué {group} tiene el total{of} {'más alto' if kind == 'max' else 'más bajo'}?"
