"""Hebrew and Arabic PDFs read in reading order, not letter by letter or mirrored."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from datasetkit.knowledge import load_file
from datasetkit.knowledge.pdf.bidi import display_to_reading, reading_text
from datasetkit.knowledge.pdf.geometry import Word

_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def _hebrew_pdf(path: Path, lines: list[str]) -> Path:
    """Each line set right-aligned as a reader sees it (the glyphs in display order)."""
    if not _FONT.exists():
        pytest.skip(f"no font with Hebrew letters at {_FONT} to build the test PDF")
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(TTFont("HebrewTest", str(_FONT)))
    page = canvas.Canvas(str(path))
    page.setFont("HebrewTest", 12)
    for i, line in enumerate(lines):
        page.drawRightString(500, 700 - 18 * i, display_to_reading(line))
    page.save()
    return path


def test_hebrew_lines_read_right_to_left_with_numbers_and_latin_in_order(tmp_path: Path) -> None:
    text = "העובדים זכאים ל-22 ימי חופשה בשנה לפי נוהל HR."
    path = _hebrew_pdf(tmp_path / "he.pdf", [text])
    doc = load_file(path, display="he.pdf")
    assert [s.text for s in doc.sections] == [text]
    assert doc.language == "he"


def test_vowel_points_stay_with_their_letters(tmp_path: Path) -> None:
    text = unicodedata.normalize("NFC", "שָׁלוֹם לְכֻלָּם")
    path = _hebrew_pdf(tmp_path / "points.pdf", [text])
    doc = load_file(path, display="points.pdf")
    assert [s.text for s in doc.sections] == [text]


def _word(text: str, x0: float, x1: float) -> Word:
    return Word(text, x0, x1, 0.0, 10.0, 10.0, False)


def test_a_word_stored_in_display_order_is_put_in_reading_order() -> None:
    # Some writers store each word's letters left to right as drawn: reversed, with
    # the digits inside kept as they read.
    assert display_to_reading("םילקש") == "שקלים"
    assert display_to_reading("22-ל") == "ל-22"


def test_words_of_a_line_read_right_to_left_and_latin_runs_left_to_right() -> None:
    # Left to right as on the page: "PDF Microsoft" then two Hebrew words.
    words = [
        _word("Microsoft", 0, 50),
        _word("PDF", 55, 75),
        _word("קובץ", 80, 100),
        _word("שלח", 105, 120),
    ]
    assert reading_text(words) == "שלח קובץ Microsoft PDF"


def _pointed_title_pdf(path: Path, word: str, size: float) -> Path:
    """A pointed word in large type drawn glyph by glyph, as some writers store a title:
    its letters right to left, then its points, each a text object of its own, so that
    PDFium hands out each point apart from its letter (after a line break)."""
    if not _FONT.exists():
        pytest.skip(f"no font with Hebrew letters at {_FONT} to build the test PDF")
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(TTFont("HebrewTest", str(_FONT)))
    page = canvas.Canvas(str(path))
    page.setFont("HebrewTest", size)
    x, width, points = 400.0, 0.0, []
    for ch in word:
        if unicodedata.combining(ch):
            points.append((x + width / 2 - size / 6, ch))  # centred under its letter
            continue
        width = pdfmetrics.stringWidth(ch, "HebrewTest", size)
        x -= width
        page.drawString(x, 600, ch)
    for px, ch in reversed(points):
        page.drawString(px, 600, ch)
    page.setFont("HebrewTest", 12)
    page.drawRightString(400, 500, display_to_reading("מדינה בעלת זהות"))
    page.save()
    return path


def test_points_handed_out_apart_from_their_letters_rejoin_them(tmp_path: Path) -> None:
    word = unicodedata.normalize("NFC", "יְהוֹדַיָה")
    path = _pointed_title_pdf(tmp_path / "title.pdf", word, 48)
    doc = load_file(path, display="title.pdf")
    assert doc.sections[0].text == word


_WORDS = ["המדינה", "תפעל", "למען", "כלל", "אזרחיה", "ותבטיח", "שוויון", "מלא", "בזכויות"]


def _filled(width: float, size: float, seed: int) -> str:
    """Hebrew words, as many as fit in ``width`` points."""
    from reportlab.pdfbase import pdfmetrics

    out: list[str] = []
    k = seed
    while True:
        word = _WORDS[k % len(_WORDS)]
        if pdfmetrics.stringWidth(" ".join([*out, word]), "HebrewTest", size) > width:
            return " ".join(out)
        out.append(word)
        k += 1


def _hebrew_list_pdf(path: Path) -> tuple[Path, list[str]]:
    """A paragraph, then three bulleted items set right to left: the bullet at the right
    margin, each item's text after it, the first two wrapping onto two more lines that
    start under the item's text. The items' texts in reading order are returned."""
    if not _FONT.exists():
        pytest.skip(f"no font with Hebrew letters at {_FONT} to build the test PDF")
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(TTFont("HebrewTest", str(_FONT)))
    page = canvas.Canvas(str(path))
    page.setFont("HebrewTest", 12)
    y = 700.0
    for k in range(4):  # body text: full lines from the right margin to the left one
        page.drawRightString(500, y, display_to_reading(_filled(400, 12, k)))
        y -= 16
    y -= 10
    items = []
    for k, wraps in enumerate((True, True, False)):
        # Lines end at different places on the left: the first line of an item may
        # end well short of the next ones, and a sentence may end at a line's end.
        lines = [_filled(330, 12, 3 * k + 1)]
        if wraps:
            lines += [_filled(392, 12, 3 * k + 2) + ".", _filled(385, 12, 3 * k)]
        page.drawRightString(500, y, "\u25cf")
        for line in lines:
            page.drawRightString(488, y, display_to_reading(line))
            y -= 16
        items.append(" ".join(lines))
    page.save()
    return path, items


def test_a_hebrew_list_item_keeps_the_line_it_wraps_onto(tmp_path: Path) -> None:
    path, items = _hebrew_list_pdf(tmp_path / "list.pdf")
    doc = load_file(path, display="list.pdf")
    found = [s.text for s in doc.sections if s.kind == "list_item"]
    assert [t.lstrip("\u25cf• ").strip() for t in found] == items


def _hebrew_lead_in_pdf(path: Path) -> tuple[Path, list[str]]:
    """A title, a body paragraph, a lead-in sentence in the sub-titles' type over three
    lines (the last ending short of the left margin), two sub-titles with a paragraph
    each. The sub-titles and the lead-in in reading order are returned."""
    if not _FONT.exists():
        pytest.skip(f"no font with Hebrew letters at {_FONT} to build the test PDF")
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(TTFont("HebrewTest", str(_FONT)))
    page = canvas.Canvas(str(path))
    y = 720.0

    def lines(texts: list[str], size: float, gap: float) -> None:
        nonlocal y
        page.setFont("HebrewTest", size)
        for text in texts:
            page.drawRightString(500, y, display_to_reading(text))
            y -= gap
        y -= gap

    def paragraph(seed: int) -> None:
        lines([_filled(400, 11, seed + k) for k in range(3)] + ["שוויון מלא."], 11, 15)

    lines(["מבנה המדינה"], 20, 28)
    paragraph(0)
    lead = [_filled(400, 14, 1), _filled(400, 14, 4), "בזכויות מלא:"]
    lines(lead, 14, 19)
    titles = ["איסור על מונופולים", "זכויות עובדים"]
    for k, title in enumerate(titles):
        lines([title], 14, 19)
        paragraph(k + 2)
    page.save()
    return path, [" ".join(lead), *titles]


def test_a_right_to_left_lead_in_ending_short_on_the_left_stays_one_sentence(
    tmp_path: Path,
) -> None:
    path, (lead, *titles) = _hebrew_lead_in_pdf(tmp_path / "lead.pdf")
    doc = load_file(path, display="lead.pdf")
    assert [s.text for s in doc.sections if s.kind == "heading"][-2:] == titles
    assert lead in [s.text for s in doc.sections]
    # Each body paragraph, its last line short on the left too, stays whole.
    paragraphs = [s.text for s in doc.sections if s.kind == "paragraph" and s.text != lead]
    assert len(paragraphs) == 3
    assert all(p.endswith("שוויון מלא.") for p in paragraphs)


def _ligature_pdf(path: Path, words: list[list[str]], size: float = 14.0) -> Path:
    """One line of Arabic words drawn glyph by glyph from the right, in reading order;
    a glyph may stand for two letters, as a lam-alef ligature does. Each glyph is a
    Helvetica digit or letter of one width, mapped to its letters by a ToUnicode map."""
    glyphs = sorted({g for w in words for g in w})
    codes = {g: ord("0123456789abdeghnopqu"[k]) for k, g in enumerate(glyphs)}
    pairs = [f"<{c:02X}> <{''.join(f'{ord(ch):04X}' for ch in g)}>" for g, c in codes.items()]
    cmap = "\n".join(
        [
            "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
            "/CMapName /Adhoc def /CMapType 2 def",
            "1 begincodespacerange <00> <FF> endcodespacerange",
            f"{len(pairs)} beginbfchar",
            *pairs,
            "endbfchar endcmap CMapName currentdict /CMap defineresource pop end end",
        ]
    ).encode()
    ops, x = ["BT", f"/F1 {size} Tf"], 500.0
    for word in words:
        for g in word:
            x -= 0.556 * size  # the width of Helvetica's digits and most letters
            ops.append(f"1 0 0 1 {x:.2f} 700 Tm <{codes[g]:02X}> Tj")
        x -= 0.556 * size  # the space between words
    content = "\n".join([*ops, "ET"]).encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        b"/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content),
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(cmap), cmap),
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (n, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % off for off in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    path.write_bytes(bytes(out))
    return path


def test_a_lam_alef_ligature_mapped_as_drawn_reads_lam_first(tmp_path: Path) -> None:
    # "الإنتاجية" and "المشكلات" each hold a lam-alef drawn as one glyph; its two letters
    # come out of the page alef (the left one) first, in one box: read as they come, the
    # words misspell ("اإلنتاجية") or break apart.
    productivity = ["ا", "\u0644\u0625", "ن", "ت", "ا", "ج", "ي", "ة"]
    problems = ["ا", "ل", "م", "ش", "ك", "\u0644\u0627", "ت"]
    path = _ligature_pdf(tmp_path / "ar.pdf", [productivity, problems])
    assert [s.text for s in load_file(path).sections] == ["الإنتاجية المشكلات"]
