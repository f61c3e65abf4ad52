"""PDF lines into the structure a reader sees: headings, paragraphs, list items, tables.

Lines are grouped into blocks (a wrapped paragraph is one block, also across a page
break), blocks are classified by their type style relative to the body text, and
heading levels follow the sizes of the heading styles (or the PDF's bookmarks).
"""

from __future__ import annotations

import itertools
import re
import statistics
import unicodedata
from collections import Counter
from dataclasses import dataclass, field, replace

from datasetkit.knowledge.numbering import section_number
from datasetkit.knowledge.pdf.band_titles import title_lines
from datasetkit.knowledge.pdf.extract import Line, PageLayout, list_marker
from datasetkit.knowledge.pdf.fields import field_line
from datasetkit.knowledge.pdf.foot_header import header_at_foot
from datasetkit.knowledge.pdf.furniture import TOC_ENTRY
from datasetkit.knowledge.pdf.geometry import hangs_under_title, heading_marks
from datasetkit.knowledge.pdf.hyphenation import Vocabulary, join_broken
from datasetkit.knowledge.pdf.mirror import mirrored, mirrored_left, reads_rtl
from datasetkit.knowledge.pdf.tables import (
    Table,
    another_title,
    continued_below,
    repeated_lead,
    tail_rows,
)

_SENTENCE_END = re.compile(r"[.!?:;…)\]\"”’]$")


@dataclass
class Block:
    """Consecutive lines read as one unit, or one table."""

    kind: str  # heading, paragraph, list_item, table
    page: int
    lines: list[Line] = field(default_factory=list)
    table: Table | None = None
    tables: list[Table] = field(default_factory=list)
    page_end: int | None = None
    level: int | None = None
    marker: str | None = None
    text: str = ""
    # Markdown heading marks printed before a title ("## Scope"): 2.
    marks: int = 0

    @property
    def first(self) -> Line:
        """The block's first line."""
        return self.lines[0]


@dataclass
class Stats:
    """The document's body type: size and the baseline distance per point of size."""

    body: float
    spacing: float
    # Per page: (left edge, right edge) of each column of body text.
    columns: dict[int, list[tuple[float, float]]]
    # Per page: its width and height.
    width: dict[int, float] = field(default_factory=dict)
    height: dict[int, float] = field(default_factory=dict)

    def gap(self, size: float) -> float:
        """The usual baseline distance between two lines of a paragraph at ``size``."""
        return self.spacing * size

    def right(self, line: Line) -> float:
        """Where full lines end in the column ``line`` is in."""
        cols = self.columns.get(line.page)
        if not cols:
            return line.x1
        return min(cols, key=lambda c: abs(c[0] - line.x0))[1]


def measure(pages: list[PageLayout], body: float) -> Stats:
    """Line spacing and right margin, from the body-size lines."""
    ratios: list[float] = []
    columns: dict[int, list[tuple[float, float]]] = {}
    for page in pages:
        body_lines = [ln for ln in page.lines if abs(ln.size - body) <= 0.6]
        for a, b in itertools.pairwise(body_lines):
            d = b.bottom - a.bottom
            if 0.8 * body <= d <= 2.2 * body:
                ratios.append(d / body)
        columns[page.number] = _columns(body_lines or _page_text(page.lines))
    spacing = statistics.median(ratios) if ratios else 1.25
    return Stats(
        body,
        spacing,
        columns,
        {p.number: p.width for p in pages},
        {p.number: p.height for p in pages},
    )


def _page_text(lines: list[Line]) -> list[Line]:
    """A page with no line in the body size is set in a type of its own (a regulation's
    text in smaller type): the lines in its most used size are its text."""
    sizes = Counter(round(ln.size) for ln in lines)
    if not sizes:
        return []
    common = sizes.most_common(1)[0][0]
    return [ln for ln in lines if round(ln.size) == common]


