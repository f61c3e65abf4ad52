"""An event listed as its name and the day it is held ("<Event>: <weekday>, <date> at
<time> at <place>") is asked when and where it is held, named as its heading lists it; a
line that only dates something, or whose label is no event, is not asked so."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import text_pairs

NOTES_MD = """# Meeting Notes for 3/4/2025

These are the notes and announcements of the monthly meeting of the Harbour Data Circle
(HDC). Members share what they learn and plan the meetings of the coming months.

## HDC Special Events

These are casual events for networking outside of the usual meeting format.

Summer Picnic: Saturday, July 12th at 1:00pm at Lakeside Park

Holiday Party: Friday, December 12th, 6:30pm

## HDC Upcoming Meetings

April: Monday April 7th at 6:00pm at the Riverside Library

May: Monday May 5th at 6:00pm at the Riverside Library

## Records

Last updated: March 4, 2025

Date: Tuesday, March 4th at 6:00pm at the Riverside Library

Founded: May 2019
"""


def _pairs(tmp_path: Path) -> dict[str, str]:
    return text_pairs(tmp_path, "notes.md", NOTES_MD, 30)


def test_an_event_line_is_asked_when_and_where_the_event_is(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path)
    assert pairs.get("When and where is the HDC Summer Picnic?") == (
        "Saturday, July 12th at 1:00pm at Lakeside Park"
    )
    # Without a place, only when.
    assert pairs.get("When is the HDC Holiday Party?") == "Friday, December 12th, 6:30pm"
    # A month as the label names the occasion of the kind its heading lists.
    assert pairs.get("When and where is the April HDC meeting?") == (
        "Monday April 7th at 6:00pm at the Riverside Library"
    )


def test_a_date_alone_is_no_event(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path)
    assert not [q for q in pairs if "updated" in q.lower() or "founded" in q.lower()]
    # A label that says when names no event.
    assert not [q for q in pairs if q.startswith("When") and ("Records" in q or "Date" in q)]
