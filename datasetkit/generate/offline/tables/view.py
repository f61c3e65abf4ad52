"""A table seen whole: its columns (what each holds and how a question names it) and the
column(s) that name a row ("the Basecamp 6 tent", "receiving a gift worth up to $75").

A table is read as a whole (all its rows, from the document, not only the chunk's):
each column gets a role (an ID, a constant, a number, a yes/no, text) and a natural name
("Weight (kg)" -> "weight" in "kg"). Rows are named by a human-readable column (a name
or title over an ID), or by two columns together when no single one is unique.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.language.words import (
    DocWords,
    is_plural,
    lower_words,
    singular_of,
)
from datasetkit.generate.offline.tables.alternative_names import first_alternative
from datasetkit.generate.offline.tables.form_definition import FormDefinition
from datasetkit.generate.offline.tables.glued import glued_count
from datasetkit.generate.offline.tables.header_notes import (
    ask_copies_once,
    header_without_notes,
    no_formulas,
)
from datasetkit.generate.offline.tables.identifiers import kind_header, label_over_code
from datasetkit.generate.offline.tables.names import (
    example_row,
    link_like,
    placeholder_cells,
    said_entity,
    said_header,
    said_value_field,
    unsaid_field,
)
from datasetkit.generate.offline.tables.periods import ENDED_PERIOD as ENDED_PERIOD
from datasetkit.generate.offline.tables.periods import PERIOD_HEADER, period_split
from datasetkit.generate.offline.tables.person_rows import full_name, people_key
from datasetkit.generate.offline.tables.said import said_words, second_said, unheard
from datasetkit.generate.offline.tables.scale import SCALE_CELL
from datasetkit.generate.offline.tables.value_headers import header_is_record, unsaid_headers
from datasetkit.knowledge.model import Section
from datasetkit.knowledge.tableheader import PIVOT_ROW_LABELS, PIVOT_VALUE_FIELD


@dataclass
class Column:
    """One column of a table and what it holds."""

    name: str
    natural: str | None  # how a question names it; None when it cannot be asked
    unit: str | None
    values: list[str]
    role: str = "text"  # id, constant, number, bool, date, text, blank
    # The period a header names before or after what it measures ("January–June 2023
    # Sales" -> "January–June 2023"), said in the question; None when it names none.
    period: str | None = None

    @cached_property
    def filled(self) -> list[str]:
        # Read for every candidate of every row: computed once (the values never change).
        return [v for v in self.values if v]

    @cached_property
    def own_scale(self) -> str | None:
        """The scale the column's unit or a note cell among its values states, once."""
        from datasetkit.generate.offline.tables.scale import column_scale

        return column_scale(self.unit, self.filled)


