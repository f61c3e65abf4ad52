"""A sheet of people's figures under shouted headers: every figure asked, its column said
in lower case, a count named by what was done ("meetings scheduled") asked as a number."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs


def _kpis(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Team figures"
    ws.append(["FIELD TEAM RESULTS"])
    ws.append([])
    ws.append(["REP NAME", "SITE VISITS", "MEETINGS SCHEDULED", "CONVERSION RATE"])
    ws.append(["Dana R.", 31, 6, 0.42])
    ws.append(["Omar K.", 27, 9, 0.35])
    ws.append(["Lena W.", 44, 4, 0.51])
    for row in ws.iter_rows(min_row=4, max_row=6, min_col=4, max_col=4):
        row[0].number_format = "0%"
    wb.save(path)
    return path


def test_every_figure_of_a_shouted_sheet_is_asked(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_kpis(tmp_path / "kpis.xlsx")], 40)[0])
    assert pairs.get("What is the number of meetings scheduled for Omar K.?") == "9", list(pairs)
    rates = [q for q in pairs if "conversion rate for" in q]
    assert rates and all("CONVERSION" not in q for q in pairs), list(pairs)
