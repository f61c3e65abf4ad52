"""The gate's meaning checks: the answer against the evidence (sentences, table rows).

Each code has cases it must reject and, as important, good cases from realistic
evidence it must keep: a false rejection costs as much as a false acceptance.
"""

from __future__ import annotations

import pytest

from datasetkit.generate.gate.admit import check_case
from datasetkit.generate.gate.values import dates, quantities, times

POLICY = (
    "Unused items can be returned within 30 days of delivery for a full refund. "
    "Refunds are paid to the original payment method within 5 business days after the "
    "parcel arrives at our warehouse."
)
TENTS = (
    "Model: Trailhead 2; Price: $149.00; Sleeps: 2; Weight (kg): 2.1; Season: 3-season\n"
    "Model: Basecamp 4; Price: $399.00; Sleeps: 4; Weight (kg): 6.5; Season: 3-season\n"
    "Model: Basecamp 6; Price: $599.00; Sleeps: 6; Weight (kg): 9.8; Season: 3-season\n"
    "Model: Summit 2 XT; Price: $449.00; Sleeps: 2; Weight (kg): 3.4; Season: 4-season"
)
JOB = (
    "Job ID: AI-1009; Job Title: AI Ethics & Policy Analyst; Department: Legal & Compliance; "
    "Location: Washington, DC; Level: Mid-Level; Salary Range: $120,000 - $155,000; "
    "Date Posted: 2026-02-18"
)


def _code(question: str, answer: str, evidence: str, **kw: object) -> str | None:
    found = check_case(question, answer, evidence, **kw)  # type: ignore[arg-type]
    return found.code if found else None


def _message(question: str, answer: str, evidence: str) -> str:
    found = check_case(question, answer, evidence)
    assert found is not None
    return found.message


# ----- reading values ---------------------------------------------------------------------


def test_numbers_are_read_by_value_with_their_units() -> None:
    def read(text: str) -> list[tuple[list[float], list[str]]]:
        return [(sorted(q.values), sorted(q.units)) for q in quantities(text)]

    assert read("1,500 or 1500 or 1.5k") == [([1.5, 1500.0], []), ([1500.0], []), ([1500.0], [])]
    assert read("¥9,000 per night") == [([9.0, 9000.0], ["CNY", "JPY"])]
    assert read("EUR 75 and 75 €") == [([75.0], ["EUR"]), ([75.0], ["EUR"])]
    assert read("20% or 20 percent") == [([20.0], ["%"]), ([20.0], ["%"])]
    assert read("9,8 kg") == [([9.8], ["kg"])]
    assert read("15–25 days") == [([15.0], ["day"]), ([25.0], ["day"])]
    assert read("five business days") == [([5.0], ["day"])]
    assert read("$1.2M") == [([1200000.0], ["AUD", "CAD", "HKD", "MXN", "NZD", "SGD", "USD"])]
    # Codes, names and list numbers are not figures.
    assert read("AI-1009 and the Basecamp 4.\n1. Open the portal; 2. Click Save") == []
    assert read("a 3-season tent") == [([3.0], ["season"])]


def test_dates_and_times_are_normalised() -> None:
    def ymd(text: str, language: str | None = None) -> list[tuple[int | None, ...]]:
        return [(d.year, d.month, d.day) for d in dates(text, language=language)]

    for text in ("2026-03-05", "March 5, 2026", "5 March 2026", "03/05/2026", "Mar 5th, 2026"):
        assert ymd(text) == [(2026, 3, 5)], text
    assert ymd("03/05/2026", "de") == [(2026, 5, 3)]
    assert ymd("5. März 2026", "de") == [(2026, 3, 5)]
    assert ymd("le 5 mars 2026", "fr") == [(2026, 3, 5)]
    assert ymd("5 de marzo de 2026", "es") == [(2026, 3, 5)]
    assert ymd("in March 2026") == [(2026, 3, None)]
    assert [t.minutes for t in times("from 9 am to 5:30 p.m., or 17 Uhr")] == [540, 1050, 1020]


