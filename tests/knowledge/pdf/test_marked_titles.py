"""Section titles typed as Markdown and printed as text ("## Scope"): headings at the
level their marks give, read without the marks."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE, body, write_pages

R = "Helvetica"


def _contract(path: Path) -> Path:
    page = [
        ("### SERVICE AGREEMENT", R, 10),
        ("", R, 10),
        *body(*PROSE, *PROSE),
        ("## DEFINITIONS", R, 10),
        ("", R, 10),
        *body(*PROSE, *PROSE),
        ("## TERMS", R, 10),
        ("", R, 10),
        ("### 1. Payment", R, 10),
        ("", R, 10),
        *body(*PROSE, *PROSE),
        ("### 2. Delivery", R, 10),
        ("", R, 10),
        *body(*PROSE, *PROSE),
        # A count sign that opens a wrapped line is no title.
        *body("The form asks for the number of people on the trip and the", "# of nights."),
    ]
    return write_pages(path, [page])


def test_markdown_marks_printed_as_text_make_headings_at_their_levels(tmp_path: Path) -> None:
    doc = load_file(_contract(tmp_path / "contract.pdf"))
    heads = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert heads == [
        (0, "SERVICE AGREEMENT"),
        (1, "DEFINITIONS"),
        (1, "TERMS"),
        (2, "1. Payment"),
        (2, "2. Delivery"),
    ]
    text = " ".join(s.text for s in doc.sections)
    assert "#" not in text.replace("# of nights", "")
    assert any("trip and the # of nights." in s.text for s in doc.sections)


def test_a_single_marked_line_stays_text(tmp_path: Path) -> None:
    page = [*body(*PROSE, *PROSE), ("# Reference", R, 10), ("", R, 10), *body(*PROSE)]
    doc = load_file(write_pages(tmp_path / "one.pdf", [page]))
    assert not [s for s in doc.sections if s.kind == "heading"]
    assert any(s.text == "# Reference" for s in doc.sections)
