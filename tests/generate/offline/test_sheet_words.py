"""Spreadsheet questions worded as a user says them: rows named by what they are (never
by a link, never "rows"), a column said as a noun phrase in the sheet's language, one
value however its cells punctuate it, and no placeholder cell or repeated cell asked."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.helpers.knowledge_fixtures import generate_offline

_PLACES = ["Madrid", "Madrid.", "Sevilla", "Valencia", "Madrid", "Ver pliegos", "Sevilla"]
_PLACES += ["Ver pliegos", "Valencia", "Madrid"]
_OBJECTS = [
    "Suministro de material de oficina para las dependencias municipales durante el año",
    "Servicio de limpieza de los edificios de la administración provincial y sus anexos",
    "Obras de reparación de caminos rurales y de la red de abastecimiento de agua potable",
    "Suministro de vehículos eléctricos para la policía local y el servicio de parques",
    "Servicio de mantenimiento de los ascensores de los colegios públicos de la ciudad",
    "Adquisición de equipos informáticos para los centros de salud de la comarca entera",
    "Servicio de vigilancia y seguridad de los museos municipales durante dos años",
    "Suministro de mobiliario urbano para los parques y jardines del distrito centro",
    "Ejecución de obras de mejora de la eficiencia energética del alumbrado público",
    "Servicio de comedor escolar para los colegios públicos de educación infantil",
]


def _tenders(path: Path) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Licitaciones"
    ws.append(["Referencia", "Objeto", "LugarEjecucin", "Presupuesto", "Anuncio"])
    for i, (place, what) in enumerate(zip(_PLACES, _OBJECTS, strict=True)):
        ref = str(2021092000 + 7 * i)
        url = f"www.example.org/licitaciones/{ref}.pdf"
        ws.append([ref, what, place, f"{10000 + 1250 * i},00 €", url])
    f = path / "licitaciones.xlsx"
    wb.save(f)
    return f


def _pairs(tmp_path: Path, f: Path, count: int = 40) -> dict[str, str]:
    outcome = generate_offline(tmp_path, f, count)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def test_a_spanish_sheet_names_its_rows_by_their_noun_and_reference(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path, _tenders(tmp_path))
    assert pairs
    for q in pairs:
        assert "filas" not in q and "«" not in q.split(" como ")[-1], q
        assert "example.org" not in q and "valor de" not in q, q
    assert any(q.startswith("¿Qué presupuesto tiene la licitación 2021092") for q in pairs), pairs
    assert any("lugar de ejecución" in q for q in pairs), pairs


def test_a_value_with_a_stop_is_the_same_value_and_a_placeholder_is_none(tmp_path: Path) -> None:
    pairs = _pairs(tmp_path, _tenders(tmp_path))
    for q, a in pairs.items():
        assert "Madrid." not in q and "Ver pliegos" not in q, q
        assert a.strip() != "Ver pliegos", q
    madrid = [a for q, a in pairs.items() if "«Madrid»" in q]
    assert madrid, pairs
    assert "2021092007" in madrid[0] and "2021092063" in madrid[0], madrid


def test_rows_are_never_named_by_a_link(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Pages"
    ws.append(["Page", "Topic", "Owner", "Views"])
    topics = ["Billing", "Billing", "Security", "Onboarding", "Security", "Billing"]
    owners = ["Ana Ruiz", "Li Wei", "Ana Ruiz", "Sam Cole", "Li Wei", "Sam Cole"]
    for i, (topic, owner) in enumerate(zip(topics, owners, strict=True)):
        ws.append([f"https://docs.example.com/guides/page-{i}.html", topic, owner, 100 + 37 * i])
    f = tmp_path / "pages.xlsx"
    wb.save(f)
    for q in _pairs(tmp_path, f):
        assert "example.com" not in q, q


def test_two_columns_with_the_same_text_on_a_row_are_asked_once(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Products"
    ws.append(["Product", "Primary tag", "Secondary tag", "Supplier"])
    rows = [
        ("Trail Runner", "outdoor", "outdoor", "Acme Gear"),
        ("City Loafer", "formal", "leather", "Brightline"),
        ("Peak Boot", "outdoor", "winter", "Acme Gear"),
        ("Studio Slipper", "indoor", "indoor", "Homestead"),
    ]
    for row in rows:
        ws.append(list(row))
    f = tmp_path / "products.xlsx"
    wb.save(f)
    pairs = _pairs(tmp_path, f)
    slipper = [q for q, a in pairs.items() if "Studio Slipper" in q and a.strip() == "indoor"]
    assert len(slipper) == 1, pairs


def test_a_free_text_two_rows_share_is_no_filter(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Functions"
    ws.append(["Function", "Category", "Description"])
    rows = [
        (f"FN{i}", "Math" if i % 2 else "Text", f"Returns the value number {i} of a list")
        for i in range(12)
    ]
    rows[3] = ("FLOORX", "Math", "Rounds a number down, toward zero")
    rows[4] = ("TRUNCX", "Text", "Rounds a number down, toward zero")
    for row in rows:
        ws.append(list(row))
    f = tmp_path / "functions.xlsx"
    wb.save(f)
    pairs = _pairs(tmp_path, f, 60)
    assert pairs
    assert not [q for q in pairs if "Rounds a number down" in q], pairs


def test_a_spanish_header_typed_without_accents_is_said_with_them(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Convocatorias"
    ws.append(["Nombre", "PublicacionFecha", "Provincia"])
    names = [
        "Ayudas al alquiler de vivienda",
        "Becas de comedor escolar",
        "Subvención a la cultura",
    ]
    names += ["Premios de investigación", "Ayudas a la rehabilitación", "Becas de transporte"]
    for i, name in enumerate(names):
        ws.append([name, f"{10 + i}/03/2024", ["Cádiz", "Málaga", "Huelva"][i % 3]])
    f = tmp_path / "convocatorias.xlsx"
    wb.save(f)
    pairs = _pairs(tmp_path, f, 30)
    dated = [q for q in pairs if "fecha" in q]
    assert dated, pairs
    assert all("fecha de publicación" in q for q in dated), dated


def test_a_long_name_names_its_row_and_a_shouted_header_is_said_in_lower_case(
    tmp_path: Path,
) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Salas"
    ws.append(["ENLACE", "NOMBRE", "HORARIO", "CODIGO-POSTAL", "DISTRITO"])
    districts = ["Centro", "Retiro", "Latina", "Centro", "Retiro", "Latina"]
    for i, district in enumerate(districts):
        name = (
            f"Sala de estudio del Centro Cultural Número {i + 1} del barrio histórico ({district})"
        )
        hours = f"De lunes a viernes, de {8 + i} a 21 horas. Sábados, de 10 a 14 horas."
        ws.append([f"https://www.example.es/salas/{i}", name, hours, f"2800{i}", district])
    f = tmp_path / "salas.xlsx"
    wb.save(f)
    pairs = _pairs(tmp_path, f)
    asked = [q for q in pairs if "Número" in q]
    assert asked, pairs
    for q in pairs:
        assert "HORARIO" not in q and "CODIGO-POSTAL" not in q and "example.es" not in q, q
    assert any(q.startswith("¿Qué horario tiene la Sala de estudio") for q in asked), asked
    assert any("código postal" in q or "codigo postal" in q for q in asked), asked


def test_a_text_most_rows_share_is_never_asked_of_each_row(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Suppliers"
    ws.append(["Supplier", "Country", "Status"])
    names = ["Acme Gear", "Brightline", "Homestead", "Northwind", "Contoso", "Fabrikam"]
    names += ["Litware", "Proseware", "Wingtip", "Tailspin"]
    countries = ["Spain", "France", "Italy", "Spain", "Portugal", "France", "Italy", "Greece"]
    countries += ["Spain", "Malta"]
    for i, (name, country) in enumerate(zip(names, countries, strict=True)):
        ws.append([name, country, "Suspended" if i == 4 else "Active"])
    f = tmp_path / "suppliers.xlsx"
    wb.save(f)
    pairs = _pairs(tmp_path, f)
    assert pairs
    assert not [q for q, a in pairs.items() if a.strip() == "Active"], pairs
