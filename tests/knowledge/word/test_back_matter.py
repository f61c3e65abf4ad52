"""A paper's references, given a smaller heading style than its sections, stand beside
the sections rather than inside the last one."""

from __future__ import annotations

from pathlib import Path

import docx

from datasetkit.knowledge import load_file

_TEXT = "Most studies in the field are never repeated, and few share their data."


def _paper(path: Path, closing: str, closing_level: int) -> Path:
    document = docx.Document()
    document.add_heading("Open Practices in Field Research", level=0)
    for title in ["Introduction", "Methods", "Outlook"]:
        document.add_heading(title, level=1)
        document.add_paragraph(_TEXT)
    document.add_heading(closing, level=closing_level)
    document.add_paragraph("Author, A. (2020). A study of studies. Journal of Studies, 4, 1-9.")
    document.save(str(path))
    return path


def _levels(path: Path) -> dict[str, int | None]:
    return {s.text: s.level for s in load_file(path).sections if s.kind == "heading"}


def test_closing_references_in_a_smaller_style_sit_beside_the_sections(tmp_path: Path) -> None:
    heads = _levels(_paper(tmp_path / "paper.docx", "References", 3))
    assert heads["References"] == heads["Introduction"] == heads["Outlook"]


def test_a_closing_sub_section_of_another_name_keeps_its_style_level(tmp_path: Path) -> None:
    heads = _levels(_paper(tmp_path / "paper.docx", "Next steps", 3))
    assert heads["Next steps"] is not None and heads["Outlook"] is not None
    assert heads["Next steps"] > heads["Outlook"]
