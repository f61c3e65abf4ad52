"""Two prompts about one long subject that ask for different things of it are no
near-duplicates, also when the verb agrees with what each asks or the thing asked shares a
word with the subject."""

from __future__ import annotations

from datasetkit.lint.neardup.meaning import meaningful_difference

_SUBJECT = "on Priya Raman's repair invoice?"


def test_a_verb_that_only_agrees_with_the_thing_asked_is_no_repeat() -> None:
    a = f"How much is the labor {_SUBJECT}"
    b = f"How much are the parts {_SUBJECT}"
    assert meaningful_difference(a, b) == "they ask for different things"


def test_a_field_that_shares_a_word_with_the_subject_is_another_thing() -> None:
    a = f"What is the invoice number {_SUBJECT}"
    b = f"What is the claim number {_SUBJECT}"
    assert meaningful_difference(a, b) == "they ask for different things"


def test_the_same_question_in_another_order_stays_a_repeat() -> None:
    a = "What is the deadline for the travel claim form?"
    b = "What is the form for the travel claim deadline?"
    assert meaningful_difference(a, b) is None


def test_opposite_compass_points_are_two_questions() -> None:
    # A breakdown by region said in lower case ("the north region") has no capitals to
    # tell its names apart, and "north"/"south" are one letter apart in characters.
    a = "How many support tickets were there for the north region?"
    b = "How many support tickets were there for the south region?"
    assert meaningful_difference(a, b) is not None


def test_an_interrogative_and_article_that_only_agree_are_no_repeat() -> None:
    # French, Spanish and German say the gender and number of the thing asked in the
    # interrogative and the article: two things asked of one subject differ in three places.
    subject = "de l'association des parents d'élèves du collège ?"
    assert meaningful_difference(f"Quelle est la durée {subject}", f"Quel est le but {subject}")
    es = "de la asociación de vecinos del barrio?"
    assert meaningful_difference(f"¿Cuál es el objeto {es}", f"¿Cuáles son las sedes {es}")
    de = "des Vereins der Freunde des Stadtmuseums?"
    assert meaningful_difference(f"Welcher ist der Sitz {de}", f"Welches ist das Ziel {de}")


def test_the_same_thing_asked_with_another_article_stays_a_repeat() -> None:
    a = "Quelle est la durée du mandat des membres du conseil ?"
    b = "Quelle est la durée des mandats des membres du conseil ?"
    assert meaningful_difference(a, b) is None
