"""Table questions worded as a user says them in the document's own language (Spanish,
French, German): the rows named by the noun of the table's title ("¿Cuántos contratos
...?", never "¿Cuántas filas ...?"), a column said as a noun phrase ("fecha de alta", not
«FechaAlta»), and the cells no question should be about (links, placeholders).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from datasetkit.generate.offline.language.gender import gender
from datasetkit.generate.offline.tables.cell_wording import (
    WHOLE_COUNT,
    remark_column,
    worded_cell,
)
from datasetkit.generate.offline.tables.keyed_words import (
    crossed,
    of_code_row,
    property_question,
    property_table,
)
from datasetkit.generate.offline.tables.names import link_like
from datasetkit.generate.offline.tables.view import (
    NIL,
    UNIT_GLOSS,
    Column,
    TableView,
    said_words,
)

# What a form or an export writes where it has no fact: "see the documents", "to be
# decided", "not given", in the languages the tables are asked in.
_FILLER = re.compile(
    r"(?i)^(?:(?:see|ver|véase|voir|siehe|vedi|veja|cf\.?|consult\w*)\b.{0,30}"
    r"|(?:to be|por|à|a|noch)\s+(?:determined|confirmed|defined|determinar|definir|"
    r"confirmar|définir|préciser|confirmer|determinieren|offen|klären)"
    r"|sin datos|sin especificar|no consta|no aplica|sans objet|non (?:renseigné|précisé|"
    r"communiqué)|nicht angegeben|keine angabe|k\.\s?a\.|s/d|n/d|pendiente|en attente)\.?$"
)


def filler_value(value: str) -> bool:
    """True for a cell that holds no fact: a dash, "N/A", "see attached", "TBD"."""
    text = value.strip()
    return (
        not text
        or text in NIL
        or bool(re.fullmatch(r"[-–—_.*/]+", text))
        or (len(text.split()) <= 5 and bool(_FILLER.match(text)))
        or bool(_BLANK_FIELDS.match(text))
    )


# A cell of a blank form that holds the labels of its own fields and nothing filled in
# ("City/Town: Zip Code:"), perhaps with a page number run into it.
_BLANK_FIELDS = re.compile(r"^(?:[^\W\d][\w/ .'’-]{0,30}:\s*){2,}\d{0,3}$")


def link_column(col: Column) -> bool:
    """A column whose cells are mostly links or file paths."""
    filled = col.filled
    return bool(filled) and 2 * sum(1 for v in filled if link_like(v)) > len(filled)


def grouped(value: str) -> str:
    """A value as rows are grouped by it: "Lyon." and "Lyon " are "lyon"."""
    return re.sub(r"[\s.;,:]+$", "", value.strip()).casefold()


def shown(variants: Iterable[str]) -> str:
    """The spelling a question says of a value written several ways: the one with no
    trailing stop, then the most common."""
    found = list(variants)
    bare = [v for v in found if grouped(v) == v.strip().casefold()]
    pool = bare or found
    return max(pool, key=pool.count)


@dataclass(frozen=True)
class Noun:
    """The noun a table's rows are, in the table's language."""

    one: str | None  # "contrato"; None when the language's singular is not sure
    many: str  # "contratos"
    feminine: bool


def _feminine(word: str, lang: str) -> bool | None:
    """Whether a French or Spanish noun is feminine, by the language's one rule set
    (language.gender); None when its ending decides nothing."""
    found = gender(word, lang)
    return None if found is None else found == "f"


def feminine(word: str, lang: str) -> bool:
    """Whether a French or Spanish noun is known to be feminine (False when its gender is
    masculine or undecided)."""
    return _feminine(word, lang) is True


def _singular(plural: str, lang: str) -> str | None:
    """The singular of a plural noun, where the language's rule is regular."""
    if lang == "es":
        for many, one in (("ciones", "ción"), ("siones", "sión"), ("ones", "ón")):
            if plural.endswith(many):
                return plural[: -len(many)] + one
        if re.search(r"[^aeiou]es$", plural) and not plural.endswith(("ies", "ques")):
            return plural[:-2]
        return plural[:-1] if plural.endswith("s") else None
    if lang == "fr":
        if plural.endswith("eaux") or plural.endswith("eux"):
            return plural[:-1]
        return plural[:-1] if plural.endswith("s") else None
    return None  # German plurals take too many forms to undo