# ----- number_mismatch --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "evidence"),
    [
        ("How much does the tent weigh?", "It weighs 6 kg.", "The tent weighs 9.8 kg."),
        (
            "How long is parental leave?",
            "Parental leave is 20 weeks.",
            "Parental leave is 8 weeks.",
        ),
        ("How long is the return window?", "45 days.", POLICY),
        ("When are refunds paid?", "Within 10 business days.", POLICY),
        ("What does the Basecamp 4 cost?", "$599.00", TENTS),  # another row's price
        ("How heavy is the Basecamp 6?", "6.5 kg", TENTS),
        ("Is the Basecamp 6 a 4-season tent?", "Yes, the Basecamp 6 is a 4-season tent.", TENTS),
        ("When does the office open?", "At 10:00.", "The office opens at 9 am."),
        ("How long is the return window?", "Three weeks.", "The return window is 14 days."),
    ],
)
def test_wrong_numbers(question: str, answer: str, evidence: str) -> None:
    assert _code(question, answer, evidence) == "number_mismatch"


def test_number_message_says_both_values() -> None:
    msg = _message("How much does the tent weigh?", "6 kg", "The tent weighs 9.8 kg.")
    assert msg == "the answer says 6 kg; the evidence says 9.8 kg"
    msg = _message("What does the Basecamp 4 cost?", "$599.00", TENTS)
    assert "Basecamp 6" in msg


@pytest.mark.parametrize(
    ("question", "answer", "evidence"),
    [
        (
            "How long is the return window?",
            "Unused items can be returned within thirty days.",
            POLICY.replace("30", "thirty"),
        ),
        ("How long is the return window?", "30 days from delivery.", POLICY),
        ("When are refunds paid?", "Within five business days after the parcel arrives.", POLICY),
        ("What does the Basecamp 4 cost?", "$399", TENTS),
        ("What does the Basecamp 4 cost?", "The Basecamp 4 costs 399 dollars.", TENTS),
        ("How heavy is the Basecamp 6?", "9.8 kilograms", TENTS),
        ("What is the salary range for AI-1009?", "$120,000 to $155,000 a year.", JOB),
        ("What is the salary range for AI-1009?", "Between $120k and $155k.", JOB),
        ("What is the limit?", "1500 dollars", "The limit is $1,500."),
        (
            "What share is reimbursed?",
            "20 percent of the cost",
            "The plan reimburses 20% of the cost.",
        ),
        (
            "What are the steps?",
            "1. Open Orders; 2. Choose the item.",
            "Open Orders. Choose the item.",
        ),
        (
            "What is the phone number?",
            "+1 (800) 555-0199",
            "Phone: +1 (800) 555-0199 (toll-free, 24/7)",
        ),
        (
            "When is the office open?",
            "From 9:00 to 17:00.",
            "The office is open from 9 am to 5 pm.",
        ),
        (
            "Can I return an item after 45 days?",
            "No, the window is 30 days, not 45.",
            POLICY,
        ),
        # The user's situation set beside the rule, not asserted as the rule.
        (
            "My parcel arrived 10 days ago. Can I return it?",
            "Yes, 10 days is within the 30-day window.",
            POLICY,
        ),
        # Units that convert exactly.
        ("How long is the return window?", "Two weeks.", "The return window is 14 days."),
        ("How heavy is it?", "About 9,800 grams.", "It weighs 9.8 kg."),
    ],
)
def test_right_numbers_pass(question: str, answer: str, evidence: str) -> None:
    assert _code(question, answer, evidence) is None


def test_computed_answers_skip_the_number_check() -> None:
    q = "What do the Trailhead 2 and the Basecamp 4 cost together?"
    assert _code(q, "$548.00 together.", TENTS) == "number_mismatch"
    assert _code(q, "$548.00 together.", TENTS, mode="computed") is None


# ----- unit_mismatch ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "evidence"),
    [
        ("How much is a night?", "9000 per night.", "A night costs ¥9,000."),
        ("How much does the tent weigh?", "It weighs 6 lb.", "It weighs 6 kg."),
        ("What is the fee?", "The fee is $75.", "The fee is EUR 75."),
        ("What is the win rate?", "34", "Metric: Win Rate; Value: 34%"),
        ("How long is parental leave?", "8 days", "Parental leave is 8 weeks."),
        ("How heavy is the Basecamp 6?", "9.8 lb", TENTS),  # the header says kg
    ],
)
def test_wrong_or_dropped_units(question: str, answer: str, evidence: str) -> None:
    assert _code(question, answer, evidence) == "unit_mismatch"


