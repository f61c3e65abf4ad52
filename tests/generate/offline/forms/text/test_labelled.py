"""A value set after its label on a line of its own ("Weight: 2.1 kg") is asked as that
label of what its heading names, answered by the value; a label that marks a kind of
line, a yes/no value and a value that is a sentence of its own are not asked so."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline

SPECS_MD = """# Northwind Outdoor Gear Catalogue

Northwind sells the Trailhead Tent and stoves for hikers.

## Trailhead Tent

- Weight: 2.1 kg
- Floor Area: 30 square feet
- Capacity: 2 people
- Product Manager: Dana Whitfield
- Waterproof: Yes
- Interior Pockets: Yes (4 pockets)
- Note: Pitch the tent away from open flames.

## Meal Allowance

Limits: Up to $60 per day, excluding alcohol.

Approval: Employees must ask their manager before they book a business dinner.
"""


def _pairs(tmp_path: Path) -> dict[str, tuple[str, str]]:
    f = tmp_path / "catalogue.md"
    f.write_text(SPECS_MD, encoding="utf-8")
    outcome = generate_offline(tmp_path, f, 30)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {
        c.turns[0].prompt: (
            c.turns[0].expected_response or "",
            (c.extensions or {}).get("datasetkit", {}).get("form", ""),
        )
        for c in cases
    }


def test_a_labelled_value_is_asked_as_the_label_of_what_the_heading_names(
    tmp_path: Path,
) -> None:
    pairs = _pairs(tmp_path)
    assert pairs.get("What is the weight of the Trailhead Tent?", ("",))[0] == "2.1 kg"
    assert pairs.get("What is the floor area of the Trailhead Tent?", ("",))[0] == (
        "30 square feet"
    )
    # A person in a role is asked who.
    assert pairs.get("Who is the product manager of the Trailhead Tent?", ("",))[0] == (
        "Dana Whitfield"
    )
    # A rule's heading names a topic, not a thing: the label is "for" it.
    assert pairs.get("What are the limits for meal allowance?", ("",))[0] == (
        "Up to $60 per day, excluding alcohol"
    )


def test_notes_yes_no_values_and_sentences_are_not_asked_as_labelled_values(
    tmp_path: Path,
) -> None:
    labelled = {q: a for q, (a, form) in _pairs(tmp_path).items() if form == "labelled value"}
    assert labelled, "no labelled value was asked"
    said = " ".join(labelled).casefold() + " " + " ".join(labelled.values()).casefold()
    assert "note" not in said and "waterproof" not in said
    assert "pockets" not in said  # "Yes (4 pockets)" is a yes/no with a remark
    assert "approval" not in said  # a sentence of its own: asked by what it says, if at all
