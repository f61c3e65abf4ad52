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

from collections.abc import Sequence
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
    header: Sequence[Sequence[str | Span]]
    rows: list[list[str]]
    caption: str = ""
    caption_inside: bool = False
    grid: bool = False  # rules around every cell instead (a ruled grid)
    merged_down: set[int] = field(default_factory=set)  # grid columns one cell down the header
    header_font: str = "Times-Roman"
    # Records after ``rows`` in groups: a label in the first column set once, between the
    # group's lines (merged down over them), a rule under each group.
    groups: list[tuple[str, list[list[str]]]] = field(default_factory=list)
    # Cells of running text wrapped to their column's width, a rule under each record.
    wrap: bool = False
    text_columns: int = 1  # the first columns hold text, set left; the others figures
    centred: bool = False  # figures centred in their cells (else set right)
    # The first column's name set once, midway down a header of several rows (merged down).
    corner: str = ""
    rules: bool = True  # False: no rule at all, the cells aligned on their own
    caption_below: bool = False  # the caption under the bottom rule, not above the top
    caption_font: tuple[str, float] = ("Times-Roman", 9)
    best: set[tuple[int, int]] = field(default_factory=set)  # (row, column) set in bold


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


def _cell(
    canv: Canvas, lo: float, hi: float, y: float, text: str, left: bool, centred: bool = False
) -> None:
    """Text in a cell: text columns left-aligned, the others right-aligned (figures), or
    centred."""
    if left:
        canv.drawString(lo + 3, y, text)
    elif centred:
        canv.drawCentredString((lo + hi) / 2, y, text)
    else:
        canv.drawRightString(hi - 3, y, text)


def _draw_table(canv: Canvas, x: float, y: float, t: RuleTable) -> float:
    """Draw ``t`` from ``y`` (its top) down; the y under it."""
    xs = _lefts(x, t.widths)
    x1 = xs[-1]
    bands: list[tuple[float, float, set[int]]] = []  # grid rows: top, bottom, merged rules
    if t.caption and not t.caption_inside and not t.caption_below:
        canv.setFont(*t.caption_font)
        y -= ROW
        canv.drawString(x, y + 2, t.caption)
        y -= 4
    canv.setLineWidth(0.8 if t.rules else 0)
    if t.rules:
        canv.line(x, y, x1, y)
    head_top = y
    if t.caption and t.caption_inside:
        canv.setFont("Times-Bold", 9)
        y -= ROW
        canv.drawCentredString((x + x1) / 2, y + 3, t.caption)
        canv.setLineWidth(0.5)
        canv.line(x, y, x1, y)
        bands.append((y + ROW, y, set(range(1, len(xs) - 1))))
    for n, row in enumerate(t.header):
        y -= ROW
        canv.setFont(t.header_font, CELL[1])
        inside: set[int] = set()
        for c, item in enumerate(row):
            if isinstance(item, Span):
                lo, hi = xs[item.col], xs[item.col + item.span]
                canv.drawCentredString((lo + hi) / 2, y + 3, item.text)
                inside.update(range(item.col + 1, item.col + item.span))
                if item.rule and t.rules and not t.grid:
                    canv.setLineWidth(0.4)
                    canv.line(lo + 3, y, hi - 3, y)
            elif item:
                _cell(canv, xs[c], xs[c + 1], y + 3, item, c < t.text_columns, t.centred)
        bands.append((y + ROW, y, inside))
        if t.grid and n < len(t.header) - 1:
            canv.setLineWidth(0.5)
            for c in range(len(t.widths)):
                if c not in t.merged_down:
                    canv.line(xs[c], y, xs[c + 1], y)
    if t.corner:
        canv.drawString(xs[0] + 3, (head_top + y) / 2 - 3, t.corner)
    canv.setLineWidth(0.5)
    if t.rules:
        canv.line(x, y, x1, y)
    canv.setFont(*CELL)
    for record in t.rows:
        if t.wrap:
            y = _wrapped_record(canv, xs, y, record)
            if record is not t.rows[-1]:
                canv.line(x, y, x1, y)
            continue
        y -= ROW
        for c, text in enumerate(record):
            canv.setFont("Times-Bold" if (t.rows.index(record), c) in t.best else CELL[0], CELL[1])
            _cell(canv, xs[c], xs[c + 1], y + 3, text, c < t.text_columns, t.centred)
        if t.grid:
            canv.line(x, y, x1, y)
        bands.append((y + ROW, y, set()))
    for label, lines in t.groups:
        canv.line(x, y, x1, y)
        top = y
        for record in lines:
            y -= ROW
            for c, text in enumerate(record):
                if c:
                    _cell(canv, xs[c], xs[c + 1], y + 3, text, c < t.text_columns, t.centred)
        canv.drawString(xs[0] + 3, (top + y) / 2 - 3, label)
    canv.setLineWidth(0.8)
    if t.rules:
        canv.line(x, y, x1, y)
    if t.caption and t.caption_below:
        canv.setFont(*t.caption_font)
        y -= ROW + 4
        canv.drawString(x, y + 2, t.caption)
    if t.grid:
        canv.setLineWidth(0.5)
        for top, bottom, inside in bands:
            for k, edge in enumerate(xs):
                if k not in inside:
                    canv.line(edge, top, edge, bottom)
    return y - LEADING


