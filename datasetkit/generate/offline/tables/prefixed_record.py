"""One record exported with its field names as stored: "<thing>_<field>" headers over a
single row, asked field by field by the record's name.

An export of one database record (an open-data listing of one procedure, one product, one
office) writes each field as its table and column name joined ("procedure_name",
"procedure_cost", "office_name"). The fields that share the prefix of the name field are
facts of the thing that name names; a question drops the prefix and the underscores and
asks each field by that name. Fields of another prefix describe something else (the
organisation that published the record) and a field of several words cannot be said for
sure ("area_depends"), so neither is asked.
"""

from __future__ import annotations

import re
from dataclasses import replace

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.tables.cell_lookup import cell_lookup
from datasetkit.generate.offline.tables.names import link_like
from datasetkit.generate.offline.tables.view import TableChunk
from datasetkit.generate.offline.tables.worded import filler_value, lookup_question

# A stored field name: a prefix, an underscore, the field ("tramite_costo").
_STORED = re.compile(r"^(?P<prefix>[^\W\d_]{2,})_(?P<field>[^\W\d_][^\W\d]*(?:[_ ][^\W\d]+)*)$")
# The field that names the record, in the languages the tables are asked in.
_NAME_FIELD = re.compile(
    r"(?i)^(?:name|title|nombre|t[ií]tulo|denominaci[oó]n|nom|titre|intitul[eé]|"
    r"libell[eé]|bezeichnung|titel|nome)$"
)
# Fields that hold a code or a number of the record, never a fact a user asks for.
_CODE_FIELD = re.compile(r"(?i)^(?:id|code|c[oó]digo|codigo|key|ref|nr|no|num|n[uú]mero)$")

# A field that says what the thing is: asked what the thing is, not "which description".
_DESCRIPTION = re.compile(r"(?i)^(?:descripci[oó]n|description|beschreibung|descri[cç][aã]o)$")
_WHAT_IT_IS = {
    "es": "¿En qué consiste {name}?",
    "fr": "En quoi consiste {name} ?",
    "de": "Was ist {name}?",
}


def _name_field(headers: list[str]) -> tuple[str, str] | None:
    """The header of the field that names the record and its prefix: the name field of the
    prefix most fields share (the thing the record is about)."""
    prefixes: dict[str, int] = {}
    names: dict[str, str] = {}
    for h in headers:
        m = _STORED.match(h.strip())
        if m is None:
            return None  # a header no store wrote: no stored record
        prefix = m.group("prefix").casefold()
        prefixes[prefix] = prefixes.get(prefix, 0) + 1
        if _NAME_FIELD.match(m.group("field")):
            names.setdefault(prefix, h)
    best = max(names, key=lambda p: prefixes[p], default=None)
    if best is None or prefixes[best] < 3:
        return None
    return names[best], best


def prefixed_record(part: TableChunk) -> list[Candidate] | None:
    """Each one-word field of a stored record's name prefix, asked by the record's name
    ("¿Qué costo tiene Licencia Original?"); None when the table is no such record."""
    view, lang = part.view, part.lang
    if len(view.rows) != 1 or view.key or len(view.columns) < 4 or lang not in _WHAT_IT_IS:
        return None
    found = _name_field(list(view.columns))
    if found is None:
        return None
    name_header, prefix = found
    row = view.rows[0]
    record = row.record or {}
    name = record.get(name_header, "").strip()
    if not name or len(name.split()) > 8 or name.endswith("."):
        return None
    out: list[Candidate] = []
    for h, col in view.columns.items():
        m = _STORED.match(h.strip())
        value = record.get(h, "").strip()
        if m is None or h == name_header or m.group("prefix").casefold() != prefix:
            continue
        field = m.group("field")
        if not re.fullmatch(r"[^\W\d_]{3,}", field) or _CODE_FIELD.match(field):
            continue  # several words, or a code: no name a user says for sure
        if filler_value(value) or link_like(value) or col.role in ("id", "blank"):
            continue
        if _DESCRIPTION.match(field):
            question: str | None = _WHAT_IT_IS[lang].format(name=name)  # "¿Qué descripción ...?"
        else:
            question = lookup_question(replace(col, name=field), name, view, lang)
        if question is None:
            continue
        covers = frozenset({(id(row), h)})
        out.append(cell_lookup(question, value, row, record, (value,), covers))
    return out