def _columns(lines: list[Line]) -> list[tuple[float, float]]:
    """Body lines grouped by where they start (columns lie 100 pt or more apart), with
    the place nine lines in ten of each group end before."""
    groups: list[list[Line]] = []
    for line in sorted(lines, key=lambda ln: ln.x0):
        if groups and line.x0 - groups[-1][0].x0 < 100:
            groups[-1].append(line)
        else:
            groups.append([line])
    out = []
    for g in groups:
        ends = sorted(ln.x1 for ln in g)
        out.append((g[0].x0, ends[int(0.9 * (len(ends) - 1))]))
    return out


def _ends_sentence(text: str) -> bool:
    return bool(_SENTENCE_END.search(text.rstrip()))


def _starts_item(block: Block, line: Line) -> bool:
    """Whether a line begins a list item rather than going on with ``block``.

    A dash (or Spanish/Italian "o", *or*) at the start of a line, flush with a paragraph
    whose sentence is unfinished, is the sentence going on: "extra holiday or a bonus"
    + "– so please use them", broken before a spaced dash.
    """
    found = list_marker(line.text)
    if found is None:
        return False
    if block.kind == "list_item" and block.marker and found[0] and _hangs(block, line):
        # Under a numbered item's text, a number of another shape ("[14] ... 307 -" +
        # "379. [astro-ph]") or one after an open sentence is the item's text going on.
        other = (block.marker[:1] == "[") != (found[0][:1] == "[")
        if other or not _ends_sentence(block.lines[-1].text):
            return False
    if found[0] is not None and found[0][:1] == "[" and block.kind == "paragraph":
        # A citation that opens a line inside a paragraph ("shown in" + "[3] and ...")
        # is the sentence going on; a reference list's entry starts after a full stop.
        return _ends_sentence(block.lines[-1].text)
    if found[0] is not None or line.text[:1] not in "-–o" or block.kind != "paragraph":
        return True
    flush = line.x0 <= min(ln.x0 for ln in block.lines) + 2
    return not flush or _ends_sentence(block.lines[-1].text)


def _wrapped(prev: Line, line: Line, right: float) -> bool:
    """Whether ``prev`` ended only because the first word of ``line`` did not fit after it."""
    word = line.words[0]
    # Chinese and Japanese break a line after any character: the first one must not fit.
    width = line.size if any(map(_unspaced, word.text[:3])) else word.x1 - word.x0
    return prev.x1 + 0.25 * line.size + width > right + 1


def _scan_rounding(block: Block, prev: Line, line: Line, right: float) -> bool:
    """Whether two lines of a scan's OCR layer a point apart in size are one size: the
    layer gives each line its height in whole points, so capitals or brackets can lift a
    line of an item or of a full paragraph by one."""
    if not (prev.ocr and line.ocr) or abs(line.size - prev.size) > 1.1:
        return False
    return block.kind == "list_item" or _wrapped(prev, line, right)


def _in_item(block: Block, line: Line, right: float) -> bool:
    """Whether a line goes on with a list item: under the item's text (a hanging indent),
    or under its marker or left of it only when the line before it was full."""
    first = block.first
    marker = len(first.words) > 1 and len(first.words[0].text) <= 4
    text_x = first.words[1].x0 if marker else first.x0
    if line.x0 >= text_x - 2:
        return True
    prev = block.lines[-1]
    if line.x0 >= first.x0 - 2:
        return _wrapped(prev, line, right)
    # Left of the marker (the item's lines run back to the margin): only a sentence
    # the full line above left open goes on there; a short line set far right of the
    # margin ("3. Notice") is full only in appearance.
    full = _wrapped(prev, line, right) and prev.x1 - prev.x0 >= 0.5 * (right - line.x0)
    return full and (not _ends_sentence(prev.text) or line.text[:1].islower())


def _hangs(block: Block, line: Line) -> bool:
    """Whether a line starts under a list item's text, right of its marker."""
    first = block.first
    if len(first.words) < 2 or len(first.words[0].text) > 5:
        return False
    return first.x0 + 2 < line.x0 and abs(line.x0 - first.words[1].x0) <= 2


