"""A document not in English names its subject (an acronym its title defines, the one
company its "we" text names by a legal form) in each question that names nothing of its
own, the way the question's language says it; two competing names give none."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.language.subject_phrases import said_with_subject
from datasetkit.generate.offline.neutral_subject import neutral_subject
from datasetkit.knowledge import load
from tests.generate.offline.forms.test_forms import _cases

HANDBOOK = """# Mitarbeiterhandbuch

## Willkommen

Wir freuen uns, dass Du bei uns arbeitest. Unser Büro ist offen für alle, und wir helfen \
einander.

## Spesen

Für jede Ausgabe braucht es einen Beleg. Rechnungen müssen immer an ‹Brennwald GmbH, \
Seestrasse 4, 8000 Zürich› ausgestellt sein.

## Arbeitszeit

Eine Arbeitswoche hat 42 Stunden. Die Arbeitsstunden musst Du bis Ende Monat erfassen.
"""


def _statutes(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading(
        "ESTATUTOS DA ASSOCIAÇÃO APTV – ASSOCIAÇÃO PORTUGUESA DE TURISMO DE VINHO", level=1
    )
    d.add_heading("Artigo Primeiro", level=2)
    d.add_paragraph(
        'A presente Associação denomina-se "APTV – Associação Portuguesa de Turismo de '
        'Vinho", adiante designada por APTV.'
    )
    d.add_heading("Artigo Segundo", level=2)
    d.add_paragraph("A APTV é uma associação sem fins lucrativos. A sede da APTV fica em Évora.")
    d.add_heading("Artigo Terceiro", level=2)
    d.add_paragraph("A Direcção é composta por um presidente, um secretário e um tesoureiro.")
    d.add_paragraph("O mandato da Direcção tem a duração de três anos.")
    d.add_heading("Artigo Quarto", level=2)
    d.add_paragraph("Constituem receitas da APTV as quotas dos membros. A APTV publica as contas.")
    d.save(path)
    return path


def test_a_german_handbook_says_bei_the_company_its_we_text_names(tmp_path: Path) -> None:
    doc = tmp_path / "handbuch.md"
    doc.write_text(HANDBOOK, encoding="utf-8")
    questions = list(_cases([doc], 10)[0])
    assert questions and all("bei Brennwald" in q for q in questions), questions
    assert "Wie viele Stunden hat eine Arbeitswoche bei Brennwald?" in questions, questions


def test_portuguese_statutes_say_the_acronym_with_the_article_the_text_gives_it(
    tmp_path: Path,
) -> None:
    questions = list(_cases([_statutes(tmp_path / "estatutos.docx")], 10)[0])
    assert "Como é composta a Direcção da APTV?" in questions, questions
    assert all(q.count("APTV") == 1 for q in questions), questions


def test_two_companies_named_by_legal_form_give_no_subject(tmp_path: Path) -> None:
    doc = tmp_path / "handbuch.md"
    doc.write_text(
        HANDBOOK + "\nDie Lohnabrechnung macht für uns die Treuhand Keller AG.\n",
        encoding="utf-8",
    )
    assert neutral_subject(load([doc])[0]) is None
    assert not any("bei" in q.split("?")[0].split()[-2:] for q in _cases([doc], 10)[0])


LIVRET = """# Livret d'accueil

## Bienvenue

Nous sommes heureux de vous accueillir chez Verbois. Notre équipe est à votre écoute : \
écrivez à rh@verbois.fr.

## Congés

Chaque salarié a droit à 25 jours de congés payés par an. Verbois ferme ses bureaux entre \
Noël et le Nouvel An. Nous saisissons les heures chaque vendredi. Verbois rembourse la \
moitié de l'abonnement de transport.