def _wrapped_record(canv: Canvas, xs: list[float], y: float, record: list[str]) -> float:
    """A record whose cells are running text, each wrapped to its column; the y under it."""
    font, size = CELL
    cells: list[list[str]] = []
    for c, text in enumerate(record):
        width = xs[c + 1] - xs[c] - 6
        lines: list[str] = []
        for word in text.split():
            if lines and stringWidth(f"{lines[-1]} {word}", font, size) <= width:
                lines[-1] += f" {word}"
            else:
                lines.append(word)
        cells.append(lines)
    depth = max(len(lines) for lines in cells)
    for k in range(depth):
        y -= ROW
        for c, lines in enumerate(cells):
            if k < len(lines):
                canv.drawString(xs[c] + 3, y + 3, lines[k])
    return y - 2


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


# ----- headers of several rows, captions inside the frame ------------------------------------

OUTLOOK_TOP: list[str | Span] = ["", Span(1, 4, "Year over Year"), Span(5, 3, "Q4 over Q4")]
OUTLOOK_MID: list[str | Span] = [
    "",
    "",
    "Estimate",
    Span(3, 2, "Projections"),
    "",
    "Estimate",
    Span(6, 2, "Projections"),
]
OUTLOOK_SUB = ["Economy", "2021", "2022", "2023", "2024", "2022", "2023", "2024"]
OUTLOOK_HEAD = [
    "Economy",
    "Year over Year 2021",
    "Year over Year Estimate 2022",
    "Year over Year Projections 2023",
    "Year over Year Projections 2024",
    "Q4 over Q4 Estimate 2022",
    "Q4 over Q4 Projections 2023",
    "Q4 over Q4 Projections 2024",
]
OUTLOOK = [
    ["World Output", "6.2", "3.4", "2.9", "3.1", "1.9", "3.2", "3.0"],
    ["Advanced Economies", "5.4", "2.7", "1.2", "1.4", "1.3", "1.1", "1.6"],
    ["Emerging Markets", "6.7", "3.9", "4.0", "4.2", "2.5", "5.0", "4.1"],
    ["Low-Income Countries", "4.1", "4.9", "4.9", "5.6", "0.8", "1.2", "1.5"],
]
OUTLOOK_TABLE = RuleTable(
    [128, *[50] * 7],
    [OUTLOOK_TOP, OUTLOOK_MID, OUTLOOK_SUB],
    OUTLOOK,
    caption="Table 1. Overview of the projections (percent change)",
)

SALES_TOP: list[str | Span] = ["", Span(1, 4, "Sales")]
SALES_MID: list[str | Span] = ["", Span(1, 2, "Online"), Span(3, 2, "Stores")]
SALES_SUB = ["Region", "2023", "2024", "2023", "2024"]
SALES_HEAD = [
    "Region",
    "Sales Online 2023",
    "Sales Online 2024",
    "Sales Stores 2023",
    "Sales Stores 2024",
]
SALES = [
    ["North", "1,200", "1,350", "4,100", "3,900"],
    ["South", "980", "1,120", "3,600", "3,750"],
    ["East", "760", "910", "2,800", "2,650"],
]
SALES_TABLE = RuleTable(
    [120, 70, 70, 70, 70],
    [SALES_TOP, SALES_MID, SALES_SUB],
    SALES,
    grid=True,
    merged_down={0},
    header_font="Times-Bold",
)

