"""Documents set on a typewriter grid: numbered margins and a fixed-width body."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file

BILL = [
    "Section 1. The department shall review each support order at least once",
    "every three years when either parent asks for a review in writing, and",
    "it may review an order earlier when the income of a parent has changed",
    "by more than ten percent since the order was entered by the court.",
    "(a) A request for review shall name the order and the parent who asks;",
    "(b) The department shall answer the request within thirty days; and",
    "(c) The department shall send notice of the review to both parents.",
    "Section 2. The department shall keep a record of every review for five",
    "years after the order ends and shall give a copy to either parent who",
    "asks for it in writing, free of charge, within fourteen days.",
]
CODE = [
    "def total(items: list[int]) -> int:",
    "    result = 0",
    "    for item in items:",
    "        result += item  # add each",
    "    return result",
    "",
    "if __name__ == '__main__':",
    "    print(total([1, 2, 3]))",
]


def _numbered(path: Path, lines: list[str], first: int = 1) -> Path:
    """One page in Courier, each line numbered in the left margin (right-aligned)."""
    canv = Canvas(str(path), pagesize=LETTER)
    y = LETTER[1] - 90.0
    for n, text in enumerate(lines, start=first):
        canv.setFont("Courier", 10)
        canv.drawRightString(81, y, str(n))
        canv.drawString(99, y, text)
        y -= 24.0
    canv.save()
    return path


def _text(path: Path) -> tuple[list[str], list[str]]:
    doc = load_file(path)
    return [s.kind for s in doc.sections], [s.text for s in doc.sections]


def test_margin_line_numbers_are_left_out_and_the_prose_reads_as_paragraphs(
    tmp_path: Path,
) -> None:
    doc = load_file(_numbered(tmp_path / "bill.pdf", BILL, first=12))
    whole = " ".join(s.text for s in doc.sections)
    assert "code" not in [s.kind for s in doc.sections]
    # the sentence runs on across the numbered lines, without the numbers
    assert "at least once every three years when either parent" in whole
    assert "12" not in whole.split() and "21" not in whole.split()
    assert any("margin line numbers" in p.message and "12–21" in p.message for p in doc.problems)


def test_a_numbered_code_listing_stays_code(tmp_path: Path) -> None:
    kinds, texts = _text(_numbered(tmp_path / "listing.pdf", CODE))
    assert "code" in kinds
    assert any("result += item" in t for t in texts)


def test_a_numbered_list_keeps_its_numbers(tmp_path: Path) -> None:
    # "1 cup of flour": the number starts the line's text, with an ordinary word gap.
    canv = Canvas(str(tmp_path / "recipe.pdf"), pagesize=LETTER)
    y = LETTER[1] - 90.0
    for n, text in enumerate(["cup of flour", "eggs beaten", "spoons of sugar"] * 2, 1):
        canv.setFont("Helvetica", 10)
        canv.drawString(72, y, f"{n} {text} for the dough of the cake")
        y -= 14.0
    canv.save()
    _, texts = _text(tmp_path / "recipe.pdf")
    assert "3 spoons of sugar" in " ".join(texts)
