"""The row with the highest or lowest value of a column, computed over the whole table:
"Which tent has the lowest weight?" -> "Daytrip 20 (1.2 kg)"."""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.forms.registry import TABLE_LANGUAGES, form
from datasetkit.generate.offline.language.templates import TEMPLATES
from datasetkit.generate.offline.language.words import DocWords, is_plural, singular_of
from datasetkit.generate.offline.tables.captioned import extreme_question
from datasetkit.generate.offline.tables.columns import CAPACITY_VERB, per_unit, scaled, with_unit
from datasetkit.generate.offline.tables.compared import one_unit
from datasetkit.generate.offline.tables.crosstab import crosstab_of
from datasetkit.generate.offline.tables.figures import bare_column, counted_as
from datasetkit.generate.offline.tables.keyed_words import crossed
from datasetkit.generate.offline.tables.line_items import line_items_of
from datasetkit.generate.offline.tables.pairs import is_form
from datasetkit.generate.offline.tables.payments import payments_of
from datasetkit.generate.offline.tables.peaks import amount, crosstab_ranks
from datasetkit.generate.offline.tables.related import unranked
from datasetkit.generate.offline.tables.rollup import rollups
from datasetkit.generate.offline.tables.scope import scoped_all
from datasetkit.generate.offline.tables.subtotals import subtotal_rows, summary_record
from datasetkit.generate.offline.tables.view import (
    UNIT_GLOSS,
    Column,
    TableChunk,
    TableView,
    said_words,
    summary_row,
)
from datasetkit.generate.offline.tables.worded import extreme_question as worded_extreme
from datasetkit.knowledge.build import record_text
from datasetkit.knowledge.model import Section


@form(
    "table extreme",
    content="table",
    order=40,
    asks="aggregation",
    languages=TABLE_LANGUAGES,
    answer="computed",
    kinds=("max", "min", "total", "count"),
    figures=("total",),
    alone=("max", "min", "total", "count"),
)
def extremes(part: TableChunk) -> list[Candidate]:
    """The row with the highest and the lowest value of each number column; of records
    no column identifies, the totals by category and the highest and lowest of them."""
    labels = part.labelled_rows()
    if not part.view.key:
        return rollups(part)
    view = part.view
    titles = (view.caption, part.heading, view.title)
    tab = crosstab_of(view, titles)
    if tab is not None:
        # One measure by two dimensions: its cells are asked one by one; in English also
        # the row that led in each period, and the period each row peaked in.
        return crosstab_ranks(part, tab, titles) if part.lang == "en" and not view.cut else []
    if labels is None or is_form(part.view) or line_items_of(part.view, part.ctx.record):
        return []  # a record's line items are asked item by item on the record
    view, lang, words = part.view, part.lang, part.ctx.words
    out: list[Candidate] = []
    # (row, measure) pairs an extreme already picks: "lowest minimum salary" and "lowest
    # maximum salary" name one row twice; "highest price" and "highest weight" do not.
    picked: set[tuple[int, str]] = set()
    apart = view.key + list(unranked(view))  # a range's bare bound, a comparison's change
    asked = [
        col
        for col in view.columns.values()
        if col.role == "number"
        and col.name not in apart
        and len(view.rows) >= 3
        # "the highest adult": nothing says what is compared
        and not (bare_column(col, view) and counted_as(col, view) is None)
    ]
    ranks = {col.name: _ranks(view, col) for col in asked}
    counts = {r for r, share in ranks.values() if r and not share}
    for col in asked:
        order, share = ranks[col.name]
        if share and order in counts:
            continue  # a count and its share of the total rank the rows alike: one fact
        out.extend(_extremes(view, col, labels, lang, words, picked))
    return scoped_all(out, part)


_SHARE = re.compile(r"(?i)\b(?:share|percent(?:age)?|proportion|ratio)\b|%")


