"""Whether a table's header or row name reads as words a user would say in a question.

A reader hands over whatever stands in a table's first row or first column: a link
("aka.ms/learn"), two labels joined by a slash ("category/service title"), a choice
("domestic, overseas, or worldwide"), a piece of a sentence from a table read wrong
("here – although", "test (sandbox"), a name with a footnote mark ("privileges*"), a
template's example row ("Example 1", "XYZ, Inc"). A question names a column only by a
noun phrase; the marks around one are dropped, anything else is not asked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from datasetkit.generate.gate import words as W
from datasetkit.generate.offline.language.words import is_plural
from datasetkit.knowledge.tableheader import PIVOT_VALUE_FIELD

# A footnote mark after a name: "privileges*", "Fee†", "Rate¹".
_FOOTNOTE = re.compile(r"\s*[*†‡§¹²³⁴⁵⁶⁷⁸⁹]+$")
# A web address or a path: "aka.ms/learn", "www.example.org", "https://...".
_ADDRESS = re.compile(r"(?i)https?:|www\.|\b[\w-]+\.(?:ms|com|org|net|io|gov|edu|ly|co)\b|/\S*/")
# Two labels joined by a slash ("category/title"); a unit such as "km/h" is no label.
_SLASHED = re.compile(r"[^\W\d_]{3,}\s*/\s*[^\W\d_]{2,}|[^\W\d_]{2,}\s*/\s*[^\W\d_]{3,}")
# A choice between values: "domestic or overseas", "domestic, overseas, or worldwide".
_CHOICE = re.compile(r"(?i)\b(?:or|either|and/or)\b|,")
# Words that open or close a clause, never a name: a header that starts or ends with one is
# a piece of a sentence the reader cut from the text around a table.
_CLAUSE_EDGE = frozenset(
    {"where", "when", "here", "there", "if", "who", "what", "how", "why", "however", "so"}
    | {"before", "after", "under", "over", "within", "without", "through", "upon", "since"}
    | {"until", "unless", "not"}
)
_EDGE_WORDS = (
    W.words_for(W.PREPOSITIONS, "en")
    | W.words_for(W.ARTICLES, "en")
    | W.words_for(W.CONJUNCTIONS, "en")
    | W.words_for(W.CLAUSE_OPENERS, "en")
    | _CLAUSE_EDGE
)
# A past participle closing a header ("service type specified", "SIN proposed") says what a
# form asks its filler to write, not what the column is called.
# A date or a yes/no column names its event ("Date posted", "Breakfast included"): kept.
_PARTICIPLE_END = re.compile(
    r"(?i)\s(?!(?:need|speed|seed|feed|bed|red|shed|posted|published|created|opened|closed|"
    r"updated|launched|released|hired|joined|filed|submitted|approved|signed|received|included|"
    r"required|allowed|provided|covered|based|used|owned|rated)$)[a-z]{3,}ed$"
)
# Template rows: "Example 1", "Sample row", and placeholder names ("XYZ, Inc", "John Doe").
_EXAMPLE_ROW = re.compile(
    r"(?i)^(?:example|sample|e\.g\.)\b|\b(?:xyz|abc company|acme corp|john doe|jane doe|lorem)\b"
)
# A placeholder name in any cell of a row ("ABC Company" as the customer of a template's
# example line): the row is the template's example, whatever names it.
_PLACEHOLDER_NAME = re.compile(
    r"(?i)\b(?:(?:abc|xyz)\s+(?:company|corp(?:oration)?|inc|ltd|llc)|john doe|jane doe|lorem ipsum)\b"
)
# A count of nothing: a lookup answered "0" can be guessed without reading the table.
_ZERO_COUNT = re.compile(r"^\s*0+(?:[.,]0+)?\s*$")
_ZERO_AMOUNT = re.compile(r"^\s*(?:[$€£¥]\s*0+(?:[.,]0+)?|0+[.,]00\s*[$€£¥]?|0+[.,]00+\s*%)\s*$")


def said_header(header: str) -> str | None:
    """``header`` as a question may name it (footnote marks and square brackets dropped),
    or None when it is no noun phrase: an address, slash-joined labels, a choice between
    values, a clause's piece (a function word or a dash at its edge, an unclosed bracket).
    A form's instruction ending in a past participle is said without it."""
    text = _FOOTNOTE.sub("", header.strip())
    text = " ".join(re.sub(r"[\[\]]", " ", text).split())
    if not text or _ADDRESS.search(text) or _SLASHED.search(text) or _CHOICE.search(text):
        return None
    if text.count("(") != text.count(")") or re.search(r"\s[–—-]\s|^[–—-]|[–—-]$", text):
        return None
    words = re.findall(r"[^\W\d_][\w'-]*", text.casefold())
    if not words or words[0] in _EDGE_WORDS or words[-1] in _EDGE_WORDS:
        return None
    if _PARTICIPLE_END.search(f" {text}"):
        # "Service type specified" is said "service type"; a participle alone names nothing,
        # and one after a single noun says what of it is counted ("Meetings scheduled").
        return None if len(words) == 1 else said_entity(text) if len(words) > 2 else text
    return text