def test_unit_messages() -> None:
    assert (
        _message("How much is a night?", "9000", "A night costs ¥9,000.")
        == "the answer gives 9000 without the unit; the evidence says ¥9,000"
    )
    assert _message("What is the fee?", "$75", "The fee is EUR 75.") == (
        "the answer says $75; the evidence says EUR 75"
    )


@pytest.mark.parametrize(
    ("question", "answer", "evidence"),
    [
        ("How much is a night?", "¥9,000 per night.", "A night costs ¥9,000."),
        ("How many yen is a night?", "9000", "A night costs ¥9,000."),
        ("What is the fee?", "75 euros", "The fee is EUR 75."),
        ("What is the value for Win Rate?", "34%", "Metric: Win Rate; Value: 34%"),
        ("What percentage of deals were won?", "34", "Metric: Win Rate; Value: 34%"),
        ("How heavy is the Basecamp 6?", "9.8", TENTS),  # the unit is in the header
        ("How heavy is the Basecamp 6?", "9.8 kg", TENTS),
        ("How many weeks is parental leave?", "8", "Parental leave is 8 weeks."),
        ("What is the salary min for AI-1004?", "$155,000", "Job ID: AI-1004; Salary Min: 155000"),
    ],
)
def test_right_units_pass(question: str, answer: str, evidence: str) -> None:
    assert _code(question, answer, evidence) is None


# ----- date_mismatch ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "evidence"),
    [
        ("When does enrolment close?", "On 5 March 2026.", "Enrolment closes on 2026-05-03."),
        ("When was AI-1009 posted?", "On February 19, 2026.", JOB),
        ("When was the policy updated?", "In April 2026.", "It was last updated in March 2026."),
        ("When is the deadline?", "March 5, 2026", "The deadline is not announced yet."),
    ],
)
def test_wrong_dates(question: str, answer: str, evidence: str) -> None:
    assert _code(question, answer, evidence) == "date_mismatch"


@pytest.mark.parametrize(
    ("question", "answer", "evidence"),
    [
        ("When does enrolment close?", "On March 5, 2026.", "Enrolment closes on 2026-03-05."),
        ("When does enrolment close?", "03/05/2026", "Enrolment closes on 5 March 2026."),
        ("When was AI-1009 posted?", "2026-02-18", JOB),
        ("When was AI-1009 posted?", "It was posted on 18 Feb 2026.", JOB),
        (
            "Until when can sale items be returned?",
            "Until 31 January.",
            "Sale items can be returned until 31 January.",
        ),
        ("When was the policy updated?", "In March 2026.", "It was last updated in March 2026."),
    ],
)
def test_right_dates_pass(question: str, answer: str, evidence: str) -> None:
    assert _code(question, answer, evidence) is None


def test_dates_follow_the_language() -> None:
    ev = "Die Anmeldung endet am 03.05.2026."
    assert _code("Wann endet die Anmeldung?", "Am 3. Mai 2026.", ev, language="de") is None
    assert _code("Wann endet die Anmeldung?", "Am 5. März 2026.", ev, language="de") == (
        "date_mismatch"
    )


# ----- entity_mismatch --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "evidence"),
    [
        (
            "Which tent is best for families?",
            "The Basecamp 6 is best for families.",
            "The Basecamp 4 is our family tent.",
        ),
        (
            "Who runs the helpline?",
            "The Zephyr Group runs it.",
            "The Ethics Helpline is run by Acme's compliance team.",
        ),
        ("What is the job title for AI-1009?", "AI-1002 is an AI Product Manager.", JOB),
        (
            "Which plan covers dental?",
            "The Silver Plan covers dental.",
            "The Gold Plan covers dental and vision.",
        ),
    ],
)
def test_names_the_evidence_does_not_have(question: str, answer: str, evidence: str) -> None:
    assert _code(question, answer, evidence) == "entity_mismatch"


