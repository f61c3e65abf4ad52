"""What a procedure's reader needs ("You will need:") is asked "What do I need to
<task>?", the task named by the document's title line, and answered by the things needed
only: the numbered steps Word sets right after them are a list of their own."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.text.lists import list_runs
from datasetkit.knowledge.model import Provenance, Section
from tests.helpers.knowledge_fixtures import offline_pairs, text_pairs

NEEDED = ["Your permit number", "A utility bill from the last three months"]
STEPS = [
    "Sign in to the council parking portal.",
    "Choose the permit you want to renew.",
    "Upload the utility bill and pay the renewal fee.",
]


def _procedure_docx(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_paragraph("Standard operating procedure: Renewing a residents parking permit")
    d.add_paragraph("You will need:")
    for item in NEEDED:
        d.add_paragraph(item, style="List Bullet")
    for step in STEPS:
        d.add_paragraph(step, style="List Number")
    d.save(str(path))
    return path


def test_what_a_procedure_needs_is_asked_with_its_task(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _procedure_docx(tmp_path / "permit.docx"))
    answer = pairs.get("What do I need to renew a residents parking permit?")
    assert answer is not None, pairs
    assert all(item in answer for item in NEEDED)
    assert not any(step.rstrip(".") in answer for step in STEPS)


def test_a_list_that_runs_on_into_steps_is_not_asked_as_what_is_needed(tmp_path: Path) -> None:
    # Markdown keeps no boundary between the two lists: the steps would be in the answer.
    text = "# How to renew a parking permit\n\nYou will need:\n\n"
    text += "".join(f"- {item}\n" for item in NEEDED)
    text += "".join(f"{n}. {step}\n" for n, step in enumerate(STEPS, 1))
    pairs = text_pairs(tmp_path, "permit.md", text)
    assert not any(q.startswith("What do I need") for q in pairs), pairs


def _item(text: str, marker: str | None, level: int = 0) -> Section:
    return Section("list_item", text, Provenance(file="x.docx"), level=level, marker=marker)


def test_a_list_numbered_from_one_after_bullets_is_a_list_of_its_own() -> None:
    intro = Section("paragraph", "You will need:", Provenance(file="x.docx"))
    body = [intro, _item("A", None), _item("B", None), _item("Go", "1."), _item("Stop", "2.")]
    runs = list_runs(body)
    assert [[i.text for i in r.items] for r in runs] == [["A", "B"], ["Go", "Stop"]]
    # A numbered sub-list under a bullet stays part of its list.
    nested = [_item("A", None), _item("first", "1.", 1), _item("second", "2.", 1)]
    assert len(list_runs(nested)) == 1
