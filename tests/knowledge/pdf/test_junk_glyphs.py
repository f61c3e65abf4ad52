"""Picture glyphs (emoji, icons) a broken character map reads as CJK or Hangul letters:
left out of a Latin page's text, while real CJK text stays."""

from __future__ import annotations

import io
import re
from pathlib import Path

from pypdf import PdfReader, PdfWriter
from pypdf.generic import DecodedStreamObject, NameObject
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from datasetkit.knowledge import load_file

_FONTS = Path("/usr/share/fonts/truetype/dejavu")
_CJK = re.compile("[\u1100-\u11ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def _register() -> None:
    pdfmetrics.registerFont(TTFont("JunkBody", str(_FONTS / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont("JunkPict", str(_FONTS / "DejaVuSerif-Bold.ttf")))


def _remap(data: bytes, path: Path, start: int, name: str | None) -> Path:
    """Give the picture font (the serif face) a character map that sends every code but
    the space to consecutive characters from ``start`` (a glyph's number read as a
    character), and the base name ``name``."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    cmap = (
        "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /X def "
        "1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfrange "
        f"<21> <FF> <{start:04X}> endbfrange endcmap CMapName currentdict /CMap "
        "defineresource pop end end"
    )
    for page in writer.pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            if "Serif" in str(font["/BaseFont"]):
                stream = DecodedStreamObject()
                stream.set_data(cmap.encode())
                font[NameObject("/ToUnicode")] = writer._add_object(stream)
                if name:
                    font[NameObject("/BaseFont")] = NameObject("/" + name)
    with path.open("wb") as out:
        writer.write(out)
    return path


_SECTIONS = [
    ("Health Insurance", "All full-time employees are covered from their first day of work."),
    ("Dental Care", "Two cleanings per year are paid in full by the plan."),
    (
        "Mental Health & Counseling",
        "Up to eight free sessions with a licensed counselor each year.",
    ),
]


def _benefits(path: Path, start: int, name: str | None = None, layers: int = 4) -> Path:
    """A Latin page whose titles each begin with a picture drawn as ``layers`` glyphs at
    one place (the layers of a colour emoji)."""
    _register()
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    y = 800.0
    c.setFont("JunkBody", 18)
    c.drawString(60, y, "Employee Benefits Guide 2025")
    y -= 40
    for title, body in _SECTIONS:
        c.setFont("JunkPict", 14)
        for k in range(layers):
            c.drawString(60, y, "ABCDEFGH"[k])
        c.setFont("JunkBody", 14)
        c.drawString(80, y, title)
        y -= 22
        c.setFont("JunkBody", 11)
        c.drawString(60, y, body)
        y -= 34
    c.save()
    return _remap(buf.getvalue(), path, start, name)


def _texts(path: Path) -> list[str]:
    return [s.text for s in load_file(path).sections]


def test_ideographs_a_broken_map_reads_before_titles_are_left_out(tmp_path: Path) -> None:
    texts = _texts(_benefits(tmp_path / "benefits.pdf", 0x8B11))
    assert not [t for t in texts if _CJK.search(t)], texts
    assert "Health Insurance" in texts and "Mental Health & Counseling" in texts, texts


def test_hangul_from_an_emoji_font_is_left_out(tmp_path: Path) -> None:
    texts = _texts(_benefits(tmp_path / "benefits.pdf", 0xD6D9, "ABCDEF+SegoeUIEmoji", layers=1))
    assert not [t for t in texts if _CJK.search(t)], texts
    assert "Dental Care" in texts, texts


def test_a_name_set_in_a_cjk_face_stays(tmp_path: Path) -> None:
    # The same short run, drawn by a face made for Chinese text: a name, kept.
    texts = _texts(_benefits(tmp_path / "benefits.pdf", 0x738B, "ABCDEF+SimSun", layers=3))
    assert [t for t in texts if _CJK.search(t)], texts


def test_a_page_written_in_chinese_stays(tmp_path: Path) -> None:
    _register()
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont("JunkPict", 14)
    for row in range(6):
        c.drawString(60, 780 - 24 * row, "ABCDEFGHIJKLMNOP")
    c.setFont("JunkBody", 11)
    c.drawString(60, 600, "Page 1")
    c.save()
    texts = _texts(_remap(buf.getvalue(), tmp_path / "zh.pdf", 0x4E00, "ABCDEF+Kaiti"))
    texts += _texts(_remap(buf.getvalue(), tmp_path / "zh2.pdf", 0x4E00, None))
    assert sum(len(_CJK.findall(t)) for t in texts) >= 2 * 6 * 16, texts


def test_signs_of_a_symbol_font_are_not_touched(tmp_path: Path) -> None:
    # Only letters of another script are junk: a price's euro sign and a degree stay.
    from tests.helpers.pdf_pages import write_runs

    lines = [
        [("Room Rates", "Helvetica-Bold", 16.0)],
        None,
        [("A single room costs 80 € per night; the pool is kept at 28 °C.", "Helvetica")],
    ]
    texts = _texts(write_runs(tmp_path / "rates.pdf", lines))
    assert any("80 €" in t and "28 °C" in t for t in texts), texts


def test_a_korean_sentence_on_a_latin_page_stays(tmp_path: Path) -> None:
    # Words of a sentence are apart by spaces only: one long run, text, not a picture.
    _register()
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    y = 800.0
    for title, body in _SECTIONS * 2:
        c.setFont("JunkBody", 14)
        c.drawString(60, y, title)
        c.setFont("JunkBody", 11)
        c.drawString(60, y - 18, body)
        y -= 50
    c.setFont("JunkPict", 11)
    c.drawString(60, y, "ABC DEFG HI JKLM NOP")
    c.save()
    texts = _texts(_remap(buf.getvalue(), tmp_path / "ko.pdf", 0xAC00, None))
    assert sum(len(_CJK.findall(t)) for t in texts) == 16, texts
