"""Titles a Word document sets apart in body type by emphasis other than bold (an
underline, capitals by format) are headings when the document does so as a pattern;
and titles set alike rank alike whether or not they are numbered."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file

_TEXT = (
    "The office answers every request within two working days and keeps a record "
    "of each reply in the shared folder."
)


def _underlined(path: Path, titles: tuple[str, ...], caps: bool = False) -> Path:
    """Each title a 12 pt paragraph underlined (or shown in capitals by its format) over
    body text and a short list, all in 12 pt plain; a 'Label: value' line underlined."""
    import docx
    from docx.shared import Pt

    d = docx.Document()
    d.add_paragraph().add_run(_TEXT).font.size = Pt(12)
    for title in titles:
        run = d.add_paragraph().add_run(title)
        run.font.size = Pt(12)
        if caps:
            run.font.all_caps = True
        else:
            run.underline = True
        d.add_paragraph().add_run(_TEXT).font.size = Pt(12)
        for item in ("Answer the telephone", "Check the post"):
            d.add_paragraph(item, style="List Bullet").runs[0].font.size = Pt(12)
    label = d.add_paragraph().add_run("Room: 2.14")
    label.underline, label.font.size = True, Pt(12)
    d.add_paragraph().add_run(_TEXT).font.size = Pt(12)
    plain = d.add_paragraph().add_run("Opening hours")
    plain.font.size = Pt(12)
    d.add_paragraph().add_run(_TEXT).font.size = Pt(12)
    d.save(str(path))
    return path


def _headings(path: Path) -> list[str]:
    return [s.text for s in load_file(path).sections if s.kind == "heading"]


def test_underlined_titles_in_body_type_are_headings_as_a_pattern(tmp_path: Path) -> None:
    path = _underlined(tmp_path / "office.docx", ("Front desk", "Post room", "Accounts"))
    assert _headings(path) == ["Front desk", "Post room", "Accounts"]
    doc = load_file(path)
    items = [s for s in doc.sections if s.kind == "list_item"]
    assert items and all(s.provenance.heading_path for s in items)


def test_titles_in_capitals_by_format_are_headings(tmp_path: Path) -> None:
    path = _underlined(tmp_path / "caps.docx", ("Front desk", "Post room"), caps=True)
    assert _headings(path) == ["Front desk", "Post room"]


def test_one_underlined_line_is_emphasis_not_a_title(tmp_path: Path) -> None:
    assert _headings(_underlined(tmp_path / "one.docx", ("Front desk",))) == []


_CODE = (
    "Why this code exists",
    "What happens when it is broken",
    "1 Be Kind",
    "1.1 In meetings",
    "2 Be Honest",
    "3 Be Safe",
)


def _code(path: Path, titles: tuple[str, ...] = _CODE) -> Path:
    """Bold 11 pt section titles (by default two unnumbered, then numbered ones such as
    "1 Be Kind" with a "1.1" sub-section in the same bold), each over body text."""
    import docx
    from docx.shared import Pt

    d = docx.Document()

    def line(text: str, bold: bool) -> None:
        run = d.add_paragraph().add_run(text)
        run.bold, run.font.size = bold, Pt(11)

    top = d.add_paragraph().add_run("Code of Conduct")
    top.bold, top.font.size = True, Pt(18)
    for title in titles:
        line(title, True)
        line(_TEXT, False)
    d.save(str(path))
    return path


def test_numbered_titles_set_like_unnumbered_ones_rank_with_them(tmp_path: Path) -> None:
    doc = load_file(_code(tmp_path / "code.docx"))
    outline = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert outline == [
        (0, "Code of Conduct"),
        (1, "Why this code exists"),
        (1, "What happens when it is broken"),
        (1, "1 Be Kind"),
        (2, "1.1 In meetings"),
        (1, "2 Be Honest"),
        (1, "3 Be Safe"),
    ]


def test_unnumbered_titles_among_numbered_ones_stay_under_them(tmp_path: Path) -> None:
    titles = ("1 Scope", "Purpose", "Audience", "2 Terms", "Sources", "3 Duties")
    doc = load_file(_code(tmp_path / "spec.docx", titles))
    outline = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert outline == [
        (0, "Code of Conduct"),
        (1, "1 Scope"),
        (2, "Purpose"),
        (2, "Audience"),
        (1, "2 Terms"),
        (2, "Sources"),
        (1, "3 Duties"),
    ]
