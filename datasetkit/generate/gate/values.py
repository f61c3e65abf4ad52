"""What the gate reads out of text: numbers with their units, dates, times, and the
parts of the evidence (sentences, table rows) a value is bound to.

Numbers are compared by value: "1,500", "1500", "1.5k" and "1.500" (German) are equal;
a number whose separator is ambiguous ("1,500": English thousands or German decimals)
carries both readings. Units and currencies are canonical names ("USD", "kg", "day",
"%"), a symbol that several currencies use ("$", "¥") being compatible with each.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from datasetkit.core.language.detect import STOPWORDS
from datasetkit.generate.gate.units import CURRENCIES, UNITS
from datasetkit.generate.gate.words import MAGNITUDE_WORDS, MONTHS, NUMBER_WORDS

_STOP = frozenset().union(*STOPWORDS.values())

# Units that are a letter or two, or a word that is common otherwise: only read as a unit
# right after a number ("5 m", "9.8kg"), never further away.
_PREFIX_CURRENCY = re.compile(
    r"(?:(?:US|CA|C|A|AU|NZ|HK|S|R)\$|[$€£¥₹₩₽₺₪]|(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|NZD|INR|CNY|RMB|"
    r"SEK|NOK|DKK|PLN|BRL|MXN|ZAR|SGD|HKD|KRW))\s?$"
)
# A currency sign or code right after a number: an amount ("Membrillo 8,00 €", an item
# and its price), never a named number ("Windows 10").
_SUFFIX_CURRENCY = re.compile(r"\s?(?:[$€£¥₹₩₽₺₪]|(?:USD|EUR|GBP|CHF)\b)")
_AMOUNT_BEFORE = re.compile(r"\d\s?$")
_UNIT_RE = re.compile(
    r"(?:"
    + "|".join(re.escape(a) for a in sorted(UNITS, key=len, reverse=True) if a not in ('"',))
    + r")(?![^\W\d_])",
    re.IGNORECASE,
)

_NUMBER = re.compile(
    r"\d{1,3}(?:(?:,|\.|\u00a0|\u202f|'|’| )\d{3})+(?:[.,]\d+)?(?!\d)|\d+(?:[.,]\d+)?"
)
_MAGNITUDE_ATTACHED = re.compile(r"(k|K|M|bn|B|Bn|mn)(?![^\W\d_])")
_MAGNITUDE_WORD = re.compile(
    r"\s?(" + "|".join(sorted(MAGNITUDE_WORDS, key=len, reverse=True)) + r")\.?(?![^\W\d_])",
    re.IGNORECASE,
)
_ORDINAL = re.compile(r"(st|nd|rd|th|e|er|ème|º|ª|°|\.)(?![^\W\d_])")
_WORD_NUMBER = re.compile(
    r"(?<![^\W\d_])(" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
    r"(?:[\s-](" + "|".join(w for w in NUMBER_WORDS if NUMBER_WORDS[w] < 10) + r"))?"
    r"(?![^\W\d_])",
    re.IGNORECASE,
)


_FOLD: dict[int, str] = {0x2013: "-", 0x2014: "-", 0x2212: "-", 0x2009: " "}


def canonical_text(text: str) -> str:
    """NFC with typographic dashes and thin spaces folded (one character for one)."""
    return unicodedata.normalize("NFC", text).translate(_FOLD)


@dataclass(frozen=True)
class Quantity:
    """A number in a text with its unit (canonical names; empty when it has none)."""

    values: frozenset[float]
    units: frozenset[str]
    text: str
    start: int
    end: int
    implied: bool = False  # the unit comes from a table header ("Weight (kg): 9.8")
    word: bool = False  # written as a word ("five")
    after: str = ""  # the words right after it, lower-cased

    def unit_label(self) -> str:
        return "/".join(sorted(self.units)) if self.units else ""


def _readings(digits: str) -> set[float]:
    """The values a written number can mean (one, or two when the separator is ambiguous)."""
    d = digits.replace("\u00a0", " ").replace("\u202f", " ").replace("’", "'")
    if " " in d or "'" in d:
        groups = re.split(r"[ ']", d)
        head, tail = "".join(groups[:-1]), groups[-1]
        return _readings(head + tail) if re.fullmatch(r"\d+", head) else {0.0}
    seps = [c for c in d if c in ".,"]
    if not seps:
        return {float(d)}
    if len(set(seps)) == 2:
        dec = d[d.rfind(seps[-1])]
        other = "," if dec == "." else "."
        return {float(d.replace(other, "").replace(dec, "."))}
    sep = seps[0]
    parts = d.split(sep)
    if len(parts) > 2:
        return {float("".join(parts))}  # 1,000,000 / 1.000.000
    if len(parts[1]) == 3:
        # 1,500: thousands (en) or 1.5 (de, fr); 1.500: 1.5 (en) or thousands (de).
        return {float("".join(parts)), float(parts[0] + "." + parts[1])}
    return {float(parts[0] + "." + parts[1])}


def _round(v: float) -> float:
    return round(v, 6)


_WORD_BEFORE = re.compile(r"([^\W\d_][\w'’&+-]*)[ \u00a0]$")
_STEP_BEFORE = re.compile(r"(?i)\b(?:step|schritt|étape|paso|passo|stap)\s$")
_GAP = re.compile(r"(?:[ \u00a0\u202f]|-)?")
_HYPHEN_WORD = re.compile(r"-([^\W\d_]{2,})")
_LETTERS = re.compile(r"[^\W\d_]+")


def _unit_after(text: str, pos: int) -> tuple[frozenset[str], int]:
    """The unit written at ``text[pos:]`` (after a space or a hyphen), and where it ends."""
    m = _GAP.match(text, pos)
    gap = m.group(0) if m else ""
    um = _UNIT_RE.match(text, pos + len(gap))
    if um is None:
        return frozenset(), pos
    alias = um.group(0).casefold()
    # One-letter units: "9.8kg", "5 m", "3.2x"; never "5 d" or "5 s" (words, not units).
    if len(alias) == 1 and alias.isalpha() and gap and (gap != " " or alias not in "mghlv"):
        return frozenset(), pos
    return UNITS.get(alias, frozenset()), um.end()


def _hyphen_term(text: str, pos: int) -> str:
    """The word joined by a hyphen to a number ("3-season", "24-hour"), lower-cased."""
    m = _HYPHEN_WORD.match(text, pos)
    return m.group(1).casefold() if m else ""


def _identifier_at(text: str, start: int, end: int) -> bool:
    """Digits that are part of a code or a name ("AI-1009", "X1", "2FA", "Basecamp 4")."""
    before = text[:start]
    if before[-1:].isalpha() or (
        before[-1:] in "-_/#" and before[-2:-1].isalnum() and not before[-2:-1].isdigit()
    ):
        return True
    after = text[end:]
    if after[:1].isalpha():
        m = _UNIT_RE.match(after) or _MAGNITUDE_ATTACHED.match(after) or _ORDINAL.match(after)
        return m is None
    return False


def named_number(text: str, start: int) -> bool:
    """A number right after a capitalised word is part of a name ("Basecamp 4", "Plan 2")."""
    m = _WORD_BEFORE.search(text, max(0, start - 60), start)
    if not m:
        return False
    word = m.group(1)
    return word[:1].isupper() and word.casefold() not in _STOP and word.casefold() not in MONTHS


def _enumerator(text: str, start: int, end: int) -> bool:
    """A list number ("1. Open the portal", "2) Click", "Step 3")."""
    item = max(text.rfind("\n", 0, start), text.rfind("; ", 0, start) + 1, 0)
    prefix = text[item:start].strip(" \n;-*•\t")
    if not prefix and re.match(r"[.)]\s", text[end : end + 2]):
        return True
    return bool(_STEP_BEFORE.search(text, max(0, start - 20), start))


def quantities(text: str, *, masked: list[tuple[int, int]] | None = None) -> list[Quantity]:
    """Every number of ``text`` with its unit, in order (dates and times are masked out)."""
    return list(_quantities(text, tuple(masked or ())))


@lru_cache(maxsize=4096)
def _quantities(text: str, masked: tuple[tuple[int, int], ...]) -> tuple[Quantity, ...]:
    text = canonical_text(text)
    for s, e in masked or ():
        text = text[:s] + " " * (e - s) + text[e:]
    out: list[Quantity] = []
    for m in _NUMBER.finditer(text):
        found = _digits_quantity(text, m)
        if found is not None:
            out.append(found)
    for m in _WORD_NUMBER.finditer(text):
        value = NUMBER_WORDS[m.group(1).casefold()] + (
            NUMBER_WORDS[m.group(2).casefold()] if m.group(2) else 0
        )
        units, pos = _unit_after(text, m.end())
        after = " ".join(_LETTERS.findall(text[pos : pos + 40].casefold())[:3])
        out.append(
            Quantity(
                frozenset({float(value)}),
                units,
                text[m.start() : pos].strip(),
                m.start(),
                pos,
                word=True,
                after=after,
            )
        )
    out.sort(key=lambda q: q.start)
    return tuple(_ranges(text, out))


def _digits_quantity(text: str, m: re.Match[str]) -> Quantity | None:
    """The quantity a run of digits states: its values (with a magnitude), its unit (a
    currency before, a unit or hyphenated term after) and the words that follow; None for
    an identifier, a named number or an enumerator."""
    start, end = m.start(), m.end()
    digits = m.group(0)
    if digits.endswith(" "):
        return None
    pre = _PREFIX_CURRENCY.search(text[max(0, start - 4) : start])
    if pre is not None and _AMOUNT_BEFORE.search(text, 0, start - len(pre.group(0))):
        pre = None  # "2,80 € 0,5 l": the sign ends the amount before, the next is a size
    measured = _SUFFIX_CURRENCY.match(text, end) or _unit_after(text, end)[0]
    if (
        _identifier_at(text, start, end)
        or (pre is None and not measured and named_number(text, start))
        or _enumerator(text, start, end)
    ):
        return None
    values = {_round(v) for v in _readings(digits)}
    units: frozenset[str] = frozenset()
    qstart = start
    if pre:
        sym = pre.group(0).strip()
        units = UNITS.get(sym.casefold(), frozenset({sym.upper()}))
        if sym.upper() in CURRENCIES:
            units = frozenset({sym.upper()})
        qstart = start - len(pre.group(0))
    pos = end
    mag = _MAGNITUDE_ATTACHED.match(text, pos) or _MAGNITUDE_WORD.match(text, pos)
    if mag:
        key = mag.group(1)
        factor = {"k": 1e3, "K": 1e3, "M": 1e6, "mn": 1e6, "bn": 1e9, "Bn": 1e9, "B": 1e9}.get(
            key, MAGNITUDE_WORDS.get(key.casefold(), 1.0)
        )
        values = {_round(v * factor) for v in values}
        pos = mag.end()
    units, pos = _unit_at(text, pos, units)
    after = " ".join(_LETTERS.findall(text[pos : pos + 40].casefold())[:3])
    return Quantity(frozenset(values), units, text[qstart:pos].strip(), qstart, pos, after=after)


def _unit_at(text: str, pos: int, units: frozenset[str]) -> tuple[frozenset[str], int]:
    """The unit after a number at ``pos`` (an ordinal suffix is skipped), and where it ends."""
    ordinal = _ORDINAL.match(text, pos)
    if ordinal and ordinal.group(1) in ("st", "nd", "rd", "th", "º", "ª", "e", "er", "ème"):
        return units, ordinal.end()
    found, upos = _unit_after(text, pos)
    if found:
        return (units if units else found), upos
    term = _hyphen_term(text, pos)
    if term:
        return frozenset({term}), pos + 1 + len(term)
    return units, pos


def _ranges(text: str, qs: list[Quantity]) -> list[Quantity]:
    """In "15-25 days" and "5 to 10 days" the first number has the second's unit."""
    out = list(qs)
    for i in range(len(out) - 1, 0, -1):
        a, b = out[i - 1], out[i]
        if a.units or not b.units:
            continue
        between = text[a.end : b.start].strip().casefold()
        if between in ("-", "to", "bis", "à", "a", "and", "und", "et", "y", "e", "tot", "–"):
            out[i - 1] = Quantity(
                a.values, b.units, a.text, a.start, a.end, b.implied, a.word, a.after
            )
    return out


