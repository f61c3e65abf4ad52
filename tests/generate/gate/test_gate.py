"""The quality gate: its API and the shape checks (is it a question, is it an answer)."""

from __future__ import annotations

import pytest

from datasetkit.generate.gate.admit import CODES, MODES, Gate, Rejection, check_case

ROW = (
    "Job ID: AI-1009; Job Title: AI Ethics & Policy Analyst; Department: Legal & Compliance; "
    "Location: Washington, DC; Level: Mid-Level; Salary Range: $120,000 - $155,000"
)


def _code(question: str, answer: str, evidence: str = "", **kw: object) -> str | None:
    found = check_case(question, answer, evidence, **kw)  # type: ignore[arg-type]
    assert found is None or found.code in CODES, found
    return found.code if found else None


def test_codes_are_stable_and_described() -> None:
    assert set(CODES) == {
        "fragment",
        "form_label",
        "blank",
        "placeholder",
        "answer_in_question",
        "near_duplicate",
        "number_mismatch",
        "date_mismatch",
        "unit_mismatch",
        "entity_mismatch",
        "polarity_mismatch",
        "refers_elsewhere",
        "raw_identifier",
        "unresolved_reference",
        "templated",
        "incomplete",
        "trivial",
        "damaged",
        "furniture",
        "no_definition",
    }
    assert all(isinstance(v, str) and v for v in CODES.values())


def test_rejection_is_a_frozen_value() -> None:
    r = check_case("What is the price?", "N/A", "Price: N/A")
    assert r == Rejection("blank", r.message if r else "")
    with pytest.raises(AttributeError):
        r.code = "x"  # type: ignore[misc,union-attr]


# ----- fragment ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "What is service is medically necessary and?",
        "What is Performance reviews are conducted annually and?",
        "What is Performance reviews are conducted annually?",
        "What is the deadline is?",
        "What is the Per-Item Value (USD) for Host must attend. Pre-approval required if over this amount.?",
        "What is the refund window for the?",
        "What are the rules of?",
        "Which documents are required because?",
        "Was ist Leistungsbeurteilungen werden jährlich durchgeführt und?",
        "What does the guidance say about personal data is stored?",
        "What is the contact for Returns must be sent within 30 days.?",
        # the question's clause cut into an aside it ends in
        "How many bytes should changes in file lengths (a user be suspicious if files have grown by)?",
    ],
)
def test_malformed_questions_are_fragments(question: str) -> None:
    lang = "de" if question.startswith("Was") else None
    assert _code(question, "Performance reviews happen every year.", language=lang) == "fragment"


def test_an_aside_of_examples_is_part_of_a_whole_question() -> None:
    question = "How will classes be offered in the fall (e.g., all in-person, online, or a mix)?"
    assert _code(question, "Classes will be offered both in person and online.") is None


@pytest.mark.parametrize(
    "question",
    [
        "What is the travel form used for?",
        "Which plan is Alex eligible for?",
        "Who do I report to?",
        "What is the price for Plan A?",
        "What are the documents employees must submit?",
        "What is the maximum amount the plan will pay?",
        "What is the first thing I should do?",
        "What is PTO and how do I request it?",
        "What is the price of a ticket that is refundable?",
        "What are employees expected to wear?",
        "I bought a tent last week. Can I still return it?",
        "Summarise the returns policy.",
        "How are refunds paid?",
        "Wie melde ich mich an?",
        "What can I use my stipend for?",
        "Which is cheaper, the Gold plan or the Silver plan?",
        "What should employees who are sick do?",
        # The full stop of a name's initial or an abbreviation, no sentence pasted in.
        "What is the lead conversion rate for Jill T.?",
        "Who is the supplier contact at Northwind Traders Inc.?",
    ],
)
def test_well_formed_questions_pass(question: str) -> None:
    lang = "de" if question.startswith("Wie") else None
    assert _code(question, "Ask the HR team for details.", language=lang) is None


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            "How often are reviews held?",
            "Performance reviews are conducted annually and",
        ),
        ("Which gifts must be declared?", "Gifts must be declared to the"),
        ("What is Covered?", "PerksPlus covers a wide range of fitness activities, including:"),
        ("What must employees do when they leave?", "Upon separation, employees must:"),
        ("When may employees take leave?", "Employees may take leave, subject to"),
        ("How must travel be booked?", "Travel must be booked through the portal,"),
        ("What does the Employee Handbook cover?", "Last Updated: 2023-03-05"),
        # A sentence cut where a line broke, at a preposition a phrase may end in.
        ("What is the main risk?", "The war and the related international sanctions aimed at"),
    ],
)
def test_cut_off_answers_and_headings_are_fragments(question: str, answer: str) -> None:
    assert _code(question, answer, answer) == "fragment"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("What is the location for AI-1005?", "Denver, CO"),
        ("What is the department for AI-1009?", "Legal & Compliance"),
        ("What is the Per-Item Value for business entertainment?", "Up to $250 per person"),
        ("What does the kiosk button say?", "Check in"),
        ("What is the job title for AI-1001?", "Senior Machine Learning Engineer"),
        ("What is the plan for option 2?", "Plan A"),
        ("How do I sign in to the benefits portal?", "Open the portal and choose Sign in"),
    ],
)
def test_short_lookup_answers_are_not_fragments(question: str, answer: str) -> None:
    assert _code(question, answer) is None