STAFF_CAPTION = "Staff by office, end of year"
STAFF_HEAD = ["Office", "Engineers", "Sales", "Support"]
STAFF = [
    ["Lisbon", "42", "12", "9"],
    ["Seoul", "35", "8", "11"],
    ["Toronto", "27", "15", "6"],
]
STAFF_GRID = RuleTable(
    [130, 80, 80, 80],
    [STAFF_HEAD],
    STAFF,
    caption=STAFF_CAPTION,
    caption_inside=True,
    grid=True,
    header_font="Times-Bold",
)
BUDGET_CAPTION = "Budget by quarter, in thousands"
BUDGET_HEAD = ["Quarter", "Planned", "Spent", "Left"]
BUDGET = [
    ["First", "250", "231", "19"],
    ["Second", "250", "262", "-12"],
    ["Third", "300", "284", "16"],
]
BUDGET_RULES = RuleTable(
    [130, 80, 80, 80], [BUDGET_HEAD], BUDGET, caption=BUDGET_CAPTION, caption_inside=True
)


def make_header_tables(path: Path) -> Path:
    """One column of text with tables across it: a header of three rows with labels over
    groups of columns, drawn with rules only and as a ruled grid; then a ruled grid and a
    rule-bounded table whose title sits inside the frame, above the header."""
    return write_paper(
        path,
        [
            PaperPage(
                title="World Outlook Tables",
                top=full(
                    prose(3, FULL, seed=1),
                    OUTLOOK_TABLE,
                    prose(3, FULL, seed=2),
                    SALES_TABLE,
                    prose(3, FULL, seed=3),
                    STAFF_GRID,
                    prose(3, FULL, seed=4),
                    BUDGET_RULES,
                    prose(3, FULL, seed=5),
                ),
            )
        ],
    )


# ----- cells drawn as shaded boxes with a thin gap between them --------------------------------

REGIONS_HEAD = ["Geography", "Datacenters (regions)"]
REGIONS = [
    ["Asia Pacific", "Southeast Asia (Singapore), East Asia (Hong Kong)"],
    ["Australia", "Australia East (New South Wales)"],
    ["Canada", "Canada Central (Toronto), Canada East (Quebec City)"],
    ["Europe", "West Europe (Netherlands), North Europe (Ireland)"],
]


def make_shaded_cells(path: Path) -> Path:
    """A table whose every cell is a filled box (the header's dark), a white bar 4 pt wide
    over each boundary between two columns, as page layout programs draw a cell border:
    each boundary is drawn by three rules, 2 pt apart."""
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont(*BODY)
    y = PAGE_H - MARGIN - 20
    for line in prose(3, FULL, seed=7):
        _justified(canv, MARGIN, y, FULL, line, False)
        y -= LEADING
    xs = [(MARGIN, MARGIN + 182), (MARGIN + 182, MARGIN + FULL)]
    for n, row in enumerate([REGIONS_HEAD, *REGIONS]):
        y -= 30
        shade = (0.1, 0.3, 0.4) if n == 0 else (0.95, 0.95, 0.96)
        for (lo, hi), text in zip(xs, row, strict=True):
            canv.setFillColorRGB(*shade)
            canv.rect(lo, y, hi - lo, 28, stroke=0, fill=1)
            canv.setFillColorRGB(*((1, 1, 1) if n == 0 else (0, 0, 0)))
            canv.setFont("Helvetica-Bold" if n == 0 else "Helvetica", 10)
            canv.drawString(lo + 6, y + 10, text)
        canv.setFillColorRGB(1, 1, 1)
        canv.rect(MARGIN + 180, y - 2, 4, 32, stroke=0, fill=1)
    canv.setFillColorRGB(0, 0, 0)
    canv.showPage()
    canv.save()
    return path


