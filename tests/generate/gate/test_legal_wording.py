"""The gate on the wording of contracts and policies: a word that names the document
itself ("hereon") leaves a question unresolved, an answer cut off at an item's label is
a fragment, and "such <thing>" after the answer has named the thing resolves inside it."""

from __future__ import annotations

from datasetkit.generate.gate.admit import check_case

TERM = (
    "Business Impersonation means fraudulent communications from a third party designed "
    "to deceive an employee into sharing credentials with such third party."
)


def test_a_question_that_names_the_document_as_hereon_is_unresolved() -> None:
    q = "Will assignment of interest bind the Insurer unless its consent is endorsed hereon?"
    a = "No. Assignment of interest will not bind the Insurer unless its consent is endorsed hereon."
    found = check_case(q, a, a, language="en")
    assert found is not None and found.code == "unresolved_reference", found


def test_an_answer_cut_at_an_item_label_is_a_fragment() -> None:
    a = "Network Incident means the failure of the Insured to prevent: (1)"
    found = check_case("What does Network Incident mean?", a, a, language="en")
    assert found is not None and found.code == "fragment", found
    kept = "Basecamp 6 (sleeps 6)"
    assert check_case("Which tent sleeps the most people?", kept, kept, language="en") is None


def test_such_a_thing_the_answer_names_is_resolved() -> None:
    assert check_case("What does Business Impersonation mean?", TERM, TERM, language="en") is None
    outside = "Such costs must be approved by the board."
    found = check_case("Who approves payments?", outside, outside, language="en")
    assert found is not None and found.code == "unresolved_reference", found


def test_a_question_for_a_phone_number_needs_one_in_its_answer() -> None:
    q = "What phone number can I call about a network security incident?"
    a = "The regulation shall also include any rules enacted under Regulation (EU) 2016/679."
    found = check_case(q, a, a, language="en")
    assert found is not None, found
    given = "Call the incident hotline at +1 800 555 0199, day or night."
    assert check_case(q, given, given, language="en") is None


def test_a_figure_question_that_states_the_other_figures_holds_its_answer() -> None:
    a = "The remaining tax of $10.5 billion is payable over three years, with $2.7 billion payable within 12 months."
    q = "Within how many months is the remaining tax of $10.5 billion payable over three years, with $2.7 billion payable?"
    found = check_case(q, a, a, language="en")
    assert found is not None and found.code == "answer_in_question", found
    one = "How much is the late fee for orders over $50?"
    said = "Orders over $50 that are paid late carry a late fee of $5."
    assert check_case(one, said, said, language="en") is None
