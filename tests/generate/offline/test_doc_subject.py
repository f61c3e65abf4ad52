"""Questions name what their document is about: the product, organisation or policy."""

from __future__ import annotations

import re
from pathlib import Path

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.offline.language.words import DocWords
from datasetkit.generate.offline.subject_said import Subject, with_subject
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load
from datasetkit.knowledge.model import Provenance, Section
from datasetkit.lint.subject import names_something
from tests.helpers.knowledge_fixtures import make_pdf

MANUAL_MD = """\
# TrailMaster X4 Tent User Manual

The TrailMaster X4 is a four-person tent for three seasons. This manual explains how to
set up, care for and repair your TrailMaster X4.

## Setting up

1. Lay out the footprint on flat ground.
2. Spread the tent over the footprint with the door facing away from the wind.
3. Insert the two long poles into the sleeves and clip the tent to them.
4. Stake out the corners and tension the guy lines.

## Care

Dry the tent completely before storing it. Never store the tent wet for more than 24 hours.
Clean the fabric with lukewarm water and a mild soap only.

## Warranty

The warranty period is 5 years from the date of purchase. The warranty covers defects in
materials and workmanship. The warranty does not cover damage from fire or misuse.
"""

GENERIC_MD = """\
# Product Manual

This manual explains how to set up and care for the product.

## Setting up

1. Lay out the footprint on flat ground.
2. Spread the tent over the footprint with the door facing away from the wind.
3. Insert the two long poles into the sleeves and clip the tent to them.

## Warranty

The warranty period is 5 years from the date of purchase. The warranty does not cover
damage from fire or misuse.
"""


def _questions(files: list[Path], count: int = 12) -> list[str]:
    docs = load(files)
    chunks = chunk_documents([d for d in docs if d.sections])
    gen = OfflineGenerator()
    plan = build_plan(chunks, count, 1, capacity=gen.capacity)
    result = gen.generate_knowledge(plan)
    return [c.case.turns[0].prompt for c in result.cases]


def _company_report(path: Path) -> Path:
    """An annual report with a generic title, written as "we" by a company it names often."""
    import docx

    d = docx.Document()
    d.add_paragraph("Annual Report", style="Title")
    d.add_heading("Our year", level=1)
    for sentence in (
        "Fabrikam Inc. had a strong year and we grew in every region.",
        "Our revenue rose to $12.4 million, and we opened three offices.",
        "Fabrikam Inc. hired 120 people, and our staff now number 640.",
        "We thank our customers for their trust in Fabrikam Inc. this year.",
    ):
        d.add_paragraph(sentence)
    d.add_heading("Expenses", level=1)
    d.add_paragraph(
        "General and administrative expenses consist of salaries, rent and insurance. "
        "Fabrikam Inc. pays its suppliers within 30 days. "
        "Research costs are expensed when they are incurred, as we have done since Fabrikam "
        "Inc. was founded."
    )
    d.add_heading("Travel", level=1)
    d.add_paragraph(
        "Business travel must be approved at least 7 days in advance. "
        "Economy class must be booked for flights shorter than six hours."
    )
    d.add_heading("Dividends", level=1)
    d.add_paragraph(
        "Dividends are paid twice a year, in March and September. Our board sets the amount "
        "each year, and Fabrikam Inc. has paid one every year since 2010."
    )
    d.save(str(path))
    return path


def _policy_pdf(path: Path) -> Path:
    """A travel policy whose title names its company, with terms it defines."""
    return make_pdf(
        path,
        [
            [
                ("Northwind Traders Travel Policy", 18, True),
                "This policy applies to every employee of Northwind Traders who travels for work.",
                ("Booking", 14, True),
                "All trips must be booked at least 14 days in advance.",
                "Economy class must be booked for flights shorter than six hours.",
                "The policy does not cover travel for personal reasons.",
                ("Definitions", 14, True),
                "Per Diem means the fixed daily allowance for meals and incidentals.",
                ("Expenses", 14, True),
                "Expense reports must be submitted within 30 days after the trip ends.",
                "Receipts are required for every expense over $25.",
            ]
        ],
    )


def test_a_product_manual_names_its_product(tmp_path: Path) -> None:
    path = tmp_path / "manual.md"
    path.write_text(MANUAL_MD, encoding="utf-8")
    questions = _questions([path])
    assert questions
    unnamed = [q for q in questions if "TrailMaster X4" not in q]
    assert not unnamed, questions
    # "the tent" became the product, rather than a second naming of it at the end.
    assert not any(q.count("TrailMaster") > 1 for q in questions), questions


GUIDE_MD = """\
# Fabrikam Cloud Backup Developer Guide

With Fabrikam Cloud Backup, a copy of every file you choose is kept. Backups run every night.

## Restoring a file

1. Open the Backups page.
2. Choose the file and the date to restore.
3. Select Restore and wait for the confirmation email.

## Retention

Backups are kept for 90 days. Deleted files can be restored within 30 days.
"""