def _names_other_column(view: TableView, one: str) -> bool:
    """Whether the title's noun is a word of a column that does not name the rows
    ("Versiones" over "Versión | Fecha | Autor" keyed by the author): the rows asked by
    it would be answered by the key column's names, which are no such things."""
    word = re.compile(rf"(?i)\b{re.escape(one)}\b")
    return bool(view.key) and any(word.search(c) for c in view.columns if c not in view.key)


def row_noun(view: TableView, lang: str) -> Noun | None:
    """What a row of the table is, from a title of one plural word ("Contratos",
    "Produits", "Filialen"); None when the title names no such noun."""
    title = (view.title or "").strip()
    if not re.fullmatch(r"[^\W\d_]{4,}", title):
        return None
    many = title if lang == "de" else title.lower()
    if lang in ("es", "fr") and not many.endswith(("s", "x")):
        return None
    if lang == "de" and not re.search(r"(?:en|er|e|s|n)$", many):
        return None
    one = _singular(many, lang)
    if _names_other_column(view, one or many):
        return None
    if lang == "de":
        return Noun(one, many, False)
    feminine = _feminine(one or many, lang)
    return None if feminine is None else Noun(one, many, feminine)


# A head a compound name says last in English order ("PublicationDate"), first in
# Spanish and French ("fecha de publicación").
_HEAD_LAST = frozenset(
    [
        "fecha",
        "número",
        "numero",
        "nombre",
        "tipo",
        "código",
        "codigo",
        "importe",
        "date",
        "numéro",
        "numero",
        "nom",
        "type",
        "code",
        "montant",
    ]
)
# The last word of a compound that qualifies the first, not a noun of its own.
_QUALIFIER_END = re.compile(
    r"(?i)(?:nte|ntes|al|ales|ble|bles|ivo|iva|ivos|ivas|ado|ada|ados|adas|ido|ida|ico|ica|"
    r"oso|osa|ario|aria|el|elle|if|ive|é|ée|és|ées|aire|ique|eux|euse)$"
)
_QUALIFIER_WORDS = frozenset(
    ["varios", "varias", "otros", "otras", "divers", "diverses", "autres", "total"]
)


def _bare(word: str) -> str:
    return "".join(
        c for c in unicodedata.normalize("NFD", word.casefold()) if not unicodedata.combining(c)
    )


def _repaired(word: str, vocabulary: set[str]) -> str:
    """A header word as the document spells it elsewhere: its accents put back
    ("Periodo" -> "período") or a character an export lost restored ("Direccin" ->
    "dirección"); the word itself when the document has no such spelling."""
    low = word.casefold()
    if low in vocabulary or not word.isalpha():
        return word
    for known in vocabulary:
        if len(known) < 4 or abs(len(known) - len(low)) > 1:
            continue
        if _bare(known) == _bare(low):
            return known
        if len(known) == len(low) + 1 and len(low) >= 6:  # "via" is no "viña" lost a letter
            for i, ch in enumerate(known):
                if ord(ch) > 127 and known[:i] + known[i + 1 :] == low:
                    return known
    return word


def vocabulary(view: TableView) -> set[str]:
    """The words the table's cells and its document's running text write (lower case)."""
    found: set[str] = {w for w in view.words.lower if len(w) >= 4}
    for col in view.columns.values():
        for v in col.values:
            found.update(w.casefold() for w in re.findall(r"[^\W\d_]{4,}", v))
    return found


# The short forms a sheet's header writes for a count or an amount, said in full in a
# question ("Nbre d'heures" -> "nombre d'heures", "Anz." -> "Anzahl").
_SHORT_FORMS = {
    "fr": {"nbre": "nombre", "nb": "nombre", "qté": "quantité", "qte": "quantité"},
    "es": {"cant": "cantidad", "nº": "número", "núm": "número"},
    "de": {"anz": "Anzahl", "stk": "Stück", "betr": "Betrag"},
}


