"""One cell of a table asked as a person asks it: "What is the weight of Basecamp 6?" ->
"9.8 kg". ID-like and constant columns are never asked, nor a cell the row's name
already says."""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.forms.registry import TABLE_LANGUAGES, form
from datasetkit.generate.offline.forms.tables.statements import statement_lines
from datasetkit.generate.offline.forms.tables.unasked import (
    PLACE,
    only_row_of_total,
    place_columns,
    shared_values,
    unasked,
    unowned_rows,
)
from datasetkit.generate.offline.language.words import is_plural, lower_words
from datasetkit.generate.offline.tables.amount_grid import amount_grid, grid_cells
from datasetkit.generate.offline.tables.asked_rows import asked_cells, defined_cells
from datasetkit.generate.offline.tables.asked_together import (
    count_question,
    counts_things,
    related_cells,
    related_of,
)
from datasetkit.generate.offline.tables.by_kind import (
    by_label_question,
    measured_by,
    names_instances,
)
from datasetkit.generate.offline.tables.captioned import plural_measure, rate_question
from datasetkit.generate.offline.tables.cell_wording import remark_column, row_subject
from datasetkit.generate.offline.tables.columns import (
    CAPACITY_VERB,
    PARTICIPLE_HEADER,
    cell_question,
    named,
    per_unit,
    scaled,
    threshold_question,
    with_unit,
)
from datasetkit.generate.offline.tables.contacts import contact_candidates
from datasetkit.generate.offline.tables.crosstab import crosstab_cells, crosstab_of, crosstab_shaped
from datasetkit.generate.offline.tables.data_header import (
    form_in_language,
    numbered_series_header,
)
from datasetkit.generate.offline.tables.dated_rows import dated_cells
from datasetkit.generate.offline.tables.figures import (
    bare_column,
    caption_period,
    counted_noun,
    figure_question,
    said_label,
)
from datasetkit.generate.offline.tables.flags import flag_cell_question, flag_of
from datasetkit.generate.offline.tables.form_questions import form_questions
from datasetkit.generate.offline.tables.identifiers import stored_answer, unasked_rows
from datasetkit.generate.offline.tables.keyed_words import subject_words
from datasetkit.generate.offline.tables.line_items import (
    line_item_cells,
    line_items_of,
    record_field_cells,
)
from datasetkit.generate.offline.tables.matrix import matrix_cells, prose_matrix
from datasetkit.generate.offline.tables.one_row import breakdown_cells, breakdown_of
from datasetkit.generate.offline.tables.pairs import form_candidates, is_form
from datasetkit.generate.offline.tables.payments import payment_cells, payments_of
from datasetkit.generate.offline.tables.period_rows import period_question
from datasetkit.generate.offline.tables.prefixed_record import prefixed_record
from datasetkit.generate.offline.tables.programmes import programme_of, slot_candidates
from datasetkit.generate.offline.tables.reference import reference_entries
from datasetkit.generate.offline.tables.sheets import is_sheet, sheet_candidates
from datasetkit.generate.offline.tables.statement import statement_of
from datasetkit.generate.offline.tables.totals import total_cells
from datasetkit.generate.offline.tables.translations import translation_cells
from datasetkit.generate.offline.tables.value_grid import value_grid_cells
from datasetkit.generate.offline.tables.view import (
    ENDED_PERIOD,
    NUMBER,
    PERIOD_HEADER,
    PLACEHOLDER_HEADER,
    Column,
    TableChunk,
    TableView,
    said_words,
    summary_row,
)
from datasetkit.generate.offline.tables.worded import filler_value, key_noun, lookup_question
from datasetkit.generate.offline.text.device_legend import legend_rows
from datasetkit.knowledge.build import record_text

# A column that counts or shares something out: "Number of hires", "Percent of sales".
_SHARE = re.compile(r"(?i)^(?P<kind>number|percent|percentage|share|proportion)\s+of\s+(?P<of>.+)$")
# Words that name a measure (what a row of figures by period is): a row named by one is
# asked "What was revenue in 2023?"; a row named otherwise (a segment, a product) is not.
_MEASURE = re.compile(
    r"(?i)\b(?:revenue|revenues|sales|income|profit|loss|margin|earnings|expenses?|costs?|"
    r"assets|liabilities|equity|cash|tax(?:es)?|ebitda|eps|dividends?|headcount|employees|"
    r"turnover|growth|rate|ratio|debt|capex|spending|budget|price|volume|users|customers)\b"
)

