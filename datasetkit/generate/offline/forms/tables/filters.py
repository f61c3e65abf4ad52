"""The rows of a table that have a value, computed over the whole table: "Which jobs are in
Seattle?" while the rows are few enough to name, "How many jobs are in Seattle?" when
they are many (one question per value, never both)."""

from __future__ import annotations

import re
from collections import Counter

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.forms.registry import TABLE_LANGUAGES, form
from datasetkit.generate.offline.language.words import DocWords, lower_words, plural_of, singular_of
from datasetkit.generate.offline.tables.columns import PARTICIPLE_HEADER
from datasetkit.generate.offline.tables.flags import flag_filter_question, flag_of, yes_no
from datasetkit.generate.offline.tables.lookup_worth import note_column
from datasetkit.generate.offline.tables.pairs import is_form
from datasetkit.generate.offline.tables.programmes import day_candidates, programme_of
from datasetkit.generate.offline.tables.scope import scoped_all
from datasetkit.generate.offline.tables.subtotals import subtotal_rows, summary_record
from datasetkit.generate.offline.tables.view import (
    NUMBER,
    Column,
    TableChunk,
)
from datasetkit.generate.offline.tables.worded import (
    filler_value,
    filter_questions,
    grouped,
    link_column,
    shown,
)
from datasetkit.knowledge.model import Section

_LOCATION = re.compile(
    r"(?i)\b(?:city|location|state|country|region|office|site|province|area|destination)\b"
)

_GROUP = re.compile(r"(?i)\b(?:department|team|division|unit|group|business unit)\b")

_TYPE_HEADER = re.compile(r"(?i)^(?:data\s+|value\s+|field\s+)?(?:type|format)$")
_KIND = re.compile(r"(?i)\b(?:level|type|category|status|season|class|grade|tier|kind)\b")


def _predicate(col: Column, value: str, words: DocWords) -> str:
    natural = col.natural or lower_words(col.name, words)
    if _LOCATION.search(col.name):
        return f"in {value}"
    if _GROUP.search(col.name):
        return f"in the {value} {natural}"
    if _KIND.search(col.name):
        # "Senior", "4-season", "full-time" stand before the noun; a type's code in lower
        # case does not ("Which properties are of type string?").
        code = value[:1].islower() and _TYPE_HEADER.match(natural)
        return f"of {natural} {value}" if code else value
    article = "an" if natural[:1] in "aeiou" else "a"
    return f"with {article} {natural} of {value}"


@form(
    "table filter",
    content="table",
    order=30,
    asks="aggregation",
    languages=TABLE_LANGUAGES,
    answer="rows",
    kinds=("filter", "count"),
    alone=("filter", "count"),
)
def filters(part: TableChunk) -> list[Candidate]:
    """The rows with each value of a column, each computed over every row of the table;
    of a programme, the slots of each day."""
    if (programme := programme_of(part.view)) is not None:
        return day_candidates(part, programme)
    return _value_filters(part)


