"""A Word table of a format's fields by type: a type in lower case is asked as the code
it is ("Which fields are of type integer?"), and a value holding a bracket gives no
filter (the question's scope would split it)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline
from tests.helpers.record_fixtures import docx_doc

_LEAD = ["Each record of the export file holds the fields below."]
_ROWS = [
    ["Field", "Type", "Required", "Description"],
    ["recordKey", "integer", "Yes", "The number that identifies the record."],
    ["label", "text", "Yes", "The name shown for the record."],
    ["weight", "integer", "No", "The weight of the parcel in grams."],
    ["created", "text (timestamp)", "Yes", "When the record was made."],
    ["updated", "text (timestamp)", "No", "When the record last changed."],
]


def test_a_type_in_lower_case_is_asked_as_a_code(tmp_path: Path) -> None:
    doc = docx_doc(tmp_path / "export.docx", "Parcel Export Format", _LEAD, _ROWS)
    outcome = generate_offline(tmp_path, doc, 40)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    pairs = {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}
    typed = [q for q in pairs if q.startswith("Which fields are of type integer")]
    assert typed, list(pairs)
    assert not [q for q in pairs if "are integer" in q or "timestamp)" in q], list(pairs)
