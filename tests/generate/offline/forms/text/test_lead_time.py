"""A limit with a lead time names its event ("How many working days before the hearing
must ...?") and a qualified unit of time ("working days", "consecutive years") stays whole
in the question, never split around the verb."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

GUIDE = """# Council Procedures

## Requests

Speakers must register at least three working days before the hearing.

Members may serve up to two consecutive years on the board.

Every complaint is reviewed by the clerk and answered in writing within one month of receipt.
"""


def test_a_lead_time_names_its_event_and_keeps_its_unit_whole(tmp_path: Path) -> None:
    doc = tmp_path / "procedures.md"
    doc.write_text(GUIDE, encoding="utf-8")
    questions = set(_pairs(_cases([doc], 20)[0]))
    assert "How many working days before the hearing must speakers register?" in questions
    assert "How many consecutive years can members serve on the board?" in questions
    assert not any("working must" in q or "How far in advance" in q for q in questions)
