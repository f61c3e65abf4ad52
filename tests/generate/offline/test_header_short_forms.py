"""A sheet's header written short ("Nbre d'heures", "Anz.") is said in full in the
questions asked of it."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.helpers.knowledge_fixtures import generate_offline

_STAFF = [
    ("Technicien de laboratoire", 12, 30),
    ("Enseignant tuteur", 11, 40),
    ("Chercheur invité", 6, 45),
    ("Assistant de projet", 20, 25),
    ("Graphiste", 8, 35),
]


def _timesheet(path: Path) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Personnel"
    ws.append(["Poste", "Nbre d'heures", "Coût horaire"])
    for row in _STAFF:
        ws.append(list(row))
    wb.save(path / "personnel.xlsx")
    return path / "personnel.xlsx"


def test_a_short_form_in_a_french_header_is_said_in_full(tmp_path: Path) -> None:
    outcome = generate_offline(tmp_path, _timesheet(tmp_path), 30)
    questions = [c.turns[0].prompt for c in outcome.dataset.cases] if outcome.dataset else []
    assert any("nombre d'heures" in q for q in questions), questions
    assert not any("nbre" in q.casefold() for q in questions), questions
