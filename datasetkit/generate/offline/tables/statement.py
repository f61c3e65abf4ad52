"""A financial statement read as its readers ask it: whose figures, which line, which
period, in what unit.

A statement (an income statement, a balance sheet, a cash flow statement, a segment
table in a results release) is a table whose first column holds its line items, indented
under labels of their groups ("Operating expenses:", "Current assets:") and closed by
subtotals ("Total operating expenses"), and whose other columns are each named by a
period ("Three Months Ended September 30, 2023") or a date ("September 30, 2023"). Its
figures are printed in a scale a note over it states ("In millions, except per-share
amounts"), its currency sign set on the first row and the totals only, and negatives in
brackets.

A reader asks one line for one period, as the statement states it (a figure is never
summed across periods or rows): "What were <Company>'s total net sales in the three
months ended September 30, 2023?", answered "$89,498 million". The company is the one
its title lines name: the line over the statement's title ("<Company> CONDENSED
CONSOLIDATED STATEMENTS OF OPERATIONS"), which a PDF may repeat on every page as a
running header. A line item the table lists under two groups ("Products" under net
sales and under cost of sales) is said with its group ("products cost of sales").
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from datasetkit.generate.offline.language.words import english_word, is_plural
from datasetkit.generate.offline.tables.periods import MONTH
from datasetkit.generate.offline.tables.view import ENDED_PERIOD, PERIOD_HEADER
from datasetkit.knowledge.model import Section

if TYPE_CHECKING:
    from datasetkit.generate.offline.tables.view import TableChunk

# A date a balance sheet is drawn up at: "September 30, 2023", "30 September 2023".
_DATE = re.compile(
    rf"(?i)^(?:(?:as\s+)?(?:of|at)\s+)?(?:{MONTH}\.?\s+\d{{1,2}},?\s+|\d{{1,2}}\s+{MONTH}\.?,?\s+)"
    r"(?:19|20)\d\d$"
)
_AS_OF = re.compile(r"(?i)^(?:as\s+)?(?:of|at)\s+")
_ENDED = re.compile(rf"(?i)^{ENDED_PERIOD}$")
# The scale a note states, as an answer says it.
_SCALE = re.compile(r"(?i)\bin\s+(thousands|millions|billions)\b")
# Rows a scale note leaves as they are.
_UNSCALED = re.compile(r"(?i)\bper[\s-]share\b|\beps\b|%|\bratio\b|\bpercent")
# Rows of counts a note excepts from its scale ("number of shares ... in thousands").
_COUNTS = re.compile(r"(?i)\bshares\b")
_CURRENCY = re.compile(r"[$€£¥]")
_MARKER = re.compile(r"^\(\d{1,2}\)\s*|\s*\(\d{1,2}\)$")
_AMOUNT = re.compile(r"^(?P<sign>[$€£¥])?\s*(?P<neg>\()?\s*(?P<num>\d[\d,]*(?:\.\d+)?)\s*\)?$")


@dataclass(frozen=True)
class Period:
    """A column's period as a question says it ("in the three months ended ...")."""

    column: str
    said: str


def periods(columns: list[str]) -> list[Period] | None:
    """Every column but the first, each named by a period or a date; None otherwise."""
    out = []
    for name in columns[1:]:
        text = " ".join(name.split()).rstrip(",")
        if _ENDED.match(text):
            said = f"in the {text[:1].lower()}{text[1:]}"
            said = re.sub(r"(?i)\bended\b", "ended", said)
            said = re.sub(
                r"(?i)\b(months|year|quarter|weeks|period)\b", lambda m: m[1].lower(), said
            )
        elif _DATE.match(text):
            said = "at " + _AS_OF.sub("", text)
        elif PERIOD_HEADER.match(text) and re.search(r"\d{4}", text):
            said = f"in {text}"
        else:
            return None
        out.append(Period(name, said))
    return out or None


def scale_of(note: str | None) -> str:
    """ " million" for a note "in millions", "" when none."""
    m = _SCALE.search(note or "")
    return f" {m.group(1).lower()[:-1]}" if m else ""


def line_item(label: str) -> str:
    """A row's label as a question says it: the note marker and closing colon off."""
    text = _MARKER.sub("", label.strip()).rstrip(":").strip()
    return text


def said_item(label: str, group: str | None, repeated: bool) -> str | None:
    """The line item in a question: lower case (a name kept), said with its group when
    the table lists the same item under another group too, or when it is one word
    ("Products" under "Net sales:" -> "net sales for products", "Basic" under "Earnings
    per share:" -> "basic earnings per share"). None for an item that says nothing
    without a group ("Other" under a long heading)."""
    item = _lower(line_item(label))
    words = item.split()
    head = _lower(line_item(group)) if group else ""
    if _TOTAL.match(item) or _CLOSES.search(item):
        return item  # a subtotal says what it sums up
    if _CHANGES.match(head):
        return f"change in {item}"  # a cash flow's changes in its working capital items
    grouped = head and len(head.split()) <= _GROUP_WORDS and not _TOTAL.match(item)
    if grouped and (repeated or len(words) == 1):
        if len(words) == 1 and _QUALIFIER.match(item):
            return f"{item} {head}"
        return f"{head} for {item}"
    if len(words) == 1 and _QUALIFIER.match(item):
        return None
    return item


