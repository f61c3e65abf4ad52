"""French and Spanish table questions worded as a person says them: a column's noun
takes its own gender ("Quelle est la valeur", never "le valeur"), a row named by a code
is said with its key column's noun ("de la classe 3B"), a property | value table asks
"the <property> of <what its title names>", and a cross-tab (categories by categories)
is asked no lookup of one category by another."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.language.gender import gender
from tests.generate.offline.forms.test_forms import _cases, _pairs

_LEVELS = """# Consignes de l'atelier de peinture

L'atelier classe chaque produit selon un niveau de toxicité qui fixe les précautions
à prendre avant toute application.

## Niveaux de toxicité

| Niveau | Risque | Exemples |
| :--- | :--- | :--- |
| **N1** | Faible. Des gants suffisent. | Peintures à l'eau |
| **N2** | Modéré. Un masque est exigé. | Vernis acryliques |
| **N3** | Élevé. Une cabine ventilée est obligatoire. | Laques polyuréthanes |
| **N4** | Très élevé. Appareil respiratoire isolant. | Peintures époxy |

## Fiche du pistolet - Buses pour les laques épaisses

| Caractéristique | Valeur |
|-----------------|--------|
| **Pression** | 2,5 bar |
| **Largeur** | 30 cm |
| **Longueur** | 12 cm |
| **Marquage** | HV-25 |

Les buses usées doivent être remplacées après chaque chantier.
"""

_CROSSTAB = """# Encuesta de satisfacción del servicio

Los usuarios valoraron el servicio en dos visitas sucesivas. La tabla cruza la
valoración de la primera visita con la de la segunda.

## Valoración en las dos visitas

| Primera visita | Buena | Regular | Mala |
| --- | --- | --- | --- |
| Buena | 12 | 4 | 1 |
| Regular | 3 | 9 | 2 |
| Mala | 2 | 5 | 7 |
| Total | 17 | 18 | 10 |

El acuerdo entre las dos visitas es mayor en la valoración regular.
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_french_and_spanish_nouns_take_the_gender_of_one_rule_set() -> None:
    assert gender("valeur", "fr") == "f"
    assert gender("longueur", "fr") == "f"
    assert gender("moteur", "fr") == "m"
    assert gender("classe", "fr") == "f"
    assert gender("type", "fr") == "m"
    assert gender("machine", "fr") == "f"


def test_a_code_row_is_said_with_its_key_noun(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_write(tmp_path, "peinture.md", _LEVELS)], 30)[0])
    asked = " | ".join(pairs)
    assert pairs.get("Quel est le risque du niveau N3 ?") == (
        "Élevé. Une cabine ventilée est obligatoire."
    ), pairs
    assert "Quels sont les exemples du niveau N2 ?" in pairs, pairs
    assert "de N3 ?" not in asked and "d'N" not in asked, pairs


def test_a_property_table_asks_the_property_of_its_subject(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_write(tmp_path, "peinture.md", _LEVELS)], 30)[0])
    asked = " | ".join(pairs)
    assert "valeur de" not in asked.lower(), pairs
    assert pairs.get("Quelle est la largeur des buses pour les laques épaisses ?") == "30 cm"
    assert pairs.get("Quelle est la pression des buses pour les laques épaisses ?") == "2,5 bar"
    for question, answer in pairs.items():
        if answer in ("12 cm", "HV-25"):
            assert question.endswith("des buses pour les laques épaisses ?"), question


def test_a_crosstab_is_asked_no_lookup_of_a_category_by_another(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_write(tmp_path, "encuesta.md", _CROSSTAB)], 30)[0])
    for question in pairs:
        assert "tiene Buena" not in question and "tiene Mala" not in question, pairs
        assert "«Mala»" not in question and "«Buena»" not in question, pairs


def _blank_form(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_paragraph("Please complete every section of this form before the first visit.")
    table = d.add_table(rows=5, cols=4)
    rows = [
        ("FULL NAME", "", "DATE OF BIRTH", ""),
        ("ADDRESS", "", "", ""),
        ("PHONE", "HOME:", "", "MOBILE:"),
        ("SERVICES", "☐ Transport ☐ Meals ☐ Cleaning", "", ""),
        ("SIGNATURE", "__________", "DATE", "__________"),
    ]
    for cells, values in zip(table.rows, rows, strict=True):
        for cell, value in zip(cells.cells, values, strict=True):
            cell.text = value
    d.save(str(path))
    return path


def test_a_blank_form_table_gives_no_case_and_says_why(tmp_path: Path) -> None:
    cases, result, _ = _cases([_blank_form(tmp_path / "intake.docx")], 10)
    assert not cases, list(cases)
    notes = " ".join(result.usage.get("notes") or [])
    assert "intake.docx holds blank form tables" in notes, notes


_SHEET = """# Paint shop safety rules

The paint shop ranks every product by the precautions to take before any application.

## Spray gun sheet - Nozzles for thick lacquers

| Property | Value |
|-----------------|--------|
| **Pressure** | 2.5 bar |
| **Width** | 30 cm |
| **Length** | 12 cm |

Worn nozzles must be replaced after each job.
"""


def test_an_english_property_table_asks_the_property_of_its_subject(tmp_path: Path) -> None:
    pairs = _pairs(_cases([_write(tmp_path, "shop.md", _SHEET)], 30)[0])
    assert pairs.get("What is the width of the nozzles for thick lacquers?") == "30 cm", pairs
    assert "What is the width?" not in pairs, pairs