# ----- form_label, blank, placeholder ---------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "evidence"),
    [
        ("What is the signature?", "____ Date: ____", "Signature: ____ Date: ____"),
        ("What is the Employee Name (printed)?", "Signature: ___", "Signature: ___"),
        ("What should I write?", "Name: [ ]", "Name: [ ]"),
        ("What is Job Title?", "Department", "Job Title | Department | Location | Salary Range"),
        ("What is Name?", "Enter your name", "Name:\nDate:\nSignature:"),
        (
            "What is the Job Title?",
            "Job Title",
            "Job ID: Job ID; Job Title: Job Title; Level: Level",
        ),
    ],
)
def test_form_fields_and_form_labels(question: str, answer: str, evidence: str) -> None:
    assert _code(question, answer, evidence) == "form_label"


def test_a_label_with_a_value_is_not_a_form() -> None:
    assert _code("What is the email?", "ethics@acme.example", "Email: ethics@acme.example") is None
    assert _code("What is the level for AI-1009?", "Mid-Level", ROW) is None


@pytest.mark.parametrize("answer", ["", "   ", "N/A", "n/a", "TBD", "-", "—", "None", "?", "..."])
def test_empty_answers_are_blank(answer: str) -> None:
    assert _code("What is the price of the Basecamp 6?", answer) == "blank"


@pytest.mark.parametrize(
    "answer",
    [
        "[insert price]",
        "Lorem ipsum dolor sit amet.",
        "XXX",
        "<placeholder>",
        "The price is {{price}}.",
        "TODO: ask finance",
        "[PLACEHOLDER] describe the answer.",
    ],
)
def test_placeholder_answers(answer: str) -> None:
    assert _code("What is the price of the Basecamp 6?", answer) == "placeholder"


def test_placeholder_question() -> None:
    assert _code("What can [agent name] help me with?", "Leave and payroll.") == "placeholder"


@pytest.mark.parametrize(
    "answer",
    [
        'To do either, please get in touch with {% slack_channel "talent" "the Talent team" %}.',
        "Requests go to the desk listed at {{ site.support_email }} by Friday.",
        "Send the form to the office. <!-- update the address after the move -->",
    ],
)
def test_unrendered_template_markup_is_not_written(answer: str) -> None:
    # A page template's tags are text no reader of the rendered page ever saw.
    evidence = answer
    assert _code("Who do I contact about a new role?", answer, evidence) == "placeholder"


# ----- answer_in_question -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            "What is the scenario for Travel or lodging paid by a third party?",
            "Travel or lodging paid by a third party",
        ),
        ("What is the key result for 4 new strategic deals?", "4 new strategic deals"),
        ("What does the Northwind Standard plan cover?", "Northwind Standard"),
    ],
)
def test_answers_the_question_already_holds(question: str, answer: str) -> None:
    assert _code(question, answer) == "answer_in_question"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Is the deposit refundable?", "Yes"),
        ("Which is cheaper, the Gold plan or the Silver plan?", "The Silver plan"),
        ("What is Northwind Standard?", "Northwind Standard is a basic plan for medical care."),
        ("Is the office open on Monday?", "No"),
    ],
)
def test_short_answers_choices_and_restatements_are_kept(question: str, answer: str) -> None:
    assert _code(question, answer, answer) is None


# ----- modes ------------------------------------------------------------------------------


def test_refusals_and_conversations_get_shape_checks_only() -> None:
    # An unanswerable question's expected response says the knowledge does not tell.
    assert (
        check_case(
            "What is the parental leave policy in Japan?",
            "I don't know: the documents do not cover Japan.",
            "",
            mode="shape",
        )
        is None
    )
    assert check_case("What is the deadline for the?", "I can't say.", "", mode="shape")
    found = check_case("What does it cost?", "N/A", "", mode="shape")
    assert found is not None and found.code == "blank"
    with pytest.raises(ValueError):
        check_case("q?", "a", "", mode="nonsense")
    assert set(MODES) == {"answer", "computed", "correction", "shape", "seed"}