# ----- dates and times --------------------------------------------------------------------


@dataclass(frozen=True)
class DateValue:
    """A calendar date; parts the text does not give are None."""

    year: int | None
    month: int | None
    day: int | None
    text: str
    start: int
    end: int

    def matches(self, other: DateValue) -> bool:
        """Equal in every part both give (and they share at least the month)."""
        if self.month is None or other.month is None:
            return self.year == other.year and self.year is not None
        for a, b in ((self.year, other.year), (self.month, other.month), (self.day, other.day)):
            if a is not None and b is not None and a != b:
                return False
        return True


_MONTH_RE = "|".join(sorted((re.escape(m) for m in MONTHS), key=len, reverse=True))
_DAY = r"(?P<d>[0-3]?\d)(?:st|nd|rd|th|er|º|\.)?"
_YEAR = r"(?P<y>(?:19|20)\d\d)"
_DATE_PATTERNS: tuple[re.Pattern[str], ...] = (
    re.compile(r"(?<!\d)(?P<y>(?:19|20)\d\d)-(?P<m>[01]?\d)-(?P<d>[0-3]?\d)(?!\d)"),
    re.compile(
        r"(?<![\d/.])(?P<a>[0-3]?\d)(?P<sep>[/.])(?P<b>[0-3]?\d)(?P=sep)(?P<y>(?:19|20)?\d\d)(?![\d/])"
    ),
    re.compile(rf"(?i)(?<![^\W\d_])(?P<mn>{_MONTH_RE})\.?\s+{_DAY}(?:,?\s+{_YEAR})?(?![\d])"),
    re.compile(
        rf"(?i)(?<![\d])(?P<d>[0-3]?\d)(?:st|nd|rd|th|er|º)?\.?\s+(?:of\s+|de\s+)?(?P<mn>{_MONTH_RE})\.?"
        rf"(?:,?\s+(?:de\s+)?{_YEAR})?(?![^\W\d_])"
    ),
    re.compile(rf"(?i)(?<![^\W\d_])(?P<mn>{_MONTH_RE})\.?\s+(?:de\s+)?{_YEAR}(?!\d)"),
)