def _unabbreviated(word: str, lang: str) -> str:
    """A header word said in full when it is a short form the language's sheets write."""
    return _SHORT_FORMS.get(lang, {}).get(word.rstrip(".").casefold(), word)


def column_words(col: Column, lang: str, words: set[str]) -> str | None:
    """A column as a question in ``lang`` names it: "TipoContrato" -> "tipo de
    contrato", "AltaFecha" -> "fecha de alta", "Straße" -> "Straße"."""
    raw = re.sub(UNIT_GLOSS, "", col.name).strip()
    if lang != "de" and re.fullmatch(r"[^\W\d_]+(?:-[^\W\d_]+)+", raw):
        raw = raw.replace("-", "_")  # "CODIGO-POSTAL": words an export joined
    parts = [_unabbreviated(_repaired(w, words), lang) for w in said_words(raw).split()]
    if not parts or not all(re.search(r"[^\W\d_]", p) for p in parts):
        return None
    # A shouted header ("HORARIO") is lowered but for the short acronyms in it ("NIF").
    shouted = raw.upper() == raw and any(len(p) > 3 for p in parts)
    if lang == "de":
        return " ".join(p.capitalize() if shouted and len(p) > 3 else p for p in parts)
    parts = [p if p.isupper() and 1 < len(p) <= (3 if shouted else 5) else p.lower() for p in parts]
    if lang == "es":
        # A header typed without accents: Spanish writes every "-cion", "-sion", "-gion" ending
        # with one ("publicacion" -> "publicación").
        parts = [
            re.sub(r"(?<=[csgx])ion(es)?$", lambda m: "ión" if not m.group(1) else "iones", p)
            for p in parts
        ]
    glued = " " not in raw and len(parts) > 1  # "FechaAlta", "fecha_alta"
    if not glued:
        return " ".join(parts)
    if parts[-1] in _HEAD_LAST and len(parts) <= 3:
        parts = [parts[-1], *parts[:-1]]
    out = parts[0]
    for p in parts[1:]:
        qualifier = _QUALIFIER_END.search(p) or p in _QUALIFIER_WORDS or len(p) < 4
        out += f" {p}" if qualifier else f" de {p}"
    return out


def _article(noun: Noun, lang: str) -> str:
    if lang == "es":
        return "la" if noun.feminine else "el"
    if noun.one and noun.one[:1].casefold() in "aeiouhéèêàâîôû":
        return "l'"
    return "la" if noun.feminine else "le"


def _the_row(label: str, view: TableView, lang: str) -> str:
    """The row as the question says it: "el contrato 48213" for a row named by
    a reference, the name alone for a row named by its name."""
    noun = row_noun(view, lang)
    key = view.columns[view.key[0]] if view.key else None
    if noun is None or noun.one is None or key is None:
        return label
    if key.role != "id":
        # A name that opens with the rows' noun takes its article ("la Sala Norte").
        opens = label.casefold().startswith(noun.one.casefold() + " ")
        return f"{_article(noun, lang)} {label}".replace("' ", "'") if opens else label
    art = _article(noun, lang)
    return f"{art}{'' if art.endswith(chr(39)) else ' '}{noun.one} {label}"


