"""A table whose first row is data: a form of labels and values outside English is asked
label by label of what its name field names, in the document's language; a numbered
series whose first item heads the table is asked nothing by that item's text."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.generator import OfflineGenerator
from datasetkit.generate.plan import build_plan, chunk_documents
from datasetkit.knowledge import load


def _cases(path: Path, text: str, count: int = 20) -> list[tuple[str, str]]:
    path.write_text(text, encoding="utf-8")
    chunks = chunk_documents([d for d in load([path]) if d.sections])
    gen = OfflineGenerator()
    plan = build_plan(chunks, count, 1, capacity=gen.capacity)
    return [
        (c.case.turns[0].prompt, c.case.turns[0].expected_response or "")
        for c in gen.generate_knowledge(plan).cases
    ]


GERMAN = """\
# Selbstbericht des Vereins

Der Verein bietet seit vielen Jahren Kurse für Erwachsene in der Stadt an. Die Kurse
finden am Abend und am Wochenende statt, damit auch Berufstätige teilnehmen können.

| Name: | Bildungswerk Auental e.V. |
| --- | --- |
| Adresse: | 12345 Auental, Marktplatz 3 |
| Ansprechpartner: | Jana Vogt |
| Telefon: | +49 1234 567890 |

## Anlagen

| Anlage 1 | Anmeldeformular für Kurse |
| --- | --- |
| Anlage 2 | Fragebogen für Teilnehmende |
| Anlage 3 | Protokoll der Teamsitzung |
| Anlage 4 | Lageplan der Räume |

Die Anlagen liegen im Büro des Vereins aus und werden auf Anfrage verschickt.
"""

SPANISH = """\
# Ficha de la asociación

La asociación organiza talleres de lectura para personas mayores en los barrios de la
ciudad. Los talleres son gratuitos y se celebran todas las semanas en la sede.

| Nombre: | Asociación Lectores del Sur |
| --- | --- |
| Dirección: | Calle Mayor 12, 28001 Madrid |
| Teléfono: | +34 910 000 000 |
"""


def test_german_form_is_asked_of_what_its_name_field_names(tmp_path: Path) -> None:
    cases = dict(_cases(tmp_path / "bericht.md", GERMAN))
    assert cases.get("Wie lautet die Adresse von Bildungswerk Auental e.V.?") == (
        "12345 Auental, Marktplatz 3"
    ), cases
    assert not any("Adresse:" in q or "Telefon:" in q for q in cases), cases


def test_numbered_series_heading_its_table_names_no_column(tmp_path: Path) -> None:
    cases = _cases(tmp_path / "bericht.md", GERMAN)
    assert not any("Anmeldeformular" in q for q, _ in cases), cases
    assert not any(a in ("Fragebogen für Teilnehmende", "Lageplan der Räume") for _, a in cases)


def test_spanish_form_is_asked_in_spanish_of_its_name(tmp_path: Path) -> None:
    cases = dict(_cases(tmp_path / "ficha.md", SPANISH))
    assert cases.get("¿Cuál es la dirección de Asociación Lectores del Sur?") == (
        "Calle Mayor 12, 28001 Madrid"
    ), cases
    assert not any("Dirección:" in q for q in cases), cases
