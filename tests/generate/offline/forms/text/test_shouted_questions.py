"""A question a document asks in a heading line set in capitals is written in sentence case,
with the acronyms the document writes in running text kept."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline

CONSENT_TXT = """Consent to take part in a research study

WHY IS THIS STUDY BEING DONE?
The study tests whether a daily walk lowers blood pressure in adults over sixty. It runs
at two clinics of the city hospital.

HOW MANY PEOPLE WILL TAKE PART IN THE STUDY?
About 120 people will take part in the study at the two clinics of the hospital.

WHO CAN I CALL ABOUT MY RIGHTS AS A PARTICIPANT IN THIS NIH STUDY?
Call the review board of the hospital at 555-0100. The NIH funds this study.
"""


def test_a_shouted_question_is_written_in_sentence_case(tmp_path: Path) -> None:
    doc = tmp_path / "consent.txt"
    doc.write_text(CONSENT_TXT, encoding="utf-8")
    outcome = generate_offline(tmp_path, doc, 10)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    asked = {c.turns[0].prompt for c in cases}
    assert "How many people will take part in the study?" in asked
    assert not any(q.isupper() for q in asked)
    nih = [q for q in asked if "rights" in q]
    assert not nih or "NIH" in nih[0]
