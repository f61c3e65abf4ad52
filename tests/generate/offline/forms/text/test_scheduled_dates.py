"""What is due, scheduled or held on a date (a day that comes back too: "the first
Tuesday of every month") is asked when, answered by the sentence."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import generate_offline
from tests.helpers.record_fixtures import docx_doc

_LINES = [
    "Quarterly dues are due on April 30, 2025.",
    "The spring open house is scheduled for May 17, 2025.",
    "Parking fees are payable by the third business day of each month.",
    "Volunteer orientations are held on the second Saturday of every month.",
    "Bulk waste is collected every Thursday morning.",
    "The lobby renovation will take place on June 9, 2025.",
]


def _cases(tmp_path: Path) -> dict[str, str]:
    path = docx_doc(tmp_path / "guide.docx", "Maple Court Residents Guide", _LINES)
    outcome = generate_offline(tmp_path, path, 20)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def test_what_is_due_scheduled_or_held_is_asked_when(tmp_path: Path) -> None:
    cases = _cases(tmp_path)
    answers = {a: q for q, a in cases.items()}
    for line in _LINES:
        assert line in answers, (line, cases)
        assert answers[line].startswith("When "), answers[line]
