"""A table whose first row is data, not the names of its columns.

A reader takes a table's first row for its header. Two layouts make that row data:

- a form, each label beside its value ("Name: | <Organisation>" over "Address: | ..."):
  asked as a table, each label becomes a row and the first row's value a column ("What
  is given for Address: as <Organisation>?"). Outside English (whose form questions are
  ``pairs``), each label is asked of what the form's name field names, in the document's
  language; a form with no name field says of whom its values are nowhere, and is not
  asked;
- a numbered series whose first item heads it ("Annex 1 | <title>" over "Annex 2 |
  <title>", "Step 1 | ..." over "Step 2 | ..."): the second column is "named" by the
  first item's text, so any question by that name is nonsense. Nothing is asked by column.
"""

from __future__ import annotations

import re
from dataclasses import replace

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.tables.cell_wording import remark_column, worded_cell
from datasetkit.generate.offline.tables.pairs import form_pairs
from datasetkit.generate.offline.tables.view import TableChunk, TableView
from datasetkit.generate.offline.tables.worded import feminine

# An item of a numbered series: a word and its number ("Annex 3", "Anlage 12", "Step 2.").
_NUMBERED = re.compile(r"^(?P<word>[^\W\d_][\w-]*?)\.?\s*(?P<n>\d{1,3})[.:)]?$")
# The label of a form's field that names whom the form is about, in the four languages.
_NAME_FIELD = re.compile(
    r"(?i)^(?:name|full name|organi[sz]ation|institution|company|nom|raison sociale|"
    r"organisme|entreprise|société|association|nombre|razón social|organismo|entidad|"
    r"empresa|institución|asociación|bezeichnung|einrichtung|firma|träger|verein)$"
)


def numbered_series_header(view: TableView) -> bool:
    """Whether the table's first column and its header are items of one numbered series
    (the header is the series' first item, so no column has a name)."""
    names = list(view.columns)
    head = _NUMBERED.match(names[0].strip()) if len(names) >= 2 else None
    if head is None:
        return False
    word = head.group("word").casefold()
    values = [v for v in view.columns[names[0]].values if v]
    same = [v for v in values if (m := _NUMBERED.match(v)) and m.group("word").casefold() == word]
    return len(same) >= 2 and 2 * len(same) >= len(values)


def form_in_language(part: TableChunk, lang: str) -> list[Candidate]:
    """Each label of a form asked of what its name field names: "Was ist bei <Name> als
    Adresse angegeben?", "¿Qué dirección tiene <Name>?", "Quelle est l'adresse de <Name> ?";
    none when no field names whom the form is about."""
    pairs = form_pairs(part)
    whole = form_pairs(replace(part, rows=list(part.view.rows)))
    named = [value for _, label, value in whole if _NAME_FIELD.match(label)]
    if len(named) != 1:
        return []  # whose values these are, the form does not say (or says twice)
    subject, out = named[0], []
    for row, label, value in pairs:
        if _NAME_FIELD.match(label):
            continue
        question = _asked(label, subject, lang)
        if question is None:
            continue
        covers = frozenset({(id(row), label)})
        evidence = f"{label}: {value}"
        out.append(Candidate(question, value, evidence, row, "lookup", 1, (value,), covers=covers))
    return out


def _asked(label: str, subject: str, lang: str) -> str | None:
    label = label.strip().rstrip(":").strip()  # a form's "Adresse:" names the field "Adresse"
    if remark_column(label):
        return None
    said = label if label.isupper() and len(label) <= 5 else label.lower()
    worded = worded_cell(label if lang == "de" else said, subject, lang)
    if worded:
        return worded
    if lang == "de":
        return f"Was ist bei {subject} als {label} angegeben?"
    if lang == "es":
        return f"¿Qué {said} tiene {subject}?"
    if lang == "fr":
        head = said.split()[0]
        article = (
            "l'" if head[:1] in "aeiouhéèêàâîôû" else ("la " if feminine(head, lang) else "le ")
        )
        return f"{'Quelle' if feminine(head, lang) else 'Quel'} est {article}{said} de {subject} ?"
    return None