# ----- group labels without rules, row labels merged down, cells of running text ------------

RETRIEVAL_TOP: list[str | Span] = [
    "Training",
    "Retriever",
    Span(2, 3, "Top-20", rule=False),
    Span(5, 2, "Top-100", rule=False),
]
RETRIEVAL_SUB = ["", "", "NQ", "WQ", "TREC", "NQ", "WQ"]
RETRIEVAL_HEAD = [
    "Training",
    "Retriever",
    "Top-20 NQ",
    "Top-20 WQ",
    "Top-20 TREC",
    "Top-100 NQ",
    "Top-100 WQ",
]
RETRIEVAL_NONE = [["None", "BM25", "59.1", "55.0", "70.9", "73.7", "71.1"]]
RETRIEVAL_GROUPS = [
    (
        "Single",
        [
            ["", "DPR", "78.4", "73.2", "79.8", "85.4", "81.4"],
            ["", "BM25 + DPR", "76.6", "71.0", "85.2", "83.8", "80.5"],
        ],
    ),
    (
        "Multi",
        [
            ["", "DPR", "79.4", "75.0", "89.1", "86.0", "82.9"],
            ["", "BM25 + DPR", "78.0", "74.7", "88.5", "83.9", "82.3"],
        ],
    ),
]
RETRIEVAL = RETRIEVAL_NONE + [[label, *row[1:]] for label, rows in RETRIEVAL_GROUPS for row in rows]
RETRIEVAL_TABLE = RuleTable(
    [70, 90, *[44] * 5],
    [RETRIEVAL_TOP, RETRIEVAL_SUB],
    RETRIEVAL_NONE,
    caption="Table 4: Top-20 and top-100 retrieval accuracy.",
    groups=RETRIEVAL_GROUPS,
    text_columns=2,
    centred=True,
)
EXAMPLES_HEAD = ["Question", "Passage found by keywords", "Passage found by the model"]
EXAMPLES = [
    [
        "Which body of water lies between the two islands?",
        "the cycling team of the region is chosen by the national body, which selects and "
        "supports it for every race held outside the games",
        "the sea between the islands carries more traffic than any other crossing in the "
        "region, with ferries leaving every hour of the day",
    ],
    [
        "Who plays the old priest in the series?",
        "the actor is best known for his part in a long series of films made in the north "
        "of the country over many years",
        "the priest is played by an actor who has been seen in many stage plays and in a "
        "few series on television before this one",
    ],
]
EXAMPLES_TABLE = RuleTable(
    [110, 170, 170],
    [EXAMPLES_HEAD],
    EXAMPLES,
    caption="Table 5: Passages each method found for two questions.",
    wrap=True,
    text_columns=3,
)


def make_grouped_tables(path: Path) -> Path:
    """A page of a paper with a table whose group labels have no rule under them and whose
    row labels are merged down over two rows each, and a table of running text, one
    record between each pair of rules."""
    return write_paper(
        path,
        [
            PaperPage(
                top=full(
                    prose(4, FULL, seed=8),
                    RETRIEVAL_TABLE,
                    prose(4, FULL, seed=9),
                    EXAMPLES_TABLE,
                    prose(4, FULL, seed=10),
                )
            )
        ],
    )


# ----- several tables in one ruled frame, each under a title row ------------------------------


@dataclass
class GridCell:
    """A cell of a ruled grid: first column, columns and rows it spans, its text (lines
    apart by newlines)."""

    col: int
    span: int
    text: str
    rows: int = 1


def cells(*texts: str) -> list[GridCell]:
    """A row of one-column cells."""
    return [GridCell(c, 1, t) for c, t in enumerate(texts)]


