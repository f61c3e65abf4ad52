"""One model of a table's header, shared by the Word, Excel and PDF readers.

A table as a person reads it has one name per column. The readers place each table's
top rows in a grid (a cell knows the first column it covers and how many it spans)
and this module decides, the same way for every kind of file:

- which leading rows are a title over the whole table rather than its header;
- how many rows the header takes: a row of group labels spanning several columns (a
  merged cell, or one label over blank cells) stands above the row that names them;
- the name of each column: the labels above it, top first, joined by a space
  ("Twelve Months Ended June 30," over "2023" gives "Twelve Months Ended June 30, 2023");
- a unit or note row right under the header ("€m", "in millions", "%") joins the header
  instead of becoming a record;
- a footnote marker glued to a label ("Turkey6", "Salary(2)", "Sales (a)", "*Other")
  is split off, so the label reads as itself and the marker can be kept as a note.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class HeaderCell:
    """A cell of a table's top rows, placed in the column grid."""

    col: int
    span: int
    text: str

    @property
    def cols(self) -> range:
        """The grid columns the cell covers."""
        return range(self.col, self.col + self.span)


Row = list[HeaderCell]

_NUMBER = re.compile(r"^[(\-−–+]?[$€£¥₹₦₩₽₺₴₱฿₫₪]?\s?\d[\d,.\s]*%?\)?$|^[-–—]+$")
_UNITS = (
    r"[$€£¥₹₦₩₽₺₴₱฿₫₪]|us\$|chf|eur|usd|gbp|jpy|inr|m|mn|bn|k|'?000s?|%|percent|per ?cent"
    r"|units?|number|no\.|hours?|days?|years?|kg|km|tonnes?|mwh|gwh"
)
_UNIT = re.compile(
    rf"^\(?(?:(?:in\s+)?(?:thousands|millions|billions)(?:\s+of)?\s*)?(?:{_UNITS})?"
    rf"(?:\s*(?:{_UNITS}))*\)?$",
    re.IGNORECASE,
)
_NOTE_MARKER = re.compile(
    r"(?P<label>.*?[^\W\d_].*?)(?P<marker>\s*\((?:\d{1,2}|[a-z])\)|\s*\d{1,2}/|(?<=[a-z])\d{1,2}|\s*[*†‡§]+|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)$"
)


# The labels a pivot table's export writes around its figures (English, German, French and
# Spanish Excel): over the row and the column field's values, the value field in the
# corner ("Sum of Sales"), and the totals.
PIVOT_ROW_LABELS = re.compile(
    r"(?i)^(?:row labels|zeilenbeschriftungen|[ée]tiquettes de lignes|etiquetas de fila)$"
)
PIVOT_COLUMN_LABELS = re.compile(
    r"(?i)^(?:column labels|spaltenbeschriftungen|[ée]tiquettes de colonnes|"
    r"etiquetas de columna)$"
)
PIVOT_VALUE_FIELD = re.compile(
    r"(?i)^(?P<how>sum|count|average|max|min|product|stddevp?|varp?|count numbers|"
    r"summe|anzahl|mittelwert|somme|nombre|moyenne|suma|cuenta|promedio)"
    r"\s+(?:of|von|de|du|des)\s+(?P<field>\S.*)$"
)
GRAND_TOTAL = re.compile(r"(?i)^(?:grand total|gesamtergebnis|total g[ée]n[ée]ral|total general)$")


def is_number(text: str) -> bool:
    """Whether a cell holds a figure (an amount, a percentage, a dash for nil)."""
    return bool(_NUMBER.match(text.strip()))


# A figure with a short unit or magnitude after it ("3.71T", "83.0B", "50 Hz", "1 ST"):
# a record's value, read as a figure when a row's shape is compared with the rows below.
_QUANTITY = re.compile(
    r"^[(\-−–+]?[$€£¥₹₦₩₽₺₴₱฿₫₪]?\s?\d[\d,.\s]*(?:\s?(?:%|‰|[^\W\d_]{1,3}\.?))?\)?$"
)


