"""A field that names a role a person holds ("Principal Investigator") is asked who holds
it when its value is a person's name, and not at all when it is not; the person is never
whom the record is for."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline

_FIELDS = [
    ("Study title:", "Daily walks and blood pressure in adults over sixty"),
    ("Principal Investigator:", "Dr. Maria Lopez"),
    ("Study Coordinator:", "See the list of staff at the clinic"),
    ("Protocol number:", "HS-2024-118"),
]


def _consent(path: Path) -> Path:
    import docx

    doc = docx.Document()
    doc.add_heading("Consent form for the walking study", 1)
    table = doc.add_table(rows=0, cols=2)
    for label, value in _FIELDS:
        cells = table.add_row().cells
        cells[0].text, cells[1].text = label, value
    doc.add_heading("What you will do", 2)
    doc.add_paragraph("You will walk for thirty minutes each day for twelve weeks.")
    doc.save(str(path))
    return path


def test_a_role_is_asked_who_holds_it(tmp_path: Path) -> None:
    outcome = generate_offline(tmp_path, _consent(tmp_path / "consent.docx"), 20)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    asked = {c.turns[0].prompt: c.turns[0].expected_response for c in cases}
    assert not any("for Dr. Maria Lopez" in q for q in asked), asked
    who = [q for q in asked if "principal investigator" in q]
    assert who and all(q.startswith("Who is") for q in who), asked
    assert not any("coordinator" in q for q in asked), asked
