"""Characters outside the Basic Multilingual Plane: PDFium counts each as two UTF-16
halves. A page that holds one (an emoji, or a font's own bracket mapped to a private-use
code point) reads as text that can be written, not as lone halves that stop a run."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader, PdfWriter
from pypdf.generic import DecodedStreamObject, NameObject

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import write_runs

# "#" is a font's own bracket (a supplementary private-use code point), "~" a smiling face.
_CMAP = b"""/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CMapName /Astral def
/CMapType 2 def
1 begincodespacerange
<00> <FF>
endcodespacerange
2 beginbfchar
<23> <DB82DC54>
<7E> <D83DDE00>
endbfchar
endcmap
CMapName currentdict /CMap defineresource pop
end
end
"""


def _with_astral_map(path: Path) -> Path:
    """The page's font given a ToUnicode map that sends two codes outside the BMP."""
    reader = PdfReader(path)
    writer = PdfWriter()
    writer.append(reader)
    fonts = writer.pages[0]["/Resources"]["/Font"]
    cmap = DecodedStreamObject()
    cmap.set_data(_CMAP)
    for name in fonts:
        fonts[name].get_object()[NameObject("/ToUnicode")] = writer._add_object(cmap)
    with path.open("wb") as out:
        writer.write(out)
    return path


def test_characters_outside_the_bmp_read_as_writable_text(tmp_path: Path) -> None:
    lines = [
        [("Quarterly Notes", "Helvetica-Bold", 16.0)],
        None,
        [("The #Issues and Views# brief is out ~ and every member gets a copy.", "Helvetica")],
    ]
    pdf = _with_astral_map(write_runs(tmp_path / "notes.pdf", lines))
    text = "\n".join(s.text for s in load_file(pdf).sections)
    text.encode("utf-8")  # no lone surrogate half left in the text
    assert "Issues and Views" in text and "\U0001f600" in text, text
    assert not any(ord(c) >= 0xF0000 for c in text if c != "\U0001f600"), text
