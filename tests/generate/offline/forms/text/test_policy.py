"""Policy and comparison forms of the offline generator, on documents the tests write:
what happens to someone who breaks a rule, what a program is for, rights, access,
whom to contact about a topic, how something is done or calculated, a "Yes" with a
limit, what a report observed, and what one of two plans covers that the other does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.generate.gate.polarity import polarity
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.forms.text.policy import policy_fact
from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.offline.language.words import DocWords
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load


def _pairs(files: list[Path], count: int) -> dict[str, str]:
    docs = load(files)
    chunks = chunk_documents([d for d in docs if d.sections], 1500)
    gen = OfflineGenerator()
    plan = build_plan(chunks, count, 1, capacity=gen.capacity)
    result = gen.generate_knowledge(plan)
    return {gc.case.turns[0].prompt: gc.case.turns[0].expected_response for gc in result.cases}


def _ctx(org: str | None = "Fabrikam", period: str | None = None) -> DocContext:
    return DocContext(
        DocWords(["Fabrikam runs the Fabrikam Wellness Program."]), org=org, period=period
    )


@pytest.mark.parametrize(
    ("sentence", "question"),
    [
        (
            "Any employee who retaliates against a whistleblower will be subject to "
            "disciplinary action, up to and including termination.",
            "What happens to an employee who retaliates against a whistleblower?",
        ),
        (
            "Contractors who share customer data without approval may face removal from "
            "the project.",
            "What happens to contractors who share customer data without approval?",
        ),
        (
            "You have the right to access, review, and request a copy of your personal "
            "information that we have collected and stored.",
            "What rights do I have regarding my personal information?",
        ),
        (
            "Access to payroll records must be restricted to authorized personnel only.",
            "Who can access payroll records?",
        ),
        (
            "If you have any questions or concerns about our travel rules, please contact "
            "the Travel Desk at travel@fabrikam.example.",
            "Who should I contact about Fabrikam's travel rules?",
        ),
        (
            "We use two-factor sign-in and encrypted disks to protect customer records on laptops.",
            "How does Fabrikam protect customer records on laptops?",
        ),
        (
            "The monthly premium will be calculated based on the plan you choose and the "
            "number of people covered.",
            "How is the monthly premium calculated?",
        ),
        (
            "Employees are also encouraged to report any suspicious activity or behavior to "
            "their supervisor or the security desk.",
            "Who should I report suspicious activity or behavior to?",
        ),
        (
            "Fabrikam collects, stores, and uses personal information for a variety of "
            "purposes, such as to process orders and answer customer inquiries.",
            "What does Fabrikam use personal information for?",
        ),
        (
            "All customer data must be encrypted when stored or transferred.",
            "When must customer data be encrypted?",
        ),
        (
            "All laptops used for client work must be protected with full-disk encryption.",
            "How must laptops used for client work be protected?",
        ),
        (
            "With Fabrikam Gold, you can choose from a variety of in-network providers, "
            "including family doctors, specialists and hospitals.",
            "Which in-network providers can I choose from with Fabrikam Gold?",
        ),
        (
            "Fabrikam deducts the employee's share of the premium from each paycheck.",
            "How is the employee's share of the premium paid?",
        ),
    ],
)
def test_a_policy_sentence_is_asked_by_its_shape(sentence: str, question: str) -> None:
    fact = policy_fact(sentence, _ctx())
    assert fact is not None and fact.question == question
    assert fact.answer == sentence  # the whole sentence answers


def test_a_yes_is_asked_only_when_the_answer_adds_a_limit() -> None:
    limited = policy_fact(
        "The identity of the reporter will be kept confidential to the extent permitted by law.",
        _ctx(),
    )
    assert limited is not None
    assert limited.question == "Will the identity of the reporter be kept confidential?"
    assert limited.answer.startswith("Yes. ") and "to the extent permitted by law" in limited.answer
    # Without a limit, "Yes. <the sentence>" would only repeat the question.
    assert policy_fact("The identity of the reporter will be kept confidential.", _ctx()) is None


def test_we_and_our_need_a_named_organisation() -> None:
    sentence = "We use encrypted disks to protect customer records on laptops."
    assert policy_fact(sentence, _ctx(org=None)) is None
    vague = "We use encrypted disks to protect it at all times."
    assert policy_fact(vague, _ctx()) is None  # "protect it": what, the question cannot say


def test_a_report_observation_is_asked_about_its_period() -> None:
    sentence = (
        "Reps with early executive alignment saw faster deal progression and higher win rates."
    )
    fact = policy_fact(sentence, _ctx(period="May 2025"))
    assert fact is not None
    assert fact.question == "What did reps with early executive alignment see in May 2025?"
    assert policy_fact(sentence, _ctx()) is None  # not a report on a period: no "when"


def test_this_program_is_named_by_the_program_its_section_is_about(tmp_path: Path) -> None:
    f = tmp_path / "handbook.md"
    f.write_text(
        "# Fabrikam Employee Handbook\n\n## Harassment\n\n"
        "Fabrikam has developed a Harassment Prevention Program for all sites.\n\n"
        "### Purpose\n\n"
        "The purpose of this program is to prevent harassment and to protect employees "
        "who report it.\n\n"
        "## Whistleblower Policy\n\n"
        "Any employee who violates this policy will be subject to disciplinary action.\n\n"
        "## Travel\n\n"
        "The purpose of this plan is to keep travel costs within the yearly budget.\n",
        encoding="utf-8",
    )
    pairs = _pairs([f], 10)
    assert pairs.get("What is the purpose of the Harassment Prevention Program?", "").startswith(
        "The purpose of this program is to prevent harassment"
    )
    assert "What happens to an employee who violates the Whistleblower Policy?" in pairs
    # No heading or name says which plan "this plan" is: not asked.
    assert not [q for q in pairs if "this plan" in q or ("purpose" in q and "travel" in pairs[q])]


PLANS_MD = """\
# Fabrikam Health Plans

