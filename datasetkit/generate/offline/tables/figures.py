"""What a table's figures are, said in the question that asks one.

A column of counts is often headed by a bare label: a category ("Adult", "Children"),
a split ("Train", "Dev", "Test") or a summary ("Totals"). Its name alone does not say
what a figure is ("What is the adult for Branch A?"); the table's caption or title does
("Number of questions in each dataset", "<Library> Loans <Month> <Year>"), as
can the label over a group of columns ("Accuracy Top-1"). A bare-label
column is asked with what its figures are when the caption, title or group label says
it, and not asked at all when nothing does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.offline.language.words import is_plural
from datasetkit.generate.offline.tables.view import NUMBER, Column, TableView
from datasetkit.knowledge.model import Section

# Words that say what a figure measures or counts: a column named with one says it.
_MEASURE_WORDS = frozenset(
    re.findall(
        r"[a-z]+",
        """number count amount quantity qty total sum price cost costs fee fees rate rates ratio
    percent percentage share proportion weight height length width depth size capacity
    volume area distance speed duration time hours days weeks months years age salary pay
    wage wages income revenue revenues sales profit loss margin budget spend spending value
    score accuracy precision recall balance tax premium deductible limit allowance rent
    population temperature stock units headcount employees minimum maximum average mean
    median min max deadline date year earnings expenses expense assets liabilities equity
    cash debt interest depreciation amortization amortisation impairment ebitda ebit eps
    dividends turnover growth capex investment investments yield returns users customers""",
    )
)
# Nouns a title names its report by ("Revenue and results", "Key statistics"): not what
# its figures count.
_REPORT_NOUNS = frozenset(
    re.findall(
        r"[a-z]+",
        """results analyses statistics figures data highlights details notes reports tables
        summaries contents findings metrics measures indicators accounts statements""",
    )
)
# A note that the table's figures are money ("In millions of CHF", "USD thousands").
_MONEY_NOTE = re.compile(
    r"(?i)\bin\s+(?:thousands|millions|billions)\b|\b(?:CHF|USD|EUR|GBP|JPY|CAD|AUD)\b|[$€£¥]"
)
_SUMMARY = frozenset(("total", "totals", "sum", "overall", "all"))
_SPLITS = {
    "train": "training",
    "training": "training",
    "dev": "dev",
    "development": "development",
    "validation": "validation",
    "val": "validation",
    "test": "test",
    "eval": "evaluation",
    "evaluation": "evaluation",
}
_MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December)"
)
_PERIOD = re.compile(
    rf"\b(?P<month>{_MONTH})\s*[-–,/]?\s*(?P<year>(?:19|20)\d\d)\b|"
    r"\b(?P<only>(?:19|20)\d\d)\b"
)
_REMARK = re.compile(r"\s+\*\s*[^*\s].*$", re.S)
_TABLE_CAPTION = re.compile(
    r"(?i)^(?P<kind>table|figure|exhibit|chart)\s+\d+(?:\.\d+)*[a-z]?"
    r"(?:\s*[:.]\s*|\s+(?=(?-i:[A-Z])))(?P<text>.+)$",
    re.S,
)
_NUMBER_OF = re.compile(r"(?i)\b(?:number|count|counts|numbers)\s+of\s+(?P<noun>[a-z]{3,})\b")


_NOT_COUNTED = _SUMMARY | _REPORT_NOUNS


def bare_label(natural: str, unit: str | None) -> bool:
    """True for a column name that does not say what its figures are: no unit, no word of
    measure, and not a plural noun that names what is counted ("hires", "employees")."""
    if unit:
        return False
    # "new cases (SEER 9)": the words before the bracket say what is counted.
    natural = re.sub(r"\s*\([^()]*\)$", "", natural) or natural
    words = [w for w in re.findall(r"[a-z]+", natural.lower())]
    if not words or any(w in _MEASURE_WORDS for w in words if w not in _SUMMARY):
        return False
    return not (is_plural(natural) and words[-1] not in _SUMMARY)


def bare_column(col: Column, view: TableView) -> bool:
    """True for a column of plain figures (no currency, no percent: counts, scores) whose
    name is a bare label; a column of amounts says what they are by their sign, or by a
    note of the table's ("In millions of CHF")."""
    if col.natural is None or not bare_label(col.natural, col.unit):
        return False
    if any(_MONEY_NOTE.search(h) for h in [*view.columns, view.caption or ""]):
        return False
    figures = [v for v in col.filled if NUMBER.match(v)]
    if 2 * len(figures) <= len(col.filled):
        return False
    return not any(re.search(r"[$€£¥%]", v) for v in figures)


