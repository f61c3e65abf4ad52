"""The gate rejects a case whose answer only restates its question, or whose question
copies most of its answer without asking for anything the answer adds."""

from __future__ import annotations

import pytest

from datasetkit.generate.gate.admit import check_case


def _code(question: str, answer: str, evidence: str = "") -> str | None:
    found = check_case(question, answer, evidence or answer)
    return found.code if found else None


@pytest.mark.parametrize(
    ("question", "answer", "evidence"),
    [
        ("What is the mudguard for the Ridge Runner boots?", "Protective mudguard", ""),
        ("What is the water resistance for the Alpine Pack?", "Water-resistant fabric", ""),
        ("What is the hip belt for the Alpine Pack?", "Adjustable for added support", ""),
        ("What is the strap for the Alpine Pack?", "Removable", ""),
        ("What is the form's revision number?", "0", "Revision Number: 0"),
        ("What is the dust cover of the Model 7 printer?", "Integrated dust cover", ""),
    ],
)
def test_an_answer_that_only_restates_its_question_is_trivial(
    question: str, answer: str, evidence: str
) -> None:
    assert _code(question, answer, evidence) == "trivial"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("What is the insole type for the Ridge Runner boots?", "Removable EVA insole"),
        ("What is the level for the Data Analyst role?", "Mid-Level"),
        ("What is the plan for option 2?", "Plan A"),
        ("What is the material for the Alpine Pack?", "Lightweight durable fabric"),
        ("What is the warranty for the Alpine Pack?", "Two-year limited warranty"),
    ],
)
def test_a_value_that_says_more_than_its_label_passes(question: str, answer: str) -> None:
    assert _code(question, answer) is None


def test_a_question_that_copies_its_answer_without_asking_anything_is_rejected() -> None:
    answer = "The supplier notifies the buyer of any delay in delivery in writing."
    question = "What happens when the supplier notifies the buyer of any delay in delivery?"
    assert _code(question, answer) == "answer_in_question"


def test_a_figure_question_may_copy_the_rest_of_its_answers_sentence() -> None:
    answer = "Students on a study visa may work off campus for up to 20 hours a week during term."
    question = "How many hours a week can students on a study visa work off campus during term?"
    assert _code(question, answer) is None


def test_a_frequency_answered_by_a_word_the_question_shares_passes() -> None:
    question = "How often must the annual report of the standing trustee be audited?"
    answer = "The annual report of the standing trustee shall be audited annually."
    assert _code(question, answer) is None