@dataclass
class TableView:
    """A whole table: its rows, columns, the column(s) that name a row, and its entity."""

    rows: list[Section]
    columns: dict[str, Column]
    key: list[str] = field(default_factory=list)
    entity: str = "row"
    title: str | None = None  # the table's caption or sheet name
    words: DocWords = field(default_factory=lambda: DocWords(()))
    # Printed in halves side by side: nothing over the whole table asked from one half.
    halved: bool = False
    caption: str | None = None  # the "Table N: ..." line or title line printed with it
    scale: str | None = None  # the scale a note above it states ("in millions")
    # Only part of the table, or one of several printed with one header (cut by a table
    # inside a cell, continued on another page or sheet): what holds over "all" its rows
    # (a count, a list of the rows with a value, the highest) is not sure, and not asked.
    cut: bool | None = None
    partial: bool = False  # rows of a longer list, as a total under them shows
    group: str = ""  # the label read into every header of a group of columns
    # Another table of the document with the same columns and caption but other figures:
    # no question can say which of the two it asks.
    twin: bool = False
    # Rows named by a reference number said with the rows' noun ("el contrato 48213").
    numbered: bool = False
    sections: list[Section] = field(default_factory=list)  # all rows, labels of groups too
    filler: bool | None = None  # whether its cells are a test file's stand-ins, once known
    shared: dict[str, set[str]] | None = None  # each column's value most rows share, once known
    definition: FormDefinition | None = None  # the survey form it defines a part of, if any
    full_names: frozenset[str] | None = None  # rows named by first name and surname: unique ones

    def by_period(self) -> bool:
        """True when one column of periods (years, quarters, months) names the rows."""
        return len(self.key) == 1 and period_column(self.columns[self.key[0]])

    def label(self, row: Section, words: DocWords) -> str | None:
        record = row.record or {}
        values = [signed_name(record.get(k, "").strip()) for k in self.key]
        if not self.key or not all(values):
            return None
        if self.full_names is not None:  # a person by full name, when no other has it
            return name if (name := full_name(*values[:2])) in self.full_names else None
        if self.by_period():
            return values[0]  # a year's row is named by its year: "in 1990"
        numbered = self.numbered and self.columns[self.key[0]].role == "id"
        if numbered and len(values) == 1:
            return values[0]
        bare = re.sub(r"(?<=\d)[eE](?=[-+]?\d)", "", values[0])  # "5.46E-05" is a number too
        if not re.search(r"[^\W\d_]", bare) or any(NUMBER.match(v) for v in values[1:]):
            return None  # a row is never named by a bare number ("the (83)", "AI worth 99000")
        if example_row(values[0]) or placeholder_cells(record.values()) or _SERIAL(values[0]):
            return None  # a template's example row ("Example 1", "XYZ, Inc"), a serial "b"
        if _sentence(values[0]):
            return None  # a sentence says no name a question can repeat
        if len(values) == 1:
            return values[0]
        second = self.columns[self.key[1]]
        first = sentence_case(values[0], words)
        if second.natural is None:
            return f"{first} ({values[1]})"
        if re.search(r"(?i)\b(?:value|amount|price|cost)\b", second.natural):
            # "receiving a gift worth up to $75", not "... with a per-item value of up to $75"
            amount = sentence_case(values[1], words)
            if re.fullmatch(r"(?i)any(?: amount| value)?", amount):
                return f"{first} (any amount)"
            return f"{first} worth {amount[:1].lower()}{amount[1:]}"
        return f"{first} with {second_said(second.natural, sentence_case(values[1], words))}"


def signed_name(value: str) -> str:
    """The person a signature line names, as a filing prints it ("/s/ JANE Q. DOE Jane Q.
    Doe" -> "Jane Q. Doe"); any other value as it is."""
    if not value.startswith("/s/"):
        return value
    tokens = value[3:].split()
    half = len(tokens) // 2
    if half and len(tokens) % 2 == 0 and [t.upper() for t in tokens[half:]] == tokens[:half]:
        return " ".join(tokens[half:])
    return value


def sentence_case(value: str, words: DocWords) -> str:
    """``Receiving a gift`` -> ``receiving a gift`` (inside a question); names unchanged."""
    tokens = value.split()
    first = tokens[0] if tokens else ""
    if not (first[:1].isupper() and first[1:].islower()) or words.name(first):
        return value
    rest_lower = all(not t[:1].isupper() for t in tokens[1:])
    # A value in title case ("My Beloved", "The Open Road") is a name: kept as written.
    if rest_lower and (words.common(first) or len(tokens) >= 2):
        return value[:1].lower() + value[1:]
    return value


_ID_HEADER = re.compile(r"(?i)(?:^|\b)(?:id|no|nr|number|#|code|ref|reference|sku|key)\.?$")

_ID_VALUE = re.compile(r"^[A-Z]{1,6}[-_/]?\d{2,}[A-Z]?$|^(?=.*\d)[0-9a-f]{8,}$")

