"""Survey forms defined in a workbook (a sheet of questions: type, stored name, label; a
sheet of answer choices: list, stored name, label) are asked as a form, by the labels a
person reads and under the form's title; a form with no title gives no cases and says why."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.helpers.knowledge_fixtures import generate_offline

_QUESTIONS = [
    ("type", "name", "label", "required", "hint"),
    ("start", "start", "Start Time", None, None),
    ("text", "visitor_name", "Visitor Name", "yes", None),
    ("integer", "group_size", "Number in Party", "yes", "Count children too"),
    ("date", "visit_date", "Date of Visit", None, None),
    ("select_one ticket_kind", "ticket", "Ticket Type", "yes", None),
    ("select_multiple yes_no", "extras", "Guided Tour Wanted", None, None),
    ("image", "receipt_photo", "Photo of Receipt", None, None),
    ("note", "thanks", "Thank you for visiting", None, None),
]
_CHOICES = [
    ("list_name", "name", "label"),
    ("ticket_kind", "adult", "Adult"),
    ("ticket_kind", "child", "Child"),
    ("ticket_kind", "senior", "Senior Citizen"),
    ("yes_no", "yes", "Yes"),
    ("yes_no", "no", "No"),
]


def _form(path: Path, settings: list[tuple[str, ...]]) -> Path:
    wb = openpyxl.Workbook()
    survey = wb.active
    assert survey is not None
    survey.title = "survey"
    for row in _QUESTIONS:
        survey.append(row)
    choices = wb.create_sheet("choices")
    for row in _CHOICES:
        choices.append(row)
    if settings:
        sheet = wb.create_sheet("settings")
        for row in settings:
            sheet.append(row)
    wb.save(path)
    return path


def _pairs(tmp_path: Path, source: Path) -> dict[str, str]:
    outcome = generate_offline(tmp_path, source, 40)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def test_a_titled_form_is_asked_by_its_question_labels(tmp_path: Path) -> None:
    path = _form(tmp_path / "visits.xlsx", [("form_title", "form_id"), ("Museum Visit", "mv_1")])
    pairs = _pairs(tmp_path, path)
    form = "In the Museum Visit form"
    assert pairs.get(f"{form}, what type of answer does the question 'Photo of Receipt' take?") == (
        "image"
    ), pairs
    choices = f"{form}, which answer choices does the question 'Ticket Type' offer?"
    assert pairs.get(choices) == "Adult\nChild\nSenior Citizen", pairs
    assert pairs.get(f"{form}, must the question 'Visitor Name' be answered?") == "Yes", pairs
    # Never a stored name in a question or an answer, never a sheet's name as a noun.
    for question, answer in pairs.items():
        assert not any(code in question for code in ("visit_date", "ticket_kind", "yes_no"))
        assert answer not in ("ticket_kind", "yes_no", "visit_date"), (question, answer)
        assert "survey" not in question.lower() and "choice list" not in question
    # A note asks nothing, nor a value the device records (when the form was started).
    assert not any("Thank you" in q or "Start Time" in q for q in pairs), pairs


def test_a_form_without_a_title_gives_no_cases_and_says_why(tmp_path: Path) -> None:
    path = _form(tmp_path / "visits.xlsx", [("id_string",), ("museum_visit",)])
    outcome = generate_offline(tmp_path, path, 40)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    questions = [c.turns[0].prompt for c in cases]
    assert not any("visit_date" in q or "Date of Visit" in q for q in questions), questions
    assert not any("list name" in q.lower() for q in questions), questions
    assert "gives it no title" in (outcome.shortfall_message or ""), outcome.shortfall_message


def test_a_form_in_another_language_declines_and_says_why(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    survey = wb.active
    assert survey is not None
    survey.title = "survey"
    for row in [
        ("type", "name", "label"),
        ("text", "besucher_name", "Wie heißen Sie?"),
        ("integer", "gruppe", "Wie viele Personen sind in Ihrer Gruppe?"),
        ("date", "besuch", "An welchem Tag waren Sie im Museum?"),
    ]:
        survey.append(row)
    settings = wb.create_sheet("settings")
    settings.append(("form_title", "default_language"))
    settings.append(("Museumsbesuch", "Deutsch (de)"))
    wb.save(tmp_path / "besuch.xlsx")
    outcome = generate_offline(tmp_path, tmp_path / "besuch.xlsx", 40)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    # No English question quoting German labels, and none by the stored names.
    assert not cases, [c.turns[0].prompt for c in cases]
    assert "in English only" in (outcome.shortfall_message or ""), outcome.shortfall_message
