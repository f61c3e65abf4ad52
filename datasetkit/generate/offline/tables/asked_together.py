"""The cases of a row whose columns only make sense together, worded in the table's
language: a range asked once with both bounds ("What is the value range of byte?" ->
"-128 to 127", "Welchen Wertebereich hat byte?" -> "-128 bis 127"), a comparison asked as
a change with both values and the change the table gives ("How did the build context
change?" -> "From 523 MB to 8 MB (improvement: -98.4%)"), and a column of counts asked as
a count ("¿Cuántos archivos tiene Backend?", never "¿Qué archivos tiene Backend?")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.gender import gender, singular
from datasetkit.generate.offline.language.words import lower_words
from datasetkit.generate.offline.tables.cell_lookup import cell_lookup
from datasetkit.generate.offline.tables.columns import named, with_unit
from datasetkit.generate.offline.tables.related import (
    Bounds,
    Compared,
    both_filled,
    bounds_of,
    compared_columns,
    range_bounds,
)
from datasetkit.generate.offline.tables.view import UNIT_GLOSS, Column, TableView, said_words
from datasetkit.knowledge.model import Section


@dataclass(frozen=True)
class Related:
    """The related columns of one table: its ranges and its comparison."""

    ranges: list[Bounds] = field(default_factory=list)
    compared: Compared | None = None

    @property
    def columns(self) -> frozenset[str]:
        """The columns asked together, never one by one."""
        names = {n for b in self.ranges for n in (b.lower, b.upper)}
        if self.compared is not None:
            c = self.compared
            names |= {c.before, c.after} | ({c.change} if c.change else set())
        return frozenset(names)


def related_of(view: TableView) -> Related:
    """The ranges and the comparison of ``view`` (none of either for most tables)."""
    return Related(range_bounds(view), compared_columns(view))


def related_cells(
    related: Related, view: TableView, row: Section, label: str, lang: str
) -> list[Candidate]:
    """The range and change questions of one row."""
    record = row.record or {}
    out: list[Candidate] = []
    for bounds in related.ranges:
        pair = bounds_of(record, bounds)
        asked = _range_question(bounds, view, label, lang) if pair else None
        if pair is None or asked is None:
            continue
        low, high = (
            with_unit(v, view.columns[c].unit)
            for v, c in zip(pair, (bounds.lower, bounds.upper), strict=True)
        )
        answer = _RANGE_ANSWER[lang].format(low=low, high=high)
        out.append(_candidate(asked, answer, row, pair, (bounds.lower, bounds.upper)))
    c = related.compared
    if c is not None and both_filled(record, c.before, c.after):
        before, after = record[c.before].strip(), record[c.after].strip()
        change = record.get(c.change, "").strip() if c.change else ""
        answer = _CHANGE_ANSWER[lang].format(before=before, after=after)
        quotes: tuple[str, ...] = (before, after)
        if re.search(r"\d", change):
            answer += f" ({_header(c.change or '', lang)}: {change})"
            quotes += (change,)
        asked = _change_question(view, label, lang)
        if before != after and asked is not None:
            cols = (c.before, c.after) + ((c.change,) if c.change else ())
            out.append(_candidate(asked, answer[:1].upper() + answer[1:], row, quotes, cols))
    return out


def _candidate(
    question: str, answer: str, row: Section, quotes: tuple[str, ...], cols: tuple[str, ...]
) -> Candidate:
    covers = frozenset((id(row), c) for c in cols)
    record = row.record or {}
    return cell_lookup(question, answer, row, record, quotes, covers)


def _header(name: str, lang: str) -> str:
    said = said_words(re.sub(UNIT_GLOSS, "", name)).strip()
    return said if lang == "de" else said.lower()


_RANGE_ANSWER = {
    "en": "{low} to {high}",
    "de": "{low} bis {high}",
    "fr": "De {low} à {high}",
    "es": "De {low} a {high}",
}
_CHANGE_ANSWER = {
    "en": "from {before} to {after}",
    "de": "von {before} auf {after}",
    "fr": "de {before} à {after}",
    "es": "de {before} a {after}",
}


def _of(row: str) -> str:
    """French "de" before a row's name, elided before a vowel ("d'int")."""
    return f"d'{row}" if row[:1].casefold() in "aeiouhéèêàâîôû" else f"de {row}"


def _range_question(bounds: Bounds, view: TableView, label: str, lang: str) -> str | None:
    """ "What is the value range of byte?", "What is the salary range of Engineer?", "When
    does Phase 1 start and end?", in the table's language."""
    what = bounds.measure
    if lang == "en":
        row = named(view, label)
        if (bounds.dated and not what) or what in ("date", "dates"):
            return f"When does {row} start and end?"
        return f"What is the {what or 'value'} range of {row}?"
    if lang == "de":
        if bounds.dated:
            return f"Wann beginnt und endet {label}?" if not what else None
        return f"Welchen Wertebereich hat {label}?" if not what else None
    if lang == "fr":
        if bounds.dated:
            return f"Quelles sont les dates de début et de fin {_of(label)} ?"
        scope = f"{_of(what)}" if what else "de valeurs"
        return f"Quelle est la plage {scope} {_of(label)} ?"
    if lang == "es":
        if bounds.dated:
            return f"¿Cuáles son las fechas de inicio y fin de {label}?"
        return f"¿Cuál es el rango de {what or 'valores'} de {label}?"
    return None


