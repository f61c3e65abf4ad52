"""A staff handbook's rules are asked whole: what a party may not do (not the reason the
rule gives), a section named without its "3-12." number, no "who is eligible" answered by
who is not, no question on a span of days whose noun went unsaid, no purpose clause asked
as a task when the rule after it tells the reader to do nothing."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.forms.text.clause_questions import ask_allowed, ask_eligible
from datasetkit.generate.offline.forms.text.spans_and_means import ask_used_for
from datasetkit.generate.offline.language.clauses import parse
from datasetkit.generate.offline.language.words import DocWords, topic_of
from tests.generate.offline.forms.test_forms import _cases, _pairs

HANDBOOK = """# Staff Handbook

## 2-4. Smoke-Free Workplace

This policy applies to all employees and contractors who perform work for the Company. \
Smoking is prohibited in company vehicles.

## 2-5. Visitors

For security reasons, visitors are prohibited from entering the server room. \
To avoid interruptions, fundraising by a member of staff is prohibited while either \
person is on shift.

## 2-6. Timesheets

The 1st through the 15th is to be turned in by the end of the month. \
Staff working fewer than 20 hours per week are not eligible for the tuition program.

## 2-7. Dress Code

Ripped, faded or otherwise worn jeans will never be considered business attire and may \
result in a warning.
"""


def _clause(sentence: str):
    c = parse(sentence, DocWords([sentence]))
    assert c is not None, sentence
    return c


def test_handbook_rules_are_asked_whole(tmp_path: Path) -> None:
    doc = tmp_path / "handbook.md"
    doc.write_text(HANDBOOK, encoding="utf-8")
    pairs = _pairs(_cases([doc], 20)[0])
    asked = list(pairs)
    assert "Are visitors allowed to enter the server room?" in asked, asked
    assert not [q for q in asked if "reasons" in q or "-4." in q], asked
    assert not [q for q in asked if q.startswith(("How do I avoid", "By when is the 1st"))], asked
    assert not [q for q in asked if q.startswith("Who is eligible")], asked
    assert not [q for q in asked if "may result" in q or q.startswith("Will faded")], asked


def test_a_party_barred_from_an_act_is_asked_about_the_act() -> None:
    s = "For security reasons, members are prohibited from bringing pets onto the campus."
    fact = ask_allowed(_clause(s), s)
    assert (
        fact is not None and fact.question == "Are members allowed to bring pets onto the campus?"
    )
    s = "Fundraising by a member of staff is prohibited while either person is on shift."
    fact = ask_allowed(_clause(s), s)
    assert fact is not None and fact.question.endswith("allowed while either person is on shift?")
    s = "Members are prohibited from doing it, as the rules say."
    assert ask_allowed(_clause(s), s) is None  # the act points back: no question


def test_hyphenated_section_numbers_leave_the_topic() -> None:
    assert topic_of("3-12. Expense Reports", DocWords(())) == "expense reports"


def test_who_is_eligible_is_not_answered_by_who_is_not() -> None:
    s = "Staff working fewer than 20 hours per week are not eligible for the tuition program."
    assert ask_eligible(s, _clause(s)) is None
    s = "Staff working at least 20 hours per week are eligible for the tuition program."
    fact = ask_eligible(s, _clause(s))
    assert fact is not None and fact.question == "Who is eligible for the tuition program?"


def test_a_use_under_a_condition_is_not_asked_as_its_purpose() -> None:
    s = "You can use the staff portal if you wish to change your bank details."
    assert ask_used_for(_clause(s), s) is None


FORM = """# Antrag auf Förderung

## Angaben zum Objekt

### Ist das Gebäude, in dem die Anlage eingebaut wird, vermietet?

Nein Ja (in diesem Fall muss der Vermieter dem Antrag zustimmen)

### Wer kann den Antrag stellen?

Den Antrag können alle Eigentümer eines Wohngebäudes im Netzgebiet stellen, die \\
ihren Strom von den Stadtwerken beziehen.
"""


def test_a_forms_yes_no_boxes_are_no_answer(tmp_path: Path) -> None:
    doc = tmp_path / "antrag.md"
    doc.write_text(FORM, encoding="utf-8")
    pairs = _pairs(_cases([doc], 10)[0])
    assert not [a for a in pairs.values() if a.startswith("Nein Ja")], pairs


def test_a_question_on_a_guidance_documents_rules_says_according_to_it() -> None:
    from datasetkit.generate.offline.subject_said import Subject

    said = Subject("Contoso Records Profile", "organisation", "title", ()).tail()
    assert said == "according to the Contoso Records Profile"
    assert Subject("Contoso", "organisation", "title", ()).tail() == "at Contoso"


SYLLABUS = """# Facultad de Letras

## 1. Información general

- Nombre del curso: Historia del Arte 1
- Código: HA-101
- Número de créditos: Tres (3)
- Carácter: Obligatorio
"""


def test_a_sheets_measure_names_the_thing_its_name_field_gives(tmp_path: Path) -> None:
    doc = tmp_path / "silabo.md"
    doc.write_text(SYLLABUS, encoding="utf-8")
    pairs = _pairs(_cases([doc], 10)[0])
    credits = [q for q in pairs if "créditos" in q]
    assert credits == ["¿Cuál es el número de créditos de Historia del Arte 1?"], pairs
