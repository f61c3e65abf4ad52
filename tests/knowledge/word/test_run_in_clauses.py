"""An agreement that numbers its clauses with heading styles and runs each clause's
caption into its text: the caption is the heading, the clause's text a paragraph under
it; a heading-styled paragraph that is a whole sentence or as long as running text is
text, never a title."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file


def _agreement(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Consulting Agreement", level=0)
    d.add_heading("Services", level=1)
    d.add_heading(
        "Performing Services. The Consultant will perform the services listed in the order "
        "form, and the Client may change that list by written agreement.",
        level=2,
    )
    d.add_heading(
        "Payment. The Client will pay each invoice within thirty days of receiving it.", level=2
    )
    d.add_heading("Either party may end this agreement with sixty days of written notice.", level=2)
    d.add_heading("Term and Termination", level=1)
    d.add_paragraph("This agreement lasts one year from the date it is signed.")
    d.save(str(path))
    return path


def test_a_run_in_caption_heads_its_clause(tmp_path: Path) -> None:
    doc = load_file(_agreement(tmp_path / "agreement.docx"), display="agreement.docx")
    headings = [s.text for s in doc.sections if s.kind == "heading"]
    assert headings == [
        "Consulting Agreement",
        "Services",
        "Performing Services",
        "Payment",
        "Term and Termination",
    ]
    paid = next(s for s in doc.sections if s.text.startswith("The Client will pay"))
    assert paid.kind == "paragraph"
    assert paid.provenance.heading_path == ("Consulting Agreement", "Services", "Payment")
    ended = next(s for s in doc.sections if s.text.startswith("Either party may end"))
    assert ended.kind != "heading"