_GENERIC_VALUE = re.compile(
    r"(?i)^(?:value|amount|figure|result|details?|description|number|data)$"
)


def _cell_asked(
    col: Column, label: str, value: str, lang: str, view: TableView, period: str | None
) -> str | None:
    """A row of a period table asked in its period, any other cell by its column."""
    return period_question(col, label, view, lang) or _lookup_question(
        col, label, value, lang, view, period
    )


def _lookup_question(
    col: Column, label: str, value: str, lang: str, view: TableView, period: str | None = None
) -> str | None:
    span = said_words(col.name)
    if col.natural is None and PERIOD_HEADER.match(span):
        # A row of figures by period: "What was revenue in 2023?".
        if lang != "en" or (summary_row(label) and len(label.split()) < 2):
            return None
        if not _MEASURE.search(label):
            return None  # a segment or a product by period needs the measure the table is of
        measure = lower_words(label, view.words, force=True)
        when = _period_words(span)
        return f"What {'were' if is_plural(measure) else 'was'} the {measure} in {when}?"
    change = _change_question(col, label, view) if lang == "en" else None
    if change is not None:
        return change
    if col.natural is None and lang != "en":
        return None
    share = _SHARE.match(col.natural or "")
    if lang == "en" and share and col.role == "number":
        # "Percent of hires" -> "What percentage of hires went to the Marketing function?"
        of = share.group("of")
        if share.group("kind").lower() == "number":
            return f"How many {of} did {named(view, label)} have?"
        return (
            f"What percentage of {of} {'were' if is_plural(of) else 'was'} in {named(view, label)}?"
        )
    if lang != "en":
        subject = row_subject(label, key_noun(view, lang), lang)
        return count_question(col, subject, lang) or lookup_question(col, label, view, lang, value)
    free = threshold_question(col, label, value, view) or _metric(col, label, value, view, period)
    if (free := free or rate_question(col, label, view)) is not None:
        return free  # a threshold, a metric, or a rate with its base and period
    if col.natural is None:
        return None
    if col.role == "bool":
        return _yes_no_question(col, label, view)
    others = [c for c in view.columns.values() if c.name not in view.key and c.role != "blank"]
    if len(others) == 1 and _GENERIC_VALUE.match(col.name.strip()):
        return _labelled_figure(label, view, period)
    done = _done_count(col, label, value, view)
    if done is not None:
        return done
    if NUMBER.match(value) and bare_column(col, view):
        return _bare_figure(col, named(view, label), view)
    counted = counts_things(col) and plural_measure(col.natural)  # "25+" files, no sales
    if (
        (col.role == "number" or _MAGNITUDE.fullmatch(value) is not None or counted)
        and is_plural(col.natural)
        and (_counted(col.natural, value) or counted)
        and not CAPACITY_VERB.match(col.natural)
    ):
        return _how_many(col.natural, named(view, label), view)
    if PLACE.fullmatch(col.name.strip()) and view.entity != "row":
        # "Where is the Head of AI Engineering job located?", for a column that is a place;
        # a person by name alone ("Where is Dana Reyes located?")
        return f"Where is {named(view, label)} located?"
    if remark_column(col.natural, lang):
        return None  # a remark or a sample value is no property a user asks of the row
    return cell_question(col, label, value, view)


def _done_count(col: Column, label: str, value: str, view: TableView) -> str | None:
    """ "What is the number of meetings scheduled for Jill T.?": things counted by what
    was done to them, no noun a "How many ... have" can end on."""
    if col.role != "number" or not re.fullmatch(r"\d[\d,]*", value):
        return None
    if not _COUNTED_DONE.match(col.natural or ""):
        return None
    return f"What is the number of {col.natural} for {named(view, label)}?"


def _labelled_figure(label: str, view: TableView, period: str | None) -> str | None:
    """ "What is the retention rate?" of a Label | Value table (in its document's period)."""
    if label[:1].islower():
        return None  # "What is the finished?": a code, not a name, asked with no subject
    figure = lower_words(label, view.words, force=len(label.split()) <= 4)
    if period:
        return f"What was the {figure} in {period}?"
    # The properties of one thing its title names: "What is the width of the nozzles?"
    part = None if " of " in figure else subject_words(view)
    if part is None or part.casefold() in figure.casefold():
        return f"What is the {figure}?"
    subject = lower_words(part, view.words)
    the = "" if subject[:1].isupper() else "the "
    return f"What is the {figure} of {the}{subject}?"