# A cash flow statement's subtotal: "Net cash provided by operating activities".
_CLOSES = re.compile(r"(?i)\bactivities$")
_CHANGES = re.compile(r"(?i)^changes?\s+in\b")
# A group's label is said with its items when it is short ("Operating expenses").
_GROUP_WORDS = 5
_TOTAL = re.compile(r"(?i)^(?:total|subtotal|net)\b")
# One word that qualifies the group it stands under rather than naming a thing.
_QUALIFIER = re.compile(r"(?i)^(?:other|others|basic|diluted|total|net|gross|current|\w+ed)$")


def _lower(text: str) -> str:
    """Lower case for a common word at the start ("Services"), a name kept ("Mac")."""
    words = text.split()
    first = re.split(r"[-,;:]", words[0])[0].lower() if words else ""
    if words and words[0][1:].islower() and english_word(first):
        words[0] = words[0][:1].lower() + words[0][1:]
    return " ".join(words)


def verb(item: str) -> str:
    """``were`` for a plural line item ("total net sales"), else ``was``."""
    return "were" if is_plural(item) else "was"


def answer_of(value: str, currency: str, scale: str, label: str, group: str | None) -> str | None:
    """A figure as the answer says it: its currency and the statement's scale, a
    bracketed figure as a negative one ("(237)" -> "-$237 million"); None for a cell
    that is no figure."""
    m = _AMOUNT.match(value.strip())
    if m is None:
        return None
    sign = m.group("sign") or currency
    where = f"{label} {group or ''}"
    if _COUNTS.search(where) and not _UNSCALED.search(where):
        return None  # counts a scale note excepts: their own scale goes unsaid
    unit = "" if _UNSCALED.search(where) else scale
    figure = f"{sign}{m.group('num')}{unit}"
    return f"-{figure}" if m.group("neg") else figure


def table_currency(rows: list[Section]) -> str:
    """The currency sign the statement prints on its first rows and totals."""
    for row in rows:
        for value in list((row.record or {}).values())[1:]:
            found = _CURRENCY.search(value)
            if found:
                return found.group(0)
    return ""


@dataclass(frozen=True)
class Statement:
    """A table read as a statement: whose it is, its columns' periods, its rows' groups."""

    company: str  # "" when no title line names it
    label: str  # the column of line items
    periods: list[Period]
    groups: dict[int, str | None]  # row id -> the label of its group
    repeated: set[str]  # line items the table lists under two groups or more
    seen: dict[int, bool]  # row id -> its label and figures are an earlier row's


def statement_of(part: TableChunk) -> Statement | None:
    """The chunk's table read as a statement; None for any other table. A table whose
    company no title line names reads as a statement by its shape alone: a scale
    stated over it ("In millions") and labels of groups of rows ("Current assets:")."""
    company = part.ctx.issuer or part.ctx.org or ""
    rows = part.view.sections or part.view.rows
    if part.lang != "en" or len(rows) < 3:
        return None
    columns = list(rows[0].record or {})
    found = periods(columns)
    if found is None or not columns:
        return None
    label = columns[0]
    figures = [r for r in rows if any(_filled(r, p.column) for p in found)]
    if len(figures) * 2 < len(rows):
        return None
    groups: dict[int, str | None] = {}
    group: str | None = None
    items: Counter[str] = Counter()
    shown: set[tuple[str, ...]] = set()
    seen: dict[int, bool] = {}
    for row in rows:
        record = row.record or {}
        name = record.get(label, "").strip()
        if not any(_filled(row, p.column) for p in found):
            group = name or group
            continue
        groups[id(row)] = group
        if _TOTAL.match(line_item(name)) or _CLOSES.search(line_item(name)):
            group = None  # a subtotal closes its group
        items[line_item(name).casefold()] += 1
        key = (line_item(name).casefold(), *(record.get(p.column, "") for p in found))
        seen[id(row)] = key in shown
        shown.add(key)
    repeated = {k for k, n in items.items() if n > 1}
    shaped = bool(scale_of(part.view.scale)) and any(g for g in groups.values())
    if not company and not shaped:
        return None  # a table of figures by period, no statement's
    return Statement(company, label, found, groups, repeated, seen)


def _filled(row: Section, column: str) -> bool:
    return bool((row.record or {}).get(column, "").strip())
