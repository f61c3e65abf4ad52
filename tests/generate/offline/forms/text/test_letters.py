"""Short prose documents (letters, memos, notices) with no headings, lists or tables give
the cases a reader asks of them, each question naming the document's own matter (its
subject line or title), each answer the whole sentence: built here as plain text, Word
and PDF."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load
from tests.helpers.knowledge_fixtures import make_pdf

MEMO = """\
MEMORANDUM

To: All staff of the Logistics Department
From: Priya Nair, Head of Operations
Date: 3 June 2025
Subject: New rules for overtime claims

From 1 July 2025, every overtime claim above 10 hours must be approved by the team leader before it is paid.

Claims made under an on-call agreement are exempt from the second review, provided that the agreement was signed by the Head of Operations.

Claims that are submitted without the required approval will be returned, and the employee will be asked to submit them again.

Please direct any questions to Tom Berg in the payroll office (extension 2210).
"""

LETTER = [
    "Kestrel County Council",
    "4 Market Square, Dunmore",
    "Re: Licence for the Harbourside food market",
    "Dear Mr. Okafor,",
    "Kestrel County Council confirms that the licence for the Harbourside food market is "
    "granted to Okafor Events Ltd. for the 2025 season.",
    "The licence covers the car park behind the harbour office and the lawn beside it. "
    "It does not cover the pier, "
    "where no stalls may be placed.",
    "A licence fee of EUR 2,400 is payable by 31 March 2025. Late payment incurs a surcharge "
    "of 10 percent.",
    "If the market is held on more than 30 days, the licence fee will be recalculated.",
    "Questions about this licence should be sent to the licensing office at "
    "licensing@kestrel.example.",
    "Yours sincerely,",
    "Ana Ruiz",
]

NOTICE = [
    "Notice of road closure",
    "",
    "Eastfield Highways Department informs residents of Mill Road that the road will be closed",
    "on Monday 14 April 2025 from 07:00 to 19:00 while the bridge is repaired.",
    "",
    "Residents are advised to use the Station Road diversion during the closure.",
    "",
    "If the repair cannot be finished on 14 April because of rain, it will be moved to",
    "Wednesday 16 April 2025 at the same hours.",
]


def _pairs(files: list[Path], count: int = 20) -> dict[str, str]:
    docs = load(files)
    chunks = chunk_documents([d for d in docs if d.sections], 1500)
    gen = OfflineGenerator()
    plan = build_plan(chunks, count, 1, capacity=gen.capacity)
    result = gen.generate_knowledge(plan)
    return {gc.case.turns[0].prompt: gc.case.turns[0].expected_response for gc in result.cases}


def _docx(path: Path, paragraphs: list[str]) -> Path:
    import docx

    d = docx.Document()
    for p in paragraphs:
        d.add_paragraph(p)
    d.save(str(path))
    return path


def test_a_memo_is_asked_what_it_rules_named_by_its_subject(tmp_path: Path) -> None:
    f = tmp_path / "memo.txt"
    f.write_text(MEMO, encoding="utf-8")
    pairs = _pairs([f])
    matter = "Priya Nair's memo about new rules for overtime claims"
    assert pairs["Who sent the memo about new rules for overtime claims, and who received it?"] == (
        "To: All staff of the Logistics Department; From: Priya Nair, Head of Operations"
    )
    assert pairs[f"In {matter}, which claims are exempt from the second review?"] == (
        "Claims made under an on-call agreement are exempt from the second review, provided "
        "that the agreement was signed by the Head of Operations."
    )
    assert pairs[
        f"In {matter}, what happens to claims that are submitted without the required approval?"
    ] == (
        "Claims that are submitted without the required approval will be returned, and the "
        "employee will be asked to submit them again."
    )
    # The date the rule takes effect stays in the answer, not in the question.
    assert pairs[f"In {matter}, who must every overtime claim above 10 hours be approved by?"] == (
        "From 1 July 2025, every overtime claim above 10 hours must be approved by the team "
        "leader before it is paid."
    )
    assert pairs[f"Where should questions about {matter} be sent?"] == (
        "Please direct any questions to Tom Berg in the payroll office (extension 2210)."
    )


def test_a_word_letter_names_its_matter_and_answers_whole(tmp_path: Path) -> None:
    pairs = _pairs([_docx(tmp_path / "letter.docx", LETTER)])
    licence = "the licence for the Harbourside food market"
    assert pairs["What does Kestrel County Council confirm?"].startswith(
        "Kestrel County Council confirms that the licence"
    )
    # "The licence ..." is named by the subject line, and the next sentence that says what
    # it leaves out belongs to the answer.
    assert pairs[f"What does {licence} cover?"] == (
        "The licence covers the car park behind the harbour office and the lawn beside it. "
        "It does not cover the "
        "pier, where no stalls may be placed."
    )
    fee = next(a for q, a in pairs.items() if "how much is the licence fee" in q)
    assert fee == (
        "A licence fee of EUR 2,400 is payable by 31 March 2025. Late payment incurs a "
        "surcharge of 10 percent."
    )
    assert pairs[f"Where should questions about {licence} be sent?"].endswith(
        "licensing@kestrel.example."
    )
    # No question points at a matter it does not name.
    for question in pairs:
        assert "this licence" not in question and "the licence cover" not in question


def test_a_pdf_notice_is_named_by_its_title(tmp_path: Path) -> None:
    pairs = _pairs([make_pdf(tmp_path / "notice.pdf", [NOTICE])])
    notice = "Eastfield Highways Department's notice of road closure"
    assert pairs[f"In {notice}, what are residents advised to do?"] == (
        "Residents are advised to use the Station Road diversion during the closure."
    )
    assert pairs[
        f"In {notice}, what happens if the repair cannot be finished on 14 April because of rain?"
    ].startswith("If the repair cannot be finished on 14 April because of rain, it will be moved")
    assert pairs["What does Eastfield Highways Department inform residents of Mill Road of?"]


def test_correspondence_is_told_from_other_documents(tmp_path: Path) -> None:
    from datasetkit.generate.offline.letter_head import letter_head

    letter = _docx(tmp_path / "letter.docx", LETTER)
    [doc] = load([letter])
    head = letter_head(doc)
    assert head is not None and head.kind == "letter"
    assert head.subject == "Licence for the Harbourside food market"
    # A policy with headings and no letter marks is no letter.
    policy = tmp_path / "policy.md"
    policy.write_text(
        "# Travel Policy\n\n## Booking\n\nEmployees book trips in the portal.\n\n"
        "## Expenses\n\nExpenses are claimed within 30 days.\n",
        encoding="utf-8",
    )
    [doc] = load([policy])
    assert letter_head(doc) is None


def test_a_german_letter_reads_its_subject_line(tmp_path: Path) -> None:
    from datasetkit.generate.offline.letter_head import letter_head

    f = tmp_path / "brief.txt"
    f.write_text(
        "Stadtwerke Lindau\n\nBetreff: Unterbrechung der Wasserversorgung\n\n"
        "Sehr geehrte Damen und Herren,\n\n"
        "die Wasserversorgung in der Seestraße wird am 9. Juli 2024 von 8 bis 16 Uhr "
        "unterbrochen.\n\nMit freundlichen Grüßen\n\nAnna Keller\n",
        encoding="utf-8",
    )
    [doc] = load([f])
    head = letter_head(doc)
    assert head is not None and head.subject == "Unterbrechung der Wasserversorgung"
    # The letter shapes read English: the run says why a German letter gets only the
    # general sentence questions.
    chunks = chunk_documents([doc], 1500)
    gen = OfflineGenerator()
    result = gen.generate_knowledge(build_plan(chunks, 10, 1, capacity=gen.capacity))
    notes = result.usage.get("notes", [])
    assert any("letter, memo or notice in German" in n for n in notes), notes


def test_a_letter_is_asked_what_it_requests_and_a_condition_stays_in_the_question(
    tmp_path: Path,
) -> None:
    f = tmp_path / "letter.txt"
    f.write_text(
        "To whom it may concern,\n\n"
        "We found that two of your pages copy our published course material without "
        "permission. Please remove both pages from your site. Please also delete the copies "
        "kept in your archive.\n\n"
        "If you remove the pages within 10 days, no further steps will be taken.\n\n"
        "If you keep the pages, the material will be reported to your host within 20 days.\n\n"
        "Kind regards,\n\nCourse Materials Office\nHarbour Valley Institute\n",
        encoding="utf-8",
    )
    pairs = _pairs([f])
    # Every request the letter makes, in order, asked once by its signer.
    assert pairs["What does the Harbour Valley Institute ask for in the letter?"] == (
        "Please remove both pages from your site. Please also delete the copies kept in your "
        "archive."
    )
    # A figure's question keeps the condition the answer holds under.
    assert any(
        q.endswith("if I keep the pages?") and a.startswith("If you keep the pages")
        for q, a in pairs.items()
    ), pairs


def test_a_word_memo_with_one_field_a_paragraph_says_who_sent_it(tmp_path: Path) -> None:
    memo = _docx(tmp_path / "memo.docx", [line for line in MEMO.splitlines() if line.strip()])
    pairs = _pairs([memo])
    assert pairs["Who sent the memo about new rules for overtime claims, and who received it?"] == (
        "To: All staff of the Logistics Department; From: Priya Nair, Head of Operations"
    )
