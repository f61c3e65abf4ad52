"""Cases from tables (PDF, Word, Excel, CSV, Markdown), computed over the whole table.

A table is read as a whole (all its rows, from the document, not only the chunk's):
each column gets a role (an ID, a constant, a number or amount, a yes/no, text) and a
natural name ("Salary Min" -> "minimum salary", "Weight (kg)" -> "weight" with the
unit "kg"). Rows are named by a human-readable column (a name or title over an ID),
or by two columns together when no single one is unique.

Questions: one cell ("What is the weight of Basecamp 6?" -> "9.8 kg"), a whole row,
the rows with a value ("Which jobs are in Seattle?"), how many rows have it, and the
row with the highest or lowest amount. ID-like and constant columns are never asked.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from datasetkit.generate.contract import Chunk
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.columns import (
    CAPACITY_VERB,
    cell_question,
    named,
    threshold_question,
)
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.language.templates import TEMPLATES
from datasetkit.generate.offline.language.words import (
    DocWords,
    is_plural,
    lower_words,
    plural_of,
    singular_of,
)
from datasetkit.generate.offline.table_figures import summary_candidate
from datasetkit.generate.offline.table_view import Column, TableView
from datasetkit.knowledge.build import record_text
from datasetkit.knowledge.model import Section

_ID_HEADER = re.compile(r"(?i)(?:^|\b)(?:id|no|nr|number|#|code|ref|reference|sku|key)\.?$")
_ID_VALUE = re.compile(r"^[A-Z]{1,6}[-_/]?\d{2,}[A-Z]?$|^(?=.*\d)[0-9a-f]{8,}$")
_NUMBER = re.compile(r"^[-+]?[$€£¥]?\s?\d[\d,]*(?:\.\d+)?\s?%?$")
_UNIT_GLOSS = re.compile(r"\s*[(\[](?P<unit>[^()\[\]]{1,12})[)\]]\s*$")
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
    r"option|benefit|scenario|term)\b"
)
_GENERIC_VALUE = re.compile(
    r"(?i)^(?:value|amount|figure|result|details?|description|number|data)$"
)
_LOCATION = re.compile(
    r"(?i)\b(?:city|location|state|country|region|office|site|province|area|destination)\b"
)
# A column that is clearly where the row is, not a delivery zone or a region's figure.
_PLACE = re.compile(
    r"(?i)(?:work |office |job )?(?:city|location|office location|site|state|country)"
)
_GROUP = re.compile(r"(?i)\b(?:department|team|division|unit|group|business unit)\b")
_KIND = re.compile(r"(?i)\b(?:level|type|category|status|season|class|grade|tier|kind)\b")
_PREPOSITION_END = re.compile(r"(?i)\b(?:from|to|for|of|at|by|in|on|with|per|until|since)$")
_GENERIC_ENTITY = {
    "name",
    "model",
    "item",
    "title",
    "product",
    "entry",
    "row",
    "value",
    "description",
}
_PARTICIPLE_HEADER = re.compile(
    r"(?i)^(?P<what>.+?)\s+(?P<part>included|available|required|allowed|provided|covered)$"
)


def natural_column(header: str, words: DocWords) -> tuple[str | None, str | None]:
    """A header as a question names it, and the unit it gives its values."""
    unit = None
    m = _UNIT_GLOSS.search(header)
    base = header
    if m:
        unit = m.group("unit").strip()
        base = header[: m.start()].strip()
    low = re.match(r"(?i)^(?P<what>.+?)\s+(?P<bound>min|minimum|max|maximum)$", base)
    if low:
        bound = "minimum" if low.group("bound").lower().startswith("min") else "maximum"
        base = f"{bound} {low.group('what')}"
    if not base or _PREPOSITION_END.search(base) or base.endswith("?") or len(base) > 40:
        return None, unit
    return lower_words(base, words, force=True), unit


def _role(values: list[str], header: str) -> str:
    filled = [v for v in values if v]
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
    if all(_NUMBER.match(v) for v in filled):
        return "number"
    return "text"


def _nameish(c: Column) -> bool:
    """Values that can name a row: short, not sentences, not mostly figures."""
    values = c.values
    return (
        c.role == "text"
        and all(values)
        and max(len(v) for v in values) <= 60
        and not any(v.rstrip().endswith((".", "!", "?")) for v in values)
        and sum(1 for v in values if _AMOUNT_LIKE.search(v)) <= len(values) // 2
    )


_AMOUNT_LIKE = re.compile(
    r"[$€£¥%]|^\s*[\d.,\s-]+\s*$|^(?:up to|over|under|at least|at most|more than|less than|any)\b",
    re.I,
)


def _key(columns: dict[str, Column], n: int) -> list[str]:
    """The column(s) that name a row: a unique name or title, else two columns together
    (a name-like one first), else a unique ID."""

    def unique(name: str) -> bool:
        vals = [v.strip().casefold() for v in columns[name].values]
        return all(vals) and len(set(vals)) == n

    order = list(columns)
    texts = sorted(
        (c for c in columns.values() if _nameish(c)),
        key=lambda c: (not _NAME_HEADER.search(c.name), order.index(c.name)),
    )
    for c in texts:
        if unique(c.name):
            return [c.name]
    for c in texts:
        for other in columns.values():
            if other is c or other.role in ("blank", "constant", "id") or not all(other.values):
                continue
            if other.values and max(len(v) for v in other.values) > 40:
                continue
            pairs = {
                (a.casefold(), b.casefold()) for a, b in zip(c.values, other.values, strict=False)
            }
            if len(pairs) == n:
                return [c.name, other.name]
    ids = [c for c in columns.values() if c.role == "id" and unique(c.name)]
    return [ids[0].name] if ids else []


def _entity(view: TableView, label: str | None, words: DocWords) -> str:
    header = view.key[0] if view.key else ""
    noun = re.sub(r"(?i)\b(?:name|title|id|no|number|code)\b", "", header).strip()
    if (
        label
        and len(label.split()) == 1
        and is_plural(label)
        and (not noun or noun.lower() in _GENERIC_ENTITY)
    ):
        return singular_of(label.lower())
    if noun and noun.lower() not in _GENERIC_ENTITY:
        return singular_of(lower_words(noun, words, force=True))
    if label and len(label.split()) <= 2 and is_plural(label):
        return singular_of(lower_words(label, words, force=True))
    return lower_words(noun, words, force=True) if noun else "row"


def table_view(rows: Sequence[Section], label: str | None, words: DocWords) -> TableView:
    """The whole table as a :class:`TableView`."""
    headers: list[str] = []
    for r in rows:
        for h in r.record or {}:
            if h not in headers:
                headers.append(h)
    columns: dict[str, Column] = {}
    for h in headers:
        values = [(r.record or {}).get(h, "").strip() for r in rows]
        natural, unit = natural_column(h, words)
        columns[h] = Column(h, natural, unit, values, _role(values, h))
    view = TableView(list(rows), columns, title=label, words=words)
    view.key = _key(columns, len(rows))
    view.entity = _entity(view, label, words)
    return view


def view_words(view: TableView) -> DocWords:
    """The words a view was named with (kept for lowering labels)."""
    return view.words


def _with_unit(value: str, unit: str | None) -> str:
    if not unit or not re.fullmatch(r"[-+]?\d[\d,]*(?:\.\d+)?", value):
        return value
    if unit in ("$", "€", "£", "¥"):
        return f"{unit}{value}"
    if unit == "%":
        return f"{value}%"
    return f"{value} {unit}"


def _lookup_question(
    col: Column, label: str, value: str, lang: str, view: TableView, period: str | None = None
) -> str | None:
    t = TEMPLATES[lang]
    if lang != "en":
        name = re.sub(_UNIT_GLOSS, "", col.name).strip()
        return t["lookup"].format(
            column=name if lang == "de" else name[:1].lower() + name[1:], key=label
        )
    free = threshold_question(col, label, value, view)
    if free is not None:
        return free
    if col.natural is None:
        return None
    part = _PARTICIPLE_HEADER.match(col.natural)
    if col.role == "bool" and part:
        return f"Is {part.group('what')} {part.group('part')} with {named(view, label)}?"
    others = [c for c in view.columns.values() if c.name not in view.key and c.role != "blank"]
    if len(others) == 1 and _GENERIC_VALUE.match(col.name.strip()):
        figure = lower_words(label, view_words(view), force=len(label.split()) <= 4)
        return f"What was the {figure} in {period}?" if period else f"What is the {figure}?"
    if (
        col.role == "number"
        and is_plural(col.natural)
        and re.fullmatch(r"\d+", value)
        and not CAPACITY_VERB.match(col.natural)
    ):
        return f"How many {col.natural} does {named(view, label)} have?"
    if _PLACE.fullmatch(col.name.strip()) and view.entity != "row":
        # "Where is the Head of AI Engineering job located?", for a column that is a place
        place = label if label.lower().endswith(view.entity.lower()) else f"{label} {view.entity}"
        return f"Where is the {place} located?"
    return cell_question(col, label, value, view)


def lookup_candidates(
    view: TableView,
    rows: Sequence[Section],
    lang: str,
    words: DocWords,
    *,
    period: str | None = None,
) -> list[Candidate]:
    """One question per askable cell of ``rows``.

    A table of figures that names no subject of its own (Metric | Value) is about the
    period its document reports on: "What was the total revenue in May 2025?".
    """
    out: list[Candidate] = []
    places = _place_columns(view)
    for row in rows:
        label = view.label(row, words)
        if label is None:
            continue
        record = row.record or {}
        for col in view.columns.values():
            value = record.get(col.name, "").strip()
            if col.name in view.key or col.role in ("id", "constant", "blank") or not value:
                continue
            if _in_label(value, label) or col.name in places[1:]:
                continue
            question = _lookup_question(col, label, value, lang, view, period)
            if question is None:
                continue
            answer, quotes = _with_unit(value, col.unit), tuple[str, ...]((value,))
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


def _in_label(value: str, label: str) -> bool:
    """A cell the row's name already says ("Hub" in "North Hub", the 20 litres of the
    "Daytrip 20"); a number inside a longer one ("2" of "Summit 2 XT" is a word, "20" of
    "Model 200" is not) is still asked."""
    if _NUMBER.match(value):
        # "How many people does the Ridgeline 3 sleep?" -> 3: the name says it already.
        return value.casefold() in label.casefold().split()
    return value.casefold() in label.casefold()


def _place_columns(view: TableView) -> list[str]:
    """The columns that together say where a row is (City, State, Country), in order."""
    return [
        c.name
        for c in view.columns.values()
        if _PLACE.fullmatch(c.name.strip()) and c.name not in view.key and c.role == "text"
    ]


def row_candidates(
    view: TableView, rows: Sequence[Section], lang: str, words: DocWords
) -> list[Candidate]:
    """ "What are the details of ...?" for each row of a table of three columns or more."""
    askable = [c for c in view.columns.values() if c.role not in ("blank",)]
    beyond_key = [c for c in askable if c.name not in view.key and c.role not in ("id", "constant")]
    if len(askable) < 3 or len(beyond_key) < 2:
        return []  # a row whose only other cell is one lookup already asked
    out: list[Candidate] = []
    for row in rows:
        label = view.label(row, words)
        if label is None:
            continue
        if lang == "en":
            row_name = named(view, label)
            if row_name.endswith(f" {view.entity}"):
                question = f"What are the details of {row_name}?"
            else:
                # "What are the shipping details for Canada?": the table says what about.
                title = view.title or ""
                about = singular_of(title.lower()) + " " if len(title.split()) == 1 else ""
                question = f"What are the {about}details for {row_name}?"
        else:
            question = TEMPLATES[lang]["row"].format(key=label)
        text = record_text(row.record or {})
        out.append(
            Candidate(question, text, text, row, "row", 1, covers=frozenset({(id(row), "*")}))
        )
    return out


def _predicate(col: Column, value: str, words: DocWords) -> str:
    natural = col.natural or lower_words(col.name, words)
    if _LOCATION.search(col.name):
        return f"in {value}"
    if _GROUP.search(col.name):
        return f"in the {value} {natural}"
    if _KIND.search(col.name):
        return value if value[:1].isupper() or value[:1].isdigit() else f"{value}"
    article = "an" if natural[:1] in "aeiou" else "a"
    return f"with {article} {natural} of {value}"


def whole_table_candidates(view: TableView, lang: str, words: DocWords) -> list[Candidate]:
    """Filters, counts and extremes, each computed over every row of the table."""
    labels = [(r, view.label(r, words)) for r in view.rows]
    if not view.key or any(lab is None for _, lab in labels):
        return []
    if view.entity == "row" and lang == "en":
        return []  # "Which rows are in Finance?": the table never says what its rows are
    out: list[Candidate] = []
    entities = plural_of(view.entity)
    for col in view.columns.values():
        if (
            col.name in view.key
            or col.role not in ("text", "bool")
            or (col.natural is None and lang == "en")
        ):
            continue
        counts = Counter(v for v in col.values if v)
        if len(counts) < 2 or len(counts) >= len(view.rows):
            continue  # every row its own value: a lookup, not a filter
        odd_one = len(counts) == 2 and min(counts.values()) == 1 and len(view.rows) >= 3
        for value, n in counts.items():
            # "Which tent is 4-season?": the one row that differs is worth a question too.
            if (n < 2 and not odd_one) or n > max(2, int(0.8 * len(view.rows))):
                continue
            hits = [
                (r, lab) for r, lab in labels if (r.record or {}).get(col.name, "").strip() == value
            ]
            out.extend(_filter_pair(len(view.rows), col, value, hits, entities, lang, words))
    # (row, measure) pairs an extreme already picks: "lowest minimum salary" and "lowest
    # maximum salary" name one row twice; "highest price" and "highest weight" do not.
    picked: set[tuple[int, str]] = set()
    for col in view.columns.values():
        if col.role == "number" and col.name not in view.key and len(view.rows) >= 3:
            out.extend(_extremes(view, col, labels, lang, words, picked))
    return out


def _filter_pair(
    total: int,
    col: Column,
    value: str,
    hits: list[tuple[Section, str | None]],
    entities: str,
    lang: str,
    words: DocWords,
) -> list[Candidate]:
    t = TEMPLATES[lang]
    names = [str(lab) for _, lab in hits]
    evidence = "\n".join(r.text for r, _ in hits)
    part = _PARTICIPLE_HEADER.match(col.natural or "")
    if lang == "en" and col.role == "bool" and part:
        no = value.casefold() in ("no", "n", "false", "nein", "non", "✗")
        have = "do not have" if no else "have"
        which = f"Which {entities} {have} {part.group('what')} {part.group('part')}?"
        many = f"How many {entities} {have} {part.group('what')} {part.group('part')}?"
    elif lang == "en" and _KIND.search(col.name) and not pred_is_phrase(value):
        # "How many Senior jobs are there?" reads better than "How many jobs are Senior?"
        which = f"Which {entities} are {value}?"
        many = f"How many {value} {entities} are there?"
    elif lang == "en":
        pred = _predicate(col, value, words)
        if pred.startswith("with"):
            which = f"Which {entities} have {pred[5:]}?"
            many = f"How many {entities} have {pred[5:]}?"
        else:
            which = f"Which {entities} are {pred}?"
            many = f"How many {entities} are {pred}?"
    else:
        name = re.sub(_UNIT_GLOSS, "", col.name).strip()
        which = t["filter"].format(entities=entities, column=name, value=value)
        many = t["count"].format(entities=entities, column=name, value=value)
    if lang == "en" and len(names) == 1:
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


def _singular_which(question: str, entities: str) -> str:
    """ "Which tents are 4-season?" about the one tent that is: "Which tent is 4-season?"."""
    one = singular_of(entities)
    for many, single in (
        (" are ", " is "),
        (" do not have ", " does not have "),
        (" have ", " has "),
    ):
        head = f"Which {entities}{many}"
        if question.startswith(head):
            return f"Which {one}{single}{question[len(head) :]}"
    return question


def pred_is_phrase(value: str) -> bool:
    """A value that is a phrase, not a word that can stand before a noun ("Senior")."""
    return len(value.split()) > 2 or not re.match(r"^[\w-]+(?:\s[\w-]+)?$", value)


def _amount(value: str) -> float | None:
    digits = re.sub(r"[^\d.\-]", "", value)
    try:
        return float(digits)
    except ValueError:
        return None


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


def _extremes(
    view: TableView,
    col: Column,
    labels: list[tuple[Section, str | None]],
    lang: str,
    words: DocWords,
    picked: set[tuple[int, str]] | None = None,
) -> list[Candidate]:
    t = TEMPLATES[lang]
    picked = set() if picked is None else picked
    measure = _measure(col)
    scored = [
        (a, r, lab)
        for r, lab in labels
        if (a := _amount((r.record or {}).get(col.name, ""))) is not None
    ]
    if len(scored) < 3:
        return []
    out: list[Candidate] = []
    for kind, pick in (("max", max), ("min", min)):
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
        if lang == "en" and col.natural is not None:
            word = "highest" if kind == "max" else "lowest"
            if is_plural(col.natural):
                word = "most" if kind == "max" else "fewest"
            question = f"Which {view.entity} has the {word} {col.natural}?"
            if CAPACITY_VERB.match(col.natural):
                # "Sleeps": "Which tent sleeps the most?", not "has the most sleeps"
                word = "most" if kind == "max" else "fewest"
                question = f"Which {view.entity} {col.natural} the {word}?"
        else:
            question = t[kind].format(
                entity=view.entity, column=re.sub(_UNIT_GLOSS, "", col.name).strip()
            )
        answer = f"{lab} ({_with_unit(cell, col.unit)})"
        cover = frozenset({(id(row), "~" + col.name)})
        record = record_text(row.record or {})
        out.append(
            Candidate(question, answer, record, row, kind, 1, (str(lab), cell), covers=cover)
        )
    return out


def table_candidates(chunk: Chunk, lang: str, ctx: DocContext, view: TableView) -> list[Candidate]:
    """Every question a table chunk gives (whole-table ones from its first chunk only)."""
    rows = [s for s in chunk.sections if s.record]
    out = lookup_candidates(view, rows, lang, ctx.words, period=ctx.period)
    out.extend(row_candidates(view, rows, lang, ctx.words))
    if chunk.meta.get("table_part", 0) == 0:
        out.extend(whole_table_candidates(view, lang, ctx.words))
        path = chunk.provenance.heading_path
        summary = summary_candidate(view.rows, path[-1] if path else None, ctx)
        if summary is not None and lang == "en":
            out.append(summary)
    return out