@pytest.mark.parametrize(
    ("question", "answer", "evidence"),
    [
        (
            "How many days of PTO do employees get?",
            "According to the Employee Handbook, full-time employees get 20 days of PTO.",
            "Full-time employees receive 20 days of PTO per year.",
        ),
        (
            "What is Northwind Standard?",
            "Northwind Standard is a basic plan for medical, vision and dental services.",
            "Northwind Standard is a basic plan that provides coverage for medical, vision, and dental services.",
        ),
        (
            "Who do I contact about privacy?",
            "Contact the Privacy Officer at privacy@contoso.com.",
            "Please contact the Privacy Officer at privacy@contoso.com.",
        ),
        ("Where is AI-1009 based?", "In Washington, DC.", JOB),
        (
            "What does PerksPlus cover?",
            "PerksPlus covers gym memberships and yoga classes.",
            "PerksPlus covers a wide range of fitness activities such as gym memberships and yoga classes.",
        ),
        ("What does the Basecamp 4 cost?", "The Basecamp 4 costs $399.", TENTS),
    ],
)
def test_names_from_the_evidence_or_question_pass(
    question: str, answer: str, evidence: str
) -> None:
    assert _code(question, answer, evidence) is None


def test_names_from_the_document_title_pass_with_context() -> None:
    ev = "Employees receive 20 days of PTO per year."
    a = "At Contoso Electronics, employees receive 20 days of PTO per year."
    assert _code("How much PTO do employees get?", a, ev) == "entity_mismatch"
    ctx = "Contoso Electronics Employee Handbook\nTime off"
    assert _code("How much PTO do employees get?", a, ev, context=ctx) is None


# ----- polarity_mismatch ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "evidence"),
    [
        (
            "Are cosmetic procedures covered?",
            "Yes, cosmetic procedures are covered.",
            "Cosmetic procedures are not covered under the plan.",
        ),
        (
            "Can employees share passwords?",
            "Yes.",
            "Employees must never share passwords with anyone.",
        ),
        ("Is remote work allowed for interns?", "Yes.", "Remote work is not allowed for interns."),
        (
            "Can I bring my dog to the office?",
            "Yes, dogs are welcome.",
            "You cannot bring your dog to the office.",
        ),
        (
            "Can gas canisters be returned?",
            "Yes, gas canisters can be returned.",
            "Gas canisters, opened food and personalised items cannot be returned.",
        ),
        (
            "Is gambling allowed at company events?",
            "Yes.",
            "Gambling is prohibited at company events.",
        ),
        (
            "Does Northwind Standard cover dental?",
            "No.",
            "Northwind Standard covers dental, vision and medical services.",
        ),
        (
            "Is the deposit refundable?",
            "The deposit is not refundable.",
            "The deposit is refundable within 14 days.",
        ),
        (
            "¿Está cubierto el dentista?",
            "Sí, el dentista está cubierto.",
            "El dentista no está cubierto por el plan.",
        ),
        (
            "Ist Homeoffice für Praktikanten erlaubt?",
            "Ja, Homeoffice ist für Praktikanten erlaubt.",
            "Homeoffice ist für Praktikanten nicht erlaubt.",
        ),
    ],
)
def test_yes_where_the_evidence_says_no(question: str, answer: str, evidence: str) -> None:
    lang = "es" if question.startswith("¿") else "de" if question.startswith("Ist") else None
    assert _code(question, answer, evidence, language=lang) == "polarity_mismatch"