def draw_grid(
    canv: Canvas, x: float, y: float, widths: list[float], rows: list[list[GridCell]]
) -> float:
    """A grid with a rule around every cell (merged cells drawn as one box), text centred
    in its cell; the y under it."""
    xs = _lefts(x, widths)
    height = 2 * ROW
    for r, row in enumerate(rows):
        top = y - r * height
        for cell in row:
            lo, hi = xs[cell.col], xs[cell.col + cell.span]
            bottom = top - cell.rows * height
            canv.rect(lo, bottom, hi - lo, top - bottom, stroke=1, fill=0)
            lines = cell.text.split("\n")
            mid = (top + bottom) / 2 + (len(lines) - 1) * ROW / 2 - 3
            for k, line in enumerate(lines):
                canv.drawCentredString((lo + hi) / 2, mid - k * ROW, line)
    return y - len(rows) * height - LEADING


FRAME_WIDTHS = [90.0, 72, 56, 74, 82, 60, 66]
HOLDERS_CAPTION = "前 10 名股东持股情况"
HOLDERS_HEAD = [
    "股东名称",
    "股东性质",
    "持股比例",
    "持股数量",
    "持有有限售条件的股份数量",
    "质押或冻结情况 股份状态",
    "质押或冻结情况 数量",
]
HOLDERS = [
    ["海鸿源投资", "境内法人", "9.33%", "81,494,850", "", "质押", "81,494,850"],
    ["杨琴秀", "自然人", "3.20%", "27,955,752", "", "", ""],
    ["方凯企业", "境内法人", "0.50%", "4,332,700", "3,550,000", "", ""],
]
FREE_CAPTION = "前 10 名无限售条件股东持股情况"
FREE_HEAD = ["股东名称", "持有无限售条件股份数量", "股份种类", "股份种类 数量"]
FREE = [
    ["海鸿源投资管理有限公司", "81,494,850", "人民币普通股", "81,494,850"],
    ["杨琴秀", "27,955,752", "人民币普通股", "27,955,752"],
    ["方凯企业管理有限公司", "4,332,700", "境外上市外资股", "4,332,700"],
]
FRAME_ROWS = [
    [
        GridCell(0, 2, "报告期末普通股股东总数"),
        GridCell(2, 1, "79,053"),
        GridCell(3, 3, "表决权恢复的优先股股东总数"),
        GridCell(6, 1, "0"),
    ],
    [GridCell(0, 7, HOLDERS_CAPTION)],
    [
        *(GridCell(c, 1, t, rows=2) for c, t in enumerate(HOLDERS_HEAD[:4])),
        GridCell(4, 1, "持有有限售条件\n的股份数量", rows=2),
        GridCell(5, 2, "质押或冻结情况"),
    ],
    [GridCell(5, 1, "股份状态"), GridCell(6, 1, "数量")],
    *(cells(*row) for row in HOLDERS),
    [GridCell(0, 7, FREE_CAPTION)],
    [
        GridCell(0, 2, "股东名称", rows=2),
        GridCell(2, 3, "持有无限售条件股份数量", rows=2),
        GridCell(5, 2, "股份种类"),
    ],
    [GridCell(5, 1, "股份种类"), GridCell(6, 1, "数量")],
    *(
        [GridCell(0, 2, a), GridCell(2, 3, b), GridCell(5, 1, c), GridCell(6, 1, d)]
        for a, b, c, d in FREE
    ),
]


