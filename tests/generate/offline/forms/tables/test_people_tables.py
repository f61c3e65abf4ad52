"""A table of named people (a name beside a date of birth, a profession, a nationality)
is asked of each person by name: "What is <Name>'s nationality?", "When was <Name>
born?", a TRUE/FALSE flag answered yes or no ("Which people have children?"); never with the sheet's name as a kind of
row ("the <Name> explorer" on a sheet "explorers")."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs


def _people(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "explorers"
    ws.append(["Name", "Nationality", "Date of birth", "Date of death", "Has children"])
    for name, nation, born, died, married in [
        ("Ines Calder", "Portuguese", dt.date(1905, 4, 2), dt.date(1971, 8, 30), True),
        ("Tomas Reyd", "Danish", dt.date(1911, 1, 19), dt.date(1984, 3, 5), False),
        ("Wen Halvard", "Norwegian", dt.date(1923, 6, 7), dt.date(1999, 12, 1), True),
        ("Lotte Brandt", "German", dt.date(1931, 10, 11), dt.date(2008, 2, 14), False),
    ]:
        ws.append([name, nation, born, died, married])
        for col in (3, 4):
            ws.cell(ws.max_row, col).number_format = "yyyy-mm-dd"
    wb.save(path)
    return path


def test_a_table_of_people_is_asked_of_each_person_by_name(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _people(tmp_path / "people.xlsx"), 30)
    assert pairs.get("What is Tomas Reyd's nationality?") == "Danish", pairs
    assert pairs.get("When was Wen Halvard born?") == "1923-06-07", pairs
    assert pairs.get("When did Lotte Brandt die?") == "2008-02-14", pairs
    assert pairs.get("Which people have children?") == "Ines Calder\nWen Halvard", pairs
    flags = {q: a for q, a in pairs.items() if q.startswith("Does ")}
    assert set(flags.values()) <= {"Yes", "No"}, flags
    for question in pairs:
        assert "explorer" not in question.lower(), question


def test_half_of_a_persons_name_is_never_asked_of_another_row(tmp_path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Orders"
    ws.append(["OrderID", "FirstName", "LastName", "Course", "City", "UnitPrice"])
    for n, (first, last, course, city, price) in enumerate(
        [
            ("Maya", "Olsen", "Pottery Basics", "Leeds", "$40.00"),
            ("Omar", "Fenn", "Night Photography", "York", "$55.00"),
            ("Rita", "Gale", "Pottery Basics", "Hull", "$40.00"),
            ("Sven", "Holt", "Watercolour", "Leeds", "$35.00"),
            ("Ann", "Brook", "Night Photography", "Hull", "$55.00"),
        ]
    ):
        ws.append([f"{n + 1:06d}", first, last, course, city, price])
    wb.save(tmp_path / "orders.xlsx")
    pairs = offline_pairs(tmp_path, tmp_path / "orders.xlsx", 30)
    assert pairs, pairs
    for question in pairs:
        assert "first name" not in question and "last name" not in question, question


def test_a_title_in_title_case_keeps_its_capitals_in_a_question(tmp_path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Stock"
    ws.append(["Title", "Branch", "Copies", "Price"])
    for row in [
        ("My First Garden", "North", 4, "$12.00"),
        ("My First Garden", "South", 2, "$12.50"),
        ("The Open Road", "North", 7, "$9.00"),
        ("The Open Road", "South", 1, "$9.50"),
        ("Quiet Harbour", "North", 3, "$15.00"),
        ("Quiet Harbour", "South", 5, "$14.00"),
    ]:
        ws.append(list(row))
    wb.save(tmp_path / "stock.xlsx")
    pairs = offline_pairs(tmp_path, tmp_path / "stock.xlsx", 30)
    named = [q for q in pairs if "first garden" in q.lower() or "open road" in q.lower()]
    assert named, pairs
    for question in named:
        assert "My First Garden" in question or "The Open Road" in question, question
