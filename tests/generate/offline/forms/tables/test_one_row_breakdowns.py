"""One row of figures under a "<measure> by <dimension>" title (a dashboard's
breakdown): each figure asked as the measure for its header's value; a blank copy of
the block (every figure 0) gives none."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs


def _dashboard(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Dashboard"
    ws.append(["QUARTERLY SERVICE DASHBOARD"])
    ws.append([])
    ws.append(["SUPPORT TICKETS BY REGION *TICKETS OPENED IN THE QUARTER"])
    ws.append([])
    ws.append(["NORTH", "SOUTH", "EAST", "WEST"])
    ws.append([120, 85, 64, 97])
    blank = wb.create_sheet("Blank")
    blank.append(["SUPPORT TICKETS BY REGION"])
    blank.append([])
    blank.append(["NORTH", "SOUTH", "EAST", "WEST"])
    blank.append([0, 0, 0, 0])
    wb.save(path)
    return path


def test_a_breakdown_row_is_asked_by_its_title(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_dashboard(tmp_path / "dashboard.xlsx")], 20)[0])
    figures = {"north": "120", "south": "85", "east": "64", "west": "97"}
    asked = {q: a for q, a in pairs.items() if q.startswith("How many support tickets were")}
    assert asked, list(pairs)
    for q, a in asked.items():
        assert a == figures[q.split("for the ")[1].split()[0]], (q, a)
    assert not [a for q, a in pairs.items() if a == "0"], list(pairs)