def test_a_guide_names_its_product_not_its_audience(tmp_path: Path) -> None:
    path = tmp_path / "guide.md"
    path.write_text(GUIDE_MD, encoding="utf-8")
    questions = _questions([path])
    added = [q for q in questions if q.endswith(" for Fabrikam Cloud Backup?")]
    assert added, questions
    assert not any("Developer" in q for q in questions), questions


SUPPORT_MD = """\
# Riverside Rentals Customer Support Guide

This customer support guide helps guests and hosts use Riverside Rentals.

## How to cancel a booking

1. Log in to your account.
2. Go to your bookings and select the booking to cancel.
3. Select Cancel Reservation and confirm.

## How to report a safety issue

1. Log in to your account.
2. Select the booking with the safety issue.
3. Describe the issue and submit the report.
"""


def test_a_guide_to_a_topic_of_a_company_names_the_company(tmp_path: Path) -> None:
    path = tmp_path / "support.md"
    path.write_text(SUPPORT_MD, encoding="utf-8")
    questions = _questions([path])
    assert any(q.endswith(" Riverside Rentals?") for q in questions), questions
    assert not any("Rentals Customer Support" in q for q in questions), questions


def test_a_company_report_that_says_we_names_the_company(tmp_path: Path) -> None:
    questions = _questions([_company_report(tmp_path / "report.docx")])
    assert questions
    assert len(questions) >= 2
    assert all("Fabrikam Inc" in q for q in questions), questions
    assert all(q.count("Fabrikam") == 1 for q in questions), questions


def test_a_policy_names_itself_also_in_the_definition_of_its_term(tmp_path: Path) -> None:
    questions = _questions([_policy_pdf(tmp_path / "travel.pdf")])
    rules = [q for q in questions if "Per Diem" not in q]
    assert rules
    assert all("Northwind Traders" in q for q in rules), questions
    # The policy named by its title is the company's: "Does Northwind Traders' Travel
    # Policy cover ...?"; a rule of it ends "at Northwind Traders".
    assert any("Northwind Traders' Travel Policy cover" in q for q in rules), questions
    assert any(q.endswith(" at Northwind Traders?") for q in rules), questions
    # A term the policy defines for itself ("Per Diem means ...") is the policy's: another
    # policy defines it otherwise.
    defined = [q for q in questions if "Per Diem" in q]
    assert all(q.endswith(" under Northwind Traders' Travel Policy?") for q in defined), questions


def test_a_generic_title_with_no_name_in_the_body_adds_no_subject(tmp_path: Path) -> None:
    path = tmp_path / "manual.md"
    path.write_text(GENERIC_MD, encoding="utf-8")
    questions = _questions([path])
    assert questions
    # No name was added: the only capitalised words are the document's own title.
    assert not any(re.search(r"\b(?:at|for|under) (?:the )?[A-Z]", q) for q in questions)
    assert not any(names_something(q.replace("Product Manual", "")) for q in questions)


def _price_list(path: Path) -> Path:
    """A workbook with a title row in sentence case and no running text."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"] = "Fabrikam Gear price list, autumn 2026"
    ws.append([])
    ws.append(["Tent", "Season", "Sleeps", "Price"])
    for row in (
        ("Ridgeline 3", "3-season", 3, 249),
        ("Summit 2 XT", "4-season", 2, 499),
        ("Basecamp 6", "3-season", 6, 429),
        ("Trailhead 2", "3-season", 2, 179),
    ):
        ws.append(list(row))
    wb.save(str(path))
    return path


def test_table_questions_name_the_organisation_once(tmp_path: Path) -> None:
    questions = _questions([_price_list(tmp_path / "prices.xlsx")], 20)
    over_rows = [q for q in questions if q.startswith("Which")]
    assert over_rows
    assert all(q.endswith(" at Fabrikam Gear?") for q in over_rows), questions
    # A question about one named tent says the store once, the tent as the store's.
    named = [q for q in questions if "Ridgeline 3" in q or "Summit 2 XT" in q]
    assert named
    assert all(q.count("Fabrikam Gear") == 1 for q in named), questions


PAPER_MD = """\
# Retrieval for Question Answering

We train a dual encoder and compare it with BM25. Our encoder beats BM25 on four of the
five sets we tried. We found that BM25 is slower on long passages, and we report BM25
scores for every set. Training takes three hours on one card, and we release the code.
Our results hold when BM25 is tuned. We also tried a larger encoder. BM25 remains a
strong baseline, and we keep it in every table.

## Training

