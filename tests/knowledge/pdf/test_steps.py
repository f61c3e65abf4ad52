"""The numbered steps of a procedure in bold body type, restarting at 1 under each
numbered section, are list items with their bullets under them, not sub-sections."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import Document, load_file
from tests.helpers.pdf_pages import PROSE, body, write_pages

B = "Helvetica-Bold"


def _kinds(doc: Document, kind: str) -> list[str]:
    return [s.text for s in doc.sections if s.kind == kind]


def _step(text: str) -> list[tuple[str, str, float]]:
    return [(text, B, 10.0), ("• Follow the prompts on the screen to go on.", "Helvetica", 10.0)]


def test_steps_restarting_under_each_section_are_a_list_not_headings(tmp_path: Path) -> None:
    page = [
        ("Guest Support Guide", B, 18.0),
        *body(*PROSE),
        ("1. Booking a stay", B, 13.0),
        *body(PROSE[0]),
        *_step("1. Search for a stay:"),
        *_step("2. Confirm the booking:"),
        ("", "Helvetica", 10.0),
        ("2. Cancelling a booking", B, 13.0),
        *body(PROSE[1]),
        *_step("1. Open your trips:"),
        *_step("2. Choose the booking to cancel:"),
    ]
    doc = load_file(write_pages(tmp_path / "guide.pdf", [page]))
    heads = _kinds(doc, "heading")
    assert heads == ["Guest Support Guide", "1. Booking a stay", "2. Cancelling a booking"], heads
    items = _kinds(doc, "list_item")
    assert "Search for a stay:" in items and "Choose the booking to cancel:" in items, items


def test_sub_section_titles_over_their_text_stay_headings(tmp_path: Path) -> None:
    page = [
        ("Annual Survey Report", B, 18.0),
        *body(*PROSE),
        ("1. Methods", B, 13.0),
        *body(PROSE[0]),
        ("1. Sampling", B, 10.0),
        *body(*PROSE),
        ("2. Weighting", B, 10.0),
        *body(*PROSE),
    ]
    doc = load_file(write_pages(tmp_path / "report.pdf", [page]))
    heads = _kinds(doc, "heading")
    assert "1. Sampling" in heads and "2. Weighting" in heads, heads