def _value_filters(part: TableChunk) -> list[Candidate]:
    """The rows with each value of a column."""
    labels = part.labelled_rows()
    if labels is None or is_form(part.view):
        return []
    subtotals = subtotal_rows(part.view)
    labels = [
        (r, lab)
        for r, lab in labels
        if not summary_record(part.view, r, lab) and id(r) not in subtotals
    ]
    view, lang = part.view, part.lang
    out: list[Candidate] = []
    entities = plural_of(view.entity)
    for col in view.columns.values():
        if (
            col.name in view.key
            or col.role not in ("text", "bool")
            or (col.natural is None and lang == "en")
        ):
            continue
        if _mostly_figures(col) or link_column(col) or note_column(col.name, lang):
            continue  # "Which regions have a median salary of $7,917?", "... a note of X?"
        # "Lyon." and "Lyon" are one place; a placeholder ("N/A", "see attached")
        # is no value rows share.
        # Counted over the rows the answers list (no total or subtotal row): a value only
        # a summary row holds is no group of rows.
        variants: dict[str, list[str]] = {}
        for r, _ in labels:
            v = (r.record or {}).get(col.name, "")
            if v and not filler_value(v):
                variants.setdefault(grouped(v), []).append(v.strip())
        counts = Counter({shown(vs): len(vs) for vs in variants.values()})
        n_rows = len(view.rows)
        if (
            len(counts) < 2
            or len(counts) >= n_rows
            or (n_rows >= 10 and 10 * len(counts) >= 9 * n_rows)
        ):
            # Every row its own value (all but a few): a lookup, not a filter; a free
            # text two rows happen to share names no group of rows.
            continue
        odd_one = len(counts) == 2 and min(counts.values()) == 1 and len(view.rows) >= 3
        by_value: dict[str, list[tuple[Section, str | None]]] = {}
        for r, lab in labels:
            by_value.setdefault(grouped((r.record or {}).get(col.name, "")), []).append((r, lab))
        for value, n in counts.items():
            if _EMPTY.fullmatch(value.strip()) or (lang == "en" and _unsaid_schema(col, value)):
                continue  # no user counts the rows whose default is "" or asks "a type of X"
            if _part_of_another(value, counts) or "(" in value:
                # "Director" beside "Lead Independent Director": a subset; "string
                # (date-time)": a bracket a question's own scope would split.
                continue
            # "Which tent is 4-season?": the one row that differs is worth a question too.
            if (n < 2 and not odd_one) or n > max(2, int(0.8 * len(view.rows))):
                continue
            hits = by_value.get(grouped(value), [])
            out.extend(_filter_pair(part, col, value, hits, entities))
    return scoped_all(out, part)


# A cell that holds nothing: an empty string or list as code writes it, a "none".
_EMPTY = re.compile(r"(?i)|\"\"|''|``|\[\]|\{\}|null|none|nil|empty|\(empty\)|empty string")
# A header that names a setting's schema: what its values are is asked only as a user
# says it ("Which options are required?", "Which options default to 3?").
_SCHEMA = re.compile(r"(?i)^(?:required|optional|mandatory|nullable|default(?:\s+value)?|type)$")
_DEFAULT = re.compile(r"(?i)^default(?:\s+value)?$")


def _flag_value(col: Column, value: str) -> bool:
    """A yes or a no in a column of flags with notes among them ("Yes (when ...)")."""
    return flag_of(col.name) is not None and yes_no(value) is not None


def _unsaid_schema(col: Column, value: str) -> bool:
    """A schema column's value no question can say as a user does: a "Required" of
    neither yes nor no ("Yes (if ...)"), a type as "have a type of string" is asked by
    _predicate; a default is said "default to <value>"."""
    if not _SCHEMA.match(col.name.strip()) or _DEFAULT.match(col.name.strip()):
        return False
    if _KIND.search(col.name):
        return False  # "Which properties are of type string?"
    return not _flag_value(col, value)


def _part_of_another(value: str, values: Counter[str]) -> bool:
    """True when another value of the column holds ``value`` as whole words ("Director"
    in "Lead Independent Director", "string" in "string (date-time)"): the rows with
    exactly ``value`` are not all the rows a reader means by it."""
    said = re.compile(rf"(?i)(?<![\w-]){re.escape(value)}(?![\w-])")
    return any(other != value and said.search(other) for other in values)


def _mostly_figures(col: Column) -> bool:
    """A column of measured figures with a few notes among them (amounts, counts, "n/a",
    "Insufficient data"): its values are read from a row, never asked in reverse."""
    filled = col.filled
    figures = sum(1 for v in filled if NUMBER.match(v))
    return bool(filled) and figures * 2 > len(filled)


