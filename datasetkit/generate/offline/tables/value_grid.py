"""A grid of entitlements or rates: columns headed by values of one dimension.

A policy's allowance table ("Travel type | Metro | Non-metro"), a grade table ("Grade |
Grade A | Grade B | Grade C"), a price grid by size ("Item | S | M | L") puts the VALUES
of a second dimension in the header row: each cell is what applies to the row in that
column. Read as columns of attributes, the questions say nothing ("What is the metro of
the Domestic - Hotel travel type?", "What is the grade b for Air travel?"). A grid is
asked with its row and its column both named: "What is the hotel category for Grade B?"
when the rows name what is asked (the header row's first cell names the columns'
dimension, or nothing); "What is the per diem allowance for Local conveyance, Metro?"
when the rows are values of a dimension too and the heading above the table names what
the cells are. A grid whose cells nothing names is not asked; nor is a cell whose text is
cut (an unbalanced bracket). Only English has the worded forms: in the other languages a
grid's cells are left unasked rather than asked as attributes.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import is_plural, singular_of
from datasetkit.generate.offline.tables.cell_lookup import cell_lookup
from datasetkit.generate.offline.tables.grid_words import (
    common_measure,
    place_headers,
    said_column,
    said_row,
)
from datasetkit.generate.offline.tables.view import NIL, PERIOD_HEADER, TableChunk, said_words

# The other side of a value ("Non-metro" beside "Metro", "Outside EU" beside "EU").
_OTHER_SIDE = re.compile(
    r"(?i)^(?:non|not|other|outside|out of|nicht|außerhalb|hors(?: de)?|autres?|no|fuera de)"
    r"[\s-]+"
)
_SIZES = frozenset(
    [
        *("xs", "s", "m", "l", "xl", "xxl", "xxxl", "small", "medium", "large", "extra large"),
        *("klein", "mittel", "groß", "gross", "petit", "moyen", "grand"),
        *("pequeño", "mediano", "grande"),
    ]
)
# The varying end of a header in a run of them: a letter, a number, a roman numeral.
_STEP = re.compile(r"(?i)^(?:[a-z]|\d{1,3}[a-z]?|[ivx]{1,4}|[a-z]\d{1,2})$")
_SUMMARY = re.compile(r"(?i)^(?:total|totals|sum|overall|all|gesamt|summe|somme|suma)$")
# The note of a grid's case: its question names its row and column already, and the
# table forms' later naming (a heading's qualifier, a subject) leaves it as it is.
GRID_NOTE = "Grid cell (row | column):"
_UNNAMED = re.compile(
    r"(?i)(?:column|col|field|var|unnamed|spalte|colonne|columna)[\s_:-]*\w{1,3}|[a-z]{1,3}\d+"
)
_PLACEHOLDER = re.compile(r"(?i)column \d+|#|-|")
_CUT = re.compile(r"^[^(]*\)|\([^)]*$|^[^\[]*\]|\[[^\]]*$")


def grid_columns(key: str, headers: list[str]) -> list[str] | None:
    """The headers that are values of one dimension (the summary column apart), or None
    when ``headers`` name attributes of the rows."""
    said = [h for h in headers if not _SUMMARY.match(h.strip())]
    if len(said) < 2:
        return None
    folded = [h.strip().casefold() for h in said]
    if any(_UNNAMED.fullmatch(h) for h in folded):
        return None  # a reader's placeholder ("Column K", "B1"): no value of anything
    if len(set(folded)) < len(folded):
        return None
    if _sides(folded) or all(h in _SIZES for h in folded) or place_headers(folded):
        return said
    if all(PERIOD_HEADER.match(said_words(h)) for h in said):
        return None  # figures by period: the cross-tab and statement forms ask them
    if _steps(folded, key.strip().casefold()):
        return said
    return None


def _sides(folded: list[str]) -> bool:
    """A value and its other side: "metro" / "non-metro" (two or three headers)."""
    if len(folded) > 3:
        return False
    bare = [_OTHER_SIDE.sub("", h) for h in folded]
    return any(b != h and b in folded for b, h in zip(bare, folded, strict=True))


def _steps(folded: list[str], key: str) -> bool:
    """A run of headers that share their words but the last, a letter, a number or a
    numeral ("grade a", "grade b"; "band 1", "band 2"); or bare steps under a key header
    that names them ("Grade" over "A", "B", "C")."""
    split = [h.rsplit(None, 1) for h in folded]
    if all(len(p) == 2 for p in split):
        heads = {p[0] for p in split}
        return len(heads) == 1 and all(_STEP.match(p[1]) for p in split)
    return bool(key) and all(
        len(p) == 1 and _STEP.match(h) for p, h in zip(split, folded, strict=True)
    )


def value_grid_cells(part: TableChunk) -> list[Candidate] | None:
    """The cases of a grid (see the module), or None when the table is none."""
    view = part.view
    if len(view.key) != 1 or view.halved:
        return None
    key = view.key[0]
    headers = [c for c in view.columns if c != key]
    cols = grid_columns(key, headers)
    if cols is None:
        return None
    bare = all(len(c.split()) == 1 and _STEP.match(c.strip()) for c in cols)
    if part.lang != "en" or (bare and _PLACEHOLDER.fullmatch(key.strip())):
        return []  # (bare letters under an unnamed key: codes nothing explains)
    transposed = _names_columns(key, cols)
    measure = None if transposed else _measure(part.heading)
    measure = common_measure(measure) if measure else None
    if not transposed and measure is None:
        return []
    out: list[Candidate] = []
    for row in part.rows:
        record = row.record or {}
        label = record.get(key, "").strip()
        if not label or _SUMMARY.match(label) or len(label) > 60:
            continue
        for col in cols:
            value = record.get(col, "").strip()
            if not value or value in NIL or _CUT.search(value) or len(value) > 80:
                continue
            if transposed:
                question = f"What is the {_lowered(label)} for {col.strip()}?"
            else:
                row_said = said_row(label, part.ctx.words)
                question = (
                    f"What is the {measure} for {row_said}{said_column(col, part.ctx.words)}?"
                )
            out.append(
                cell_lookup(
                    question,
                    value,
                    row,
                    record,
                    (value,),
                    frozenset({(id(row), col)}),
                    note=f"{GRID_NOTE} {label} | {col.strip()}",
                )
            )
    return out


def grid_asked(cand: Candidate) -> bool:
    """Whether ``cand`` asks a grid's cell by its row and column (see the module)."""
    return cand.note.startswith(GRID_NOTE)