def _item_goes_on(block: Block, line: Line, stats: Stats, right: float) -> bool:
    """:func:`_in_item`; a right-to-left item is seen in a mirror (:mod:`.mirror`)."""
    if not reads_rtl(block.lines):
        return _in_item(block, line, right)
    prev = block.lines[-1]
    edge = mirrored_left(stats.columns.get(prev.page, []), prev)
    seen = replace(block, lines=[mirrored(ln) for ln in block.lines])
    return _in_item(seen, mirrored(line), max(edge, -prev.x0))


def _continues(block: Block, line: Line, stats: Stats, first_on_page: bool) -> bool:
    """Whether ``line`` goes on with ``block`` rather than starting a new one."""
    if block.kind == "table" or _starts_item(block, line) or TOC_ENTRY.match(line.text):
        return False
    if line.words and line.words[0].note:
        return False  # a footnote starts its own block
    prev = block.lines[-1]
    if line.mono != prev.mono:
        return False
    if block.kind == "code":
        return line.page == prev.page and 0 < line.bottom - prev.bottom <= 2.2 * stats.gap(
            line.size
        )
    right = max(stats.right(prev), prev.x1)
    if abs(line.size - prev.size) > 0.6 and not _scan_rounding(block, prev, line, right):
        return False
    if TOC_ENTRY.match(prev.text):
        return False
    reweighted = _reweighted(prev, line) and not _bold_lead(block)
    if heading_marks(block.first) and not _wrapped(prev, line, right):
        return False  # a title typed as Markdown goes on only where it wrapped
    if reweighted and (line.page != prev.page or line.bottom <= prev.bottom):
        return False
    if line.page != prev.page:
        return first_on_page and _over_page(block, line, stats, right)
    gap = line.bottom - prev.bottom
    if gap <= 0 and line.x0 > prev.x1:
        # The top of the next column: an unfinished paragraph goes on there.
        return not _ends_sentence(prev.text) or line.text[:1].islower()
    if gap <= 0 or gap > 1.45 * stats.gap(line.size):
        return False
    if field_line(prev.text) and field_line(line.text):
        return False  # two fields of a form, one under the other
    if reweighted and not _runs_on(block, line, right):
        return False
    if block.kind == "list_item" and _hangs(block, line):
        return True  # under the item's text, right of its marker, at line spacing: the item's
    if (
        _ends_sentence(prev.text)
        and prev.x1 < right - 4 * line.size
        and not _wrapped(prev, line, right)
    ):
        return False  # a sentence ended well short of the margin, with room for more
    if block.kind == "list_item":
        return _item_goes_on(block, line, stats, right)
    if not _wrapped(prev, line, right) and (
        _numbered(line.text) or (len(block.lines) == 1 and _numbered(prev.text))
    ):
        return len(block.lines) == 1 and hangs_under_title(prev, line)  # see its doc
    # A first-line indent starts a paragraph; right to left it is at the right edge, and
    # a line ending short on the left is the paragraph's last.
    left = line.x0 > prev.x0 + 1.5 * line.size
    right_in = line.x1 < prev.x1 - 1.5 * line.size
    if len(block.lines) < 2 or left == right_in:
        return not (left and right_in and len(block.lines) > 1)
    return not (right_in if reads_rtl(block.lines) else left)


def _over_page(block: Block, line: Line, stats: Stats, right: float) -> bool:
    """Across a page break only an unfinished paragraph or item goes on."""
    return (
        line.size <= stats.body + 0.6
        and (not _ends_sentence(block.lines[-1].text) or line.text[:1].islower())
        and (block.kind != "list_item" or _item_goes_on(block, line, stats, right))
    )


def _reweighted(prev: Line, line: Line) -> bool:
    """Whether the weight changes from ``prev`` to ``line``. A line opening in regular
    type under a bold one changes it, though bold words fill most of it ("Embed **the
    automation ...**" under a title)."""
    return line.bold != prev.bold or (prev.bold and bool(line.words) and not line.words[0].bold)


