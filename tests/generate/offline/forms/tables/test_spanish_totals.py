"""A log of records in Spanish that no column identifies (an export of a budget by campus,
of sales by region) is asked its totals in Spanish, as a person names the category and the
amount: never the prefix an export gives every column, never a rate summed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.knowledge_fixtures import offline_pairs
from tests.helpers.xlsx_fixtures import make_sheets_xlsx

_PLACES = ("Norte", "Sur", "Centro")


def _rows() -> list[list[Any]]:
    rows: list[list[Any]] = []
    for i in range(12):
        place = _PLACES[i % 3]
        kind = ("Teoría", "Laboratorio y taller")[i % 2]
        rows.append([kind, place, 1000 * (i + 1), 12.5 + i])
    return rows


def _cases(tmp_path: Path, header: list[str]) -> dict[str, str]:
    path = make_sheets_xlsx(tmp_path / "presupuesto.xlsx", {"Presupuesto": [header, *_rows()]})
    return offline_pairs(tmp_path, path, 30)


def _total(place: str) -> int:
    return sum(1000 * (i + 1) for i in range(12) if _PLACES[i % 3] == place)


def test_an_export_is_totalled_by_category_in_spanish(tmp_path: Path) -> None:
    header = ["PRES_TIPO_CURSO", "PRES_REGION", "IMPORTE", "PRES_COSTO_POR_HORA"]
    cases = _cases(tmp_path, header)
    total = f"{_total('Norte'):,}".replace(",", ".")
    assert cases.get("¿Cuál es el total de importe de la región Norte?") == total, cases
    highest = max(_PLACES, key=_total)
    assert cases.get("¿Qué región tiene el total de importe más alto?", "").startswith(highest)
    # The export's prefix is no word of a question, and a rate per hour is never summed.
    assert not [q for q in cases if "pres" in q.casefold() or "hora" in q.casefold()], cases


def test_a_value_that_says_its_category_is_not_said_twice(tmp_path: Path) -> None:
    header = ["Tipo de curso", "Campus", "Total", "Horas de clase"]
    path = make_sheets_xlsx(
        tmp_path / "campus.xlsx",
        {"Datos": [header, *[[r[0], f"Campus {r[1]}", r[2], r[3]] for r in _rows()]]},
    )
    cases = offline_pairs(tmp_path, path, 30)
    assert f"{_total('Sur'):,}".replace(",", ".") == cases.get("¿Cuál es el total de Campus Sur?")