The index must be rebuilt every week. Each passage is limited to 100 words. Queries
longer than 64 tokens are cut before they are encoded.
"""


def test_a_paper_that_says_we_about_a_method_gets_no_subject(tmp_path: Path) -> None:
    path = tmp_path / "paper.md"
    path.write_text(PAPER_MD, encoding="utf-8")
    questions = _questions([path])
    assert questions
    assert not any(re.search(r" (?:at|for|under) BM25\?$", q) for q in questions), questions


def _candidate(question: str, kind: str = "rule") -> Candidate:
    section = Section(kind="paragraph", text="x", provenance=Provenance(file="f.md"))
    return Candidate(question, "answer", "x", section, kind, 0)


RULES = Subject("the Expense Policy", "rules", "title", ("Expense Policy",), "policy")
ACME = Subject("Acme Outdoor", "organisation", "title", ("Acme Outdoor",))
TENT = Subject("the Ridgeline 3 Tent", "product", "title", ("Ridgeline 3",), "tent")


def test_a_question_that_names_something_is_left_alone() -> None:
    words = DocWords(())
    for question in (
        "What are Acme Outdoor's store hours?",  # the subject itself
        "How long does delivery to Canada take?",  # another entity
        "How much does the Summit 2 XT weigh?",  # a model code
        "What is a restocking fee?",  # what a term means: the term is the subject
    ):
        assert with_subject(_candidate(question), ACME, words).question == question
    # A time names no one: whose classes start then is still to be said.
    said = with_subject(_candidate("When do classes start in Fall 2021?"), ACME, words)
    assert said.question == "When do classes start in Fall 2021 at Acme Outdoor?"


def test_the_subject_reads_naturally_in_the_question() -> None:
    words = DocWords(())
    cases = {
        "How often are performance reviews held?": (
            ACME,
            "How often are performance reviews held at Acme Outdoor?",
        ),
        "What are the core values?": (ACME, "What are Acme Outdoor's core values?"),
        "How do I set up the tent?": (TENT, "How do I set up the Ridgeline 3 Tent?"),
        "How long is the warranty?": (TENT, "How long is the warranty for the Ridgeline 3 Tent?"),
        # After a stranded preposition only "at" reads: "Who do I talk to at Acme?".
        "Who should I report a hazard to?": (
            ACME,
            "Who should I report a hazard to at Acme Outdoor?",
        ),
        "Who must leave be approved by?": (TENT, "Who must leave be approved by?"),
        "How are classes offered (e.g., online or in person)?": (
            ACME,
            "How are classes offered at Acme Outdoor (e.g., online or in person)?",
        ),
        "When are claims paid?": (RULES, "When are claims paid under the Expense Policy?"),
        "What does the policy cover?": (RULES, "What does the Expense Policy cover?"),
        'What does "the tent" mean?': (TENT, 'What does "the tent" mean for the Ridgeline 3 Tent?'),
    }
    for question, (subject, expected) in cases.items():
        assert with_subject(_candidate(question), subject, words).question == expected
    # Never twice: a question already rewritten is left as it is.
    once = with_subject(_candidate("How do I set up the tent?"), TENT, words)
    assert with_subject(once, TENT, words).question == once.question


PROGRAM_MD = """\
# Help

We build Quillnote for writers who keep their notes in plain text. You can run Quillnote
on Windows, macOS and Linux.

## Clearing the cache

To clear the cache, open the Quillnote settings and press the button "Clear cache". After
that, quit Quillnote and start it again.

## Updates

If you used a package manager to install Quillnote, use that one to update the app. We
publish a new version of Quillnote every month.

## Backups

Every note is kept as a backup for 30 days. To restore a note, open the Quillnote menu and
choose "Backups". We never upload your notes.
"""


def test_a_program_the_text_operates_is_no_place(tmp_path: Path) -> None:
    # A name the text installs, quits and opens the settings of is a program: the question
    # is asked for it, never "at" it as at a company.
    path = tmp_path / "help.md"
    path.write_text(PROGRAM_MD, encoding="utf-8")
    questions = _questions([path])
    assert questions
    assert not any(" at Quillnote" in q for q in questions), questions


def _trustee_handbook(path: Path) -> Path:
    """A handbook whose cover names a public office and whose running footer, on every
    page, says the handbook's name and its page number."""
    import docx
    from docx.enum.section import WD_SECTION

    d = docx.Document()
    d.add_paragraph("Office of Trustee Services")
    d.add_heading("Handbook for", level=1)
    d.add_paragraph("Chapter 9 Trustees")
    for n, (head, text) in enumerate(
        [
            (
                "Bank accounts",
                "Stale outstanding checks must be canceled and reissued within 90 days.",
            ),
            ("Budget", "The annual budget must be submitted by June 1 of each year."),
            (
                "Audits",
                "The annual report must be audited every year by an independent accountant.",
            ),
        ]
    ):
        if n:
            d.add_section(WD_SECTION.NEW_PAGE)
        section = d.sections[-1]
        section.footer.is_linked_to_previous = False
        section.footer.paragraphs[0].text = f"Handbook for Chapter 9 Trustees Page {n + 1}-"
        d.add_heading(head, level=2)
        d.add_paragraph(text)
    d.save(path)
    return path


def test_a_running_footer_names_the_handbook_whose_rules_a_question_asks(tmp_path: Path) -> None:
    questions = _questions([_trustee_handbook(tmp_path / "trustee.docx")])
    assert (
        "Within how many days must stale outstanding checks be canceled and reissued under "
        "the Handbook for Chapter 9 Trustees?"
    ) in questions, questions
