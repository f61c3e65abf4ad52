"""A formula, or what a PDF's text layer left of one, never becomes a case, in any language."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.generate.gate.admit import check_case
from datasetkit.generate.gate.damaged import damaged
from tests.helpers.offline_prompts import offline_prompts


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # a union sign read as a letter, an element sign and subscripts read as words
        (
            "Was ist ein Atlas auf X?",
            "Ein Atlas auf X ist eine Familie (Ui , ϕi)i∈I von Karten auf X, sodass S i∈I Ui = X.",
        ),
        # a table read out of a matrix: the question is the formula
        ("What is ∂y for ∂u ∂z (p)?", "∂v ∂z (p)"),
        ("Quelle est la valeur de ϕ(t) = t 4 ?", "t < 4"),
        # a plot's labels read as a table: things named by the values set to symbols
        ("What is the ⟨kE⟩ = 2.5 of the ⟨kM⟩ = 2.6 ⟨kE⟩ = 2.2?", "⟨kM⟩ = 0.8"),
        # a character the extraction could not read
        (
            "Why is the average of p(kc\ufffdtc) normal?",
            "Because p(kc\ufffdtc) has finite variance.",
        ),
        # an accent and a tilde standing alone, variables as words
        ("What is an angle?", "An angle is a point P X with 2 rays from P. ∈ 2 written ∠R1P R2"),
    ],
)
def test_a_formula_or_its_residue_is_rejected(question: str, answer: str) -> None:
    found = check_case(question, answer, answer, language="de" if "Was" in question else None)
    assert found is not None and found.code == "damaged", found


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("What is the exchange rate used?", "1 USD = 0.92 EUR at the time of booking."),
        ("Which significance level was used?", "A significance level α of 0.05 was used."),
        ("How often is the dose taken?", "5 μg per kg, ≥ 2 times a day."),
        ("Where is the privacy setting?", "Go to Settings → Privacy and choose plan A or plan B."),
    ],
)
def test_prose_with_one_symbol_passes(question: str, answer: str) -> None:
    found = check_case(question, answer, answer)
    assert found is None or found.code != "damaged", found


LECTURE = """# Topologie

## Mannigfaltigkeiten

Eine Karte auf X ist ein Paar (U, ϕ), wobei U ⊆ X offen und ϕ : U → V ein Homöomorphismus ist.

Ein Atlas auf X ist eine Familie (Ui , ϕi)i∈I von Karten auf X, sodass S i∈I Ui = X.

Eine Mannigfaltigkeit ist ein topologischer Raum, der lokal wie ein euklidischer Raum aussieht.

## Vollständigkeit

Ein ganz anderes Kaliber ist die Frage nach der Vollständigkeit.
"""


def test_a_lecture_script_asks_its_definitions_in_words_only(tmp_path: Path) -> None:
    prompts = offline_prompts(tmp_path / "skript.md", LECTURE, 10)
    assert "Was ist eine Mannigfaltigkeit?" in prompts, prompts
    # definitions whose text is a formula, and a comparison with what came before
    assert not any("Karte" in p or "Atlas" in p or "Kaliber" in p for p in prompts), prompts


def test_a_setting_stated_with_its_value_is_prose() -> None:
    answer = "The parameters b = 0.4 and k1 = 0.9 are tuned on the development set."
    found = check_case("Which BM25 parameters are used?", answer, answer)
    assert found is None or found.code != "damaged", found
    assert (
        check_case("What is a log?", "A log L is a sequence L = hq1, . . . , qmi.", "") is not None
    )


def test_a_table_read_out_of_a_formula_is_rejected_across_question_and_answer() -> None:
    # the header holds a comparison of a variable, the cell the variable
    found = check_case("Wie lautet t < 1 für 2t?", "t 1", "t: 2t; t < 1: t 1", language="de")
    assert found is not None and found.code == "damaged", found


def test_text_of_a_font_without_its_character_map_is_not_prose() -> None:
    # "ReAct" and "Reason Act" drawn by a font whose codes are shifted from the letters.
    assert damaged("What is the E 5H$FW 5HDVRQ$FW of the figure?") is not None
    assert damaged("RXDUHLQWKHPLGGOHRIDURRP and 7KLQN>)LUVW,QHHGWRILQGDSHSSHUVKDNHU") is not None
    # Capitals of real words keep their vowels; a currency sign before a number is prose.
    assert damaged("THE NATIONAL AERONAUTICS AND SPACE ADMINISTRATION REQUIREMENTS") is None
    assert damaged("Pay US$5 or R$ 20 per item in STRASSENVERKEHRSORDNUNG fines.") is None


def test_settings_assigned_their_values_are_prose() -> None:
    # A shell or configuration file sets a name to a value in one word.
    assert damaged('export TF_VAR_appSize="S1"\nexport TF_VAR_appTier="Standard"') is None
    assert damaged("Set LOG_LEVEL=debug and RETRIES=3 before the run.") is None
