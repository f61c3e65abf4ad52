"""Signs a font names by a glyph name PDFium does not know.

A simple font may say which glyph each code draws by an encoding of its own (its
``/Differences`` list of glyph names) and leave its character map empty. PDFium then
reads each code by its glyph name, from the Adobe Glyph List; a name outside that list
("dollarsign" where the list says "dollar") falls back to the code itself, so a dollar
sign drawn at code 33 comes out as "!" and every amount of a statement reads "! 67,184".
Some writers name the signs of currencies and measures this way: the name of the sign
and the word "sign". Such a code, where the font's character map (if any) does not map it,
is read here by what its name says.
"""

from __future__ import annotations

from typing import Any

from datasetkit.knowledge.pdf.symbol_fonts import unreadable

# Glyph names of the form "<sign>sign" that the Adobe Glyph List lacks, with the
# character each names. (Names the list has, such as "numbersign", PDFium reads itself.)
_SIGN_NAMES = {
    "dollarsign": "$",
    "percentsign": "%",
    "centsign": "¢",
    "poundsign": "£",
    "sterlingsign": "£",
    "yensign": "¥",
    "eurosign": "€",
    "plussign": "+",
    "minussign": "−",
    "equalsign": "=",
    "lesssign": "<",
    "greatersign": ">",
    "degreesign": "°",
    "sectionsign": "§",
}

# Per embedded font, known by the length of its program (the one mark PDFium and pypdf
# both give: PDFium names a font by its face, without the subset tag that tells the
# subsets of one face apart, and may name a standard face's alias instead): the
# character PDFium reads for each renamed code, and the one meant. (PDFium drops a code
# it cannot name in a font that is not embedded: nothing is read for it then.)
Renames = dict[int, dict[str, str]]


def page_renames(reader: Any, index: int) -> Renames:
    """Per font of page ``index`` of a pypdf reader: the character PDFium reads for each
    code whose glyph name it does not know, and the one meant (see :data:`Renames`)."""
    out: Renames = {}
    try:
        fonts = reader.pages[index].get("/Resources", {}).get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            found = _font_renames(font)
            length = _program_length(font) if found else -1
            if length > 0:
                out[length] = found
    except Exception:  # a damaged resource dictionary: read the page as PDFium does
        return {}
    return out


def _font_renames(font: Any) -> dict[str, str]:
    """The codes a font's encoding names by a sign's name PDFium lacks, and that its
    character map leaves out, with the sign each names."""
    found: Any = font.get("/Encoding")
    encoding: Any = found.get_object() if found is not None else None
    if not hasattr(encoding, "get"):
        return {}
    differences = encoding.get("/Differences") or []
    named: dict[int, str] = {}
    code = 0
    for item in differences:
        if isinstance(item, int):
            code = item
            continue
        sign = _SIGN_NAMES.get(str(item).lstrip("/").lower())
        if sign is not None and 32 <= code < 256:
            named[code] = sign
        code += 1
    if not named:
        return {}
    mapped = _mapped_codes(font)
    return {chr(c): sign for c, sign in named.items() if c not in mapped}


def _program_length(font: Any) -> int:
    """The length of the font's embedded program, decoded (-1 when it has none)."""
    descriptor = font.get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else {}
    for key in ("/FontFile", "/FontFile2", "/FontFile3"):
        if key in descriptor:
            return len(descriptor[key].get_object().get_data())
    return -1


def _mapped_codes(font: Any) -> set[int]:
    """The codes the font's character map (``/ToUnicode``) gives a character."""
    import re

    cmap = font.get("/ToUnicode")
    if cmap is None:
        return set()
    try:
        data = cmap.get_object().get_data().decode("latin-1")
    except Exception:
        return set()
    out: set[int] = set()
    for block in re.findall(r"beginbfchar(.*?)endbfchar", data, re.S):
        out.update(int(a, 16) for a in re.findall(r"<([0-9A-Fa-f]+)>\s*<[0-9A-Fa-f]+>", block))
    for block in re.findall(r"beginbfrange(.*?)endbfrange", data, re.S):
        for lo, hi in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*[<\[]", block):
            out.update(range(int(lo, 16), min(int(hi, 16), 0xFF) + 1))
    return out


def renamed_text(raw: Any, textpage: Any, text: str, renames: Renames) -> str:
    """The page's ``text`` (one character per index) with each character a font of
    ``renames`` drew read as the sign its glyph name says."""
    if not renames:
        return text
    import ctypes

    wanted = set().union(*(r.keys() for r in renames.values()))
    size = ctypes.c_size_t()
    fonts: dict[int, dict[str, str]] = {}  # font address -> its renames
    out = list(text)
    for i, ch in enumerate(text):
        if ch not in wanted:
            continue
        font = raw.FPDFTextObj_GetFont(raw.FPDFText_GetTextObject(textpage, i))
        key = ctypes.cast(font, ctypes.c_void_p).value or 0
        if key not in fonts:
            found = bool(key) and raw.FPDFFont_GetFontData(font, None, 0, ctypes.byref(size))
            fonts[key] = renames.get(int(size.value), {}) if found else {}
        out[i] = fonts[key].get(ch, ch)
    return "".join(out)


def read_signs(fonts: Any, text: str) -> str:
    """The page's ``text`` with each sign PDFium cannot read marked as such (a symbol
    font without its map, see .symbol_fonts) or read by its glyph's name; ``fonts`` is
    the page's font look-up (its PDFium text page, and what it found of both)."""
    raw, textpage = fonts.raw, fonts.textpage
    text = unreadable(raw, textpage, text, fonts.symbolic)
    return renamed_text(raw, textpage, text, fonts.renames)