def test_false_premise_corrections_may_repeat_the_question() -> None:
    ev = "The Basecamp 6 is a 3-season tent."
    q = "Since the Basecamp 6 is a 4-season tent, can I use it in winter?"
    a = "The Basecamp 6 is a 3-season tent, not a 4-season tent."
    assert check_case(q, a, ev, mode="correction") is None


# ----- Gate ---------------------------------------------------------------------------------


def test_gate_counts_rejections_and_remembers_admitted_questions() -> None:
    gate = Gate()
    ev = "Unused items can be returned within 30 days of delivery for a full refund."
    assert (
        gate.admit("How long do I have to return an item?", "Within 30 days of delivery.", ev)
        is None
    )
    dup = gate.admit("How long do I have to return an item ?", "30 days.", ev)
    assert dup is not None and dup.code == "near_duplicate"
    assert "similar to an earlier one" in dup.message
    near = gate.admit("How long do I have to return the item?", "30 days.", ev)
    assert near is not None and near.code == "near_duplicate"
    assert gate.admit("How long do I have to return an item?", "N/A", ev).code == "blank"  # type: ignore[union-attr]
    # A rejected case is not remembered: the same question may come back with a good answer.
    assert gate.admit("What is the refund window?", "N/A", ev) is not None
    assert gate.admit("What is the refund window?", "30 days of delivery.", ev) is None
    assert gate.counts == {"near_duplicate": 2, "blank": 2}
    assert gate.admitted == 2 and gate.rejected == 4
    assert gate.summary() == "rejected 4: blank 2, near_duplicate 2"
    assert Gate().summary() == "rejected 0"


def test_gate_rejects_repeats_of_existing_prompts_and_compares_conversations_whole() -> None:
    gate = Gate(["What is the refund window for online orders?"])
    found = gate.admit("What is the refund window for online orders ?", "30 days.", "")
    assert found is not None and found.code == "near_duplicate" and "existing" in found.message
    first = ["What is the refund window?", "And for sale items?"]
    assert gate.admit(first[0], "30 days.", "", prompts=first, mode="shape") is None
    other = ["What is the refund window?", "Who pays for return shipping?"]
    assert gate.admit(other[0], "30 days.", "", prompts=other, mode="shape") is None
    assert gate.admit(first[0], "30 days.", "", prompts=first, mode="shape") is not None


def test_gate_language_applies_per_case() -> None:
    gate = Gate(language="de")
    # German questions end in separable particles; English ones may not end in "and".
    assert gate.admit("Wie melde ich mich an?", "Über das Portal.", "") is None
    found = gate.admit("What is Performance reviews are done and?", "Yearly.", "", language="en")
    assert found is not None and found.code == "fragment"


def test_an_answer_that_points_at_text_it_does_not_give_is_rejected() -> None:
    evidence = "If you meet the criteria listed above, you may be eligible for coverage."
    assert _code("Who is eligible for coverage of out-of-area care?", evidence, evidence) == (
        "refers_elsewhere"
    )
    assert _code("Who is eligible?", "Members who live abroad (see below).", evidence) == (
        "refers_elsewhere"
    )
    assert _code("Who is eligible?", "Members who live abroad for over 6 months.", evidence) != (
        "refers_elsewhere"
    )


def test_a_refusal_or_conversation_answer_cut_off_mid_sentence_is_rejected() -> None:
    # Shape mode (refusals, conversations, starter cases) quotes nothing, but an answer
    # that stops mid-sentence is still broken.
    assert _code(
        "What is the category?", "This is a starter case for the category of", mode="shape"
    ) == ("fragment")
    assert (
        _code(
            "Can you book my flight?", "I can't book flights; use the travel portal.", mode="shape"
        )
        is None
    )


@pytest.mark.parametrize(
    "question",
    [
        "How many alphanumeric?",
        "What are notification to the manager?",
        "What are the main risk?",
        "What is the classic problem?",
        "Why do email systems have long been a target?",
        "What happens when budgeting for travel?",
        "What is the fax number of the agency will consider all comments?",
    ],
)
def test_questions_whose_words_do_not_agree_are_fragments(question: str) -> None:
    assert _code(question, "Ask the HR team for details.") == "fragment"


