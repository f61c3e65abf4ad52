"""Titles a design sets all in lower case, in display type over the text."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE, body, write_pages

B = "Helvetica-Bold"


def test_a_title_set_all_in_lower_case_is_a_heading(tmp_path: Path) -> None:
    pages = [
        [("eastern mediterranean", B, 20), ("", B, 10), *body(*PROSE)],
        [("western australia", B, 20), ("", B, 10), *body(*PROSE)],
    ]
    doc = load_file(write_pages(tmp_path / "report.pdf", pages))
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert heads == ["eastern mediterranean", "western australia"]


def test_the_lower_case_end_of_a_title_broken_over_two_lines_stays_with_it(
    tmp_path: Path,
) -> None:
    # The second line of a large title, in the title's own type, goes on with it.
    pages = [[("Energy for the", B, 20), ("eastern mediterranean", B, 20), *body(*PROSE)]]
    doc = load_file(write_pages(tmp_path / "report.pdf", pages))
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert "eastern mediterranean" not in heads


def test_a_web_address_after_its_label_is_no_heading(tmp_path: Path) -> None:
    # An archive stamps the page it served with its address, in a type of its own.
    pages = [
        [
            ("Quarterly Update", B, 18),
            *body(*PROSE),
            ("Source: https://archive.example.org/docs/mjgl0226", "Helvetica", 12),
        ]
    ]
    doc = load_file(write_pages(tmp_path / "stamped.pdf", pages))
    assert [s.text for s in doc.sections if s.kind == "heading"] == ["Quarterly Update"]
