"""A lettered section title in sentence case ("B. Simulation results") is a heading when
the document titles its sections with the same labels, even after a numbered list."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE, Line, body, write_pages

B, R = "Helvetica-Bold", "Helvetica"
GAP: Line = ("", R, 10)


def _three_lettered_titles() -> list[Line]:
    """A paper's title over three lettered section titles, each over its prose."""
    return [
        ("Routing in Mobile Sensor Networks", B, 20),
        GAP,
        *body(*PROSE),
        ("A. Zone Head Selection", R, 10),
        *body(*PROSE),
        ("B. Route Maintenance", R, 10),
        *body(*PROSE),
        ("C. Node Mobility", R, 10),
        *body(*PROSE),
    ]


def test_sentence_case_title_in_a_series_of_lettered_titles(tmp_path: Path) -> None:
    page = [
        *_three_lettered_titles(),
        *body(PROSE[0]),
        ("1) Delivery ratio: the share of packets delivered.", R, 10),
        ("2) Overhead: the number of requests sent.", R, 10),
        ("D. Simulation results", R, 10),
        *body(*PROSE),
    ]
    doc = load_file(write_pages(tmp_path / "paper.pdf", [page]))
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert heads[-4:] == [
        "A. Zone Head Selection",
        "B. Route Maintenance",
        "C. Node Mobility",
        "D. Simulation results",
    ]


def test_sentence_case_lettered_items_of_a_list_stay_items(tmp_path: Path) -> None:
    page = [
        *_three_lettered_titles(),
        ("A. Send the report", R, 10),
        ("B. Wait for a reply", R, 10),
        *body(*PROSE),
    ]
    doc = load_file(write_pages(tmp_path / "paper.pdf", [page]))
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert "A. Send the report" not in heads and "B. Wait for a reply" not in heads
