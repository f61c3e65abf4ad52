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
