"""Financial statements set as aligned text (no rules) or as shaded bands: a header of
several lines (a period label over the dates it groups, each date on two lines), labels
of groups of rows ("Operating expenses:") between the records, "$" set apart from its
amount; and a sign named by a glyph name PDFium does not know."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file

_COLUMNS = (330, 400, 470, 540)  # right edges of the four amount columns
_ROWS = [
    ("Net sales:", None),
    ("  Products", ("$", "67,184", "$", "70,958", "$", "298,085", "$", "316,199")),
    ("  Services", ("", "22,314", "", "19,188", "", "85,200", "", "78,129")),
    ("    Total net sales", ("", "89,498", "", "90,146", "", "383,285", "", "394,328")),
    ("Operating expenses:", None),
    ("  Research and development", ("", "7,307", "", "6,761", "", "29,915", "", "26,251")),
    (
        "  Selling, general and administrative",
        ("", "6,151", "", "6,440", "", "24,932", "", "25,094"),
    ),
    ("    Total operating expenses", ("", "13,458", "", "13,201", "", "54,847", "", "51,345")),
    ("Other income/(expense), net", ("", "29", "", "(237)", "", "(565)", "", "(334)")),
    ("Net income", ("$", "22,956", "$", "20,721", "$", "96,995", "$", "99,803")),
]


def _statement(path: Path, shaded: bool = False) -> Path:
    """An income statement: title, unit line, a period label over each pair of dates,
    each date on two lines ("September 30," over "2023"), then the rows, the labels
    of groups of rows on lines of their own. ``shaded``: every other row on a grey band
    (which the grid finder reads as the table's cells), else no graphics at all."""
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont("Helvetica-Bold", 10)
    canv.drawCentredString(306, 740, "Northwind Traders Inc.")
    canv.drawCentredString(306, 726, "CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS")
    canv.setFont("Helvetica", 9)
    canv.drawCentredString(306, 714, "(In millions, except per-share amounts)")
    canv.setFont("Helvetica-Bold", 8)
    canv.drawCentredString(331, 690, "Three Months Ended")
    canv.drawCentredString(471, 690, "Twelve Months Ended")
    for right, (date, year) in zip(
        _COLUMNS, [("September 30,", "2023"), ("September 24,", "2022")] * 2, strict=True
    ):
        canv.drawCentredString(right - 24, 676, date)
        canv.drawCentredString(right - 24, 667, year)
    y = 650
    for k, (label, cells) in enumerate(_ROWS):
        if shaded and k % 2 == 0:
            canv.setFillGray(0.93)
            canv.rect(60, y - 4, 490, 14, stroke=0, fill=1)
            canv.setFillGray(0)
        canv.setFont("Helvetica", 9)
        canv.drawString(64 + 5 * (len(label) - len(label.lstrip())), y, label.strip())
        for n, right in enumerate(_COLUMNS):
            if cells is None:
                continue
            sign, amount = cells[2 * n], cells[2 * n + 1]
            if sign:
                canv.drawString(right - 56, y, sign)
            canv.drawRightString(right - (0 if amount.endswith(")") else 3), y, amount)
        y -= 14
    canv.showPage()
    canv.save()
    return path


_PERIODS = [
    "Three Months Ended September 30, 2023",
    "Three Months Ended September 24, 2022",
    "Twelve Months Ended September 30, 2023",
    "Twelve Months Ended September 24, 2022",
]


def _records(path: Path) -> list[dict[str, str]]:
    doc = load_file(path, display=path.name)
    return [s.record for s in doc.sections if s.kind == "table_row" and s.record]


def test_an_unruled_statement_is_one_table_named_by_its_periods(tmp_path: Path) -> None:
    rows = _records(_statement(tmp_path / "statement.pdf"))
    assert [list(r)[1:] for r in rows[:1]] == [_PERIODS]
    by_label = {next(iter(r.values())): r for r in rows}
    # the labels of groups of rows are rows of the one table, not text between tables
    assert "Net sales:" in by_label and "Operating expenses:" in by_label
    assert len({tuple(r) for r in rows}) == 1
    total = by_label["Total net sales"]
    assert total[_PERIODS[0]] == "89,498" and total[_PERIODS[3]] == "394,328"
    # "$" joins its amount, whichever column the sign stood nearer
    assert by_label["Products"][_PERIODS[1]] == "$70,958"
    assert by_label["Net income"][_PERIODS[2]] == "$96,995"
    assert by_label["Other income/(expense), net"][_PERIODS[1]] == "(237)"


def test_a_shaded_statement_takes_the_header_lines_above_its_bands(tmp_path: Path) -> None:
    rows = _records(_statement(tmp_path / "shaded.pdf", shaded=True))
    assert list(rows[0])[1:] == _PERIODS
    labels = [next(iter(r.values())) for r in rows]
    assert labels[0] == "Net sales:"
    assert "Total operating expenses" in labels
    net = next(r for r in rows if next(iter(r.values())) == "Net income")
    assert net[_PERIODS[0]].replace(" ", "") == "$22,956"


# A character map that maps no code (as the writer of such files leaves it).
_EMPTY_CMAP = (
    b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Adobe-Identity-UCS"
    b" def /CMapType 2 def 1 begincodespacerange <00> <FF> endcodespacerange endcmap"
    b" CMapName currentdict /CMap defineresource pop end end"
)


def _renamed_glyph(pfb: bytes, old: bytes, new: bytes) -> bytes:
    """A Type 1 font (PFB segments) with one glyph renamed in its encrypted part."""
    parts, at = [], 0
    while pfb[at + 1] != 3:
        kind, size = pfb[at + 1], int.from_bytes(pfb[at + 2 : at + 6], "little")
        parts.append((kind, pfb[at + 6 : at + 6 + size]))
        at += 6 + size
    kind, data = parts[1]
    plain = _eexec(data, decrypt=True).replace(old, new)
    parts[1] = (kind, _eexec(plain, decrypt=False))
    out = b"".join(bytes([128, k]) + len(d).to_bytes(4, "little") + d for k, d in parts)
    return out + bytes([128, 3])


def _eexec(data: bytes, decrypt: bool) -> bytes:
    r, out = 55665, bytearray()
    for byte in data:
        plain = byte ^ (r >> 8) if decrypt else None
        cipher = byte if decrypt else byte ^ (r >> 8)
        out.append(plain if plain is not None else cipher)
        r = ((cipher + r) * 52845 + 22719) & 0xFFFF
    return bytes(out)


def _renamed_dollar(path: Path) -> Path:
    """A PDF whose second font draws "$" at code 33 by the glyph name "dollarsign" in
    its encoding's differences (no character map), as some writers name it: PDFium
    alone reads "!". The other font sets a real "!"."""
    import reportlab
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import (
        ArrayObject,
        DictionaryObject,
        NameObject,
        NumberObject,
        StreamObject,
    )
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen.canvas import Canvas

    # An embedded font (PDFium reads a code it cannot name as the code itself only when
    # the font's program is in the file).
    fonts = Path(reportlab.__file__).parent / "fonts"
    afm, pfb = path.with_suffix(".afm"), path.with_suffix(".pfb")
    afm.write_text(
        (fonts / "_a______.afm").read_text("latin-1").replace("N dollar ;", "N dollarsign ;"),
        "latin-1",
    )
    pfb.write_bytes(
        _renamed_glyph((fonts / "_a______.pfb").read_bytes(), b"/dollar ", b"/dollarsign ")
    )
    face = pdfmetrics.EmbeddedType1Face(str(afm), str(pfb))
    pdfmetrics.registerTypeFace(face)
    pdfmetrics.registerFont(pdfmetrics.Font("Embedded", face.name, "WinAnsiEncoding"))
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont("Helvetica", 10)
    canv.drawString(72, 720, "Revenue for the year was")
    canv.setFont("Embedded", 10)
    canv.drawString(196, 720, "!")
    canv.setFont("Helvetica", 10)
    canv.drawString(201, 720, "4,200 million, up from last year!")
    canv.showPage()
    canv.save()
    writer = PdfWriter(clone_from=PdfReader(str(path)))
    for font in writer.pages[0]["/Resources"]["/Font"].values():
        font = font.get_object()
        if "/FontDescriptor" in font:
            differences = ArrayObject([NumberObject(33), NameObject("/dollarsign")])
            font[NameObject("/Encoding")] = DictionaryObject(
                {
                    NameObject("/Type"): NameObject("/Encoding"),
                    NameObject("/Differences"): differences,
                }
            )
            font["/FontDescriptor"].get_object()[NameObject("/Flags")] = NumberObject(4)
            cmap = StreamObject()
            cmap.set_data(_EMPTY_CMAP)
            font[NameObject("/ToUnicode")] = writer._add_object(cmap)
    writer.write(str(path))
    return path


def test_a_sign_named_by_an_unknown_glyph_name_reads_as_that_sign(tmp_path: Path) -> None:
    doc = load_file(_renamed_dollar(tmp_path / "dollar.pdf"), display="dollar.pdf")
    text = " ".join(s.text for s in doc.sections)
    assert "$4,200 million" in text.replace("$ ", "$")
    assert text.rstrip().endswith("last year!")  # the same code in another font stays
