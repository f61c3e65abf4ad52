"""PDF papers set in two columns, with tables drawn as typesetters of papers draw them.

A table of a paper has no grid: a heavy rule above it, a light rule under its header and
a heavy rule below it, the cells aligned between them (numbers right-aligned), and its
caption above the top rule. A table sits in one column or spans both. A header may take
several rows, a label over a group of columns marked by a short rule under it.

Pages are drawn word by word on a canvas, so every position is the test's: prose lines
are justified to the column width, as a typesetter sets them. The texts the tests expect
are module constants.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

PAGE_W, PAGE_H = LETTER
MARGIN = 54.0
GUTTER = 18.0
COLUMN = (PAGE_W - 2 * MARGIN - GUTTER) / 2
FULL = PAGE_W - 2 * MARGIN
BODY = ("Times-Roman", 10.0)
LEADING = 12.0
CELL = ("Times-Roman", 9.0)
ROW = 11.5

_TEXT = (
    "the model reads each document once and keeps what it needs for the next step while "
    "a second pass checks every answer against the passage it came from so that errors "
    "made early are caught before they reach the final score we report here and in the "
    "appendix where each run is listed with its settings and the time it took to finish"
)
_WORDS = _TEXT.split(" ")


def prose(lines: int, width: float = COLUMN, seed: int = 0) -> list[str]:
    """``lines`` lines of running text that fill ``width`` (the last one short)."""
    out: list[str] = []
    k = seed * 7
    while len(out) < lines:
        line: list[str] = []
        while True:
            word = _WORDS[k % len(_WORDS)]
            if line and stringWidth(" ".join([*line, word]), *BODY) > width:
                break
            line.append(word)
            k += 1
        out.append(" ".join(line))
    out[-1] = " ".join(out[-1].split()[: max(3, len(out[-1].split()) // 2)]) + "."
    out[0] = out[0][:1].upper() + out[0][1:]
    return out


@dataclass
class Span:
    """A header label over ``span`` columns from column ``col``; ``rule`` draws a short
    rule under it (the mark of a group label)."""

    col: int
    span: int
    text: str
    rule: bool = True


@dataclass
class RuleTable:
    """A table drawn with horizontal rules only: its caption (above the top rule, or
    inside the frame between the top rule and a rule under it), header rows, records."""

    widths: list[float]
    header: list[list[str | Span]]
    rows: list[list[str]]
    caption: str = ""
    caption_inside: bool = False
    grid: bool = False  # rules around every cell instead (a ruled grid)
    header_font: str = "Times-Roman"


@dataclass
class Flow:
    """What one column (or the full width) holds, top to bottom: prose lines and tables."""

    x: float
    width: float
    items: list[list[str] | RuleTable] = field(default_factory=list)


def _justified(canv: Canvas, x: float, y: float, width: float, text: str, last: bool) -> None:
    words = text.split()
    font, size = BODY
    canv.setFont(font, size)
    if last or len(words) < 2:
        canv.drawString(x, y, text)
        return
    inked = sum(stringWidth(w, font, size) for w in words)
    space = (width - inked) / (len(words) - 1)
    for w in words:
        canv.drawString(x, y, w)
        x += stringWidth(w, font, size) + space


def _lefts(x: float, widths: list[float]) -> list[float]:
    out = [x]
    for w in widths:
        out.append(out[-1] + w)
    return out


def _cell(canv: Canvas, lo: float, hi: float, y: float, text: str, first: bool) -> None:
    """Text in a cell: the first column left-aligned, the others right-aligned (figures)."""
    if first:
        canv.drawString(lo + 3, y, text)
    else:
        canv.drawRightString(hi - 3, y, text)


def _draw_table(canv: Canvas, x: float, y: float, t: RuleTable) -> float:
    """Draw ``t`` from ``y`` (its top) down; the y under it."""
    xs = _lefts(x, t.widths)
    x1 = xs[-1]
    tops: list[float] = []
    if t.caption and not t.caption_inside:
        canv.setFont("Times-Roman", 9)
        y -= ROW
        canv.drawString(x, y + 2, t.caption)
        y -= 4
    canv.setLineWidth(0.8)
    canv.line(x, y, x1, y)
    tops.append(y)
    if t.caption and t.caption_inside:
        canv.setFont("Times-Bold", 9)
        y -= ROW
        canv.drawCentredString((x + x1) / 2, y + 3, t.caption)
        canv.setLineWidth(0.5)
        canv.line(x, y, x1, y)
        tops.append(y)
    for row in t.header:
        y -= ROW
        canv.setFont(t.header_font, CELL[1])
        for c, item in enumerate(row):
            if isinstance(item, Span):
                lo, hi = xs[item.col], xs[item.col + item.span]
                canv.drawCentredString((lo + hi) / 2, y + 3, item.text)
                if item.rule and not t.grid:
                    canv.setLineWidth(0.4)
                    canv.line(lo + 3, y, hi - 3, y)
            elif item:
                _cell(canv, xs[c], xs[c + 1], y + 3, item, c == 0)
        if t.grid:
            canv.setLineWidth(0.5)
            canv.line(x, y, x1, y)
            tops.append(y)
    canv.setLineWidth(0.5)
    canv.line(x, y, x1, y)
    canv.setFont(*CELL)
    for row in t.rows:
        y -= ROW
        for c, text in enumerate(row):
            _cell(canv, xs[c], xs[c + 1], y + 3, text, c == 0)
        if t.grid:
            canv.line(x, y, x1, y)
    canv.setLineWidth(0.8)
    canv.line(x, y, x1, y)
    if t.grid:
        canv.setLineWidth(0.5)
        _grid_verticals(canv, xs, tops[0], y, t)
    return y - LEADING


def _grid_verticals(canv: Canvas, xs: list[float], top: float, bottom: float, t: RuleTable) -> None:
    """The grid's vertical rules; a spanning header cell has none inside it, and a
    caption row inside the frame none but the table's sides."""
    row_top = top - (ROW if t.caption and t.caption_inside else 0)
    for k, x in enumerate(xs):
        inner = 0 < k < len(xs) - 1
        canv.line(x, row_top if inner else top, x, bottom)
    y = row_top
    for row in t.header:
        for item in row:
            if isinstance(item, Span) and item.span > 1:
                for k in range(item.col + 1, item.col + item.span):
                    # Paint over the rule inside the merged cell.
                    canv.setStrokeColorRGB(1, 1, 1)
                    canv.line(xs[k], y - 0.3, xs[k], y - ROW + 0.3)
                    canv.setStrokeColorRGB(0, 0, 0)
        y -= ROW


