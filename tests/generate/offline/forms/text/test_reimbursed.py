"""The amount an expense rule pays back for a cost (a rate or a cap) is asked in the
rule's own language, German, French or Spanish, with the cost named as the rule names it."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.offline.text.reimbursed import reimbursed
from tests.helpers.knowledge_fixtures import text_pairs

_DE = """# Richtlinie für Dienstreisen

## Fahrten

Für Fahrten mit dem eigenen Auto erstatten wir 0,25 € pro gefahrenem Kilometer.

## Unterkunft

Übernachtungskosten werden bis zu 95 € pro Nacht erstattet. Höhere Kosten sind zu begründen.
"""

_FR = """# Règles de déplacement

## Transport

Les trajets en voiture personnelle sont remboursés à 0,40 € par kilomètre.

## Hébergement

Les nuits d'hôtel sont remboursées dans la limite de 120 € par nuit.
"""

_ES = """# Normas de viaje

## Transporte

Los trayectos en coche propio se reembolsan a 0,19 € por kilómetro.

## Alojamiento

Las noches de hotel se reembolsan hasta un máximo de 100 € por noche.
"""


def test_a_german_travel_rule_is_asked_its_rate_and_its_cap(tmp_path: Path) -> None:
    cases = text_pairs(tmp_path, "reise.md", _DE)
    rate = cases.get("Wie viel wird für Fahrten mit dem eigenen Auto erstattet?", "")
    assert "0,25 €" in rate, cases
    cap = cases.get("Bis zu welchem Betrag werden Übernachtungskosten erstattet?", "")
    assert "95 €" in cap, cases


def test_a_french_travel_rule_is_asked_its_rate_and_its_cap(tmp_path: Path) -> None:
    cases = text_pairs(tmp_path, "voyage.md", _FR)
    rate = cases.get("À quel tarif sont remboursés les trajets en voiture personnelle ?", "")
    assert "0,40 €" in rate, cases
    cap = cases.get("Jusqu'à quel montant sont remboursées les nuits d'hôtel ?", "")
    assert "120 €" in cap, cases


def test_a_spanish_travel_rule_is_asked_its_rate_and_its_cap(tmp_path: Path) -> None:
    cases = text_pairs(tmp_path, "viaje.md", _ES)
    # An amount per thing is asked impersonally ("se reembolsa por ...").
    rate = cases.get("¿Cuánto se reembolsa por los trayectos en coche propio?", "")
    assert "0,19 €" in rate, cases
    cap = cases.get("¿Hasta qué importe se reembolsan las noches de hotel?", "")
    assert "100 €" in cap, cases


def test_a_payment_without_an_amount_or_of_a_demonstrative_asks_nothing() -> None:
    assert reimbursed("Bahnfahrten werden in der 2. Klasse erstattet", "de") is None
    assert reimbursed("Ces frais sont remboursés à 0,40 € par kilomètre", "fr") is None
    assert reimbursed("Los vuelos se reembolsan según la factura", "es") is None
    assert reimbursed("Hotel costs are reimbursed up to $80 per night", "en") is None
