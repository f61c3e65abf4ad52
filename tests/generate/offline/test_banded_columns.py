"""Two columns that are the bounds of bands (a weight from / to, however abbreviated) are
no amounts: no total and no highest of a bound is asked, while a real amount of the same
table still is."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from tests.helpers.knowledge_fixtures import offline_pairs

BANDS = [(0, 0.5), (0.5, 1), (1, 2), (2, 3), (3, 5), (5, 10)]


def _rate_sheet(path: Path) -> Path:
    """A rate grid still to be filled in: services by zone and weight band, no prices yet."""
    wb = Workbook()
    ws = wb.active
    ws.title = "tarifas"
    ws.append(["servicio", "zona_origen", "zona_destino", "peso_dd", "peso_hh", "valor", "costo"])
    for service in ("Estándar", "Urgente", "Recogida"):
        for zone in ("Norte", "Sur"):
            for low, high in BANDS:
                ws.append([service, "Centro", zone, low, high, None, 0])
    wb.save(path)
    return path


def test_band_bounds_are_not_totalled(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _rate_sheet(tmp_path / "tarifas.xlsx"), 30)
    assert not [q for q in pairs if "peso" in q.casefold()], pairs
