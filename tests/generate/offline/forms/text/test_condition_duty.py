"""A rule under a condition is asked as what its party must do then: "What must the trustee
do if no claim has been filed?", not "What happens if ...?" answered by an obligation."""

from __future__ import annotations

import pytest

from datasetkit.generate.offline.forms.text.statements import sentence_fact
from datasetkit.generate.offline.language.words import DocWords

WORDS = DocWords(["The trustee and the Board meet with the Council each month."])


@pytest.mark.parametrize(
    ("sentence", "question"),
    [
        (
            "If no claim has been filed, the trustee must ensure that the creditor's claim "
            "is not paid.",
            "What must the trustee do if the creditor's claim has not been filed?",
        ),
        (
            "If a member resigns, the Board shall appoint a replacement from the Fellows.",
            "What must the Board do if a member resigns?",
        ),
        (
            "If there is any dispute about the ownership of a work, the Board shall decide it.",
            "What must the Board do if there is any dispute about the ownership of a work?",
        ),
        (
            "If a closed case has to be re-opened, the trustee should contact the Council.",
            "What should the trustee do if a closed case has to be re-opened?",
        ),
    ],
)
def test_a_party_s_duty_under_a_condition_is_what_it_must_do(sentence: str, question: str) -> None:
    fact = sentence_fact(sentence, WORDS)
    assert fact is not None and fact.question == question


@pytest.mark.parametrize(
    "sentence",
    [
        # An event, a passive duty and an unnamed party stay "What happens ...?".
        "If the airplane is on the ground, the checklist will instruct the crew to stay.",
        "If a press office is not available, the information released must be considered "
        "with care.",
        # Which ones the partitive says: the question names them.
        "If none of the top 100 retrieved passages has the answer, the example will be discarded.",
        # A policy says what is done; it does nothing itself.
        "If an incident involves a user, the security policy should describe the action "
        "to be taken.",
    ],
)
def test_an_outcome_under_a_condition_is_what_happens(sentence: str) -> None:
    fact = sentence_fact(sentence, WORDS)
    assert fact is not None and fact.question.startswith("What happens if ")


@pytest.mark.parametrize(
    "sentence",
    [
        # "no <thing>", "there are <things>": whose thing, which ones, the question never says.
        "If no claim has been filed, the trustee must ensure that payment is withheld.",
        "If there are unresolved items, the Board will review the account again.",
        "When none of the results has the answer, the system will report a failure.",
    ],
)
def test_a_condition_that_names_nothing_is_not_asked(sentence: str) -> None:
    assert sentence_fact(sentence, WORDS) is None
