"""Word documents whose structure is typed rather than styled: article titles and list
labels typed at the start of plain paragraphs, nested by the shape of their labels."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file


def _statute(path: Path) -> Path:
    import docx

    d = docx.Document()
    title = d.add_paragraph().add_run("Notes on the amended Library Act")
    title.bold = True
    d.add_paragraph("The amendment changed two articles of the act; their new wording follows.")
    for number, article, points in (
        ("1.", "Article 4. [Opening hours]", ("publish the hours;", "keep the reading room open;")),
        ("2.", "Article 9. [Membership]", ("give a name;", "give an address;", "pay the fee.")),
    ):
        d.add_paragraph().add_run(f"{number} {article}").bold = True
        d.add_paragraph(
            "1. A library run by a municipality shall serve every resident of the "
            "municipality and shall meet the following conditions:"
        )
        for i, point in enumerate(points, start=1):
            d.add_paragraph(f"{i}) {point}")
        d.add_paragraph(
            "2. A library may also serve residents of neighbouring municipalities under "
            "an agreement concluded between the municipalities concerned."
        )
    d.save(str(path))
    return path


def test_typed_article_titles_are_headings_and_points_are_lists(tmp_path: Path) -> None:
    doc = load_file(_statute(tmp_path / "act.docx"))
    heads = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert heads == [
        (0, "Notes on the amended Library Act"),
        (1, "1. Article 4. [Opening hours]"),
        (1, "2. Article 9. [Membership]"),
    ]
    under = [s for s in doc.sections if s.provenance.heading_path[-1:] == (heads[2][1],)]
    kinds = [(s.kind, s.text[:12]) for s in under if s.kind != "heading"]
    # The long numbered clauses stay paragraphs; the points under them are the lists.
    assert kinds == [
        ("paragraph", "1. A library"),
        ("list_item", "give a name;"),
        ("list_item", "give an addr"),
        ("list_item", "pay the fee."),
        ("paragraph", "2. A library"),
    ]


def test_typed_labels_nest_by_their_shape(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.add_paragraph("What to pack for the trip:")
    for text in ("1. Clothes", "a) a warm jacket", "b) boots", "2. Food", "a) bread", "3. Maps"):
        d.add_paragraph(text)
    d.save(str(tmp_path / "pack.docx"))
    doc = load_file(tmp_path / "pack.docx")
    items = [(s.level, s.marker, s.text) for s in doc.sections if s.kind == "list_item"]
    assert items == [
        (0, "1.", "Clothes"),
        (1, "a)", "a warm jacket"),
        (1, "b)", "boots"),
        (0, "2.", "Food"),
        (1, "a)", "bread"),
        (0, "3.", "Maps"),
    ]


def test_a_note_mark_typed_after_a_label_is_no_part_of_the_item(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.add_paragraph("The applicant shall give:")
    for label, mark, text in (("1)", "12", "a name;"), ("2)", "", "an address;")):
        p = d.add_paragraph(f"{label} ")
        if mark:
            p.add_run(mark).font.superscript = True
            p.add_run(" ")
        p.add_run(text)
    p = d.add_paragraph("The room measures 20 m")
    p.add_run("2").font.superscript = True
    d.save(str(tmp_path / "marks.docx"))
    doc = load_file(tmp_path / "marks.docx")
    assert [s.text for s in doc.sections if s.kind == "list_item"] == ["a name;", "an address;"]
    assert any(s.text == "The room measures 20 m2" for s in doc.sections)
