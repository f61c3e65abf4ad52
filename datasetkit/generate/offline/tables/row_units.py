"""A quantity said with the unit its row gives.

A stock list, an order or a bill of materials counts each row in its own unit, held in a
column of its own ("Quantity | Unit": "12 | kg", "30 | pcs"). The bare figure answers
nothing ("How much flour is in stock?" -> "12" twelve what?), so a figure of a row that
names its unit is said with it ("12 kg"); and the unit column is then not asked on its
own for each row, the quantity's answer already says it (a lookup a guess answers too:
most rows share a unit).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datasetkit.generate.offline.tables.view import Column, TableView

# The header of a column that holds each row's unit, in the languages the forms speak.
UNIT_HEADER = re.compile(
    r"(?i)^(?:(?:billing|pricing|sales|stock)\s+)?(?:units?(?:\s+of\s+(?:issue|measure|sale))?|"
    r"uom|u/m|einheit|mengeneinheit|me|unit[ée]s?(?:\s+de\s+mesure)?|unidad(?:es)?"
    r"(?:\s+de\s+medida)?|ud\.?|uds\.?|um)$"
)
# A header whose figures are counted in the row's unit: a quantity, a stock, an amount
# of goods (not money: a price is counted per unit, see ``per_unit``).
_COUNTED = re.compile(
    r"(?i)\b(?:qty|quantit(?:y|ies)|stock|on hand|in stock|inventory|volume|weight|"
    r"menge|anzahl|bestand|gewicht|quantit[ée]s?|stocks?|poids|cantidad(?:es)?|existencias?|"
    r"peso|inventario)\b"
)
# A unit as a cell holds it: a short word or symbol ("kg", "pcs", "m²", "Stück"), no figure.
_UNIT_WORD = re.compile(r"[^\W\d_][^\W\d_.²³/-]{0,11}\.?|m[²³]")
_BARE_NUMBER = re.compile(r"[-+]?\d[\d,. \u202f\u00a0']*")


def unit_columns(view: TableView) -> list[str]:
    """The columns of ``view`` that hold each row's unit of measure."""
    return [
        c.name
        for c in view.columns.values()
        if UNIT_HEADER.match(_header(c.name)) and c.role in ("text", "constant")
    ]


def counted_in_unit(view: TableView, col: Column) -> bool:
    """Whether the figures of ``col`` are counted in the unit each row names."""
    return (
        col.role == "number"
        and col.unit is None
        and bool(_COUNTED.search(_header(col.name)))
        and not UNIT_HEADER.match(_header(col.name))
        and bool(unit_columns(view))
    )


def row_unit(answer: str, col: Column, record: dict[str, str], view: TableView) -> str:
    """``answer`` with the unit the row names when ``col`` counts in it: "12" -> "12 kg";
    the answer unchanged otherwise (no unit column, a unit already said, money)."""
    if not _BARE_NUMBER.fullmatch(answer.strip()) or not counted_in_unit(view, col):
        return answer
    for name in unit_columns(view):
        unit = record.get(name, "").strip()
        if _UNIT_WORD.fullmatch(unit):
            return f"{answer} {unit}"
    return answer


def said_with_quantity(view: TableView, name: str) -> bool:
    """Whether the unit column ``name`` is said in the answers of a quantity column (so
    asking it row by row repeats them)."""
    return name in unit_columns(view) and any(
        counted_in_unit(view, c) for c in view.columns.values()
    )


def _header(name: str) -> str:
    return re.sub(r"\s*\([^()]*\)\s*$", "", name).strip()
