"""A title set in a typewriter face (bold, larger than the body) is a title, not program
text; a date under a title set over several lines is not part of the title."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file


def _digest(path: Path) -> Path:
    """A digest whose title and period are set in bold 16 pt Courier over body text in
    12 pt, with a program listing in 10 pt Courier further down."""
    import docx
    from docx.shared import Pt

    d = docx.Document()
    for text in ("ОБЗОР ПРЕССЫ", "12.04-13.04.06"):
        run = d.add_paragraph().add_run(text)
        run.bold, run.font.size, run.font.name = True, Pt(16), "Courier New"
    for _ in range(3):
        d.add_paragraph().add_run(
            "Компания сообщила о новых планах развития на ближайшие годы и об инвестициях."
        ).font.size = Pt(12)
    for line in ("for item in items:", "    print(item)"):
        run = d.add_paragraph().add_run(line)
        run.font.size, run.font.name = Pt(10), "Courier New"
    d.save(str(path))
    return path


def test_a_bold_typewriter_title_larger_than_the_body_is_the_title(tmp_path: Path) -> None:
    doc = load_file(_digest(tmp_path / "digest.docx"))
    title = [s for s in doc.sections if s.kind == "heading" and s.level == 0]
    assert [s.text for s in title] == ["ОБЗОР ПРЕССЫ"]
    code = [s for s in doc.sections if s.kind == "code"]
    assert len(code) == 1 and "print(item)" in code[0].text
    assert not any("ОБЗОР" in s.text for s in code)
