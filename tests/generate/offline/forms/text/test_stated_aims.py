"""A sentence that states what a named thing is for is asked what its aim is, in German,
French or Spanish, and answered by the whole sentence; an aim of nothing named, of a thing
that points back, or one drawn from the sentence before it is not asked."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.text.stated_aims import aim_question
from tests.generate.offline.forms.test_forms import _cases, _pairs


def _rituals(path: Path) -> Path:
    path.write_text(
        "# Rituels de l'équipe Atelier\n\n"
        "## Rétrospective\n\n"
        "La rétrospective a lieu toutes les deux semaines, le vendredi après-midi.\n\n"
        "L'objectif de la rétrospective est de permettre à l'équipe d'améliorer sa façon de "
        "travailler ensemble.\n\n"
        "## Démonstration\n\n"
        "Le but est de montrer le travail livré.\n\n"
        "Le but de ce rituel est de fêter les livraisons.\n",
        encoding="utf-8",
    )
    return path


def test_a_stated_aim_is_asked_in_the_documents_language(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_rituals(tmp_path / "rituels.md")], 10)[0])
    assert pairs.get("Quel est l'objectif de la rétrospective ?") == (
        "L'objectif de la rétrospective est de permettre à l'équipe d'améliorer sa façon de "
        "travailler ensemble."
    )
    # "Le but est de ...": whose aim, the sentence does not say; "ce rituel" points back.
    assert not any(q.startswith("Quel est le but") for q in pairs)


def test_german_and_spanish_aims() -> None:
    assert (
        aim_question("Das Ziel des Projekts ist es, die Abläufe im Büro zu vereinfachen.", "de")
        == "Was ist das Ziel des Projekts?"
    )
    assert (
        aim_question("La misión del comité es revisar cada caso de conflicto de interés.", "es")
        == "¿Cuál es la misión del comité?"
    )
    # An aim drawn from what came before ("deshalb") loses its reason when asked alone.
    assert (
        aim_question("Ziel der Schule ist es deshalb, mehr Kurse am Abend anzubieten.", "de")
        is None
    )
    assert aim_question("Nuestro objetivo es crecer cada año un poco más.", "es") is None