def dates(text: str, *, language: str | None = None) -> list[DateValue]:
    """Every date of ``text`` (see :func:`_dates`)."""
    return list(_dates(text, language))


@lru_cache(maxsize=4096)
def _dates(text: str, language: str | None) -> tuple[DateValue, ...]:
    """Every date of ``text`` (ISO, numeric, and with month names in the gate's languages).

    A numeric date "03/05/2026" is month first in English (and without a language), day
    first in the other languages; "13/05/2026" can only be day first.
    """
    text = canonical_text(text)
    found: list[DateValue] = []
    taken: list[tuple[int, int]] = []
    month_first = language in (None, "en")
    for pattern in _DATE_PATTERNS:
        for m in pattern.finditer(text):
            if any(s < m.end() and m.start() < e for s, e in taken):
                continue
            g = m.groupdict()
            y = int(g["y"]) if g.get("y") else None
            if y is not None and y < 100:
                y += 2000
            if g.get("mn"):
                month = MONTHS.get(g["mn"].casefold().rstrip("."))
                day = int(g["d"]) if g.get("d") else None
            elif g.get("a"):
                a, b = int(g["a"]), int(g["b"])
                if g["sep"] == "." or not month_first or a > 12:
                    day, month = a, b
                else:
                    month, day = a, b
            else:
                month, day = int(g["m"]), int(g["d"])
            if month is None or not 1 <= month <= 12 or (day is not None and not 1 <= day <= 31):
                continue
            found.append(DateValue(y, month, day, m.group(0).strip(), m.start(), m.end()))
            taken.append((m.start(), m.end()))
    found.sort(key=lambda d: d.start)
    return tuple(found)


