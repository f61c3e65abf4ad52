"""The gate turns down cases a reader cannot use without the document, whatever produced
them: the verbatim questions reviewers discarded, by code."""

from __future__ import annotations

import pytest

from datasetkit.generate.gate.admit import check_case

ANSWER = "Contact the HR team at hr@example.com within 30 days."


@pytest.mark.parametrize(
    ("question", "code"),
    [
        ("What is the stock_quantity of the olive oil?", "raw_identifier"),
        ("What are the sheet1 details for Cloud worth 120000?", "raw_identifier"),
        ("What is the WQ of the DPR column 1?", "raw_identifier"),
        ("What is the column AA of the missions cost?", "raw_identifier"),
        ("What is the perishable of the 12?", "raw_identifier"),
        ("What can I do if this is the case?", "unresolved_reference"),
        ("What happens if it is lost?", "unresolved_reference"),
        ("Was steht in „Reisekostenrichtlinie“ zu flug?", "templated"),
        ("What should I know about surety bonds?", "templated"),
        ("What happens if the after application is accepted?", "fragment"),
        ("What is the a security plan should define?", "fragment"),
        ("What happens if appropriate?", "fragment"),
        ("Q1: Is the Mark8 suitable for beginners?", "fragment"),
        ("How many number of hires does the Marketing function have?", "fragment"),
        ("What happens whenever possible?", "fragment"),
        ("What does the what makes a good security policy? include?", "fragment"),
        ("What does technologies considered here include?", "unresolved_reference"),
        ("How do I use that?", "unresolved_reference"),
        ("How can I configure that?", "unresolved_reference"),
        ("What is a related setting here?", "unresolved_reference"),
        ("What are the default limits below?", "unresolved_reference"),
    ],
)
def test_questions_reviewers_discarded_are_rejected(question: str, code: str) -> None:
    lang = "de" if question.startswith("Was") else None
    found = check_case(question, ANSWER, ANSWER, language=lang)
    assert found is not None and found.code == code, found


@pytest.mark.parametrize(
    ("question", "kept"),
    [
        # "the same" with what it is the same as, in the question itself.
        ("Does TFTP support the same range of functions as FTP?", True),
        ("Can the review be done by the same staff member who monitored the file?", True),
        # ... and without it: the question points back at text it does not show.
        ("Does TFTP support the same range of functions?", False),
        ("Is the same rule applied to contractors?", False),
        # "similar", "more ..." with what they compare with, and without it.
        ("What do the authors use a similar approach for?", False),
        ("What is a more fully featured tool for viewing the package?", False),
        ("Which is the more expensive plan, Basic or Plus?", True),
        ("Is the approach similar to the one used for images?", True),
        ("Which tool is more complete than the command line viewer?", True),
        # A relative "that" inside the question points at nothing outside it.
        ("Which files does the tool format that Git ignores?", True),
        # "there" of a count is no place in the text.
        ("How many regional offices are there?", True),
    ],
)
def test_the_same_is_resolved_only_by_what_the_question_compares_it_with(
    question: str, kept: bool
) -> None:
    found = check_case(question, "No.", "No.")
    # Rejected as pointing at text it does not show, or as no clause a reader could ask.
    rejected = found is not None and found.code in ("unresolved_reference", "fragment")
    assert (not rejected) is kept, found


def test_an_answer_that_announces_or_cuts_a_list_is_incomplete() -> None:
    steps = (
        "You may appeal.\n1. Fill in the form online\n2. Attach your letter to it\n3. Send it to HR"
    )
    found = check_case("How do I submit an appeal?", "You may appeal.", steps)
    assert found is not None and found.code == "incomplete"
    found = check_case(
        "What are the qualifications?", "The following apply:", "The following apply:"
    )
    assert found is not None and found.code in ("incomplete", "fragment")
    whole = "Fill in the form online\nAttach your letter to it\nSend it to HR"
    assert check_case("How do I submit an appeal?", whole, steps) is None


def test_a_question_cut_before_the_clause_it_opens_is_not_written() -> None:
    asked = "Why is the audit paid from the expense fund unless the director determines that?"
    answer = "The audit is paid from the expense fund because it serves every case."
    found = check_case(asked, answer, answer)
    assert found is not None and found.code == "fragment"


def test_a_faq_heading_that_asks_two_questions_is_kept() -> None:
    # Two questions, each whole, are what a user asks; a question pasted inside another
    # ("... policy? include?") is not.
    question = "What is Drop/Add? What happens during the Drop/Add period?"
    answer = "Drop/Add is the first two weeks of term, when you may change your courses."
    assert check_case(question, answer, answer) is None


def test_answer_opening_on_the_problem_the_question_names_passes() -> None:
    answer = (
        "This means that you have exceeded the quota assigned to your deployment. "
        "You can check your current quota in the portal."
    )
    question = 'How do I fix the error "QuotaExceeded: This operation needs more capacity"?'
    assert check_case(question, answer, answer) is None
    assert check_case("What should I do if the deployment fails?", answer, answer) is None
    # The question names no problem, or the answer is not the text under it: still rejected.
    assert check_case("How do I check my quota?", answer, answer) is not None
    assert check_case(question, answer, "Earlier text. " + answer) is not None
    assert check_case("What should I do if it fails?", "This table lists them.", "x") is not None


def test_names_inside_a_quoted_error_message_are_the_words_a_user_sees() -> None:
    answer = "Add the user to the access group of the web app."
    question = 'How do I fix the error "The application web_access_12 blocks users"?'
    found = check_case(question, answer, answer)
    assert found is None or found.code != "raw_identifier", found
    found = check_case('What is the "web_access_12" setting?', answer, answer)
    assert found is not None and found.code == "raw_identifier"


def test_an_answer_that_points_at_steps_it_does_not_give_is_rejected() -> None:
    answer = "The tool provides ready-made parts and allows easy extension for both steps."
    found = check_case("What does the tool provide?", answer, answer)
    assert found is not None and found.code == "refers_elsewhere", found
    said = "Both steps run in the build service: first the compiler, then the linker."
    assert check_case("Where do the compile and link steps run?", said, said) is None


@pytest.mark.parametrize(
    "question",
    [
        # A connective that tied the sentence to the one before it.
        "So what did the committee decide about remote work?",
        "Which tariff applies to night trains in contrast?",
        # A conjunction where the subject belongs.
        "What is because the server restarts every night?",
        # "too much" without its degree word.
        "What happens if much is deducted from the monthly payment?",
        # The object the question asks for still after the verb, with its relative clause.
        "What does the billing service use a queue that is known for?",
        # A caption with a question mark: no question word, no verb.
        "Yearly maintenance costs of the pumps?",
    ],
)
def test_a_sentence_left_in_its_question_is_a_fragment(question: str) -> None:
    found = check_case(question, ANSWER, ANSWER, language="en")
    assert found is not None and found.code == "fragment", found


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("What does the billing service use customer data for?", "en"),
        ("What does the policy require the employee to do?", "en"),
        ("What do the read permissions of a shared folder apply to?", "en"),
        ("Why is much of the budget spent on travel?", "en"),
        ("Name the three service tiers?", "en"),
        # Questions in other languages, their language unsaid, have no English question word.
        ("Welche Tarife gibt es für Nachtzüge?", None),
        ("A quanti giorni di ferie hanno diritto i dipendenti?", None),
        ("Qu'est-ce qu'un journal ?", None),
    ],
)
def test_a_clause_of_its_own_is_no_fragment(question: str, language: str | None) -> None:
    found = check_case(question, ANSWER, ANSWER, language=language)
    assert found is None or found.code != "fragment", found
