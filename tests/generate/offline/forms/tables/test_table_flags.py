"""Yes/no columns asked as a user asks them ("Which properties are required?", "Does the
Render event have an end?"), never with the header pasted in as a value ("have a required
of No", "What is the has end of ...")."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.helpers.docx_fixtures import add_filled_table
from tests.helpers.knowledge_fixtures import generate_offline

PROPERTIES = [
    ["Property", "Type", "Required", "Description"],
    ["name", "string", "Yes", "The kind of event that occurred."],
    ["component", "string", "Yes", "The subsystem that performed the operation."],
    ["id", "string", "Yes", "The unique identifier for this event."],
    ["parentKey", "string", "No", "The id of the event's parent event."],
    ["start", "date-time", "Yes", "The start time of the event."],
    ["end", "date-time", "No", "The end time of the event."],
    ["metrics", "object", "No", "Additional information about this event."],
]
EVENTS = [
    ["Event Name", "Component", "Description", "Has End"],
    ["Page Load", "Canvas", "Marks a point where the user interacted with the report.", "No"],
    ["Query", "Canvas", "Tracks generating and executing the query for a visual.", "Yes"],
    ["Render", "Canvas", "Tracks updating the visual with the query result.", "Yes"],
    ["Open Connection", "Engine", "Tracks opening a new connection to the model.", "Yes"],
    ["Truncated", "Engine", "Indicates that events were omitted from the trace.", "No"],
]
# A flag column's header said as if it were a value or a measure.
_PASTED = re.compile(r"(?i)\b(?:a|the) (?:required|has end)\b|\bof (?:yes|no)\b|\bhas end\b")


def _pairs(outcome: Any) -> dict[str, str]:
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def _schema_docx(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Trace File Format", level=1)
    for heading, rows in (("Event Structure", PROPERTIES), ("Event Details", EVENTS)):
        d.add_heading(heading, level=2)
        add_filled_table(d, rows)
    d.save(str(path))
    return path


def test_a_yes_no_column_is_asked_by_what_its_yes_means(tmp_path: Path) -> None:
    pairs = _pairs(generate_offline(tmp_path, _schema_docx(tmp_path / "trace.docx"), 40))
    assert pairs, "the tables give questions"
    for question in pairs:
        assert not _PASTED.search(question), question
    flags = {q: a for q, a in pairs.items() if re.search(r"(?i)\b(?:required|an end)\b", q)}
    assert flags, list(pairs)
    for question, answer in flags.items():
        if question == "Which properties are required?":
            assert answer.split("\n") == ["name", "component", "id", "start"], answer
        elif question == "Which properties are not required?":
            assert answer.split("\n") == ["parentKey", "end", "metrics"], answer
        elif m := re.fullmatch(r"Does the (.+) event have an end\?", question):
            row = next(r for r in EVENTS if r[0] == m.group(1))
            assert answer == row[3], (question, answer)
        elif m := re.fullmatch(r"Is the (\w+) property required\?", question):
            row = next(r for r in PROPERTIES if r[0] == m.group(1))
            assert answer == row[2], (question, answer)
        else:
            assert re.fullmatch(
                r"Which events? (?:do|does) not have an end\?|Which events have an end\?"
                r"|How many events have an end\?",
                question,
            ), question


def test_a_yes_no_column_under_a_bare_noun_is_not_asked() -> None:
    from datasetkit.generate.offline.tables.flags import flag_of

    # "Parking: Yes" may mean "has parking" or "is a car park": nothing says which.
    assert flag_of("Parking") is None and flag_of("Status") is None
    assert flag_of("Requires Approval") is not None and flag_of("Is Active") is not None


BACKPACKS_MD = """# Trail Gear Catalogue

| Backpack | Volume (L) | Rain Cover Included |
| --- | --- | --- |
| Daytrip 20 | 20 | No |
| Traverse 45 | 45 | Yes |
| Expedition 70 | 70 | Yes |
"""


def test_the_one_row_a_yes_no_column_sets_apart_is_asked_in_the_singular(tmp_path: Path) -> None:
    doc = tmp_path / "gear.md"
    doc.write_text(BACKPACKS_MD, encoding="utf-8")
    pairs = _pairs(generate_offline(tmp_path, doc, 20))
    odd = [q for q in pairs if "rain cover" in q and pairs[q] == "Daytrip 20"]
    assert odd and all(q.startswith("Which backpack does not have") for q in odd), list(pairs)