def _change_question(view: TableView, label: str, lang: str) -> str | None:
    if lang == "en":
        # Said bare ("How did build time change?"): "the build time metric" reads as a
        # reference to something the question does not name.
        return f"How did {lower_words(label, view.words)} change?"
    if lang == "de":
        return f"Wie hat sich {label} verändert?"
    if lang == "fr":
        return f"Quelle a été l'évolution {_of(label)} ?"
    if lang == "es":
        return f"¿Cómo cambió {label}?"
    return None


# A whole count as a table prints it, maybe approximate or open-ended: "8", "25+", "~40",
# "1.200"; never a decimal, a share or an amount.
_COUNT = re.compile(r"[~≈]?\s?(?:\d{1,3}(?:[.,\u202f ]\d{3})+|\d+)\s?\+?")
# What a header says before the noun it counts ("Number of files", "Anzahl der Dateien").
_COUNT_OF = {
    "en": re.compile(r"(?i)^(?:number|no\.|#|count)\s+(?:of\s+)?(?P<what>.+)$"),
    "de": re.compile(r"(?i)^(?:anzahl|anz\.)\s+(?:der\s+|an\s+|von\s+)?(?P<what>.+)$"),
    "fr": re.compile(r"(?i)^(?:nombre|nb|nbre)\.?\s+(?:de\s+|d['’])?(?P<what>.+)$"),
    "es": re.compile(r"(?i)^(?:número|numero|cantidad|nº|n°|no\.)\s+(?:de\s+)?(?P<what>.+)$"),
}
# Plural nouns of amounts and units of measure: their figures are no count of things.
_AMOUNTS = frozenset(
    [
        "precios",
        "importes",
        "costos",
        "costes",
        "ventas",
        "ingresos",
        "gastos",
        "pagos",
        "salarios",
        "sueldos",
        "euros",
        "dólares",
        "pesos",
        "tarifas",
        "prix",
        "coûts",
        "montants",
        "ventes",
        "recettes",
        "dépenses",
        "revenus",
        "salaires",
        "dollars",
        "tarifs",
        "kilos",
        "kilogramos",
        "kilogrammes",
        "metros",
        "mètres",
        "litros",
        "litres",
    ]
)


# Units a French header counts in: "Combien d'heures compte <a role>" reads as no question.
_UNITS_FR = frozenset(["heures", "jours", "semaines", "mois", "ans", "années", "minutes"])
_VOWELS = "aeiouhéèêàâîôû"


def count_question(col: Column, label: str, lang: str) -> str | None:
    """ "¿Cuántos archivos tiene Backend?", "Combien de fichiers compte Backend ?", "Wie
    viele Dateien hat Backend?" for a column of whole counts whose header is the plural
    noun counted (in Spanish and French) or says it counts one ("Número de archivos",
    "Anzahl Dateien"); a French "Nombre de ..." is asked by its own words already."""
    if len(col.filled) < 2 or not all(_COUNT.fullmatch(v.strip()) for v in col.filled):
        return None
    header = said_words(re.sub(UNIT_GLOSS, "", col.name)).strip()
    of = _COUNT_OF.get(lang)
    m = of.match(header) if of else None
    what = m.group("what").strip() if m else None
    if what is None and lang in ("es", "fr") and re.fullmatch(r"[^\W\d_]{4,}[sx]", header):
        what = header  # "Archivos", "Fichiers": the plural noun counted
    if what is None or not re.fullmatch(r"[^\W\d_]+(?: [^\W\d_]+){0,2}", what):
        return None
    if lang != "de":
        what = what.lower()
    if what.split()[0].casefold() in _AMOUNTS:
        return None
    if lang == "es":
        kind = gender(what.split()[0], "es")
        if kind is None or singular(what.split()[0], "es") == what.split()[0]:
            return None
        return f"¿{'Cuántas' if kind == 'f' else 'Cuántos'} {what} tiene {label}?"
    if lang == "fr":
        if m is not None or what in _UNITS_FR:
            return None  # "Quel est le nombre d'heures de ... ?" says it already
        return f"Combien de {what} compte {label} ?" if what[:1] not in _VOWELS else None
    if lang == "de":
        return f"Wie viele {what} hat {label}?"
    return None


def counts_things(col: Column) -> bool:
    """Whether every value of the column is a whole count ("8", "25+", "~40")."""
    return len(col.filled) >= 2 and all(_COUNT.fullmatch(v.strip()) for v in col.filled)