def said_entity(noun: str) -> str:
    """A row noun read from a form's header, without the participle that closes it
    ("language service performed" -> "language service")."""
    m = _PARTICIPLE_END.search(noun)
    return noun[: m.start()].strip() if m and len(noun.split()) > 1 else noun


def example_row(label: str) -> bool:
    """True for a template's example or placeholder row: its name is one ("Example 2",
    "XYZ, Inc")."""
    return bool(_EXAMPLE_ROW.search(label))


def placeholder_cells(values: Iterable[str]) -> bool:
    """True when a cell of a row holds a placeholder name ("ABC Company", "John Doe")."""
    return any(_PLACEHOLDER_NAME.search(v) for v in values)


def zero_amount(value: str) -> bool:
    """True for an amount of money or a rate that is nothing, as a number format prints an
    empty cell ("$0.00", "0,00 €", "0.00%"): a template's unfilled figure, not an answer."""
    return bool(_ZERO_AMOUNT.match(value) or _ZERO_COUNT.match(value))


# Headers of figures that do not add up across rows: a rate, a price per unit, a share,
# an average, a score, a size or another measure of one thing (a length, a depth, a mass,
# a temperature: a sum over a sample of animals or parts means nothing), a position in
# time or a serial number.
_NOT_ADDED = re.compile(
    r"(?i)\b(?:price|rate|ratio|percent(?:age)?|share|average|avg|mean|median|score|rating|"
    r"index|age|year|month|week|day|date|number|no|id|code|zip|postal|phone|latitude|"
    r"longitude|level|grade|rank|size|weight|height|width|length|depth|thickness|diameter|mass|"
    r"temperature|temp|density|pressure|speed|duration|per|band|margin|proportion|pct|"
    r"yield|growth|coefficient|factor|multiplier|probability|likelihood|accuracy|"
    r"precision|recall|error|deviation|std|variance|percentile|quantile|utili[sz]ation|"
    r"efficiency|roi|cagr|apr|apy|version|"
    # The same in German, French, Spanish, Portuguese, Italian and Dutch (a German
    # compound ends in what it measures: "Stückpreis", "Fehlerquote", "Marktanteil").
    r"\w*(?:preis|quote|anteil|durchschnitt\w*)|\w*(?<!um)satz|prozent|mittelwert|"
    r"jahr|monat|datum|alter|nummer|nr|rang|note|prix|taux|pourcentage|moyenne|médiane|"
    r"indice|année|mois|âge|numéro|n°|rang|marge|poids|taille|precio|tasa|razón|"
    r"porcentaje|proporción|promedio|mediana|índice|puntuación|año|mes|fecha|edad|número|"
    r"código|margen|preço|taxa|percentual|porcentagem|proporção|média|pontuação|ano|"
    r"mês|idade|prezzo|tasso|rapporto|percentuale|punteggio|anno|mese|età|numero|codice|"
    r"prijs|tarief|percentage|aandeel|gemiddelde|mediaan|jaar|maand|datum|leeftijd|nummer|"
    # A rate said "per" something: "salario por hora", "coût par jour", "Kosten pro Tag".
    r"por|par|pro|tarifa)"
    r"(?!\w)|%"
)


def adds_up(header: str) -> bool:
    """Whether the figures under ``header`` add up across rows to a total a user asks for
    (sales, costs, units); a stored name is read as its words ("bill_length_mm" is a
    length: "_" and "." are word signs, and "OrderNo" is an order number)."""
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", re.sub(r"[_.]+", " ", header))
    return not _NOT_ADDED.search(words)


