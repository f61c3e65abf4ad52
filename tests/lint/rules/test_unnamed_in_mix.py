"""lint.prompt.unnamed-in-mix: a prompt that names nothing, in a set that mixes the cases
of several documents (German nouns are capitalised and name nothing)."""

from __future__ import annotations

import json
from pathlib import Path

from datasetkit import lint

CODE = "lint.prompt.unnamed-in-mix"


def _findings(tmp_path: Path, items: list[tuple[str, str]]) -> list[str]:
    rows = [
        {
            "prompt": prompt,
            "expected_response": "An answer.",
            "extensions": {"datasetkit": {"source": {"file": source}}},
        }
        for prompt, source in items
    ]
    f = tmp_path / "set.json"
    f.write_text(json.dumps({"schemaVersion": "1.11.0", "items": rows}), encoding="utf-8")
    return [x.message for x in lint(str(f)).findings if x.code == CODE]


def test_prompts_that_name_nothing_in_a_mixed_set_are_reported(tmp_path: Path) -> None:
    found = _findings(
        tmp_path,
        [
            ("Who approves leave at Contoso?", "contoso.md"),
            ("How long does express delivery take?", "shop.xlsx"),
            ("Wie viele Wochen Ferien habe ich?", "handbuch.md"),
            ("Wie viele Wochen Ferien habe ich bei der ACME AG?", "handbuch.md"),
            ("What is a per diem?", "travel.pdf"),
        ],
    )
    assert len(found) == 2, found
    assert "item 2" in found[0] and "item 3" in found[1], found


def test_a_set_from_one_document_is_not_reported(tmp_path: Path) -> None:
    found = _findings(
        tmp_path,
        [("How long does express delivery take?", "shop.xlsx"), ("Who pays returns?", "shop.xlsx")],
    )
    assert found == []
