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


def test_a_heading_inside_a_one_cell_box_titles_the_note_in_it(tmp_path: Path) -> None:
    # A boxed note closing a form: a one-cell table holding its own heading and items.
    import docx

    d = docx.Document()
    d.add_heading("Visa Application Form", level=1)
    d.add_paragraph("Fill in every field of the form in block letters.")
    cell = d.add_table(rows=1, cols=1).cell(0, 0)
    cell.paragraphs[0].text = "Instructions"
    cell.paragraphs[0].style = d.styles["Heading 2"]
    cell.add_paragraph("Sign and date each form.", style="List Bullet")
    cell.add_paragraph("Answer all questions.", style="List Bullet")
    d.save(str(tmp_path / "form.docx"))
    doc = load_file(tmp_path / "form.docx")
    outline = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert outline == [(1, "Visa Application Form"), (2, "Instructions")]
    items = [s for s in doc.sections if s.kind == "list_item"]
    assert [s.provenance.heading_path[-1] for s in items] == ["Instructions", "Instructions"]


def test_lettered_titles_in_capitals_in_body_type_are_headings(tmp_path: Path) -> None:
    # No styles, no bold: "A.<tab>PURPOSE", "B. ..." are titles by their lettering and
    # capitals, set as a series over running text; the same lines listed one under the
    # other (contents) are not, a single numbered line in capitals is no series, and a
    # lettered line in mixed case is text.
    import docx
    from docx.shared import Pt

    d = docx.Document()
    title = d.add_paragraph().add_run("TRUSTEE HANDBOOK")
    title.bold, title.font.size = True, Pt(24)
    for entry in ("A. PURPOSE1-1", "B. ROLE OF THE TRUSTEE1-1", "C. STATUTORY DUTIES1-2"):
        d.add_paragraph(entry)
    for head in ("A.\tPURPOSE", "B.\tROLE OF THE TRUSTEE", "C.\tSTATUTORY DUTIES"):
        d.add_paragraph(head)
        d.add_paragraph("The trustee administers each case and reports to the court every year.")
    d.add_paragraph("1. SIGNED")
    d.add_paragraph("A. The trustee keeps the records of every case for five years.")
    d.save(str(tmp_path / "handbook.docx"))
    doc = load_file(tmp_path / "handbook.docx")
    outline = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert outline == [
        (0, "TRUSTEE HANDBOOK"),
        (1, "A. PURPOSE"),
        (1, "B. ROLE OF THE TRUSTEE"),
        (1, "C. STATUTORY DUTIES"),
    ]


def test_bold_section_titles_recur_and_rank_under_the_styled_headings(tmp_path: Path) -> None:
    import docx
    from docx.shared import Pt

    d = docx.Document()
    d.add_heading("Leave", level=1)
    d.add_paragraph("This chapter sets out the leave every employee may take.")
    lone = d.add_paragraph().add_run("Read this chapter before you plan a holiday")
    lone.bold, lone.font.size = True, Pt(14)
    d.add_paragraph("Leave that is not planned with the team may be refused.")
    for title, text in (
        ("Sick leave", "Tell your manager on the first day you are ill."),
        ("Parental leave", "Parents may take up to twenty weeks of leave at full pay."),
    ):
        d.add_paragraph().add_run(title).bold = True
        d.add_paragraph(text)
    d.save(str(tmp_path / "leave.docx"))
    doc = load_file(tmp_path / "leave.docx")
    outline = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert outline == [(1, "Leave"), (2, "Sick leave"), (2, "Parental leave")]
    lead = next(s for s in doc.sections if s.text.startswith("Read this chapter"))
    assert lead.kind == "paragraph"
