"""Who is responsible for a task: asked of handbook prose by the task, answered by the
party the sentence names, and never of a sentence whose party or task points elsewhere."""

from __future__ import annotations

from pathlib import Path

from docx import Document as WordDocument

from tests.helpers.knowledge_fixtures import offline_pairs, text_pairs

CLUB_MD = """\
# Riverside Rowing Club Handbook

## Membership

The membership secretary is responsible for renewing memberships and issuing new member cards each spring.
Members are responsible for paying their fees on time.

## Safety

The head coach is accountable for checking the river conditions before every outing.
The safety officer is responsible for the rescue launch; she also keeps the first aid kits.
These volunteers are responsible for locking the boathouse after the last outing.
"""


def test_the_party_responsible_for_a_task_is_asked_by_the_task(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "club.md", CLUB_MD, count=30)
    assert (
        pairs[
            "Who is responsible for renewing memberships and issuing new member cards each spring?"
        ]
        == "The membership secretary."
    )
    assert (
        pairs["Who is accountable for checking the river conditions before every outing?"]
        == "The head coach."
    )
    # The task ends with its clause: what follows a semicolon is no part of it.
    assert pairs["Who is responsible for the rescue launch?"] == "The safety officer."


def test_a_party_or_task_that_points_elsewhere_is_not_asked(tmp_path: Path) -> None:
    asked = " ".join(text_pairs(tmp_path, "club.md", CLUB_MD, count=30))
    # "paying their fees": whose, the question would not say.
    assert "their fees" not in asked and "my fees" not in asked
    # "These volunteers": which ones, only the sentence before says.
    assert "locking the boathouse" not in asked


def test_a_word_document_is_asked_the_same(tmp_path: Path) -> None:
    doc = WordDocument()
    doc.add_heading("Facilities Guide", level=1)
    doc.add_heading("Building services", level=2)
    doc.add_paragraph(
        "The facilities manager is responsible for scheduling fire drills and testing the "
        "alarm panels on each floor."
    )
    doc.add_paragraph("Each employee is responsible for keeping the kitchen area tidy.")
    path = tmp_path / "facilities.docx"
    doc.save(str(path))
    pairs = offline_pairs(tmp_path, path, 30)
    assert (
        pairs[
            "Who is responsible for scheduling fire drills and testing the alarm panels on "
            "each floor?"
        ]
        == "The facilities manager."
    )
    # "Each employee": no one party the answer could name.
    assert not any("kitchen" in q for q in pairs)