Plus d'informations sur www.verbois.fr.
"""


def test_a_french_page_names_the_organisation_its_addresses_and_text_agree_on(
    tmp_path: Path,
) -> None:
    doc = tmp_path / "livret.md"
    doc.write_text(LIVRET, encoding="utf-8")
    questions = list(_cases([doc], 10)[0])
    assert "À combien de jours de congés a droit chaque salarié chez Verbois ?" in questions


def test_a_running_header_confirms_the_company_a_spanish_document_names(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.sections[0].header.paragraphs[0].text = "Olivar Hermanos S.L. – Reglamento interno"
    d.add_heading("Reglamento interno", level=1)
    d.add_heading("Vacaciones", level=2)
    d.add_paragraph("Cada empleado tiene derecho a 23 días laborables de vacaciones al año.")
    d.add_paragraph("Las nóminas las emite Olivar Hermanos S.L. el último día del mes.")
    d.save(tmp_path / "reglamento.docx")
    questions = list(_cases([tmp_path / "reglamento.docx"], 10)[0])
    assert questions and all(q.endswith(" en Olivar Hermanos?") for q in questions), questions


def test_each_language_puts_the_subject_where_it_reads() -> None:
    text = "Le CNAF publie ses comptes. Les membres du CNAF votent."
    assert (
        said_with_subject("Qui compose le conseil ?", "CNAF", ("CNAF",), "fr", text)
        == "Qui compose le conseil du CNAF ?"
    )
    assert (
        said_with_subject("¿Cuántos días de vacaciones tengo?", "Acme", ("Acme",), "es", "")
        == "¿Cuántos días de vacaciones tengo en Acme?"
    )
    assert (
        said_with_subject("Bis wann muss ich die Stunden erfassen?", "Acme", ("Acme",), "de", "")
        == "Bis wann muss ich die Stunden bei Acme erfassen?"
    )
    assert (
        said_with_subject("Wann fängt die Arbeit an?", "Acme", ("Acme",), "de", "")
        == "Wann fängt die Arbeit bei Acme an?"
    )


def test_german_says_the_subject_in_the_main_clause_before_its_infinitive() -> None:
    for question, said in (
        ("Wer ist bei Krankheit zu informieren?", "Wer ist bei Krankheit bei Acme zu informieren?"),
        (
            "Was muss ich tun, wenn ich krank bin?",
            "Was muss ich bei Acme tun, wenn ich krank bin?",
        ),
        ("Welche Feiertage gibt es?", "Welche Feiertage gibt es bei Acme?"),
    ):
        assert said_with_subject(question, "Acme", ("Acme",), "de", "") == said


def test_a_question_that_names_the_subject_or_a_term_is_left_alone() -> None:
    for question in (
        "Quais são as receitas do CNIG?",
        "O que é quota?",
        "Was bedeutet Gleitzeit?",
        "Welche Punkte nennt der Abschnitt „Ferien“?",
    ):
        lang = "pt" if question.startswith(("Q", "O")) else "de"
        assert said_with_subject(question, "CNIG", ("CNIG",), lang, "") == question


def test_a_german_organisation_named_by_its_noun_is_said_with_that_nouns_article(
    tmp_path: Path,
) -> None:
    doc = tmp_path / "handbuch.md"
    doc.write_text(
        HANDBOOK.replace("Brennwald GmbH", "Volkshochschule Seetal e.V."), encoding="utf-8"
    )
    questions = list(_cases([doc], 10)[0])
    assert questions and all("bei der Volkshochschule Seetal" in q for q in questions), questions
    assert not [q for q in questions if "bei Volkshochschule" in q], questions


def test_an_organisations_head_noun_gives_its_article_in_each_language() -> None:
    for question, name, lang, said in (
        (
            "Wann tagt der Vorstand?",
            "Verein Lesen e.V.",
            "de",
            "Wann tagt der Vorstand beim Verein Lesen e.V.?",
        ),
        (
            "Wer kann teilnehmen?",
            "Stadtverwaltung Seetal",
            "de",
            "Wer kann bei der Stadtverwaltung Seetal teilnehmen?",
        ),
        (
            "Qui compose le bureau ?",
            "Association Lire",
            "fr",
            "Qui compose le bureau de l'Association Lire ?",
        ),
        (
            "Qui compose le bureau ?",
            "Conseil régional",
            "fr",
            "Qui compose le bureau du Conseil régional ?",
        ),
        (
            "Qui peut voter ?",
            "Université de Lille",
            "fr",
            "Qui peut voter à l'Université de Lille ?",
        ),
        (
            "¿Quién puede votar?",
            "Universidad de Chile",
            "es",
            "¿Quién puede votar en la Universidad de Chile?",
        ),
        (
            "¿Quién firma el acta?",
            "Ministerio de Salud",
            "es",
            "¿Quién firma el acta del Ministerio de Salud?",
        ),
    ):
        assert said_with_subject(question, name, (name,), lang, "") == said


def test_a_name_that_is_no_noun_of_the_language_stays_bare() -> None:
    for question, name, lang, said in (
        ("Wer kann teilnehmen?", "Brennwald", "de", "Wer kann bei Brennwald teilnehmen?"),
        ("Qui peut voter ?", "Acme", "fr", "Qui peut voter chez Acme ?"),
        (
            "¿Cuántos días de vacaciones tengo?",
            "Talentia",
            "es",
            "¿Cuántos días de vacaciones tengo en Talentia?",
        ),
    ):
        assert said_with_subject(question, name, (name,), lang, "") == said
