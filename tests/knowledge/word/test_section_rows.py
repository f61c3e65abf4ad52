"""Layout tables titled in parts: a form's section titles set as bold rows across the
whole table become headings of the rows under them; a table of figures whose bold rows
group its records stays one table."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file


def _table(path: Path, rows: list[tuple[str, ...]], bold_titles: bool = True) -> Path:
    """A document with a line of text and one two-column table; a row of one string is
    a row whose one cell is merged across the table."""
    import docx

    d = docx.Document()
    d.add_paragraph("Bitte füllen Sie alle Felder aus und senden Sie das Formular zurück.")
    table = d.add_table(rows=0, cols=2)
    for row in rows:
        cells = table.add_row().cells
        if len(row) == 1:
            merged = cells[0].merge(cells[1])
            merged.paragraphs[0].add_run(row[0]).bold = bold_titles
        else:
            cells[0].text, cells[1].text = row
    d.add_paragraph("Ort, Datum und Unterschrift der antragstellenden Person.")
    d.save(str(path))
    return path


_FORM = [
    ("1. Angaben zur Person",),
    ("Name", "Müller"),
    ("Geburtsdatum", "01.02.1980"),
    ("2. Anschrift",),
    ("Straße", "Hauptstraße 5"),
    ("Ort", "Berlin"),
    ("3. Angaben zum Vorhaben",),
    ("Titel", "Neue Software"),
]


def test_bold_rows_across_a_form_title_its_parts(tmp_path: Path) -> None:
    doc = load_file(_table(tmp_path / "form.docx", _FORM))
    headings = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert headings == [
        (1, "1. Angaben zur Person"),
        (1, "2. Anschrift"),
        (1, "3. Angaben zum Vorhaben"),
    ]
    rows = [s for s in doc.sections if s.kind == "table_row"]
    assert not any("Anschrift" in s.text for s in rows)
    street = next(s for s in rows if "Hauptstraße" in s.text)
    assert street.provenance.heading_path == ("2. Anschrift",)
    assert len({s.provenance.table for s in rows}) == 2
    last = next(s for s in doc.sections if "Neue Software" in s.text)
    assert last.provenance.heading_path == ("3. Angaben zum Vorhaben",)


def test_rows_in_body_type_or_a_table_opening_with_its_header_stay_rows(tmp_path: Path) -> None:
    plain = load_file(_table(tmp_path / "plain.docx", _FORM, bold_titles=False))
    assert not [s for s in plain.sections if s.kind == "heading"]
    figures = [
        ("Region", "Revenue"),
        ("Europe",),
        ("Germany", "120"),
        ("France", "95"),
        ("Asia",),
        ("Japan", "80"),
    ]
    doc = load_file(_table(tmp_path / "figures.docx", figures))
    assert not [s for s in doc.sections if s.kind == "heading"]
    rows = [s for s in doc.sections if s.kind == "table_row"]
    assert len({s.provenance.table for s in rows}) == 1
    assert any(s.record and s.record.get("Revenue") == "80" for s in rows)


def test_a_table_of_figures_titled_and_grouped_in_bold_rows_stays_one_table(
    tmp_path: Path,
) -> None:
    """An estimate opens with its title across the table, then numbered records under
    bold group rows: a table of figures, not a form in parts."""
    estimate = [
        ("ESTIMATE NO. 1",),
        ("Works", "Cost"),
        ("Dismantling",),
        ("1", "1200"),
        ("2", "800"),
        ("Installation",),
        ("3", "4500"),
    ]
    doc = load_file(_table(tmp_path / "estimate.docx", estimate))
    assert not [s for s in doc.sections if s.kind == "heading"]
    rows = [s for s in doc.sections if s.kind == "table_row"]
    assert len({s.provenance.table for s in rows}) == 1