def _runs_on(block: Block, line: Line, right: float) -> bool:
    """Whether ``line`` completes the sentence the block's last line left open, though
    its weight differs: bold defined terms inside running text ("... in response to an"
    + "**Extortion Threat.**") break lines like any other words. The sentence is open
    when the last line ends with no closing punctuation and either was full (the first
    word of ``line`` did not fit after it), or ``line`` opens in lower case, or a
    regular last line ends with a lower-case word. Regular type goes on after bold only
    inside running text: a block all in bold so far is a title over its paragraph,
    however long ("Worked example", a title that fills a narrow column)."""
    prev = block.lines[-1]
    if _ends_sentence(prev.text) or heading_marks(line):
        return False
    if prev.bold and all(w.bold for ln in block.lines for w in ln.words):
        return False
    if not prev.bold and prev.words[-1].text[:1].islower():
        return True
    return _wrapped(prev, line, right) or line.text[:1].islower()


def _numbered(text: str) -> bool:
    """Whether a line opens with a section number ("2.1", "一、", "（二）")."""
    number = section_number(text)
    return number is not None and number.kind == "decimal"


def _bold_lead(block: Block) -> bool:
    """Whether a change of weight may go on inside ``block``: a list item whose first
    line opens in bold and runs on in regular type ("Note: ..."). Bold lines that are the
    whole item so far (a title wrapped in a narrow column) are a title standing over the
    regular text under it."""
    return block.kind == "list_item" and not all(ln.bold for ln in block.lines)


def build_blocks(
    pages: list[PageLayout], tables: dict[int, list[Table]], drop: set[int], stats: Stats
) -> list[Block]:
    """All pages' lines and tables as blocks in reading order."""
    blocks: list[Block] = []
    current: Block | None = None
    for page in pages:
        page_tables = tables.get(page.number, [])
        taken = {id(w) for t in page_tables for ln in page.lines for w in ln.words if t.contains(w)}
        items: list[Line | Table] = [
            line
            for line in page.lines
            if id(line) not in drop and not any(id(w) in taken for w in line.words)
        ]
        # Lines keep their reading order (columns); a table goes before the first line
        # below it in its own column (a table in the right column after the left one).
        for t in sorted(page_tables, key=lambda t: t.top):
            at = next(
                (
                    i
                    for i, it in enumerate(items)
                    if isinstance(it, Line) and it.top >= t.top and it.x0 < t.x1 and it.x1 > t.x0
                ),
                len(items),
            )
            items.insert(at, t)
        skip = _table_tail(blocks, current, items, page.number) or _repeated_lead(
            current, items, pages, page.number
        )
        lead = 0 if skip else _continued_below(current, items, pages, page.number, stats)
        if lead:
            # The table goes on under a line or two the page sets above it: the table
            # first, joined to its part on the page before, then those lines.
            items = [items[lead], *items[:lead], *items[lead + 1 :]]
        for n, item in enumerate(items):
            if n < skip:
                continue
            if isinstance(item, Table):
                titles = [] if lead and n == 0 else title_lines(item, page.lines)
                blocks.extend(Block("paragraph", page.number, lines) for lines in titles)
                current = _add_table(blocks, item, n == skip and not titles)
                continue
            host = current if current and _continues(current, item, stats, n == 0) else None
            if host is None and n == 0:
                host = _across_notes(blocks, item, stats)
            if host is not None:
                host.lines.append(item)
                if item.page != host.page:
                    host.page_end = item.page
                current = host
                continue
            marker = None if item.mono else list_marker(item.text)
            kind = "code" if item.mono else "list_item" if marker else "paragraph"
            current = Block(kind, page.number, [item])
            if marker:
                current.marker = marker[0]
            blocks.append(current)
    _rejoin_titled_items(blocks)
    return blocks


