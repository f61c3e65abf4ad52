"""A short definition in German, French or Spanish is answered with the next sentence
when that sentence goes on about the term by its pronoun ("Sie besteht aus ...")."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import text_pairs

_DE = """# Datenschutzerklärung der Beispiel GmbH

## Cookies

Die Internetseiten der Beispiel GmbH verwenden Cookies. Eine Sitzungskennung ist eine eindeutige Nummer des Besuchs. Sie besteht aus einer Zeichenfolge, durch welche der Server den Browser des Besuchers wiedererkennt. Die Beispiel GmbH löscht sie nach dem Ende des Besuchs.
"""

_FR = """# Politique de confidentialité de Exemple SAS

## Cookies

Le site de Exemple SAS utilise des témoins. Un témoin de session est un petit fichier texte. Il contient un numéro qui permet au serveur de reconnaître le navigateur du visiteur. Exemple SAS le supprime à la fin de la visite.
"""


def test_a_short_german_definition_takes_the_sentence_that_goes_on(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "datenschutz.md", _DE, 10)
    answers = [a for q, a in pairs.items() if "Sitzungskennung" in q]
    assert answers, sorted(pairs)
    assert "Zeichenfolge" in answers[0] and "löscht" not in answers[0]


def test_a_short_french_definition_takes_the_sentence_that_goes_on(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "confidentialite.md", _FR, 10)
    answers = [a for q, a in pairs.items() if "témoin de session" in q]
    assert answers, sorted(pairs)
    assert "reconnaître le navigateur" in answers[0] and "supprime" not in answers[0]