# A figure, also as an account prints a negative one: "(1,164)" is minus 1,164.
NUMBER = re.compile(
    r"^(?:[-+]?[$€£¥]?\s?\d[\d,]*(?:\.\d+)?\s?%?|\([$€£¥]?\s?\d[\d,]*(?:\.\d+)?\s?%?\))$"
)
# A dash in a column of figures, or a placeholder a template or an export left in a cell
# ("UNDEFINED", "TBD", "#N/A"): nothing reported, no value of its own, never an answer.
_PLACEHOLDERS = (
    "n/a n.a. tbd tba tbc undefined null nil unknown ? ... … #n/a #value! #ref! "
    "#div/0! #name? #null! xx xxx"
)
# A statistical table's note for a figure it does not have: no figure either.
_NOT_GIVEN = ("na", "not available", "not applicable", "not reported", "no data")
NIL = frozenset(("—", "–", "-", "--", "---")) | {
    form
    for word in (*_PLACEHOLDERS.split(), *_NOT_GIVEN)
    for form in (word, word.upper(), word.title(), word.capitalize())
}

# A unit in brackets after a header: "Weight (kg)", and a rate's base, which runs longer
# ("Rate (per 100,000 women)").
UNIT_GLOSS = re.compile(
    r"\s*[(\[](?P<unit>[^()\[\]]{1,12}|per [^()\[\]]{1,30})[)\]]\s*$", re.IGNORECASE
)

_BOOL = {
    "yes",
    "no",
    "true",
    "false",
    "y",
    "n",
    "ja",
    "nein",
    "oui",
    "non",
    "sí",
    "si",
    "✓",
    "✗",
    "x",
}

_NAME_HEADER = re.compile(
    r"(?i)\b(?:name|title|model|product|plan|item|service|metric|position|role|course|package|"
    r"option|benefit|scenario|term|nombre|t[ií]tulo|denominaci[oó]n|nom|titre|intitul[eé]|"
    r"libell[eé]|d[eé]signation|bezeichnung|titel|produkt|artikel)\b"
)

_PREPOSITION_END = re.compile(r"(?i)\b(?:from|to|for|of|at|by|in|on|with|per|until|since)$")

_GENERIC_ENTITY = {
    "name", "model", "item", "title", "product", "entry", "row", "value", "description",
}  # fmt: skip


# A header the file made up, not a name a user says: "Column 3", "Unnamed: 2", "B", "7".
PLACEHOLDER_HEADER = re.compile(
    r"(?i)^(?:(?:column|col|field|unnamed|spalte|colonne|columna|coluna)[\s_:#.-]*(?:\d+|[a-z])?"
    r"|[a-z]|[-+(]?\d[\d,.]*\)?)$"
)
# A row's name, not a piece of a sentence a PDF reader split into cells (no clause's comma)
# nor a form's field label ("Policy #", "Claim No."), which a grid of fields holds.
_ROW_NAME = re.compile(r"^[A-Z0-9](?![^,;:]*(?:#|\bNo\.?)$)[^,;:]*$")
# A column of the years after the others ("Thereafter", "Beyond 2030"): no measure's name,
# and no period a question can say ("the total thereafter").
_OPEN_PERIOD = re.compile(r"(?i)^(?:thereafter|beyond(?:\s+(?:19|20)\d\d)?|later years?)$")


# A header that names a measure, a dash, and the source or part it is of (a few words each).
_DASHED = re.compile(r"(?P<what>[^\W\d_][\w' ]{1,24}?)\s+[-–—]\s+(?P<which>[^\W_][\w.' ]{0,19}\w)")


