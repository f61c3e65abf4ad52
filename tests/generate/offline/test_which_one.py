"""A question's "the request" says which request, as its document does, or is not asked."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.which_one import which_one
from datasetkit.knowledge.model import Provenance, Section
from tests.generate.offline.test_doc_subject import _questions


def _candidate(question: str, evidence: str) -> Candidate:
    section = Section("paragraph", evidence, Provenance("x.md", heading_path=("Approval",)))
    return Candidate(question, evidence, evidence, section, "rule", 0)


def test_the_bare_noun_takes_the_modifier_of_its_earlier_mention() -> None:
    c = _candidate(
        "Within how many days will the office deny the request?",
        "The office will approve or deny the request within 10 days.",
    )
    before = "Employees submit the travel request through the portal. Keep a copy."
    named = which_one(c, before, ["Policy", "Approval"])
    assert named is not None
    assert named.question == "Within how many days will the office deny the travel request?"


def test_a_named_earlier_mention_gives_its_name() -> None:
    c = _candidate(
        "What does the checklist provide?",
        "The checklist provides the steps to follow in flight.",
    )
    before = "A spare checklist is kept on board. The Engine Fire checklist is used when a fire warning shows."
    named = which_one(c, before, [])
    assert named is not None
    assert named.question == "What does the Engine Fire checklist provide?"


def test_the_heading_says_which_when_the_text_does_not() -> None:
    c = _candidate(
        "What must the trustee do if the investigation finds fraud?",
        "If the investigation finds fraud, the trustee must notify the court.",
    )
    named = which_one(c, "", ["Chapter 3", "Investigation of a Debtor in Business"])
    assert named is not None
    assert "the investigation of a debtor in business finds" in named.question


def test_nothing_says_which_and_the_question_is_not_asked() -> None:
    c = _candidate("What is included in the evaluation?", "Included in the evaluation is a review.")
    assert which_one(c, "The authors thank the editors.", ["Abstract"]) is None
    # The sentence itself introduces it ("a claim ..., the claim"): the question lost it.
    c = _candidate(
        "When should the trustee verify that the claim was recorded?",
        "If a claim is filed late, the trustee should verify that the claim was recorded.",
    )
    assert which_one(c, "", ["Claims"]) is None


def test_a_qualified_or_compound_mention_is_left_alone() -> None:
    for question in (
        "Within how many days is the travel request decided?",
        "How many questions are in the test set?",
        "What does the evaluation record review monitor?",
        "What is the claim's amount?",
        "What is the purpose of the review of claims?",
        "Where have the evaluation scripts been released?",
        "How many working days before the hearing must speakers register?",
    ):
        c = _candidate(question, "Some sentence.")
        assert which_one(c, "", []) is c, question


POLICY_MD = """\
# Expense Policy

## Submitting a claim

Employees submit the reimbursement request through the finance portal with every receipt.

## Approval

Finance will approve or deny the request within 10 business days.
Payments are made within 5 business days of approval.
"""


def test_generated_questions_say_which_request(tmp_path: Path) -> None:
    path = tmp_path / "policy.md"
    path.write_text(POLICY_MD, encoding="utf-8")
    questions = _questions([path])
    asked = [q for q in questions if "request" in q]
    assert asked, questions
    assert all("reimbursement request" in q for q in asked), questions


def test_a_question_that_says_the_rules_topic_is_not_named_twice() -> None:
    from datasetkit.generate.offline.language.words import DocWords
    from datasetkit.generate.offline.subject_said import Subject, with_subject

    rules = Subject(
        "the Reimbursement Policy", "rules", "title", ("Reimbursement Policy",), "policy"
    )
    c = _candidate("Within how many days is the reimbursement request decided?", "Some sentence.")
    assert with_subject(c, rules, DocWords([])).question == c.question
    c = _candidate("Within how many days is the request decided?", "Some sentence.")
    said = with_subject(c, rules, DocWords([])).question
    assert said.endswith("under the Reimbursement Policy?")