## Comparison of Plans

Both plans offer coverage for annual checkups, flu shots, and other preventive services.

Both plans offer coverage for vision services. Fabrikam Gold offers coverage for eye exams, glasses, and contact lenses. Fabrikam Basic only offers coverage for eye exams and glasses.

Fabrikam Gold covers generic, brand-name, and specialty drugs, while Fabrikam Basic only covers generic and brand-name drugs.
"""


def test_a_list_item_alone_does_not_decide_a_yes_or_no() -> None:
    evidence = (
        "There is also a list of things that are not covered under the program. These "
        "include:\nMedical treatments and procedures\nFood and supplements"
    )
    q = "Does FitFund cover medical treatments and procedures?"
    assert (
        polarity(q, "No. Medical treatments and procedures are not covered.", evidence, "en")
        is None
    )
    # A clause with a verb still decides: this answer contradicts the evidence.
    said = "FitFund covers medical treatments and procedures."
    assert polarity(q, "No. They are not covered.", said, "en") is not None


def test_a_demonstrative_subject_is_named_by_its_heading_or_not_asked(tmp_path: Path) -> None:
    f = tmp_path / "plan.md"
    f.write_text(
        "# Fabrikam Health Plan\n\n## Notice of Privacy Practices\n\n"
        "This notice must be provided at the time of enrollment and at least annually "
        "thereafter.\n\n## Out-of-Pocket Maximum\n\n"
        "This limit applies to certain covered services and includes deductibles and copays.\n\n"
        "## Telehealth\n\nYou can access this service through the Fabrikam member website.\n",
        encoding="utf-8",
    )
    pairs = _pairs([f], 10)
    assert "When must the notice of privacy practices be provided at Fabrikam?" in pairs
    # Which limit, which service: the question could not say, so it is not asked.
    assert not [q for q in pairs if "the limit" in q or "this service" in q]


def test_a_subject_named_by_a_participle_is_asked_in_plain_english() -> None:
    from datasetkit.generate.offline.forms.text.statements import sentence_fact

    fact = sentence_fact(
        "Services typically included in hospice care include nursing care, medical "
        "equipment and supplies, home health aides, and prescription drugs.",
        DocWords([]),
        "Hospice Care",
    )
    assert fact is not None
    assert fact.question == "What services are typically included in hospice care?"


def test_a_shouted_heading_is_lowered_even_where_the_text_shouts_the_same_word() -> None:
    from datasetkit.generate.offline.language.words import heading_question

    words = DocWords(["SUMMARY OF YOUR COSTS is a heading.", "Your costs depend on the plan."])
    assert heading_question("HOW PROVIDERS AFFECT YOUR COSTS", words) == (
        "How do providers affect my costs?"
    )


def test_two_bounds_of_one_measure_name_a_row_once(tmp_path: Path) -> None:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.append(["Role", "Salary Min", "Salary Max", "Desks"])
    for i, role in enumerate(["Analyst", "Engineer", "Architect", "Director"]):
        ws.append([role, 40_000 + i * 10_000, 60_000 + i * 10_000, 2 + (i * 3) % 5])
    path = tmp_path / "roles.xlsx"
    wb.save(path)
    pairs = _pairs([path], 30)
    extremes = {q: a for q, a in pairs.items() if q.startswith("Which role has the highest")}
    # Director has both the highest minimum and the highest maximum salary: one question.
    assert len([q for q in extremes if "salary" in q]) == 1, extremes
    assert next(a for q, a in extremes.items() if "salary" in q).startswith("Director")


def test_during_names_the_event_by_its_heading_or_is_not_asked() -> None:
    from datasetkit.generate.offline.forms.text.policy import during

    sentence = (
        "During the review, your supervisor will discuss your performance over the past year."
    )
    fact = during(sentence, "Performance Reviews at Fabrikam")
    assert fact is not None
    assert fact.question == "What will my supervisor discuss during my performance review?"
    assert during(sentence, "Working at Fabrikam") is None  # which review: no one can tell


def test_a_must_be_question_needs_a_subject_it_can_name() -> None:
    assert policy_fact("The services must be performed by a licensed provider.", _ctx()) is None
    # "by the 5th": a deadline, which the deadline form asks.
    assert policy_fact("All invoices must be paid by the 5th of each month.", _ctx()) is None


def test_pointing_subjects_are_named_by_the_sentence_before(tmp_path: Path) -> None:
    f = tmp_path / "reviews.md"
    f.write_text(
        "# Fabrikam Handbook\n\n## Performance Reviews\n\n"
        "Employees will receive a written summary of their performance review which will "
        "be discussed during the review session. This written summary will include a "
        "rating, feedback, and goals for the upcoming year.\n\n"
        "## Whistleblowing\n\n"
        "When making a report, please provide as much detail as possible. This information "
        "should include:\n\n- The time and date of the incident.\n- Who was involved.\n"
        "- What happened.\n\n"
        "## Harassment\n\n### Training and Education\n\n"
        "Fabrikam provides regular training to all employees. This training will cover "
        "warning signs, response steps, and reporting channels.\n",
        encoding="utf-8",
    )
    pairs = _pairs([f], 20)
    assert "What will the written summary of my performance review include?" in pairs
    assert pairs.get("What information should I include when making a report?", "").startswith(
        "The time and date of the incident."
    )
    assert "What will the harassment training cover?" in pairs


def test_a_new_topic_after_a_sentence_is_not_its_caveat(tmp_path: Path) -> None:
    f = tmp_path / "plans.md"
    f.write_text(
        "# Fabrikam Health Plans\n\n## Fabrikam Basic\n\n"
        "With Fabrikam Basic, you can choose from a variety of in-network providers, "
        "including family doctors and hospitals. This plan does not offer coverage for "
        "emergency services or dental care.\n",
        encoding="utf-8",
    )
    pairs = _pairs([f], 10)
    providers = pairs.get("Which in-network providers can I choose from with Fabrikam Basic?")
    assert providers is not None and "emergency" not in providers
    emergency = [q for q in pairs if q.startswith("Does Fabrikam Basic offer coverage for emerg")]
    assert emergency and pairs[emergency[0]].startswith("No. This plan does not offer coverage")


def test_one_figure_is_asked_once_even_where_the_document_gives_two(tmp_path: Path) -> None:
    f = tmp_path / "appeals.md"
    f.write_text(
        "# Fabrikam Health Plan\n\n## Appeals\n\n"
        "You can submit a written appeal within 60 days of receiving the decision.\n\n"
        "## Second-level appeals\n\n"
        "You must submit an appeal within 180 days of the date of your notice of denial.\n",
        encoding="utf-8",
    )
    pairs = _pairs([f], 10)
    appeals = [q for q in pairs if q.startswith("Within how many days") and "appeal" in q]
    assert len(appeals) == 1, appeals  # two answers to one question: one case would fail


def test_advice_and_leads_that_are_not_questions_are_not_asked(tmp_path: Path) -> None:
    f = tmp_path / "tips.md"
    f.write_text(
        "# Fabrikam Health Plan\n\n## Tips for managing your costs\n\n"
        "Compare prices before you book a procedure, and ask your provider about generic "
        "drugs to keep your costs low over the year.\n\n## Clinical trials\n\n"
        "When considering participation in a clinical trial, you should talk to your doctor "
        "about the risks and benefits first.\n\n## Approvals\n\n"
        "With prior authorization, services must be approved by the plan in advance.\n",
        encoding="utf-8",
    )
    pairs = _pairs([f], 10)
    assert not [q for q in pairs if "tips" in q.lower() or "considering" in q]
    assert not [q for q in pairs if q.startswith("How must with")]


def test_a_generate_run_reports_its_reading_progress(tmp_path: Path) -> None:
    """What the command's bar shows while the knowledge files are read (offline, a long
    PDF takes seconds): files read of files, ending at all of them."""
    from datasetkit.generate.run import GenerateOptions, generate_knowledge

    for name in ("a.md", "b.md"):
        (tmp_path / name).write_text(
            "# Fabrikam\n\n## Returns\n\nUnused items can be returned within 30 days.\n",
            encoding="utf-8",
        )
    seen: list[tuple[int, int]] = []
    options = GenerateOptions(
        files=[str(tmp_path / "a.md"), str(tmp_path / "b.md")],
        count=2,
        output=str(tmp_path / "out.json"),
        progress=lambda done, total: seen.append((done, total)),
    )
    generate_knowledge(options)
    assert seen and seen[-1] == (2, 2)


CONTACTS_MD = """# Contoso Travel Guide

## Booking

Book flights through the travel portal at least 14 days before you travel.

For questions about travel bookings, contact the travel desk.

## Benefits

If you have questions about your travel insurance, contact HR.
"""


def test_who_to_contact_about_a_topic_is_asked_however_the_sentence_opens(
    tmp_path: Path,
) -> None:
    doc = tmp_path / "travel.md"
    doc.write_text(CONTACTS_MD, encoding="utf-8")
    pairs = _pairs([doc], 10)
    asked = " | ".join(pairs)
    assert [q for q in pairs if q.startswith("Who should I contact about travel bookings")], asked
    assert [q for q in pairs if q.startswith("Who should I contact about my travel insurance")], (
        asked
    )
