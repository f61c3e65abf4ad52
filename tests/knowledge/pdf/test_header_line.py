"""A table whose header is set between rules above a grid of boxed records: the grid
finder starts at the first record; the line of column names above it is the header."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file

_NAMES = ["Source", "Kind", "Tokens", "Words", "Bytes"]
_ROWS = [
    ("Crawl Baseline", "Web pages", "3.71T", "3.32T", "21.32T"),
    ("Code Archive", "Code", "83.0B", "70.0B", "459B"),
    ("Paper Library", "Academic papers", "58.6B", "51.1B", "413B"),
    ("Math Forum", "Math web pages", "12.2B", "11.1B", "47.2B"),
    ("Encyclopedia", "Reference", "3.7B", "3.16B", "16.2B"),
]
_XS = [80, 200, 320, 390, 460, 530]


def _pdf(path: Path, above: str | None, header: bool = True) -> Path:
    """A rule, the header line (or ``above`` in its place), a rule, a shaded band with a
    group label, then the records in boxed cells and a closing rule."""
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(path), pagesize=LETTER)
    c.setFont("Helvetica-Bold", 14)
    c.drawString(72, 740, "Training data")
    c.setFont("Helvetica", 10)
    c.drawString(72, 720, "The mix used for this stage is shown below, by source.")
    y = 690
    c.line(_XS[0], y + 14, _XS[-1], y + 14)
    if header:
        c.setFont("Helvetica-Bold", 9)
        for x, name in zip(_XS, _NAMES, strict=False):
            c.drawString(x + 4, y, name)
    if above is not None:
        c.setFont("Helvetica", 9)
        c.drawString(_XS[0] + 4, y, above)
    c.line(_XS[0], y - 4, _XS[-1], y - 4)
    c.setFillGray(0.9)
    c.rect(_XS[0], y - 18, _XS[-1] - _XS[0], 14, stroke=0, fill=1)
    c.setFillGray(0)
    c.drawCentredString((_XS[0] + _XS[-1]) / 2, y - 14, "Pretraining Mix 2024")
    c.setFont("Helvetica", 9)
    y -= 32
    for row in _ROWS:
        for x0, x1, text in zip(_XS, _XS[1:], row, strict=False):
            c.setStrokeGray(1)
            c.rect(x0, y - 4, x1 - x0, 14)
            c.drawString(x0 + 4, y, text)
        y -= 14
    c.setStrokeGray(0)
    c.line(_XS[0], y + 10, _XS[-1], y + 10)
    c.showPage()
    c.save()
    return path


def _records(path: Path) -> list[dict[str, str]]:
    doc = load_file(path, display=path.name)
    return [s.record for s in doc.sections if s.kind == "table_row" and s.record]


def test_the_line_of_column_names_above_the_grid_is_its_header(tmp_path: Path) -> None:
    rows = _records(_pdf(tmp_path / "mix.pdf", None))
    assert list(rows[0]) == _NAMES
    assert list(rows[0].values()) == list(_ROWS[0])
    assert len(rows) == len(_ROWS)


def test_the_band_between_header_and_records_stays_in_the_text(tmp_path: Path) -> None:
    doc = load_file(_pdf(tmp_path / "mix.pdf", None), display="mix.pdf")
    assert any(s.text == "Pretraining Mix 2024" for s in doc.sections if s.kind == "paragraph")


def test_a_sentence_above_the_records_is_no_header(tmp_path: Path) -> None:
    above = "Figures are given for the full mix and rounded to three places."
    doc = load_file(_pdf(tmp_path / "mix.pdf", above, header=False), display="mix.pdf")
    rows = [s.record for s in doc.sections if s.kind == "table_row" and s.record]
    assert not rows or list(rows[0]) != [above]
    assert any(above in s.text for s in doc.sections if s.kind == "paragraph")
