"""Questions a template made of a heading (a word said twice, a part of the page taken for
a thing), code in a reference page's prose, and answers that stop inside a code example."""

from __future__ import annotations

import pytest

from datasetkit.generate.gate.admit import check_case

GOOD = "Sets the folder the archive is written to."


@pytest.mark.parametrize(
    ("question", "language", "code"),
    [
        ("What are the rule details details?", "en", "fragment"),
        ("How long is the notice notice period?", "en", "fragment"),
        ("Wie lange gilt die Frist Frist?", "de", "fragment"),
        ("Quel est le délai délai de préavis ?", "fr", "fragment"),
        ("What does the option do?", "en", "templated"),
        ("What are the rule details?", "en", "fragment"),
        ("What does the Options section say?", "en", "templated"),
        ("What are the examples?", "en", "fragment"),
        ("What is the usage?", "en", "templated"),
    ],
)
def test_a_question_made_of_a_heading_is_rejected(question: str, language: str, code: str) -> None:
    found = check_case(question, GOOD, GOOD, language=language)
    assert found is not None and found.code == code, (question, found)


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("What does the `--out-dir` option of the `packr` command do?", "en"),
        ("What are the options for paying rent late?", "en"),
        ("Where is the Bora Bora office?", "en"),
        ("Welche Regeln gelten für Teams, die die Zeiterfassung nutzen?", "de"),
        ("Que devons-nous nous engager à faire ?", "fr"),
    ],
)
def test_a_question_that_names_its_subject_passes(question: str, language: str) -> None:
    assert check_case(question, GOOD, GOOD, language=language) is None


def test_operators_of_code_in_prose_are_no_formula() -> None:
    answer = "When true, comparisons with null using == are allowed, since x == null matches both."
    assert check_case("What does the `allowNull` option do?", answer, answer) is None
    assert (
        check_case(
            "What does the rule disallow?",
            "Comparisons with == and !=.",
            "Comparisons with == and !=.",
        )
        is None
    )


def test_an_answer_that_stops_inside_a_code_example_is_incomplete() -> None:
    evidence = (
        "Add this to the settings file:\n[editor]\nautosave = true\ninterval = 30\nThen restart."
    )
    cut = check_case(
        "How do I turn on autosave?",
        "Add this to the settings file:\n[editor]\nautosave = true",
        evidence,
    )
    assert cut is not None and cut.code == "incomplete", cut
    whole = "Add this to the settings file:\n[editor]\nautosave = true\ninterval = 30"
    assert check_case("How do I turn on autosave?", whole, evidence) is None
