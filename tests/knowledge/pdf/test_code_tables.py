"""Program output set in a fixed-width face in a PDF keeps its columns, and the clear
tables it prints (header names, a rule, aligned rows) are read as tables."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file
from tests.helpers.program_output import FREQ, FREQ_RECORDS

OUTPUT = [FREQ[0], "", *FREQ[1:]]


def _report(path: Path, font: str = "Courier") -> Path:
    c = Canvas(str(path), pagesize=LETTER)
    y = 720.0
    c.setFont("Helvetica-Bold", 16)
    c.drawString(72, y, "Class Survey Results")
    y -= 30
    c.setFont("Helvetica", 11)
    for line in (
        "The survey counted the students of the class by sex, as the output shows.",
        "Both groups are about the same size, so the class is nearly balanced.",
    ):
        c.drawString(72, y, line)
        y -= 15
    y -= 10
    for line in OUTPUT:
        c.setFont(font, 9)
        c.drawString(72, y, line)
        y -= 11
    y -= 10
    c.setFont("Helvetica", 11)
    c.drawString(72, y, "The next survey will also count the students by age.")
    c.save()
    return path


def test_a_printed_table_in_fixed_width_output_is_read_as_a_table(tmp_path: Path) -> None:
    doc = load_file(_report(tmp_path / "survey.pdf"))
    rows = [s.record for s in doc.sections if s.kind == "table_row"]
    assert rows == FREQ_RECORDS
    assert [s.text for s in doc.sections if s.kind == "code"] == ["The FREQ Procedure"]
    assert not [s for s in doc.sections if s.kind == "heading" and "Procedure" in s.text]


LISTING = [
    "def total(items):",
    "    count = 0",
    "    for item in items:",
    "        count += item.size   # bytes",
    "    return count",
]


def test_code_keeps_its_indentation_and_the_spaces_inside_its_lines(tmp_path: Path) -> None:
    c = Canvas(str(tmp_path / "listing.pdf"), pagesize=LETTER)
    c.setFont("Helvetica", 11)
    c.drawString(72, 720, "The function below adds up the sizes of the items it is given.")
    c.setFont("Courier", 10)
    for n, line in enumerate(LISTING):
        c.drawString(72, 700 - 12 * n, line)
    c.save()
    doc = load_file(tmp_path / "listing.pdf")
    code = [s.text for s in doc.sections if s.kind == "code"]
    assert code == ["\n".join(LISTING)]


def test_a_page_mostly_of_program_output_keeps_it_as_output(tmp_path: Path) -> None:
    # The output outweighs the prose: its face is still not the body's, and its table
    # keeps the group name over two columns and the one-space gap after a long label.
    makes = ["Acura", "Land Rover", "Mercedes-Benz", "Mini", "Volvo", "Toyota", "Saab"]
    lines = [
        "The FREQ Procedure",
        "                                   Cumulative    Cumulative",
        "Make          Frequency     Percent     Frequency      Percent",
        "--------------------------------------------------------------",
    ]
    total = 0
    for n, make in enumerate(makes * 3):
        total += n + 1
        lines.append(f"{make:<14}{n + 1:>9}{n / 2:>12.2f}{total:>14}{total / 3:>13.2f}")
    c = Canvas(str(tmp_path / "cars.pdf"), pagesize=LETTER)
    c.setFont("Helvetica", 11)
    c.drawString(72, 740, "Count the cars of each make in the data set.")
    c.setFont("Courier", 9)
    for n, line in enumerate(lines):
        c.drawString(72, 720 - 11 * n, line)
    c.save()
    doc = load_file(tmp_path / "cars.pdf")
    rows = [s.record for s in doc.sections if s.kind == "table_row"]
    assert len(rows) == 21
    assert rows[2] == {
        "Make": "Mercedes-Benz",
        "Frequency": "3",
        "Percent": "1.00",
        "Cumulative Frequency": "6",
        "Cumulative Percent": "2.00",
    }
    assert not [s for s in doc.sections if s.kind == "paragraph" and "Procedure" in s.text]
