"""A purpose clause that says "to be able to" ("Um ... entwickeln zu können", "Para poder
...", "Pour pouvoir ...", "To be able to ...") is asked with the task alone: the question
already says "can", and "Wie kann ich ... entwickeln können?" is no German."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.offline_prompts import offline_prompts

GERMAN = """\
# Einstieg in die Programmierung

## Werkzeuge

Um in Python entwickeln zu können, installiere den Interpreter von der offiziellen Webseite.
Der Interpreter bringt einen Paketmanager mit, der weitere Bibliotheken lädt.

Um Programme im Terminal starten zu können, trage den Ordner des Interpreters in den Pfad ein.
Danach genügt der Befehl python mit dem Namen der Datei.
"""

SPANISH = """\
# Guía del portal de alumnos

## Acceso

Para poder consultar tus notas, entra en el portal con tu usuario y contraseña del centro.
El portal muestra las notas de cada asignatura al final de cada evaluación.
"""

FRENCH = """\
# Guide de la médiathèque

## Prêts

Pour pouvoir emprunter des livres, présentez votre carte de lecteur à l'accueil.
Chaque carte permet d'emprunter dix documents pendant trois semaines.
"""

ENGLISH = """\
# Lab onboarding guide

## Access

To be able to book the microscope, ask the lab manager for an account on the booking system.
Bookings are made by the hour and can be cancelled up to a day ahead.
"""


def test_german_can_clause_asks_the_task_alone(tmp_path: Path) -> None:
    prompts = offline_prompts(tmp_path / "einstieg.md", GERMAN, 20)
    how = [p for p in prompts if p.startswith("Wie kann ich")]
    assert "Wie kann ich in Python entwickeln?" in how, prompts
    assert not any("können?" in p for p in how), how


def test_spanish_poder_clause_asks_the_task_alone(tmp_path: Path) -> None:
    prompts = offline_prompts(tmp_path / "portal.md", SPANISH, 20)
    assert "¿Cómo puedo consultar mis notas?" in prompts, prompts
    assert not any("puedo poder" in p for p in prompts), prompts


def test_french_pouvoir_clause_asks_the_task_alone(tmp_path: Path) -> None:
    prompts = offline_prompts(tmp_path / "guide.md", FRENCH, 20)
    assert not any("puis-je pouvoir" in p for p in prompts), prompts
    assert any(p.startswith("Comment puis-je emprunter des livres") for p in prompts), prompts


def test_english_be_able_to_clause_asks_the_task(tmp_path: Path) -> None:
    prompts = offline_prompts(tmp_path / "onboarding.md", ENGLISH, 20)
    assert "How do I book the microscope?" in prompts, prompts


def test_rate_by_the_hour_is_no_agent(tmp_path: Path) -> None:
    """ "Bookings are made by the hour" says a rate: asking "What makes bookings?" is
    nonsense, while a real agent ("by the lab manager") is still asked."""
    text = ENGLISH + (
        "\nAccounts are approved by the lab manager.\n"
        "\nSafety training is given by the department safety officer every spring.\n"
    )
    prompts = offline_prompts(tmp_path / "rates.md", text, 20)
    assert not any(p.startswith("What makes") for p in prompts), prompts
    assert any(p.startswith("Who approves accounts") for p in prompts), prompts
    # The doer is the head of the phrase before "every spring", not "spring".
    assert "Who gives safety training?" in prompts, prompts