def is_quantity(text: str) -> bool:
    """Whether a cell holds a figure, perhaps with a short unit or magnitude after it."""
    stripped = text.strip()
    return is_number(stripped) or bool(_QUANTITY.match(stripped))


def data_row(row: list[str], below: list[str]) -> bool:
    """Whether ``row`` reads as a record like ``below``, not as the names of its columns:
    two figures or more (a year names a column), each in a column that holds a figure in
    ``below`` too, and no more labels than figures right of the first column."""
    pairs = list(zip(row, below, strict=False))
    figures = [
        i
        for i, (a, _) in enumerate(pairs)
        if a.strip() and is_quantity(a) and not _YEAR.match(a.strip())
    ]
    if len(figures) < 2 or not all(is_quantity(pairs[i][1]) for i in figures):
        return False
    words = sum(1 for a in row[1:] if a.strip() and not is_quantity(a))
    return words <= len(figures)


def is_unit(text: str) -> bool:
    """Whether a cell only names a unit or currency ("€m", "(in millions)", "%")."""
    stripped = text.strip()
    return bool(stripped) and len(stripped) <= 30 and bool(_UNIT.match(stripped))


def split_note(text: str, markers: set[str] | None = None) -> tuple[str, str]:
    """``(label, marker)``: a footnote marker at the end of a label split off ("Turkey6"
    -> "Turkey", "6"). A bare digit glued to a word is a marker only when it is one of
    ``markers`` (the notes the table has), so "Q4" or "Windows10" stay whole."""
    stripped = text.strip()
    m = _NOTE_MARKER.fullmatch(stripped)
    if m is None:
        return stripped, ""
    marker = m.group("marker").strip()
    glued = not m.group("marker")[:1].isspace() and marker.isdigit()
    if glued and (markers is None or marker not in markers):
        return stripped, ""
    return m.group("label").rstrip(), marker.strip("()/")


def leading_star(text: str) -> tuple[str, str]:
    """``(label, marker)`` for a label that opens with its note marker ("*Other")."""
    m = re.match(r"^([*†‡§]+)\s*(\S.*)$", text.strip())
    return (m.group(2), m.group(1)) if m else (text.strip(), "")


def is_title_row(row: Row, ncols: int) -> bool:
    """One label across (nearly) the whole width of a table of several columns: the
    table's title, not the name of a column."""
    filled = [c for c in row if c.text]
    if len(filled) != 1 or ncols < 2:
        return False
    cell = filled[0]
    if cell.col > 0:
        return False  # a label over the columns right of the row labels groups them
    return cell.span >= max(2, round(0.8 * ncols)) or len(row) == 1


def names_columns_over_figures(top: list[str], below: list[str]) -> bool:
    """Whether ``top`` (a row's text by column) names every column of three or more, in
    words, over a row ``below`` that holds a figure right of its first column: a header.
    A label alone above it ("Effective <date>") is then a note over the table, not the
    header of its first column; two columns may hold labels and values from the top."""
    if len(top) < 3 or not all(t.strip() and not is_number(t) for t in top):
        return False
    return any(is_number(t.replace("$", "")) for t in below[1:] if t.strip())


def is_group_row(row: Row, below: Row) -> bool:
    """Whether ``row`` labels groups of the columns ``below`` names: some label spans
    two or more columns that the row below names one by one."""
    labels = [c for c in row if c.text]
    named = [c for c in below if c.text]
    if not labels or len(named) < 2 or any(_figure(c.text) for c in named):
        return False
    for cell in labels:
        under = [c for c in named if cell.col <= c.col < cell.col + cell.span]
        if cell.span >= 2 and len(under) >= 2:
            return True
    return False


def _figure(text: str) -> bool:
    """A figure of a record, not a column label: a year ("2023") names a column."""
    return is_number(text) and not _YEAR.match(text.strip())


_YEAR = re.compile(r"^(?:19|20)\d\d$")