def _filter_pair(
    chunk: TableChunk,
    col: Column,
    value: str,
    hits: list[tuple[Section, str | None]],
    entities: str,
) -> list[Candidate]:
    total, lang, words = len(chunk.view.rows), chunk.lang, chunk.ctx.words
    names = [str(lab) for _, lab in hits]
    evidence = "\n".join(r.text for r, _ in hits)
    part = PARTICIPLE_HEADER.match(col.natural or "")
    flagged = col.role == "bool" or _flag_value(col, value) or _DEFAULT.match(col.name.strip())
    if lang == "en" and col.role == "bool" and part:
        no = value.casefold() in ("no", "n", "false", "nein", "non", "✗")
        have = "do not have" if no else "have"
        which = f"Which {entities} {have} {part.group('what')} {part.group('part')}?"
        many = f"How many {entities} {have} {part.group('what')} {part.group('part')}?"
    elif lang == "en" and flagged:
        asked = _flag_pair(col, value, entities, len(names) == 1)
        if asked is None:
            return []
        which, many = asked
    elif lang == "en" and _KIND.search(col.name) and not pred_is_phrase(value):
        # "How many Senior jobs are there?" reads better than "How many jobs are Senior?"
        pred = _predicate(col, value, words)
        which = f"Which {entities} are {pred}?"
        many = f"How many {value} {entities} are there?"
        many = f"How many {entities} are {pred}?" if pred != value else many
    elif lang == "en":
        pred = _predicate(col, value, words)
        if pred.startswith("with"):
            which = f"Which {entities} have {pred[5:]}?"
            many = f"How many {entities} have {pred[5:]}?"
        else:
            which = f"Which {entities} are {pred}?"
            many = f"How many {entities} are {pred}?"
    else:
        asked = filter_questions(col, value, len(names), chunk.view, lang)
        if asked is None:
            return []  # no noun for the rows: "¿Cuántas filas ...?" is no user's question
        which, many = asked
    if lang == "en" and len(names) == 1 and not (col.role == "bool" and not part):
        which = _singular_which(which, entities)
    listed = "\n".join(names)
    note = f"Count: {len(names)} of {total} rows have {col.name}: {value}"
    count = f"{len(names)}: " + "; ".join(names)
    # One question per filter: "Which ...?" while the list is short enough to name,
    # "How many ...?" when it is long (both would answer the same rows).
    covers = frozenset((id(r), "~" + col.name) for r, _ in hits)
    if len(names) <= 4:
        return [
            Candidate(which, listed, evidence, hits[0][0], "filter", 1, tuple(names), covers=covers)
        ]
    return [
        Candidate(many, count, evidence, hits[0][0], "count", 1, tuple(names), note, covers=covers)
    ]


def _flag_pair(col: Column, value: str, entities: str, one: bool) -> tuple[str, str] | None:
    """ "Which properties are required?", "Which options default to false?" (and how
    many), never "... have a required of No?"; None for a value no flag says."""
    if _DEFAULT.match(col.name.strip()):
        return f"Which {entities} default to {value}?", f"How many {entities} default to {value}?"
    flag, yes = flag_of(col.name), yes_no(value)
    if flag is None or yes is None:
        return None
    which = flag_filter_question(flag, entities, yes, one=False)
    many = "How many" + which[len("Which") :]
    if one:
        which = flag_filter_question(flag, singular_of(entities), yes, one=True)
    return which, many


def _singular_which(question: str, entities: str) -> str:
    """ "Which tents are 4-season?" about the one tent that is: "Which tent is 4-season?"."""
    one = singular_of(entities)
    for many, single in (
        (" are ", " is "),
        (" do not have ", " does not have "),
        (" have ", " has "),
        (" default to ", " defaults to "),
    ):
        head = f"Which {entities}{many}"
        if question.startswith(head):
            return f"Which {one}{single}{question[len(head) :]}"
    return question


def pred_is_phrase(value: str) -> bool:
    """A value that is a phrase, not a word that can stand before a noun ("Senior")."""
    return len(value.split()) > 2 or not re.match(r"^[\w-]+(?:\s[\w-]+)?$", value)
