"""The language of a workbook of names and addresses: its headers say it, written without
accents as exports write them, and a name repeated down a column votes once."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from datasetkit.core.language.detect import detect
from datasetkit.knowledge import load_file

_PLACES = [
    ("Colegio Santa Clara", "Calle Mayor, 12", "Villaverde"),
    ("Biblioteca Norte", "Avenida Sol, 3", "Villaverde"),
    ("Centro Juvenil Olmo", "Plaza Nueva, 8", "Robledo"),
    ("Polideportivo Este", "Camino Real, 40", "Robledo"),
    ("Escuela Infantil Lirio", "Calle Luna, 5", "Villaverde"),
    ("Casa Consistorial", "Plaza Mayor, 1", "Robledo"),
]


def _contacts(path: Path) -> Path:
    wb = Workbook()
    ws = wb.active
    ws.append(["nombre", "direccion", "poblacion", "cliente", "telefono"])
    for name, street, town in _PLACES:
        # One client for every row, whose name reads as French words.
        ws.append([name, street, town, "Nous Jardins", 600123456])
    wb.save(path)
    return path


def test_a_sheet_of_places_is_read_in_the_language_of_its_headers(tmp_path: Path) -> None:
    doc = load_file(_contacts(tmp_path / "centros.xlsx"), display="centros.xlsx")
    assert doc.language == "es"


def test_a_header_written_without_its_accents_tells_its_language() -> None:
    assert detect("descripcion; direccion; articulo").language == "es"
    assert detect("quantite; cout unitaire; cout total").language == "fr"


def test_an_english_word_is_no_accentless_french_one() -> None:
    assert detect("telephone; office; address").language == "en"


def _mixed(path: Path) -> Path:
    wb = Workbook()
    ws = wb.active
    ws.append(["nombre", "direccion", "pueblo", "cliente", "telefono", "email"])
    names = [
        "EM-01 LOCAL POLICE CENTRE",
        "EM-02 CENTRO CULTURAL NORTE",
        "EM-03 TOWN HALL ANNEX",
        "EM-04 CASA DE LA JUVENTUD",
        "EM-05 SPORTS CENTRE",
        "EM-06 BIBLIOTECA MUNICIPAL",
    ]
    for i, name in enumerate(names, 1):
        ws.append([name, f"Calle {i}", "Villaverde", "Ayto", 600000000 + i, f"c{i}@ayto.es"])
    wb.save(path)
    return path


def test_headers_decide_a_sheet_whose_names_split_the_vote(tmp_path: Path) -> None:
    doc = load_file(_mixed(tmp_path / "centros.xlsx"), display="centros.xlsx")
    assert doc.language == "es"


def test_a_rate_grid_with_spanish_headers_is_not_read_as_portuguese(tmp_path: Path) -> None:
    # Rows of region codes and figures: the headers alone tell the language, and words that
    # Spanish shares with Portuguese ("valor", "peso") must not outvote Spanish-only ones.
    wb = Workbook()
    ws = wb.active
    ws.append(["servicio", "zona_origen", "zona_destino", "peso_min", "peso_max", "valor", "costo"])
    for origin, dest in [("NOA", "NEA"), ("NEA", "CUY"), ("CUY", "PAT"), ("PAT", "NOA")]:
        ws.append(["EXP", origin, dest, 0, 5, 120, 90])
    wb.save(tmp_path / "tarifas.xlsx")
    doc = load_file(tmp_path / "tarifas.xlsx", display="tarifas.xlsx")
    assert doc.language == "es"


def test_a_sheet_of_english_product_names_under_spanish_headers_is_spanish(
    tmp_path: Path,
) -> None:
    # The cells are product and platform names in English, as a Spanish team's inventory
    # writes them; the headers are the team's own words, and its users ask in Spanish.
    wb = Workbook()
    ws = wb.active
    ws.append(["ID_Producto", "Nombre_Producto", "Descripcion", "Plataforma", "Estado"])
    rows = [
        ("Sales Dashboard", "Monthly sales report for the retail team", "Power BI"),
        ("Customer Churn Model", "Weekly churn score for every active customer", "Databricks"),
        ("Inventory Cube", "Stock levels by warehouse and product line", "Analysis Services"),
        ("Risk Report", "Daily credit risk report for the board", "Reporting Services"),
        ("Marketing Funnel", "Leads and conversions by campaign and channel", "Power BI"),
    ]
    for n, (name, text, platform) in enumerate(rows, 1):
        ws.append([f"PRD-{n:03d}", name, text, platform, "Disponible"])
    wb.save(tmp_path / "inventario.xlsx")
    doc = load_file(tmp_path / "inventario.xlsx", display="inventario.xlsx")
    assert doc.language == "es"