# How a pivot table's value field is said: "Sum of Sales" -> "total sales".
_VALUE_FIELD = {
    "sum": "total {}",
    "summe": "total {}",
    "somme": "total {}",
    "suma": "total {}",
    "count": "number of {}",
    "count numbers": "number of {}",
    "anzahl": "number of {}",
    "nombre": "number of {}",
    "cuenta": "number of {}",
    "average": "average {}",
    "mittelwert": "average {}",
    "moyenne": "average {}",
    "promedio": "average {}",
    "max": "highest {}",
    "min": "lowest {}",
}


def said_value_field(header: str) -> str | None:
    """A pivot table's value field as a question says it: "Sum of Sales" -> "total
    Sales", "Count of Orders" -> "number of Orders" (capitals as written); None for any
    other header."""
    m = PIVOT_VALUE_FIELD.match(header.strip())
    if m is None:
        return None
    field = " ".join(re.sub(r"_+", " ", m.group("field")).split())
    how = m.group("how").casefold()
    if _ARITHMETIC.search(field):
        return None  # "Sum of Value x 2": a computed field, no name a person says
    if how in ("count", "count numbers") and not is_plural(field.split()[-1]):
        return None  # "Count of Size": the rows that have one, which "number of size" garbles
    if _VALUE_FIELD.get(how, "").startswith("total") and not adds_up(field):
        # "Sum of Petal Length": the pivot added up a measure of one thing (a length, a
        # price, a rate), a figure no user asks for; the rule rollups follow for any table.
        return None
    if how not in _VALUE_FIELD:
        return None  # "Product of ...", "StdDev of ...": no plain name a question says
    return _VALUE_FIELD[how].format(field)


# The caption Excel writes over a pivot's value field for each summary function.
_FUNCTIONS = {
    "sum": "Sum",
    "count": "Count",
    "countNums": "Count Numbers",
    "average": "Average",
    "max": "Max",
    "min": "Min",
}


def defined_value_field(function: str, field: str, source: str | None = None) -> str:
    """A pivot table's value field as its definition names it ("Sum of Sales"), whatever
    caption its author gave it ("Total", "Sales "); "" (no name a question says) for a
    function no question names (a product, a deviation) or figures shown as a share or
    a difference of others. A count of a field counts the rows of its source that have
    a value there, never the field's distinct values ("Count of species" by island is
    the penguins on each island): said by the source's name when that is a plural noun
    ("penguins" -> "Count of penguins")."""
    how = _FUNCTIONS.get(function)
    field = " ".join(re.sub(r"_+", " ", field).split())
    if how is None or not field:
        return ""
    if how.startswith("Count") and source:
        rows = " ".join(re.sub(r"_+", " ", source).split())
        if re.fullmatch(r"[a-z]+(?: [a-z]+)?", rows) and is_plural(rows.split()[-1]):
            field = rows  # the source's rows, named in lower case as a noun is
    return f"{how} of {field}"


# A field computed in the pivot itself: an operator before a number ("Value x 2").
_ARITHMETIC = re.compile(r"\s[x×*/+-]\s*\d")


# A word run straight into a number ("value2", "label10"): a name a program gave a field.
_NUMBERED_NAME = re.compile(r"^[^\W\d_]{3,}\d+$")


def unsaid_field(header: str) -> bool:
    """True for a header no question can say: a program's field name ("value2"), a field
    a formula computes ("Value x 2"), or a pivot's field that reads garbled ("Count of
    Size")."""
    if _NUMBERED_NAME.match(header) or _ARITHMETIC.search(header):
        return True
    return bool(PIVOT_VALUE_FIELD.match(header.strip())) and said_value_field(header) is None


# A cell that is a link, a file or a mail address: it points at a record, it does not
# name it, and no user says it ("the tender www.example.org/2021/123.pdf").
_LINK = re.compile(
    r"(?i)^(?:https?://|ftp://|www\.|mailto:)\S+$"
    r"|^[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/\S*$"
    r"|^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$"
    r"|^(?:[a-z]:)?[\\/]?(?:[\w .-]+[\\/])+[\w .-]+\.[a-z]\w{1,3}$"
    r"|^\S+\.(?:pdf|docx?|xlsx?|html?|php|aspx?|jsp)(?:\?\S*)?$"
)


def link_like(value: str) -> bool:
    """True for a link, a file path or a mail address."""
    return bool(_LINK.match(value.strip()))
