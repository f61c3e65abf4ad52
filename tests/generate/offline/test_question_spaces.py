"""A question made from a label copied with the spaces around it ("*  Levy Rates:  ...")
is written with single spaces."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs


def _notes(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Notes"
    ws.append(["Notes on the levy tables"])
    ws.append([])
    ws.append([" *  Effective Levy Rates:  The levy paid as a share of yearly turnover."])
    ws.append([" ** Large traders are those with a turnover over $1 million."])
    wb.save(path)
    return path


def test_questions_are_written_with_single_spaces(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_notes(tmp_path / "notes.xlsx")], 10)[0])
    assert [q for q in pairs if "Levy Rates" in q], list(pairs)
    assert not [q for q in pairs if "  " in q], list(pairs)
