"""A question's verb phrase is a clause a reader could ask on its own: no contraction or
object pronoun in the subject's place, no "do anything" standing for an action, no
comparison with nothing to compare with, no "the document" as what it asks about. The
same shapes are read in German, French and Spanish."""

from __future__ import annotations

import pytest

from datasetkit.generate.gate.admit import check_case
from datasetkit.lint.clause_shape import clause_problem

EVIDENCE = "Plain evidence that the answer is quoted from: the value is 42 and it is kept."


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("What does me'll need in the toolkit?", "en"),
        ("What does you'll need to install first?", "en"),
        ("How do I do anything with the library?", "en"),
        ("What can I do something about in the portal?", "en"),
        ("What is a more fully featured tool for viewing parts?", "en"),
        ("What is a better way to store the archive?", "en"),
        ("What do the authors use a similar approach for?", "en"),
        ("What happens when I open the document in the editor?", "en"),
        ("Welches ähnliche Verfahren nutzt das Team?", "de"),
        ("Wie kann ich etwas tun gegen den Fehler?", "de"),
        ("Quelle méthode similaire utilise l'équipe?", "fr"),
        ("¿Qué método similar usa el equipo?", "es"),
        ("¿Cómo puedo hacer algo con la biblioteca?", "es"),
    ],
)
def test_a_question_whose_verb_phrase_is_no_clause_is_rejected(
    question: str, language: str
) -> None:
    found = check_case(question, "The value is 42.", EVIDENCE, language=language)
    assert found is not None and found.code == "fragment", (question, found)


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("Why does it matter that the value is kept?", "en"),
        ("What happens if I need more storage for the archive?", "en"),
        ("Is the new engine faster than the old one?", "en"),
        ("Which tool is more efficient than the parser?", "en"),
        ("What should I do if the upload fails?", "en"),
        ("Is the approach similar to the one the team used before?", "en"),
        ("What does the document called Onboarding Guide say about laptops?", "en"),
        ("Welches Verfahren ist ähnlich wie das alte?", "de"),
    ],
)
def test_a_question_that_is_a_clause_passes_the_clause_check(question: str, language: str) -> None:
    assert clause_problem(question, language) is None
