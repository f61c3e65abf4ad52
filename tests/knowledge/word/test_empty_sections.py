"""Section titles set by hand in large bold type keep their place when a section is
still empty (the next title follows straight on) or opens into a smaller sub-title;
a bold line in body type over another bold line stays what it was."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file

_TEXT = "The team reviews each request within two working days and records the outcome."


def _line(d: object, text: str, size: int, bold: bool = True) -> None:
    from docx.shared import Pt

    run = d.add_paragraph().add_run(text)  # type: ignore[attr-defined]
    run.bold, run.font.size = bold, Pt(size)


def _skeleton(path: Path) -> Path:
    """A 22 pt bold title over two plain owner lines; then 22 pt bold sections, the
    first two empty, the third opening into a 12 pt bold sub-title over text."""
    import docx

    d = docx.Document()
    _line(d, "Service Design Notes", 22)
    _line(d, "Owner: Operations team", 12, bold=False)
    _line(d, "Date: 01-02-2024", 12, bold=False)
    _line(d, "Background", 22)
    _line(d, "Goals", 22)
    _line(d, "Proposed design", 22)
    _line(d, "Request intake", 12)
    _line(d, _TEXT, 12, bold=False)
    _line(d, "Rollout", 22)
    _line(d, _TEXT, 12, bold=False)
    d.save(str(path))
    return path


def test_empty_sections_in_large_type_are_sections(tmp_path: Path) -> None:
    doc = load_file(_skeleton(tmp_path / "notes.docx"))
    heads = {s.text: s.level for s in doc.sections if s.kind == "heading"}
    assert heads["Service Design Notes"] == 0
    for title in ("Background", "Goals", "Proposed design", "Rollout"):
        assert heads.get(title) == 1, (title, heads)


def test_bold_body_lines_over_each_other_stay_text(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    _line(d, "Visit Summary", 22)
    _line(d, _TEXT, 12, bold=False)
    for label in ("Keep the receipt", "Bring your card", "Arrive early"):
        _line(d, label, 12)
    _line(d, _TEXT, 12, bold=False)
    d.save(str(tmp_path / "visit.docx"))
    heads = [s.text for s in load_file(tmp_path / "visit.docx").sections if s.kind == "heading"]
    assert "Keep the receipt" not in heads and "Bring your card" not in heads
