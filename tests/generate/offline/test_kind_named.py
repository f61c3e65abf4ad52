"""Statutes name their organisation in one clause and then call it by its kind ("the
association", "der Verein"): a question that says the kind alone says the name with it,
in French, Spanish, German and English; never when two organisations of that kind are
named, and never in the answer."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.language.kind_named import said_with_kind_name
from tests.generate.offline.forms.test_forms import _cases

STATUTES = """# Statuts

## Article 1 – Dénomination

Il est fondé entre les adhérents aux présents statuts une association régie par la loi \
du 1er juillet 1901, ayant pour titre : « Les Amis du Vieux Moulin », abrégé en « AVM ».

## Article 2 – Objet

L'association a pour objet la restauration et l'entretien du moulin de la commune.

## Article 3 – Ressources

Les ressources de l'association comprennent :

- les cotisations des membres ;
- les subventions publiques ;
- les dons manuels.

## Article 4 – Assemblée générale

L'Assemblée générale est composée de l'ensemble des membres à jour de leur cotisation.

L'Assemblée générale se réunit une fois par an.
"""


def test_french_statutes_question_says_the_association_by_its_short_name(
    tmp_path: Path,
) -> None:
    doc = tmp_path / "statuts.md"
    doc.write_text(STATUTES, encoding="utf-8")
    cases = _cases([doc], 10)[0]
    question = "Que comprennent les ressources de l'association AVM ?"
    assert question in cases, list(cases)
    # Its organs are the association's: the question says whose, after an elided article.
    assert "Comment est composée l'Assemblée générale de l'association AVM ?" in cases
    # The answer is the document's own words.
    assert "AVM" not in cases[question].case.turns[0].expected_response


def test_two_associations_named_leave_the_question_alone(tmp_path: Path) -> None:
    doc = tmp_path / "statuts.md"
    doc.write_text(
        STATUTES + "\nElle adhère à une association dénommée « Moulins de France ».\n",
        encoding="utf-8",
    )
    cases = _cases([doc], 10)[0]
    assert "Que comprennent les ressources de l'association ?" in cases, list(cases)
    assert "Comment est composée l'Assemblée générale ?" in cases, list(cases)


def test_french_name_without_short_form_and_elision_kept() -> None:
    text = "Il est fondé une association dite « **Savoir Partagé** » régie par la loi."
    said = said_with_kind_name("Qui représente l’Association ?", text, "fr")
    assert said == "Qui représente l’Association Savoir Partagé ?"


def test_a_name_that_opens_with_its_kind_replaces_the_noun() -> None:
    text = "Une association ayant pour titre « Association des Parents du Lycée » est fondée."
    said = said_with_kind_name("Qui dirige l'association ?", text, "fr")
    assert said == "Qui dirige l'Association des Parents du Lycée ?"


def test_german_verein_is_said_with_its_name_in_any_case() -> None:
    text = "Der Verein führt den Namen „Freunde des Waldes e.V.“. Er hat seinen Sitz in Bern."
    assert (
        said_with_kind_name("Wer vertritt den Verein?", text, "de")
        == "Wer vertritt den Verein Freunde des Waldes e.V.?"
    )
    assert (
        said_with_kind_name("Was ist der Zweck des Vereins?", text, "de")
        == "Was ist der Zweck des Vereins Freunde des Waldes e.V.?"
    )


def test_spanish_asociacion_denominada() -> None:
    text = "Se constituye una asociación denominada «Amigos del Libro», sin ánimo de lucro."
    said = said_with_kind_name("¿Quién dirige la asociación?", text, "es")
    assert said == "¿Quién dirige la asociación Amigos del Libro?"


def test_english_company_defined_in_parentheses_is_said_by_name() -> None:
    text = 'Acme Widgets Ltd (the "Company") makes widgets. The Company employs staff.'
    said = said_with_kind_name("What are the Company's duties?", text, "en")
    assert said == "What are Acme Widgets Ltd's duties?"


def test_a_question_that_names_it_or_another_kind_is_left_alone() -> None:
    text = "Der Verein führt den Namen „Freunde des Waldes e.V.“."
    for q in ("Wer leitet die Stiftung?", "Wer vertritt Freunde des Waldes e.V.?"):
        assert said_with_kind_name(q, text, "de") == q
    assert said_with_kind_name("Wer vertritt den Verein?", "Der Verein hat Mitglieder.", "de") == (
        "Wer vertritt den Verein?"
    )
