"""A list under a label of remarks ("Practice Tips:") is asked with what its section is
about ("What are the practice tips for <topic>?"), never by the label alone."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_questions

TIPS_MD = """# Trustee handbook

## Reviewing claims

The trustee reviews each claim within 30 days of the bar date.

Practice Tips:

- Compare each claim with the schedules of the debtor.
- Check that fees added to a secured claim are reasonable.
- Verify the classification of every tax claim.

## Closing a case

The trustee files the final report within 90 days of the last payment.
"""


def test_a_label_of_remarks_is_asked_with_its_topic(tmp_path: Path) -> None:
    asked = offline_questions(tmp_path, "handbook.md", TIPS_MD, 10)
    tips = [q for q in asked if "tips" in q.lower()]
    assert tips and all("for reviewing claims" in q for q in tips), asked


OUTLINE_MD = """# Trustee handbook

## CHAPTER 3 - ADMINISTRATION OF CHAPTER 13 CASES

### Review, posting and objection

The trustee files the final report within 90 days of the last payment.

Practice Tips:

- List both creditors of a claim that was reassigned.
- Serve a copy of the final report on all parties in interest.
- Reissue a check that a creditor did not cash within 90 days.
"""


def test_a_label_of_remarks_under_an_outline_heading_is_not_asked(tmp_path: Path) -> None:
    # "... tips for review, posting and objection?", "... for chapter 3 - <title>?": the
    # heading is an outline, not what the tips are for.
    asked = offline_questions(tmp_path, "handbook.md", OUTLINE_MD, 10)
    assert not any("tips" in q.lower() and (" - " in q or "," in q) for q in asked), asked


CLAIMS_MD = """# Trustee handbook

## CHAPTER 3 - ADMINISTRATION OF CHAPTER 13 CASES

### Claims

- Review claims promptly and object when a claim is late.
- Verify that claims are classified in the plan.
- Pay post-petition claims only as the plan provides.
"""


def test_a_short_topic_is_not_asked_for_an_outline_heading(tmp_path: Path) -> None:
    # "What are the claims for chapter 3 - administration of cases?" names no subject.
    asked = offline_questions(tmp_path, "handbook.md", CLAIMS_MD, 10)
    assert not any(" - " in q for q in asked), asked