def _ranks(view: TableView, col: Column) -> tuple[tuple[int, ...], bool]:
    """Each row's rank by the column's value (empty when a row has none), and whether the
    column is a share (its cells percentages, or its name says so). A count and its share
    of the total ("Responses", "Share") rank every row alike: their highest and lowest rows
    are one fact asked twice. Two measures of their own (a weight, a salary) may rank the
    rows alike too, and are both asked; of a count and its share, the count is asked."""
    cells = [(r.record or {}).get(col.name, "").strip() for r in view.rows]
    values = [v for v in map(amount, cells) if v is not None]
    if len(values) < len(cells):
        return (), False
    share = all(c.endswith("%") for c in cells) or bool(_SHARE.search(col.natural or col.name))
    order = sorted(set(values))
    return tuple(order.index(v) for v in values), share


def _measure(col: Column) -> str:
    """What a column measures, bounds aside: "Minimum Salary" and "Max salary" -> "salary"."""
    name = (col.natural or col.name).lower()
    words = [w for w in re.findall(r"[a-z]+", name) if w not in _BOUND_WORDS]
    return " ".join(words) or name


_BOUND_WORDS = frozenset(
    (
        "min",
        "max",
        "minimum",
        "maximum",
        "lowest",
        "highest",
        "low",
        "high",
        "from",
        "to",
        "start",
        "end",
        "lower",
        "upper",
        "average",
        "avg",
        "mean",
        "median",
    )
)


# A table that holds only the first or last few of a ranking: "Top Five Industries",
# "Top 10 customers by revenue", "Bottom 3 stores".
_SELECTION = re.compile(
    r"(?i)\b(?P<end>top|bottom|leading|largest|smallest|biggest)\s+"
    r"(?:\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|hundred)\b"
)


def _cut_end(view: TableView, labels: list[tuple[Section, str | None]]) -> str:
    """The extreme a ranking's selection cannot tell: "min" for the top few (the lowest of
    the top five is not the lowest of all), "max" for the bottom few, "" for a whole table."""
    names = [view.title or ""] + [lab for _, lab in labels if lab and summary_row(lab)]
    names += [lab for _, lab in labels[:1] if lab]
    found = next((m for n in names if (m := _SELECTION.search(n))), None)
    if found is None:
        return ""
    return "max" if found.group("end").lower() in ("bottom", "smallest") else "min"


def _extremes(
    view: TableView,
    col: Column,
    labels: list[tuple[Section, str | None]],
    lang: str,
    words: DocWords,
    picked: set[tuple[int, str]] | None = None,
) -> list[Candidate]:
    picked = set() if picked is None else picked
    measure = _measure(col)
    if not one_unit(view, col) or (lang != "en" and crossed(view)):
        return []  # a cross-tab's row by a category of its columns is no extreme a user asks
    subtotals = subtotal_rows(view)
    scored = [
        (a, r, lab)
        for r, lab in labels
        if not summary_record(view, r, lab)
        and id(r) not in subtotals
        and (a := amount((r.record or {}).get(col.name, ""))) is not None
    ]
    if len(scored) < 3:
        return []
    out: list[Candidate] = []
    for kind, pick in (("max", max), ("min", min)):
        if kind == _cut_end(view, labels):
            continue
        best = pick(a for a, _, _ in scored)
        winners = [(r, lab) for a, r, lab in scored if a == best]
        if len(winners) != 1 or (col.natural is None and lang == "en"):
            continue
        row, lab = winners[0]
        if (id(row), measure) in picked or sum(1 for r, _ in picked if r == id(row)) >= 2:
            # "lowest minimum salary" after "lowest maximum salary": the same row; and a row
            # that tops two measures is not asked about a third (a small table's extremes
            # would otherwise all name its first and last rows).
            continue
        picked.add((id(row), measure))
        cell = (row.record or {}).get(col.name, "").strip()
        question = _question(view, col, kind, lang)
        if question is None:
            continue
        figure = _figure(cell, col, row.record or {}, view, lang)
        if lang == "en" and extreme_question(view, col, kind) is not None:
            figure = with_unit(cell, col.unit)  # the question says what the figure is
        # "Zone North: 12,553 (in millions of CHF)", never a bracket inside a bracket
        answer = f"{lab}: {figure}" if "(" in figure else f"{lab} ({figure})"
        cover = frozenset({(id(row), "~" + col.name)})
        record = record_text(row.record or {})
        out.append(
            Candidate(question, answer, record, row, kind, 1, (str(lab), cell), covers=cover)
        )
    return out