def natural_column(header: str, words: DocWords) -> tuple[str | None, str | None]:
    """A header as a question names it, and the unit it gives its values; no name for a
    header the file made up ("Column 3") or one that names a period (asked as "in 2023")."""
    unit = None
    header = header_without_notes(header)  # "(A) Costs/€ (=X+Y)": a name, its unit
    m = UNIT_GLOSS.search(header)
    base = said_words(header)
    if m:
        unit = m.group("unit").strip()
        base = said_words(header[: m.start()])
        if base.endswith("/"):
            return None, None  # "income/(expenses)": a choice of two, no unit
    if PLACEHOLDER_HEADER.match(base) or PERIOD_HEADER.match(base) or _OPEN_PERIOD.match(base):
        return None, unit
    if unsaid_field(base):
        return None, unit  # "value2", "Value x 2", "Count of Size": no name a person says
    split = _DASHED.fullmatch(base)
    which = ""
    if split:
        # "New Cases - SEER 9": a measure and what it is of, said "new cases (SEER 9)"
        # (the part named as the table writes it).
        base, which = split.group("what"), f" ({split.group('which')})"
    low = re.match(r"(?i)^(?P<what>.+?)\s+(?P<bound>min|minimum|max|maximum)$", base)
    if low:
        bound = "minimum" if low.group("bound").lower().startswith("min") else "maximum"
        base = f"{bound} {low.group('what')}"
    if not base or _PREPOSITION_END.search(base) or base.endswith("?") or len(base) > 40:
        return None, unit
    said = said_value_field(base) or said_header(base)
    if said is None:
        return None, unit  # a link, a choice, a piece of a sentence: no name to ask by
    base = said
    if not re.search(r"[^\W\d_]", base):
        return None, unit
    return lower_words(base, words, force=True) + which, unit


_LABEL_WORD = re.compile(r"[A-Z][\w&'-]*|of|and|&|for|the|in|by")


def group_label(headers: Sequence[str]) -> str:
    """The words several headers open with, when a group label over their columns was
    read into each ("<Group Label> <Column>", "<Group Label> <Other Column>"): two words or more, shared by two headers or more, each keeping a word
    of its own. "" when there is none."""
    best = ""
    # Headers that name periods share their words ("Three Months Ended ..."), and a header
    # a table printed in halves repeats ("Rate", "Rate (2)") is no other column: no group.
    headers = [
        h
        for h in headers
        if not PERIOD_HEADER.match(said_words(h))
        and not ((m := _REPEATED.match(h)) and m.group("name") in headers)
        # A pivot's value field is one name, its function and its field ("Sum of Sepal
        # Width"): the words it shares with another ("Sum of Sepal") label no group.
        and not PIVOT_VALUE_FIELD.match(h.strip())
    ]
    for h in headers:
        tokens = h.split()
        for n in range(len(tokens) - 1, 1, -1):
            if not all(_LABEL_WORD.fullmatch(t) for t in tokens[:n]):
                continue  # a label in capitals, never words of a sentence or a unit gloss
            prefix = " ".join(tokens[:n]) + " "
            sharing = {
                o[len(prefix) :].split()[0].casefold()
                for o in headers
                if o.startswith(prefix) and re.match(r"[^\W\d_]", o[len(prefix) :])
            }
            if len(sharing) >= 2 and len(prefix) > len(best):
                best = prefix
                break
    return best


def _role(values: list[str], header: str) -> str:
    filled = [v for v in values if v and v not in NIL and not SCALE_CELL.match(v)]
    if not filled:
        return "blank"
    if len(filled) == len(values) and len({v.casefold() for v in filled}) == 1 and len(values) > 2:
        return "constant"
    ids = sum(1 for v in filled if _ID_VALUE.match(v))
    if (_ID_HEADER.search(header) and len(set(filled)) == len(filled)) or ids >= 0.8 * len(filled):
        return "id"
    if all(v.casefold() in _BOOL for v in filled):
        return "bool"
    if all(re.match(r"^\d{4}-\d{2}-\d{2}", v) for v in filled):
        return "date"
    if all(NUMBER.match(v) for v in filled):
        return "number"
    return "text"


