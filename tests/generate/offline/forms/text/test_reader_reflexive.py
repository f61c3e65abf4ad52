"""A task a purpose clause states for anyone ("um sich anzumelden", "para darse de baja",
"pour s'inscrire") is asked in the first person with its reflexive agreeing: "Wie kann
ich mich anmelden?", never "Wie kann ich sich anmelden?"."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.generate.offline.language.reader import said_by_reader
from tests.helpers.knowledge_fixtures import text_pairs

GERMAN = """# Kursanmeldung der Volkshochschule Talheim

Die Volkshochschule Talheim bietet jedes Semester über 200 Kurse an. Um sich für einen Kurs anzumelden, füllen Sie das Formular auf der Website aus und überweisen die Gebühr innerhalb von 14 Tagen.

Um sich mit den neuen Medien vertraut zu machen, besuchen Sie den Einsteigerkurs am Montagabend.
"""

SPANISH = """# Inscripción en los cursos de la Escuela Municipal de Talavera

La Escuela Municipal de Talavera ofrece más de 200 cursos cada semestre. Para inscribirse en un curso, rellene el formulario de la web y pague la matrícula en un plazo de 14 días.

Para darse de baja de un curso, envíe un correo a la secretaría.
"""

FRENCH = """# Inscription aux cours de l'École municipale de Valence

L'École municipale de Valence propose plus de 200 cours chaque semestre. Pour s'inscrire à un cours, remplissez le formulaire du site et payez les frais sous 14 jours.
"""


@pytest.mark.parametrize(
    ("name", "text", "said", "never"),
    [
        ("kurse.md", GERMAN, "Wie kann ich mich für einen Kurs anmelden?", "ich sich"),
        ("cursos.md", SPANISH, "¿Cómo puedo inscribirme en un curso?", "inscribirse"),
        ("cours.md", FRENCH, "Comment puis-je m'inscrire à un cours ?", "puis-je s'"),
    ],
)
def test_reflexive_tasks_are_asked_in_the_first_person(
    tmp_path: Path, name: str, text: str, said: str, never: str
) -> None:
    pairs = text_pairs(tmp_path, name, text, count=10)
    assert said in pairs, pairs
    assert not any(never in q for q in pairs), pairs


def test_words_that_are_not_the_readers_stay() -> None:
    assert said_by_reader("den Kurs wechseln", "de") == "den Kurs wechseln"
    assert said_by_reader("cambiar el curso", "es") == "cambiar el curso"
    assert said_by_reader("changer de cours", "fr") == "changer de cours"
    # Only the infinitive's attached pronoun moves ("clase" is no infinitive).
    assert said_by_reader("darse de baja de la clase", "es") == "darme de baja de la clase"
