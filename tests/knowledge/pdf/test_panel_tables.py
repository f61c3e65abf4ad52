"""A price table read as a person reads it: a frame split into panels is page layout
(the table in one panel, a chart in the other), and bold group rows ("Ethanol ($/gal)")
inside an unruled table keep its rows under one header."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER, landscape
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import load_file

B, R = "Helvetica-Bold", "Helvetica"
HEAD = ["This Week", "Last Week", "Year Ago"]
GROUPS = {
    "Ethanol ($/gal)": [
        ("Iowa", "1.35 - 1.42", "1.38 - 1.43", "1.27"),
        ("Ohio", "1.49", "unq", "1.35"),
    ],
    "Tallow ($/cwt)": [
        ("Chicago", "30.50", "29.75 - 30.00", "28.00"),
        ("Omaha", "unq", "31.25", "27.50"),
    ],
    "Grease ($/cwt)": [("Denver", "23.00", "22.00 - 23.00", "18.00")],
}
X = [40.0, 230.0, 310.0, 400.0]  # left edge of the labels, right edges of the figures


def _page(path: Path, framed: bool) -> Path:
    width, height = landscape(LETTER)
    canv = Canvas(str(path), pagesize=(width, height))
    y = height - 60
    canv.setFont(B, 9)
    for x, label in zip(X[1:], HEAD, strict=True):
        canv.drawRightString(x, y, label)
    panel = 480.0
    for group, rows in GROUPS.items():
        y -= 13
        canv.setFont(B, 9)
        canv.drawString(X[0] - 12, y, group)
        for row in rows:
            y -= 13
            canv.setFont(R, 9)
            canv.drawString(X[0], y, row[0])
            for x, value in zip(X[1:], row[1:], strict=True):
                canv.drawRightString(x, y, value)
        if framed:
            canv.line(20, y - 4, panel, y - 4)  # a rule under each group, in its panel only
    if framed:
        canv.rect(20, y - 20, width - 40, height - 40 - (y - 20))
        canv.line(panel, y - 20, panel, height - 40)  # the divider between the panels
        canv.rect(panel + 10, height - 150, 230, 90)  # a chart's box
        canv.setFont(B, 9)
        canv.drawString(panel + 60, height - 75, "Iowa Ethanol")
        canv.setFont(R, 7)
        for i, tick in enumerate(("2.60", "2.40", "2.20")):
            canv.drawString(panel + 14, height - 95 - 24 * i, tick)
    canv.save()
    return path


def _rows(path: Path) -> list[tuple[int | None, dict[str, str]]]:
    doc = load_file(path)
    return [
        (s.provenance.table, s.record) for s in doc.sections if s.kind == "table_row" and s.record
    ]


def _check(rows: list[tuple[int | None, dict[str, str]]]) -> None:
    assert len({t for t, _ in rows}) == 1, "one table, its group rows inside it"
    records = [r for _, r in rows]
    assert list(records[0])[1:] == HEAD
    chicago = next(r for r in records if "Chicago" in r.values())
    assert chicago["Last Week"] == "29.75 - 30.00"
    assert any("Tallow ($/cwt)" in r.values() for r in records)
    assert sum(1 for r in records if r["Year Ago"]) == 5


def test_group_rows_keep_an_unruled_table_under_its_header(tmp_path: Path) -> None:
    _check(_rows(_page(tmp_path / "prices.pdf", framed=False)))


def test_a_frame_split_into_panels_is_not_a_grid(tmp_path: Path) -> None:
    rows = _rows(_page(tmp_path / "roundup.pdf", framed=True))
    _check(rows)
    assert not any("Iowa Ethanol" in v for _, r in rows for v in r.values())
