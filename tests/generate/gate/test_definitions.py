"""An answer to "what is X?" that only judges X (an example of something, a problem for
someone, better than something unnamed) is no definition: the gate turns it down, in
every language the check reads."""

from __future__ import annotations

import pytest

from datasetkit.generate.gate.admit import check_case
from datasetkit.lint.definitions import defines_nothing


@pytest.mark.parametrize(
    ("question", "answer", "language"),
    [
        ("What is a rollback?", "A rollback is a problem for teams without backups.", "en"),
        (
            "What is pair programming?",
            "Pair programming is an interesting example of a practice that spreads knowledge.",
            "en",
        ),
        (
            "What are incremental backups?",
            "Incremental backups are a more efficient procedure for large disks.",
            "en",
        ),
        ("What is encryption?", "Encryption is important for every laptop.", "en"),
        ("Was ist ein Rollback?", "Ein Rollback ist ein Problem für Teams ohne Sicherung.", "de"),
        (
            "Qu'est-ce qu'une sauvegarde ?",
            "Une sauvegarde est un exemple de bonne pratique.",
            "fr",
        ),
        ("¿Qué es una copia de seguridad?", "Una copia de seguridad es una ventaja clara.", "es"),
    ],
)
def test_an_answer_that_judges_the_term_is_no_definition(
    question: str, answer: str, language: str
) -> None:
    assert defines_nothing(question, answer, language)
    found = check_case(question, answer, answer, language=language)
    assert found is not None and found.code == "no_definition", found


@pytest.mark.parametrize(
    ("question", "answer", "language"),
    [
        (
            "What is a rollback?",
            "A rollback is a return of a system to an earlier saved state.",
            "en",
        ),
        (
            "What is phishing?",
            "Phishing is a common type of attack that tricks users into giving passwords.",
            "en",
        ),
        # A judging word that opens the class the term belongs to still defines it.
        (
            "What is a key?",
            "A key is an important value that unlocks an encrypted file.",
            "en",
        ),
        ("Was ist ein Rollback?", "Ein Rollback ist die Rückkehr zu einem früheren Stand.", "de"),
        # Not a question for a definition: the check stays out.
        ("Why is a rollback risky?", "A rollback is a problem for teams without backups.", "en"),
    ],
)
def test_a_definition_passes(question: str, answer: str, language: str) -> None:
    assert defines_nothing(question, answer, language) is None
