"""The type of research papers: section titles set in small capitals (a full capital,
then the rest of the word in smaller capitals, with a gap at the change of size that
can split the word), and formulas set in their own larger type between paragraphs."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.pagesizes import LETTER
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file
from tests.helpers.pdf_pages import PROSE, body, write_pages

R, IT = "Times-Roman", "Times-Italic"


def _small_caps(canv: Canvas, title: str, y: float, gap: float) -> None:
    """The title centred-ish in small capitals: 10 pt capitals, 8 pt for the rest."""
    x = 200.0
    number, *words = title.split()
    canv.setFont(R, 10)
    canv.drawString(x, y, number)
    x += stringWidth(number + " ", R, 10)
    for word in words:
        canv.setFont(R, 10)
        canv.drawString(x, y, word[0])
        x += stringWidth(word[0], R, 10) + gap
        canv.setFont(R, 8)
        canv.drawString(x, y, word[1:].upper())
        x += stringWidth(word[1:].upper(), R, 8) + stringWidth(" ", R, 10)


def _paper(path: Path, gap: float) -> Path:
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont(R, 22)
    canv.drawCentredString(306, 720, "Routing in Mobile Sensor Networks")
    y = 680.0
    sections = [
        ("I. Introduction", ["A. Background", "B. Scope"]),
        ("II. Related Work", []),
        ("III. Protocol Design", ["A. Zone Heads"]),
        ("IV. Conclusion", []),
    ]
    for title, subs in sections:
        _small_caps(canv, title, y, gap)
        y -= 18
        for sub in ["", *subs]:
            if sub:
                canv.setFont(IT, 10)
                canv.drawString(72, y, sub)
                y -= 13
            canv.setFont(R, 10)
            for text in PROSE:
                canv.drawString(72, y, text)
                y -= 12.5
            y -= 8
        if y < 220:
            canv.showPage()
            y = 720.0
    canv.save()
    return path


# 1.5 pt: a gap the page's word spacing splits the word at; 3 pt: PDFium puts a space.
@pytest.mark.parametrize("gap", [1.5, 3.0])
def test_section_titles_in_small_capitals_split_at_the_change_of_size(
    tmp_path: Path, gap: float
) -> None:
    doc = load_file(_paper(tmp_path / "paper.pdf", gap))
    heads = [(s.level, s.text) for s in doc.sections if s.kind == "heading"]
    assert heads == [
        (0, "Routing in Mobile Sensor Networks"),
        (1, "I. INTRODUCTION"),
        (2, "A. Background"),
        (2, "B. Scope"),
        (1, "II. RELATED WORK"),
        (1, "III. PROTOCOL DESIGN"),
        (2, "A. Zone Heads"),
        (1, "IV. CONCLUSION"),
    ]


def test_a_formula_in_larger_type_is_no_heading(tmp_path: Path) -> None:
    # A fraction's numerator and denominator set in the formula's own larger type:
    # letters standing one by one, some in lower case, name nothing.
    path = write_pages(
        tmp_path / "formula.pdf",
        [
            [
                ("Mobility in Sensor Networks", "Helvetica-Bold", 18),
                ("", R, 10),
                ("Zone Head Selection", "Helvetica-Bold", 13),
                *body(*PROSE),
                ("Z t 1", "Times-Italic", 11.5),
                ("M t e'", "Times-Italic", 11.5),
                *body(*PROSE),
                ("Route Upkeep", "Helvetica-Bold", 13),
                *body(*PROSE),
            ]
        ],
    )
    heads = [(s.level, s.text) for s in load_file(path).sections if s.kind == "heading"]
    assert heads == [
        (0, "Mobility in Sensor Networks"),
        (1, "Zone Head Selection"),
        (1, "Route Upkeep"),
    ]


_LEFT = [
    "Dynamic languages such as JavaScript are more difficult to",
    "compile than statically typed ones, since no concrete type",
    "information is available to the compiler when it runs and",
    "traditional compilers emit generic code for every value.",
]
_RIGHT = [
    "The recorder follows the interpreter as it runs each loop and",
    "writes down the operations in the order they are executed, so",
    "the compiler sees only the types that really occur at run time",
    "and can emit code that is specialised for exactly those types.",
]


def test_a_first_page_under_a_title_across_both_columns_is_read_column_by_column(
    tmp_path: Path,
) -> None:
    # The title, the authors and their addresses run across the gutter; below them the
    # two columns' baselines line up only at the top (a heading in one column shifts
    # the lines under it), so few lines hold text on both sides of the gutter.
    path = tmp_path / "first_page.pdf"
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont("Times-Bold", 18)
    canv.drawCentredString(306, 740, "Trace Compilation for Dynamic Languages")
    canv.setFont(R, 11)
    for k, text in enumerate(
        [
            "Ada Lovelace, Charles Babbage, Grace Hopper, Alan Turing, Edsger Dijkstra",
            "Analytical Engine Company, London, United Kingdom and elsewhere",
            "{ada,charles,grace,alan,edsger}@engine.example.org and friends",
            "Department of Computing, University of Somewhere, Some Town",
        ]
    ):
        canv.drawCentredString(306, 712 - 14 * k, text)
    left, right = 72.0, 320.0
    y = 640.0
    for x, head in ((left, "Abstract"), (right, "2. Overview")):
        canv.setFont("Times-Bold", 11)
        canv.drawString(x, y, head)
    for col, x, texts, shift in ((0, left, _LEFT, 0.0), (1, right, _RIGHT, 5.0)):
        yy = y - 14
        for rep in range(4):
            for k, text in enumerate(texts):
                canv.setFont(R, 10)
                canv.drawString(x, yy, text)
                yy -= 12 + (shift if rep == 0 and k == 0 else 0)
            yy -= 6
            if col == 0 and rep == 1:
                canv.setFont("Times-Bold", 11)
                canv.drawString(x, yy - 4, "1. Introduction")
                yy -= 18
    canv.save()
    doc = load_file(path)
    heads = [s.text for s in doc.sections if s.kind == "heading"]
    assert heads == [
        "Trace Compilation for Dynamic Languages",
        "Abstract",
        "1. Introduction",
        "2. Overview",
    ]
    text = "\n".join(s.text for s in doc.sections)
    assert " ".join(_LEFT) in text and " ".join(_RIGHT) in text


def test_authors_names_over_their_addresses_are_no_headings(tmp_path: Path) -> None:
    # Each author's name, set larger than the text, over the department, the town
    # and the e-mail address: a byline. The sections after it are headings.
    lines = [
        ("Energy Efficient Routing for Mobile Sensor Networks", "Times-Bold", 20),
        ("", R, 10),
        ("Usama Ahmed", R, 12),
        ("Information Security Department, College of Signals", R, 10),
        ("Islamabad, Pakistan", R, 10),
        ("usama.ahmed@signals.example.edu", R, 10),
        ("", R, 10),
        ("Faisal B. Hussain", R, 12),
        ("Computer Sciences Department, College of Signals", R, 10),
        ("faisal@signals.example.edu", R, 10),
        ("", R, 10),
        ("Introduction", "Times-Bold", 12),
        *body(*PROSE),
        ("Related Work", "Times-Bold", 12),
        *body(*PROSE),
    ]
    path = write_pages(tmp_path / "byline.pdf", [lines])
    heads = [(s.level, s.text) for s in load_file(path).sections if s.kind == "heading"]
    assert heads == [
        (0, "Energy Efficient Routing for Mobile Sensor Networks"),
        (1, "Introduction"),
        (1, "Related Work"),
    ]


def test_a_numbered_title_in_capitals_runs_on_to_a_second_line(tmp_path: Path) -> None:
    # Titles in body type that only their numeral and capitals set apart; one is too
    # long for the column and wraps.
    H = "Helvetica"
    lines = [
        ("Requirement Prioritization for Market Driven Products", "Times-Bold", 16),
        ("", R, 10),
        ("I. INTRODUCTION", H, 10),
        *body(*PROSE),
        ("II. RELATED WORK", H, 10),
        *body(*PROSE),
        # As wide as the text's lines: the title wraps as the text does.
        ("III. MARKET DRIVEN REQUIREMENT PRIORITIZATION MODEL FOR PACKAGED", H, 10),
        ("SOFTWARE", H, 10),
        ("", R, 10),
        *body(*PROSE),
        ("IV. CONCLUSION", H, 10),
        *body(*PROSE),
    ]
    path = write_pages(tmp_path / "caps.pdf", [lines])
    heads = [(s.level, s.text) for s in load_file(path).sections if s.kind == "heading"]
    assert heads == [
        (0, "Requirement Prioritization for Market Driven Products"),
        (1, "I. INTRODUCTION"),
        (1, "II. RELATED WORK"),
        (1, "III. MARKET DRIVEN REQUIREMENT PRIORITIZATION MODEL FOR PACKAGED SOFTWARE"),
        (1, "IV. CONCLUSION"),
    ]


def test_an_unnumbered_title_set_as_the_numbered_ones_is_at_their_level(tmp_path: Path) -> None:
    # Sections in body-size capitals centred over the column, numbered with roman
    # numerals; the references and the acknowledgment are set alike without a number.
    path = tmp_path / "paper.pdf"
    canv = Canvas(str(path), pagesize=LETTER)
    centre = 72 + max(stringWidth(t, "Helvetica", 10) for t in PROSE) / 2
    canv.setFont("Helvetica-Bold", 18)
    canv.drawCentredString(centre, 740, "Zone Based Routing")
    y = 700.0
    for title in ("I. INTRODUCTION", "II. RELATED WORK", "III. CONCLUSION", "ACKNOWLEDGMENT"):
        canv.setFont("Helvetica", 10)
        canv.drawCentredString(centre, y, title)
        y -= 24
        for text in PROSE:
            canv.drawString(72, y, text)
            y -= 12.5
        y -= 10
    canv.drawCentredString(centre, y, "REFERENCES")
    canv.drawString(
        72, y - 24, "[1] P. Levis and A. Tavakoli, Overview of routing protocols, 2008."
    )
    canv.save()
    heads = [(s.level, s.text) for s in load_file(path).sections if s.kind == "heading"]
    assert heads == [
        (0, "Zone Based Routing"),
        (1, "I. INTRODUCTION"),
        (1, "II. RELATED WORK"),
        (1, "III. CONCLUSION"),
        (1, "ACKNOWLEDGMENT"),
        (1, "REFERENCES"),
    ]


def test_a_list_of_authors_under_the_title_is_no_heading(tmp_path: Path) -> None:
    # The authors in one line, larger than the text, with no address under it; a list of
    # two capitalised phrases parted by "and" stays a heading.
    lines = [
        ("The Role of Grazing in Alpine Meadows", "Times-Bold", 22),
        ("", R, 10),
        ("Anna K. Berger, Tomás Ruiz & Li Wen", R, 13),
        ("", R, 10),
        *body(*PROSE),
        ("Terms and Conditions", "Times-Bold", 13),
        *body(*PROSE),
        ("Results", "Times-Bold", 13),
        *body(*PROSE),
    ]
    path = write_pages(tmp_path / "authors.pdf", [lines])
    heads = [(s.level, s.text) for s in load_file(path).sections if s.kind == "heading"]
    assert heads == [
        (0, "The Role of Grazing in Alpine Meadows"),
        (1, "Terms and Conditions"),
        (1, "Results"),
    ]
