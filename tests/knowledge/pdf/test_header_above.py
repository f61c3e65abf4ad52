"""A rate table as price schedules set it: a boxed two-row header over unruled records,
the records going on over three pages under the page title set again on each page."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file

_ROLES = ["Architect", "Consultant", "Database Administrator", "Project Manager", "Analyst"]
_GRADES = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"]


_PARTS = ["Scope of services", "Orders", "Invoices", "Warranties", "Insurance", "Termination"]
_PROSE = [
    "The contractor shall provide the services described in this agreement to every",
    "participating entity that places an order under it, at the rates set out in the",
    "attached schedule, and shall keep its records of each order for three years.",
]


def _records() -> list[tuple[str, str, str, str]]:
    out = []
    for k, (role, grade) in enumerate((r, g) for r in _ROLES for g in _GRADES):
        out.append((f"{role} {grade}", "Bachelors", str(1 + k % 12), f"{120 + 3.5 * k:.2f}"))
    return out


def _schedule(path: Path, per_page: int = 16, prose: int = 0) -> Path:
    """``prose`` pages of an agreement, then the schedule's pages: the page title on
    each, the boxed header on the first only."""
    from reportlab.lib.pagesizes import LETTER
    from reportlab.pdfgen.canvas import Canvas

    canv = Canvas(str(path), pagesize=LETTER)
    for number in range(1, prose + 1):  # the agreement the schedule is attached to
        canv.setFont("Helvetica-Bold", 14)
        canv.drawString(60, 740, _PARTS[number % len(_PARTS)])
        canv.setFont("Helvetica", 10)
        for k in range(30):
            canv.drawString(60, 710 - 14 * k, _PROSE[k % len(_PROSE)])
        canv.showPage()
    records = _records()
    pages = [records[i : i + per_page] for i in range(0, len(records), per_page)]
    for number, rows in enumerate(pages, start=1):
        canv.setFont("Helvetica-Bold", 12)
        canv.drawCentredString(306, 740, "Attachment C - Pricing Schedule")
        canv.drawCentredString(306, 722, "Contractor: Example Systems, Inc.")
        y = 690
        if number == 1:
            _boxed_header(canv, y)
            y -= 44
        canv.setFont("Helvetica", 9)
        for role, level, years, rate in rows:
            canv.drawString(60, y, role)
            canv.drawCentredString(305, y, level)
            canv.drawCentredString(400, y, years)
            canv.drawString(450, y, "$")
            canv.drawRightString(510, y, rate)
            y -= 14
        canv.setFont("Helvetica", 8)
        canv.drawString(60, 40, "Attachment C")
        canv.drawRightString(550, 40, f"Page {number} of {len(pages)}")
        canv.showPage()
    canv.save()
    return path


def _boxed_header(canv: object, y: float) -> None:
    """A group label over the last three columns, then labels wrapped over two lines,
    each in a box of its own (the records below have none)."""
    c = canv  # reportlab's Canvas
    c.setFont("Helvetica-Bold", 8)  # type: ignore[attr-defined]
    c.rect(55, y - 4, 195, 14)  # type: ignore[attr-defined]
    c.rect(250, y - 4, 270, 14)  # type: ignore[attr-defined]
    c.drawString(60, y, "Rates are calendar year")  # type: ignore[attr-defined]
    c.drawCentredString(385, y, "Later years escalate by 2%")  # type: ignore[attr-defined]
    for x0, x1 in ((55, 250), (250, 360), (360, 440), (440, 520)):
        c.rect(x0, y - 32, x1 - x0, 28)  # type: ignore[attr-defined]
    c.drawString(60, y - 20, "Title")  # type: ignore[attr-defined]
    c.drawCentredString(305, y - 14, "Minimum Education /")  # type: ignore[attr-defined]
    c.drawCentredString(305, y - 24, "Certification Level")  # type: ignore[attr-defined]
    c.drawCentredString(400, y - 14, "Minimum Years of")  # type: ignore[attr-defined]
    c.drawCentredString(400, y - 24, "Experience")  # type: ignore[attr-defined]
    c.drawCentredString(480, y - 20, "Rate 2024")  # type: ignore[attr-defined]


def test_a_boxed_header_names_the_unruled_records_below_it(tmp_path: Path) -> None:
    doc = load_file(_schedule(tmp_path / "rates.pdf", per_page=40), display="rates.pdf")
    rows = [s.record for s in doc.sections if s.kind == "table_row"]
    # Each column is named by its own label, under the labels above it; the first
    # record stays a record, its dollar sign joined to its amount.
    names = list(rows[0])
    assert names[0] == "Rates are calendar year Title"
    assert names[1].endswith("Minimum Education / Certification Level")
    assert names[2] == "Later years escalate by 2% Minimum Years of Experience"
    assert names[3].endswith("Rate 2024")
    assert list(rows[0].values()) == ["Architect I", "Bachelors", "1", "$120.00"]
    assert len(rows) == len(_records())


def test_a_table_over_pages_under_a_repeated_page_title_is_one_table(
    tmp_path: Path,
) -> None:
    # The schedule's title repeats on its pages only: not a running header of the
    # document, but set again above the table where it goes on.
    path = _schedule(tmp_path / "rates.pdf", per_page=24, prose=6)
    doc = load_file(path, display="rates.pdf")
    rows = [s for s in doc.sections if s.kind == "table_row"]
    assert len({s.provenance.table for s in rows}) == 1
    assert len(rows) == len(_records())
    assert {s.provenance.page for s in rows} == {7, 8}
    titles = [s for s in doc.sections if "Contractor: Example Systems" in s.text]
    assert [s.provenance.page for s in titles] == [7]
