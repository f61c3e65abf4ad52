"""Sub-sections numbered in roman numerals at every level ("V.I", "V.I.II") and set in
the text's own type are headings, nested by how many numerals their number has."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from datasetkit.knowledge.numbering import section_number
from tests.helpers.pdf_pages import PROSE, Line, body, write_pages

B, R = "Helvetica-Bold", "Helvetica"
GAP: Line = ("", R, 10)


def test_dotted_roman_numbers_nest_by_their_numerals() -> None:
    one, two = section_number("V.I Results"), section_number("V.I.II Model Implementation")
    assert one is not None and (one.kind, one.depth) == ("decimal", 2)
    assert two is not None and (two.kind, two.depth) == ("decimal", 3)
    assert section_number("C.V. Raman wrote it") is None  # initials, not numerals


def test_dotted_roman_subsections_in_body_type_are_headings(tmp_path: Path) -> None:
    page = [
        ("Validating a Prioritization Model", B, 20),
        GAP,
        *body(*PROSE),
        ("V. VALIDATION", B, 12),
        GAP,
        *body(*PROSE),
        ("V.I Validation results", R, 10),
        *body(*PROSE),
        ("V.I.I Practicality and applicability", R, 10),
        *body(*PROSE),
        ("V.I.II Model implementation", R, 10),
        *body(*PROSE),
    ]
    doc = load_file(write_pages(tmp_path / "paper.pdf", [page]))
    heads = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert heads[-3:] == [
        (2, "V.I Validation results"),
        (3, "V.I.I Practicality and applicability"),
        (3, "V.I.II Model implementation"),
    ]