def _rejoin_titled_items(blocks: list[Block]) -> None:
    """A bold item ("1. Manual") and the regular text hanging under its words: one list
    item, not a title over a paragraph (whose lines come back to the left edge)."""
    i = 0
    while i + 1 < len(blocks):
        item, text = blocks[i], blocks[i + 1]
        if (
            item.kind == "list_item"
            and len(item.first.words) > 1
            and all(ln.bold for ln in item.lines)
            and text.kind == "paragraph"
            and len(text.lines) > 1
            and not text.first.bold
            and text.page == item.page
            and all(abs(ln.x0 - item.first.words[1].x0) <= 3 for ln in text.lines)
        ):
            item.lines.extend(text.lines)
            del blocks[i + 1]
        i += 1


def numbered_paragraphs(blocks: list[Block], stats: Stats) -> None:
    """Clauses numbered in the text ("A. The software ...", "3. You agree ..."): long
    items set flush with the text's left edge whose lines wrap back under their number,
    with no hanging indent, are paragraphs, not list items."""
    for b in blocks:
        if b.kind != "list_item" or len(b.lines) < 3:
            continue
        first = b.first
        left = min((c[0] for c in stats.columns.get(b.page, [])), default=first.x0)
        flush = abs(first.x0 - left) <= 2
        if flush and all(abs(ln.x0 - first.x0) <= 2 for ln in b.lines[1:]):
            b.kind, b.marker = "paragraph", None


def _across_notes(blocks: list[Block], line: Line, stats: Stats) -> Block | None:
    """The paragraph or item a page's first line goes on with when only small type
    (footnotes) stands between them at the foot of the page before."""
    notes = 0
    for b in reversed(blocks):
        if b.kind == "table" or not b.lines or b.lines[-1].page != line.page - 1:
            return None
        if all(ln.size < stats.body - 0.6 for ln in b.lines):
            notes += 1
            continue
        return b if notes and _continues(b, line, stats, True) else None
    return None


def _table_tail(
    blocks: list[Block],
    current: Block | None,
    items: list[Line | Table],
    page: int,
) -> int:
    """The last rows of a table that ended the page before, alone at the top of this
    page, added to it; how many of the page's items they were."""
    if current is None or current.kind != "table" or current.table is None:
        return 0
    if (current.tables or [current.table])[-1].page != page - 1:
        return 0
    lines: list[Line] = []
    for item in items:
        if not isinstance(item, Line):
            break
        lines.append(item)
    part, used = tail_rows(current.table, lines, page)
    if part is not None:
        _add_table(blocks, part, True)
    return used


def _repeated_lead(
    current: Block | None, items: list[Line | Table], pages: list[PageLayout], page: int
) -> int:
    """The lines at the top of a page that only repeat the page before's title, above a
    table that goes on from the table that ended the page before; left out."""
    if current is None or current.kind != "table" or current.table is None:
        return 0
    last = (current.tables or [current.table])[-1]
    before = [ln for p in pages if p.number == page - 1 for ln in p.lines]
    return repeated_lead(last, items, before) if last.page == page - 1 else 0


def _continued_below(
    current: Block | None,
    items: list[Line | Table],
    pages: list[PageLayout],
    page: int,
    stats: Stats,
) -> int:
    """The lines at the top of a page above the next part of the table that ended the
    page before (see :func:`.tables.continued_below` and :func:`.tables.another_title`);
    0 when there are none or one of them is another table's title."""
    if current is None or current.kind != "table" or current.table is None:
        return 0
    last = (current.tables or [current.table])[-1]
    if last.page != page - 1:
        return 0
    lead = continued_below(current.table, last, items)
    shown = [ln for p in pages if p.number in (current.table.page, last.page) for ln in p.lines]
    lines = [item for item in items[:lead] if isinstance(item, Line)]
    return 0 if another_title(lines, shown, stats.body) else lead