@dataclass(frozen=True)
class TimeValue:
    """A time of day in minutes after midnight; ``meridiem`` False when am/pm is not said."""

    minutes: int
    meridiem: bool
    text: str
    start: int
    end: int

    def matches(self, other: TimeValue) -> bool:
        if self.meridiem and other.meridiem:
            return self.minutes == other.minutes
        return self.minutes % 720 == other.minutes % 720


_TIME = re.compile(
    r"(?i)(?<![\d:])(?P<h>[0-2]?\d)(?::(?P<m>[0-5]\d))?(?::[0-5]\d)?\s?"
    r"(?P<ap>(?:a\.?\s?m\.?|p\.?\s?m\.?|uhr)(?![^\W\d_])|h\b)?(?!\d)"
)


def times(text: str) -> list[TimeValue]:
    """Times of day: "9:00", "9 am", "5:30 p.m.", "17 Uhr" (a bare number is not a time)."""
    return list(_times(text))


@lru_cache(maxsize=4096)
def _times(text: str) -> tuple[TimeValue, ...]:
    text = canonical_text(text)
    out: list[TimeValue] = []
    for m in _TIME.finditer(text):
        if m.group("m") is None and m.group("ap") is None:
            continue
        h, mins = int(m.group("h")), int(m.group("m") or 0)
        ap = (m.group("ap") or "").casefold().replace(".", "").replace(" ", "")
        if ap in ("h",) and m.group("m") is None:
            continue  # "24h" is a duration
        if h > 24:
            continue
        meridiem = ap in ("am", "pm")
        if ap == "pm" and h < 12:
            h += 12
        if ap == "am" and h == 12:
            h = 0
        out.append(
            TimeValue(h * 60 + mins, meridiem or h >= 13, m.group(0).strip(), m.start(), m.end())
        )
    return tuple(out)


