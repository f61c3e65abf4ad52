"""Sub-section titles numbered "(1)", "(2)" and set a size above the text are headings;
the same numbers in the text's own type are a list."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE, Line, body, write_pages

B, R = "Helvetica-Bold", "Helvetica"
GAP: Line = ("", R, 10)


def test_item_numbered_lines_in_larger_type_title_the_text_under_them(tmp_path: Path) -> None:
    page = [
        ("Insurance Claims in a Pandemic", B, 22),
        GAP,
        *body(*PROSE),
        ("1 Background", B, 14),
        GAP,
        *body(*PROSE),
        ("(1) Amendment of the disease control act", R, 12),
        *body(*PROSE),
        ("(2) Standard terms of life insurance", R, 12),
        *body(PROSE[0]),
        ("(a) the claim form, signed;", R, 10),
        ("(b) the receipts of the treatment.", R, 10),
        GAP,
        *body(*PROSE),
    ]
    doc = load_file(write_pages(tmp_path / "brief.pdf", [page]))
    heads = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert heads == [
        (0, "Insurance Claims in a Pandemic"),
        (1, "1 Background"),
        (2, "(1) Amendment of the disease control act"),
        (2, "(2) Standard terms of life insurance"),
    ]
    items = [s.text for s in doc.sections if s.kind == "list_item"]
    assert items == ["the claim form, signed;", "the receipts of the treatment."]
