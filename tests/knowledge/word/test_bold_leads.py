"""A bold first line, a line break and body text in one Word paragraph (how generated
website policies set their sections) is a heading over its text; a paragraph that is
bold throughout, or whose bold line is not followed by body text, stays whole."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file

_BODY = (
    "Wir speichern diese Angaben nur so lange, wie es für die Bearbeitung Ihrer "
    "Anfrage nötig ist, und geben sie nicht an Dritte weiter."
)


def _policy(path: Path, titles: tuple[str, ...]) -> Path:
    """Each section one paragraph: a bold title, a line break, plain body text; the
    second section also runs a second bold title into the same paragraph."""
    import docx
    from docx.enum.text import WD_BREAK

    d = docx.Document()
    d.add_paragraph("Wir nehmen den Schutz Ihrer Daten ernst. " + _BODY)
    for n, title in enumerate(titles):
        p = d.add_paragraph()
        p.add_run(title).bold = True
        p.runs[-1].add_break(WD_BREAK.LINE)
        p.add_run(_BODY)
        if n == 1:
            p.runs[-1].add_break(WD_BREAK.LINE)
            p.add_run("Geschützte Bereiche").bold = True
            p.runs[-1].add_break(WD_BREAK.LINE)
            p.add_run(_BODY)
    whole = d.add_paragraph()
    whole.add_run("Alles fett").bold = True
    whole.runs[-1].add_break(WD_BREAK.LINE)
    whole.add_run("und auch diese Zeile").bold = True
    d.save(str(path))
    return path


def test_bold_first_lines_over_body_text_are_headings(tmp_path: Path) -> None:
    titles = ("Server-Logfiles", "Kontaktformular", "Ihre Rechte")
    doc = load_file(_policy(tmp_path / "datenschutz.docx", titles))
    headings = [s.text for s in doc.sections if s.kind == "heading"]
    assert headings == ["Server-Logfiles", "Kontaktformular", "Geschützte Bereiche", "Ihre Rechte"]
    under = [s for s in doc.sections if s.kind == "paragraph" and s.text == _BODY]
    assert len(under) == 4
    assert under[0].provenance.heading_path[-1] == "Server-Logfiles"
    assert under[2].provenance.heading_path[-1] == "Geschützte Bereiche"


def test_a_paragraph_bold_throughout_stays_whole(tmp_path: Path) -> None:
    doc = load_file(_policy(tmp_path / "datenschutz.docx", ("Cookies", "Hosting")))
    texts = [s.text for s in doc.sections]
    assert "Alles fett\nund auch diese Zeile" in texts or any(
        "Alles fett" in t and "und auch diese Zeile" in t for t in texts
    )


def _numbered_sections(path: Path) -> Path:
    """Every title bold in body type: numbered sections, each opening straight into its
    first unnumbered sub-section, then more sub-sections over text."""
    import docx

    d = docx.Document()
    d.add_paragraph().add_run("Datenschutzerklärung").bold = True
    for n, (title, subs) in enumerate(
        (
            ("Datenschutz auf einen Blick", ("Allgemeine Hinweise", "Datenerfassung")),
            ("Hosting", ("Externes Hosting", "Auftragsverarbeitung")),
            ("Pflichtinformationen", ("Speicherdauer", "Widerruf")),
        ),
        1,
    ):
        d.add_paragraph().add_run(f"{n}. {title}").bold = True
        for sub in subs:
            d.add_paragraph().add_run(sub).bold = True
            d.add_paragraph(_BODY)
            d.add_paragraph(_BODY)
    d.save(str(path))
    return path


def test_sub_sections_under_a_numbered_title_rank_alike(tmp_path: Path) -> None:
    doc = load_file(_numbered_sections(tmp_path / "datenschutz.docx"))
    levels = {s.text: s.level for s in doc.sections if s.kind == "heading"}
    assert levels["Allgemeine Hinweise"] == levels["Datenerfassung"]
    assert levels["Externes Hosting"] == levels["Auftragsverarbeitung"]
    assert levels["Allgemeine Hinweise"] > levels["1. Datenschutz auf einen Blick"]


def test_a_bold_lead_in_stays_with_its_text(tmp_path: Path) -> None:
    """A bold line that ends in a colon introduces the text after it: no heading, and
    the paragraph is read whole."""
    import docx
    from docx.enum.text import WD_BREAK

    d = docx.Document()
    for _ in range(2):
        p = d.add_paragraph()
        p.add_run("Bitte beachten Sie:").bold = True
        p.runs[-1].add_break(WD_BREAK.LINE)
        p.add_run(_BODY)
    path = tmp_path / "hinweise.docx"
    d.save(str(path))
    doc = load_file(path)
    assert not [s for s in doc.sections if s.kind == "heading"]
    assert [s.text for s in doc.sections] == [f"Bitte beachten Sie:\n{_BODY}"] * 2