def _nameish(c: Column) -> bool:
    """Values that can name a row: short, not sentences, not mostly figures."""
    values = c.values
    return (
        c.role == "text"
        and all(values)
        # A column headed as the rows' name names them at a full title's length too.
        and max(len(v) for v in values) <= (100 if _NAME_HEADER.search(c.name) else 60)
        and not any(link_like(v) for v in values)
        # A name or two set with a closing full stop ("Marker removal.") among names:
        # the column still names its rows, those rows go unnamed (see ``label``).
        and 4 * sum(1 for v in values if _sentence(v)) <= len(values)
        and sum(1 for v in values if _AMOUNT_LIKE.search(v)) <= len(values) // 2
        and not glued_count(c.name, c.values)
    )


def _sentence(value: str) -> bool:
    """A value that reads as a sentence; a name with an initial or an abbreviation ("Jill
    T.", "Acme Corp.") does not."""
    end = value.rstrip()
    if re.search(r"[a-z]{3,}[.!?]\s+\S", end):
        return True  # a sentence ends inside it
    return end.endswith(("!", "?")) or (end.endswith(".") and len(end.split()) > 2)


_AMOUNT_LIKE = re.compile(
    r"[$€£¥%]|^\s*[~≈]?[\d.,\s-]+\+?\s*$|^(?:up to|over|under|at least|at most|more than|less than|any)\b",
    re.I,
)


_SERIAL = re.compile(r"[a-z]").fullmatch
_NO_SECOND = ("blank", "constant", "id", "date", "number")
_DATE_CELL = re.compile(r"^(?:\d{4}-\d{2}-\d{2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4})\b")


def _key(columns: dict[str, Column], n: int) -> list[str]:
    """The column(s) that name a row: a unique name or title, else two columns together
    (a name-like one first), else a unique ID."""

    def unique(name: str) -> bool:
        vals = [v.strip().casefold() for v in columns[name].values]
        return all(vals) and len(set(vals)) == n

    if n < 2:
        # One row: every cell is unique in it; only a column whose header says that it
        # names the row ("Item", "Product") tells which row it is.
        return [c.name for c in columns.values() if _nameish(c) and _NAME_HEADER.search(c.name)][:1]
    order = list(columns)
    texts = sorted(
        (c for c in columns.values() if _nameish(c)),
        key=lambda c: (  # a header that is no noun phrase ("category/title") names no row
            said_header(first_alternative(c.name)) is None,
            not _NAME_HEADER.search(c.name.replace("_", " ")),
            order.index(c.name),
        ),
    )
    uniques = [c.name for c in texts if unique(c.name)]
    if uniques:
        # Stored names beside labels for the same rows: the labels name them.
        return [label_over_code(uniques[0], uniques[1:], {u: columns[u].values for u in uniques})]
    for c in texts:
        for other in columns.values():
            dated = any(_DATE_CELL.match(v) for v in other.values)
            if other is c or other.role in _NO_SECOND or dated or not all(other.values):
                continue  # a figure or a day names no row: "Pen with a date of 1/4/2020"
            if other.values and max(len(v) for v in other.values) > 40:
                continue
            pairs = {
                (a.casefold(), b.casefold()) for a, b in zip(c.values, other.values, strict=False)
            }
            if len(pairs) == n:
                return [c.name, other.name]
    # No name names a row: a column of periods does ("1990"), as a statistical table of
    # figures by year is read; then a unique ID.
    periods = [c for c in columns.values() if period_column(c) and unique(c.name)]
    if periods:
        return [periods[0].name]
    ids = [c for c in columns.values() if c.role == "id" and unique(c.name)]
    return [ids[0].name] if ids else []


def period_column(col: Column) -> bool:
    """True for a column whose every value is a period (a year, a range of years, a
    quarter, a month of a year), at least three of them."""
    return len(col.values) >= 3 and all(PERIOD_HEADER.match(v.strip()) for v in col.values)


