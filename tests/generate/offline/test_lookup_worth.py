"""Which table cells are worth a lookup question: never one whose answer restates the row's
name (an abbreviation and its expansion), a stored name or a file's name, a column of
examples; never a reverse lookup by a note; rows named by the column headed as their name
("Report_Name"), not by a code beside it."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from datasetkit.generate.gate.admit import check_case
from datasetkit.generate.offline.tables.lookup_worth import (
    example_column,
    example_literal,
    note_column,
    raw_answer,
    restates_key,
)
from tests.helpers.knowledge_fixtures import offline_pairs, text_pairs

_PINS = """# Sensor module SM-200 datasheet

The SM-200 is a small sensor module for air quality measurement.

## Pin assignment

| Pin | Signal | Voltage |
|-----|--------|---------|
| GND | Ground | 0 V |
| NC | Not connected | none |
| VCC | Supply voltage | 5 V |
| TXD | Serial output | 3.3 V |
| RXD | Serial input | 3.3 V |
| PWM | Pulse output | 3.3 V |
"""

_TYPES = """# Java primitive types

This cheat sheet lists the primitive types of the Java language.

| Type | Size | Default | Example |
|------|------|---------|---------|
| byte | 8 bit | 0 | 101 |
| short | 16 bit | 0 | 4711 |
| int | 32 bit | 0 | 123456 |
| long | 64 bit | 0L | 9000000000L |
| float | 32 bit | 0.0f | 4.2f |
| double | 64 bit | 0.0d | 3.1415 |
| char | 16 bit | \\u0000 | 'a' |
"""

_TOOLS = """# Workshop tool inventory

The inventory of the workshop's tools, kept by the facilities team.

| Tool | Location | Condition | Notes |
|------|----------|-----------|-------|
| Drill press | Bay 1 | Good | Check belt monthly |
| Band saw | Bay 2 | Worn | Check belt monthly |
| Lathe | Bay 1 | Good | Replace chuck key |
| Grinder | Bay 3 | Good | Check belt monthly |
| Welder | Bay 2 | Worn | Gas bottle refill due |
| Router table | Bay 3 | Good | None |
"""

_PROGRESS = """# Release 2.0 project status

The status of each feature of the Release 2.0 project at the end of March.