# A count named by a plural noun and what was done to the things counted ("meetings
# scheduled", "new leads won", "units sold"): no noun a "how many ... have" can end on.
_COUNTED_DONE = re.compile(
    r"(?i)^(?:[\w-]+\s+)*[\w-]+s\s+(?:\w+ed|won|sold|made|held|sent|paid|built|done|given|"
    r"taken|lost|spent|bought|brought|run|met|seen|written|read|shipped)$"
)
# A whole count as tables print it: "412", "12,480" (grouped), "58.6B", "3.3 M" (a
# magnitude letter); never a share, an amount in a currency or a plain decimal.
_COUNT = re.compile(r"\d{1,3}(?:,\d{3})+|\d+|\d+(?:\.\d+)?\s?[KMBT]")
# A figure with a magnitude letter is a quantity even where a column's cells vary in form.
_MAGNITUDE = re.compile(r"\d+(?:\.\d+)?\s?[KMBT]")


def _counted(natural: str, value: str) -> bool:
    """Whether ``value`` of a plural column counts things: a bare whole number, or a
    grouped or magnitude figure of a column that is no amount ("sales", "costs")."""
    if re.fullmatch(r"\d+", value):
        return True
    return _COUNT.fullmatch(value) is not None and plural_measure(natural)


# A label that names a sum or a mean, not what is summed: "Finance Total", "Average".
_BARE_SUM = re.compile(r"(?i)\b(?:total|subtotal|sum|average|mean|count)s?$")


def _unheaded_pair(view: TableView, col: Column) -> bool:
    """A table of two unheaded columns, labels and their figures (a sheet of metrics):
    each figure is asked by its label."""
    said = [c for c in view.columns.values() if c.role != "blank"]
    return (
        len(said) == 2
        and view.key == [said[0].name]
        and col is said[1]
        and all(PLACEHOLDER_HEADER.match(said_words(c.name)) for c in said)
    )


def _metric(col: Column, label: str, value: str, view: TableView, period: str | None) -> str | None:
    """A figure of an unheaded sheet of metrics asked by its label: "How many new
    customers were there?", "What is the retention rate?" (in the period its document
    reports on, when it names one)."""
    if col.natural is not None or not _unheaded_pair(view, col) or not NUMBER.match(value):
        return None
    if label[:1].islower() or len(label.split()) > 6:
        return None  # a piece of a sentence, not a metric's name
    if measured_by(view.caption or view.title) is not None:
        # "Sales by region": the figures are one measure of each label, not metrics.
        return by_label_question(view.caption or view.title, label, view.words, value)
    if names_instances(view.caption, view.words):
        return None  # "Top 5 Students": its labels are students, no metric to ask by name
    if _BARE_SUM.search(label):
        return None  # "Finance Total": a sum of what, the sheet does not say
    figure = lower_words(label, view.words, force=len(label.split()) <= 4)
    when = f" in {period}" if period else ""
    if is_plural(figure.split()[-1]) and re.fullmatch(r"\d[\d,]*", value):
        return f"How many {figure} were there{when}?"
    return f"What was the {figure}{when}?" if period else f"What is the {figure}?"


def _how_many(what: str, who: str, view: TableView) -> str:
    """ "How many <what> does <row> have?"; a row asked by its name alone agrees with it
    ("How many calories do berries have?")."""
    does = "do" if view.entity == "row" and is_plural(who.split()[-1]) else "does"
    return f"How many {what} {does} {who} have?"


def _yes_no_question(col: Column, label: str, view: TableView) -> str | None:
    """ "Is breakfast included with the Harbour room?", "Does the Render event have an
    end?"; a header that says no more than a noun ("Parking") leaves unsaid what its "Yes"
    means: not asked."""
    part = PARTICIPLE_HEADER.match(col.natural or "")
    if part:
        return f"Is {part.group('what')} {part.group('part')} with {named(view, label)}?"
    flag = flag_of(col.name)
    return flag_cell_question(flag, named(view, label)) if flag else None


