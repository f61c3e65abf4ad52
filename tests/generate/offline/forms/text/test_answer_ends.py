"""A question the document asks is answered up to the next topic, even when that topic's
title was read as a paragraph and runs long."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

DOC = """# Home nursing care

What Are the Exceptions to Home Nursing Care Coverage?

The plan does not cover custodial care or care that is not medically needed.

Tips for Getting the Most Out of Your Home Nursing Care Visits

Talk with the nurse about your progress and your treatment plan.

Ask about any treatment you do not know.
"""


def test_an_answer_stops_at_a_long_title_read_as_a_paragraph(tmp_path: Path) -> None:
    doc = tmp_path / "care.md"
    doc.write_text(DOC, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    answer = pairs.get("What Are the Exceptions to Home Nursing Care Coverage?")
    assert answer is not None, pairs
    assert "custodial care" in answer and "Tips for" not in answer, answer


ALSO_DOC = """# Northwind Employee Handbook

## Performance Reviews

Performance reviews are conducted annually. During the review, your supervisor will \
discuss your performance over the past year and provide feedback on areas for improvement. \
They will also give you an opportunity to discuss your goals for the upcoming year.

## Workplace Safety Program

The purpose of this program is to prevent injuries in the workplace. It is also intended \
to protect our customers and visitors.
"""


def test_an_answer_keeps_the_sentence_that_adds_to_it(tmp_path: Path) -> None:
    # "They will also ...", "It is also intended to ...": the same subject goes on, and an
    # answer that stops before it gives one of two purposes.
    doc = tmp_path / "handbook.md"
    doc.write_text(ALSO_DOC, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    review = [a for a in pairs.values() if "feedback on areas for improvement" in a]
    purpose = [a for a in pairs.values() if "prevent injuries" in a]
    assert review and purpose, pairs
    assert all("discuss your goals" in a for a in review), review
    assert all("protect our customers" in a for a in purpose), purpose


SAME_HOURS = """# Customer service

## Contact

The customer service team is available by chat from 8:00 to 20:00, Monday to Saturday. \
Phone support is available on +1 555 0100 during the same hours.
"""


def test_a_contact_answer_says_the_hours_it_points_back_to(tmp_path: Path) -> None:
    # "... during the same hours": which hours, the sentence before says.
    doc = tmp_path / "service.md"
    doc.write_text(SAME_HOURS, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    phone = [a for a in pairs.values() if "+1 555 0100" in a]
    assert phone, pairs
    assert all("8:00 to 20:00" in a for a in phone), phone
