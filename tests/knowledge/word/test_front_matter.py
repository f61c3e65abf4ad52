"""A paper written in Word whose sections use heading styles, and whose abstract is
titled by hand in bold over it: the abstract's title is a heading too."""

from __future__ import annotations

from pathlib import Path

import docx
from docx.shared import Pt

from datasetkit.knowledge import load_file

_ABSTRACT = (
    "Shared practices for data and code make research easier to check and to build on. "
    "We review how groups in the field publish their materials, what stands in the way, "
    "and which small changes to the way journals, funders and departments reward work "
    "would let more researchers share what they make without extra cost to their careers."
)
_TEXT = "Most studies in the field are never repeated, and few share their data."


def _paper(path: Path, summary: str) -> Path:
    document = docx.Document()
    title = document.add_paragraph().add_run("Open Practices in Field Research")
    title.bold, title.font.size = True, Pt(18)
    document.add_paragraph("A. Author, B. Author")
    document.add_paragraph().add_run("Abstract").bold = True
    document.add_paragraph(summary)
    document.add_heading("Introduction", level=1)
    document.add_paragraph(_TEXT)
    document.add_heading("Methods", level=1)
    document.add_paragraph(_TEXT)
    document.save(str(path))
    return path


def test_a_hand_set_abstract_title_before_styled_sections_is_a_heading(tmp_path: Path) -> None:
    doc = load_file(_paper(tmp_path / "paper.docx", _ABSTRACT))
    heads = {s.text: s.level for s in doc.sections if s.kind == "heading"}
    assert heads.get("Abstract") == heads["Introduction"]


def test_a_lone_bold_line_over_a_short_note_stays_text(tmp_path: Path) -> None:
    doc = load_file(_paper(tmp_path / "paper.docx", "Draft, do not cite."))
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert "Abstract" not in heads
