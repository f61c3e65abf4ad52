"""Bold told from a font's name when its stated weight says otherwise: a word
processor's print whose regular face states a semibold weight."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, NameObject, NumberObject

from datasetkit.knowledge import load_file
from datasetkit.knowledge.pdf.weights import family, plain_face
from tests.helpers.pdf_pages import PROSE, Line, Run, body, write_pages, write_runs

B, R = "Helvetica-Bold", "Helvetica"


def _renamed(path: Path, names: dict[str, str], stem: int) -> Path:
    """The PDF with the fonts ``names`` maps renamed and given a descriptor that states no weight and a
    stem width PDFium reads as ``5 * stem`` (128: "640", semibold)."""
    writer = PdfWriter(clone_from=PdfReader(str(path)))
    for page in writer.pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            if str(font["/BaseFont"])[1:] not in names:
                continue
            name = NameObject("/" + names[str(font["/BaseFont"])[1:]])
            descriptor = DictionaryObject(
                {
                    NameObject("/Type"): NameObject("/FontDescriptor"),
                    NameObject("/FontName"): name,
                    NameObject("/Flags"): NumberObject(32),
                    NameObject("/StemV"): NumberObject(stem),
                    NameObject("/ItalicAngle"): NumberObject(0),
                    NameObject("/Ascent"): NumberObject(750),
                    NameObject("/Descent"): NumberObject(-250),
                    NameObject("/CapHeight"): NumberObject(700),
                    NameObject("/FontBBox"): ArrayObject([NumberObject(0)] * 4),
                }
            )
            font[NameObject("/BaseFont")] = name
            font[NameObject("/Subtype")] = NameObject("/TrueType")
            font[NameObject("/FontDescriptor")] = writer._add_object(descriptor)
    out = path.with_name("renamed-" + path.name)
    writer.write(str(out))
    return out


def _print(tmp_path: Path) -> list[Line]:
    return [
        ("Travel Handbook", B, 20),
        ("", R, 10),
        *body(*PROSE),
        ("Booking rules", B, 10),
        *body(*PROSE),
        ("A short line of body text", R, 10),
        *body(*PROSE),
        ("Receipts", B, 10),
        *body(*PROSE),
    ]


def test_regular_face_stating_a_semibold_weight_is_body_text(tmp_path: Path) -> None:
    # "Calibri" and "Calibri-Bold" both state a weight over 600: the names tell the faces
    # apart, so the bold lines are the headings and the body is regular text.
    plain = write_pages(tmp_path / "print.pdf", [_print(tmp_path)])
    path = _renamed(plain, {R: "ABCDEF+Calibri", B: "ABCDEF+Calibri-Bold"}, 128)
    doc = load_file(path)
    heads = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert heads == [(0, "Travel Handbook"), (1, "Booking rules"), (1, "Receipts")]


def test_face_that_sets_most_of_the_text_is_regular_whatever_weight_it_states(
    tmp_path: Path,
) -> None:
    # No sibling named bold: the face of most of the words is the body's, and body text
    # is not set in bold, so the bold lines still stand apart from it.
    plain = write_pages(tmp_path / "print.pdf", [_print(tmp_path)])
    path = _renamed(plain, {R: "Frutiger"}, 140)
    heads = [(s.level, s.text) for s in load_file(path).sections if s.kind == "heading"]
    assert heads == [(0, "Travel Handbook"), (1, "Booking rules"), (1, "Receipts")]


def test_stated_weight_still_counts_without_a_bold_named_sibling(tmp_path: Path) -> None:
    # A face whose name says nothing of its weight, and no family member named bold: its
    # stated weight is all there is to go on.
    lines: list[Line] = [
        ("Travel Handbook", R, 20),
        ("", R, 10),
        *body(*PROSE),
        ("Booking rules", B, 10),
        *body(*PROSE),
    ]
    plain = write_pages(tmp_path / "print.pdf", [lines])
    path = _renamed(plain, {B: "Univers"}, 140)
    heads = [s.text for s in load_file(path).sections if s.kind == "heading"]
    assert "Booking rules" in heads


def test_family_leaves_out_subset_tag_style_and_vendor_suffix() -> None:
    assert family(b"ABCDEF+Arial-BoldMT") == family(b"ArialMT") == "arial"
    assert family(b"TimesNewRomanPS-BoldMT") == family(b"TimesNewRomanPSMT")
    assert family(b"Calibri,Bold") == family(b"Calibri") == "calibri"


def test_only_a_plain_or_regular_face_name_gives_way_to_a_bold_sibling() -> None:
    # "BlkCond" names a black weight in its own abbreviation: its stated weight stands.
    assert plain_face(b"ABCDEF+Calibri") and plain_face(b"ArialMT")
    assert plain_face(b"Foo-Regular") and plain_face(b"Foo-Roman")
    assert not plain_face(b"HelveticaLTStd-BlkCond")
    assert not plain_face(b"Foo-Light")


def test_variable_font_instance_stating_a_semibold_weight_is_body_text(tmp_path: Path) -> None:
    # A browser's print names a system font's instance by its axes after the style
    # ("Regular_wdth_opsz..._wght") and states a semibold weight for the regular text:
    # its numbered steps stay list items (one with a command in a code face), not
    # headings set apart in bold.
    face = "ABCDEF+.SFNS-Regular_wdth_opsz110000_GRAD_wght"
    prose = [[(p, R)] for p in PROSE]
    lines: list[list[Run] | None] = [
        [("Travel Handbook", B, 20)],
        None,
        *prose,
        None,
        [("Booking rules", B, 12)],
        [("1. Open the travel portal.", R)],
        [("2. Choose the dates with ", R), ("plan --dates", "Courier"), (" and a fare.", R)],
        [("3. Send the request to your manager.", R)],
        None,
        *prose,
    ]
    path = _renamed(write_runs(tmp_path / "print.pdf", lines), {R: face}, 126)
    sections = load_file(path).sections
    heads = [s.text for s in sections if s.kind == "heading"]
    assert heads == ["Travel Handbook", "Booking rules"]
    items = [s.text for s in sections if s.kind == "list_item"]
    assert items[0] == "Open the travel portal." and len(items) == 3
    assert plain_face(face.encode())
