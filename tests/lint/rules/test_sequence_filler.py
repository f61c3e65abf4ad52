"""lint finds what the generation gate turns down: a place in an order the prompt never
gives, an expected response of a template's stand-in items, and one cut at the first
member of a series its evidence goes on with."""

from __future__ import annotations

import json
from pathlib import Path

from datasetkit import lint


def _codes(
    tmp_path: Path, prompt: str, expected: str, evidence: str = "", lang: str = ""
) -> set[str]:
    facts: dict[str, object] = {}
    if evidence:
        facts["evidence"] = evidence
    if lang:
        facts["language"] = lang
    item: dict[str, object] = {"prompt": prompt, "expected_response": expected}
    if facts:
        item["extensions"] = {"datasetkit": facts}
    f = tmp_path / "set.json"
    f.write_text(json.dumps({"schemaVersion": "1.11.0", "items": [item]}), encoding="utf-8")
    return {x.code for x in lint(str(f)).findings}


def test_a_place_in_an_unseen_order_is_found(tmp_path: Path) -> None:
    answer = "A floating image is surrounded by the text of the page."
    assert "lint.prompt.unresolved-reference" in _codes(
        tmp_path, "What is the next category of image?", answer
    )
    assert "lint.prompt.unresolved-reference" in _codes(
        tmp_path, "¿Cuál es el siguiente paso?", "Enviar el formulario.", lang="es"
    )
    assert "lint.prompt.unresolved-reference" not in _codes(
        tmp_path, "What is the first step of the appeal process?", "Fill in the appeal form."
    )


def test_stand_in_items_are_placeholders(tmp_path: Path) -> None:
    found = _codes(tmp_path, "What are the numbered lists?", "One\nTwo\nThree\nFour")
    assert "lint.text.placeholder" in found
    found = _codes(tmp_path, "What are the tasks?", "Fill in the form\nAttach the letter\nSend it")
    assert "lint.text.placeholder" not in found


def test_an_answer_cut_at_a_series_is_found(tmp_path: Path) -> None:
    evidence = "We launched Helper, an assistant that writes, reviews, tests, and deploys code."
    found = _codes(tmp_path, "What is Helper?", "Helper is an assistant that writes.", evidence)
    assert "lint.expected.cut-list" in found
