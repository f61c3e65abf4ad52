"""The questions of a survey form's definition asked as a form: what type of answer a
question takes, which answer choices it offers, whether it must be answered — of a form
a question can name by its title (see tables.form_definition); in English only."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.tables.flags import yes_no
from datasetkit.generate.offline.tables.form_definition import (
    FormDefinition,
    choice_labels,
    header_word,
    label_column,
    question_label,
)
from datasetkit.generate.offline.tables.view import TableChunk
from datasetkit.knowledge.build import record_text
from datasetkit.knowledge.model import Section

# A type that offers a list of choices: "select_one yes_no", "select_multiple colours".
_SELECT = re.compile(r"(?i)^select_(?:one|multiple)\s+(?P<list>\S+)$")


def form_questions(part: TableChunk) -> list[Candidate]:
    """Each question of a titled form's definition: its type of answer, its choices, and
    whether it must be answered."""
    defined = part.view.definition
    if defined is None or defined.part != "questions" or defined.title is None:
        return []  # choices are asked with their question; an untitled form not at all
    if (defined.language or part.lang) != "en":
        return []
    labels = label_column(list(part.view.columns))
    # A list of choices many questions share (a rating scale): asked of none of them, the
    # same answer each time.
    used = Counter(m.group("list") for r in part.view.rows if (m := _SELECT.match(_type(r))))
    out: list[Candidate] = []
    for row in part.rows:
        record = row.record or {}
        label = question_label(record, labels)
        if label is not None:
            out.extend(_asked(row, record, label, defined, used))
    return out


def _type(row: Section) -> str:
    return next((v.strip() for k, v in (row.record or {}).items() if header_word(k) == "type"), "")


def _asked(
    row: Section, record: dict[str, str], label: str, defined: FormDefinition, used: Counter[str]
) -> list[Candidate]:
    """The questions one row of the form's questions answers."""
    title, evidence = defined.title, record_text(record)
    cells = {header_word(k): (k, v.strip()) for k, v in record.items() if v.strip()}
    kind = cells["type"][1]
    select = _SELECT.match(kind)
    out: list[Candidate] = []
    if select is None:
        question = f"In the {title} form, what type of answer does the question '{label}' take?"
        out.append(_case(question, kind, evidence, row, cells["type"][0], (kind,)))
    elif used[select.group("list")] <= 2 and (choices := defined.choices.get(select.group("list"))):
        said = choice_labels(choices)
        if said:
            question = (
                f"In the {title} form, which answer choices does the question '{label}' offer?"
            )
            listed = "\n".join(c.text for c in choices)
            case = _case(question, "\n".join(said), f"{evidence}\n{listed}", row, cells["type"][0])
            out.append(replace(case, also=tuple(choices)))
    required = cells.get("required")
    if required and yes_no(required[1]):
        question = f"In the {title} form, must the question '{label}' be answered?"
        out.append(_case(question, "Yes", evidence, row, required[0], (required[1],)))
    return out


def _case(
    question: str,
    answer: str,
    evidence: str,
    row: Section,
    column: str,
    quotes: tuple[str, ...] = (),
) -> Candidate:
    covers = frozenset({(id(row), column)})
    return Candidate(question, answer, evidence, row, "lookup", 1, quotes, covers=covers)