def _names_columns(key: str, cols: list[str]) -> bool:
    """Whether the header row's first cell names the columns' dimension (or nothing):
    the rows are then what is asked ("Hotel category" for "Grade B")."""
    folded = key.strip().casefold()
    if _PLACEHOLDER.fullmatch(folded):
        return True
    return all(c.strip().casefold().startswith(folded) for c in cols)


def _measure(heading: str | None) -> str | None:
    """What the cells are, as the heading above the grid names it ("Per diem
    allowances"): a short phrase of words, no figure; None when no heading names it."""
    if not heading:
        return None
    text = re.sub(r"^\s*(?:\d+(?:\.\d+)*\.?|[A-Z]\.|[IVX]+\.)\s+", "", heading).strip(" :.")
    words = text.split()
    if not 1 <= len(words) <= 5 or re.search(r"\d|[?!]", text):
        return None
    if not all(re.fullmatch(r"[^\W\d_][\w'’-]*|&|and|of", w) for w in words):
        return None
    head, _, last = _lowered(text).rpartition(" ")
    return f"{head} {singular_of(last)}".strip() if is_plural(last) else _lowered(text)


def _lowered(text: str) -> str:
    """A label said inside a question: a capitalised first word lowered ("Hotel
    category" -> "hotel category"), every word of a title-case label lowered ("Per Diem
    and Daily Allowance" -> "per diem and daily allowance"), an acronym or a name in
    capitals kept."""
    words = text.split()
    capitalised = [w[:1].isupper() and w[1:].islower() for w in words]
    small = [w in ("and", "of", "&", "or", "for", "the") for w in words]
    title_case = len(words) > 1 and all(c or s for c, s in zip(capitalised, small, strict=True))
    said = [
        w.lower() if c and (title_case or i == 0) else w
        for i, (w, c) in enumerate(zip(words, capitalised, strict=True))
    ]
    return " ".join(said)