def make_framed_tables(path: Path) -> Path:
    """A Chinese report's page: one ruled frame holding a row of two figures, then two
    tables, each under a title row across the frame, each with a header of two rows (a
    label over two columns, labels merged down, one set on two lines) and its own
    columns (the second merges pairs of the first's)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont("STSong-Light", 14)
    canv.drawString(MARGIN, PAGE_H - MARGIN - 14, "二、报告期末股东总数及前十名股东持股情况表")
    canv.setFont("STSong-Light", 9)
    draw_grid(canv, MARGIN, PAGE_H - MARGIN - 40, FRAME_WIDTHS, FRAME_ROWS)
    canv.showPage()
    canv.save()
    return path


# ----- a table exported from a spreadsheet: staggered group labels, titles and notes inside ----

OVERVIEW_TITLES = ["Table 1. Overview of the projections", "(Percent change, unless noted)"]
OVERVIEW_HEAD = [
    "Column 1",
    "Year over Year 2021",
    "Year over Year Projections 2023",
    "Year over Year Projections 2024",
    "Q4 over Q4 2023",
    "Q4 over Q4 2024",
]
OVERVIEW = [
    ["World Output", "6.2", "2.9", "3.1", "3.2", "3.0"],
    ["Advanced Economies", "5.4", "1.2", "1.4", "1.1", "1.6"],
    ["Emerging Markets", "6.7", "4.0", "4.2", "5.0", "4.1"],
]
OVERVIEW_NOTES = ["Note: figures are rounded.", "2/ Fourth quarter over fourth quarter."]
_OVERVIEW_WIDTHS = [150.0, 56, 56, 56, 14, 56, 56]
_OVERVIEW_ROWS = [
    [GridCell(0, 7, OVERVIEW_TITLES[0])],
    [GridCell(0, 7, OVERVIEW_TITLES[1])],
    [GridCell(0, 1, ""), GridCell(1, 3, "Year over Year"), *cells("", "", "", "", "", "")[4:]],
    [
        *cells("", ""),
        GridCell(2, 2, "Projections"),
        GridCell(4, 1, ""),
        GridCell(5, 2, "Q4 over Q4 2/"),
    ],
    cells("", "2021", "2023", "2024", "", "2023", "2024"),
    *(cells(*row[:4], "", *row[4:]) for row in OVERVIEW),
    [GridCell(0, 7, OVERVIEW_NOTES[0])],
    [GridCell(0, 7, OVERVIEW_NOTES[1])],
]


def make_overview_table(path: Path) -> Path:
    """A table as a spreadsheet exports it to PDF: a rule around every cell, two title
    rows and two note rows across the table, group labels staggered over two rows (one
    with a note marker), a narrow empty spacer column between the two groups."""
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont(*CELL)
    draw_grid(canv, MARGIN, PAGE_H - MARGIN - 20, _OVERVIEW_WIDTHS, _OVERVIEW_ROWS)
    canv.showPage()
    canv.save()
    return path


# ----- a grid drawn without sides, bottom rule or rules between rows ---------------------------

COSTS_HEAD = ["Action", "Labor cost", "Parts cost", "Cost on operators"]
COSTS = [
    ["Installation and check", "1 work-hour", "$0", "$6,205"],
    ["Manual revisions", "1 work-hour", "$0", "$6,205"],
    ["Wiring change", "79 work-hours", "$3,790", "$766,865"],
]


def make_open_grid(path: Path) -> Path:
    """A table as government notices set it: a rule above and under the header across
    the width, no side rules and no rule under the table, between the columns rules
    drawn one row at a time (each stopping where its row ends), dot leaders after the
    cells' text."""
    canv = Canvas(str(path), pagesize=LETTER)
    canv.setFont(*BODY)
    y = PAGE_H - MARGIN - 20
    for line in prose(2, FULL, seed=11):
        _justified(canv, MARGIN, y, FULL, line, False)
        y -= LEADING
    xs = _lefts(MARGIN, [150.0, 110, 100, 144])
    top = y - 4
    canv.setLineWidth(0.5)
    canv.line(xs[0], top, xs[-1], top)
    canv.setFont(*CELL)
    head = top - 2 * ROW
    for c, text in enumerate(COSTS_HEAD):
        words = text.split(" ", 1) if c == 3 else [text]
        for k, part in enumerate(words):
            canv.drawCentredString((xs[c] + xs[c + 1]) / 2, top - ROW * (k + 1) + 3, part)
    canv.line(xs[0], head, xs[-1], head)
    bands = [(top, head)]
    y = head
    for row in COSTS:
        for c, text in enumerate(row):
            leader = " " + "." * 12 if c < 3 else ""  # dots lead the eye to the next cell
            canv.drawString(xs[c] + 3, y - ROW + 2, text + leader)
        bands.append((y, y - ROW - 4))
        y -= ROW + 4
    for upper, lower in bands:
        for x in xs[1:-1]:
            canv.line(x, upper + 0.3, x, lower - 0.3)
    canv.setFont(*BODY)
    y -= LEADING
    for line in prose(2, FULL, seed=12):
        _justified(canv, MARGIN, y, FULL, line, False)
        y -= LEADING
    canv.showPage()
    canv.save()
    return path


