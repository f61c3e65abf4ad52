"""Rows of people named by a first-name column and a surname column: asked by the full
name, never by the record's number; a full name on two rows is asked nothing; a date written
month first is not asked in a language that writes the day first; a count of hours is asked
"¿Cuántas horas de ...?"."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.helpers.knowledge_fixtures import generate_offline

_PEOPLE = [
    ("Lucía", "Martín", "Técnica de Producción", "Producción"),
    ("Jorge", "Navarro", "Jefe de Compras", "Compras"),
    ("Marta", "Navarro", "Analista Financiera", "Finanzas"),
    ("Jorge", "Iglesias", "Técnico de Calidad", "Calidad"),
    ("Elena", "Castro", "Gerente de Ventas", "Ventas"),
    # One person kept twice (a change of post recorded as a new row): no row to ask by name.
    ("Pablo", "Ortega", "Auxiliar Administrativo", "Administración"),
    ("Pablo", "Ortega", "Jefe de Administración", "Administración"),
    ("Sara", "Molina", "Diseñadora Gráfica", "Marketing"),
]


def _staff(path: Path, headers: list[str], name: str) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = name
    ws.append(headers)
    for i, (first, last, post, dept) in enumerate(_PEOPLE):
        born = f"{1 + i % 9}/{13 + i}/19{70 + i}"  # month first, as a US export writes it
        ws.append([101 + i, first, last, post, born, 20 + 7 * i, dept])
    f = path / f"{name}.xlsx"
    wb.save(f)
    return f


def _pairs(tmp_path: Path, f: Path) -> dict[str, str]:
    outcome = generate_offline(tmp_path, f, 40)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def test_a_spanish_staff_list_is_asked_by_full_names_that_name_one_row(tmp_path: Path) -> None:
    headers = ["IDEmpleado", "Nombre", "Apellido", "Cargo", "Fecha Nacimiento"]
    headers += ["Horas Vacaciones", "Departamento"]
    pairs = _pairs(tmp_path, _staff(tmp_path, headers, "Empleados"))
    assert pairs
    assert pairs.get("¿Cuál es el cargo de Jorge Navarro?") == "Jefe de Compras", pairs
    assert pairs.get("¿Cuántas horas de vacaciones tiene Elena Castro?") == "48", pairs
    for q in pairs:
        assert "Ortega" not in q, q  # one name on two rows tells neither apart
        assert "idempleado" not in q.lower() and "fecha" not in q, q
        assert not any(str(101 + i) in q for i in range(len(_PEOPLE))), q


def test_an_english_staff_list_says_the_person_not_the_code(tmp_path: Path) -> None:
    headers = ["Employee ID", "First Name", "Last Name", "Job Title", "Birth Date"]
    headers += ["Vacation Hours", "Department"]
    pairs = _pairs(tmp_path, _staff(tmp_path, headers, "Staff"))
    assert pairs
    named = [q for q in pairs if "Jorge Navarro" in q]
    assert named, pairs
    for q in pairs:
        assert "Ortega" not in q and "employee ID" not in q.lower(), q
        assert not any(f" {101 + i}" in q for i in range(len(_PEOPLE))), q