@form(
    "table cell",
    content="table-rows",
    order=10,
    asks="table-lookup",
    languages=TABLE_LANGUAGES,
    answer="cell",
    kinds=("lookup", "total"),
    figures=("total",),
    alone=("lookup", "total"),
)
def cells(part: TableChunk) -> list[Candidate]:
    """One question per askable cell of the chunk's rows.

    A table of figures that names no subject of its own (Metric | Value) is about the
    period its document reports on: "What was the total revenue in May 2025?".
    """
    view, lang, words, period = part.view, part.lang, part.ctx.words, part.ctx.period
    if (paired := _paired_cells(part)) is not None:
        return paired
    shaped = _shaped_or_grid(part)
    if shaped is not None or unowned_rows(part):
        return shaped or []
    out: list[Candidate] = []
    places, common, related = place_columns(view), shared_values(view), related_of(view)
    for row in part.rows:
        label = view.label(row, words)
        if label is None or only_row_of_total(part, label) or stored_answer(label):
            continue  # no name (a stored one is none), or its figures are the total's
        record = row.record or {}
        if summary_row(label) and len(view.key) == 1:
            # "Total", "All others": a sum of the rows, not a row to look up; the table's
            # own total is asked as the total of its column.
            out.extend(total_cells(part, row, label))
            continue
        out.extend(related_cells(related, view, row, label, lang))  # a range, a change
        said: set[str] = set()
        for col in (c for c in view.columns.values() if c.name not in related.columns):
            value = record.get(col.name, "").strip()
            if unasked(col, value, label, part, places) or value in common.get(col.name, ()):
                continue  # (the value most rows share: a guess answers it, each ask alike)
            if filler_value(value) or _said_twice(value, col, said):
                continue  # a placeholder, or the text another column of the row holds
            question = _cell_asked(col, label, value, lang, view, period)
            if question is None:
                continue
            answer, quotes = with_unit(value, col.unit), tuple[str, ...]((value,))
            if col.role == "bool" and lang == "en" and value.upper() in ("TRUE", "FALSE"):
                answer = "Yes" if value.upper() == "TRUE" else "No"  # a spreadsheet's flag
            answer = per_unit(answer, col, record, view)
            by_period = col.natural is None and PERIOD_HEADER.match(said_words(col.name))
            if lang == "en":
                question = _in_period(question, col)
                answer = answer if by_period else scaled(answer, col, view, label)
            if by_period and lang == "en":
                question = _in_reported_part(question, row.provenance.heading_path)
                answer = _figure_as_stated(answer, record, col.name, view)
            cols = [col.name]
            if places and col.name == places[0]:
                # City and State columns answer together: "Chicago, IL", not "Chicago".
                more = [record.get(p, "").strip() for p in places[1:]]
                quotes += tuple(m for m in more if m)
                answer = ", ".join(quotes)
                cols += places[1:]
            covers = frozenset((id(row), c) for c in cols)
            out.append(
                Candidate(
                    question, answer, record_text(record), row, "lookup", 1, quotes, covers=covers
                )
            )
    return out


def _shaped_or_grid(part: TableChunk) -> list[Candidate] | None:
    """The cases of a table of a known shape, or of a grid whose column headers are
    values of one dimension (its row and column both named); None for any other."""
    shaped = _shaped_cells(part)
    return value_grid_cells(part) if shaped is None else shaped


def _paired_cells(part: TableChunk) -> list[Candidate] | None:
    """The cases of a table whose rows each pair a thing with what is asked of it: a term
    in two languages (asked in the other one), a question and its answer, a term and what
    it means, a message or control and what it means or does; None when the table is
    none of them."""
    for paired in (translation_cells, asked_cells, defined_cells):
        if (found := paired(part)) is not None:
            return found
    # A manual's legend: a message and what it means, a control and what it does.
    return legend_rows(part)


def _said_twice(value: str, col: Column, said: set[str]) -> bool:
    """True when another column of the row holds the same text (two tags alike): one
    question asks it; a figure two columns share is asked of each."""
    if col.role == "number" or NUMBER.match(value):
        return False
    seen = value.casefold() in said
    said.add(value.casefold())
    return seen


# The part of a year a table under a heading reports ("<Second Quarter> <year> Results"): a
# figure "in 2023" there is the quarter's, and the question says so.
_PART_OF_YEAR = re.compile(
    r"(?i)\b(?P<part>(?:first|second|third|fourth)\s+quarter|(?:first|second)\s+half|"
    r"q[1-4]|h[12]|(?:three|six|nine)\s+months)\b"
)
_QUARTER = {"q1": "first quarter", "q2": "second quarter", "q3": "third quarter"}
_QUARTER |= {"q4": "fourth quarter", "h1": "first half", "h2": "second half"}
# A note saying the table's figures are scaled: "In millions, except per share amounts".
_CURRENCY = ("$", "€", "£", "¥")
# A row that counts people or things, in a table of money.
_COUNTED_ROW = re.compile(
    r"(?i)\b(?:headcount|employees|users|customers|people|members|number of|count)\b"
)
_SCALE = re.compile(r"(?i)\bin\s+(?P<scale>thousands|millions|billions)\b")


