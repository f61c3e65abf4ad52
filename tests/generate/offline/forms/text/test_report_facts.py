"""The facts a report's narrative states of a named subject: since when, how many, what a
measure comes to, what a named study was designed to do; the place a country report is
about named in each question ("... in <Place>?"), "the study" said by the study's name, no
question in the reader's voice, and no glossary line asked as a fact."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import text_pairs

COUNTRY = """# Country profile: Norlandia

## Political structure

Norlandia is a parliamentary democracy with a multi-party system. Norlandia has been a member
of the Nordic Trade Council since 1972 and joined several other bodies later. The government is
appointed by the president, who is elected for a term of six years. In 2011 Ms Ilse Varna was
re-elected as president of the country. The country is divided into nine provinces, 40 regions
and 310 municipalities. Every fourth year the government decides on new priorities for
schools and colleges.

## Population

The population of the Eastern Isles is approximately 31 000 inhabitants. Most people in
Norlandia live in towns, and the share of people over 65 in Norlandia keeps growing. Life in
Norlandia is costly. In Norlandia, schools are free.

NTC: Nordic Trade Council.

## Improving schools

- expand opportunities to study in the evening;
- increase cooperation between colleges and universities;
- develop adult education into a coherent system.
"""

STUDY = """# Summary

The Early Reading Outcomes Study was commissioned by the ministry. The study was designed to
compare two groups of children who entered school at five and at six. The study quantifies the
effect of early entry on reading scores at the end of grade 3. The Early Reading Outcomes Study
followed 4,000 children. Data were collected each spring. The study showed that the younger
entrants closed the gap by grade 3. The study found that children who entered early read more.
"""


def test_a_country_report_names_its_place_in_each_question(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "norlandia.md", COUNTRY)
    assert "Who appoints the government in Norlandia?" in pairs, list(pairs)
    assert "How many provinces is Norlandia divided into?" in pairs, list(pairs)
    since = "Since when has Norlandia been a member of the Nordic Trade Council?"
    assert pairs[since].startswith("Norlandia has been a member"), list(pairs)
    assert "What is the population of the Eastern Isles?" in pairs, list(pairs)
    assert "When was Ms Ilse Varna re-elected as president of Norlandia?" in pairs, list(pairs)
    often = "How often does the government decide on new priorities for schools and colleges in Norlandia?"
    assert often in pairs, list(pairs)
    # A report gives its reader no task; a glossary line states no fact.
    assert not [q for q in pairs if " I " in f" {q} "], list(pairs)
    assert not [q for q in pairs if "NTC" in q], list(pairs)


def test_a_study_summary_says_the_study_by_its_name(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "summary.md", STUDY)
    asked = "What was the Early Reading Outcomes Study designed to do?"
    assert pairs[asked].startswith("The study was designed to compare"), list(pairs)
    assert "What does the Early Reading Outcomes Study quantify?" in pairs, list(pairs)
    found = "What did the Early Reading Outcomes Study show about the younger entrants?"
    assert pairs[found].startswith("The study showed that the younger entrants"), list(pairs)
    # "children who entered early read more": where its subject ends, the words do not say.
    assert not [q for q in pairs if "find about" in q], list(pairs)
    assert not [q for q in pairs if "the study" in q], list(pairs)


def test_since_when_in_german_french_and_spanish(tmp_path: Path) -> None:
    from datasetkit.generate.offline.text.reported import since_in

    de = since_in("Nordland ist seit 1995 Mitglied der Europäischen Union.", "de")
    assert (
        de is not None and de.question == "Seit wann ist Nordland Mitglied der Europäischen Union?"
    )
    es = since_in("Nordlandia es miembro de la Unión Europea desde 1995.", "es")
    assert (
        es is not None and es.question == "¿Desde cuándo es Nordlandia miembro de la Unión Europea?"
    )
    fr = since_in("La Nordlande est membre de l'Union européenne depuis 1995.", "fr")
    assert fr is not None
    assert fr.question == "Depuis quand est-ce que la Nordlande est membre de l'Union européenne ?"
    # A common noun with its article is no name: which one, the question would not say.
    assert since_in("Die Firma ist seit 1995 Mitglied der Kammer.", "de") is None


def test_a_hedged_cause_is_not_asked_why(tmp_path: Path) -> None:
    text = (
        "# Enrolment\n\nLate enrolments are of particular interest in light of a trend of "
        "increased enrolment in some districts presumably due to the growing number of new "
        "schools.\n"
    )
    pairs = text_pairs(tmp_path, "enrolment.md", text)
    assert not [q for q in pairs if q.startswith("Why")], list(pairs)


def test_when_a_named_body_was_founded_in_german_french_and_spanish() -> None:
    from datasetkit.generate.offline.text.reported import founded_in

    de = founded_in(
        "Das Nordische Forschungsinstitut Halden (NFH) wurde im Jahr 1968 als Verein gegründet.",
        "de",
    )
    assert (
        de is not None
        and de.question == "Wann wurde das Nordische Forschungsinstitut Halden gegründet?"
    )
    fr = founded_in("La Fondation Nordlande a été fondée en 1931 par trois médecins.", "fr")
    assert (
        fr is not None and fr.question == "Quand est-ce que la Fondation Nordlande a été fondée ?"
    )
    es = founded_in("La Universidad de Nordlandia fue fundada en 1902 por el rey.", "es")
    assert es is not None and es.question == "¿Cuándo fue fundada la Universidad de Nordlandia?"
    # One capitalised word after the article is a common noun in German: which firm?
    assert founded_in("Die Firma wurde im Jahr 1990 gegründet.", "de") is None


def test_when_a_trial_named_with_its_acronym_was_conducted(tmp_path: Path) -> None:
    text = (
        "# Trials\n\nThe Northern Sleep Outcomes (NSO) randomized trial was conducted between "
        "March 2019 and May 2021 in Oslo and compared two sleep programmes.\n"
    )
    pairs = text_pairs(tmp_path, "trials.md", text)
    asked = "When was the Northern Sleep Outcomes (NSO) randomized trial conducted?"
    assert asked in pairs, list(pairs)


def test_a_title_that_names_a_country_alone_is_asked_in_it(tmp_path: Path) -> None:
    text = (
        "# Norlandia\n\nNorlandia, officially the Kingdom of Norlandia, is a Nordic country. "
        "Executive power is exercised by the Government, chaired by the Prime Minister. "
        "Norlandia has been a member of the Nordic Trade Council since 1972.\n"
    )
    pairs = text_pairs(tmp_path, "norlandia.md", text)
    assert "Who exercises executive power in Norlandia?" in pairs, list(pairs)
    assert not [q for q in pairs if " at Norlandia" in q], list(pairs)
