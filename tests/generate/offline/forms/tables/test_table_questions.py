"""Table questions as a person asks them, and each table fact asked once per set.

Built from workbooks written here: a job board (title, department, city, state, level,
date posted), a shop's products (price, weight, season) and its shipping table
(delivery times per destination).
"""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs

JOBS = [
    ("JB-101", "Prompt Engineer", "AI Engineering", "Seattle", "WA", "Entry-Level", "2026-02-01"),
    ("JB-102", "Data Scientist", "AI Research", "Chicago", "IL", "Mid-Level", "2026-02-03"),
    ("JB-103", "MLOps Engineer", "Infrastructure", "Austin", "TX", "Senior", "2026-02-05"),
    ("JB-104", "Speech Engineer", "AI Engineering", "Boulder", "CO", "Mid-Level", "2026-02-07"),
    ("JB-105", "Research Lead", "AI Research", "Boston", "MA", "Senior", "2026-02-09"),
    ("JB-106", "Technical Writer", "Documentation", "Denver", "CO", "Mid-Level", "2026-02-11"),
]


def _jobs(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Openings"
    ws.append(["Job ID", "Job Title", "Department", "City", "State", "Level", "Date Posted"])
    for row in JOBS:
        ws.append(list(row))
    wb.save(str(path))
    return path


def _shop(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    tents = wb.active
    tents.title = "Tents"
    tents.append(["Model", "Price", "Weight (kg)", "Season"])
    for model, price, weight, season in [
        ("Trailhead 2", 149, 2.1, "3-season"),
        ("Ridgeline 3", 289, 2.9, "3-season"),
        ("Summit 2 XT", 449, 3.4, "4-season"),
        ("Basecamp 6", 599, 9.8, "3-season"),
    ]:
        tents.append([model, price, weight, season])
        tents.cell(tents.max_row, 2).number_format = '"$"#,##0.00'
    ship = wb.create_sheet("Shipping")
    ship.append(["Destination", "Standard delivery", "Express delivery", "Free from"])
    ship.append(["United States", "3-5 business days", "1-2 business days", "$75.00"])
    ship.append(["Canada", "5-8 business days", "2-3 business days", "$120.00"])
    ship.append(["Mexico", "6-10 business days", "3-4 business days", "$120.00"])
    wb.save(str(path))
    return path


def test_cells_are_asked_the_way_the_column_means(tmp_path: Path) -> None:
    cases, _, _ = _cases([_jobs(tmp_path / "jobs.xlsx"), _shop(tmp_path / "shop.xlsx")], 60)
    pairs = _pairs(cases)
    questions = "\n".join(pairs)
    # No header pasted in: "date posted of", "the express delivery for", "the season for".
    for raw in ("date posted", "express delivery for", "season for", "department of"):
        assert raw not in questions.lower(), raw
    by_title = {j[1]: j for j in JOBS}
    checked = 0
    for q, a in pairs.items():
        if q.startswith("When was the ") and q.endswith(" job posted?"):
            assert by_title[q[len("When was the ") : -len(" job posted?")]][6] == a
            checked += 1
        if q.startswith("Which department is the ") and q.endswith(" job in?"):
            assert by_title[q[len("Which department is the ") : -len(" job in?")]][2] == a
            checked += 1
        if q.startswith("Where is the ") and q.endswith(" job located?"):
            job = by_title[q[len("Where is the ") : -len(" job located?")]]
            # City and State answer together.
            assert a == f"{job[3]}, {job[4]}"
            checked += 1
    assert checked >= 3
    days = {
        ("standard", "the United States"): "3-5 business days",
        ("express", "the United States"): "1-2 business days",
        ("standard", "Canada"): "5-8 business days",
        ("express", "Canada"): "2-3 business days",
        ("standard", "Mexico"): "6-10 business days",
        ("express", "Mexico"): "3-4 business days",
    }
    durations = {
        (q.split()[3], q.split(" to ", 1)[1].removesuffix(" take?")): a
        for q, a in pairs.items()
        if q.startswith("How long does ")
    }
    assert durations and all(days[k] == v for k, v in durations.items()), durations
    weights = {"Trailhead 2": "2.1 kg", "Ridgeline 3": "2.9 kg", "Summit 2 XT": "3.4 kg"}
    weighed = {
        q[len("How much does the ") : -len(" tent weigh?")]: a
        for q, a in pairs.items()
        if q.endswith(" tent weigh?")
    }
    assert all(weights.get(k, "9.8 kg") == v for k, v in weighed.items()), weighed
    assert "How many Mid-Level jobs are there?" in pairs or "Which jobs are Mid-Level?" in pairs
    free = {"the United States": "$75.00", "Canada": "$120.00", "Mexico": "$120.00"}
    thresholds = {
        q[len("From what order value is shipping to ") : -len(" free?")]: a
        for q, a in pairs.items()
        if q.startswith("From what order value is shipping to ")
    }
    assert thresholds and all(free[k] == v for k, v in thresholds.items()), thresholds
