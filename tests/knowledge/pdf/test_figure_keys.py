"""A bold word in small type over a stack of short labels (the key of a figure) titles
no text: it is no heading."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE, Line, body, write_pages

B, R = "Helvetica-Bold", "Helvetica"
GAP: Line = ("", R, 10)


def test_a_figure_key_title_is_no_heading(tmp_path: Path) -> None:
    page = [
        ("Routing in Mobile Sensor Networks", B, 20),
        GAP,
        *body(*PROSE),
        GAP,
        ("Legend", B, 7.5),
        ("Zone Head", R, 7.5),
        ("Member Node", R, 7.5),
        ("Base Station", R, 7.5),
        GAP,
        *body(*PROSE),
    ]
    doc = load_file(write_pages(tmp_path / "paper.pdf", [page]))
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert heads == ["Routing in Mobile Sensor Networks"]


def test_a_small_bold_title_over_small_text_stays_a_heading(tmp_path: Path) -> None:
    page = [
        ("Routing in Mobile Sensor Networks", B, 20),
        GAP,
        *body(*PROSE),
        GAP,
        ("Definitions", B, 7.5),
        *[(t, R, 7.5) for t in PROSE],
        GAP,
        *body(*PROSE),
    ]
    doc = load_file(write_pages(tmp_path / "paper.pdf", [page]))
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert heads == ["Routing in Mobile Sensor Networks", "Definitions"]
