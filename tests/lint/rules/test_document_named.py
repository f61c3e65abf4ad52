"""Lint reports a prompt that names only the kind of its document ("in the Privacy
Policy", "im Dokument") and one that pastes a title-case heading with a pronoun in it
("... of Personal Information You Provide Directly?"), and a column header pasted whole
with its letter code, unit or formula ("the (k) requested EU contribution/€"), on cases
reviewers sent back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from datasetkit import lint


def _codes(tmp_path: Path, prompt: str, language: str | None = None) -> set[str]:
    item: dict[str, object] = {"prompt": prompt, "expected_response": "Hosting providers."}
    if language:
        item["extensions"] = {"datasetkit": {"language": language}}
    f = tmp_path / "set.json"
    f.write_text(json.dumps({"schemaVersion": "1.11.0", "items": [item]}), encoding="utf-8")
    return {x.code for x in lint(str(f)).findings}


@pytest.mark.parametrize(
    ("prompt", "language"),
    [
        ("What are the third-party service providers in the Privacy Policy?", None),
        ("What is the notice period in the document?", None),
        ("How long is the warranty according to the Terms of Service?", None),
        ("Welche Daten werden laut der Datenschutzerklärung gespeichert?", "de"),
        ("¿Qué datos se guardan según el documento?", "es"),
        ("Quelles données sont conservées selon le document ?", "fr"),
    ],
)
def test_a_prompt_that_names_only_the_kind_of_document_is_reported(
    tmp_path: Path, prompt: str, language: str | None
) -> None:
    assert "lint.prompt.names-document" in _codes(tmp_path, prompt, language)


@pytest.mark.parametrize(
    "prompt",
    [
        "Which third-party service providers does Contoso use?",
        "What does Contoso's Privacy Policy say you can request?",
        "What is covered in the Contoso Privacy Policy?",
        "Was steht im Vertrag von Contoso zur Kündigung?",
    ],
)
def test_a_prompt_that_names_whose_document_passes(tmp_path: Path, prompt: str) -> None:
    assert "lint.prompt.names-document" not in _codes(tmp_path, prompt)


def test_a_title_case_heading_with_a_pronoun_pasted_into_a_prompt_is_templated(
    tmp_path: Path,
) -> None:
    asked = "What is the identity data of Personal Information You Provide Directly?"
    assert "lint.prompt.templated" in _codes(tmp_path, asked)
    assert "lint.prompt.templated" in _codes(tmp_path, "What does Contoso say about Your Rights?")
    assert "lint.prompt.templated" not in _codes(
        tmp_path, "What identity data do you give Contoso?"
    )
    assert "lint.prompt.templated" not in _codes(tmp_path, "You can cancel when?")


@pytest.mark.parametrize(
    "prompt",
    [
        "What is the (k) requested EU contribution/€ for Edukera?",
        "What is the (f) indirect costs /€ (=0.25(A+B-E)) for IMT?",
        "What is the requested EU contribution/€ for LMU?",
        "What is the total cost (=A+B+C) for RV?",
    ],
)
def test_a_column_header_pasted_whole_is_a_raw_identifier(tmp_path: Path, prompt: str) -> None:
    assert "lint.prompt.raw-identifier" in _codes(tmp_path, prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "What is the requested EU contribution for Edukera?",
        "What is the price in €/kg of the olive oil?",
        "Which steps are listed in (a) above?",
    ],
)
def test_plain_words_around_units_and_letters_pass(tmp_path: Path, prompt: str) -> None:
    assert "lint.prompt.raw-identifier" not in _codes(tmp_path, prompt)
