"""A cell of a blank form that holds only the labels of its own fields ("City/Town: Zip
Code:") is no value: no lookup answers "What is the street address?" with it."""

from __future__ import annotations

import pytest

from datasetkit.generate.offline.tables.worded import filler_value


@pytest.mark.parametrize(
    "cell", ["City/Town: Zip Code: 29", "Name: Date:", "Anmerkung: Datum:", "Ville : Code postal :"]
)
def test_a_cell_of_empty_field_labels_holds_no_value(cell: str) -> None:
    assert filler_value(cell)


@pytest.mark.parametrize(
    "cell", ["Size: 10", "Phone: 555-1234 Fax: 555-9999", "Note: see below", "Paris"]
)
def test_a_cell_with_something_filled_in_is_a_value(cell: str) -> None:
    assert not filler_value(cell)
