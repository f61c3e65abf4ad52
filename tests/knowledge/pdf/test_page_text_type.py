"""A page that sets its own text larger than the document's body (a welcome or cover
page whose paragraphs are set in large type): a one-line paragraph of that page, in the
same type as its wrapped paragraphs and reading as a sentence, is text, not a heading;
the page's title and the titles of the other pages stay headings."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file

R = "Helvetica"
TOP = A4[1] - 80.0
BODY = (
    "the reader keeps each record in a queue and writes it out once the batch is full so "
    "that a slow disk never holds up the parser or the checks that follow it"
)


def _heads(path: Path) -> list[str]:
    return [s.text for s in load_file(path).sections if s.kind == "heading"]


def _lines(canv: Canvas, y: float, size: float, lines: list[str]) -> float:
    canv.setFont(R, size)
    for line in lines:
        canv.drawString(60, y, line)
        y -= size * 1.25
    return y - size


def _document(path: Path, single: str) -> Path:
    canv = Canvas(str(path), pagesize=A4)
    y = _lines(canv, TOP, 20, ["Reading records"])
    words = BODY.split()
    for _ in range(3):
        rows = [" ".join(words[i : i + 14]) for i in range(0, len(words), 14)] * 4
        y = _lines(canv, y, 10, rows)
    canv.showPage()
    y = _lines(canv, TOP, 36, ["Welcome"])
    y = _lines(
        canv,
        y,
        15,
        [
            "Since its first release the library has read files of every",
            "common kind, and it now writes them back as well.",
        ],
    )
    y = _lines(
        canv,
        y,
        15,
        [
            "Each release adds checks that run on the records themselves, so",
            "that mistakes are found before a file is written anywhere.",
        ],
    )
    _lines(canv, y, 15, [single])
    canv.showPage()
    canv.save()
    return path


def test_a_one_line_paragraph_in_the_page_text_type_is_no_heading(tmp_path: Path) -> None:
    single = "Since the last release it has also read the newer format."
    heads = _heads(_document(tmp_path / "welcome.pdf", single))
    assert single not in heads
    assert heads == ["Reading records", "Welcome"]


def test_the_last_line_of_a_list_of_events_is_no_heading(tmp_path: Path) -> None:
    # A signing report lists events one line each in a type larger than its notes; the
    # last event carries no address, yet it is set in the events' type and reads as a
    # sentence: a line of that list, not a title.
    from tests.helpers.pdf_pages import write_pages

    small = ("2023-12-24 - 12:26:46 PM GMT - IP address: 192.0.2.10", "Helvetica", 8.0)
    note = "Helvetica", 8.0
    lines = [("Signing history", "Helvetica", 18.0), ("", "Helvetica", 8.0)]
    for event in [
        "Document created by Ann Lee (ann@example.com)",
        "Document emailed to Bo Chan (bo@example.com) for signature",
        "Document signed by Bo Chan (bo@example.com)",
        "Agreement completed.",
    ]:
        lines += [(event, "Helvetica", 10.0), small, ("", *note)]
    lines += [(BODY, *note), (BODY, *note), (BODY, *note)]
    doc = load_file(write_pages(tmp_path / "history.pdf", [lines]))
    assert [s.text for s in doc.sections if s.kind == "heading"] == ["Signing history"]
