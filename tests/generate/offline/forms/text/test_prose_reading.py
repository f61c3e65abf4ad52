"""The prose of a form or a report as the sentence pass reads it: a list run into a
paragraph is read item by item, a publisher's legal notice is not asked, and a label over
an instruction ("Consent: Please read and sign") is no value."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.language.words import sentences
from datasetkit.generate.offline.text.sentences import legal_notice
from tests.helpers.knowledge_fixtures import offline_questions


def test_a_list_run_into_a_paragraph_is_read_item_by_item() -> None:
    text = (
        "I understand that: 1) I have read the leaflet. 2) I should stay in the room "
        "for 20 minutes. (3) I will tell the nurse about any allergies."
    )
    assert sentences(text) == [
        "I understand that:",
        "I have read the leaflet.",
        "I should stay in the room for 20 minutes.",
        "I will tell the nurse about any allergies.",
    ]


def test_a_legal_notice_is_told_from_terms_a_reader_asks_about() -> None:
    assert legal_notice(
        "(c) 2024 Northwind Clinics. All rights reserved. Northwind makes no warranties, "
        "express or implied, and cannot guarantee their accuracy."
    )
    assert legal_notice(
        "Northwind and the Northwind logo are trademarks of Northwind Ltd. No part may be "
        "copied without the express written permission of Northwind."
    )
    # A contract's own terms on liability or warranty are what its reader asks about.
    assert not legal_notice("The warranty covers parts and labour for two years.")
    assert not legal_notice("Liability for lost items is limited to the deposit paid.")


def test_a_notice_in_a_document_is_not_asked(tmp_path: Path) -> None:
    text = (
        "# Clinic Guide\n\n"
        "Copyright 2024 Northwind Clinics. All rights reserved. Northwind makes no "
        "warranties, express or implied, in this guide. Any references to other products "
        "should not be considered an endorsement by Northwind. Northwind cannot guarantee "
        "their accuracy, and the products may change over time.\n\n"
        "Patients must not eat for 6 hours before the procedure.\n"
    )
    questions = offline_questions(tmp_path, "guide.md", text)
    assert questions and not any("guarantee" in q or "endorse" in q for q in questions)


def test_a_label_over_an_instruction_is_no_value(tmp_path: Path) -> None:
    text = (
        "# Vaccination Consent\n\n"
        "Informed Consent: Please read and sign.\n\n"
        "Clinic Location: Building 4\n\n"
        "Patients should remain in the waiting room for 15 minutes after the injection.\n"
    )
    questions = offline_questions(tmp_path, "consent.md", text)
    assert not any("informed consent" in q.lower() for q in questions)


def test_a_run_in_glossary_keeps_its_numbers() -> None:
    text = "Three kinds are used: (1) Random: any passage; (2) Lexical: the best match."
    assert sentences(text) == [text]