| Feature | Owner | Progress |
|---------|-------|----------|
| Login page | Ana Ruiz | 100% |
| Search | Ben Cole | 100% |
| Payments | Chloe Park | 100% |
| Reports | Dev Patel | 100% |
| Notifications | Eva Lind | 100% |
| Mobile app | Farid Aziz | 60% |
| Dark mode | Gina Wu | 30% |
| Offline sync | Hugo Roth | 0% |
"""


def _reports(path: Path) -> Path:
    wb = Workbook()
    ws = wb.active
    ws.title = "Reports"
    ws.append(["Report_ID", "Report_Name", "Owner", "Workspace", "Refresh"])
    rows = [
        ("Daily Sales", "Sales Team", "RS_SALES", "Daily"),
        ("Credit Risk", "Risk Office", "RS_RISK", "Weekly"),
        ("Collections", "Collections Unit", "RS_COLLECTIONS", "Daily"),
        ("New Customers", "Marketing", "RS_MARKETING", "Monthly"),
        ("IT Budget", "IT Office", "Finance Team", "Monthly"),
        ("Channel Usage", "Channels Team", "RS_CHANNELS/RS_SALES", "Weekly"),
    ]
    for n, row in enumerate(rows, 101):
        ws.append([f"REP-BI-{n}", *row])
    wb.save(path)
    return path


def test_an_answer_that_spells_out_the_row_name_is_not_asked(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "sm200.md", _PINS)
    answers = set(pairs.values())
    assert "Ground" not in answers and "Not connected" not in answers
    # The other signals and the voltages say more than the pin's name: still asked.
    assert "Supply voltage" in answers and "Serial output" in answers


def test_a_column_of_examples_is_not_asked_per_row(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "types.md", _TYPES)
    assert pairs, "the sizes and defaults are still asked"
    assert not [q for q in pairs if "example" in q.casefold()], list(pairs)


def test_no_row_is_looked_up_in_reverse_by_its_note(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "tools.md", _TOOLS)
    assert not [q for q in pairs if q.startswith("Which") and "note" in q.casefold()], list(pairs)
    assert "Which tools are in Bay 1?" in pairs  # a filter by place stays


def test_rows_are_named_by_their_name_column_and_no_stored_name_is_an_answer(
    tmp_path: Path,
) -> None:
    pairs = offline_pairs(tmp_path, _reports(tmp_path / "reports.xlsx"), 30)
    assert pairs
    # "What is the workspace of the REP-BI-104 report?": neither the code as the row's
    # name nor a workspace's stored name as the answer.
    assert not [q for q in pairs if "REP-BI-" in q], list(pairs)
    assert not [a for a in pairs.values() if "RS_" in a], pairs
    assert any("Daily Sales" in q for q in pairs)


def test_the_value_most_rows_share_is_not_asked_row_by_row(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "status.md", _PROGRESS)
    assert "100%" not in pairs.values(), pairs  # five of eight: the same answer each time
    assert "60%" in pairs.values() and "Gina Wu" in pairs.values()


def test_the_checks_themselves() -> None:
    assert restates_key("GND", "Ground") and restates_key("NC", "Not connected")
    assert restates_key("Voltage", "V") and restates_key("age_grp", "Age group")
    assert not restates_key("VCC", "Supply voltage") and not restates_key("Bob", "Bought a bike")
    assert not restates_key("Edukera", "FR") and not restates_key("FAU", "€60120.50")
    # Codes that differ in their numbers name different things (a room and another room).
    assert not restates_key("R0.012", "R2.012") and not restates_key("A1", "A2")
    assert restates_key("PM25", "PM2.5 mass")
    assert raw_answer("RS_TDC/RS_RIESGOS") and raw_answer("informe_mensual.xlsx")
    assert not raw_answer("COMERCIAL") and not raw_answer("SO-10042")
    # In a column of files a file's name is the answer asked for.
    assert not raw_answer("site_map.drawio.pdf", "Related Files")
    assert not raw_answer("plan.xlsx", "Anhang") and raw_answer("plan.xlsx", "Owner")
    assert example_column("Beispiel") and example_column("Ejemplos") and example_column("Example")
    assert example_literal("Beispiel", "21 > 42 (= false)") and example_literal("Example", "'a'")
    assert not example_literal("Exemples", "Vernis acryliques")  # members of a class: asked
    assert note_column("Remarks", "en") and note_column("Bemerkungen", "de")
    assert not note_column("Note", "de")  # a grade, asked in reverse ("Wer hat die Note 1?")


def test_the_gate_rejects_a_stored_name_as_the_whole_answer() -> None:
    evidence = "Report: Daily Sales. Owner: Sales Team. Workspace: RS_SALES."
    found = check_case("What is the workspace of the Daily Sales report?", "RS_SALES", evidence)
    assert found is not None and found.code == "raw_identifier"
    asked = "Which workspace variable holds the Daily Sales report?"
    assert check_case(asked, "RS_SALES", evidence) is None


def test_a_code_is_not_asked_for_another_code_of_its_shape() -> None:
    from datasetkit.generate.offline.tables.lookup_worth import code_for_code

    assert code_for_code("R0.012", "R2.012") and code_for_code("B-204", "C-117")
    # A code asked for a name, a figure or a date is a lookup a user makes.
    assert not code_for_code("B-204", "Seminar room") and not code_for_code("X12", "1,200")
    assert not code_for_code("SO-10042", "2024-03-01")


ROOMS = """\
# Room plan for the autumn term

The plan lists the usual room of each course room and the room that is used when it is booked.

| Room | Fallback room | Building | Seats |
| --- | --- | --- | --- |
| R0.012 | R2.012 | Main building | 40 |
| R0.014 | R2.014 | Main building | 32 |
| R1.101 | R3.105 | Library wing | 24 |
| R1.103 | R3.107 | Library wing | 60 |
| R2.201 | R0.105 | Lab block | 18 |
"""


def test_a_room_code_is_not_looked_up_for_another_room_code(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "rooms.md", ROOMS, 20)
    fallback = {"R2.012", "R2.014", "R3.105", "R3.107", "R0.105"}
    assert not [q for q, a in pairs.items() if a in fallback], pairs
    assert any(a in ("40", "32", "24", "60", "18") for a in pairs.values()), pairs


PROJECTS = """\
# Design projects of the web team

Every project the web team delivered this quarter, with its deliverable file.

| Project | Owner | Related file |
| --- | --- | --- |
| Sitemap redesign | Dana Ortiz | sitemap_chart.drawio.pdf |
| Style guide | Lee Chen | style-guide-v2.pdf |
| Release notes template | Ana Silva | release_notes_template.docx |
"""


def test_a_file_is_asked_in_a_column_of_files(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "projects.md", PROJECTS, 20)
    assert "sitemap_chart.drawio.pdf" in pairs.values(), pairs
