"""A whole row of a table asked for: "What are the details of the Basecamp 6 tent?",
answered by every cell of it."""

from __future__ import annotations

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.forms.registry import ALL_LANGUAGES, form
from datasetkit.generate.offline.language.templates import TEMPLATES
from datasetkit.generate.offline.language.words import singular_of
from datasetkit.generate.offline.tables.columns import named
from datasetkit.generate.offline.tables.view import TableChunk
from datasetkit.knowledge.build import record_text


@form(
    "table row",
    content="table-rows",
    order=20,
    asks="table-lookup",
    languages=ALL_LANGUAGES,
    kinds=("row",),
    alone=("row",),
)
def rows(part: TableChunk) -> list[Candidate]:
    """ "What are the details of ...?" for each row of a table of three columns or more."""
    view, lang, words = part.view, part.lang, part.ctx.words
    askable = [c for c in view.columns.values() if c.role not in ("blank",)]
    beyond_key = [c for c in askable if c.name not in view.key and c.role not in ("id", "constant")]
    if len(askable) < 3 or len(beyond_key) < 2:
        return []  # a row whose only other cell is one lookup already asked
    out: list[Candidate] = []
    for row in part.rows:
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
