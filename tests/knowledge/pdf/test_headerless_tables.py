"""PDF tables whose header is not where a reader looks for it: a table that goes on over
the next page under a line the page sets above it, with or without its header again,
and a table printed with no header row at all (its first record is no header).

The documents are built here with reportlab: a list of donors (names, places, amounts,
dates), long enough to run over a page break.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.platypus import PageBreak, Paragraph, Table, TableStyle

from datasetkit.knowledge import Document, Section, load_file
from tests.helpers import pdf_fixtures as F

_DONORS = ("Alvarado Group", "Southern Bank", "Luna Association", "Perez Institute")
_PLACES = ("Madrid", "Seville", "Bilbao", "Valencia", "Malaga", "Zaragoza", "Murcia")
HEADER = ["Donor", "City", "Amount", "Date"]


def _donors(n: int, start: int = 0) -> list[list[str]]:
    return [
        [
            f"{_DONORS[i % len(_DONORS)]} {i + 1}",
            _PLACES[i % len(_PLACES)],
            f"{(i * 137) % 9000 + 1000:,} €",
            f"{i % 28 + 1:02d}/03/2024",
        ]
        for i in range(start, start + n)
    ]


def _annex(
    path: Path,
    data: list[list[str]],
    *,
    filler: int = 0,
    header: bool = True,
    grid: bool = False,
    repeat: bool = False,
    after: list[list[str]] | None = None,
    after_title: str = "",
) -> Document:
    """An annex: a title, ``filler`` paragraphs, the table (its first row bold when it is
    a ``header``; repeated on each page when ``repeat``), and ``after`` as a second table
    at the top of the next page (under ``after_title`` in the heading style, when given).
    Pages after the first carry a running header of their own."""
    commands: list[Any] = [("FONT", (0, 0), (-1, -1), F.BODY_FONT, 10)]
    if header:
        commands.append(("FONT", (0, 0), (-1, 0), F.BOLD_FONT, 10))
    if grid:
        commands.append(("GRID", (0, 0), (-1, -1), 0.5, colors.black))
    widths = [170, 100, 90, 90]

    def story() -> list[Any]:
        out: list[Any] = [Paragraph("Annex I. Donors", F.STYLES["h1"])]
        text = "The donors of the year are listed below with what each gave and when. " * 5
        out += [Paragraph(text, F.STYLES["body"]) for _ in range(filler)]
        style = TableStyle(commands)
        out.append(
            Table(data, colWidths=widths, repeatRows=int(repeat), hAlign="LEFT", style=style)
        )
        if after is not None:
            out.append(PageBreak())
            if after_title:
                out.append(Paragraph(after_title, F.STYLES["h2"]))
            out.append(Table(after, colWidths=widths, hAlign="LEFT", style=style))
        out.append(Paragraph("End of the annex.", F.STYLES["body"]))
        return out

    return load_file(F.build(path, story, F.running_page("Annual report 2024")))


def _tables(doc: Document) -> list[list[Section]]:
    out: dict[int | None, list[Section]] = {}
    for s in doc.sections:
        if s.kind == "table_row":
            out.setdefault(s.provenance.table, []).append(s)
    return list(out.values())


def test_a_table_going_on_under_a_line_of_the_next_page_is_one_table(tmp_path: Path) -> None:
    rows = _donors(20)
    doc = _annex(tmp_path / "annex.pdf", [HEADER, *rows], filler=7)
    tables = _tables(doc)
    assert len(tables) == 1
    first, last = tables[0][0], tables[0][-1]
    assert (first.provenance.page, last.provenance.page) == (1, 2)
    assert [list((s.record or {}).values()) for s in tables[0]] == rows
    assert all(list(s.record or {}) == HEADER for s in tables[0])
    # The line the page set above the table is kept, after the table.
    texts = [s.text for s in doc.sections if s.kind != "table_row"]
    assert "Annual report 2024" in texts


def test_a_ruled_table_whose_header_is_repeated_keeps_it_once(tmp_path: Path) -> None:
    rows = _donors(20)
    doc = _annex(tmp_path / "annex.pdf", [HEADER, *rows], filler=7, grid=True, repeat=True)
    tables = _tables(doc)
    assert len(tables) == 1
    assert [list((s.record or {}).values()) for s in tables[0]] == rows


def test_a_table_with_a_header_of_its_own_on_the_next_page_stays_apart(tmp_path: Path) -> None:
    other = ["Sponsor", "Region", "Pledge", "Signed"]
    doc = _annex(
        tmp_path / "annex.pdf",
        [HEADER, *_donors(12)],
        after=[other, *_donors(12, start=40)],
    )
    heads = [list(t[0].record or {}) for t in _tables(doc)]
    assert heads == [HEADER, other]


def test_a_table_under_a_title_of_its_own_is_another_table_with_the_same_header(
    tmp_path: Path,
) -> None:
    # A group's list and then a member's, with the same columns: the bold title the next
    # page sets over the second names another table; "(continued)" would not.
    doc = _annex(
        tmp_path / "annex.pdf",
        [HEADER, *_donors(12)],
        after=[HEADER, *_donors(12, start=40)],
        after_title="Annex II. Donors of the foundation",
    )
    tables = _tables(doc)
    assert [len(t) for t in tables] == [12, 12]
    assert [list(t[0].record or {}) for t in tables] == [HEADER, HEADER]
    assert any(s.text == "Annex II. Donors of the foundation" for s in doc.sections)


def test_a_table_under_a_continued_title_is_the_same_table(tmp_path: Path) -> None:
    doc = _annex(
        tmp_path / "annex.pdf",
        [HEADER, *_donors(12)],
        after=[HEADER, *_donors(12, start=12)],
        after_title="Annex I. Donors (continued)",
    )
    (table,) = _tables(doc)
    assert [list((s.record or {}).values()) for s in table] == _donors(24)


def test_a_table_with_no_header_row_keeps_its_first_record(tmp_path: Path) -> None:
    rows = _donors(12)
    doc = _annex(tmp_path / "annex.pdf", rows, header=False)
    (table,) = _tables(doc)
    assert [list((s.record or {}).values()) for s in table] == rows
    assert list(table[0].record or {}) == ["Column 1", "Column 2", "Column 3", "Column 4"]


def test_a_headerless_table_over_a_page_break_is_one_table_of_records(tmp_path: Path) -> None:
    rows = _donors(20)
    doc = _annex(tmp_path / "annex.pdf", rows, filler=7, header=False, grid=True)
    (table,) = _tables(doc)
    assert [list((s.record or {}).values()) for s in table] == rows


def test_a_header_over_amounts_and_dates_stays_the_header(tmp_path: Path) -> None:
    doc = _annex(tmp_path / "annex.pdf", [HEADER, *_donors(6)], header=False)
    (table,) = _tables(doc)
    assert list(table[0].record or {}) == HEADER
    assert len(table) == 6


def test_a_short_dot_leader_left_in_a_cell_is_no_text() -> None:
    from datasetkit.knowledge.pdf.geometry import Word
    from datasetkit.knowledge.pdf.tablebox import cell_text

    words = [
        Word(text, x, x + 30, 100, 110, 10, False)
        for x, text in ((72, "Sensor"), (104, "test"), (136, ".."))
    ]
    assert cell_text(words) == "Sensor test"