def _in_reported_part(question: str, headings: tuple[str, ...]) -> str:
    """ "What was the revenue in 2023?" under "Second Quarter 2023 ..." -> "... in the
    second quarter of 2023?"."""
    m = next((m for h in reversed(headings) if (m := _PART_OF_YEAR.search(h))), None)
    year = re.search(r" in ((?:19|20)\d\d)\?$", question)
    if m is None or year is None:
        return question
    part = m.group("part").casefold()
    part = _QUARTER.get(part, re.sub(r"\s+", " ", part))
    return f"{question[: year.start()]} in the {part} of {year.group(1)}?"


def _figure_as_stated(answer: str, record: dict[str, str], column: str, view: TableView) -> str:
    """A bare figure with the currency its row gives in a cell of its own ("$" before it)
    and the scale a header of the table states ("in millions"); a percentage, a ratio
    or a per-share figure as it is."""
    figure = re.fullmatch(r"(?P<sign>[$€£¥]?)\s*(?P<num>[-+]?\d[\d,]*(?:\.\d+)?)", answer)
    if figure is None:
        return answer
    answer = figure.group("num")
    names = list(record)
    at = names.index(column) if column in names else 0
    before = record.get(names[at - 1], "").strip() if at > 0 else ""
    currency = figure.group("sign") or (before if before in _CURRENCY else "")
    if not currency and column in view.columns:
        # A statement prints its currency on the first row and the totals only: the
        # other figures of that column are in it too.
        signs = {v.strip()[:1] for v in view.columns[column].filled} & set(_CURRENCY)
        currency = signs.pop() if len(signs) == 1 else ""
    scale = next((m.group("scale") for k in names if (m := _SCALE.search(k))), None)
    scale = scale or (view.scale[3:] if view.scale else None)
    named_by = " ".join(record.get(k, "") for k in (view.key or names[:1]))
    per_share = re.search(r"(?i)\b(?:per share|eps|margin|rate|ratio)\b|%", named_by)
    if _COUNTED_ROW.search(named_by):
        return answer  # people or accounts counted: neither money nor scaled
    if scale and not per_share:
        return f"{currency}{answer} (in {scale})"
    return f"{currency}{answer}"


# A column of the change between the periods the other columns give: "% Change", "YoY".
_CHANGE = re.compile(
    r"(?i)^(?:%\s*change|percent(?:age)?\s+change|change\s*\(%\)|change\s*%|"
    r"(?:yoy|y/y|year[- ]over[- ]year)(?:\s*(?:%|change|growth))?)$"
)


def _change_question(col: Column, label: str, view: TableView) -> str | None:
    """ "% Change" on the Revenue row between columns of two periods -> "What was the
    percentage change in revenue from 2022 to 2023?" (the periods the question is about)."""
    if not _CHANGE.match(col.name.strip()) or not _MEASURE.search(label):
        return None
    periods = [c.name for c in view.columns.values() if PERIOD_HEADER.match(said_words(c.name))]
    years = [re.findall(r"(?:19|20)\d\d", p) for p in periods]
    if len(periods) != 2 or not all(len(y) == 1 for y in years) or years[0] == years[1]:
        return None
    old, new = sorted(zip(years, periods, strict=True))
    measure = lower_words(label, view.words, force=True)
    first, then = said_words(old[1]), said_words(new[1])
    ended = re.fullmatch(ENDED_PERIOD, then, re.IGNORECASE)
    if ended and first.replace(old[0][0], new[0][0]) == then:
        # The same period of two years: say it once.
        return (
            f"What was the percentage change in {measure} in {_period_words(then)}, "
            f"compared with {old[0][0]}?"
        )
    return (
        f"What was the percentage change in {measure} "
        f"from {_period_words(first)} to {_period_words(then)}?"
    )


def _period_words(span: str) -> str:
    """A period header as said in a question: "2023" as it is; "Three Months Ended June
    30, 2023" -> "the three-month period ended June 30, 2023" (the date keeps its
    capitals; "the three months" would read as asking for three things)."""
    if not re.fullmatch(ENDED_PERIOD, span, re.IGNORECASE):
        return span
    head, _, date = re.split(r"(?i)\b(ended)\b", span, maxsplit=1)
    head = re.sub(r"(?i)^(\w+)\s+(month|week)s\s*$", r"\1-\2 period ", head.strip() + " ")
    return f"the {head.lower().strip()} ended{date}"


