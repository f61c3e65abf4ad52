"""A formula's signs set in a symbol font without a character map are read as
unreadable characters, not as the letters their codes have in plain text; a text font
flagged symbolic (as some writers flag every font) is read as it is."""

from __future__ import annotations

from pathlib import Path

from datasetkit.generate.gate.damaged import damaged
from datasetkit.knowledge import load_file
from tests.helpers.knowledge_fixtures import pdf_file

_BODY = (
    "We model the conditional distribution of the outcome over time in this study.",
    "The model cannot be rejected at the usual significance level for any year.",
    "Every year from 1900 to 1960 is tested against the model on its own data.",
)


def _paper(path: Path, symbol_font: bytes) -> Path:
    """A page of body text whose second line holds "p(k|t)" with the bar drawn by
    ``symbol_font`` (its code is the letter j, as a symbol font's codes are)."""
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog, pages = add(b""), add(b"")
    body = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    descriptor = add(
        b"<< /Type /FontDescriptor /FontName /%s /Flags 4 /FontBBox [0 -200 1000 800] "
        b"/ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 >>" % symbol_font
    )
    widths = b" ".join([b"500"] * 95)
    symbol = add(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /%s /FirstChar 32 /LastChar 126 "
        b"/Widths [%s] /FontDescriptor %d 0 R >>" % (symbol_font, widths, descriptor)
    )
    ops = [b"BT /F1 10 Tf 1 0 0 1 72 700 Tm (%s) Tj ET" % _BODY[0].encode()]
    ops.append(
        b"BT /F1 10 Tf 1 0 0 1 72 686 Tm (We estimate the distribution p\\(k) Tj "
        b"/F2 10 Tf (j) Tj /F1 10 Tf (t\\) of the outcome from the data.) Tj ET"
    )
    for n, line in enumerate(_BODY[1:]):
        ops.append(b"BT /F1 10 Tf 1 0 0 1 72 %d Tm (%s) Tj ET" % (672 - 14 * n, line.encode()))
    content = b"\n".join(ops)
    stream = add(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
    page = add(
        b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
        b"/Resources << /Font << /F1 %d 0 R /F2 %d 0 R >> >> >>" % (pages, stream, body, symbol)
    )
    objects[pages - 1] = b"<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % page
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % pages
    path.write_bytes(pdf_file(objects, catalog))
    return path


def _text(path: Path) -> str:
    return " ".join(s.text for s in load_file(path).sections)


def test_a_lone_sign_of_a_symbol_font_is_unreadable_not_a_letter(tmp_path: Path) -> None:
    text = _text(_paper(tmp_path / "paper.pdf", b"MathPiOne"))
    assert "p(k\ufffdt)" in text, text
    assert "p(kjt)" not in text
    sentence = next(s for s in text.split(". ") if "p(k" in s)
    assert damaged(sentence)  # never asked


def test_a_text_face_flagged_symbolic_is_read_as_it_is(tmp_path: Path) -> None:
    text = _text(_paper(tmp_path / "paper.pdf", b"ABCDEF+Calibri-Bold"))
    assert "p(kjt)" in text, text
