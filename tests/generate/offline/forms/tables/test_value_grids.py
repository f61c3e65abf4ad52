"""Grids whose column headers are values of one dimension (city classes, staff grades,
sizes) are asked with the row and the column both named, never as columns of attributes;
a quantity is said with the unit its row names; a spreadsheet's float noise never shows."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.knowledge_fixtures import offline_pairs, text_pairs


def _policy(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Travel Policy", 0)
    d.add_heading("Daily allowances", 1)
    d.add_paragraph("Staff travelling on business are paid the allowances below.")
    rows = (
        ("Travel type", "Metro", "Non-metro"),
        ("Domestic meals", "INR 1,500/day", "INR 1,000/day"),
        ("Domestic hotel", "INR 6,000/night", "INR 4,000/night"),
        ("Local transport", "INR 800/day", "INR 500/day"),
    )
    t = d.add_table(rows=len(rows), cols=3)
    for i, row in enumerate(rows):
        for j, v in enumerate(row):
            t.cell(i, j).text = v
    d.add_heading("Entitlements by grade", 1)
    d.add_paragraph("What each staff grade may book when travelling.")
    rows = (
        ("Grade", "Grade A", "Grade B", "Grade C"),
        ("Hotel category", "5-star", "4-star", "3-star"),
        ("Air class", "Business", "Premium economy", "Economy"),
    )
    t = d.add_table(rows=len(rows), cols=4)
    for i, row in enumerate(rows):
        for j, v in enumerate(row):
            t.cell(i, j).text = v
    d.save(str(path))
    return path


def test_grid_cells_name_row_and_column(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _policy(tmp_path / "policy.docx"))
    asked = " ".join(pairs).casefold()
    # Never a column header read as an attribute of the row.
    assert "the metro of" not in asked and "the non-metro of" not in asked
    assert "the grade b of" not in asked and "the grade a of" not in asked
    assert "for entitlements" not in asked
    assert pairs.get("What is the hotel category for Grade B?") == "4-star"
    assert pairs.get("What is the daily allowance for domestic meals, Metro?") == "INR 1,500/day"
    assert pairs.get("What is the daily allowance for local transport, Non-metro?") == "INR 500/day"


def test_a_title_case_heading_is_said_in_common_words(tmp_path: Path) -> None:
    text = (
        "# Travel Policy\n\n## 5. Per Diem and Daily Allowance\n\n"
        "Staff travelling on business are paid the allowances below.\n\n"
        "| Travel type | Metro | Non-metro |\n|---|---|---|\n"
        "| Domestic meals | INR 1,500/day | INR 1,000/day |\n"
        "| Local transport | INR 800/day | INR 500/day |\n"
    )
    pairs = text_pairs(tmp_path, "travel.md", text)
    asked = "What is the per diem for domestic meals, Metro?"
    assert pairs.get(asked) == "INR 1,500/day", list(pairs)
    assert not [q for q in pairs if "per Diem" in q], list(pairs)


def test_a_grid_row_and_column_are_said_as_a_user_says_them(tmp_path: Path) -> None:
    # A qualifier before a dash said before its noun, "&" said "and", capitals lowered;
    # a column of places said "in ..."; a heading of two names said by the first.
    text = (
        "# Expense Rules\n\n## 3. Subsistence Rate and Daily Allowance\n\n"
        "Staff travelling on business are paid the allowances below.\n\n"
        "| Travel Type | Capital Cities | Other Cities |\n|---|---|---|\n"
        "| Domestic - Meals & Incidentals | EUR 40/day | EUR 30/day |\n"
        "| Domestic - Lodging | EUR 120/night | EUR 90/night |\n"
    )
    pairs = text_pairs(tmp_path, "rules.md", text)
    asked = "What is the subsistence rate for domestic meals and incidentals in capital cities?"
    assert pairs.get(asked) == "EUR 40/day", list(pairs)
    asked = "What is the subsistence rate for domestic lodging in capital cities?"
    assert pairs.get(asked) == "EUR 120/night", list(pairs)
    assert not [q for q in pairs if " - " in q or "&" in q or "Cities" in q], list(pairs)


def test_a_grade_table_is_asked_by_grade_and_what_it_is_entitled_to(tmp_path: Path) -> None:
    # "Grade / Band" names the rows (not the first column of unique text after it); a
    # grade's cell is what the grade is entitled to.
    text = (
        "# Travel Rules\n\n## 2. Entitlement by Grade\n\n"
        "What each grade of staff may book when travelling on business.\n\n"
        "| Grade / Band | Air Travel | Hotel Category |\n|---|---|---|\n"
        "| Associate | Economy | 3-star |\n"
        "| Manager / Senior Manager | Economy (Premium on long flights) | 4-star |\n"
        "| Director | Business | 5-star |\n"
    )
    pairs = text_pairs(tmp_path, "rules.md", text)
    asked = "What hotel category is the Manager / Senior Manager grade entitled to?"
    assert pairs.get(asked) == "4-star", list(pairs)
    assert pairs.get("What air travel is the Director grade entitled to?") == "Business"
    assert not [q for q in pairs if "Economy" in q or "Business" in q], list(pairs)


def test_grid_without_a_name_for_its_cells_is_not_asked(tmp_path: Path) -> None:
    text = (
        "# Notes\n\nSome text about the office and what it does for everyone here.\n\n"
        "| Item | Small | Medium | Large |\n|---|---|---|---|\n"
        "| Coffee | 2.50 | 3.00 | 3.50 |\n| Tea | 2.00 | 2.50 | 3.00 |\n"
        "| Cocoa | 2.80 | 3.20 | 3.90 |\n"
    )
    pairs = text_pairs(tmp_path, "notes.md", text)
    asked = " ".join(pairs).casefold()
    assert "the small of" not in asked and "the large of" not in asked
    assert "medium for" not in asked


def test_grid_in_other_languages_is_not_asked_as_attributes(tmp_path: Path) -> None:
    text = (
        "# Reiserichtlinie\n\nDie Mitarbeitenden erhalten bei Dienstreisen die folgenden "
        "Pauschalen, die von der Personalabteilung jährlich überprüft werden.\n\n"
        "## Tagegeld\n\n"
        "| Reiseart | Inland | Nicht-Inland |\n|---|---|---|\n"
        "| Verpflegung | 28 EUR | 40 EUR |\n| Hotel | 90 EUR | 150 EUR |\n"
        "| Taxi | 20 EUR | 30 EUR |\n"
    )
    pairs = text_pairs(tmp_path, "reise.md", text)
    for q in pairs:
        assert "inland" not in q.casefold(), q


def _stock(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Stock"
    ws.append(["Product", "Quantity", "Unit", "Price"])
    rows = [
        ("Flour", 12, "kg", 1.2),
        ("Sugar", 0.8000000000000007, "kg", 2.5),
        ("Eggs", 30, "pcs", 0.2),
        ("Milk", 10, "l", 0.9),
        ("Butter", 2, "kg", 7.0),
        ("Salt", 1, "kg", 0.5),
        ("Yeast", 5, "pcs", 0.3),
    ]
    for r in rows:
        ws.append(r)
    wb.save(str(path))
    return path


def test_quantity_is_said_with_its_rows_unit(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _stock(tmp_path / "stock.xlsx"))
    quantities = {q: a for q, a in pairs.items() if "quantity" in q.casefold()}
    assert quantities, pairs
    assert pairs.get("What is the quantity of the Flour product?") == "12 kg"
    assert pairs.get("What is the quantity of the Eggs product?") == "30 pcs"
    # The unit is said with the quantity: not asked again row by row.
    assert not any(q.startswith("Which unit is") for q in pairs), pairs


def test_float_noise_of_a_sheet_never_shows(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _stock(tmp_path / "stock.xlsx"))
    assert pairs.get("What is the quantity of the Sugar product?") == "0.8 kg"
    assert not any("00000000" in a for a in pairs.values()), pairs
