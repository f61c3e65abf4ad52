"""The highest and lowest values of a Spanish or French table are asked by what a row is
(the header of the column that names the rows) and by the column as a noun, with the
agreement the language needs, never "¿Qué fila tiene el valor más alto de «...»?"."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.helpers.knowledge_fixtures import offline_pairs


def _book(path: Path, title: str, rows: list[list[object]]) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = title
    for row in rows:
        ws.append(row)
    wb.save(path)
    return path


_ES = [
    ["Artículo", "Categoría", "Unidades vendidas", "Precio unitario (€)", "Comentario"],
    ["Café molido", "Despensa", 120, 8.5, "Se vende sobre todo en la tienda del centro."],
    ["Té verde", "Despensa", 80, 15.0, "Los clientes lo piden para regalar."],
    ["Sidra", "Bebidas", 200, 9.9, "La demanda sube en los meses de verano."],
    ["Gaseosa", "Bebidas", 500, 0.6, "Es el producto más vendido de la tienda."],
    ["Turrón", "Despensa", 40, 45.0, "Solo se vende en las semanas de Navidad."],
]

_FR = [
    ["Agence", "Directeur", "Chiffre d'affaires (€)", "Effectif", "Commentaire"],
    ["Lyon", "Claire Martin", 250000, 12, "Le chiffre est en hausse depuis le printemps."],
    ["Nantes", "Paul Durand", 400000, 25, "Les objectifs sont fixés par la direction."],
    ["Lille", "Sophie Bernard", 180000, 5, "Le service gère aussi les comptes du nord."],
    ["Rennes", "Luc Petit", 320000, 15, "Les locaux sont rénovés cette année."],
    ["Dijon", "Marie Leroy", 150000, 9, "Le recrutement est une priorité de la direction."],
]


def test_a_spanish_table_is_asked_its_extremes_by_its_rows_noun(tmp_path: Path) -> None:
    cases = offline_pairs(tmp_path, _book(tmp_path / "ventas.xlsx", "Ventas", _ES))
    assert cases.get("¿Qué artículo tiene el precio unitario más alto?", "").startswith("Turrón")
    # A plural column is asked "more" and "fewer", not "the highest".
    assert cases.get("¿Qué artículo tiene más unidades vendidas?", "").startswith("Gaseosa")
    assert not any("fila" in q for q in cases), cases


def test_a_french_table_is_asked_its_extremes_by_its_rows_noun(tmp_path: Path) -> None:
    cases = offline_pairs(tmp_path, _book(tmp_path / "agences.xlsx", "Agences", _FR))
    assert cases.get("Quelle agence a l'effectif le plus élevé ?", "").startswith("Nantes")
    asked = "Quelle agence a le chiffre d'affaires le plus élevé ?"
    assert cases.get(asked, "").startswith("Nantes"), cases
    assert not any("ligne" in q for q in cases), cases
