"""A programme's table (a time column, what happens, the day named on a day's first row
or on a row of its own) is asked when each slot is held, with its day and the event its
title names, and what is planned on each day, answered by every slot of the day."""

from __future__ import annotations

from pathlib import Path

import docx
import openpyxl

from tests.helpers.knowledge_fixtures import generate_offline

_DAYS = {
    "Saturday": [
        ("09:00 - 12:00", "Bus to the lake"),
        ("12:30 - 14:00", "Picnic lunch"),
        ("18:00 - 19:30", "Dinner"),
        ("20:00", "Campfire"),
    ],
    "Sunday": [
        ("08:00 - 09:00", "Breakfast"),
        ("09:30 - 12:00", "Guided hike"),
        ("18:00 - 19:00", "Dinner"),
    ],
}


def _pairs(tmp_path: Path, f: Path) -> dict[str, str]:
    outcome = generate_offline(tmp_path, f, 40)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def _markdown(tmp_path: Path) -> Path:
    lines = ["# Programme of the Staff Retreat", "", "| Day | Time | Activity |", "|---|---|---|"]
    for day, slots in _DAYS.items():
        for i, (time, what) in enumerate(slots):
            lines.append(f"| {day if i == 0 else ''} | {time} | {what} |")
    f = tmp_path / "retreat.md"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f


def test_a_programme_table_is_asked_when_each_slot_is_held_on_its_day(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path, _markdown(tmp_path))
    asked = "When is “Dinner” on Sunday (the Staff Retreat)?"
    assert pairs.get(asked) == "On Sunday, from 18:00 to 19:00.", pairs
    assert (
        pairs.get("When is “Campfire” on Saturday (the Staff Retreat)?") == "On Saturday, at 20:00."
    )
    # Never asked as a cell of a row named by its time.
    assert not any("09:00 - 12:00" in q for q in pairs)


def test_each_day_of_a_programme_is_asked_whole(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path, _markdown(tmp_path))
    answer = pairs.get("What is planned on Sunday (the Staff Retreat)?")
    assert answer == "08:00–09:00: Breakfast\n09:30–12:00: Guided hike\n18:00–19:00: Dinner"


def test_a_french_programme_with_day_rows_is_asked_in_french(tmp_path: Path) -> None:
    d = docx.Document()
    d.add_heading("Programme de la journée portes ouvertes", 0)
    table = d.add_table(rows=1, cols=3)
    for cell, text in zip(table.rows[0].cells, ("Date", "Heure", "Activité"), strict=True):
        cell.text = text
    rows = [
        ("12 juin", "", ""),
        ("", "09h00 - 10h00", "Accueil des visiteurs"),
        ("", "10h00 - 12h00", "Visite des ateliers"),
        ("", "12h00 - 13h30", "Déjeuner"),
        ("13 juin", "", ""),
        ("", "09h00 - 11h00", "Conférence d'ouverture"),
        ("", "11h30 - 13h00", "Déjeuner"),
    ]
    for row in rows:
        for cell, text in zip(table.add_row().cells, row, strict=True):
            cell.text = text
    f = tmp_path / "journee.docx"
    d.save(str(f))
    pairs = _pairs(tmp_path, f)
    asked = "À quelle heure est prévu « Déjeuner » le 13 juin (journée portes ouvertes) ?"
    assert pairs.get(asked) == "Le 13 juin, de 11h30 à 13h00.", pairs


def test_a_timetable_whose_title_names_no_event_is_not_asked_by_slot(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Sheet1"
    ws.append(["Time", "Activity"])
    for time, what in _DAYS["Saturday"]:
        ws.append([time, what])
    f = tmp_path / "Sheet.xlsx"
    wb.save(f)
    pairs = _pairs(tmp_path, f)
    assert not any(q.startswith("When is") for q in pairs), pairs


def test_working_hours_by_day_are_no_programme(tmp_path: Path) -> None:
    # A start and an end time per weekday under a "Schedule" heading: the end time says
    # no event, so no "When is “6.30 PM” on Friday?" question.
    lines = [
        "# Hybrid Work Agreement",
        "",
        "This agreement sets out the hours of remote work.",
        "",
        "## Remote Work Schedule and Hours",
        "",
        "| Day | Start | End |",
        "|---|---|---|",
    ]
    for day in ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"):
        lines.append(f"| {day} | 9.30 AM | 6.30 PM |")
    lines.append("| Sunday | Holiday | Holiday |")
    f = tmp_path / "hours.md"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    pairs = _pairs(tmp_path, f)
    assert not [q for q in pairs if "6.30 PM" in q or "9.30 AM" in q], pairs
