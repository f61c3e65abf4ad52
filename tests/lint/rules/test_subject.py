"""lint.prompt.no-subject: a prompt that names nothing in a set whose prompts name one."""

from __future__ import annotations

import json
from pathlib import Path

from datasetkit import lint

CODE = "lint.prompt.no-subject"


def _findings(tmp_path: Path, items: list[dict[str, object]]) -> list[str]:
    f = tmp_path / "set.json"
    f.write_text(json.dumps({"schemaVersion": "1.11.0", "items": items}), encoding="utf-8")
    return [x.message for x in lint(str(f)).findings if x.code == CODE]


def _item(prompt: str, source: str | None = None) -> dict[str, object]:
    item: dict[str, object] = {"prompt": prompt, "expected_response": "An answer."}
    if source:
        item["extensions"] = {"datasetkit": {"source": {"file": source}}}
    return item


NAMED = [
    "How often are performance reviews held at Contoso Electronics?",
    "Who approves leave at Contoso Electronics?",
    "What are Contoso Electronics' core values?",
    "How many days of leave do I get at Contoso Electronics?",
]


def test_the_one_prompt_that_names_nothing_is_reported(tmp_path: Path) -> None:
    found = _findings(tmp_path, [_item(q) for q in NAMED] + [_item("How long is the warranty?")])
    assert len(found) == 1
    assert "item 5" in found[0] and "'Contoso Electronics'" in found[0]


def test_a_set_with_no_shared_subject_or_a_named_prompt_is_not_reported(tmp_path: Path) -> None:
    mixed = [
        "How do I reset my password?",
        "When is the help desk open?",
        "Who approves leave at Contoso?",
        "How long is the warranty on the Ridgeline 3?",
        "Where do I park?",
    ]
    assert not _findings(tmp_path, [_item(q) for q in mixed])
    # The fifth names another thing (an acronym): it is specific, just not the same.
    assert not _findings(tmp_path, [_item(q) for q in [*NAMED, "Who do I ask about the HSA?"]])


def test_generated_cases_are_judged_by_the_document_they_came_from(tmp_path: Path) -> None:
    handbook = [_item(q, "handbook.pdf") for q in NAMED]
    handbook.append(_item("How long is the notice period?", "handbook.pdf"))
    # Another document's cases name nothing at all: no subject to miss there.
    faq = [_item(q, "faq.md") for q in ("Where do I park?", "When is lunch?", "Who is on call?")]
    faq.append(_item("How do I book a room?", "faq.md"))
    found = _findings(tmp_path, handbook + faq)
    assert len(found) == 1
    assert "handbook.pdf" in found[0] and "item 5" in found[0]
