"""Compact typeset tables: columns about an em apart (a statistics text's contingency
table), names set closer than figures, a running header with the page number right
above a table, and columns of running text that are no table."""

from __future__ import annotations

from pathlib import Path

from datasetkit.knowledge import load_file

_FONT = "Helvetica"
_SIZE = 12


def _canvas(path: Path):  # type: ignore[no-untyped-def]
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont(_FONT, _SIZE)
    return c


def _paragraph(c, y: float, lines: list[str]) -> float:  # type: ignore[no-untyped-def]
    for line in lines:
        c.drawString(72, y, line)
        y -= 15
    return y


_INTRO = [
    "The survey asked each person whether they smoke and whether they have been",
    "treated for a chronic cough in the last year. The table gives the shares.",
]
_OUTRO = [
    "Table 3: Shares of smokers and of treated people in the sample.",
    "",
    "The shares in each row add up to the total share on the right of it.",
]
# Columns of figures less than an em apart, their names closer still.
_COLUMNS = [250, 283, 316]
_NAMES = ["Daily", "Rare", "Sum"]
_ROWS = [("Treated", ["0.30", "0.20", "0.50"]), ("Untreated", ["0.10", "0.40", "0.50"])]


def _contingency(path: Path) -> Path:
    c = _canvas(path)
    y = _paragraph(c, 760, _INTRO) - 20
    c.drawString(150, y, "Cough")
    for x, name in zip(_COLUMNS, _NAMES, strict=True):
        # each name centred over its column of figures
        c.drawCentredString(x + c.stringWidth("0.30", _FONT, _SIZE) / 2, y, name)
    for label, values in [*_ROWS, ("Total", ["0.40", "0.60", "1.00"])]:
        y -= 15
        c.drawString(150, y, label)
        for x, value in zip(_COLUMNS, values, strict=True):
            c.drawString(x, y, value)
    _paragraph(c, y - 30, _OUTRO)
    c.save()
    return path


def _tables(path: Path) -> dict[int, list[dict[str, str]]]:
    out: dict[int, list[dict[str, str]]] = {}
    for s in load_file(path).sections:
        if s.kind == "table_row" and s.record is not None:
            out.setdefault(s.provenance.table or 0, []).append(dict(s.record))
    return out


def test_figures_an_em_apart_and_names_set_closer_are_columns_of_their_own(
    tmp_path: Path,
) -> None:
    tables = _tables(_contingency(tmp_path / "contingency.pdf"))
    assert list(tables.values()) == [
        [
            {"Cough": "Treated", "Daily": "0.30", "Rare": "0.20", "Sum": "0.50"},
            {"Cough": "Untreated", "Daily": "0.10", "Rare": "0.40", "Sum": "0.50"},
            {"Cough": "Total", "Daily": "0.40", "Rare": "0.60", "Sum": "1.00"},
        ]
    ]


def _booklet(path: Path) -> Path:
    """Two pages under a running header with the page number; the second opens with a
    table right under it."""
    c = _canvas(path)
    for page in (1, 2):
        c.drawString(72, 800, str(page + 10))
        c.drawString(180, 800, "Handbook of survey methods for field staff")
        if page == 1:
            _paragraph(c, 760, [*_INTRO, "The next page gives the counts by site."])
        else:
            y = 780
            for row in [
                ["Site", "Visits", "Refusals"],
                ["North", "120", "14"],
                ["South", "95", "9"],
                ["East", "143", "21"],
            ]:
                for x, text in zip([150, 260, 340], row, strict=True):
                    c.drawString(x, y, text)
                y -= 15
            _paragraph(c, y - 20, ["Table 1: Visits and refusals by site over the year."])
        c.showPage()
        c.setFont(_FONT, _SIZE)
    c.save()
    return path


def test_a_running_header_with_the_page_number_is_not_the_header_of_a_table_under_it(
    tmp_path: Path,
) -> None:
    tables = _tables(_booklet(tmp_path / "booklet.pdf"))
    assert list(tables.values()) == [
        [
            {"Site": "North", "Visits": "120", "Refusals": "14"},
            {"Site": "South", "Visits": "95", "Refusals": "9"},
            {"Site": "East", "Visits": "143", "Refusals": "21"},
        ]
    ]


def test_a_contents_page_and_a_formula_in_a_cell_are_not_cut_at_their_figures(
    tmp_path: Path,
) -> None:
    path = tmp_path / "contents.pdf"
    c = _canvas(path)
    entries = [("Introduction", "1"), ("Sampling", "12"), ("Weighting", "27"), ("Results", "41")]
    y = 760
    for title, page in entries:
        c.drawString(72, y, title)
        x = 72 + c.stringWidth(title, _FONT, _SIZE) + 6
        while x < 440:
            c.drawString(x, y, ".")
            x += 9
        c.drawString(470 - c.stringWidth(page, _FONT, _SIZE), y, page)
        y -= 15
    c.save()
    assert _tables(path) == {}


_PROSE = [
    (
        "the inspection of each unit shall be",
        "done before the first flight of the day",
        "and recorded in the log kept on board",
    ),
    (
        "any fault found during the inspection",
        "is reported to the maintenance office",
        "within one working day of the finding",
    ),
    (
        "the office decides whether the unit may",
        "stay in service until it can be repaired",
        "or must be taken out of service at once",
    ),
    (
        "and notes the decision in the log so that",
        "the next crew reads it before they fly",
        "and knows what was done and why it was",
    ),
]


def test_columns_of_running_text_with_a_narrow_gutter_are_no_table(tmp_path: Path) -> None:
    path = tmp_path / "columns.pdf"
    c = _canvas(path)
    c.setFont(_FONT, 9)
    y = 760
    for line in _PROSE:
        for x, text in zip([40, 209, 367], line, strict=True):  # a gutter of about an em
            c.drawString(x, y, text)
        y -= 11
    c.save()
    assert _tables(path) == {}
    text = " ".join(s.text for s in load_file(path).sections)
    assert "done before the first flight of the day" in text