def _bare_figure(col: Column, row: str, view: TableView) -> str | None:
    """A figure under a bare label ("Adult", "Dev"), asked with what it is as the table's
    caption or its group label says it; None when neither says it."""
    if re.match(r"^(?P<name>.+) \((?P<n>[2-9])\)$", col.name) or any(
        c.startswith(f"{col.name} (") and c.endswith(")") for c in view.columns
    ):
        return None  # a header the table gives twice: which of the two is meant is unsaid
    group = view.group if view.group and col.name.startswith(view.group) else None
    noun, period = counted_noun(view.caption), caption_period(view.caption)
    return figure_question(said_label(col.natural or ""), row, noun, period, group)


def _shaped_cells(part: TableChunk) -> list[Candidate] | None:
    """The cells of a table whose shape decides how they are asked: a cross-tab by its
    measure, a form by its labels, a cross-tab whose measure nothing names not at all, a
    listing of payments by payee and purpose, a record's line items by item, a reference
    of code elements by what each does, a survey form's definition as a form, rows named
    by a day only with whose report they are; None for any other table."""
    view, lang = part.view, part.lang
    if (programme := programme_of(view)) is not None:
        return slot_candidates(part, programme)  # a programme: when each slot is held
    if view.definition is not None:
        return form_questions(part)  # a survey form's definition: asked as a form
    if lang == "en" and statement_of(part) is not None:
        return statement_lines(part)  # a financial statement: each line by period, as stated
    named = reference_entries(part)
    if named is not None:
        return named  # a reference of code elements: what each does, its default
    if (stored := prefixed_record(part)) is not None:
        return stored  # one record of "<thing>_<field>" columns: each field by its name
    grid = amount_grid(view, part.heading) if lang == "en" else None
    if grid is not None:
        return grid_cells(part, grid)  # figures by amount and period
    split = breakdown_of(view, (view.caption, part.heading)) if lang == "en" else None
    if split is not None:
        return breakdown_cells(part, split)  # one row of figures by the title's dimension
    tab = crosstab_of(view, (view.caption, part.heading, view.title)) if lang == "en" else None
    if tab is not None:
        return crosstab_cells(part, tab)
    matrix = prose_matrix(view) if lang == "en" else None
    if matrix is not None:
        return matrix_cells(part, matrix)  # prose by area and compared thing
    if lang == "en" and is_sheet(view):
        return sheet_candidates(part)  # a property per row, of what its heading names
    if lang == "en" and is_form(view):
        # A contact block is asked for its person; any other form label by value.
        return contact_candidates(part) or form_candidates(part)
    if is_form(view):
        return form_in_language(part, lang)  # each label of what its name field names
    if _unnamed_crosstab(view) or numbered_series_header(view):
        # Its column labels say where or what, never what the figures measure; or its
        # header is the first item of the series its rows go on with: no column's name.
        return []
    record = part.ctx.record if lang == "en" else None
    if measured_by(view.caption or view.title) is not None:
        record = None  # "Orders by region": one measure by label, no record's fields
    fields = record_field_cells(part.rows, view, record, part.ctx.words) if record else None
    if fields is not None:
        return fields
    items = line_items_of(view, record)
    if items is not None and record:
        return line_item_cells(part.rows, items, record, view)
    paid = payments_of(view) if lang == "en" else None
    if paid is not None:
        return payment_cells(part.rows, paid, view)
    if unasked_rows(view.key, view.columns):  # rows named by a stored name or a day alone
        return dated_cells(part, part.ctx.report) if part.ctx.report else []
    return None


def _unnamed_crosstab(view: TableView) -> bool:
    """A cross-tab whose figures nothing names: no period heads its columns (a row that
    names its measure is asked by period), no caption says what they count."""
    if crosstab_shaped(view) is None or counted_noun(view.caption) is not None:
        return False
    return not any(PERIOD_HEADER.match(said_words(c)) for c in view.columns)


def _in_period(question: str, col: Column) -> str:
    """ "What are the sales of Zone NA?" for a column "January–June 2023 Sales" -> "... of
    Zone NA in January–June 2023?": the period its header names is part of the question."""
    if not col.period or not question.endswith("?") or col.period in question:
        return question
    return f"{question[:-1]} in {_period_words(col.period)}?"
