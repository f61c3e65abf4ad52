"""Word documents whose outline is carried by numbering or by direct formatting rather
than heading styles: levels of Word's automatic numbering that number section titles,
numbered titles ranked by their scheme rather than their type, cover lines above the
title, a title set over several lines, and bold labels that are not titles."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from datasetkit.knowledge import load_file
from tests.helpers.docx_fixtures import _level, define_lists, numbered

_ARTICLES = {
    "GENERAL": {
        "SUMMARY": ["Section Includes:", "Related Requirements:"],
        "SUBMITTALS": ["Product Data: For each type of product, with its installation notes."],
    },
    "PRODUCTS": {
        "MATERIALS": ["Provide tile from one source for each type so the colour is uniform."],
        "MORTARS": ["Provide latex-portland cement mortar that complies with the standard."],
    },
}
_POINTS = ["Ceramic floor tile.", "Porcelain wall tile."]


def _heads(path: Path) -> list[tuple[int | None, str]]:
    doc = load_file(path)
    return [
        (s.level, f"{s.marker} {s.text}" if s.marker else s.text)
        for s in doc.sections
        if s.kind == "heading"
    ]


def _add(d: Any, text: str, *, bold: bool = False, size: float | None = None) -> Any:
    from docx.shared import Pt

    p = d.add_paragraph()
    r = p.add_run(text)
    r.bold = bold
    if size:
        r.font.size = Pt(size)
    return p


def _spec_list(d: Any) -> None:
    """One five-level list as a master specification numbers its outline."""
    levels = "".join(
        [
            _level(0, "decimal", "PART %1 -"),
            _level(1, "decimal", "%1.%2"),
            _level(2, "upperLetter", "%3."),
            _level(3, "decimal", "%4."),
            _level(4, "lowerLetter", "%5."),
        ]
    )
    define_lists(
        d,
        [f'<w:abstractNum w:abstractNumId="60">{levels}</w:abstractNum>'],
        ['<w:num w:numId="70"><w:abstractNumId w:val="60"/></w:num>'],
    )


def test_automatic_numbering_levels_that_number_titles_are_headings(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    _spec_list(d)
    _add(d, "SECTION 09 30 00 - TILING", bold=True)
    for part, articles in _ARTICLES.items():
        numbered(_add(d, part), 70, 0)
        for article, paragraphs in articles.items():
            numbered(_add(d, article), 70, 1)
            for text in paragraphs:
                numbered(_add(d, text), 70, 2)
                if text.endswith(":"):
                    for point in _POINTS:
                        numbered(_add(d, point), 70, 3)
    d.save(str(tmp_path / "spec.docx"))
    doc = load_file(tmp_path / "spec.docx")
    assert _heads(tmp_path / "spec.docx") == [
        (0, "SECTION 09 30 00 - TILING"),
        (1, "PART 1 - GENERAL"),
        (2, "1.1 SUMMARY"),
        (2, "1.2 SUBMITTALS"),
        (1, "PART 2 - PRODUCTS"),
        (2, "2.1 MATERIALS"),
        (2, "2.2 MORTARS"),
    ]
    # The clauses under an article are its list, from level 0, under its heading path.
    items = [s for s in doc.sections if s.kind == "list_item"]
    assert [(s.level, s.marker, s.text) for s in items[:4]] == [
        (0, "A.", "Section Includes:"),
        (1, "1.", "Ceramic floor tile."),
        (1, "2.", "Porcelain wall tile."),
        (0, "B.", "Related Requirements:"),
    ]
    assert items[0].provenance.heading_path[-2:] == ("GENERAL", "SUMMARY")


def _clause_list(d: Any) -> None:
    levels = _level(0, "decimal", "%1.") + _level(1, "decimal", "%1.%2")
    define_lists(
        d,
        [f'<w:abstractNum w:abstractNumId="61">{levels}</w:abstractNum>'],
        ['<w:num w:numId="71"><w:abstractNumId w:val="61"/></w:num>'],
    )


def test_numbered_clause_titles_over_their_clauses_are_headings(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    _clause_list(d)
    _add(d, "SERVICES AGREEMENT", bold=True)
    _add(d, "This agreement is made between the customer and the supplier named below.")
    clauses = {
        "Definitions": ["In this agreement the words below have the meanings given to them."],
        "Services": [
            "The supplier shall provide the services to the customer from the start date.",
            "The supplier shall meet the service levels set out in the second schedule.",
        ],
        "Payment": ["The customer shall pay each invoice within thirty days of receiving it."],
    }
    for title, texts in clauses.items():
        numbered(_add(d, title), 71, 0)
        for text in texts:
            numbered(_add(d, text), 71, 1)
    d.save(str(tmp_path / "agreement.docx"))
    doc = load_file(tmp_path / "agreement.docx")
    assert _heads(tmp_path / "agreement.docx") == [
        (0, "SERVICES AGREEMENT"),
        (1, "1. Definitions"),
        (1, "2. Services"),
        (1, "3. Payment"),
    ]
    clause = next(s for s in doc.sections if s.marker == "2.2")
    assert (clause.kind, clause.level) == ("list_item", 0)
    assert clause.provenance.heading_path[-1] == "Services"


def test_a_nested_list_of_short_points_stays_a_list(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    _clause_list(d)
    _add(d, "Packing list", bold=True, size=16)
    _add(d, "Take these things on the trip and check them off before you leave home.")
    for group, points in (("Clothes", ("Jacket", "Boots")), ("Food", ("Bread", "Cheese"))):
        numbered(_add(d, group), 71, 0)
        for point in points:
            numbered(_add(d, point), 71, 1)
    d.save(str(tmp_path / "packing.docx"))
    assert _heads(tmp_path / "packing.docx") == [(0, "Packing list")]
    doc = load_file(tmp_path / "packing.docx")
    assert len([s for s in doc.sections if s.kind == "list_item"]) == 6


def test_bold_numbered_titles_rank_by_their_numbering_not_their_type(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    _add(d, "Tiling Specification", bold=True, size=16)
    for n, (part, articles) in enumerate(_ARTICLES.items(), start=1):
        # Every title in the same bold: the numbering alone says how they nest.
        _add(d, f"PART {n} - {part}", bold=True)
        for m, (article, paragraphs) in enumerate(articles.items(), start=1):
            _add(d, f"{n}.{m} {article}", bold=True)
            for k, text in enumerate(paragraphs):
                _add(d, f"{'AB'[k]}. {text}")
                _add(d, "The contractor keeps a record of this work for the owner.")
    d.save(str(tmp_path / "spec.docx"))
    assert _heads(tmp_path / "spec.docx") == [
        (0, "Tiling Specification"),
        (1, "PART 1 - GENERAL"),
        (2, "1.1 SUMMARY"),
        (2, "1.2 SUBMITTALS"),
        (1, "PART 2 - PRODUCTS"),
        (2, "2.1 MATERIALS"),
        (2, "2.2 MORTARS"),
    ]


@pytest.mark.parametrize(
    "cover",
    [
        ("Contoso Engineering Ltd.", "Version 2.1", "March 2024"),
        ("Contoso Technik GmbH", "Fassung 3", "März 2024"),
        ("CONTOSO LTD", "Rev. 3", "2024-03-01"),
    ],
)
def test_cover_lines_above_the_title_are_cover_text(tmp_path: Path, cover: tuple[str, ...]) -> None:
    import docx

    d = docx.Document()
    for line in cover:
        _add(d, line, bold=True)
    _add(d, "Information Security Policy", bold=True, size=22)
    for title in ("Purpose", "Scope", "Responsibilities"):
        _add(d, title, bold=True, size=14)
        _add(d, f"This part of the policy sets out the {title.lower()} of the security rules.")
    d.save(str(tmp_path / "policy.docx"))
    doc = load_file(tmp_path / "policy.docx")
    assert doc.title == "Information Security Policy"
    assert _heads(tmp_path / "policy.docx") == [
        (0, "Information Security Policy"),
        (1, "Purpose"),
        (1, "Scope"),
        (1, "Responsibilities"),
    ]
    kept = [s.text for s in doc.sections if s.kind == "paragraph"][:3]
    assert kept == list(cover)


def test_a_version_line_first_is_not_the_title(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    _add(d, "Version 4.2", bold=True)
    _add(d, "Travel Expenses Guideline", bold=True)
    _add(d, "Staff book travel through the portal and keep every receipt for the claim.")
    d.save(str(tmp_path / "guide.docx"))
    assert _heads(tmp_path / "guide.docx") == [(0, "Travel Expenses Guideline")]


def test_a_title_set_over_several_lines_is_one_title(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    _add(d, "Ministry of Works", bold=True)
    for line in ("Handbook for", "Road Maintenance", "Contractors"):
        _add(d, line, bold=True, size=28)
    _add(d, "1 October 2023", bold=True, size=16)
    for title in ("Introduction", "Duties"):
        _add(d, title, bold=True, size=14)
        _add(d, "Contractors keep the roads in the state the contract describes all year.")
    d.save(str(tmp_path / "handbook.docx"))
    doc = load_file(tmp_path / "handbook.docx")
    assert doc.title == "Handbook for Road Maintenance Contractors"
    assert _heads(tmp_path / "handbook.docx") == [
        (0, "Handbook for Road Maintenance Contractors"),
        (1, "Introduction"),
        (1, "Duties"),
    ]


def test_bold_labels_over_short_values_are_not_headings(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    _add(d, "Product Catalogue", bold=True, size=18)
    _add(d, "The products below are sold in every region and shipped within a week.")
    for name, price in (
        ("Alpha Pump", "EUR 120"),
        ("Beta Valve", "EUR 45"),
        ("Gamma Filter", "EUR 30"),
    ):
        _add(d, name, bold=True)
        _add(d, price)
    _add(d, "Prices include tax and hold until the end of the year for every customer.")
    d.save(str(tmp_path / "catalogue.docx"))
    assert _heads(tmp_path / "catalogue.docx") == [(0, "Product Catalogue")]
    doc = load_file(tmp_path / "catalogue.docx")
    texts = [s.text for s in doc.sections if s.kind == "paragraph"]
    assert texts[1:3] == ["Alpha Pump", "EUR 120"]


def test_parts_numbered_by_lists_of_their_own_rank_their_articles_alike(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    # Each part numbers its articles with a list of its own ("1.%1", "2.%1"), the
    # clauses under them one level down; the parts are typed "1.0", "2.0", "3.0".
    abstracts, nums = [], []
    for part in (1, 2, 3):
        levels = _level(0, "decimalZero", f"{part}.%1") + _level(1, "upperLetter", "%2.")
        abstracts.append(f'<w:abstractNum w:abstractNumId="{60 + part}">{levels}</w:abstractNum>')
        nums.append(f'<w:num w:numId="{70 + part}"><w:abstractNumId w:val="{60 + part}"/></w:num>')
    define_lists(d, abstracts, nums)
    _add(d, "SECTION 23 21 23")
    _add(d, "HYDRONIC PUMPS")
    articles = {1: ("DESCRIPTION", "SUBMITTALS"), 2: ("PUMPS", "MOTORS"), 3: ("INSTALLATION",)}
    for part, name in ((1, "GENERAL"), (2, "PRODUCTS"), (3, "EXECUTION")):
        _add(d, f"{part}.0 {name}")
        for article in articles[part]:
            numbered(_add(d, article), 70 + part, 0)
            for clause in ("Provide the work shown on the drawings and described here.",):
                numbered(_add(d, clause), 70 + part, 1)
    d.save(str(tmp_path / "pumps.docx"))
    assert _heads(tmp_path / "pumps.docx") == [
        (0, "SECTION 23 21 23 HYDRONIC PUMPS"),
        (1, "1.0 GENERAL"),
        (2, "1.01 DESCRIPTION"),
        (2, "1.02 SUBMITTALS"),
        (1, "2.0 PRODUCTS"),
        (2, "2.01 PUMPS"),
        (2, "2.02 MOTORS"),
        (1, "3.0 EXECUTION"),
        (2, "3.01 INSTALLATION"),
    ]


def test_a_title_with_a_subtitle_after_a_colon_is_the_title(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    _add(d, "Licence agreement for industrial designs: checklist", bold=True, size=16)
    for title in ("Parties", "Grant"):
        _add(d, title, bold=True)
        _add(d, "Set out who grants the licence and what it covers in the schedule.")
    d.save(str(tmp_path / "checklist.docx"))
    heads = _heads(tmp_path / "checklist.docx")
    assert heads[0] == (0, "Licence agreement for industrial designs: checklist")
