"""A sheet of questions and their answers (an FAQ kept as a table) is asked row by row as
it stands, in its own language: the question cell is the question, the cell beside it the
whole answer."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs
from tests.helpers.xlsx_fixtures import make_sheets_xlsx


def test_each_row_of_an_faq_sheet_is_asked_as_it_stands(tmp_path: Path) -> None:
    rows = [
        ["Question", "Answer"],
        ["How many days of annual leave do employees get?", "Employees get 24 days a year."],
        ["Who approves travel requests?", "The line manager approves them in the portal."],
        ["When is the payroll run each month?", "On the 25th, or the working day before."],
    ]
    path = make_sheets_xlsx(tmp_path / "faq.xlsx", {"FAQ": rows})
    cases = offline_pairs(tmp_path, path, 10)
    for question, answer in rows[1:]:
        assert cases.get(question) == answer, cases


def test_a_spanish_faq_sheet_is_asked_in_spanish(tmp_path: Path) -> None:
    rows = [
        ["Pregunta", "Respuesta"],
        [
            "¿Dónde se solicita la licencia de conducir?",
            "En la Dirección de Tránsito, de lunes a viernes.",
        ],
        [
            "¿Cuánto cuesta la renovación del carnet?",
            "La renovación cuesta 2.500 pesos y se paga en caja.",
        ],
        [
            "¿Qué documentos hay que presentar para el trámite?",
            "El documento de identidad y el certificado médico.",
        ],
    ]
    path = make_sheets_xlsx(tmp_path / "preguntas.xlsx", {"Preguntas": rows})
    cases = offline_pairs(tmp_path, path, 10)
    assert cases == {q: a for q, a in rows[1:]}, cases


def test_questions_beside_scores_are_no_faq(tmp_path: Path) -> None:
    # A survey's items with their average scores: no answer a user is told.
    rows = [
        ["Item", "Average"],
        ["Is the workload manageable?", 3.4],
        ["Do you feel heard by your manager?", 4.1],
        ["Would you recommend the team to a friend?", 3.9],
    ]
    path = make_sheets_xlsx(tmp_path / "survey.xlsx", {"Survey": rows})
    cases = offline_pairs(tmp_path, path, 10)
    assert not any(q == r[0] for q in cases for r in rows), cases


def test_a_glossary_is_asked_what_each_term_means_in_its_language(tmp_path: Path) -> None:
    english = [
        ["Term", "Definition"],
        ["Accrual", "An expense recorded before it is paid."],
        ["Deductible", "The amount you pay before the plan pays."],
        ["Premium", "The monthly amount paid for coverage."],
    ]
    spanish = [
        ["Término", "Explicación"],
        ["Devengo", "Gasto registrado antes de pagarlo."],
        ["Franquicia", "Importe que paga usted antes que la póliza."],
        ["Prima", "Importe mensual que se paga por la cobertura."],
    ]
    cases = offline_pairs(tmp_path, make_sheets_xlsx(tmp_path / "g.xlsx", {"Glossary": english}))
    assert cases == {f"What does “{t}” mean?": d for t, d in english[1:]}, cases
    path = make_sheets_xlsx(tmp_path / "glosario.xlsx", {"Glosario": spanish})
    cases = offline_pairs(tmp_path, path, 10)
    assert cases == {f"¿Qué significa «{t}»?": d for t, d in spanish[1:]}, cases


def test_a_catalogue_of_descriptions_is_no_glossary(tmp_path: Path) -> None:
    rows = [
        ["Product", "Description", "Price"],
        ["Trail 2", "A two-person tent for backpacking trips.", "$199"],
        ["Basecamp 6", "A family tent with two rooms and a porch.", "$449"],
        ["Daytrip 20", "A light daypack with a rain cover.", "$59"],
    ]
    cases = offline_pairs(tmp_path, make_sheets_xlsx(tmp_path / "c.xlsx", {"Tents": rows}))
    assert not [q for q in cases if " mean?" in q], cases
