"""Numbered section titles set in bold at the start of their paragraph ("**1.
Definitions.** The following terms ..."): the title is a heading at the depth of its
number and the rest of the line stays the section's text, where the document does it
for several sections."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import Run, write_runs

B, R = "Helvetica-Bold", "Helvetica"
_WRAP = [
    "and the parties keep to it for as long as the agreement runs, unless they agree in",
    "writing to change it, which each of them may propose at any time during the term.",
]


def _section(title: str, first: str) -> list[Sequence[Run] | None]:
    return [[(title + " ", B), (first, R)], *([(t, R)] for t in _WRAP), None]


def _agreement(path: Path, sections: int) -> Path:
    clauses = [
        ("1. Definitions.", "The following terms have the meanings given to them in this section"),
        ("2. Term:", "This agreement starts on the effective date and runs for three years,"),
        ("2.1 Renewal.", "The agreement renews for one year at a time unless either party"),
        ("3. Fees.", "The customer pays the fees set out in the order within thirty days,"),
    ][:sections]
    lines = [line for title, first in clauses for line in _section(title, first)]
    return write_runs(path, [[("MASTER SERVICES AGREEMENT", B, 14.0)], None, *lines])


def test_runin_section_titles_are_headings_over_their_text(tmp_path: Path) -> None:
    doc = load_file(_agreement(tmp_path / "agreement.pdf", 4))
    heads = {s.text: s.level for s in doc.sections if s.kind == "heading"}
    top = heads.pop("MASTER SERVICES AGREEMENT")
    assert top is not None
    assert heads == {
        "1. Definitions.": top + 1,
        "2. Term:": top + 1,
        "2.1 Renewal.": top + 2,
        "3. Fees.": top + 1,
    }
    texts = [s for s in doc.sections if s.kind == "paragraph"]
    assert texts[0].text.startswith("The following terms have the meanings")
    assert texts[0].provenance.heading_path[-1] == "1. Definitions."
    assert texts[2].text.startswith("The agreement renews for one year")
    assert texts[2].provenance.heading_path[-2:] == ("2. Term:", "2.1 Renewal.")


def test_a_single_bold_opening_stays_in_its_paragraph(tmp_path: Path) -> None:
    doc = load_file(_agreement(tmp_path / "agreement.pdf", 1))
    assert [s.text for s in doc.sections if s.kind == "heading"] == ["MASTER SERVICES AGREEMENT"]
    assert doc.sections[1].text.startswith("1. Definitions. The following terms")
