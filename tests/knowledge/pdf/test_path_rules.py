"""A table whose rules are all drawn as one path (a move and a line per rule) is a ruled
table like one drawn rule by rule; a chart's gridlines drawn so, with a tick label here
and there, are no table."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasetkit.knowledge import load_file


def _grid(c: object, xs: list[float], ys: list[float]) -> None:
    path = c.beginPath()  # type: ignore[attr-defined]
    for y in ys:
        path.moveTo(xs[0], y)
        path.lineTo(xs[-1], y)
    for x in xs:
        path.moveTo(x, ys[0])
        path.lineTo(x, ys[-1])
    c.drawPath(path, stroke=1, fill=0)  # type: ignore[attr-defined]


def test_rules_drawn_as_one_path_make_a_ruled_table(tmp_path: Path) -> None:
    from reportlab.pdfgen import canvas

    path = tmp_path / "one_path.pdf"
    c = canvas.Canvas(str(path), pagesize=(612, 792))
    xs, ys = [60, 200, 300, 420], [700, 668, 636, 604, 572]
    _grid(c, xs, ys)
    # Labels wrapped onto two lines inside their ruled cells: only the rules say where
    # a row ends.
    rows = [
        [("Investigation",), ("Number of", "households"), ("Sample size", "per State")],
        [("Anthropometry",), ("2400",), ("1728",)],
        [("Knowledge of", "practices"), ("2400",), ("1825",)],
        [("Diet survey",), ("1200",), ("960",)],
    ]
    c.setFont("Helvetica", 10)
    for r, row in enumerate(rows):
        for k, lines in enumerate(row):
            for n, text in enumerate(lines):
                c.drawString(xs[k] + 4, ys[r] - 12 - 12 * n, text)
    c.save()
    records = [s.record for s in load_file(path).sections if s.kind == "table_row"]
    assert records == [
        {
            "Investigation": "Anthropometry",
            "Number of households": "2400",
            "Sample size per State": "1728",
        },
        {
            "Investigation": "Knowledge of practices",
            "Number of households": "2400",
            "Sample size per State": "1825",
        },
        {
            "Investigation": "Diet survey",
            "Number of households": "1200",
            "Sample size per State": "960",
        },
    ]


@pytest.mark.parametrize("one_path", [True, False])
def test_a_charts_gridlines_are_no_table(tmp_path: Path, one_path: bool) -> None:
    from reportlab.pdfgen import canvas

    path = tmp_path / "plot.pdf"
    c = canvas.Canvas(str(path), pagesize=(612, 792))
    xs = [100 + 30 * k for k in range(8)]
    ys = [700 - 30 * k for k in range(7)]
    if one_path:
        _grid(c, xs, ys)
    else:
        for y in ys:
            c.line(xs[0], y, xs[-1], y)
        for x in xs:
            c.line(x, ys[0], x, ys[-1])
    c.setFont("Helvetica", 9)
    for k, x in enumerate(xs[1::2]):
        c.drawString(x - 3, ys[-1] + 4, str(2 * (k + 1)))
    c.drawString(xs[0] + 4, ys[0] - 12, "y")
    c.drawString(xs[-1] - 10, ys[-1] + 4, "x")
    c.save()
    assert not any(s.kind == "table_row" for s in load_file(path).sections)