@pytest.mark.parametrize(
    ("question", "answer", "evidence"),
    [
        (
            "Are cosmetic procedures covered?",
            "No, cosmetic procedures are not covered.",
            "Cosmetic procedures are not covered under the plan.",
        ),
        (
            "Is dental covered?",
            "Yes, dental is covered.",
            "Dental is covered, but orthodontics are not.",
        ),
        ("Are orthodontics covered?", "No.", "Dental is covered, but orthodontics are not."),
        (
            "Can I return an item after 30 days?",
            "No, returns are accepted within 30 days of delivery.",
            "Returns are accepted within 30 days of delivery.",
        ),
        (
            "Is preventive care free?",
            "Yes, it is available at no additional cost.",
            "Preventive care is available at no additional cost.",
        ),
        (
            "Is there a fee for preventive care?",
            "No.",
            "Preventive care is available at no additional cost.",
        ),
        (
            "Do I need to submit claims within 90 days?",
            "Yes, no later than 90 days after the service.",
            "Claims must be submitted no later than 90 days after the service.",
        ),
        (
            "Can I take leave after the probation period?",
            "Yes, once the probation period is over.",
            "Leave cannot be taken during the probation period.",
        ),
        (
            "Can I get a refund without a receipt?",
            "No, a receipt is required.",
            "Refunds are not given without a receipt.",
        ),
        (
            "Can employees use AI tools?",
            "Yes, approved AI tools for business purposes.",
            "Employees may use approved AI tools for business purposes, but must not enter confidential data.",
        ),
        ("Is the deposit refundable?", "Yes.", "The deposit is refundable within 14 days."),
        (
            "No cubre el plan el dentista?",
            "No, el dentista no está cubierto.",
            "El dentista no está cubierto por el plan.",
        ),
    ],
)
def test_yes_and_no_that_agree_pass(question: str, answer: str, evidence: str) -> None:
    lang = "es" if question.startswith("No cubre") else None
    assert _code(question, answer, evidence, language=lang) is None


def test_polarity_message_quotes_the_evidence() -> None:
    msg = _message(
        "Is remote work allowed for interns?", "Yes.", "Remote work is not allowed for interns."
    )
    assert msg == "the answer says yes; the evidence says 'Remote work is not allowed for interns.'"


def test_corrections_are_not_judged_as_yes_or_no() -> None:
    q = "Since the deposit is not refundable, should I skip paying it?"
    a = "No: the deposit is refundable within 14 days."
    assert _code(q, a, "The deposit is refundable within 14 days.", mode="correction") is None


@pytest.mark.parametrize(
    ("language", "question", "wrong", "right", "evidence"),
    [
        (
            "fr",
            "Les soins dentaires sont-ils couverts ?",
            "Oui, ils sont couverts.",
            "Non, les soins dentaires ne sont pas couverts.",
            "Les soins dentaires ne sont pas couverts par le régime.",
        ),
        (
            "it",
            "Le cure dentistiche sono coperte?",
            "Sì, le cure dentistiche sono coperte.",
            "No, le cure dentistiche non sono coperte.",
            "Le cure dentistiche non sono coperte dal piano.",
        ),
        (
            "pt",
            "O tratamento dentário está coberto?",
            "Sim, o tratamento dentário está coberto.",
            "Não, o tratamento dentário não está coberto.",
            "O tratamento dentário não está coberto pelo plano.",
        ),
        (
            "nl",
            "Wordt tandzorg vergoed?",
            "Ja, tandzorg wordt vergoed.",
            "Nee, tandzorg wordt niet vergoed.",
            "Tandzorg wordt niet vergoed door het plan.",
        ),
        (
            "de",
            "Ist Zahnersatz abgedeckt?",
            "Nein.",
            "Ja, Zahnersatz ist abgedeckt.",
            "Zahnersatz ist im Tarif abgedeckt.",
        ),
    ],
)
def test_yes_and_no_in_other_languages(
    language: str, question: str, wrong: str, right: str, evidence: str
) -> None:
    assert _code(question, wrong, evidence, language=language) == "polarity_mismatch"
    assert _code(question, right, evidence, language=language) is None


def test_an_answer_quoting_its_evidence_always_passes_in_every_language() -> None:
    from tests.helpers.language_samples import SAMPLES

    questions = {
        "en": "What does the policy say?",
        "de": "Was steht in der Richtlinie?",
        "fr": "Que dit la politique ?",
        "es": "¿Qué dice la política?",
        "it": "Cosa dice la politica?",
        "pt": "O que diz a política?",
        "nl": "Wat zegt het beleid?",
    }
    for language, passages in SAMPLES.items():
        for passage in passages:
            q = questions.get(language, "What does it say?")
            assert check_case(q, passage, passage, language=language) is None, (language, passage)


def test_a_faq_s_own_question_in_the_evidence_states_nothing() -> None:
    # The evidence of a FAQ pair holds its question ("Is ... allowed?"): that question is
    # no statement the answer's "No." contradicts.
    question = "Is volunteering with a political organization allowed?"
    answer = "No. Volunteer time cannot be used for political campaigns or religious instruction."
    assert _code(question, answer, f"{question}\n{answer}") is None
