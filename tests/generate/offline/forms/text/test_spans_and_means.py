"""How long a rule lasts, how a reader does what a rule lets them, what a thing is used for,
whom a party must tell, when a permission holds; asked of a consent form's run-in items."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.generate.offline.forms.text.statements import sentence_fact
from datasetkit.generate.offline.language.words import DocWords
from tests.helpers.knowledge_fixtures import make_pdf, offline_pairs, offline_questions

WORDS = DocWords(["The patient and the clinic meet each month."])


@pytest.mark.parametrize(
    ("sentence", "question"),
    [
        (
            "Patients should remain in the waiting room for 15 minutes after the injection.",
            "How long should patients remain in the waiting room after the injection?",
        ),
        (
            "I should stay in the clinic for 30 minutes after the first dose.",
            "How long should I stay in the clinic after the first dose?",
        ),
        (
            "Signed forms are stored for seven years after the last visit.",
            "How long are signed forms stored after the last visit?",
        ),
        (
            "The guarantee lasts for 2 years from the date of delivery.",
            "How long does the guarantee last from the date of delivery?",
        ),
        (
            "You can update your address by sending the change form to the registry office.",
            "How can I update my address?",
        ),
        (
            "The clinic uses your phone number to send appointment reminders.",
            "What does the clinic use my phone number for?",
        ),
        (
            "The staging slot is used to test a release before it goes live.",
            "What is the staging slot used for?",
        ),
        (
            "Tenants must notify the landlord of any damage to the property.",
            "Who do tenants have to notify of any damage to the property?",
        ),
        (
            "I will immediately alert the nurse of any medicine I take that thins the blood.",
            "Who should I alert of any medicine I take that thins the blood?",
        ),
        (
            "Invoices will be sent out after the course has ended.",
            "When will invoices be sent out?",
        ),
        (
            "A reminder will be sent for the second dose one week before the appointment.",
            "When will a reminder be sent for the second dose?",
        ),
        (
            "The results will be published once the review is complete.",
            "When will the results be published?",
        ),
        (
            "Meal costs are reimbursable for overnight client visits only.",
            "When are meal costs reimbursable?",
        ),
        (
            "Reimbursement for taxis is allowed when public transport is not running.",
            "When is reimbursement for taxis allowed?",
        ),
    ],
)
def test_a_rule_s_time_means_or_occasion_is_asked(sentence: str, question: str) -> None:
    fact = sentence_fact(sentence, WORDS)
    assert fact is not None and fact.question == question
    assert fact.answer == sentence


@pytest.mark.parametrize(
    "sentence",
    [
        # An amount the time measures, not a duration a party spends.
        "Members must give notice for 30 days' notice before they leave the club.",
        # The writer ("us") is no one a question names.
        "You can send a complaint to us by writing to the registry office.",
        # No one in particular uses nothing in particular.
        "Many shops use different labels to describe the same product.",
        # A place, not a time, after the deed.
        "Your badge will be issued on the ground floor of the main building.",
        # Who a permission is for is not when it holds.
        "Remote work is allowed for employees with a signed agreement.",
    ],
)
def test_no_question_when_the_clause_does_not_say_it(sentence: str) -> None:
    fact = sentence_fact(sentence, WORDS)
    assert fact is None or not fact.question.startswith(("How long", "How can", "When", "What"))


def test_run_in_numbered_items_and_a_legal_notice_in_a_pdf(tmp_path: Path) -> None:
    pdf = make_pdf(
        tmp_path / "consent.pdf",
        [
            [
                ("Consent to Treatment", 16, True),
                "By my signature below I consent to the treatment. I understand that:",
                "1) I have read the leaflet about the treatment. 2) I should remain in the",
                "waiting room for 20 minutes after the treatment for observation. 3) I will",
                "tell the nurse about any allergies before the treatment.",
                "Patients can book a follow-up visit by calling the front desk of the clinic.",
                "(c) 2024 Northwind Clinics. All rights reserved. Northwind makes no warranties,",
                "express or implied. Northwind cannot guarantee their accuracy.",
            ]
        ],
    )
    pairs = offline_pairs(tmp_path, pdf)
    asked = {q for q in pairs if q.startswith(("How long", "How can"))}
    assert (
        "How long should I remain in the waiting room after the treatment for observation?" in asked
    )
    assert any(q.startswith("How can patients book a follow-up visit") for q in asked)
    assert not any("guarantee" in q or "warrant" in q for q in pairs)


@pytest.mark.parametrize(
    ("sentence", "question"),
    [
        (
            "We have set allowances for hotel stays of ₹3,000 per night.",
            "What is the allowance for hotel stays per night?",
        ),
        ("The allowance for airport taxis is ₹900.", "What is the allowance for airport taxis?"),
    ],
)
def test_a_figure_the_writer_set_is_asked(sentence: str, question: str) -> None:
    from datasetkit.generate.offline.forms.text.spans_and_means import set_figure

    fact = sentence_fact(sentence, WORDS) or set_figure(sentence)
    assert fact is not None and fact.question == question


def test_rules_under_labels_are_asked_one_by_one_not_as_a_list(tmp_path: Path) -> None:
    text = (
        "# Expense Policy\n\n"
        "## Specific Guidelines\n\n"
        "### Taxis\n\n"
        "- Eligibility: Reimbursement for taxis is allowed when no train is running.\n"
        "- Limits: Taxi fares are capped at ₹900 per ride.\n"
        "- Restrictions: Tips are not reimbursable.\n"
    )
    questions = offline_questions(tmp_path, "expenses.md", text)
    asked = [q.casefold() for q in questions]
    assert any(q.startswith("when is reimbursement for taxis allowed") for q in asked), questions
    assert not any(q.startswith("What are the taxis") for q in questions), questions