def lookup_question(
    col: Column, label: str, view: TableView, lang: str, value: str = ""
) -> str | None:
    """A cell asked by its column and its row: "¿Qué importe tiene el contrato
    48213?", "Quel est le prix de Duo ?", "Quel est le danger de la classe 3B ?", "Was
    ist bei Filiale Nord als PLZ angegeben?"; a property | value table's cell as the
    property of what its title names."""
    said = column_words(col, lang, vocabulary(view))
    if said is None or link_column(col) or month_first(col.values):
        return None  # a link answers no question a user asks of the row
    if lang in ("es", "fr") and crossed(view):
        return None
    if lang in ("es", "fr") and property_table(view, col):
        return property_question(label, value, view, lang)
    row = _the_row(label, view, lang)
    coded = of_code_row(label, view, lang) if row == label and lang in ("es", "fr") else None
    if remark_column(said):
        return None  # remarks, details or examples: no property of the row
    if row == label and coded is None and not (lang == "es" and _counted_units(said, col)):
        key = key_noun(view, lang)
        whole = bool(col.filled) and all(WHOLE_COUNT.match(v.strip()) for v in col.filled)
        asked = worded_cell(
            said, label, lang, key.capitalize() if key and lang == "de" else key, whole
        )
        if asked:
            return asked
    if lang == "es":
        row = _es_row(coded) if coded else row
        if (counted := _counted_units(said, col)) is not None:
            return f"¿{counted} tiene {row}?"
        return f"¿Qué {said} tiene {row}?"
    if lang == "fr":
        return _fr_lookup(said, coded or f"de {row}")
    if lang == "de":
        return f"Was ist bei {row} als {said} angegeben?"
    return None


def _es_row(of: str) -> str:
    """ "la clase 3B" of "de la clase 3B", "el nivel A1" of "del nivel A1"."""
    return "el " + of[4:] if of.startswith("del ") else of[3:]


def _fr_lookup(said: str, of_row: str) -> str | None:
    """ "Quel est le prix de Duo ?", "Quelles sont les heures d'ouverture de ... ?"; None
    when the column's noun shows no gender."""
    head = said.split()[0]
    if len(head) > 4 and head.endswith(("s", "x")):  # "horaires": the plural's article
        fem = _feminine(head[:-1], "fr")
        if fem is None:
            return None
        return f"{'Quelles' if fem else 'Quels'} sont les {said} {of_row} ?"
    fem = _feminine(head, "fr")
    if fem is None:
        return None
    art = "l'" if head[:1] in "aeiouhéèêàâîôû" else ("la " if fem else "le ")
    return f"{'Quelle' if fem else 'Quel'} est {art}{said} {of_row} ?"


# A date written month first ("10/19/1985"): a reader of a language that writes the day
# first reads another day, or none, in it.
_MONTH_FIRST = re.compile(r"^\s*(?:0?[1-9]|1[0-2])/(?:1[3-9]|2\d|3[01])/\d{2,4}\b")


def month_first(values: Iterable[str]) -> bool:
    """True for a column of slashed dates that one of them shows to be month first."""
    return any(_MONTH_FIRST.match(v) for v in values)


# Units a whole count of a column is of ("Horas Vacaciones": hours of leave), by gender.
_ES_UNITS = {"horas": "Cuántas", "semanas": "Cuántas", "días": "Cuántos", "meses": "Cuántos"}


def _counted_units(said: str, col: Column) -> str | None:
    """ "Cuántas horas de vacaciones" for a column of whole numbers named by a unit and
    the plural noun it counts (a qualifier after the unit is no noun to join)."""
    words = said.split()
    many = _ES_UNITS.get(words[0]) if len(words) == 2 else None
    if many is None or col.role != "number" or any("." in v or "," in v for v in col.values):
        return None
    if not words[1].endswith("s") or _QUALIFIER_END.search(words[1]) or words[1].endswith("les"):
        return None
    return f"{many} {words[0]} de {words[1]}"


def filter_questions(
    col: Column, value: str, hits: int, view: TableView, lang: str
) -> tuple[str, str] | None:
    """The rows with a value, asked by the rows' noun: ("¿Qué contratos tienen «Lyon» como
    sede?", "¿Cuántos contratos ...?"); None when the table's title
    names no noun for its rows ("filas" is no word a user asks by)."""
    noun = row_noun(view, lang)
    said = column_words(col, lang, vocabulary(view))
    if noun is None or said is None:
        return None
    if lang == "es":
        many = "Cuántas" if noun.feminine else "Cuántos"
        which = f"¿Qué {noun.many} tienen «{value}» como {said}?"
        if hits == 1 and noun.one:
            which = f"¿Qué {noun.one} tiene «{value}» como {said}?"
        return which, f"¿{many} {noun.many} tienen «{value}» como {said}?"
    if lang == "fr":
        which = (
            f"{'Quelles' if noun.feminine else 'Quels'} {noun.many} ont « {value} » comme {said} ?"
        )
        return which, f"Combien de {noun.many} ont « {value} » comme {said} ?"
    if lang == "de":
        which = f"Welche {noun.many} haben „{value}“ als {said}?"
        return which, f"Wie viele {noun.many} haben „{value}“ als {said}?"
    return None