def table_caption(sections: Sequence[Section], rows: Sequence[Section]) -> str | None:
    """The caption or title a table is printed with: a "Table N: ..." line right after it,
    or one of the two paragraphs before it (a paper's caption sits over its table, and
    the reading order may set a paragraph of the next column between them), else a short
    title line (no sentence) right before it."""
    if not rows:
        return None
    ids = [id(s) for s in sections]
    try:
        first, last = ids.index(id(rows[0])), ids.index(id(rows[-1]))
    except ValueError:
        return None
    after = sections[last + 1].text.strip() if last + 1 < len(sections) else ""
    found = _TABLE_CAPTION.match(after)
    if found and found.group("kind").lower() == "table":
        return after
    for at in (first - 1, first - 2):
        if at < 0 or sections[at].record:
            break
        text = sections[at].text.strip()
        m = _TABLE_CAPTION.match(text)
        # A "Figure N" line captions the table only right over it (a chart's caption sits
        # under its chart, maybe with a paragraph between it and a table).
        if m and (m.group("kind").lower() == "table" or at == first - 1):
            # A "Table N" line right after another table is that table's caption (a
            # "Figure N" line never is: a table is captioned "Table" when under it).
            after_table = at > 0 and sections[at - 1].record is not None
            return None if after_table and m.group("kind").lower() == "table" else text
    before = sections[first - 1] if first > 0 else None
    # A title line may carry a remark after an asterisk ("Sales by channel *units sold
    # in the period"): the title is the part before it.
    text = _REMARK.sub("", before.text).strip() if before is not None else ""
    if before is None or before.record or not text or not _title_line(text):
        return None
    above = sections[first - 2] if first > 1 else None
    if (
        above is not None
        and before.kind == "heading"
        and above.kind == "heading"
        and not above.record
        and _title_line(above.text)
        and len(f"{above.text} {text}".split()) <= 12
    ):
        # A title set over two lines read as two headings ("<Report title>" over
        # "<Month - Year>"): the table is captioned by both.
        return f"{above.text.strip()} {text}"
    return text


# A statistical table's title names its measure, unit and population, and runs longer than
# a heading: "<Measure> per <base> (<population>), <adjustment>".
_TITLE_WORDS = 16


def _title_line(text: str) -> bool:
    """A short line that is no sentence: a title or caption."""
    text = text.strip()
    return len(text.split()) <= _TITLE_WORDS and not re.search(r"[.!?;]$", text)


def counted_noun(caption: str | None) -> str | None:
    """What a caption says its figures count: "questions" of "Number of questions in
    each dataset", "loans" of a title "<Library> Book Loans <period>"."""
    if not caption:
        return None
    m = _TABLE_CAPTION.match(caption)
    text = m.group("text") if m else caption
    number_of = _NUMBER_OF.search(text)
    if number_of:
        noun = number_of.group("noun").lower()
        return noun if is_plural(noun) else None
    if m:
        return None  # a numbered caption says what it counts by "number of", or not at all
    for part in (text.split(":")[0], re.split(r"\s+by\s+", text)[0], text):
        words = re.sub(r"[-–/,]", " ", _PERIOD.sub(" ", part)).split()
        last = words[-1] if words else ""
        noun = last.lower()
        if re.fullmatch(r"[a-z]{4,}", noun) and is_plural(noun) and noun not in _NOT_COUNTED:
            return noun
    return None


def caption_period(caption: str | None) -> str | None:
    """The period a title names ("March - 2024" -> "March 2024"); None for a
    numbered caption (its years are citations) or no period."""
    if not caption or _TABLE_CAPTION.match(caption):
        return None
    m = _PERIOD.search(caption)
    if m is None:
        return None
    if m.group("month"):
        return f"{m.group('month')} {m.group('year')}"
    return m.group("only")


def said_label(label: str) -> str:
    """A bare label as a question says it: footnote marks dropped, "Multiple" ->
    "multiple" (an acronym such as "NQ" kept)."""
    label = re.sub(r"^[*†‡#]+\s*", "", label).strip()
    if label[:1].isupper() and label[1:].islower():
        return label.lower()
    return label


def figure_question(
    label: str, row: str, noun: str | None, period: str | None, group: str | None
) -> str | None:
    """The question for one bare-label figure ``label`` of ``row``: "How many adult
    loans were there for Branch A in March 2024?", "How many questions are in the dev
    set of <row>?", "What is the top-1 accuracy for <row>?"; None when neither
    the caption (``noun``) nor the group label says what the figure is."""
    if not re.fullmatch(r"[A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,2}", label):
        return None  # a label with marks of its own is no word a question can hold
    if group and not bare_label(group, None) and not is_plural(group):
        return f"What is the {label} {group.lower()} for {row}?"
    if noun is None and group and is_plural(group):
        noun = group.lower()
    if noun is None:
        return None
    when = f" in {period}" if period else ""
    be = "were" if period else "are"
    split = _SPLITS.get(label.lower())
    if split:
        return f"How many {noun} {be} in the {split} set of {row}{when}?"
    if label.lower() in _SUMMARY:
        return f"How many {noun} {be} there in total for {row}{when}?"
    return f"How many {label} {noun} {be} there for {row}{when}?"


def total_figure_question(label: str, noun: str | None, period: str | None) -> str | None:
    """A bare-label figure on the table's own Total row: "How many adult loans were
    there in total in March 2024?"; None when no caption says what it counts."""
    label = said_label(label)
    if noun is None or not re.fullmatch(r"[A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,2}", label):
        return None
    when = f" in {period}" if period else ""
    be = "were" if period else "are"
    if label.lower() in _SUMMARY:
        return f"How many {noun} {be} there in total{when}?"
    return f"How many {label} {noun} {be} there in total{when}?"


def counted_as(col: Column, view: TableView) -> tuple[str, str, str | None] | None:
    """What a bare-label column's figures are, as a question over the whole table says
    it: ("adult loans", "adult loans", period), ("questions in the training set",
    "questions", None), ("loans in total", "loans", period): the phrase after "the
    most", the words after a figure, the period the title names. None when no caption
    says what the figures count."""
    caption = view.caption
    noun, period = counted_noun(caption), caption_period(caption)
    label = said_label(col.natural or "")
    if noun is None or not re.fullmatch(r"[A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,2}", label):
        return None
    split = _SPLITS.get(label.lower())
    if split:
        return f"{noun} in the {split} set", noun, period
    if label.lower() in _SUMMARY:
        return f"{noun} in total", noun, period
    return f"{label} {noun}", f"{label} {noun}", period
