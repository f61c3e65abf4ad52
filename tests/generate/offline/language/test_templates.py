"""A question template filled in French is said as French says it: "que" and "de" elide
before a vowel ("Qu'est-ce qu'une requête ?"), never "Qu'est-ce que une requête ?"."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

GUIDE = """# Guide de l'entrepôt de données

## Notions

Une requête est une demande de données adressée au cube par un utilisateur de l'entrepôt.

Un journal est un fichier qui conserve la suite des requêtes envoyées au serveur.

Le résumé est une description courte des requêtes les plus fréquentes du journal.
"""


def test_french_questions_elide_before_a_vowel(tmp_path: Path) -> None:
    doc = tmp_path / "guide.md"
    doc.write_text(GUIDE, encoding="utf-8")
    questions = set(_pairs(_cases([doc], 10)[0]))
    assert {"Qu'est-ce qu'une requête ?", "Qu'est-ce qu'un journal ?"} <= questions, questions
    assert "Qu'est-ce que le résumé ?" in questions, questions
    assert not any("que u" in q for q in questions), questions
