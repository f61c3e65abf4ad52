"""A postal address set in a title's type (a flyer's venue under "Location", an
addressee block on a form) says where to go or write: it titles nothing, in a PDF or
in a Word document. Titles that merely hold numbers stay titles."""

from __future__ import annotations

from pathlib import Path

import docx
from docx.shared import Pt

from datasetkit.knowledge import load_file
from datasetkit.knowledge.numbering import contact_line
from tests.helpers.pdf_pages import Run, write_runs

B, R = "Helvetica-Bold", "Helvetica"
TEXT = [
    "A full day of free technical training with sessions from experts around the country,",
    "for people who work with data every day and for those who are only starting out now.",
]
VENUE = ["Harbour Conference Centre at the Quay", "Portland, ME 04101"]


def _headings(path: Path) -> list[str]:
    return [s.text for s in load_file(path).sections if s.kind == "heading"]


def test_a_venue_address_set_large_is_no_heading_in_a_pdf(tmp_path: Path) -> None:
    lines: list[list[Run] | None] = [[("Data Training Day", B, 24.0)], None]
    lines += [[("About", B, 18.0)], None, *[[(t, R, 12.0)] for t in TEXT], None]
    lines += [[("Location:", B, 18.0)], None, *[[(t, B, 16.0)] for t in VENUE], None]
    lines += [[(t, R, 12.0)] for t in TEXT]
    got = _headings(write_runs(tmp_path / "flyer.pdf", lines))
    assert got == ["Data Training Day", "About", "Location:"]


def test_an_address_in_bold_is_no_heading_in_word(tmp_path: Path) -> None:
    d = docx.Document()
    for title, under in (("Venue", "Hafenstraße 31, 48155 Münster"), ("Agenda", None)):
        run = d.add_paragraph().add_run(title)
        run.bold, run.font.size = True, Pt(14)
        if under:
            d.add_paragraph().add_run(under).bold = True
        d.add_paragraph(" ".join(TEXT))
    path = tmp_path / "invite.docx"
    d.save(str(path))
    assert _headings(path) == ["Venue", "Agenda"]


def test_titles_holding_numbers_are_no_addresses() -> None:
    for title in ("2026 Annual Report", "Section 4 Payment Terms", "ISO 27001 Controls"):
        assert not contact_line(title)
    assert contact_line("Albany, NY 12222")
    assert contact_line("Am Markt 4 90429 Nürnberg")
