"""One record exported with stored field names ("<thing>_<field>") over a single row: each
one-word field of the name's prefix asked by the record's name in the sheet's language,
the prefix and underscores never said, a code, a link, a field of another prefix and a
field of several words never asked."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.helpers.knowledge_fixtures import generate_offline


def _record(path: Path, headers: list[str], values: list[str]) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.append(headers)
    ws.append(values)
    f = path / "registro.xlsx"
    wb.save(f)
    return f


def _pairs(tmp_path: Path, f: Path) -> dict[str, str]:
    outcome = generate_offline(tmp_path, f, 20)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    return {c.turns[0].prompt: c.turns[0].expected_response or "" for c in cases}


def test_a_spanish_stored_record_is_asked_field_by_field(tmp_path: Path) -> None:
    headers = ["entidad_id", "entidad_nombre", "servicio_id", "servicio_nombre"]
    headers += ["servicio_descripcion", "servicio_horario", "servicio_area_responsable"]
    headers += ["servicio_requisitos", "servicio_costo", "servicio_web"]
    values = ["12", "Ayuntamiento de Villanueva", "48", "Empadronamiento"]
    values += ["Alta de una persona en el padrón municipal del lugar donde vive."]
    values += ["De lunes a viernes de 9:00 a 14:00", "Oficina de Atención Ciudadana"]
    values += ["Documento de identidad y contrato de alquiler o escritura de la vivienda."]
    values += ["Gratuito", "https://www.example.org/empadronamiento"]
    pairs = _pairs(tmp_path, _record(tmp_path, headers, values))
    assert pairs.get("¿En qué consiste Empadronamiento?", "").startswith("Alta de una"), pairs
    assert pairs.get("¿Cuáles son los requisitos de Empadronamiento?", "").startswith(
        "Documento"
    ), pairs
    assert pairs.get("¿Cuál es el horario de Empadronamiento?") == values[5], pairs
    for q in pairs:
        assert "_" not in q and "servicio" not in q and "Ayuntamiento" not in q, q
        assert "área" not in q and "area" not in q and "web" not in q and "48" not in q, q


def test_a_french_stored_record_names_its_fields_in_french(tmp_path: Path) -> None:
    headers = ["organisme_nom", "demarche_id", "demarche_nom", "demarche_description"]
    headers += ["demarche_horaires", "demarche_tarif"]
    values = ["Mairie de Villeneuve", "7", "Carte d'identité"]
    values += ["Demande ou renouvellement de la carte nationale d'identité.", "9h - 17h", "25 €"]
    pairs = _pairs(tmp_path, _record(tmp_path, headers, values))
    assert pairs.get("En quoi consiste Carte d'identité ?", "").startswith("Demande"), pairs
    assert pairs.get("Quel est le tarif de Carte d'identité ?") == "25 €", pairs
    assert pairs.get("Quels sont les horaires de Carte d'identité ?") == "9h - 17h", pairs
    for q in pairs:
        assert "_" not in q and "demarche" not in q and "Mairie" not in q, q