def make_ruled_page(path: Path) -> Path:
    """A page of two columns of running text between rules drawn across it: the running
    header set between two rules, a rule above the footnotes. Not a table."""
    canv = Canvas(str(path), pagesize=LETTER)
    top = PAGE_H - MARGIN
    canv.setLineWidth(0.5)
    canv.line(MARGIN, top + 10, MARGIN + FULL, top + 10)
    canv.setFont("Times-Roman", 9)
    canv.drawString(MARGIN, top, "Journal of Reading")
    canv.drawRightString(MARGIN + FULL, top, "Volume 3")
    canv.line(MARGIN, top - 4, MARGIN + FULL, top - 4)
    for flow in (left(prose(30, seed=1)), right(prose(30, seed=2))):
        _draw_flow(canv, flow, top - 10)
    foot = top - 10 - 31 * LEADING
    canv.line(MARGIN, foot, MARGIN + FULL, foot)
    canv.setFont("Times-Roman", 8)
    canv.drawString(MARGIN, foot - 10, "1 A note on the method used in every run reported here.")
    canv.showPage()
    canv.save()
    return path


# ----- a statistics sheet: group labels unruled over ruled sub-columns, rows ruled in threes ----

CHECKS_TITLE = "Background Checks, November 2015"
CHECKS_HEAD = [
    "State",
    "Permit",
    "Pawn Handgun",
    "Pawn Long Gun",
    "Rentals Handgun",
    "Rentals Long Gun",
]
CHECKS = [
    ["Alabama", "18,870", "14", "15", "0", "0"],
    ["Alaska", "209", "9", "3", "0", "0"],
    ["Arizona", "2,303", "5", "3", "1", "0"],
    ["Colorado", "4,144", "0", "0", "2", "1"],
    ["Delaware", "204", "3", "4", "0", "0"],
    ["Florida", "15,907", "8", "9", "0", "3"],
]


def make_grouped_grid(path: Path) -> Path:
    """A statistics sheet drawn as a grid: its title inside the frame, group labels on a
    header line with no rule under it and the sub-columns ruled apart only on the line
    below, and the records ruled in groups of three, one line each."""
    canv = Canvas(str(path), pagesize=LETTER)
    xs = _lefts(MARGIN, [120.0, 70, 60, 60, 60, 60])
    top = PAGE_H - MARGIN - 20
    line = 11.0
    canv.setLineWidth(0.5)
    canv.setFont("Helvetica-Bold", 12)
    canv.drawCentredString((xs[0] + xs[-1]) / 2, top - 16, CHECKS_TITLE)
    head = top - 24
    canv.line(xs[0], head, xs[-1], head)
    canv.setFont("Helvetica-Bold", 8)
    for lo, hi, label in ((xs[2], xs[4], "Pawn"), (xs[4], xs[6], "Rentals")):
        canv.drawCentredString((lo + hi) / 2, head - line + 3, label)
    sub = head - line
    for c, label in enumerate(["State", "Permit", "Handgun", "Long Gun", "Handgun", "Long Gun"]):
        canv.drawCentredString((xs[c] + xs[c + 1]) / 2, sub - line + 3, label)
    body = sub - line
    canv.line(xs[0], body, xs[-1], body)
    canv.setFont("Helvetica", 8)
    y = body
    for k, row in enumerate(CHECKS):
        y -= line
        canv.drawString(xs[0] + 3, y + 3, row[0])
        for c, text in enumerate(row[1:], start=1):
            canv.drawRightString(xs[c + 1] - 3, y + 3, text)
        if k % 3 == 2:
            canv.line(xs[0], y, xs[-1], y)
    for k, x in enumerate(xs):
        inner_group = k in (3, 5)  # between the sub-columns of a group
        frame_top = top if k in (0, len(xs) - 1) else head
        canv.line(x, sub if inner_group else frame_top, x, y)
    canv.line(xs[0], top, xs[-1], top)
    canv.showPage()
    canv.save()
    return path


# ----- results tables of papers: headers of two and three rows --------------------------------

