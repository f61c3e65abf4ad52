"""A subject the document knows by an acronym is said in full in questions, once."""

from __future__ import annotations

import re
from pathlib import Path

from datasetkit.generate.offline.full_name import longer_form, said_in_full
from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load

FAQ = """\
# Fall 2024 MSDS Incoming Student FAQ

{intro}

## Registration

MSDS students register for classes through the student portal. Registration for all
MSDS students begins on July 7, 2024. Questions go to msds-help@{domain}.

## Tuition

Tuition for the MSDS program is billed each semester. Payment is due on August 15,
2024, and a late fee of $100 applies after that date.

## Housing

Fabrikam offers graduate housing near the campus. Applications for housing close on
June 1, 2024. Fabrikam does not guarantee housing to graduate students.
"""


def _questions(path: Path) -> list[str]:
    docs = load([path])
    chunks = chunk_documents([d for d in docs if d.sections])
    gen = OfflineGenerator()
    plan = build_plan(chunks, 12, 1, capacity=gen.capacity)
    return [c.case.turns[0].prompt for c in gen.generate_knowledge(plan).cases]


def test_a_programme_known_by_its_acronym_is_named_with_its_university(tmp_path: Path) -> None:
    path = tmp_path / "faq.md"
    intro = "Welcome to Fabrikam. This page answers the questions new students ask most."
    path.write_text(FAQ.format(intro=intro, domain="fabrikam.edu"), encoding="utf-8")
    questions = _questions(path)
    said = [q for q in questions if "MSDS" in q]
    assert said, questions
    assert all("Fabrikam MSDS" in q for q in said), said
    assert not [q for q in said if q.count("MSDS") > 1 and q.count("Fabrikam MSDS") > 1], said


def test_an_acronym_the_document_expands_is_said_expanded(tmp_path: Path) -> None:
    path = tmp_path / "faq.md"
    intro = (
        "Welcome to the Master of Science in Data Science (MSDS). This page answers the "
        "questions new students ask most."
    )
    path.write_text(FAQ.format(intro=intro, domain="example.org"), encoding="utf-8")
    questions = _questions(path)
    said = [q for q in questions if re.search(r"MSDS|Data Science", q)]
    assert said, questions
    assert all("Master of Science in Data Science" in q for q in said), said


def test_longer_forms_come_only_from_the_document() -> None:
    text = "Contact aipi@duke.edu. Duke offers it. Duke and Duke again. AIPI students."
    assert longer_form("AIPI", text) == "Duke AIPI"
    assert longer_form("AIPI", "AIPI students at aipi@duke.edu.") is None  # Duke never named
    assert longer_form("Duke", text) is None  # not an acronym
    # A web link may be anyone's: only the contact addresses' domain says whose it is.
    linked = "Join on www.contoso.com. Contoso hosts it; Contoso, Contoso. AIPI students."
    assert longer_form("AIPI", linked) is None
    q = "When do AIPI students register for AIPI classes?"
    assert said_in_full(q, "AIPI", "Duke AIPI") == (
        "When do Duke AIPI students register for AIPI classes?"
    )