def _add_table(blocks: list[Block], table: Table, first_on_page: bool) -> Block:
    prev = blocks[-1] if blocks else None
    if (
        first_on_page
        and prev is not None
        and prev.kind == "table"
        and prev.table is not None
        and len(prev.table.columns) == len(table.columns)
        and prev.table.page < table.page
    ):
        # The table goes on from the previous page; a repeated header row is dropped.
        rows = table.rows[1:] if table.rows[0] == prev.table.rows[0] else table.rows
        prev.tables.append(
            Table(
                table.page,
                table.x0,
                table.top,
                table.x1,
                table.bottom,
                rows,
                table.columns,
                ruled=table.ruled,
                spans=table.spans,
                notes=table.notes,
            )
        )
        prev.page_end = table.page
        return prev
    head, names = header_at_foot(blocks, table) if first_on_page else (0, [])
    if head:
        # Its header row was left at the foot of the page before: it heads the table.
        table.rows = [names, *table.rows]
        del blocks[-head:]
    block = Block("table", table.page, table=table)
    blocks.append(block)
    return block


def plain_text(b: Block) -> str:
    """A block's lines joined by spaces."""
    return " ".join(ln.text for ln in b.lines).strip()


def assemble(blocks: list[Block], vocab: Vocabulary, language: str | None) -> None:
    """Each block's text: wrapped lines joined, line-end hyphens repaired where right."""
    for b in blocks:
        if b.kind == "table" or not b.lines:
            continue
        if b.kind == "code":
            b.text = _code(b.lines)
            continue
        text = ""
        for line in b.lines:
            piece = line.text
            if not text:
                text = piece
            elif text.endswith("-") and len(text) > 1 and text[-2].isalpha():
                text = join_broken(text, piece, vocab, language)
            elif (
                text.endswith("-") and len(text) > 1 and text[-2].isalnum() and piece[:1].isalnum()
            ):
                text += piece  # "1-" + "800-555-0199": a number broken after its hyphen
            elif text[-1] in "—–/" and len(text) > 1 and not text[-2].isspace():
                text += piece  # "receive—" + "for", ".../forms/" + "parental-leave"
            elif _unspaced(text[-1]) and _unspaced(piece[:1]):
                text += piece  # Chinese and Japanese put no space where a line wraps
            else:
                text += " " + piece
        if b.kind == "list_item":
            found = list_marker(text)
            if found is not None:
                text = found[1]
        b.text = " ".join(text.split())


def _unspaced(ch: str) -> bool:
    """A character of a script written without spaces between words: a wide (CJK)
    character that is not Hangul (Korean spaces its words)."""
    if not ch or "\u1100" <= ch <= "\u11ff" or "\u3130" <= ch <= "\u318f":
        return False
    return not ("\uac00" <= ch <= "\ud7a3") and unicodedata.east_asian_width(ch) in ("W", "F")


def _code(lines: list[Line]) -> str:
    """Code keeps its lines and, from where each word starts, its indentation and the
    spaces that align its columns (a fixed-width face puts every character in a column
    of one width, measured from the words themselves)."""
    left = min(ln.x0 for ln in lines)
    widths = sorted((w.x1 - w.x0) / len(w.text) for ln in lines for w in ln.words if w.text)
    # A fixed-width character is about 0.6 em wide when the words do not say.
    width = widths[len(widths) // 2] if widths else 0.6 * lines[0].size
    out = []
    for ln in lines:
        text = ""
        for w in ln.words:
            column = round((w.x0 - left) / max(width, 0.1))
            gap = " " if text else ""
            text += " " * max(column - len(text), len(gap)) + w.text
        out.append(text)
    return "\n".join(out)


def vocabulary(blocks: list[Block]) -> Vocabulary:
    """The words of the document, counted inside lines (for hyphen repair)."""
    vocab = Vocabulary()
    for b in blocks:
        for line in b.lines:
            vocab.add(line.text)
        for t in [b.table, *b.tables]:
            if t is not None:
                for row in t.rows:
                    for cell in row:
                        vocab.add(cell)
    return vocab