# A header of people's names: the word before "name" is no noun for what a row is.
_PERSON_NAME = re.compile(
    r"(?i)^(?:full|first|last|given|family|display|legal|preferred|sur)\s*name$"
)
# Columns only a person has: what a table of named people tells about each.
_PERSON_FACT = re.compile(
    r"(?i)^(?:date of (?:birth|death)|birth ?date|born|died|profession|occupation|"
    r"nationality|gender)$"
)
_STAFF_HEADER = re.compile(
    r"(?i)\b(?:employee|hire date|hired|salary|job title|department|eeid|manager)\b"
)


def _entity(view: TableView, label: str | None, words: DocWords) -> str:
    values = {h: c.values for h, c in view.columns.items()}
    header = said_words(first_alternative(kind_header(view.key, view.columns, values)))
    if len(header.split()) > 3 or "," in header or said_header(header) is None:
        header = ""  # a note in the header cell ("In millions, except ..."), not a noun
    if PIVOT_ROW_LABELS.match(header):
        header = ""  # a pivot table's own label over its rows: it names no kind of row
    made_up = [h for h in view.columns if PLACEHOLDER_HEADER.match(said_words(h))]
    if (
        made_up
        and made_up == view.key[:1]
        and all(map(_ROW_NAME.match, view.columns[made_up[0]].values))
    ):
        return "row"  # the one unheaded column names its rows: asked by name alone
    if header.lower() in ("name", "") and any(_PERSON_FACT.search(h) for h in view.columns):
        return "person"  # a name beside a date of birth, an age, a profession: a person's
    if _PERSON_NAME.match(header):
        # "Full Name" names people, not "fulls": employees when the columns are an
        # employee's (a hire date, a salary, a department), else nothing said.
        staff = any(_STAFF_HEADER.search(h) for h in view.columns)
        return "employee" if staff else "row"
    noun = re.sub(r"(?i)\b(?:name|title|id|no|number|code)\b", "", header).strip()
    if (
        label
        and len(label.split()) == 1
        and is_plural(label)
        and (not noun or noun.lower() in _GENERIC_ENTITY)
    ):
        return singular_of(label.lower())
    if noun and noun.lower() not in _GENERIC_ENTITY:
        return singular_of(lower_words(said_entity(noun), words, force=True))
    if label and len(label.split()) <= 2 and is_plural(label):
        return singular_of(lower_words(label, words, force=True))
    return lower_words(noun, words, force=True) if noun else "row"


_REPEATED = re.compile(r"^(?P<name>.+) \((?P<n>[2-9])\)$")


def table_view(
    rows: Sequence[Section],
    label: str | None,
    words: DocWords,
    defined: Mapping[str, str] | None = None,
) -> TableView:
    """The whole table as a :class:`TableView`; ``defined`` gives the headers a pivot
    table's definition names otherwise than its cells (its value fields)."""
    headers: list[str] = []
    for r in rows:
        for h in r.record or {}:
            if h not in headers:
                headers.append(h)
    if len(headers) >= 3:
        # A template's spare rows hold at most one cell (a total's default "$0.00"): no
        # row of the table, and no name a question can ask by.
        rows = [r for r in rows if sum(1 for v in (r.record or {}).values() if v.strip()) > 1]
    no_formulas(rows)  # "141250.00 =H*I": the formula written after a value is no part of it
    columns: dict[str, Column] = {}
    group = group_label(headers)
    for h in headers:
        values = [(r.record or {}).get(h, "").strip() for r in rows]
        period, measure = period_split(h[len(group) :] if h.startswith(group) else h)
        if defined and h.strip() in defined:
            period, measure = None, defined[h.strip()]  # what the pivot summarises, and how
        natural, unit = natural_column(measure, words)
        if natural and unheard(natural, values, words):
            natural = None  # a column of sentences named for the table, not by its users
        columns[h] = Column(h, natural, unit, values, _role(values, h), period)
    ask_copies_once(columns)  # a copy of a field, a total equal to another on every row
    said = [c.natural for c in columns.values() if c.natural]
    for col in columns.values():
        if col.natural and said.count(col.natural) > 1:
            col.natural = None  # "Amount billed", "Amount paid" both said "amount": neither
    for h, col in columns.items():
        repeat = _REPEATED.match(h)
        if repeat and repeat.group("name") in columns:
            # The reader numbers a header the table gives twice ("State", "State (2)"): a
            # table printed in halves side by side, whose second half is other rows, not
            # more about the first half's (never "the state for Connecticut").
            col.role = "blank"
    halved = any(c.role == "blank" and _REPEATED.match(h) for h, c in columns.items())
    cells = [[(r.record or {}).get(h, "").strip() for h in headers] for r in rows]
    for h in unsaid_headers(headers, cells):
        columns[h].natural = None
    view = TableView(list(rows), columns, title=label, words=words, halved=halved)
    view.group = group.strip()
    # A record read as the header names no column a row could be told apart by.
    view.key = [] if header_is_record(headers, cells) else _key(columns, len(rows))
    if people := people_key(headers, view.key, columns):
        view.key, view.full_names = people
    view.entity = _entity(view, label, words)
    return view


