"""A question says a name as its source writes it (an acronym in capitals, a named
event in its capitals) and asks who a person is, in each language that has the form."""

from __future__ import annotations

from datasetkit.generate.offline.language.source_case import source_cased
from datasetkit.generate.offline.language.words import DocWords

GROUP = (
    "The Riverbend Data Users Group (RDUG) is a community of database professionals. "
    "Every spring the group holds Night of Queries, a free conference for its members. "
    "RDUG meets monthly, and every RDUG meeting has a talk and a meal.\n"
    "Marta Kowalczyk runs the group. She has organized RDUG meetings since 2015.\n"
    "An annual sponsorship costs $1,200 and includes a talk at two meetings."
)


def _said(question: str, lang: str = "en", text: str = GROUP) -> str:
    return source_cased(question, lang, text, DocWords([text]))


def test_an_acronym_keeps_its_capitals() -> None:
    assert _said("What is rdug?") == "What is RDUG?"
    assert _said("How often does rdug meet?") == "How often does RDUG meet?"


def test_a_named_term_keeps_the_capitals_its_sentences_give_it() -> None:
    assert _said("What is night of queries?") == "What is Night of Queries?"
    # A term the text writes in lower case stays so.
    assert _said("What is an annual sponsorship?") == "What is an annual sponsorship?"


def test_a_person_is_asked_who_they_are() -> None:
    assert _said("What is marta kowalczyk?") == "Who is Marta Kowalczyk?"
    assert _said("What is Marta Kowalczyk?") == "Who is Marta Kowalczyk?"


def test_a_name_no_one_is_spoken_of_as_a_person_stays_a_what() -> None:
    text = GROUP.replace("She has organized", "The group has organized")
    assert _said("What is Marta Kowalczyk?", text=text) == "What is Marta Kowalczyk?"


def test_a_person_with_a_title_in_other_languages() -> None:
    text = "Frau Anna Berger leitet die Volkshochschule seit 2010 und plant das Programm."
    assert _said("Was ist Anna Berger?", "de", text) == "Wer ist Anna Berger?"
    text = "Sra. Lucía Torres dirige la asociación y presenta el informe anual."
    assert _said("¿Qué es Lucía Torres?", "es", text) == "¿Quién es Lucía Torres?"
    text = "Mme Claire Dubois préside le comité depuis 2019 et signe les rapports."
    assert _said("Qu'est-ce que Claire Dubois ?", "fr", text) == "Qui est Claire Dubois ?"
