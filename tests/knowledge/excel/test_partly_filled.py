"""A budget sheet filled in part: row labels kept with their figures across a spacer
column even where some items have no figures yet."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from datasetkit.knowledge import load_file


def _budget(path: Path) -> Path:
    wb = Workbook()
    ws = wb.active
    ws.title = "Budget"
    # Labels in column A, a blank spacer column B, figures under a header in C:E.
    rows = [
        ("1. Purchases", None, "Quantity", "Unit cost", "Total cost"),
        ("Raw materials", None, None, None, None),
        ("Components", None, 4, 12.5, 50),
        ("Printed matter", None, None, None, None),
        ("Total purchases", None, 4, 12.5, 50),
        (None, None, None, None, None),
        ("2. Staff", None, "Hours", "Hourly rate", "Total cost"),
        ("Technician", None, None, 30, 0),
        ("Tutor", None, 11, 40, 440),
        ("Total staff", None, 11, 40, 440),
        (None, None, None, None, None),
        ("PROJECT TOTAL", None, 490, None, None),
        ("FUNDS RECEIVED", None, None, None, None),
        ("BORNE BY THE SCHOOL", None, 490, None, None),
    ]
    for row in rows:
        ws.append(row)
    wb.save(path)
    return path


def _records(path: Path) -> list[dict[str, str]]:
    doc = load_file(_budget(path), display="budget.xlsx")
    return [s.record for s in doc.sections if s.record is not None]


def test_items_without_figures_keep_the_labels_with_their_figures(tmp_path: Path) -> None:
    records = _records(tmp_path / "budget.xlsx")
    components = next(r for r in records if "Components" in r.values())
    assert components["Quantity"] == "4"
    assert components["Total cost"] == "50"
    tutor = next(r for r in records if "Tutor" in r.values())
    assert tutor["Hourly rate"] == "40"
    # No record of figures without the label that says what they are.
    priced = [r for r in records if r.get("Total cost")]
    assert priced and all(any(v[:1].isalpha() for v in r.values()) for r in priced)


def test_a_summary_block_of_labels_and_one_figure_is_no_part_of_the_table_above(
    tmp_path: Path,
) -> None:
    records = _records(tmp_path / "budget.xlsx")
    assert not any(r.get("Hours") == "490" for r in records)
