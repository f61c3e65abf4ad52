"""A sheet of questions and their answers (an FAQ kept as a table: Question | Answer, in
any language): each row is asked as it stands, its question cell the question and the
cell beside it the answer. The document wrote the question itself, so no column name
is pasted around a cell ("What is the answer of What is the leave policy?").
"""

from __future__ import annotations

import re
from itertools import pairwise

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.tables.cell_lookup import cell_lookup
from datasetkit.generate.offline.tables.view import Column, TableChunk
from datasetkit.knowledge.build import record_text

# A cell that is one question: it ends with its question mark (Spanish opens with one too).
_QUESTION = re.compile(r"^[¿]?[^?¿\n]{8,200}\?$")
_MIN_ROWS = 2


def _questions(col: Column) -> bool:
    filled = [v.strip() for v in col.filled]
    return (
        col.role == "text"
        and len(filled) >= _MIN_ROWS
        and 5 * sum(1 for v in filled if _QUESTION.match(v)) >= 4 * len(filled)
    )


def _answers(col: Column) -> bool:
    filled = [v.strip() for v in col.filled]
    return col.role == "text" and bool(filled) and not any(v.endswith("?") for v in filled)


def asked_cells(part: TableChunk) -> list[Candidate] | None:
    """One case per row of a question-and-answer table chunk: the row's question and the
    answer beside it; None when no column holds questions with answers after them."""
    columns = list(part.view.columns.values())
    found = next(
        ((q, a) for q, a in pairwise(columns) if _questions(q) and _answers(a)),
        None,
    )
    if found is None:
        return None
    asked, answered = found
    out: list[Candidate] = []
    for row in part.rows:
        record = row.record or {}
        question, answer = record.get(asked.name, "").strip(), record.get(answered.name, "").strip()
        if not _QUESTION.match(question) or not answer:
            continue
        covers = frozenset({(id(row), answered.name)})
        out.append(cell_lookup(question, answer, row, record, (answer,), covers))
    return out


# A glossary's columns: a column headed as terms, and what each means (a "description"
# beside a column of products is a catalogue's, and never read as a glossary).
_TERM_HEADER = re.compile(
    r"(?i)^(?:terms?|concepts?|words?|acronyms?|abbreviations?|términos?|termino|conceptos?|"
    r"palabras?|siglas?|abreviaturas?|termes?|mots?|sigles?|abréviations?|begriffe?|"
    r"wörter|wort|abkürzungen|abkürzung)$"
)
_MEANING_HEADER = re.compile(
    r"(?i)^(?:definitions?|meanings?|explanations?|definición|definiciones|significados?|"
    r"explicación|explicaciones|définitions?|significations?|explications?|bedeutung|"
    r"erklärung|erläuterung)$"
)
_DESCRIPTION_HEADER = re.compile(r"(?i)^(?:descriptions?|descripción|beschreibung)$")
# How each language asks what a term means.
_MEANS = {
    "en": "What does “{term}” mean?",
    "es": "¿Qué significa «{term}»?",
    "fr": "Que signifie « {term} » ?",
    "de": "Was bedeutet „{term}“?",
}


def _glossary(columns: list[Column]) -> tuple[Column, Column] | None:
    for term, meaning in pairwise(columns):
        named, means = term.name.strip(), meaning.name.strip()
        # A first column that names what its rows are ("Norm", "Value") is asked with
        # that noun by the cell form ("the meaning of the X norm"): only a column of
        # terms as such is a glossary.
        if _TERM_HEADER.match(named) and (
            _MEANING_HEADER.match(means) or _DESCRIPTION_HEADER.match(means)
        ):
            return term, meaning
    return None


def defined_cells(part: TableChunk) -> list[Candidate] | None:
    """One case per row of a glossary chunk (Term | Definition, in the languages above):
    "What does “premium” mean?" -> its definition; None when the table is no glossary."""
    found = _glossary(list(part.view.columns.values()))
    ask = _MEANS.get(part.lang)
    if found is None or ask is None:
        return None
    term_col, meaning_col = found
    spelled = [(r.record or {}).get(term_col.name, "").strip().casefold() for r in part.view.rows]
    out: list[Candidate] = []
    for row in part.rows:
        record = row.record or {}
        term, meaning = (
            record.get(term_col.name, "").strip(),
            record.get(meaning_col.name, "").strip(),
        )
        # A term is a name of a few words; its meaning says more than the term does.
        if not term or len(term.split()) > 6 or len(meaning.split()) < 3:
            continue
        if spelled.count(term.casefold()) > 1:
            continue  # two rows of one term: the question would have two answers
        covers = frozenset({(id(row), meaning_col.name)})
        out.append(
            Candidate(
                ask.format(term=term),
                meaning,
                record_text(record),
                row,
                "lookup",
                1,
                (term, meaning),
                covers=covers,
            )
        )
    return out