def _draw_flow(canv: Canvas, flow: Flow, y: float) -> float:
    for item in flow.items:
        if isinstance(item, RuleTable):
            y = _draw_table(canv, flow.x + (flow.width - sum(item.widths)) / 2, y, item)
            continue
        for i, line in enumerate(item):
            y -= LEADING
            _justified(canv, flow.x, y, flow.width, line, i == len(item) - 1)
        y -= LEADING / 2
    return y


def left(*items: list[str] | RuleTable) -> Flow:
    """The left column's content."""
    return Flow(MARGIN, COLUMN, list(items))


def right(*items: list[str] | RuleTable) -> Flow:
    """The right column's content."""
    return Flow(MARGIN + COLUMN + GUTTER, COLUMN, list(items))


def full(*items: list[str] | RuleTable) -> Flow:
    """Content across both columns."""
    return Flow(MARGIN, FULL, list(items))


@dataclass
class PaperPage:
    """A page: a title across the top (optional), then full-width content, then two
    columns side by side."""

    title: str = ""
    top: Flow | None = None
    columns: tuple[Flow, Flow] | None = None


def write_paper(path: Path, pages: list[PaperPage]) -> Path:
    """Draw the pages to ``path``."""
    canv = Canvas(str(path), pagesize=LETTER)
    for page in pages:
        y = PAGE_H - MARGIN
        if page.title:
            canv.setFont("Helvetica-Bold", 16)
            y -= 20
            canv.drawCentredString(PAGE_W / 2, y, page.title)
            y -= 14
        if page.top is not None:
            y = _draw_flow(canv, page.top, y)
        if page.columns is not None:
            ends = [_draw_flow(canv, flow, y) for flow in page.columns]
            y = min(ends)
        canv.setFont("Times-Roman", 9)
        canv.drawCentredString(PAGE_W / 2, MARGIN / 2, str(canv.getPageNumber()))
        canv.showPage()
    canv.save()
    return path


# ----- the tables of the paper --------------------------------------------------------------

RESULTS_HEAD = ["Model", "Accuracy", "F1", "Time"]
RESULTS = [
    ["Logistic regression", "81.2", "79.4", "12"],
    ["Random forest", "84.7", "83.1", "45"],
    ["Gradient boosting", "86.3", "85.0", "61"],
    ["Transformer", "91.8", "90.6", "240"],
]
RESULTS_TABLE = RuleTable(
    [90, 46, 38, 36], [RESULTS_HEAD], RESULTS, caption="Table 1: Results on the test set."
)

DATA_TOP: list[str | Span] = ["", Span(1, 2, "Documents"), Span(3, 2, "Tokens")]
DATA_SUB = ["Corpus", "Train", "Test", "Train", "Test"]
DATA_HEAD = ["Corpus", "Documents Train", "Documents Test", "Tokens Train", "Tokens Test"]
DATA = [
    ["News", "12,000", "1,500", "9.1M", "1.2M"],
    ["Forums", "8,400", "1,050", "4.7M", "0.6M"],
    ["Manuals", "3,100", "400", "2.2M", "0.3M"],
]
DATA_TABLE = RuleTable(
    [62, 44, 40, 44, 40], [DATA_TOP, DATA_SUB], DATA, caption="Table 2: The corpora we used."
)

ABLATION_HEAD = ["Setting", "Precision", "Recall", "F1", "Latency (ms)", "Memory (GB)"]
ABLATION = [
    ["Full system", "90.1", "88.7", "89.4", "120", "6.2"],
    ["Without retrieval", "84.3", "80.2", "82.2", "95", "5.1"],
    ["Without the second pass", "87.9", "86.1", "87.0", "70", "6.0"],
    ["Without either", "80.5", "77.4", "78.9", "52", "4.9"],
    ["Smaller encoder", "86.6", "85.2", "85.9", "64", "2.8"],
]
ABLATION_TABLE = RuleTable(
    [150, 62, 62, 50, 80, 80],
    [ABLATION_HEAD],
    ABLATION,
    caption="Table 3: Ablation: each part of the system taken out in turn.",
)


def make_two_column_paper(path: Path) -> Path:
    """Two pages set in two columns: a table in the left column and one (with a header of
    two rows) in the right column beside running text, then a table across both columns
    at the top of the second page."""
    return write_paper(
        path,
        [
            PaperPage(
                title="Reading Documents Twice",
                columns=(
                    left(prose(16, seed=1), RESULTS_TABLE, prose(14, seed=2)),
                    right(prose(9, seed=3), DATA_TABLE, prose(18, seed=4)),
                ),
            ),
            PaperPage(
                top=full(ABLATION_TABLE),
                columns=(left(prose(26, seed=5)), right(prose(26, seed=6))),
            ),
        ],
    )
