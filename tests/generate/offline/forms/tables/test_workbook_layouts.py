"""A workbook's layouts asked as a user reads them: several tables on one sheet, each
named by its own title; a sheet in another language asked in that language."""

from __future__ import annotations

from pathlib import Path

from tests.generate.offline.forms.test_forms import _cases, _pairs


def _workbook(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Offices"
    rows: list[list[object]] = [
        ["Regional offices 2024"],
        [],
        ["Office", "City", "Staff", "Annual rent (EUR)"],
        ["North", "Hamburg", 42, 310000],
        ["South", "Munich", 57, 455000],
        ["West", "Cologne", 23, 198000],
        [],
        [],
        ["Company cars 2024"],
        [],
        ["Plate", "Model", "Driver", "Lease ends"],
        ["HH-AB 101", "Golf", "Meyer", "2025-03-31"],
        ["M-CD 202", "Passat", "Huber", "2026-06-30"],
        ["K-EF 303", "Tiguan", "Schulz", "2025-11-30"],
    ]
    for row in rows:
        ws.append(row)
    sales = wb.create_sheet("Ventas")
    for row in [
        ["Región", "Ventas (EUR)", "Clientes"],
        ["Norte", 120000, 45],
        ["Sur", 95000, 38],
        ["Este", 143000, 51],
        ["Oeste", 88000, 29],
    ]:
        sales.append(row)
    wb.save(path)
    return path


def test_each_table_on_a_sheet_is_named_by_its_own_title(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_workbook(tmp_path / "offices.xlsx")], 40)[0])
    assert [q for q in pairs if "North office" in q], list(pairs)
    # The sheet's name ("Offices") names its first table only: no car is an "office".
    cars = [q for q in pairs if any(m in q for m in ("Golf", "Passat", "Tiguan"))]
    assert cars, list(pairs)
    assert not [q for q in cars if "office" in q.lower()], cars


def test_a_sheet_in_another_language_is_asked_in_it(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_workbook(tmp_path / "offices.xlsx")], 40)[0])
    spanish = [q for q in pairs if "Norte" in q or "Sur" in q or "Este" in q or "Oeste" in q]
    assert spanish, list(pairs)
    assert all(q.startswith("¿") for q in spanish), spanish
    assert not [q for q in pairs if q.startswith(("How many ventas", "Which región"))], list(pairs)
