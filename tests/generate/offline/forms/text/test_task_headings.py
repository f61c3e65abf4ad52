"""A heading that names a task by its gerund ("Selecting a Campsite") over its steps is
asked "How do I ...?" even when the document never writes the verb's base form, and two
gerunds joined by "and" are both made verbs; a gerund that is an adjective ("Running
Costs") is not."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

GUIDE = """# Ridgeline Two-Person Tent Guide

## Pitching

### Step 1: Selecting a Campsite

- Find level ground away from dead branches.
- Clear stones and twigs from the area where the floor will lie.

### Step 2: Unpacking and Sorting the Parts

- Lay the poles, stakes and fly sheet side by side on the ground.
- Count the stakes: the tent needs eight of them.

### Step 3: Storing the Tent

- Dry the fly sheet completely before it goes back in its bag.
- Keep the bag somewhere cool and out of direct sunlight.

## Running Costs

- Fuel canisters cost about $6 each.
- A replacement fly sheet costs $45.
"""


def test_gerund_headings_over_steps_are_asked_as_tasks(tmp_path: Path) -> None:
    doc = tmp_path / "guide.md"
    doc.write_text(GUIDE, encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    pairs = _pairs(cases)
    questions = "\n".join(pairs)
    for asked in (
        "How do I select a campsite?",
        "How do I unpack and sort the parts?",
        "How do I store the tent?",
    ):
        found = [q for q in pairs if q.startswith(asked[:-1])]
        assert found, questions
    assert not any(q.startswith("How do I run") for q in pairs), questions  # a noun phrase
    answer = pairs[next(q for q in pairs if q.startswith("How do I select a campsite"))]
    assert "level ground" in answer and "Clear stones" in answer, answer


MANUAL = """# Ridgeline Stove Manual

## User Guide

### Cooking Tips

- Cook with the lid on to save fuel.
- Stir often when you cook on the highest flame.

### Cleaning and Maintenance

- Let the stove cool down before you clean it.
- Wipe the burners with a damp cloth after each trip.
"""


def test_noun_headings_are_not_asked_as_tasks(tmp_path: Path) -> None:
    doc = tmp_path / "manual.md"
    doc.write_text(MANUAL, encoding="utf-8")
    cases, _, _ = _cases([doc], 10)
    questions = "\n".join(_pairs(cases))
    assert "How do I cook tips" not in questions, questions
    assert "How do I clean and maintenance" not in questions, questions
    assert "for user guide" not in questions.lower(), questions
