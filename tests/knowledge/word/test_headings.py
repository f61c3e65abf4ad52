"""Word documents that set their section titles by hand: a bold paragraph of its own
is a heading; a bold label that runs into its text, or a label with its value, is not."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file


def _make(path: Path) -> Path:
    import docx
    from docx.shared import Pt

    d = docx.Document()
    title = d.add_paragraph().add_run("Expense Policy")
    title.bold, title.font.size = True, Pt(20)
    d.add_paragraph("This policy explains what the company repays and how to claim it back.")
    d.add_paragraph().add_run("Eligibility").bold = True
    d.add_paragraph("Every employee on a contract of three months or more may claim costs.")
    run_in = d.add_paragraph()
    run_in.add_run("Note:").bold = True
    run_in.add_run(" contractors claim through their agency.")
    d.add_paragraph().add_run("Location: Anywhere").bold = True
    d.add_paragraph("Claims are made from the place where the employee works.")
    d.add_paragraph().add_run("How to claim").bold = True
    d.add_paragraph("Send the form with the receipts to the finance team within thirty days.")
    d.save(str(path))
    return path


def test_bold_paragraphs_used_as_section_titles_are_headings_under_the_title(
    tmp_path: Path,
) -> None:
    doc = load_file(_make(tmp_path / "policy.docx"), display="policy.docx")
    outline = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert outline == [(0, "Expense Policy"), (1, "Eligibility"), (1, "How to claim")]
    claim = next(s for s in doc.sections if s.text.startswith("Send the form"))
    assert claim.provenance.heading_path == ("Expense Policy", "How to claim")
    paragraphs = [s.text for s in doc.sections if s.kind == "paragraph"]
    assert "Location: Anywhere" in paragraphs
    assert "Note: contractors claim through their agency." in paragraphs
