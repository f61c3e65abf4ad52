"""A menu's item line set in bold over its description, its price at the end, is no
heading: it stays in the section of the list ("Pizza"), whose heading is kept."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from tests.helpers.knowledge_fixtures import generate_offline
from tests.helpers.pdf_pages import Line, body, write_pages

B, R = "Helvetica-Bold", "Helvetica"
GAP: Line = ("", R, 10)
INTRO = [
    "Willkommen in der Trattoria Lago am Seeufer. Alle Gerichte werden jeden Tag frisch",
    "zubereitet, und auf Wunsch bereiten wir jede Pizza auch mit glutenfreiem Teig zu. Bitte",
    "fragen Sie unser Personal nach den Allergenen, die in den einzelnen Speisen enthalten sind.",
]


def _item(name: str, price: str, description: str) -> list[Line]:
    return [(f"{name} {price}", B, 13), (description, R, 10), GAP]


def _menu() -> list[Line]:
    return [
        ("Trattoria Lago Speisekarte", B, 22),
        GAP,
        *body(*INTRO),
        GAP,
        ("Pizza", B, 18),
        GAP,
        *_item("Pizza Margherita", "8,50 €", "(mit frischem Basilikum)"),
        *_item("Pizza Funghi", "9,50 €", "(mit Champignons aus der Region)"),
        *_item("Pizza Tonno", "10,50 €", "(mit Thunfisch und roten Zwiebeln)"),
        ("Salate", B, 18),
        GAP,
        *_item("Insalata Mista", "6,90 €", "(mit Gurken und Karotten)"),
        *_item("Insalata Caprese", "8,20 €", "(mit Büffelmozzarella)"),
        *_item("Insalata Tonno", "9,40 €", "(mit Ei und schwarzen Oliven)"),
    ]


def test_priced_item_lines_are_no_headings(tmp_path: Path) -> None:
    doc = load_file(write_pages(tmp_path / "speisekarte.pdf", [_menu()]))
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert "Pizza Margherita 8,50 €" not in heads
    assert not any(h.endswith("€") for h in heads)
    assert "Pizza" in heads and "Salate" in heads
    paragraphs = [s.text for s in doc.sections if s.kind == "paragraph"]
    assert "Pizza Funghi 9,50 €" in paragraphs


def test_priced_item_lines_are_asked_their_price(tmp_path: Path) -> None:
    pdf = write_pages(tmp_path / "speisekarte.pdf", [_menu()])
    outcome = generate_offline(tmp_path, pdf, 30)
    cases = outcome.dataset.cases if outcome.dataset is not None else []
    pairs = {c.turns[0].prompt: c.turns[0].expected_response for c in cases}
    assert pairs.get("Was kostet Pizza Funghi?") == "9,50 €"
    assert pairs.get("Was kostet Insalata Caprese?") == "8,20 €"