# ----- the evidence's parts ---------------------------------------------------------------


@dataclass
class Part:
    """A sentence or a table row of the evidence: what a value in it is bound to."""

    text: str
    start: int
    end: int
    row: bool = False
    # For a row: header -> value; and the units its headers give ("Weight (kg)").
    cells: dict[str, str] = field(default_factory=dict)


_CELL = re.compile(r"\s*([^:;\n]{1,80}?)\s*:\s*([^;\n]*)")
_HEADER_UNIT = re.compile(r"\(([^()]{1,12})\)|\[([^\[\]]{1,12})\]|\bin ([^\W\d_]{1,12})\s*$")


def is_row(line: str) -> bool:
    """A table row written as ``Header: value; Header: value``."""
    cells = [c for c in line.split("; ") if c.strip()]
    return len(cells) >= 2 and all(_CELL.fullmatch(c) for c in cells)


def parts(evidence: str) -> list[Part]:
    """The evidence cut into rows (``Header: value; ...`` lines) and sentences."""
    return list(_parts(evidence))


@lru_cache(maxsize=4096)
def _parts(evidence: str) -> tuple[Part, ...]:
    text = canonical_text(evidence)
    out: list[Part] = []
    pos = 0
    for line in text.split("\n"):
        lstart = pos
        pos += len(line) + 1
        if not line.strip():
            continue
        if is_row(line):
            cells = {}
            for cell in line.split("; "):
                cm = _CELL.fullmatch(cell)
                if cm:
                    cells[cm.group(1).strip()] = cm.group(2).strip()
            out.append(Part(line, lstart, lstart + len(line), row=True, cells=cells))
            continue
        for sm in re.finditer(r"\S.*?(?:[.!?。！？]+(?=\s|$)|$)", line):
            s = sm.group(0)
            if s.strip():
                out.append(Part(s.strip(), lstart + sm.start(), lstart + sm.end()))
    return tuple(out)


def header_units(part: Part) -> list[tuple[int, int, frozenset[str]]]:
    """Spans (in the evidence) of row values whose header names a unit: "Weight (kg): 9.8"."""
    out = []
    for header, value in part.cells.items():
        hm = _HEADER_UNIT.search(header)
        if not hm:
            continue
        alias = next(g for g in hm.groups() if g).strip().casefold()
        units = UNITS.get(alias)
        if not units:
            continue
        at = part.text.find(f"{header}: {value}")
        if at >= 0:
            vstart = part.start + at + len(header) + 2
            out.append((vstart, vstart + len(value), units))
    return out
