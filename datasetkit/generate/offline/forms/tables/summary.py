"""A small table of figures asked as a whole: "What were the key performance indicators in
May 2025?" over a two-column table of metrics and values under the heading "Key
Performance Indicators (KPIs)". Each row's cells are quoted; the answer lists them all."""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.forms.registry import ENGLISH, form
from datasetkit.generate.offline.language.words import topic_of
from datasetkit.generate.offline.tables.view import TableChunk
from datasetkit.knowledge.model import Section

_FIGURE = re.compile(r"\d")
_MAX_ROWS = 12


@form(
    "table of figures",
    content="table",
    order=50,
    asks="list",
    languages=ENGLISH,
    kinds=("list",),
)
def summary(part: TableChunk) -> list[Candidate]:
    """The whole of a small metric/value table (nothing for any other table)."""
    found = _summary(part.view.rows, part.heading, part.ctx)
    return [found] if found is not None else []


def _summary(rows: Sequence[Section], heading: str | None, ctx: DocContext) -> Candidate | None:
    records = [r.record for r in rows if r.record]
    if not heading or not 2 <= len(records) <= _MAX_ROWS:
        return None
    columns = list(records[0])
    if len(columns) != 2 or any(list(r) != columns for r in records):
        return None
    name, value = columns
    pairs = [(r[name].strip(), r[value].strip()) for r in records]
    if any(not n or not v for n, v in pairs) or sum(
        bool(_FIGURE.search(v)) for _, v in pairs
    ) < len(pairs):
        return None  # a table of figures only: "the KPIs" are their values
    # "📈 Key Performance Indicators (KPIs)" -> "key performance indicators"
    text = re.sub(r"\s*\([^)]*\)\s*$", "", re.sub(r"^[^\w]+", "", heading)).strip()
    topic = topic_of(text, ctx.words) if text else ""
    if len(topic.split()) < 2 or not topic.endswith("s"):
        return None  # a plural the question can ask for ("key performance indicators")
    question = f"What were the {topic} in {ctx.period}?" if ctx.period else f"What are the {topic}?"
    answer = "; ".join(f"{n}: {v}" for n, v in pairs)
    quotes = tuple(x for pair in pairs for x in pair)
    return Candidate(question, answer, answer, rows[0], "list", 1, quotes)