@dataclass(frozen=True)
class TableChunk:
    """A chunk of a table as the table forms read it: its own rows and the whole table."""

    view: TableView
    rows: list[Section]  # the chunk's rows
    lang: str
    ctx: DocContext
    heading: str | None  # the heading the table sits under
    # What the table's page documents, as a question names it ("the `packr` command"),
    # when the page's title says (a reference page).
    page: str | None = None

    def labelled_rows(self) -> list[tuple[Section, str | None]] | None:
        """Every row of the table with its name, for a question over the whole table; None
        when a row has no name, or (in English) the table never says what its rows are
        ("Which rows are in Finance?")."""
        view = self.view
        if view.halved or view.cut:
            return None
        labels = [(r, view.label(r, self.ctx.words)) for r in view.rows]
        if not view.key or any(lab is None for _, lab in labels):
            return None
        if view.entity == "row" and self.lang == "en":
            return None
        return labels


# A row that sums up others ("Total", "All others", "Top five industries"): asked as a
# cell, never counted or ranked among the rows it sums up.
_SUMMARY_ROW = re.compile(
    r"(?i)^(?:(?:grand\s+|sub-?)?totals?|sum|overall|all(?:\s+others?)?|others?|average|mean|"
    r"median|top\s+\w+(?:\s+\w+)?|"
    # The same rows in German, French, Spanish, Portuguese, Italian and Dutch ("Gesamt",
    # "Summe", "Sous-total", "Promedio", "Totale", "Totaal", "Sonstige").
    r"gesamt(?:ergebnis|summe|betrag|wert|zahl)?|insgesamt|(?:zwischen|end|gesamt)?summe|durchschnitt|mittelwert|sonstige|"
    r"übrige|sous-total|somme|moyenne|médiane|autres|suma|promedio|mediana|otros|"
    r"otras|soma|média|outros|totale|somma|altri|totaal|subtotaal|gemiddelde|overige)(?!\w)"
)


def table_cut(sections: Sequence[Section], rows: Sequence[Section]) -> bool:
    """True when the document holds rows of the same table outside ``rows`` (the table was
    cut, by a table inside one of its cells, say), or another table with the same header
    under the same heading (a table continued on another page or sheet, or one of a series
    printed alike that no heading tells apart)."""
    if not rows:
        return False
    own = {id(r) for r in rows}
    first = rows[0].provenance
    keys = tuple(rows[0].record or {})
    for s in sections:
        if not s.record or id(s) in own:
            continue
        there = s.provenance
        if first.table is not None and there.table == first.table and there.sheet == first.sheet:
            return True
        if len(keys) >= 2 and tuple(s.record) == keys and there.heading_path == first.heading_path:
            return True
    return False


def summary_row(label: str | None) -> bool:
    """True for a row that sums up the others."""
    return bool(label) and bool(_SUMMARY_ROW.match(str(label).strip()))
