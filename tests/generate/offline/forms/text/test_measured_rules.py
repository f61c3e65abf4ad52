"""German, French and Spanish documents are asked their labelled measures, the figures
their sentences give and who their rules bind, in their own language."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.language.words import sentences
from tests.helpers.knowledge_fixtures import text_pairs

_DE = """# Handbuch für Mitarbeitende

## Arbeitszeit und Pausen

Die Arbeitszeit richtet sich nach dem Vertrag und wird im Zeiterfassungssystem erfasst.

- Mindestdauer einer Pause: 15 Minuten
- Nach sechs Stunden Arbeit: mindestens 30 Minuten Pause

## Urlaub und Beiträge

Du hast 30 Tage Urlaub, bezogen auf eine volle Stelle.

Der Beitrag für Familien beträgt 165,00 Euro.

Der Vorstand kann auf Antrag eine Befreiung von der Zahlungspflicht erteilen.

Der Antrag wird von der Leitung geprüft und schriftlich beantwortet.

Der Mitgliedsbeitrag ist fällig zum 31. Januar eines jeden Jahres (z. B. per Überweisung).
"""

_FR = """# Guide des salariés

## Télétravail

Le télétravail est organisé avec le manager et suivi dans notre outil de gestion.

- Durée maximale du télétravail : 3 jours par semaine

Les salariés ont droit à 25 jours de congés payés par an.

Le délai de prévenance est de 15 jours avant le début du télétravail.

Le manager peut refuser une demande pour des raisons de service.

Le salarié dispose d'un délai de quinze (15) jours ouvrables pour contester la décision.
"""

_ES = """# Manual del empleado

## Vacaciones y reembolsos

Las vacaciones se solicitan a través del portal de empleados de la empresa.

- Plazo de solicitud: 15 días naturales

Tienes 7 días para solicitar un reembolso después de pagar cualquier producto.

Los empleados tienen derecho a 12 días de vacaciones durante el primer año.

El gerente puede aprobar o rechazar solicitudes según la disponibilidad del equipo.

Los empleados disponen de un plazo de 30 días naturales para presentar los justificantes.
"""


def _cases(tmp_path: Path, name: str, text: str) -> dict[str, str]:
    return text_pairs(tmp_path, name, text)


def test_a_german_handbook_is_asked_its_measures_figures_and_parties(tmp_path: Path) -> None:
    cases = _cases(tmp_path, "handbuch.md", _DE)
    assert cases.get("Wie lang ist die Mindestdauer einer Pause?") == "15 Minuten", cases
    assert "Wie viele Tage Urlaub habe ich?" in cases, cases
    assert "Wie hoch ist der Beitrag für Familien?" in cases, cases
    asked = "Wer kann auf Antrag eine Befreiung von der Zahlungspflicht erteilen?"
    assert cases.get(asked) == "Der Vorstand.", cases
    # The day of the month and the abbreviation do not end the sentence.
    asked = cases.get("Wann ist der Mitgliedsbeitrag fällig?", "")
    assert asked.endswith("(z. B. per Überweisung)."), cases
    # A label that names a case, not a measure, asks nothing; nor does a passive.
    assert not any("sechs Stunden" in q or "geprüft" in q for q in cases), cases


def test_a_french_guide_is_asked_in_french(tmp_path: Path) -> None:
    cases = _cases(tmp_path, "guide.md", _FR)
    assert cases.get("Quelle est la durée maximale du télétravail ?") == "3 jours par semaine"
    assert "À combien de jours de congés ont droit les salariés ?" in cases, cases
    assert "Quel est le délai de prévenance ?" in cases, cases
    assert "Qui peut refuser une demande pour des raisons de service ?" in cases, cases
    assert "De quel délai dispose le salarié pour contester la décision ?" in cases, cases


def test_a_spanish_manual_is_asked_in_spanish(tmp_path: Path) -> None:
    cases = _cases(tmp_path, "manual.md", _ES)
    assert cases.get("¿Cuál es el plazo de solicitud?") == "15 días naturales", cases
    assert (
        "¿Cuántos días tengo para solicitar un reembolso después de pagar cualquier producto?"
        in cases
    ), cases
    assert "¿A cuántos días de vacaciones tienen derecho los empleados?" in cases, cases
    asked = "¿De qué plazo disponen los empleados para presentar los justificantes?"
    assert asked in cases, cases
    assert (
        "¿Quién puede aprobar o rechazar solicitudes según la disponibilidad del equipo?" in cases
    ), cases


def test_abbreviations_and_ordinal_days_end_no_sentence() -> None:
    text = "Der Beitrag (inkl. Porto, z. B. 5 €) ist am 1. März fällig. Die Liste folgt.\na.\nb."
    assert sentences(text) == [
        "Der Beitrag (inkl. Porto, z. B. 5 €) ist am 1. März fällig.",
        "Die Liste folgt.",
        "a.",
        "b.",
    ]
