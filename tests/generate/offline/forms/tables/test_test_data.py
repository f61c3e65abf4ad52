"""Test data gives no case: rows named by serial letters, fields named as a program or a
formula names them, lower-case codes with no subject, pivot fields no question can say."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs


def _test_data(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "DataSheet"
    ws.append(["Id", "Name", "Category", "Amount", "Weight"])
    for i, name in enumerate("abcdefgh", start=1):
        ws.append([i, name, "blue" if i % 2 else "yellow", i * 10, i * 1.5])
    other = wb.create_sheet("Readings")
    other.append(["label2", "value2"])
    other.append(["Pressure", 12.5])
    other.append(["Humidity", 64])
    units = wb.create_sheet("Units")
    units.append(["label", "value"])
    units.append(["celsius", 22.2])
    units.append(["fahrenheit", 72])
    wb.save(path)
    return path


def test_test_data_gives_no_lookup(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_test_data(tmp_path / "data.xlsx")], 40)[0])
    # Rows named by a serial letter, fields named as a program names them, codes in lower
    # case with no subject: no question names them.
    assert not [q for q in pairs if q.rstrip("?").split()[-1] in set("abcdefgh")], list(pairs)
    assert not [q for q in pairs if "value2" in q or "label2" in q], list(pairs)
    assert not [q for q in pairs if "celsius" in q or "fahrenheit" in q], list(pairs)


def _pivot(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Pivot"
    ws.append(["Row Labels", "Sum of Orders", "Count of Size", "Sum of Value x 2"])
    ws.append(["North", 120, 3, 40])
    ws.append(["South", 80, 2, 30])
    ws.append(["Grand Total", 200, 5, 70])
    wb.save(path)
    return path


def test_pivot_fields_no_question_can_say_are_not_asked(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_pivot(tmp_path / "pivot.xlsx")], 20)[0])
    assert not [q for q in pairs if "of size" in q.lower() or " x 2" in q], list(pairs)
