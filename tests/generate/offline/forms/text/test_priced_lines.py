"""A price list's or menu's item line ("<Item> [size] <price>") is asked what the item
costs, in the document's language, answered by its price (with its size); a one-word
item carries its section, sums and a priced line in running text are not asked."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.gate.admit import check_case
from datasetkit.generate.offline.text.priced_lines import read_priced
from tests.helpers.knowledge_fixtures import generate_offline, text_pairs

MENU_DE = """# Gasthaus zur Linde

## Pizza

- Pizza Margherita 8,50 €
- Pizza Funghi 9,50 €
- Tonno 10,50 €

## Getränke

- Apfelschorle 0,3 l 2,80 € 0,5 l 3,90 €
- Hausbier (0,5 l) 4,20 €
- Mineralwasser 0,25 l 2,40 €

## Rechnung

Gesamtsumme 25,00 €
"""

RATES_EN = """# Harbour Electrical Services

## Labour rates

Standard call-out ........ £45.00

Hourly labour ........ £38.50/hour

Weekend surcharge ........ £20.00

## About us

We have served the harbour district since 1998 and a visit costs £45.00 at most.
"""

CARTE_FR = """# Café du Port

Bienvenue au Café du Port. Nous servons les boissons chaudes toute la journée, et les
pâtisseries sont faites chaque matin dans notre cuisine.

## Boissons chaudes

Café allongé 2,20 €

Chocolat chaud 3,50 €

Thé vert 3,00 €
"""

CARTA_ES = """# Bar Central

Bienvenidos al Bar Central. Todas las tapas se preparan en nuestra cocina cada día y
se sirven con pan de la casa.

## Tapas

Patatas bravas 5,50 €

Croquetas caseras 6,00 €

Boquerones en vinagre 7,00 €
"""


def test_menu_items_are_asked_their_price_in_german(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "speisekarte.md", MENU_DE, 30)
    assert pairs.get("Was kostet Pizza Margherita?") == "8,50 €"
    # A one-word item says what it is with its section.
    assert pairs.get("Was kostet Tonno (Pizza)?") == "10,50 €"
    # Each size with its price; a size in brackets after the name goes with the price.
    assert pairs.get("Was kostet Apfelschorle (Getränke)?") == "2,80 € (0,3 l), 3,90 € (0,5 l)"
    assert pairs.get("Was kostet Hausbier (Getränke)?") == "4,20 € (0,5 l)"
    # A sum over the bill is no item.
    assert not any("Gesamtsumme" in q for q in pairs)


def test_rate_card_lines_with_dot_leaders_are_asked_in_english(tmp_path: Path) -> None:
    pairs = text_pairs(tmp_path, "rates.md", RATES_EN, 30)
    assert pairs.get("How much does Standard call-out cost?") == "£45.00"
    assert pairs.get("How much does Hourly labour cost?") == "£38.50/hour"
    # A price in a sentence of running text is no price list's line.
    assert not any("visit" in q for q in pairs)


def test_french_and_spanish_menus_are_asked_in_their_language(tmp_path: Path) -> None:
    fr = text_pairs(tmp_path, "carte.md", CARTE_FR, 30)
    assert fr.get("Combien coûte Chocolat chaud ?") == "3,50 €"
    es = text_pairs(tmp_path, "carta.md", CARTA_ES, 30)
    assert es.get("¿Cuánto cuesta Patatas bravas?") == "5,50 €"


def test_a_short_item_name_before_its_price_is_an_amount_for_the_gate() -> None:
    assert (
        check_case("¿Cuánto cuesta Atún (Piadinas)?", "8,00 €", "Atún 8,00 €", language="es")
        is None
    )


def test_lines_that_are_no_priced_item() -> None:
    assert read_priced("Total 45,00 €") is None
    assert read_priced("The fee is 5 €") is None
    # Prices with no size of their own are columns of a header the line does not say.
    assert read_priced("Fischbier 3,40 € 4,30 € 6,40 €") is None
    assert read_priced("Tee Assam 3,90 €") == ("Tee Assam", "3,90 €")


def test_a_word_rate_card_with_tabbed_prices_is_asked(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.add_heading("Preisliste Montageservice Huber", 0)
    d.add_paragraph(
        "Alle Preise verstehen sich inklusive Mehrwertsteuer und gelten ab dem ersten "
        "Januar für Aufträge im Stadtgebiet."
    )
    d.add_heading("Arbeitsleistungen", 1)
    for line in (
        "Montage Küche\t45,00 €/Std.",
        "Anfahrt im Stadtgebiet\t25,00 €",
        "Entsorgung Altgeräte\t30,00 €",
    ):
        d.add_paragraph(line)
    f = tmp_path / "preisliste.docx"
    d.save(str(f))
    outcome = generate_offline(tmp_path, f, 30)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    pairs = {c.turns[0].prompt: c.turns[0].expected_response for c in cases}
    assert pairs.get("Was kostet Montage Küche?") == "45,00 €/Std."
    assert pairs.get("Was kostet Anfahrt im Stadtgebiet?") == "25,00 €"