def _question(view: TableView, col: Column, kind: str, lang: str) -> str | None:
    """ "Which tent has the highest price?", "Which tent sleeps the most?", with the period
    its column's header names."""
    paid = payments_of(view) if lang == "en" else None
    if paid is not None and col.name == paid.amount and view.key == [paid.party]:
        size = "largest" if kind == "max" else "smallest"
        return f"Which {view.entity} received the {size} payment?"  # a listing of payments
    captioned = extreme_question(view, col, kind) if lang == "en" else None
    if captioned is not None:
        return captioned  # a rate with its base, or a figure by period
    counted = counted_as(col, view) if lang == "en" and bare_column(col, view) else None
    if counted is not None:
        # "Which branch had the most adult loans in March 2024?"
        what, _, period = counted
        most = "most" if kind == "max" else "fewest"
        when = f" in {period}" if period else ""
        return f"Which {view.entity} {'had' if period else 'has'} the {most} {what}{when}?"
    if lang == "en" and col.natural is not None:
        word = "highest" if kind == "max" else "lowest"
        if is_plural(col.natural) and not _NOT_COUNTED.search(col.natural):
            word = "most" if kind == "max" else "fewest"
        question = f"Which {view.entity} has the {word} {col.natural}?"
        if CAPACITY_VERB.match(col.natural):
            # "Sleeps": "Which tent sleeps the most?", not "has the most sleeps"
            word = "most" if kind == "max" else "fewest"
            question = f"Which {view.entity} {col.natural} the {word}?"
        if col.period:
            question = f"{question[:-1]} in {col.period}?"
        return question
    worded = worded_extreme(col, kind, view, lang)
    if worded is not None:
        return worded  # "¿Qué producto tiene el precio unitario más alto?"
    column = said_words(re.sub(UNIT_GLOSS, "", col.name))
    if not re.search(r"[^\W\d_]{3,}", column):
        return None  # "«D»", "«x»": a letter names no column a user could ask by
    return TEMPLATES[lang][kind].format(entity=view.entity, column=column)


# Plural measures that are amounts, not things counted: "12,553 sales" says no unit.
_NOT_COUNTED = re.compile(
    r"(?i)\b(?:sales|revenues?|earnings|expenses|costs|assets|liabilities|profits|losses|savings)$"
)


def _figure(cell: str, col: Column, record: dict[str, str], view: TableView, lang: str) -> str:
    """The winning figure as the answer says it: with its unit ("9.8 kg", "$0.20 per
    word"), or, when it is a bare number, with what it counts ("sleeps 6", "40 desks", "volume: 70"),
    since "Basecamp 6 (6)" does not say six of what."""
    said = scaled(per_unit(with_unit(cell, col.unit), col, record, view), col, view)
    if lang != "en" or col.natural is None or not re.fullmatch(r"[-+]?\d[\d,]*(?:\.\d+)?", said):
        return said
    if CAPACITY_VERB.match(col.natural):
        return f"{col.natural} {said}"
    if bare_column(col, view) and (bare := counted_as(col, view)) is not None:
        return f"{said} {bare[1]}"  # "1,870 adult loans", not "adult: 1,870"
    counted = re.match(r"(?i)^(?:number|count) of (?P<what>[a-z][\w -]*s)$", col.natural)
    if counted:
        return f"{said} {counted.group('what')}"  # "52 hires", not "number of hires: 52"
    if is_plural(col.natural) and not _NOT_COUNTED.search(col.natural):
        # "40 desks", and "1 desk": one of a thing is said in the singular.
        return f"{said} {singular_of(col.natural) if said == '1' else col.natural}"
    return f"{col.natural}: {said}"