def realign(row: Row, below: Row) -> Row:
    """The row under a group label with its labels moved right by one column when they
    were set one column left of the columns the group spans (over the row labels):
    "2023 | 2022 | " under " | Twelve Months Ended June 30, (over two)" names the two
    columns under the group. Any other row is returned as it is."""
    spanned = sorted(c for cell in row if cell.text and cell.span >= 2 for c in cell.cols)
    named = sorted(c.col for c in below if c.text)
    if not spanned or len(named) != len(spanned) or any(c.span != 1 for c in below if c.text):
        return below
    if [c + 1 for c in named] != spanned or named[0] in spanned:
        return below
    return [HeaderCell(c.col + 1, 1, c.text) if c.text else c for c in below if c.text]


def header_rows(rows: list[Row], limit: int = 3) -> list[Row]:
    """The rows of a table's header, from its top rows (titles already taken off): the
    first row, and each next one while the row above labels groups of the columns it
    names (moved under its group when it was set one column left), at most ``limit``
    rows, and always one row left for the records."""
    if not rows:
        return []
    out = [rows[0]]
    while len(out) < limit and len(out) < len(rows) - 1:
        below = realign(out[-1], rows[len(out)])
        if not is_group_row(out[-1], below):
            widened = _over_blanks(out[-1], below, rows, len(out))
            if widened is None:
                break
            out[-1] = widened
        out.append(below)
    return out


def _over_blanks(row: Row, below: Row, rows: list[Row], depth: int) -> Row | None:
    """``row`` with each label spread over the blank cells right of it, when it labels
    groups of the columns ``below`` names without merged cells ("Dev" over blank cells,
    above "P | R | F1"): fewer labels than names, none over the first column (the row
    labels' column is named in ``below``), no figure among the names, and the row after
    ``below`` the first that reads as a record (:func:`first_record`). None otherwise."""
    ncols = max((c.col + c.span for r in rows for c in r), default=0)
    labels = [c for c in row if c.text]
    named = [c for c in below if c.text]
    if not labels or len(labels) >= len(named) or any(_figure(c.text) for c in named):
        return None
    if any(c.col == 0 for c in labels):
        return None  # the first column's name (or a title) stands over it, not a group's
    if first_record([spread(r, ncols) for r in rows]) != depth + 1:
        return None
    filled = sorted({c for cell in labels for c in cell.cols})
    out: list[HeaderCell] = []
    for cell in labels:
        end = min([c for c in filled if c > cell.col] + [ncols])
        out.append(HeaderCell(cell.col, end - cell.col, cell.text))
    under = {c.col for c in named}
    if not any(cell.span >= 2 and all(c in under for c in cell.cols) for cell in out):
        return None
    return out


def label_rows(rows: list[list[str]], limit: int = 5) -> int:
    """How many leading rows of a table of figures are its header: the rows before the
    first one holding a figure (a year names a column), when the records below hold
    figures and the first column is blank in all of them but the last. Labels staggered
    over several rows (a group label one row lower than its neighbour) are all header
    this way, as a reader takes them. 0 when the table is not of that shape."""
    n = 0
    for row in rows[: limit + 1]:
        if any(_figure(t) for t in row if t.strip()):
            break
        n += 1
    if n < 2 or n > limit or n >= len(rows) or any(row[0] for row in rows[: n - 1]):
        return 0
    body = rows[n:]
    figures = sum(1 for row in body for t in row[1:] if t.strip() and _figure(t))
    return n if figures >= len(body) else 0


def spread(row: Row, ncols: int) -> list[str]:
    """The label over each column of one header row (a spanning cell over all it spans)."""
    out = [""] * ncols
    for cell in row:
        for c in range(cell.col, min(ncols, cell.col + cell.span)):
            out[c] = cell.text
    return out


