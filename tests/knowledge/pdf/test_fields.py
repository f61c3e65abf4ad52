"""A filled form's fields, one per line ("Label: value"), are read as separate lines, not
run together into one paragraph; a value that goes on below its line stays whole."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load
from datasetkit.knowledge.pdf.fields import field_line
from tests.helpers.record_fixtures import pdf_lines


def test_each_field_of_a_form_is_its_own_paragraph(tmp_path: Path) -> None:
    lines = [
        "Invoice Number: INV-3301",
        "Customer: Priya Raman",
        "Vehicle: 2016 Subaru Outback",
        "Labor: $410.00",
        "Total Due: $1,092.55",
    ]
    doc = load(
        [str(pdf_lines(tmp_path / "invoice.pdf", "Lakeside Garage - Repair Invoice", lines))]
    )[0]
    texts = [s.text for s in doc.sections if s.kind == "paragraph"]
    assert texts == lines, texts


def test_a_value_that_goes_on_below_stays_whole(tmp_path: Path) -> None:
    lines = ["Parts Replaced: front bumper cover, left headlamp,", "Grille: chrome insert"]
    doc = load([str(pdf_lines(tmp_path / "parts.pdf", "Repair Notes", lines))])[0]
    texts = [s.text for s in doc.sections if s.kind == "paragraph"]
    assert texts == [" ".join(lines)], texts


def test_a_field_line_is_a_label_then_a_value() -> None:
    assert field_line("Claim Number: HM-99812")
    assert not field_line("Note: the shop closes at noon on Fridays")
    assert not field_line("the parties agree as follows: first,")
