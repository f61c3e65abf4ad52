"""A form's layout read as text: bold labels over their values, values under a label
ending in a colon, a letter's signature blocks, an address in larger type beside
another column, a total and its amount. None of them is a heading; a title over the
text it stands over still is."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file

B, R = "Helvetica-Bold", "Helvetica"
# (left edge, baseline from the top of the page, text, font, size)
Item = tuple[float, float, str, str, float]

PROSE = [
    "We thank you for your order and deliver the goods listed below under our general",
    "terms of sale, which you accepted with the order. Payment is due within thirty days",
    "of the date of this invoice; please quote the invoice number with every payment.",
]
LETTER = [
    "Reference is made to the agreement between the two companies dated the first of",
    "August, under which the adviser serves as the exclusive agent for any offering of",
    "the company's securities during the term that the agreement sets out in full.",
    "",
    "The parties agree that the term of the engagement ends on the earlier of the",
    "closing of an offering and the end of the sixth month after the date of this",
    "letter, and that every other term of the agreement stays in force unchanged.",
]


def _write(path: Path, items: list[Item]) -> Path:
    canv = Canvas(str(path), pagesize=A4)
    for x, y, text, font, size in items:
        canv.setFont(font, size)
        canv.drawString(x, A4[1] - y, text)
    canv.save()
    return path


def _text(top: float, lines: list[str], x: float = 57.0) -> list[Item]:
    return [(x, top + 12.0 * k, t, R, 10.0) for k, t in enumerate(lines) if t]


def _headings(path: Path) -> list[str]:
    return [s.text for s in load_file(path).sections if s.kind == "heading"]


def test_bold_labels_over_their_values_are_no_headings(tmp_path: Path) -> None:
    # An invoice's reference block: bold labels in body type, two on a row, each over
    # the value under it. They name values; the invoice's title is the one heading.
    items: list[Item] = [(57, 80, "Invoice", B, 16.0)]
    block = [
        ("Invoice no.", 387, "Date", 466, "98559514", "16.02.2017"),
        ("Delivery note", 308, "Date", 466, "87032595", "16.02.2017"),
        ("Ordered by", 308, None, 0, "Jane Smith", None),
        ("Your VAT number", 308, None, 0, "NL001901308B01", None),
    ]
    y = 120.0
    for label, x, label2, x2, value, value2 in block:
        items.append((x, y, label, B, 10.0))
        items.append((x, y + 12, value, R, 10.0))
        if label2 is not None and value2 is not None:
            items.append((x2, y, label2, B, 10.0))
            items.append((x2, y + 12, value2, R, 10.0))
        y += 29
    items += _text(260, PROSE) + _text(320, PROSE)
    assert _headings(_write(tmp_path / "invoice.pdf", items)) == ["Invoice"]


def test_an_address_under_its_label_is_no_heading(tmp_path: Path) -> None:
    # The customer's address in larger type under a small bold label ending in a colon,
    # its lines interleaved in reading order with a note in the other column.
    items: list[Item] = [
        (57, 70, "Invoice recipient:", B, 8.0),
        (308, 74, "Invoice", R, 16.0),
        (57, 82, "Northwind Traders Ltd.", R, 12.0),
        (308, 86, "Please quote on every inquiry", R, 8.0),
        (57, 94, "PO Box 14", R, 12.0),
        (57, 106, "4870 AA Springfield", R, 12.0),
    ]
    items += _text(160, PROSE) + _text(220, PROSE)
    heads = _headings(_write(tmp_path / "address.pdf", items))
    assert not {"Northwind Traders Ltd.", "PO Box 14"} & set(heads)
    assert not any("Springfield" in h for h in heads)


def test_a_letters_signature_blocks_are_no_headings(tmp_path: Path) -> None:
    # Each party's name in bold capitals under the closing and over "By:", "Name:",
    # "Title:": a signature, not a section.
    items = _text(80, LETTER)
    items += [
        (348, 200, "Very truly yours,", R, 10.0),
        (348, 224, "NORTHWIND ADVISERS, LLC", B, 10.0),
        (348, 248, "By: /s/ Edward Miller", R, 10.0),
        (369, 261, "Name: Edward Miller", R, 10.0),
        (369, 273, "Title: Chief Operating Officer", R, 10.0),
        (57, 297, "Accepted and Agreed:", R, 10.0),
        (57, 321, "CONTOSO DIAGNOSTICS, INC.", B, 10.0),
        (57, 345, "By: /s/ Neil Dean", R, 10.0),
        (78, 359, "Name: Neil Dean", R, 10.0),
        (78, 371, "Title: President", R, 10.0),
    ]
    assert _headings(_write(tmp_path / "letter.pdf", items)) == []


def test_address_lines_stacked_beside_another_column_are_no_headings(tmp_path: Path) -> None:
    # The recipient's address in regular type a little larger than the text, set
    # beside the delivery address whose lines the reading order interleaves with it.
    items: list[Item] = [(57, 60, "Invoice INV-2017-0010", B, 19.0)]
    left = ["Delivery address", "Bakery Corner", "35 Republic Street", "69001 Lyon"]
    right = ["Bakery Corner", "Alexander Payne", "35 Republic Street", "69001 Lyon"]
    for k, t in enumerate(left):
        items.append((57, 90 + 13.0 * k, t, B if k == 0 else R, 8.0))
    for k, t in enumerate(right):
        items.append((326, 96 + 13.0 * k, t, R, 11.0))
    items += _text(180, PROSE) + _text(240, PROSE)
    heads = _headings(_write(tmp_path / "stack.pdf", items))
    assert not {"Alexander Payne", "35 Republic Street", "69001 Lyon"} & set(heads)
    assert heads[0] == "Invoice INV-2017-0010"


def test_an_address_block_in_larger_type_is_no_heading(tmp_path: Path) -> None:
    # Three short lines of an address, in regular type a little larger than the text,
    # under a bold label: one block, not a title.
    items: list[Item] = [(57, 60, "Invoice INV-2017-0010", B, 19.0)]
    items.append((57, 84, "Delivery address", B, 10.0))
    address = ["Bakery Corner", "Republic Street 35", "Lyon 69001"]
    items += [(57, 100 + 12.0 * k, t, R, 10.0) for k, t in enumerate(address)]
    items += [(57, 160 + 10.0 * k, t, R, 8.0) for k, t in enumerate(PROSE)]
    items += [(57, 200 + 10.0 * k, t, R, 8.0) for k, t in enumerate(PROSE)]
    heads = _headings(_write(tmp_path / "block.pdf", items))
    assert not any("Lyon" in h for h in heads)
    assert heads[0] == "Invoice INV-2017-0010"


def test_a_total_and_its_amount_is_no_heading(tmp_path: Path) -> None:
    items: list[Item] = [(57, 60, "Repair Estimate", B, 20.0)]
    items += _text(100, PROSE)
    items += [(57, 160, "Subtotal", R, 10.0), (420, 160, "2,730", R, 10.0)]
    items += [(57, 180, "GRAND TOTAL", B, 12.0), (420, 180, "5,738", B, 12.0)]
    items += _text(210, PROSE)
    heads = _headings(_write(tmp_path / "total.pdf", items))
    assert heads == ["Repair Estimate"]


def test_titles_over_text_stay_headings(tmp_path: Path) -> None:
    # A bold body-size title over its paragraph, and a title under a small run-in label
    # ending in a colon ("SUPPLEMENTARY INFORMATION:") with running text under it.
    items: list[Item] = [(57, 60, "Notice of Proposed Rulemaking", B, 16.0)]
    items += [(57, 100, "Background", B, 10.0), *_text(118, PROSE)]
    items += [(57, 170, "SUPPLEMENTARY INFORMATION:", B, 7.5)]
    items += [(57, 184, "Comments Invited", B, 12.0), *_text(200, PROSE)]
    heads = _headings(_write(tmp_path / "notice.pdf", items))
    assert heads == ["Notice of Proposed Rulemaking", "Background", "Comments Invited"]