def names(rows: list[Row], ncols: int) -> list[str]:
    """One name per column: the labels of the header rows above it, top first, joined
    by a space (a label merged down over two rows counts once)."""
    layers = [spread(row, ncols) for row in rows]
    out = []
    for c in range(ncols):
        parts: list[str] = []
        for layer in layers:
            text = " ".join(layer[c].split())
            if text and text not in parts:
                parts.append(text)
        out.append(_joined(parts))
    return out


# Words after a hyphen that leave the compound open ("pre- and post-tax"), in the four
# languages.
_OPEN_COMPOUND = {"and", "or", "und", "oder", "bzw.", "et", "ou", "y", "o", "e", "u"}


def _joined(parts: list[str]) -> str:
    """A column's labels, top first, joined by a space; a word broken after its hyphen
    at the end of one header line goes on whole on the next ("Sub-" over "activity"
    -> "Sub-activity")."""
    out = ""
    for part in parts:
        first = part.split()[0]
        broken = out.endswith("-") and len(out) > 1 and out[-2].isalpha()
        if broken and first[:1].isalpha() and first.lower() not in _OPEN_COMPOUND:
            out += part
        else:
            out = f"{out} {part}" if out else part
    return out


def fold_units(header: list[str], row: list[str]) -> list[str] | None:
    """The header with a unit row folded in ("Revenue" over "€m" -> "Revenue (€m)"), or
    None when the row is not a unit row (a cell that is not a unit, or no cell)."""
    if len(row) != len(header) or not any(t.strip() for t in row):
        return None
    if not all(is_unit(t) for t in row if t.strip()):
        return None
    out = []
    for name, unit in zip(header, row, strict=True):
        unit = unit.strip()
        if not unit:
            out.append(name)
        elif not name:
            out.append(unit)
        else:
            out.append(f"{name} ({unit.strip('()')})")
    return out


# ----- grids with no header row ----------------------------------------------------------
# A settings or properties grid: labels down the left column, their values on the right,
# and no row that names the columns. A label is a few words.
_LABEL_WORDS = 8
# A cell no column name reads like: a web address, an identifier joined by hyphens,
# underscores, dots or slashes, a word with capitals inside it, a token with digits.
_VALUE_LIKE = re.compile(
    r"^(?:https?://|www\.)\S+$"
    r"|^\S*\w[-_./@]\w\S*$"
    r"|^\S*[a-z][A-Z]\S*$"
    r"|^\S*\d\S*(?:\s+\S+)?$"
)


def value_like(text: str) -> bool:
    """Whether a cell reads as a value (a number, an identifier, an address) rather than
    as the name of a column."""
    text = text.strip()
    return bool(text) and (is_number(text) or bool(_VALUE_LIKE.match(text)))


def label_column(labels: list[str]) -> bool:
    """Whether a column's cells are all labels: short, distinct, and no figures."""
    keys = [x.strip().lower() for x in labels]
    return (
        len(keys) >= 2
        and all(keys)
        and len(set(keys)) == len(keys)
        and not any(is_number(x) or len(x.split()) > _LABEL_WORDS for x in keys)
    )