SCORES_TOP: list[str | Span] = ["", Span(1, 3, "Dev", rule=False), Span(4, 3, "Test", rule=False)]
SCORES_SUB = ["", "P", "R", "F1", "P", "R", "F1"]
SCORES_HEAD = ["Model", "Dev P", "Dev R", "Dev F1", "Test P", "Test R", "Test F1"]
SCORES = [
    ["BM25", "61.2", "58.4", "59.8", "60.1", "57.9", "59.0"],
    ["Dense retriever", "72.5", "70.3", "71.4", "71.8", "69.6", "70.7"],
    ["Hybrid", "74.9", "73.1", "74.0", "73.6", "72.2", "72.9"],
    ["Hybrid + reranker", "78.3", "76.5", "77.4", "77.1", "75.8", "76.4"],
]
SCORES_TABLE = RuleTable(
    [110, *[46] * 6],
    [SCORES_TOP, SCORES_SUB],
    SCORES,
    caption="Table 2: Precision, recall and F1 on the dev and test sets.",
    corner="Model",
    best={(3, c) for c in range(1, 7)},
)

ROUGE_TOP: list[str | Span] = ["", Span(1, 3, "ROUGE", rule=False), "", "", "BERTScore"]
ROUGE_SUB = ["System", "R-1", "R-2", "R-L", "F1"]
ROUGE_HEAD = ["System", "ROUGE R-1", "ROUGE R-2", "ROUGE R-L", "BERTScore F1"]
ROUGE = [
    ["Lead-3", "40.3", "17.5", "36.6", "85.9"],
    ["Pointer-generator", "39.5", "17.3", "36.4", "86.2"],
    ["Fine-tuned encoder", "43.8", "20.9", "40.6", "88.1"],
    ["Our summariser", "45.1", "21.7", "41.9", "88.7"],
]
ROUGE_TABLE = RuleTable(
    [130, 60, 60, 60, 70],
    [ROUGE_TOP, ROUGE_SUB],
    ROUGE,
    caption="Table 3: Summarisation scores on the test set.",
    rules=False,
    caption_below=True,
)

YEARS_TOP: list[str | Span] = ["", Span(1, 4, "2022", rule=False), Span(5, 4, "2023", rule=False)]
YEARS_MID: list[str | Span] = [
    "",
    *(
        Span(c, 2, name, rule=False)
        for c, name in ((1, "Dev"), (3, "Test"), (5, "Dev"), (7, "Test"))
    ),
]
YEARS_SUB = ["Model", "EM", "F1", "EM", "F1", "EM", "F1", "EM", "F1"]
YEARS_HEAD = [
    "Model",
    "2022 Dev EM",
    "2022 Dev F1",
    "2022 Test EM",
    "2022 Test F1",
    "2023 Dev EM",
    "2023 Dev F1",
    "2023 Test EM",
    "2023 Test F1",
]
YEARS = [
    ["Reader", "61.0", "68.2", "60.4", "67.5", "63.3", "70.1", "62.8", "69.4"],
    ["Reader + retriever", "66.7", "73.9", "65.2", "72.8", "68.1", "75.0", "67.4", "74.2"],
    ["Generator", "64.2", "72.5", "63.9", "71.7", "67.0", "74.6", "66.1", "73.3"],
]
YEARS_TABLE = RuleTable(
    [110, *[40] * 8],
    [YEARS_TOP, YEARS_MID, YEARS_SUB],
    YEARS,
    caption="Table 4: Exact match and F1 by year of the questions.",
    rules=False,
)


def make_results_tables(path: Path) -> Path:
    """A page of a paper with three results tables across it: one drawn with rules above
    and below only, its first column's name set midway down a header of two rows and
    group labels without a rule under them; one with no rules at all and its caption
    under it; one with no rules and a header of three rows (years over splits over
    measures)."""
    return write_paper(
        path,
        [
            PaperPage(
                title="Retrieval for Question Answering",
                top=full(
                    prose(4, FULL, seed=11),
                    SCORES_TABLE,
                    prose(4, FULL, seed=12),
                    ROUGE_TABLE,
                    prose(4, FULL, seed=13),
                    YEARS_TABLE,
                    prose(4, FULL, seed=14),
                ),
            )
        ],
    )
