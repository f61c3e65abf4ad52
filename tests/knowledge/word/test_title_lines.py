"""A centred bold title typed over two paragraphs (a quotation left open) is one
heading; a bold signature line whose name sits at a tab stop is never a heading."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file

_TEXT = (
    "Der Auftragnehmer erbringt die Leistungen nach den Bestimmungen dieses Vertrags "
    "und den anerkannten Regeln der Technik."
)


def _contract(path: Path) -> Path:
    """Bold centred section titles over body text, one of them typed over two lines,
    and after each part a bold signature: the role, then the office and the signer's
    name at a tab stop."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH

    d = docx.Document()

    def bold(text: str, centred: bool = True) -> None:
        p = d.add_paragraph()
        p.add_run(text).bold = True
        if centred:
            p.alignment = WD_ALIGN_PARAGRAPH.CENTER

    def signature() -> None:
        bold("Leiterin der Abteilung", centred=False)
        bold("Amt für Informationstechnik\t\t\tA. Schmidt", centred=False)
        d.add_paragraph("Anlage zum Vertrag vom 1. März 2024")

    bold("Gegenstand des Vertrags")
    d.add_paragraph(_TEXT)
    signature()
    bold("Kartenebene „Objekte der sozialen")
    bold("Infrastruktur der Stadt“")
    d.add_paragraph(_TEXT)
    signature()
    bold("Abnahme der Leistungen")
    d.add_paragraph(_TEXT)
    signature()
    d.save(str(path))
    return path


def test_a_title_over_two_centred_lines_is_one_and_signatures_are_no_titles(
    tmp_path: Path,
) -> None:
    doc = load_file(_contract(tmp_path / "vertrag.docx"))
    headings = [s.text for s in doc.sections if s.kind == "heading"]
    assert headings == [
        "Gegenstand des Vertrags",
        "Kartenebene „Objekte der sozialen Infrastruktur der Stadt“",
        "Abnahme der Leistungen",
    ]
    assert not any("Schmidt" in s.text for s in doc.sections if s.kind == "heading")


def _digest(path: Path, size: float) -> Path:
    """Press items, each a bold paragraph in ``size`` pt broken into a rubric, a date and
    a headline, over body text in 12 pt."""
    import docx
    from docx.shared import Pt

    d = docx.Document()
    for rubric, headline in (
        ("Wirtschaft", "Stadtwerke erhalten ein Rating"),
        ("Politik", "Neue Regeln für die Wasserversorgung"),
    ):
        p = d.add_paragraph()
        for n, line in enumerate((rubric, "12.04.2006", headline)):
            run = p.add_run(line)
            run.bold, run.font.size = True, Pt(size)
            if n < 2:
                run.add_break()
        for _ in range(2):
            d.add_paragraph().add_run(_TEXT).font.size = Pt(12)
    d.save(str(path))
    return path


def test_a_larger_bold_paragraph_broken_into_short_lines_is_one_title(tmp_path: Path) -> None:
    doc = load_file(_digest(tmp_path / "digest.docx", 14))
    headings = [s.text for s in doc.sections if s.kind == "heading"]
    assert headings == [
        "Wirtschaft 12.04.2006 Stadtwerke erhalten ein Rating",
        "Politik 12.04.2006 Neue Regeln für die Wasserversorgung",
    ]
    same = load_file(_digest(tmp_path / "same.docx", 12))
    assert not [s for s in same.sections if s.kind == "heading"]