# ----- a first row that is a record --------------------------------------------------------
# A table printed with no header row (a list of donors, of payments) has its first record
# where a header would be. A header names its columns in short labels: never an amount, a
# date or an identifier. So a first row whose every figure, date and code sits in a column
# whose records hold the same kind of value reads as one more record, not as names.
_AMOUNT = re.compile(
    r"^[(\-−–+]?(?:[$€£¥₹₦₩₽₺₴₱฿₫₪]|[A-Z]{3}\s?)?\s?\d[\d.,'\s]*(?:\s?(?:%|‰|[$€£¥₹₦₩₽₺₴₱฿₫₪]|[A-Z]{3}\b))?\)?$"
)
_MONTHS = (
    r"jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|ene|abr|ago|dic|janv|févr|fév|mars|avr|"
    r"mai|juin|juil|août|sept|déc|jän|mär|okt|dez|"
    r"enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|"
    r"janvier|février|avril|juillet|septembre|octobre|novembre|décembre|"
    r"januar|februar|märz|juni|juli|oktober|dezember|"
    r"january|february|march|april|june|july|august|september|october|november|december"
)
_DATE = re.compile(
    r"^\d{1,2}[./-]\d{1,2}[./-](?:\d{2}|\d{4})$|^\d{4}-\d{2}-\d{2}$"
    rf"|^\d{{1,2}}\.?\s+(?:de\s+)?(?:{_MONTHS})\.?,?\s+(?:de\s+)?\d{{4}}$"
    rf"|^(?:{_MONTHS})\.?\s+\d{{1,2}},?\s+\d{{4}}$",
    re.IGNORECASE,
)
# One token holding a digit and a letter or a joining mark: a reference, an account or
# a time ("ES-2024-017", "A1234", "09:30").
_CODE = re.compile(r"^(?=\S*\d)(?=\S*[^\W\d]|\S*[-_/:#])\S+$")
_VALUE_KINDS = ("amount", "date", "year", "code")
_DIGIT = re.compile(r"\d")
_NIL = re.compile(r"^[$€£¥₹₦₩₽₺₴₱฿₫₪]?\s*[-–—]+\s*[$€£¥₹₦₩₽₺₴₱฿₫₪]?$")
# An accounting format's negative amount, its sign before the brackets: "$(2,000.00)".
_SIGN_OUTSIDE = re.compile(r"^([$€£¥₹₦₩₽₺₴₱฿₫₪])\s*\((.+)\)$")


def _kind(text: str) -> str:
    """``cell_kind``, with an accounting format's negatives read as amounts."""
    return cell_kind(_SIGN_OUTSIDE.sub(r"(\1\2)", text.strip()))


def cell_kind(text: str) -> str:
    """What a cell holds, as a column's values are profiled: ``amount`` (a figure with its
    sign, currency or unit), ``date``, ``year``, ``code`` (an identifier), ``text`` or
    ``""`` for a blank."""
    t = " ".join(text.split())
    if not t:
        return ""
    if _YEAR.match(t):
        return "year"
    if _DATE.match(t):
        return "date"
    if _AMOUNT.match(t) or is_quantity(t):
        return "amount"
    if _CODE.match(t):
        return "code"
    return "text"


def _usual_kind(values: list[str]) -> str:
    """The kind three in four of a column's filled values share; ``""`` when none."""
    kinds = [k for k in (cell_kind(v) for v in values) if k]
    if not kinds:
        return ""
    top = max(set(kinds), key=kinds.count)
    return top if 4 * kinds.count(top) >= 3 * len(kinds) else ""


def _shape(text: str) -> tuple[bool, bool, int]:
    """How an amount is written: with a currency sign or code, as a percentage, and with
    how many decimals (a column prints its amounts alike)."""
    t = text.strip()
    decimals = re.search(r"[.,](\d{1,2})\)?\s*(?:%|[^\d\s)]*)$", t)
    currency = bool(re.search(r"[$€£¥₹₦₩₽₺₴₱฿₫₪]|\b[A-Z]{3}\b", t))
    return currency, "%" in t, len(decimals.group(1)) if decimals else 0


def _counting(cells: list[str]) -> bool:
    """Bare whole numbers counting up across columns, by one or by their first ("1 | 2 |
    3", "10 | 20 | 30"): the numbers a header counts its columns by, not figures."""
    ints = [int(t) for t in (c.strip() for c in cells) if t.isdigit() and len(t) <= 4]
    steps = {b - a for a, b in itertools.pairwise(ints)}
    if len(ints) < 2 or len(steps) != 1:
        return False
    step = steps.pop()
    return step == 1 or step == ints[0] > 0


