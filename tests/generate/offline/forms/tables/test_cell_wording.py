"""A table cell asked as a user says it in the table's language: the property with its
article, of the row named by its key column's noun ("del servicio Frontend"), a count by
"cuántos", a header's symbol in the question's language, and no question by a column of
remarks or of one example per row."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.tables.cell_wording import de_gender, remark_column, worded_cell
from tests.helpers.knowledge_fixtures import text_pairs

SPANISH = """\
# Estado del proyecto

El proyecto entrega una plataforma de trámites con varios servicios que se despliegan
juntos. Cada servicio escucha en un puerto propio y el equipo revisa su estado cada semana.

## Servicios

| Servicio | Puerto | Detalles |
| --- | --- | --- |
| Frontend | 3000 | Interfaz en React |
| Backend | 8000 | API con FastAPI |
| Base de datos | 1433 | Servidor SQL |
| Caché | 6379 | Servidor Redis |

## Entregables

| Categoría | Archivos | % Completo |
| --- | --- | --- |
| Documentación | 15 | 100% |
| Pruebas | 8 | 50% |
| Infraestructura | 5 | 0% |
"""

FRENCH = """\
# Consignes de l'atelier de peinture

L'atelier classe chaque produit selon un niveau de toxicité qui fixe les précautions
à prendre avant toute application.

## Niveaux de toxicité

| Niveau | Risque | Remarques |
| :--- | :--- | :--- |
| **N1** | Faible. Des gants suffisent. | Peintures à l'eau |
| **N2** | Modéré. Un masque est exigé. | Vernis acryliques |
| **N3** | Élevé. Une cabine ventilée est obligatoire. | Laques polyuréthanes |
| **N4** | Très élevé. Appareil respiratoire isolant. | Peintures époxy |

Les buses usées doivent être remplacées après chaque chantier.
"""

GERMAN = """\
# Verzeichnis der Abteilungen

Die Verwaltung ist in mehrere Abteilungen gegliedert. Jede Abteilung hat eine eigene
Adresse im Haus und ist zu den üblichen Bürozeiten für alle Mitarbeiter erreichbar.

| Abteilung | Adresse | Beispiel |
| --- | --- | --- |
| Einkauf | Gebäude A, Raum 12 | Bestellung von Papier |
| Vertrieb | Gebäude B, Raum 3 | Angebot an Kunden |
| Personal | Gebäude A, Raum 7 | Urlaubsantrag |
"""


def test_a_spanish_cell_is_asked_of_the_row_named_by_its_key_noun(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "estado.md", SPANISH, 30)
    assert pairs.get("¿Cuál es el puerto del servicio Frontend?") == "3000", pairs
    assert not [q for q in pairs if q.startswith("¿Qué puerto tiene")], pairs


def test_a_spanish_count_column_is_asked_how_many(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "estado.md", SPANISH, 30)
    assert pairs.get("¿Cuántos archivos tiene la categoría Pruebas?") == "8", pairs


def test_a_percent_header_is_said_in_the_question_language(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "estado.md", SPANISH, 30)
    assert pairs.get("¿Cuál es el porcentaje completo de la categoría Pruebas?") == "50%", pairs
    assert not [q for q in pairs if "percentage" in q], pairs


def test_a_column_of_remarks_is_asked_nothing(tmp_path: Path) -> None:
    es = text_pairs(tmp_path, "estado.md", SPANISH, 30)
    assert not [q for q in es if "detalle" in q.casefold()], es
    fr = text_pairs(tmp_path, "tarifs.md", FRENCH, 30)
    assert fr.get("Quel est le risque du niveau N3 ?"), fr
    assert not [q for q in fr if "remarque" in q.casefold()], fr


def test_a_german_cell_is_asked_with_its_article(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "abteilungen.md", GERMAN, 30)
    assert pairs.get("Wie lautet die Adresse von der Abteilung Vertrieb?") == (
        "Gebäude B, Raum 3"
    ), pairs
    assert not [q for q in pairs if "angegeben" in q or "Beispiel" in q], pairs


def test_constructions_by_kind_of_header() -> None:
    assert worded_cell("puerto", "Redis", "es", "servicio") == (
        "¿Cuál es el puerto del servicio Redis?"
    )
    assert worded_cell("requisitos", "Alta", "es") == "¿Cuáles son los requisitos de Alta?"
    assert worded_cell("tarifs", "Duo", "fr") == ("Quels sont les tarifs de Duo ?")
    assert worded_cell("Telefonnummer", "Filiale Nord", "de") == (
        "Wie lautet die Telefonnummer von Filiale Nord?"
    )
    assert worded_cell("observaciones", "Alta", "es") is None
    assert worded_cell("Farbwert", "Rot", "de") == "Wie lautet der Farbwert von Rot?"
    assert worded_cell("Telefon", "Filiale Nord", "de") == (
        "Wie lautet die Telefonnummer von Filiale Nord?"
    )
    assert worded_cell("Ansprechpartner", "Filiale Nord", "de") == (
        "Wer ist der Ansprechpartner von Filiale Nord?"
    )
    assert de_gender("Zahlungsart") == "f" and de_gender("Von") is None
    assert remark_column("Comments") and not remark_column("Examples")


ENGLISH = """\
# Office equipment

The office keeps a small stock of equipment that staff can borrow for a week. Each item
has a weight and a short comment that the office manager updates after every loan.

## Loan items

| Item | Weight | Comments |
| --- | --- | --- |
| Projector | 2.4 kg | Bulb replaced in March |
| Laptop | 1.3 kg | Charger kept at the desk |
| Camera | 0.9 kg | Tripod sold separately |
| Speaker | 3.1 kg | Battery lasts four hours |
"""


def test_an_english_comments_column_is_asked_nothing(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "equipment.md", ENGLISH, 30)
    assert [q for q in pairs if "weigh" in q], pairs
    assert not [q for q in pairs if "comment" in q.casefold()], pairs
