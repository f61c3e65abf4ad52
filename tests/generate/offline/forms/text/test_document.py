"""Offline forms about a document itself, its objectives and the scenarios its lists
answer, on documents the tests write: what a report summarizes, which purchases a policy
applies to, when it was last updated, how many plans an employer offers, the figure a
glossary entry states, one item of a "cannot be returned" list, when a service that keeps
"the same hours" is open, the key results of each objective and whether all were met, and
which of two plans covers what the other does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.forms.text.document import document_fact
from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.offline.language.words import DocWords
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load


def _pairs(files: list[Path], count: int = 40) -> dict[str, str]:
    docs = load(files)
    chunks = chunk_documents([d for d in docs if d.sections], 1500)
    gen = OfflineGenerator()
    plan = build_plan(chunks, count, 1, capacity=gen.capacity)
    result = gen.generate_knowledge(plan)
    return {gc.case.turns[0].prompt: gc.case.turns[0].expected_response for gc in result.cases}


def _ctx(name: str | None = None, org: str | None = "Fabrikam") -> DocContext:
    return DocContext(DocWords(["Fabrikam rents bikes."]), name=name, org=org)


@pytest.mark.parametrize(
    ("sentence", "question"),
    [
        (
            "This report summarizes the revenue and hiring progress for the support team "
            "in Q3 2026.",
            "What does this report summarize?",
        ),
        (
            "This guide explains how rentals, deposits and repairs work at every store.",
            "What does this guide explain?",
        ),
        (
            "This policy applies to every rental booked in Fabrikam stores and online.",
            "Which rentals does this policy apply to?",
        ),
        ("It was last updated in June 2026.", "When was the Rental Policy last updated?"),
        ("This handbook was published on 3 May 2025.", "When was this handbook published?"),
        (
            "We are pleased to offer our employees three flexible pension plans through "
            "Contoso Pensions.",
            "How many pension plans does Fabrikam offer its employees?",
        ),
    ],
)
def test_a_sentence_about_the_document_is_asked_as_a_reader_asks(
    sentence: str, question: str
) -> None:
    found = document_fact(sentence, _ctx(name="the Rental Policy"))
    assert found is not None and found.question == question
    # The whole sentence answers.
    assert found.answer == sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "This policy applies to the following.",  # what, it does not say
        "This policy applies to all employees and contractors.",  # the clause form's "Who"
        "It was last updated in June 2026.",  # "It", and the document has no name
        "We offer three ways to pay.",  # three ways: of what, the question cannot say
    ],
)
def test_a_sentence_that_cannot_say_what_it_is_about_is_not_asked(sentence: str) -> None:
    assert document_fact(sentence, _ctx(name=None)) is None


_RENTAL = """# Fabrikam Bike Rental Policy

This policy applies to every rental booked in Fabrikam stores and in the app. It was last updated in June 2026.

## What cannot be rented again?

Helmets, gloves and water bottles cannot be returned, because we cannot clean them safely.

## Glossary

- Late fee: a charge of 15% of the daily rate for each day a bike is late.
- Ride pass: a prepaid card for ten rides, valid for 6 months.

## Contact

The rental desk is open from 9:00 to 18:00, Tuesday to Sunday. Phone support is available on +1 555 0199 during the same hours.
"""


def _okr(results: str) -> str:
    return (
        "# Support Team OKR Report – Q3 2026\n\n"
        "This report summarizes the objectives of the support team in Q3 2026.\n\n"
        "## Objectives and Key Results\n\n" + results
    )


_PLANS = """# Fabrikam Benefits

## Comparison of Plans

Both plans offer coverage for medical services. Fabrikam Gold offers coverage for hospital stays, doctor visits, lab tests, and X-rays. Fabrikam Basic only offers coverage for doctor visits and lab tests.

Fabrikam Gold offers coverage for emergency services, physiotherapy, and out-of-network services, while Fabrikam Basic does not.
"""


_TWO_PLANS = """# Fabrikam Benefits

## Fabrikam Gold

Fabrikam Gold is a comprehensive plan that provides coverage for medical and dental services. With Fabrikam Gold, you can choose from a variety of in-network providers, including clinics, specialists, and pharmacies. This plan also offers coverage for emergency services.

## Fabrikam Basic

Fabrikam Basic is a basic plan that provides coverage for medical services. With Fabrikam Basic, you can choose from a variety of in-network providers, including clinics, specialists, and pharmacies. This plan does not offer coverage for dental services, emergency services, or physiotherapy.

## Comparison of Plans

Both plans offer coverage for checkups, vaccinations, and other preventive care services. The plans also cover preventive care services such as eye tests and other screenings.

Fabrikam Gold offers a wider range of drug coverage than Fabrikam Basic. Fabrikam Gold covers generic, brand-name, and specialty drugs, while Fabrikam Basic only covers generic drugs.
"""


@pytest.mark.parametrize(
    ("sentence", "asked"),
    [
        # One thing ("the cost of ... and ..."): "What does the plan cover?" is too broad.
        ("The Fabrikam Basic plan covers the cost of allergy testing and treatment.", False),
        (
            "The Fabrikam Basic plan covers allergy tests, allergy shots, and follow-up visits.",
            True,
        ),
    ],
)
def test_what_a_plan_covers_is_asked_of_a_list_only(sentence: str, asked: bool) -> None:
    from datasetkit.generate.offline.forms.text.statements import sentence_fact
    from datasetkit.generate.offline.language.words import doc_words

    found = sentence_fact(sentence, doc_words(None))
    # (no document to tell that "Fabrikam" is a name: the case of the words is not checked)
    covers = (
        found is not None and found.question.lower() == "what does the fabrikam basic plan cover?"
    )
    assert covers is asked