def rekeyed(view: TableView) -> None:
    """Rows of a table in another language than English named by one column: two
    columns together are said with English words ("X with a Y of Z"), so a unique
    reference column names them instead, or none does."""
    if len(view.key) < 2 or view.full_names is not None:
        return  # a first name and a surname are said as one name in every language
    second = view.columns[view.key[1]]
    if second.natural is None:
        return  # "X (Z)" reads in any language
    n = len(view.rows)
    ids = [
        c.name
        for c in view.columns.values()
        if c.role == "id" and len({v.casefold() for v in c.values if v}) == n
    ]
    view.key = ids[:1]


# Key headers that say "the label of the row", not what a row is: "¿Qué nombre tiene ...?"
# asks for a name, not for the row.
_LABEL_HEADERS = frozenset(
    [
        "nombre",
        "nom",
        "name",
        "descripción",
        "description",
        "concepto",
        "código",
        "code",
        "clave",
        "título",
        "titre",
        "libellé",
        "désignation",
        "denominación",
        "etiqueta",
        "référence",
        "referencia",
        "bezeichnung",
        "beschreibung",
        "titel",
        "kennung",
    ]
)


def key_noun(view: TableView, lang: str) -> str | None:
    """What one row is, from the header of the one column that names the rows, when it is a
    single singular noun ("Producto" -> "producto", "Service" -> "service")."""
    if len(view.key) != 1:
        return None
    head = said_words(re.sub(UNIT_GLOSS, "", view.key[0])).strip().lower()
    if not re.fullmatch(r"[^\W\d_]{3,}", head) or head in _LABEL_HEADERS:
        return None
    return None if head.endswith(("s", "x")) else head


def extreme_question(col: Column, kind: str, view: TableView, lang: str) -> str | None:
    """The row with the highest or lowest value, asked by what a row is and the column as
    a noun: "¿Qué producto tiene el precio unitario más alto?", "Quel service a le budget
    annuel le plus élevé ?", "¿Qué producto tiene más unidades vendidas?"; None in another
    language or when the key's header names no row."""
    noun = key_noun(view, lang) if lang in ("es", "fr") else None
    said = column_words(col, lang, vocabulary(view)) if noun else None
    if noun is None or said is None or link_column(col):
        return None
    head = said.split()[0]
    plural = head.endswith(("s", "x")) and len(head) > 4
    high = kind == "max"
    if lang == "es":
        if plural:
            return f"¿Qué {noun} tiene {'más' if high else 'menos'} {said}?"
        fem = _feminine(head, "es")
        if fem is None:
            return None
        top = ("alta" if fem else "alto") if high else ("baja" if fem else "bajo")
        return f"¿Qué {noun} tiene {'la' if fem else 'el'} {said} más {top}?"
    noun_fem = _feminine(noun, "fr")
    if noun_fem is None:
        return None
    which = "Quelle" if noun_fem else "Quel"
    if plural:
        said_of = f"d'{said}" if head[:1] in "aeiouhéèêàâîôû" else f"de {said}"
        return f"{which} {noun} a le {'plus' if high else 'moins'} {said_of} ?"
    fem = _feminine(head, "fr")
    if fem is None:
        return None
    art = "l'" if head[:1] in "aeiouhéèêàâîôû" else ("la " if fem else "le ")
    top = ("élevée" if fem else "élevé") if high else "faible"
    return f"{which} {noun} a {art}{said} {'la' if fem else 'le'} plus {top} ?"
