"""The offline generator's question forms, on files the tests build (md, txt, csv, docx,
xlsx, pdf): each form is chosen from what the content is, answered in full, and none of
the shapes reviewers discarded is made."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load

POLICY_MD = """\
# Contoso Travel Policy

## How to book a business trip

1. Open the travel portal and sign in.
2. Enter your destination and travel dates.
3. Choose a fare within the policy limits.
4. Submit the booking for your manager's approval.

## Training budget

Employees can claim up to $1,500 per year for external training courses.

## Expense reports

Expense reports must be submitted within 30 days of the end of the trip.

## Help

For help with a booking, contact the Travel Desk at travel@contoso.example.

## Glossary

- Per diem: a fixed daily allowance for meals and incidentals.
- Fare class: the booking category of an airline ticket.

## Remote work

Staff may not work from another country without written approval from HR, because of tax rules.
"""

BAD_SHAPES = [
    re.compile(r"documentation say about", re.I),
    re.compile(r"^What is [A-Z][A-Z ,&:]{5,}\?$"),  # a shouted heading pasted raw
    re.compile(r"^What is (?:the )?(?:signature|job title|date|name)\?$", re.I),  # form labels
    re.compile(r"\band\?$"),  # a clause cut mid-way
    re.compile(r"for [A-Z]{1,4}-\d{3,}\?$"),  # keyed on an opaque ID
    re.compile(r"\(\w{1,5}\)\s+for\b"),  # a header's unit pasted into the question
]


def _cases(files: list[Path], count: int, seed: int = 1, chunk_chars: int = 1500):
    docs = load(files)
    chunks = chunk_documents([d for d in docs if d.sections], chunk_chars)
    gen = OfflineGenerator()
    plan = build_plan(chunks, count, seed, capacity=gen.capacity)
    result = gen.generate_knowledge(plan)
    return {gc.case.turns[0].prompt: gc for gc in result.cases}, result, plan


def _pairs(cases) -> dict[str, str]:
    return {q: gc.case.turns[0].expected_response for q, gc in cases.items()}


def _asked(pairs: dict[str, str], opening: str) -> dict[str, str]:
    """The row name -> answer of every question that starts with ``opening``."""
    return {q[len(opening) : -1]: a for q, a in pairs.items() if q.startswith(opening)}


def _assert_no_bad_shapes(cases) -> None:
    for question, gc in cases.items():
        answer = gc.case.turns[0].expected_response
        for shape in BAD_SHAPES:
            assert not shape.search(question), question
        assert "__" not in answer and answer.strip(), (question, answer)
        assert question.endswith("?"), question


@pytest.fixture()
def policy(tmp_path: Path) -> Path:
    f = tmp_path / "travel.md"
    f.write_text(POLICY_MD, encoding="utf-8")
    return f


def test_text_forms_follow_the_content(policy: Path) -> None:
    cases, result, plan = _cases([policy], 40)
    pairs = _pairs(cases)
    # A procedure: "How do I ...?" answered with every step, in order.
    assert pairs["How do I book a business trip under the Contoso Travel Policy?"] == (
        "Open the travel portal and sign in.\nEnter your destination and travel dates.\n"
        "Choose a fare within the policy limits.\nSubmit the booking for your manager's approval."
    )
    assert cases["How do I book a business trip under the Contoso Travel Policy?"].case.extensions[
        "datasetkit"
    ]["question_type"] == ("procedure")
    # A limit keeps its currency exactly as written.
    limit = next(
        q for q, gc in cases.items() if gc.case.extensions["datasetkit"]["question_type"] == "limit"
    )
    assert (
        limit
        == "How much can employees claim per year for external training courses under the Contoso Travel Policy?"
    )
    assert "$1,500" in pairs[limit]
    # A deadline, a contact, definitions, and a rule with the right polarity.
    assert pairs[
        "Within how many days must expense reports be submitted under the Contoso Travel Policy?"
    ] == ("Expense reports must be submitted within 30 days of the end of the trip.")
    assert pairs["How can I contact the Travel Desk?"].endswith("travel@contoso.example.")
    assert pairs["What is a per diem?"] == "a fixed daily allowance for meals and incidentals."
    assert (
        pairs["What is the fare class under the Contoso Travel Policy?"]
        == "the booking category of an airline ticket."
    )
    # "HR" is every organisation's: the rule is said as the policy's.
    assert pairs[
        "Can staff work from another country without written approval from HR"
        " under the Contoso Travel Policy?"
    ] == (
        "No. Staff may not work from another country without written approval from HR, "
        "because of tax rules."
    )
    # Nothing is padded: the plan holds what the document has, and every slot is made.
    assert len(result.cases) == len(plan.slots) < 40
    _assert_no_bad_shapes(cases)


def test_prose_without_headings_gives_cases(tmp_path: Path) -> None:
    f = tmp_path / "notes.txt"
    f.write_text(
        "Visitors must sign in at the front desk on arrival, using the tablet by the entrance. "
        "Badges are issued by the security team. "
        "Lost badges must be reported within 24 hours. "
        "Parking is free for visitors with a validated ticket, which reception stamps.\n",
        encoding="utf-8",
    )
    cases, result, _ = _cases([f], 10)
    pairs = _pairs(cases)
    assert len(result.cases) >= 3
    assert pairs["Within how many hours must lost badges be reported?"] == (
        "Lost badges must be reported within 24 hours."
    )
    # Where and who, not "Do visitors have to sign in at the front desk?" -> "Yes. ...":
    # a yes/no question that states its own answer.
    assert pairs["Where must visitors sign in?"] == (
        "Visitors must sign in at the front desk on arrival, using the tablet by the entrance."
    )
    assert pairs["Who issues badges?"] == "Badges are issued by the security team."
    assert not [a for a in pairs.values() if a.startswith("Yes.")]
    _assert_no_bad_shapes(cases)


@pytest.mark.parametrize(
    ("sentence", "question"),
    [
        (
            "Performance reviews are conducted annually and are part of your development.",
            "How often are performance reviews conducted?",
        ),
        (
            "All employees must complete security training at the start of employment and "
            "annually thereafter.",
            "When must all employees complete security training?",
        ),
        (
            "Managers must review access rights quarterly.",
            "How often must managers review access rights?",
        ),
        (
            "Basic plans do not offer coverage for emergency services, mental health "
            "coverage, or out-of-network services.",
            "Do basic plans offer coverage for emergency services?",
        ),
        ("Claims are processed by the end of the month.", "By when are claims processed?"),
        (
            "Shipping costs are refunded only when the item was faulty.",
            "When are shipping costs refunded?",
        ),
        (
            "The service desk is available by chat from 8:00 to 20:00, Monday to Saturday.",
            "When is the service desk available?",
        ),
        ("Badges are issued by the security team.", "Who issues badges?"),
        ("Retaliation of any kind is strictly prohibited.", "Is retaliation of any kind allowed?"),
        (
            "All kettles and toasters carry a 2-year warranty against defects.",
            "How long is the warranty on kettles and toasters?",
        ),
        (
            "The written summary will include a rating, feedback, and goals for next year.",
            "What will the written summary include?",
        ),
        (
            "Larger deals are taking longer to close due to security reviews.",
            "Why are larger deals taking longer to close?",
        ),
    ],
)
def test_a_sentence_is_asked_by_what_it_says(sentence: str, question: str) -> None:
    from datasetkit.generate.offline.forms.text.statements import sentence_fact
    from datasetkit.generate.offline.language.words import doc_words

    found = sentence_fact(sentence, doc_words(None))
    assert found is not None and found.question == question
    assert found.answer.endswith(sentence)


def test_the_scope_of_a_policy_and_what_a_labelled_part_covers(tmp_path: Path) -> None:
    f = tmp_path / "security.md"
    f.write_text(
        "# Fabrikam Handbook\n\n## Travel Policy\n\n"
        "This policy applies to all employees, contractors, and interns.\n\n"
        "## Security at Fabrikam\n\nSecurity Audits:\n\n"
        "Audits will cover topics such as system security, access control, and backups.\n",
        encoding="utf-8",
    )
    cases, _, _ = _cases([f], 10)
    pairs = _pairs(cases)
    assert pairs["Who does the travel policy apply to?"] == (
        "This policy applies to all employees, contractors, and interns."
    )
    assert pairs["What will security audits cover?"] == (
        "Audits will cover topics such as system security, access control, and backups."
    )


@pytest.mark.parametrize(
    ("sentence", "topic", "subject"),
    [
        (
            "The policy applies to all employment practices.",
            "Equal Employment",
            "the equal employment policy",
        ),
        (
            "All interactions must be pre-approved.",
            "Interactions with Government Officials",
            "all interactions with government officials",
        ),
        ("The coverage includes dental anesthesia.", "Benefits we offer", None),
        ("All incidents will be investigated.", None, None),
    ],
)
def test_a_vague_subject_is_named_by_its_heading_or_not_asked(
    sentence: str, topic: str | None, subject: str | None
) -> None:
    from datasetkit.generate.offline.language.clauses import parse
    from datasetkit.generate.offline.language.words import doc_words

    found = parse(sentence, doc_words(None), topic)
    assert (found.subject if found else None) == subject


def _jobs_rows(n: int) -> list[list[object]]:
    cities = ["Seattle", "Austin", "Boston", "Denver"]
    departments = ["AI Research", "Product", "Infrastructure"]
    rows: list[list[object]] = []
    for i in range(n):
        rows.append(
            [
                f"JB-{1001 + i}",
                f"Engineer {chr(65 + i % 26)}{i // 26 + 1}",
                departments[i % 3],
                cities[i % 4],
                round(1.5 + i * 0.25, 2),
                50000 + 1000 * i,
                "Open",
            ]
        )
    return rows


JOBS_HEAD = ["Job ID", "Job Title", "Department", "City", "Weight (kg)", "Salary Min", "Status"]


def _jobs_xlsx(path: Path, n: int) -> Path:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Openings"
    ws.append(JOBS_HEAD)
    for row in _jobs_rows(n):
        ws.append(row)
    for cell in ws["F"][1:]:
        cell.number_format = '"$"#,##0'
    wb.save(path)
    return path


def test_table_cases_use_names_units_and_the_whole_table(tmp_path: Path) -> None:
    n = 40
    f = _jobs_xlsx(tmp_path / "jobs.xlsx", n)
    # Small chunks: the table is cut into several, each holding part of the rows.
    cases, _, _ = _cases([f], 400, seed=3, chunk_chars=600)
    docs = load([f])
    assert len([c for c in chunk_documents(docs, 600) if c.kind == "table"]) > 3
    pairs = _pairs(cases)
    types = {gc.case.extensions["datasetkit"]["question_type"] for gc in cases.values()}
    # Every filter here names 10 or more jobs: asked as a count, not a list.
    assert types >= {"lookup", "count", "max", "min"}
    # Keyed on the title, never the ID; the ID and the constant column are never asked.
    assert not any("JB-" in q for q in pairs)
    assert not any(re.search(r"\b(?:job id|status)\b", q, re.I) for q in pairs)
    # The unit comes from the header; the currency from the cell. (Lookups that differ
    # only in the row's name are near-duplicates to the gate: one per column survives.)
    # (A lookup that reads like another one, "What is the weight for Engineer A1?" next
    # to "What is the city for Engineer A1?", is a near-duplicate to the gate: dropped.)
    assert pairs["Which job has the lowest weight?"] == "Engineer A1 (1.5 kg)"
    weights = {
        f"Engineer {chr(65 + i % 26)}{i // 26 + 1}": f"{1.5 + i * 0.25:g} kg" for i in range(n)
    }
    # A job's attribute reads "the <attribute> of the <title> job" (was "for <title>").
    asked = _asked(pairs, "What is the weight of the ")
    assert all(weights[k.removesuffix(" job")] == v for k, v in asked.items())
    salaries = {f"Engineer {chr(65 + i % 26)}{i // 26 + 1}": f"${50 + i},000" for i in range(n)}
    asked = _asked(pairs, "What is the minimum salary of the ")
    assert asked and all(salaries[k.removesuffix(" job")] == v for k, v in asked.items()), asked
    # Filters and counts computed over all 40 rows (not one chunk); no row is asked for
    # its "details".
    assert not _asked(pairs, "What are the details of the ")
    seattle = [f"Engineer {chr(65 + i % 26)}{i // 26 + 1}" for i in range(n) if i % 4 == 0]
    assert pairs["How many jobs are in Seattle?"] == f"{len(seattle)}: " + "; ".join(seattle)
    assert "Which jobs are in Seattle?" not in pairs  # one question per filter
    research = [f"Engineer {chr(65 + i % 26)}{i // 26 + 1}" for i in range(n) if i % 3 == 0]
    assert pairs["How many jobs are in the AI Research department?"] == (
        f"{len(research)}: " + "; ".join(research)
    )
    top = f"Engineer {chr(65 + (n - 1) % 26)}{(n - 1) // 26 + 1}"
    # The heaviest job also has the highest salary: two measures, two questions.
    assert pairs["Which job has the highest weight?"] == f"{top} ({1.5 + (n - 1) * 0.25:g} kg)"
    assert pairs["Which job has the highest minimum salary?"] == f"{top} (${50 + n - 1},000)"
    for gc in cases.values():
        assert gc.grounded, gc.case.turns[0]
    _assert_no_bad_shapes(cases)


def test_a_table_without_a_unique_column_is_keyed_on_two(tmp_path: Path) -> None:
    f = tmp_path / "gifts.csv"
    f.write_text(
        "Scenario,Per-Item Value (USD),Required Action\n"
        "Receiving a gift,Up to $75,Allowed without pre-approval.\n"
        "Receiving a gift,Over $75,Disclose to your manager within 10 business days.\n"
        "Giving a gift,Up to $150,Allowed with manager approval.\n"
        "Giving a gift,Over $150,Requires written pre-approval from Ethics.\n",
        encoding="utf-8",
    )
    cases, _, _ = _cases([f], 20)
    pairs = _pairs(cases)
    # Keyed on the scenario and the amount together, asked as a person asks it (not
    # "What is the required action for receiving a gift with a per-item value of ...?").
    actions = {
        "receiving a gift worth up to $75": "Allowed without pre-approval.",
        "receiving a gift worth over $75": "Disclose to your manager within 10 business days.",
        "giving a gift worth up to $150": "Allowed with manager approval.",
        "giving a gift worth over $150": "Requires written pre-approval from Ethics.",
    }
    asked = _asked(pairs, "What do I need to do when ")
    assert len(asked) == 4 and all(actions[k] == v for k, v in asked.items()), asked
    # The row has no other cell: no "What are the details for ...?" repeating the action.
    assert not _asked(pairs, "What are the details for ")
    _assert_no_bad_shapes(cases)


def test_word_and_pdf_tables_give_cases(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.add_heading("Office directory", level=1)
    table = d.add_table(rows=1, cols=3)
    for cell, text in zip(table.rows[0].cells, ["Office", "City", "Desks"], strict=True):
        cell.text = text
    for office, city, desks in [
        ("North Hub", "Oslo", "40"),
        ("South Hub", "Madrid", "25"),
        ("West Hub", "Lisbon", "25"),
    ]:
        row = table.add_row().cells
        row[0].text, row[1].text, row[2].text = office, city, desks
    d.save(tmp_path / "offices.docx")

    from reportlab.platypus import Paragraph

    from tests.helpers.pdf_fixtures import STYLES, _grid, build

    rows = [
        ["Basic", "$10", "1", "50"],
        ["Team", "$49", "10", "500"],
        ["Enterprise", "$199", "100", "5000"],
    ]
    build(
        tmp_path / "plans.pdf",
        lambda: [
            Paragraph("Plans and prices", STYLES["h1"]),
            _grid(["Plan", "Monthly price", "Seats", "Storage (GB)"], rows, [100] * 4, grid=True),
        ],
        None,
    )
    cases, _, _ = _cases([tmp_path / "offices.docx", tmp_path / "plans.pdf"], 30)
    pairs = _pairs(cases)
    cities = {"North Hub": "Oslo", "South Hub": "Madrid", "West Hub": "Lisbon"}
    # A column that is where the row is reads as a place question (was "What is the city for").
    asked = {
        k.removesuffix(" office located"): v for k, v in _asked(pairs, "Where is the ").items()
    }
    assert asked and all(cities[k] == v for k, v in asked.items()), asked
    assert not _asked(pairs, "What is the city for ")
    assert pairs["Which office has the most desks?"] == "North Hub (40 desks)"
    assert pairs["Which plan has the highest monthly price?"] == "Enterprise ($199)"
    assert pairs["Which plan has the lowest monthly price?"] == "Basic ($10)"
    # The unit of the header goes with the value.
    storage = {"Basic": "50 GB", "Team": "500 GB", "Enterprise": "5000 GB"}
    asked = _asked(pairs, "What is the storage of the ")
    assert asked and all(storage[k.removesuffix(" plan")] == v for k, v in asked.items()), asked
    _assert_no_bad_shapes(cases)


def test_none_of_the_discarded_shapes_is_made(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.add_heading("Employee Handbook", level=0)
    d.add_heading("HOW PROVIDERS AFFECT YOUR COSTS", level=1)
    d.add_paragraph(
        "We are committed to giving every employee great care. "
        "In-network providers charge the negotiated rate for each visit."
    )
    d.add_heading("Acknowledgment", level=1)
    d.add_paragraph("Employee Name (printed): ______________________")
    d.add_paragraph("Signature: ______________________ Date: ____________")
    d.add_paragraph("Job Title:")
    d.add_heading("Benefits we offer", level=1)
    d.add_paragraph("The plan covers:")
    for item in ["Doctor visits", "Hospital stays", "Prescription drugs", "Eye exams"]:
        d.add_paragraph(item, style="List Bullet")
    d.save(tmp_path / "handbook.docx")
    cases, _, _ = _cases([tmp_path / "handbook.docx"], 20)
    pairs = _pairs(cases)
    _assert_no_bad_shapes(cases)
    assert not any("signature" in q.lower() or "job title" in q.lower() for q in pairs)
    assert not any(a.startswith("We are committed") for a in pairs.values())
    # The whole list, introduced by its own sentence.
    assert pairs["What does the plan cover?"] == (
        "Doctor visits\nHospital stays\nPrescription drugs\nEye exams"
    )


def test_a_stated_figure_is_asked_before_a_textbook_definition(tmp_path: Path) -> None:
    f = tmp_path / "plan.md"
    f.write_text(
        "# Fabrikam Health Basic Plan\n\n## Deductibles\n\n"
        "A deductible is the amount you pay before your plan begins to pay. "
        "The deductible for the Basic Plan is $1,500 per person, per year.\n",
        encoding="utf-8",
    )
    cases, _, _ = _cases([f], 1)
    # One question from this section: the plan's own figure, not the dictionary meaning.
    assert list(_pairs(cases)) == ["What is the deductible for the Basic Plan?"]


def test_a_figure_names_the_plan_it_belongs_to(tmp_path: Path) -> None:
    f = tmp_path / "plan.md"
    f.write_text(
        "# Fabrikam Health Basic Plan\n\n## Co-insurance\n\n"
        "The co-insurance is 20% of the remaining cost after the deductible has been met.\n\n"
        "## Co-payments\n\n"
        "For the Basic Plan, the co-payment is $30 for primary care visits and $50 for "
        "specialist visits.\n",
        encoding="utf-8",
    )
    cases, _, _ = _cases([f], 5)
    pairs = _pairs(cases)
    named = [q for q in pairs if q.startswith("What is the co-insurance")]
    assert named and named[0].endswith("Plan?"), pairs
    # The second figure stays in the answer, not in the question.
    assert "What is the co-payment for the Basic Plan?" in pairs, pairs
