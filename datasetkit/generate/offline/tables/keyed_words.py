"""A French or Spanish table's row said as a person says it: a row named by a code
("3B", "1 / 1M") with its key column's noun ("de la classe 3B", "del nivel A1"), and a
two-column property | value table asked as "the <property> of <subject>" ("Quelle est
la teinte des filtres ... ?"), never as "the value of <property>".

A bare code after "de" reads as nothing a user says; a property table's rows are
properties of the one thing its title names, so the title is what the question is of.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.language.gender import gender, is_plural_form, of_noun_phrase
from datasetkit.generate.offline.tables.view import UNIT_GLOSS, Column, TableView, said_words

# A short code naming a row: a digit in it, letters and digits joined by at most a
# slash, a plus, a dot or a dash ("3B", "1 / 1M", "A1", "2.1").
_CODE = re.compile(r"(?=\D*\d)[\dA-Z][\dA-Za-z]*(?:\s?[/+.-]\s?[\dA-Za-z]+)*")
# Key headers that name a row's label, not what the row is: "du nom 3B" says nothing.
_LABEL_HEADERS = frozenset(
    [
        "nom",
        "nombre",
        "name",
        "description",
        "descripción",
        "désignation",
        "titre",
        "título",
        "libellé",
        "concepto",
        "etiqueta",
        "élément",
        "elemento",
        "article",
        "artículo",
    ]
)
# The header of the value column of a property | value table.
_VALUE_HEADER = re.compile(r"(?i)^(?:valeurs?|valor(?:es)?|value|wert|werte|données|datos?)$")


def code_label(label: str) -> bool:
    """Whether a row's label is a short code ("3B", "1 / 1M"), not a name."""
    return len(label) <= 10 and _CODE.fullmatch(label.strip()) is not None


def of_code_row(label: str, view: TableView, lang: str) -> str | None:
    """ "de la classe 3B", "del nivel A1": a row named by a code, with "of", the article
    and its key column's noun; None for a row named otherwise, or a key header that is
    no noun of known gender."""
    if len(view.key) != 1 or not code_label(label):
        return None
    head = said_words(re.sub(UNIT_GLOSS, "", view.key[0])).strip()
    if not re.fullmatch(r"[^\W\d_]{3,}", head) or head.casefold() in _LABEL_HEADERS:
        return None
    if is_plural_form(head.casefold(), lang):
        return None  # "Classes": a plural header names the column, not one row
    return of_noun_phrase(f"{head.casefold()} {label.strip()}", lang)


def property_table(view: TableView, col: Column) -> bool:
    """A two-column table of properties and their values: its second header says
    "value"."""
    named = [c for c in view.columns.values() if c.role != "blank"]
    return len(named) == 2 and len(view.key) == 1 and bool(_VALUE_HEADER.match(col.name.strip()))


def _said(label: str) -> str:
    """A property as a question says it: its first letter lowered unless it opens an
    acronym ("Densité optique" -> "densité optique", "pH" and "UV" kept)."""
    text = label.strip().strip("*").strip()
    first = text.split()[0] if text.split() else ""
    if len(first) > 1 and (first[1:2].isupper() or first.isupper()):
        return text
    return text[:1].lower() + text[1:]


def _title(view: TableView) -> str:
    """The table's title, else the heading it sits under."""
    path = view.rows[0].provenance.heading_path if view.rows else ()
    return (view.title or (path[-1] if path else "")).strip()


# Title heads that name the table itself, not the thing its properties are of.
_GENERIC_TITLE = frozenset(
    [
        "caractéristiques",
        "caractéristique",
        "spécifications",
        "fiche",
        "données",
        "résumé",
        "synthèse",
        "specifications",
        "specs",
        "characteristics",
        "properties",
        "propriétés",
        "details",
        "détails",
        "facts",
        "overview",
        "summary",
        "datos",
        "características",
        "especificaciones",
        "propiedades",
        "parámetros",
        "paramètres",
        "parameters",
        "values",
        "valeurs",
        "valores",
        "key",
        "table",
        "tableau",
        "tabla",
        "information",
        "informations",
        "información",
        "resumen",
        "figures",
        "metrics",
        "indicators",
        "indicateurs",
        "indicadores",
        "kpis",
        "results",
        "résultats",
        "resultados",
        "totals",
        "general",
        "général",
        "profile",
        "profil",
        "perfil",
        "snapshot",
        "sheet",
        "highlights",
        "statistics",
        "stats",
        "estadísticas",
        "statistiques",
        "description",
        "descripción",
        "specification",
        "spécification",
        "especificación",
        "technical",
        "techniques",
        "técnicos",
        "técnicas",
        "data",
    ]
)


def subject_words(view: TableView) -> str | None:
    """The thing a property table's title names: the last part of its title after a dash
    or a colon, else its heading, ("Spray gun - Nozzles for thick lacquers" -> "Nozzles for thick
    lacquers"); None for a title that names the table itself ("Specifications") or is no
    short noun phrase."""
    part = re.split(r"\s[-–—]\s|:\s", _title(view))[-1].strip()
    words = {w.casefold() for w in part.split()}
    if not re.match(r"[^\W\d_]{3,}", part) or words & _GENERIC_TITLE or len(words) > 8:
        return None
    return part


def _subject(view: TableView, lang: str) -> str | None:
    """ "des filtres ...": the thing a property table's title names, with "of" and its
    article; None when the title names no such noun of known gender."""
    part = subject_words(view)
    if part is None:
        return None
    said = _said(part)
    if lang == "fr" and is_plural_form(said.split()[0].casefold(), lang):
        return f"des {said}"  # French's plural article is one for both genders
    return of_noun_phrase(said, lang)


def property_question(label: str, value: str, view: TableView, lang: str) -> str | None:
    """ "Quelle est la teinte des filtres ... ?", "¿Cuál es la tensión del equipo?": a
    property of the thing the table's title names. A value the title already says (the
    table is of that value) and a property whose gender is unknown are not asked."""
    prop = _said(label)
    head = prop.split()[0] if prop.split() else ""
    found = gender(head, lang)
    if found is None or is_plural_form(head.casefold(), lang) or not value.strip():
        return None
    squeezed = re.sub(r"\s+", "", value).casefold()
    if squeezed and squeezed in re.sub(r"\s+", "", _title(view)).casefold():
        return None
    # A property that says what it is of ("couleur du filtre") needs no subject.
    said_of = re.search(r"(?i)\s(?:de|du|des|del|d')\b|\sd'", prop)
    of = None if said_of else _subject(view, lang)
    tail = f" {of}" if of else ""
    fem = found == "f"
    if lang == "es":
        return f"¿Cuál es {'la' if fem else 'el'} {prop}{tail}?"
    if lang != "fr":
        return None
    art = "l'" if re.match(r"(?i)[aeiouyàâäéèêëîïôöûü]", head) else ("la " if fem else "le ")
    return f"{'Quelle' if fem else 'Quel'} est {art}{prop}{tail} ?"


def crossed(view: TableView) -> bool:
    """A cross-tab: the categories its rows are named by stand in its column headers too
    (counts of a category by a category): no cell of it is a fact of one row that a
    column names, so none is asked as a lookup."""
    labels = {r.casefold() for r in _row_labels(view) if r}
    words: set[str] = set()
    for name in view.columns:
        words.update(w.casefold() for w in re.findall(r"[\w]+", name))
        words.add(name.strip().casefold())
    return len(labels & words) >= 2


def _row_labels(view: TableView) -> list[str]:
    if len(view.key) != 1:
        return []
    return [v.strip() for v in view.columns[view.key[0]].values]
