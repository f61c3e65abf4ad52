"""A heading that names a task by its "-ing" word ("Step 2: Taking Down the Tent Body")
over the steps is asked "How do I ...?" even when the document never writes the verb's
base form; an "-ing" word used as a noun ("Parking Permits", "Cooking Tips", "Cleaning and
Maintenance") is no task."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline

MANUAL_MD = """# Ridgeline Tent Guide

## Tent Setup

### Step 1: Selecting a Suitable Location

- Find a level and clear area for the tent.
- Remove any sharp objects or debris from the ground.

### Step 2: Taking Down the Tent Body

- Collapse the tent poles carefully.
- Remove the poles from the pole sleeves.

## Cleaning and Maintenance

- Allow the tent to dry before storing it.
- Wipe the poles with a damp cloth.

## Cooking Tips

- Cook at least 10 feet from the tent.
- Keep a bucket of water nearby.

## Parking Permits

- Permits are issued at the front desk of the campsite.
- Permits are valid for one vehicle.
"""


def test_a_step_heading_names_the_task_its_steps_carry_out(tmp_path: Path) -> None:
    f = tmp_path / "manual.md"
    f.write_text(MANUAL_MD, encoding="utf-8")
    outcome = generate_offline(tmp_path, f, 30)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    pairs = {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}
    takedown = [q for q in pairs if q.startswith("How do I take down the tent body")]
    assert takedown, list(pairs)
    assert pairs[takedown[0]] == (
        "Collapse the tent poles carefully.\nRemove the poles from the pole sleeves."
    )
    assert any(q.startswith("How do I select a suitable location") for q in pairs), list(pairs)
    for noun in ("park", "clean and maintenance", "cook tips"):
        assert not any(q.startswith(f"How do I {noun}") for q in pairs), list(pairs)
