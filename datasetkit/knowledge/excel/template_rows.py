"""A template's unused lines: the rows a schedule, a budget or a plan keeps ready for
more periods or items than it holds, which its formulas compute empty."""

from __future__ import annotations

import re

from datasetkit.knowledge.excel.package import Cell

Row = tuple[int, list[Cell]]
# A running number or a blank where an unused line's label would be.
_COUNTER = re.compile(r"^\d{1,4}\.?$")


def without_unused(rows: list[Row], columns: list[int]) -> list[Row]:
    """The rows without a template's unused lines at their end: rows that hold nothing
    but their running number and blanks, zeros or dashes: the lines a schedule or a
    budget keeps ready for more periods than it has, computed empty by their formulas.
    A table left wholly unused keeps its rows."""
    if len(columns) < 3:
        return rows
    end = len(rows)
    while end > 0 and _unused(rows[end - 1][1], columns[0]):
        end -= 1
    return rows[:end] if end >= 2 else rows


def nil_cell(text: str) -> bool:
    """A cell that shows nothing, a zero or a dash ("0", "0.00", "$ -", "0%")."""
    rest = re.sub(r"[\s$€£¥₹₦₩₽₺₴₱฿₫₪%()]", "", text)
    return not rest.strip("0.,") or not rest.strip("-–—")


def _unused(cells: list[Cell], first: int) -> bool:
    """A row with no label of its own (a blank, or only its running number) and nothing
    but blanks, zeros or dashes in its other columns."""
    label = next((c.text.strip() for c in cells if c.col == first), "")
    if label and not _COUNTER.match(label):
        return False
    return all(nil_cell(c.text) for c in cells if c.col != first)


# A column header that tells the person filling the sheet what to put in it: it opens
# with a verb of filling in (and says what to fill: two words or more), or it marks the
# field required or optional, or it gives an example of an entry; in English, German,
# French, Spanish and Portuguese. Verbs that also open a column's name ("Type of ...",
# "Input voltage", Spanish "Informe" a report) are none of them.
_FILL_VERB = re.compile(
    r"(?i)^(?:please\s+|bitte\s+)?(?:enter|select|choose|fill\s+in|provide|specify|indicate|"
    r"eingeben|auswählen|angeben|eintragen|saisi(?:r|ssez)|indique[rz]|sélectionne[rz]|"
    r"choisi(?:r|ssez)|renseigne[rz]|entre[rz]|ingrese|introduzca|seleccione|indique|"
    r"escriba|elija|preench(?:er|a)|selecione|digite|insira|escolha)\s+\S"
)
_FILL_NOTE = re.compile(
    r"(?i)\((?:required|optional|mandatory|pflicht(?:feld)?|obligatoire|facultatif|"
    r"obligatorio|opcional|obrigatório)\)|\b(?:e\.\s?g\.|z\.\s?b\.|p\.\s?ej\.|par ex\.)"
    r"|\bpreencher\b|\b(?:eintragen|eingeben|ausfüllen)\b"
)


def instructing(header: str) -> bool:
    """Whether a column header is an instruction to whoever fills the sheet ("Enter the
    start date", "Email (required)", "Unit (e.g. hour, task)"), not a name of what a
    column of records holds."""
    text = " ".join(header.split())
    return bool(_FILL_VERB.match(text) or _FILL_NOTE.search(text))
