"""Figures that do not add up are never totalled, and a summary row is never a row a
highest or lowest picks, in English and in the other languages tables are asked in."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from datasetkit.generate.offline.tables.names import adds_up
from datasetkit.generate.offline.tables.view import summary_row
from tests.helpers.knowledge_fixtures import offline_pairs


def _orders(path: Path) -> Path:
    """A log of orders no column identifies: a region, a channel, revenue in dollars, a
    conversion written as a fraction of one (its header names no rate), and the year."""
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.append(["Region", "Channel", "Revenue", "Conversion", "Year"])
    data = [
        ("North", "Online", 1200, 0.12, 2023),
        ("South", "Retail", 900, 0.08, 2023),
        ("North", "Retail", 700, 0.10, 2024),
        ("South", "Online", 1500, 0.15, 2024),
        ("East", "Online", 1100, 0.11, 2023),
        ("East", "Retail", 650, 0.07, 2024),
        ("North", "Online", 980, 0.09, 2024),
        ("South", "Retail", 1320, 0.13, 2023),
    ]
    for row in data:
        ws.append(list(row))
        ws.cell(ws.max_row, 3).number_format = '"$"#,##0'
    wb.save(path)
    return path


def test_a_column_of_fractions_is_never_totalled(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _orders(tmp_path / "orders.xlsx"), 40)
    assert pairs.get("What is the total revenue in the South region?") == "$3,720", pairs
    assert not [q for q in pairs if "conversion" in q.casefold()], pairs


def _branches(path: Path) -> Path:
    """A German table of branches with its "Gesamt" (total) row under them."""
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.append(["Filiale", "Umsatz (EUR)", "Mitarbeiter"])
    rows = [("Hamburg", 120000, 14), ("Berlin", 180000, 20), ("München", 95000, 9)]
    rows += [("Köln", 60000, 7), ("Bremen", 45000, 5), ("Gesamt", 500000, 55)]
    for row in rows:
        ws.append(list(row))
    wb.save(path)
    return path


def test_a_german_total_row_is_never_the_highest(tmp_path: Path) -> None:
    pairs = offline_pairs(tmp_path, _branches(tmp_path / "filialen.xlsx"), 40)
    highest = {q: a for q, a in pairs.items() if "höchsten" in q}
    assert highest, pairs
    assert all(a.startswith("Berlin") for a in highest.values()), highest
    assert not [a for a in pairs.values() if "500000" in a or a == "55"], pairs


@pytest.mark.parametrize(
    "header",
    [
        "Durchschnittspreis",
        "Marktanteil",
        "Zinssatz",
        "Taux de marge",
        "Precio unitario",
        "Tasa de error",
        "Error",
        "Growth",
        "Año",
        "Média",
    ],
)
def test_headers_of_rates_prices_and_shares_do_not_add_up(header: str) -> None:
    assert not adds_up(header)


@pytest.mark.parametrize("header", ["Umsatz", "Revenue", "Units sold", "Ventes", "Kosten"])
def test_headers_of_amounts_add_up(header: str) -> None:
    assert adds_up(header)


@pytest.mark.parametrize(
    "label", ["Gesamt", "Gesamtergebnis", "Summe", "Insgesamt", "Sous-total", "Promedio", "Totaal"]
)
def test_summary_rows_in_other_languages(label: str) -> None:
    assert summary_row(label)


@pytest.mark.parametrize("label", ["Gesamtschule Nord", "Media", "Sumatra", "Ensemble Paris"])
def test_names_that_only_start_like_a_summary_are_rows(label: str) -> None:
    assert not summary_row(label)