@pytest.mark.parametrize(
    "question",
    [
        "How many yen is a night?",
        "How many hours per week can I work?",
        "How many full-time staff are there?",
        "What are the rules for travel?",
        "What is the problem with shared passwords?",
        "What percentage of staff can work remotely?",
        "What is the name of the person who can approve a claim?",
    ],
)
def test_plurals_without_s_and_named_subjects_pass(question: str) -> None:
    assert _code(question, "Ask the HR team for details.") is None


def test_an_answer_that_leans_on_a_passage_it_does_not_quote_is_rejected() -> None:
    evidence = "Travellers pay these additional costs themselves."
    assert _code("Who pays for a seat upgrade?", evidence, evidence) == "unresolved_reference"
    # A thing the question names is no pointer.
    summary = "This summary lists the open actions."
    assert _code("What will the summary include?", summary, summary) is None


@pytest.mark.parametrize(
    "question", ["What is the limit set in section 4.2?", "What is the limit as described?"]
)
def test_a_question_pointing_at_a_numbered_section_or_earlier_text_is_rejected(
    question: str,
) -> None:
    answer = "The limit is 50 euros."
    assert _code(question, answer, answer) == "unresolved_reference"


@pytest.mark.parametrize(
    ("question", "code"),
    [
        ("What are other important issues?", "unresolved_reference"),
        ("What else is covered?", "unresolved_reference"),
        ("What other documents do I need besides a passport?", None),
        ("Are benefits paid to people other than employees?", None),
        ("How do teams talk to each other?", None),
    ],
)
def test_other_needs_what_it_is_other_than(question: str, code: str | None) -> None:
    answer = "Ask the HR team for details."
    assert _code(question, answer, answer) == code


@pytest.mark.parametrize(
    ("question", "code"),
    [
        ("What are 5.3 ● ● Accommodation Limits?", "fragment"),
        ("What is the fax number for comments; confidential business information?", "fragment"),
        ("What is the note 2 to paragraph (i)?", "unresolved_reference"),
        ("What does Table 2 show?", "unresolved_reference"),
        ("What is the top block?", "unresolved_reference"),
        ("What is the upper limit for hotels?", None),
        ("What is the penalty in clause 7 of the Lease Agreement?", None),
        ("What is the price of 2.5 L Bottles?", None),
    ],
)
def test_list_glyphs_spliced_pieces_and_places_in_the_document(
    question: str, code: str | None
) -> None:
    answer = "The limit is 50 euros."
    assert _code(question, answer, answer) == code


@pytest.mark.parametrize(
    ("answer", "code"),
    [
        (
            "The expenses 2. Scope purpose incurred of and this by policy employees is to in the",
            "fragment",
        ),
        (
            "All of Employees required the reimbursements must to be the the supported HR.",
            "fragment",
        ),
        ("Log in to the portal and sign in with your staff ID.", None),
        ("You can choose from a variety of in-network providers.", None),
    ],
)
def test_an_answer_whose_words_are_out_of_order_is_a_fragment(
    answer: str, code: str | None
) -> None:
    assert _code("What does the policy on travel expenses cover?", answer, answer) == code


@pytest.mark.parametrize(
    "answer",
    [
        # Entries of a contents page: titles with the page each starts on.
        "ANNUAL BUDGETS6-1\nAMENDED BUDGETS6-1\nOPERATING RESERVE6-10",
        "BANKS4-1",
        "Introduction ... 3\nScope ... 4\nDefinitions ... 7",
        "1. Purpose\t1-1\n2. Scope\t1-2",
    ],
)
def test_a_table_of_contents_is_no_answer(answer: str) -> None:
    assert _code("What does chapter 6 of the handbook cover?", answer, answer) == "fragment"


@pytest.mark.parametrize(
    "answer",
    [
        "Economy 25\nPremium 40\nBusiness 95",  # a number after a space is no page number
        "Ask for form SF-1 or form B4-1 at the desk.",
        "Tents and backpacks carry a 2-year warranty.",
        "Drop the parcel at any post office within 7 days.\nKeep the receipt for 30 days.",
    ],
)
def test_lines_that_end_in_a_number_are_not_a_table_of_contents(answer: str) -> None:
    assert _code("What are the baggage fees for each cabin?", answer, answer) != "fragment"


def test_a_contents_entry_wrapped_over_two_lines_is_still_contents() -> None:
    answer = (
        "SAFETY AND SECURITY4-23\nDUTY TO REPORT INTRUSIONS4-24\nDUTY TO REPORT LOSS OF PERSONALLY"
    )
    assert _code("What does chapter 4 of the handbook cover?", answer, answer) == "fragment"
