"""Columns of a table that only make sense together, found once per table: the two bounds
of a range ("Min | Max", "Von | Bis", "Desde | Hasta", "De | À") and the before, after and
change of a comparison ("Before | After | Improvement", "Antes | Después | Mejora").

Each relation needs the header words of one language family on both columns and the values
to agree: the bounds of a range are numbers or dates, the lower not above the upper on
nearly every row; the values of a comparison are filled on both sides. A row of such a
table is asked once for the pair ("What is the value range of byte?" -> "-128 to 127"),
never one bound or one side at a time ("What is the to of byte?").
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from datasetkit.generate.gate.values import dates
from datasetkit.generate.offline.tables.view import UNIT_GLOSS, TableView
from datasetkit.generate.offline.tables.worded import filler_value

# Bound words by kind: a column pairs with one whose header gives the other side of the
# same kind (a "Min" with a "Max", a "Von" with a "Bis"), both in en/de/fr/es.
_LOWER = {
    "min": "extent",
    "minimum": "extent",
    "mín": "extent",
    "mínimo": "extent",
    "minimal": "extent",
    "mini": "extent",
    "from": "span",
    "von": "span",
    "ab": "span",
    "de": "span",
    "du": "span",
    "desde": "span",
    "lower": "bound",
    "untere": "bound",
    "unterer": "bound",
    "untergrenze": "bound",
    "inférieure": "bound",
    "inférieur": "bound",
    "inferior": "bound",
    "low": "level",
    "start": "time",
    "begin": "time",
    "beginn": "time",
    "anfang": "time",
    "début": "time",
    "inicio": "time",
}
_UPPER = {
    "max": "extent",
    "maximum": "extent",
    "máx": "extent",
    "máximo": "extent",
    "maximal": "extent",
    "maxi": "extent",
    "to": "span",
    "bis": "span",
    "à": "span",
    "a": "span",
    "au": "span",
    "hasta": "span",
    "upper": "bound",
    "obere": "bound",
    "oberer": "bound",
    "obergrenze": "bound",
    "supérieure": "bound",
    "supérieur": "bound",
    "superior": "bound",
    "high": "level",
    "end": "time",
    "ende": "time",
    "fin": "time",
}
# The two sides of a comparison and the column of the change between them.
_BEFORE = frozenset(
    [
        "before",
        "old",
        "previous",
        "vorher",
        "alt",
        "bisher",
        "avant",
        "ancien",
        "ancienne",
        "antes",
        "anterior",
    ]
)
_AFTER = frozenset(
    ["after", "new", "nachher", "neu", "après", "nouveau", "nouvelle", "después", "nuevo", "nueva"]
)
_CHANGE = frozenset(
    [
        "change",
        "changes",
        "improvement",
        "difference",
        "delta",
        "δ",
        "gain",
        "gains",
        "reduction",
        "savings",
        "increase",
        "decrease",
        "veränderung",
        "änderung",
        "verbesserung",
        "differenz",
        "einsparung",
        "amélioration",
        "évolution",
        "écart",
        "variation",
        "réduction",
        "mejora",
        "cambio",
        "diferencia",
        "variación",
        "reducción",
        "ahorro",
    ]
)


@dataclass(frozen=True)
class Bounds:
    """Two columns that give a range: the lower and upper bound, and what they bound."""

    lower: str
    upper: str
    measure: str  # the header words besides the bound ("salary"), "" when none
    dated: bool  # the bounds are dates: a period, not a range of values
    day_first: bool = False  # its dates are written day first ("28/02/2025")


@dataclass(frozen=True)
class Compared:
    """A value before and after a change, and the column of the change when there is one."""

    before: str
    after: str
    change: str | None


def _words(header: str) -> list[str]:
    text = re.sub(UNIT_GLOSS, "", header).replace("_", " ")
    return [w.rstrip(".").casefold() for w in re.findall(r"[^\W\d_]+\.?|[Δδ%]", text)]


def _side(header: str, table: dict[str, str]) -> tuple[str, str] | None:
    """(kind, measure) when the header is a bound word of ``table`` and at most three
    words of what it bounds ("Min", "Salary max", "Start date"). A preposition ("to",
    "bis") opens its header, and a level ("low", "high") is the whole header: in the middle
    of a name ("Time to market", "High priority") they bound nothing."""
    words = _words(header)
    if not words or len(words) > 4:
        return None
    for at in (0, len(words) - 1):
        kind = table.get(words[at])
        if kind is None or (kind == "span" and at > 0) or (kind == "level" and len(words) > 1):
            continue
        return kind, " ".join(words[1:] if at == 0 else words[:-1])
    return None


def range_bounds(view: TableView) -> list[Bounds]:
    """The pairs of columns of ``view`` that give a range, by their headers and values."""
    names = [n for n in view.columns if n not in view.key]
    lowers = {n: s for n in names if (s := _side(n, _LOWER))}
    uppers = {n: s for n in names if (s := _side(n, _UPPER))}
    found: list[Bounds] = []
    taken: set[str] = set()
    for low, side in lowers.items():
        match = [u for u, s in uppers.items() if s == side and u not in taken and u != low]
        if len(match) != 1:
            continue
        reading = _ordered(view, low, match[0])
        if reading is None:
            continue
        taken.add(match[0])
        found.append(Bounds(low, match[0], side[1], *reading))
    return found


def compared_columns(view: TableView) -> Compared | None:
    """The before, after and change columns of a comparison table; None when the table has
    no one header of each side or no row gives both. A row that leaves a side empty (a
    thing that is new) is asked nothing of them: one side alone says no change."""
    names = [n for n in view.columns if n not in view.key]
    before = [n for n in names if _bare_word(n, _BEFORE)]
    after = [n for n in names if _bare_word(n, _AFTER)]
    if len(before) != 1 or len(after) != 1:
        return None
    change = [n for n in names if _bare_word(n, _CHANGE) or _change_header(n)]
    if not any(both_filled(r.record or {}, before[0], after[0]) for r in view.rows):
        return None
    return Compared(before[0], after[0], change[0] if len(change) == 1 else None)


def _bare_word(header: str, words: frozenset[str]) -> bool:
    said = _words(header)
    return len(said) == 1 and said[0] in words


def _change_header(header: str) -> bool:
    """ "% Change", "Change (%)", "Δ %": the change column, said with its unit."""
    said = [w for w in _words(header) if w != "%"]
    return len(said) == 1 and said[0] in _CHANGE


def both_filled(record: dict[str, str], one: str, other: str) -> bool:
    """Whether a row gives a value on both sides (no placeholder, no dash)."""
    return not filler_value(record.get(one, "")) and not filler_value(record.get(other, ""))


# A figure with at most a sign, a currency, a unit word or a percent sign around it.
_FIGURE = re.compile(
    r"^[~≈<>]?\s?(?P<num>[-+−]?\s?[$€£¥]?\s?\d[\d.,'’ ]*)\s?(?:%|[^\W\d_]{1,12}\.?)?$"
)


def figure(value: str) -> float | None:
    """A bound as a number: "-128", "1.234.567", "9,5 kg", "$1,200"; None for anything else
    (a formula, an exponent the reader lost, a word)."""
    m = _FIGURE.match(value.strip())
    if m is None:
        return None
    num = re.sub(r"[\s'’$€£¥]", "", m.group("num")).replace("−", "-")
    if not re.fullmatch(
        r"[-+]?\d{1,3}(?:([.,])\d{3})?(?:\1\d{3})*(?:[.,]\d+)?|[-+]?\d+(?:[.,]\d+)?", num
    ):
        return None  # a date ("01.03.2024"), a version ("1.2.3"), no one figure
    dots, commas = num.count("."), num.count(",")
    if dots > 1 or (dots == 1 and commas == 1 and num.index(",") > num.index(".")):
        num = num.replace(".", "").replace(",", ".")
    elif commas > 1 or (commas == 1 and dots == 1):
        num = num.replace(",", "")
    elif commas == 1:
        head, tail = num.split(",")
        num = head + tail if len(tail) == 3 and head.strip("-+") != "0" else f"{head}.{tail}"
    try:
        return float(num)
    except ValueError:
        return None


def day(value: str, day_first: bool = False) -> tuple[int, int, int] | None:
    """A bound as a date (year, month, day; a part not given is 0); None when the cell is
    not one date. A slashed date is read month first unless ``day_first``."""
    found = dates(value, language="de" if day_first else None)
    if len(found) != 1 or found[0].year is None:
        return None
    d = found[0]
    if len(value.strip()) > len(d.text) + 4:
        return None  # a date inside a phrase, not a date
    return (d.year or 0, d.month or 0, d.day or 0)


# How a column's bounds read: a number, a date month first, a date day first.
_READINGS = ((False, False), (True, False), (True, True))


def _read(value: str, dated: bool, day_first: bool = False) -> tuple[float, ...] | None:
    """A bound as a comparable key: a date's (year, month, day) or a number's (value,)."""
    if dated:
        return day(value, day_first)
    number = figure(value)
    return None if number is None else (number,)


def bounds_of(record: dict[str, str], bounds: Bounds) -> tuple[str, str] | None:
    """The row's two bounds when both are given and in order; None otherwise (one side
    missing, a bound the reader garbled, or the lower above the upper)."""
    low, high = record.get(bounds.lower, "").strip(), record.get(bounds.upper, "").strip()
    if filler_value(low) or filler_value(high):
        return None
    a, b = (_read(v, bounds.dated, bounds.day_first) for v in (low, high))
    if a is None or b is None:
        words = re.fullmatch(r"[^\W\d_]+", low) and re.fullmatch(r"[^\W\d_]+", high)
        return (low, high) if words and not bounds.dated and low != high else None
    return (low, high) if a <= b else None


def _ordered(view: TableView, low: str, high: str) -> tuple[bool, bool] | None:
    """How the two columns read ((dated, day first)) when they hold numbers or dates with
    the lower not above the upper on nearly every row where both read; None otherwise."""
    filled = sum(1 for r in view.rows if both_filled(r.record or {}, low, high))
    for dated, day_first in _READINGS:
        pairs = []
        for r in view.rows:
            record = r.record or {}
            a, b = (_read(record.get(c, "").strip(), dated, day_first) for c in (low, high))
            if a is not None and b is not None:
                pairs.append((a, b))
        if len(pairs) < 2 or 2 * len(pairs) < filled:
            continue
        if 10 * sum(1 for a, b in pairs if a <= b) >= 9 * len(pairs):
            return dated, day_first
    return None


def unranked(view: TableView) -> frozenset[str]:
    """The columns no highest or lowest is asked of: a bound that names nothing it bounds
    ("the highest max" says nothing), and the sides and change of a comparison ("the
    highest after" says nothing, its rows change in different units, and a fall reads as
    the lowest "improvement")."""
    names = {n for b in range_bounds(view) if not b.measure for n in (b.lower, b.upper)}
    names |= banded(view) - {n for b in range_bounds(view) for n in (b.lower, b.upper)}
    compared = compared_columns(view)
    if compared is not None:
        names |= {compared.before, compared.after} | {compared.change or compared.before}
    return frozenset(names)


def banded(view: TableView) -> frozenset[str]:
    """The columns that are the bounds of bands ("peso_dd" / "peso_hh", "from" / "to"):
    a range by its headers, or two neighbouring columns of figures where the lower is
    below the upper on nearly every row and most rows begin where the one before ended
    (0-0.5, 0.5-1, 1-2). A bound is no amount: its total or its highest says nothing."""
    found = {n for b in range_bounds(view) for n in (b.lower, b.upper)}
    names = list(view.columns)
    for low, high in itertools.pairwise(names):
        if _contiguous(view, low, high):
            found |= {low, high}
    return frozenset(found)


def _contiguous(view: TableView, low: str, high: str) -> bool:
    """Whether the two columns hold bands that follow one another on most rows."""
    pairs = []
    for r in view.rows:
        record = r.record or {}
        a, b = (figure(record.get(c, "").strip()) for c in (low, high))
        if a is not None and b is not None:
            pairs.append((a, b))
    if len(pairs) < 4 or 10 * sum(1 for a, b in pairs if a < b) < 9 * len(pairs):
        return False
    follows = sum(1 for (_, b), (a, _) in itertools.pairwise(pairs) if a == b)
    return 2 * follows >= len(pairs) - 1
