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


def _plain(path: Path, openings: list[str]) -> Path:
    lines: list[Sequence[Run] | None] = [[("SERVICES AGREEMENT", B, 14.0)], None]
    for opening in openings:
        lines += [[(opening, R)], *([(t, R)] for t in _WRAP), None]
    return write_runs(path, lines)


def test_titles_in_plain_type_ending_with_a_full_stop_are_headings(tmp_path: Path) -> None:
    doc = load_file(
        _plain(
            tmp_path / "plain.pdf",
            [
                "1. Definitions. The following terms have the meanings given to them in this section of it,",
                "2. Term of Agreement. This agreement starts on the effective date and runs for three years,",
                "2.1 Renewal. The agreement renews for one year at a time unless either party gives notice,",
                "3. U.S. Government Users. The services are commercial items as the federal rules say and",
            ],
        )
    )
    heads = {s.text: s.level for s in doc.sections if s.kind == "heading"}
    top = heads.pop("SERVICES AGREEMENT")
    assert top is not None
    # "U.S." is an abbreviation, not the end of a title: that paragraph stays whole.
    assert heads == {
        "1. Definitions.": top + 1,
        "2. Term of Agreement.": top + 1,
        "2.1 Renewal.": top + 2,
    }
    assert any(s.text.startswith("The agreement renews for one year") for s in doc.sections)


def test_numbered_steps_that_open_with_a_short_sentence_stay_whole(tmp_path: Path) -> None:
    doc = load_file(
        _plain(
            tmp_path / "steps.pdf",
            [
                "1. Open the portal from the start menu and choose the travel request form for your trip,",
                "2. Sign In. Use the account your manager gave you on the day when you joined the team,",
                "3. Fill in the dates of the trip and the cost centre that pays for it, then save the form,",
                "4. Attach every receipt that you kept during the trip to the request that you saved, and",
            ],
        )
    )
    assert [s.text for s in doc.sections if s.kind == "heading"] == ["SERVICES AGREEMENT"]
