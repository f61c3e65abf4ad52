"""The gate drops a question that names a thing only by its kind ("the box", "the sample
program"), a phrase with no question word or asking verb, a plural verb before "much of",
a question that drops a degree word of its sentence, and an answer that leans on "this
problem" set out before it."""

from __future__ import annotations

import pytest

from datasetkit.generate.gate.admit import check_case


@pytest.mark.parametrize(
    ("question", "answer", "code"),
    [
        (
            "What happens if the box is checked?",
            "If the box is checked, the standard deduction is cut in half for each job.",
            "unresolved_reference",
        ),
        (
            "What is the sample program?",
            "Sample program: a sieve that marks the multiples of each prime.",
            "unresolved_reference",
        ),
        (
            "What does the object store?",
            "The object stores a pointer to its shape and the values of its own properties.",
            "unresolved_reference",
        ),
        (
            "C square shorter sides?",
            "We can surround the C square with 3 more triangles to make a larger square.",
            "fragment",
        ),
        (
            "Why are much of the theatrical arts possible?",
            "Much of the theatrical arts are possible because we like to be fooled.",
            "fragment",
        ),
        (
            "What happens if much is withheld?",
            "If too much is withheld, you will generally be due a refund.",
            "fragment",
        ),
        (
            "What is online gradient learning?",
            "Online gradient learning is a learning procedure that can be adapted to this problem.",
            "unresolved_reference",
        ),
    ],
)
def test_an_unnamed_or_garbled_question_is_dropped(question: str, answer: str, code: str) -> None:
    found = check_case(question, answer, answer)
    assert found is not None and found.code == code, found


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            "What happens if the box labelled Exempt is checked?",
            "If the box labelled Exempt is checked, no income tax is withheld from your pay.",
        ),
        ("What is the object of the game?", "The object of the game is to clear the board."),
        (
            "What is each hash from the sample used for?",
            "Each hash from the sample is used to search the database for matches.",
        ),
        (
            "What happens if too much is withheld?",
            "If too much is withheld, you will generally be due a refund.",
        ),
        ("Who can apply for the grant?", "Part-time staff too can apply for the grant."),
        (
            "How do I fix the error about the token limit?",
            "Upgrade to version 1.0.\nThis issue was resolved in a hotfix to version 1.0.",
        ),
    ],
)
def test_a_named_thing_or_a_kept_degree_passes(question: str, answer: str) -> None:
    found = check_case(question, answer, answer)
    assert found is None, found
