"""A paper's tables as LaTeX sets them: records ruled off in groups under a label of
their own ("Rainfall" over its rows), and a header whose group labels stand over the
top rule between column rules drawn up beside them, a column name hyphenated over two
header lines. One table each, one name per column."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from datasetkit.knowledge import Document, load_file

_FONT, _SIZE, _ROW = "Times-Roman", 9.0, 11.0
_X = [90.0, 200.0, 260.0, 320.0, 380.0, 440.0]  # column edges
_PROSE = (
    "We compare the models on the held-out stations and report the mean error of each",
    "forecast. The results below are averaged over five runs with different seeds and the",
    "best figure of each column is the lowest error among the models compared here.",
)


def _centred(canv: Canvas, text: str, lo: float, hi: float, y: float) -> None:
    canv.drawString((lo + hi - stringWidth(text, _FONT, _SIZE)) / 2, y, text)


def _rule(canv: Canvas, y: float) -> None:
    canv.line(_X[0], y, _X[-1], y)


def _row(canv: Canvas, cells: list[str], y: float) -> None:
    for text, lo, hi in zip(cells, _X, _X[1:], strict=False):
        _centred(canv, text, lo, hi, y)


def _start(path: Path) -> tuple[Canvas, float]:
    canv = Canvas(str(path), pagesize=LETTER)
    y = LETTER[1] - 72
    canv.setFont("Times-Roman", 10)
    for line in _PROSE:
        canv.drawString(_X[0], y, line)
        y -= 12
    canv.setFont("Times-Roman", 10)
    canv.drawString(_X[0], y - 14, "Table 2: Forecast error by horizon.")
    canv.setFont(_FONT, _SIZE)
    return canv, y - 30


_GROUPS = {
    "Rainfall": [
        ["Persistence", "1.30", "1.56", "1.84", "2.00"],
        ["Ours", "1.08", "1.34", "1.60", "1.90"],
    ],
    "Wind speed": [
        ["Persistence", "2.34", "2.74", "3.73", "3.68"],
        ["Ours", "1.90", "2.30", "2.90", "3.21"],
    ],
    "Humidity": [
        ["Persistence", "0.67", "0.97", "1.23", "1.47"],
        ["Ours", "0.61", "0.83", "1.20", "1.39"],
    ],
}


def _grouped(path: Path) -> Path:
    canv, y = _start(path)
    _rule(canv, y)
    y -= _ROW
    _centred(canv, "Short horizon", _X[1], _X[3], y)
    _centred(canv, "Long horizon", _X[3], _X[5], y)
    y -= _ROW
    _row(canv, ["Model", "1 h", "6 h", "12 h", "24 h"], y)
    y -= 4
    for name, rows in _GROUPS.items():
        _rule(canv, y)
        y -= _ROW
        _centred(canv, name, _X[0], _X[-1], y)
        y -= 4
        _rule(canv, y)
        for cells in rows:
            y -= _ROW
            _row(canv, cells, y)
        y -= 4
    _rule(canv, y)
    canv.save()
    return path


def _raised(path: Path) -> Path:
    canv, y = _start(path)
    top = y - _ROW - 4  # the first rule, under the group labels
    for x in (_X[1], _X[3]):  # column rules drawn up beside the group labels
        canv.line(x, y, x, top - 3 * _ROW - 8)
    _centred(canv, "Detection", _X[1], _X[3], y - _ROW)
    _centred(canv, "Anticipation", _X[3], _X[5], y - _ROW)
    _rule(canv, top)
    _centred(canv, "Method", _X[0], _X[1], top - 1.5 * _ROW)
    _row(canv, ["", "Sub-", "Object", "Sub-", "Object"], top - _ROW)
    _row(canv, ["", "activity (%)", "class (%)", "activity (%)", "class (%)"], top - 2 * _ROW)
    y = top - 2 * _ROW - 4
    _rule(canv, y)
    for cells in [
        ["Baseline", "80.4", "81.5", "37.9", "36.7"],
        ["Ours", "83.2", "88.7", "62.3", "80.7"],
        ["Ours (joint)", "82.4", "91.1", "65.6", "80.9"],
    ]:
        y -= _ROW
        _row(canv, cells, y)
    _rule(canv, y - 4)
    canv.save()
    return path


def _tables(doc: Document) -> list[list[dict[str, str]]]:
    out: dict[int, list[dict[str, str]]] = {}
    for s in doc.sections:
        if s.kind == "table_row" and s.record is not None:
            out.setdefault(s.provenance.table or 0, []).append(s.record)
    return list(out.values())


def test_records_ruled_off_in_groups_under_their_labels_are_one_table(tmp_path: Path) -> None:
    tables = _tables(load_file(_grouped(tmp_path / "groups.pdf")))
    assert len(tables) == 1
    rows = tables[0]
    head = [
        "Model",
        "Short horizon 1 h",
        "Short horizon 6 h",
        "Long horizon 12 h",
        "Long horizon 24 h",
    ]
    assert list(rows[0]) == head
    assert [r["Model"] for r in rows] == [
        "Rainfall",
        "Persistence",
        "Ours",
        "Wind speed",
        "Persistence",
        "Ours",
        "Humidity",
        "Persistence",
        "Ours",
    ]
    assert rows[5]["Long horizon 24 h"] == "3.21"


def test_group_labels_over_the_top_rule_and_a_hyphenated_name_join_the_header(
    tmp_path: Path,
) -> None:
    doc = load_file(_raised(tmp_path / "raised.pdf"))
    tables = _tables(doc)
    assert len(tables) == 1
    assert list(tables[0][0]) == [
        "Method",
        "Detection Sub-activity (%)",
        "Detection Object class (%)",
        "Anticipation Sub-activity (%)",
        "Anticipation Object class (%)",
    ]
    assert len(tables[0]) == 3
    # The group labels are the table's, not a line of text above it.
    assert not any(s.text.startswith("Detection") for s in doc.sections if s.kind != "table_row")


def test_a_word_hyphenated_over_two_header_rows_is_joined_an_open_compound_is_not() -> None:
    from datasetkit.knowledge.tableheader import HeaderCell, names

    rows = [
        [HeaderCell(0, 1, "Sub-"), HeaderCell(1, 1, "Pre-"), HeaderCell(2, 1, "Vor-")],
        [
            HeaderCell(0, 1, "activity (%)"),
            HeaderCell(1, 1, "and post-tax"),
            HeaderCell(2, 1, "2023"),
        ],
    ]
    assert names(rows, 3) == ["Sub-activity (%)", "Pre- and post-tax", "Vor- 2023"]


_GX = [60.0, 150.0, 200.0, 250.0, 300.0, 350.0, 400.0, 450.0]
_RESULTS = [
    ["Baseline", "64.7", "47.2", "73.7", "57.8", "43.7", "37.7"],
    ["Ours", "81.2", "78.6", "92.7", "84.4", "82.2", "75.9"],
    ["Ours (large)", "80.8", "75.2", "83.8", "79.2", "77.4", "71.2"],
]


def _group_rules(path: Path) -> Path:
    """Column rules drawn only between the groups of columns, from the group labels
    down, with rules across above and under the header and at the bottom."""
    canv, y = _start(path)
    top = y - _ROW - 4
    bottom = top - _ROW - 4 - len(_RESULTS) * _ROW - 4
    for x in (_GX[1], _GX[3], _GX[5]):
        canv.line(x, y, x, bottom)
    for name, lo, hi in (("Turns", 1, 3), ("Lanes", 3, 5), ("All", 5, 7)):
        _centred(canv, name, _GX[lo], _GX[hi], y - _ROW)
    for level in (top, top - _ROW - 4, bottom):
        canv.line(_GX[0], level, _GX[-1], level)
    head = ["Method", "Pr (%)", "Re (%)", "Pr (%)", "Re (%)", "Pr (%)", "Re (%)"]
    rows = [head, *_RESULTS]
    for n, cells in enumerate(rows):
        base = top - _ROW + 2 - n * _ROW - (4 if n else 0)
        for text, lo, hi in zip(cells, _GX, _GX[1:], strict=False):
            _centred(canv, text, lo, hi, base)
    canv.save()
    return path


def test_column_rules_between_groups_only_leave_each_sub_column_its_own(tmp_path: Path) -> None:
    tables = _tables(load_file(_group_rules(tmp_path / "groups.pdf")))
    assert len(tables) == 1
    assert list(tables[0][0]) == [
        "Method",
        "Turns Pr (%)",
        "Turns Re (%)",
        "Lanes Pr (%)",
        "Lanes Re (%)",
        "All Pr (%)",
        "All Re (%)",
    ]
    assert [list(r.values()) for r in tables[0]] == _RESULTS


def test_cells_of_glyphs_that_map_to_no_character_are_no_table() -> None:
    from datasetkit.knowledge.pdf.tables import Table, _unreadable

    labels = Table(1, 0, 0, 40, 40, [["", "x"], ["\ufffd", "\ufffd+1"], ["H node", "\ufffd"]])
    assert _unreadable(labels)
    figures = Table(1, 0, 0, 40, 40, [["Model", "F1"], ["Ours", "81.2"], ["Base \ufffd", "64.7"]])
    assert not _unreadable(figures)