def first_record(rows: list[list[str]]) -> int:
    """The index of a table's first row that reads as a record: a value right of its
    first column (an amount, a date or a code; a year names a column) of the kind the
    column's rows below it mostly hold (a name such as "F1" or "R-2" over a column of
    figures reads as a code, not as one of them). The rows above it are the header;
    ``len(rows)`` when no row does."""
    for n, row in enumerate(rows):
        for c, text in enumerate(row[1:], start=1):
            kind = cell_kind(text)
            if kind not in ("amount", "date", "code"):
                continue
            below = [r[c] for r in rows[n + 1 :] if c < len(r)]
            usual = _usual_kind(below) if any(t.strip() for t in below) else ""
            if usual == kind or (not usual and kind != "code" and n == len(rows) - 1):
                return n
    return len(rows)


def record_like(first: list[str], body: list[list[str]]) -> bool:
    """Whether ``first`` (a table's candidate header row) reads as one of the records
    ``body`` under it: in every column whose records hold amounts, dates, years or codes,
    ``first`` holds a value of that kind too, an amount written as they are (a header
    holds a label there), and there is at least one such column. Columns of text tell
    nothing either way."""
    if len(body) < 2 or _counting(first):
        return False
    matched = 0
    for c, top in enumerate(first):
        column = [row[c] for row in body if c < len(row) and row[c].strip()]
        usual = _usual_kind(column)
        if usual not in _VALUE_KINDS:
            continue
        kind = cell_kind(top)
        if kind and kind != usual:
            return False  # a label (or a year) over a column of values: a header
        if kind == "amount" and _shape(top) not in {_shape(v) for v in column}:
            return False  # a bare number over amounts with their currency or decimals
        matched += kind == usual
    return matched >= 1


# ----- labels with their values, no header row ---------------------------------------------
# Words a header row names the value column of a two-column table by ("Setting | Value"):
# over them the first row is a header even when the values below it mix figures and words.
_VALUE_HEADS = frozenset(
    [
        "value",
        "values",
        "amount",
        "details",
        "description",
        "setting",
        "settings",
        "answer",
        "answers",
        "result",
        "wert",
        "werte",
        "betrag",
        "angabe",
        "angaben",
        "beschreibung",
        "ergebnis",
        "valeur",
        "valeurs",
        "montant",
        "détail",
        "détails",
        "réponse",
        "résultat",
        "valor",
        "valores",
        "importe",
        "detalle",
        "detalles",
        "descripción",
        "respuesta",
        "resultado",
    ]
)


def pairs_without_header(rows: list[list[str]]) -> bool:
    """Whether two-column rows (``[label, value]``) are labels with their values and no
    header row, read from their words (a reader checks the type sets the first row like
    the others): distinct short labels down the left, values of more than one kind or
    shape (a rate, an amount, a date, a name: the properties of one thing, where a list
    of like things gives one measure of each), and a first row that cannot name the
    columns: its value reads as a value (a figure, a date, an identifier; a year over a
    column of figures names it), or the values under it mix figures and words (a column
    under a header holds one kind)."""
    if len(rows) < 3 or any(len(r) != 2 for r in rows):
        return False
    if not label_column([r[0] for r in rows]):
        return False
    first = rows[0][1].strip()
    # A dash for nil ("$ -") is an amount of any shape: it tells no kind.
    values = [v for v in (r[1].strip() for r in rows[1:]) if v and not _NIL.match(v)]
    below = [_kind(v) for v in values]
    if len(below) < 2 or first.casefold() in _VALUE_HEADS or _NIL.match(first):
        return False
    every = [v for v in [first, *values] if v]
    # An amount's currency and percent sign tell a measure apart, not its decimals.
    looks = {(_kind(v), _shape(v)[:2] if _kind(v) == "amount" else None) for v in every}
    if len(looks) < 2:
        return False  # one measure of each of a list of like things: a table, headerless
    if first and (value_like(first) or _kind(first) in _VALUE_KINDS):
        return not (_YEAR.match(first) and all(k == "amount" for k in below))
    # Words (no digit in them) beside figures, dates or codes, three values at least.
    words = sum(
        1 for v, k in zip(values, below, strict=True) if k == "text" and not _DIGIT.search(v)
    )
    return len(values) >= 3 and words >= 1 and any(k in _VALUE_KINDS for k in below)
