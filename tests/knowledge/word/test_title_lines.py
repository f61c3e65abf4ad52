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
