"""Reading the regions of a sheet: tables, text rows, and the titles above tables.

Each region the cut gives (see ``regions``) is read as a table (a header row, or a
header of several rows, and its records), as text rows, or as rows that carry on the
table above it after blank rows. ``layout_items`` returns what a person reads, in
reading order: text rows (a title above a table marked) and tables.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import pairwise

from datasetkit.knowledge.excel.headers import (
    find_header,
    header_names,
    is_header_row,
    is_title_text,
)
from datasetkit.knowledge.excel.items import Item, Row, TableItem, TextItem, item_columns
from datasetkit.knowledge.excel.label_corner import label_corner, with_labels
from datasetkit.knowledge.excel.package import Cell, SheetData, column_letter
from datasetkit.knowledge.excel.pairs import (
    form_segments,
    is_form,
    is_grid,
    is_label_value,
    is_wide_form,
    title_lines,
)
from datasetkit.knowledge.excel.pivot import pivot_caption, pivot_rows
from datasetkit.knowledge.excel.regions import Grid, Region, cut
from datasetkit.knowledge.excel.tableparts import TablePart, outside, read_part
from datasetkit.knowledge.excel.template_rows import without_unused
from datasetkit.knowledge.excel.titles import (
    column_sheet,
    dated,
    filled_siblings,
    is_title_line,
    numbered_alike,
    opens_section,
    title_levels,
)
from datasetkit.knowledge.tableheader import is_unit, split_note

# A block with no header and fewer rows than this, all text, is lines of text.
_FEW_RECORDS = 3
# At most this many rows of text can be prose written across the cells.
_PROSE_ROWS = 5
# A lone trailing line of this many words or more is prose, not a record's label.
_PROSE_WORDS = 6
# A trailing one-cell row of a table is a note when it starts like one.
_NOTE_MARKS = ("*", "†", "‡", "¹", "note", "notes", "source", "sources", "nb", "n.b.")


# ----- reading a block ---------------------------------------------------------------------


def layout_items(
    sheet: SheetData, stop: Callable[[], bool] | None = None, parts: Sequence[TablePart] = ()
) -> list[Item]:
    """The text rows and tables of a sheet, in reading order; ``parts`` are its Excel
    tables, read as their definitions say (the rest of the sheet is cut around them)."""
    grid = Grid(sheet)
    if not grid.order:
        return []
    rest, regions = _regions(sheet, grid, list(parts))
    items: list[Item] = []
    groups: list[list[TextItem]] = []  # runs of text rows since the last table
    titles: dict[int, TextItem] = {}  # table -> its title
    for region in regions:
        if stop is not None and stop():
            break
        if isinstance(region, TablePart):
            known = read_part(grid, region)
            block: list[Item] = [known] if known is not None else []
        else:
            block = _read_block(rest, region, items)
        for item in block:
            if isinstance(item, TableItem):
                title = None
                if item.of is None:
                    title = _title_block(grid, groups) or _mark_title(groups, block, item)
                if title is not None:
                    pivot_caption(title)
                    _beside(title, titles)
                    titles[id(item)] = title
                groups = []
            elif groups and _follows(groups[-1][-1], item, grid):
                groups[-1].append(item)
            else:
                groups.append([item])
        items.extend(block)
    if not any(isinstance(i, TableItem) for i in items):
        _section_titles([i for i in items if isinstance(i, TextItem)], grid)
    else:
        _under_sheet_title([i for i in items if isinstance(i, TextItem) and i.title])
        _captions(list(titles.values()))
        filled_siblings([i for i in items if isinstance(i, TextItem) and i.title])
    return _lone_headers(grid, items, titles)


def _captions(titles: list[TextItem]) -> None:
    """Titles side by side on one row, each over its own table, under the sheet's title
    (level 2 or deeper) name their tables (one per market, per site): captions, not
    sections of the sheet. They still head their tables' rows."""
    rows = Counter((t.row, t.level) for t in titles if t.title and t.level >= 2)
    for t in titles:
        if t.title and rows[(t.row, t.level)] >= 2:
            t.title, t.caption = False, True


def _regions(
    sheet: SheetData, grid: Grid, parts: list[TablePart]
) -> tuple[Grid, list[Region | TablePart]]:
    """The regions of the sheet in reading order, and the grid they are read from. The
    whole sheet is cut as usual; a region that holds Excel tables gives the tables as
    they are and the rest of its cells cut around them."""
    parts = [p for p in parts if grid.rows_in((p.top, p.bottom, p.left, p.right))]
    # Values right beside a table's range, on its rows, read as its columns: the range
    # was left short of them (a table resized), so the cells decide, not the part.
    parts = [p for p in parts if not _touched_aside(grid, p)]
    last_col = max(b for spans in grid.spans.values() for _, b in spans)
    whole = cut(grid, (grid.order[0], grid.order[-1], 1, last_col))
    if not parts:
        return grid, list(whole)
    rest = Grid(outside(sheet, parts))
    rest.body_size = grid.body_size
    regions: list[Region | TablePart] = []
    for r0, r1, c0, c1 in whole:
        inside = [p for p in parts if r0 <= p.top <= r1 and c0 <= p.left <= c1]
        if not inside:
            regions.append((r0, r1, c0, c1))
            continue
        pieces: list[Region | TablePart] = []
        if rest.rows_in((r0, r1, c0, c1)):
            pieces.extend(cut(rest, (r0, r1, c0, c1)))
        for part in inside:
            pieces.insert(_after_above(pieces, part), part)
        regions.extend(pieces)
    return rest, regions


def _after_above(pieces: list[Region | TablePart], part: TablePart) -> int:
    """Where a table goes among the pieces of its region: right after the last piece
    above it over its columns (its title), else before the first piece below it."""
    above = [
        k
        for k, r in enumerate(pieces)
        if not isinstance(r, TablePart)
        and r[1] < part.top
        and r[2] <= part.right
        and r[3] >= part.left
    ]
    if above:
        return above[-1] + 1
    below = (k for k, r in enumerate(pieces) if not isinstance(r, TablePart) and r[0] > part.top)
    return next(below, len(pieces))


def _touched_aside(grid: Grid, part: TablePart) -> bool:
    """Whether a cell sits in the column just left or right of an Excel table's
    range, on one of its rows."""
    sides = [c for c in (part.left - 1, part.right + 1) if c >= 1]
    rows = grid.rows_in((part.top, part.bottom, part.left - 1, part.right + 1))
    return any(grid.row_cells(r, c, c) for r in rows for c in sides)


def _under_sheet_title(heads: list[TextItem]) -> None:
    """A sheet that opens with a title and a subtitle under it (levels 1 and 2) has
    its later title blocks as sections under that title: one level down. A block that
    repeats the sheet's title line starts over at level 1 (the same report again)."""
    if len(heads) < 2 or heads[0].level != 1 or heads[1].level != 2:
        return
    top = heads[0].text.casefold()
    shift = 0
    for head in heads[2:]:
        if head.level == 1:
            shift = 0 if head.text.casefold() == top else 1
        head.level += shift


def _section_titles(lines: list[TextItem], grid: Grid) -> None:
    """On a sheet of text only, a bold line that opens a run of lines after a blank row
    titles that run (labels inside a run stay text); a lone bold line first on the
    sheet is the sheet's title, above them."""
    runs: list[list[TextItem]] = []
    for line in lines:
        if runs and _follows(runs[-1][-1], line, grid):
            runs[-1].append(line)
        else:
            runs.append([line])
    top = bool(runs) and len(runs[0]) == 1 and opens_section(runs[0][0].cells, runs[0][0].text)
    if top:
        runs[0][0].title, runs[0][0].level = True, 1
    for run in runs[1 if top else 0 :]:
        if len(run) > 1 and opens_section(run[0].cells, run[0].text):
            run[0].title, run[0].level = True, 2 if top else 1


def _lone_headers(grid: Grid, items: list[Item], titles: dict[int, TextItem]) -> list[Item]:
    """A header row that no rows came to carry on is a line of text after all."""
    continued = {id(i.of) for i in items if isinstance(i, TableItem) and i.of is not None}
    out: list[Item] = []
    for item in items:
        if isinstance(item, TableItem) and not item.rows and id(item) not in continued:
            title = titles.get(id(item))
            if title is not None:
                title.title = False
            r = item.header_rows[0]
            out.append(_text_item(grid, r, grid.row_cells(r, item.columns[0], item.columns[-1])))
        else:
            out.append(item)
    return out


def _beside(title: TextItem, titles: dict[int, TextItem]) -> None:
    """A title on the row of the title of a table before it heads a table set beside
    that one: it takes that title's level, as its sibling."""
    for other in titles.values():
        if other.row == title.row and other is not title and title.title:
            title.level = other.level


def _follows(prev: TextItem, item: TextItem, grid: Grid) -> bool:
    return item.row > prev.row and not grid.blank_row_between(prev.row, item.row)


def _title_block(grid: Grid, groups: list[list[TextItem]]) -> TextItem | None:
    """The lines above a table set apart by type (bold, or larger than the sheet's
    text) are its title block: the first is a level-1 heading, the others level 2. A
    line that dates the sheet ("September 11, 2006") stays text. Returns the last.

    ``groups`` holds every text row since the table before, those of the table's own
    block too, each once: a title right above its header reads as one set apart from
    it by a blank row."""
    # A line split from under the table before stays text: it labels a part of the
    # sheet, no title of this table's own.
    lines = [t for g in groups for t in g if not t.opens]
    marked = [t for t in lines if is_title_line(t.cells, t.text, grid.body_size)]
    marked = [t for t in marked if not dated(t.text)]
    for t, level in zip(marked, title_levels([t.text for t in marked]), strict=True):
        t.title, t.level = True, level
    return marked[-1] if marked else None


def _mark_title(
    groups: list[list[TextItem]], block: list[Item], table: TableItem
) -> TextItem | None:
    """The first text row leading into a table is its title when it reads like one.

    That row is the first of the table's own block when text sits right above its
    header, else the first of the last run of text rows before it. Returns the title.
    """
    at = block.index(table)
    before = [k for k, i in enumerate(block[:at]) if isinstance(i, TableItem)]
    start = before[-1] + 1 if before else 0
    own = [i for i in block[start:at] if isinstance(i, TextItem)]
    lines = own or (groups[-1] if groups else [])
    candidate = lines[0] if lines else None
    if candidate is None or len(candidate.cells) != 1 or not candidate.cells[0].is_text:
        return None
    candidate.title = is_title_text(candidate.text) and not _sentence_goes_on(lines)
    return candidate if candidate.title else None


def _sentence_goes_on(lines: list[TextItem]) -> bool:
    """Whether the line under the first one carries on its sentence (it opens in lower
    case on the next row, and names no unit): the first line is prose, not a title."""
    if len(lines) < 2 or lines[1].row != lines[0].row + 1:
        return False
    text = lines[1].text.strip()
    return text[:1].islower() and not is_unit(text)


def _read_block(grid: Grid, region: Region, items: list[Item]) -> list[Item]:
    _, _, c0, c1 = region
    rows = pivot_rows([(r, grid.row_cells(r, c0, c1)) for r in grid.rows_in(region)])
    more = _continuation(grid, items, region, rows)
    if more is not None:
        return [more]
    own = [(r, cells) for r, cells in rows if cells]
    if len(own) == 1 and len(own[0][1]) >= 2 and is_header_row(own[0][1]):
        # A header alone, its rows perhaps below after a blank row (double spacing).
        r, cells = own[0]
        columns = [c.col for c in cells]
        return [TableItem(columns, header_names(grid.merges, [own[0]], columns), [r])]
    whole = column_sheet([c for _, c in own], len(grid.order), grid.body_size)
    if (_is_text_block(rows) and not whole) or _scattered_prose(rows):
        return [_text_item(grid, r, cells) for r, cells in rows if cells]
    if is_form(rows) or is_label_value(rows):
        labels = is_grid(rows) or is_label_value(rows)
        own = [(r, cells) for r, cells in rows if cells]
        lead = title_lines(rows)
        return _pair_titles(grid, own[:lead], items) + [
            TextItem(
                r, cells, grid.merges.span_end(r, cells[-1].col), pair=len(cells) == 2, grid=labels
            )
            for r, cells in own[lead:]
        ]
    if is_wide_form(rows):
        # Each label with its value, and each other cell, read apart.
        return [
            TextItem(r, seg, grid.merges.span_end(r, seg[-1].col), pair=len(seg) == 2)
            for r, cells in rows
            for seg in form_segments(cells)
        ]
    parts = _stacked(rows)
    return [item for part in parts for item in _table_block(grid, region, part)]


def _pair_titles(grid: Grid, lines: list[Row], items: list[Item]) -> list[Item]:
    """The lines over a block of pairs; one set apart by type or fill, or merged across
    the block, titles it, under the sheet's title when one came before."""
    under = any(isinstance(i, TextItem) and i.title for i in items)
    out: list[Item] = []
    for r, cells in lines:
        item = _text_item(grid, r, cells)
        if is_title_line(cells, item.text, grid.body_size, _spans(grid, r, cells)):
            item.title, item.level = True, 2 if under else 1
        out.append(item)
    return out


def _stacked(rows: list[Row]) -> list[list[Row]]:
    """Tables stacked with no blank row between them: the header row comes again under
    a title line of its own (one text cell), which opens the next table. A header
    repeated with no title above it carries the same table on (a page's repeat)."""
    full = [i for i, (_, cells) in enumerate(rows) if len(cells) >= 2]
    if not full or not all(c.is_text for c in rows[full[0]][1]):
        return [rows]
    header = [c.text for c in rows[full[0]][1]]
    cuts: list[int] = []
    for i in full[1:]:
        if [c.text for c in rows[i][1]] != header:
            continue
        j = i
        while j > 0 and len(rows[j - 1][1]) == 1 and rows[j - 1][1][0].is_text:
            j -= 1
        if j < i and j > full[0] + 1:
            cuts.append(j)
    bounds = [0, *cuts, len(rows)]
    return [rows[a:b] for a, b in pairwise(bounds)]


def _is_text_block(rows: list[Row]) -> bool:
    """Rows of one cell each (a title, notes), or a single row: text, not a table."""
    own = [(r, cells) for r, cells in rows if cells]
    if len(own) <= 1:
        return True
    if any(len(cells) > 1 for _, cells in own):
        return False
    # A single column is a table only when it looks like a list with a heading.
    head = own[0][1][0]
    values = [cells[0] for _, cells in own[1:]]
    listing = (
        (len(values) >= 3 or numbered_alike([v.text for v in values]))
        and all(v.col == head.col for v in values)  # a list keeps to its heading's column
        and head.is_text
        and is_title_text(head.text, 40)
        and all(len(v.text) <= 60 and not v.text.endswith(".") for v in values)
    )
    return not listing


def _text_item(grid: Grid, r: int, cells: list[Cell]) -> TextItem:
    last = max(c.col for c in cells)
    span = grid.merges.span_end(r, last)
    return TextItem(r, cells, span)


def _continuation(
    grid: Grid, items: list[Item], region: Region, rows: list[Row]
) -> TableItem | None:
    """Rows below a table, after blank rows, that carry on its columns without a header
    of their own (a header repeated after the break is dropped)."""
    r0, _, c0, c1 = region
    above = next(
        (i for i in reversed(items) if item_columns(i)[1] >= c0 and item_columns(i)[0] <= c1),
        None,
    )
    if not isinstance(above, TableItem) or above.closed or _last_row(above) >= r0:
        return None
    if any(isinstance(i, TextItem) and i.opens and _last_row(above) < i.row < r0 for i in items):
        return None  # a title line under the table heads the rows after it
    # A lone header over records labelled to its left: the labels join it (see there).
    labels = label_corner(above, rows) if not above.rows and above.of is None else None
    known = set(above.columns) | ({labels} if labels is not None else set())
    if any(c.col not in known for _, cells in rows for c in cells):
        return None  # a value outside the table's columns
    if _titled(grid, rows):
        return None  # a title over the rows: a block of its own
    if not any(len(cells) >= 2 for _, cells in rows):
        return None
    head = find_header(grid.merges, rows, c0, c1)
    if head is not None and _plain_record(grid, above, rows, head[0]):
        head = None  # a record in the records' type, not a header like the one above
    if head is not None:
        if head[0] > 0 or not above.rows:
            return None  # a header of its own, with text above it or under a lone header
        first = {c.col: c for c in rows[0][1]}
        if [first[c].text if c in first else "" for c in above.columns] == _header_cells(
            grid, above
        ):
            rows = rows[head[-1] + 1 :]
        elif any(not c.is_text for c in _last_cells(above) if c.col in first):
            return None  # a new header: text where the table above has numbers or dates
        elif _in_header_type(grid, above, rows[0][1]):
            return None  # set in the header's type, unlike the records: a new header
    if labels is not None:
        with_labels(above, labels)
    origin = above.of or above
    table = TableItem(above.columns, above.headers, above.header_rows, of=origin)
    table.rows = [(r, grid.merges.fill_down(r, cells, table.columns, r0)) for r, cells in rows]
    return table if table.rows else None


def _titled(grid: Grid, rows: list[Row]) -> bool:
    """Whether the first row of a block is a title over it on a band of its own: one
    text cell on a filled background, or merged across the columns (a bold line under
    a table may label a group of its rows instead)."""
    r, cells = next(((r, cells) for r, cells in rows if cells), (0, []))
    if len(cells) != 1 or not (cells[0].filled or _spans(grid, r, cells)):
        return False
    return is_title_line(cells, cells[0].text, grid.body_size, spanned=True)


def _spans(grid: Grid, r: int, cells: list[Cell]) -> bool:
    """Whether a row's one cell is merged across further columns."""
    return len(cells) == 1 and grid.merges.span_end(r, cells[0].col) > cells[0].col


def _header_type(grid: Grid, table: TableItem) -> tuple[bool, bool] | None:
    """Whether the table's header and its records are set in bold, when the type sets
    them apart (None when it does not)."""
    head = [c for r in table.header_rows for c in grid.cells.get(r, [])]
    body = [c for _, cells in table.rows for c in cells]
    if not head or not body:
        return None
    bold_head, bold_body = all(c.bold for c in head), all(c.bold for c in body)
    return (bold_head, bold_body) if bold_head != bold_body else None


def _in_header_type(grid: Grid, table: TableItem, cells: list[Cell]) -> bool:
    """Whether a row is set like the table's header and unlike its records."""
    kinds = _header_type(grid, table)
    return kinds is not None and all(c.bold == kinds[0] for c in cells)


def _plain_record(grid: Grid, table: TableItem, rows: list[Row], i: int) -> bool:
    """Whether row ``i`` of the rows under a table, taken for a header, is set like the
    table's records and unlike its header, with only rows of several cells above it
    (records too; a title line above it would open a table of its own). A line of
    one cell is no record of a table of several columns: it stays out."""
    kinds = _header_type(grid, table)
    if kinds is None or any(len(cells) < 2 for _, cells in rows[: i + 1]):
        return False
    return all(c.bold == kinds[1] for c in rows[i][1])


def _last_row(table: TableItem) -> int:
    return table.rows[-1][0] if table.rows else table.header_rows[-1]


def _last_cells(table: TableItem) -> list[Cell]:
    return table.rows[-1][1] if table.rows else []


def _header_cells(grid: Grid, table: TableItem) -> list[str]:
    if not table.header_rows:
        return []
    r = table.header_rows[-1]
    own = {c.col: c.text for c in grid.cells.get(r, [])}
    return [own.get(c, "") for c in table.columns]


def _table_block(grid: Grid, region: Region, rows: list[Row]) -> list[Item]:
    """Text above the header, the table, and notes under it."""
    _, r1, c0, c1 = region
    head = find_header(grid.merges, rows, c0, c1)
    if head is None:
        above = start = _leading_text(rows)
        columns = _used_columns(rows[start:], c0, c1, grid)
        table = TableItem(columns, [f"Column {column_letter(c)}" for c in columns], [])
    else:
        above, start = head[0], head[-1] + 1
        header_rows = [rows[i] for i in head]
        columns = _used_columns(header_rows + rows[start:], c0, c1, grid)
        names = header_names(grid.merges, header_rows, columns)
        table = TableItem(columns, names, [r for r, _ in header_rows])
    out: list[Item] = [_text_item(grid, r, cells) for r, cells in rows[:above] if cells]
    body = rows[start:]
    title = _trailing_title(grid, body, columns)
    body = body[: len(body) - len(title)]
    notes = _trailing_notes(grid, body, columns)
    data = body[: len(body) - len(notes)]
    first_data = data[0][0] if data else r1
    table.rows = [(r, grid.merges.fill_down(r, cells, columns, first_data)) for r, cells in data]
    _split_label_notes(grid, table)
    table.rows = without_unused(table.rows, columns)
    if head is None and _loose_words(table.rows):
        table.rows = []  # no header and a few rows of words: lines of text
    if table.rows:
        out.append(table)
    else:
        out.extend(_text_item(grid, r, cells) for r, cells in rows[above:start] + data if cells)
    out.extend(_text_item(grid, r, cells) for r, cells in notes)
    for r, cells in title:
        line = _text_item(grid, r, cells)
        line.opens = True
        out.append(line)
    return out


def _trailing_title(grid: Grid, body: list[Row], columns: list[int]) -> list[Row]:
    """The table's last row when it is a line set apart by type in its first column with
    no value beside it: the title of the rows that follow, no record."""
    if len(body) < 2 or len(columns) < 2:
        return []
    last = body[-1][1]
    if len(last) != 1 or last[0].col != columns[0]:
        return []
    return [body[-1]] if is_title_line(last, last[0].text, grid.body_size) else []


def _split_label_notes(grid: Grid, table: TableItem) -> None:
    """Footnote markers glued to the row labels ("Turkey6", "Re-presented1") split off
    and kept by row, when the sheet has a footnote of that number."""
    if not grid.markers or len(table.columns) < 2:
        return
    first = table.columns[0]
    for k, (r, cells) in enumerate(table.rows):
        if not cells or cells[0].col != first or not cells[0].is_text:
            continue
        label, marker = split_note(cells[0].text, grid.markers)
        if marker:
            table.notes[r] = marker
            table.rows[k] = (r, [cells[0]._replace(text=label), *cells[1:]])


def _loose_words(rows: list[Row]) -> bool:
    """Fewer than three rows, of text only, under no header: words set down across the
    cells (a note spread over a row), not records."""
    return len(rows) < _FEW_RECORDS and all(c.is_text for _, cells in rows for c in cells)


def _scattered_prose(rows: list[Row]) -> bool:
    """A few rows of text only, not all filling the same columns, whose cells mostly open in
    lower case: a sentence or two written across the cells, not a table (a table's
    rows repeat one shape, and its labels and names mostly open in capitals)."""
    own = [cells for _, cells in rows if cells]
    if not 2 <= len(own) <= _PROSE_ROWS or any(not c.is_text for cells in own for c in cells):
        return False
    if len({tuple(c.col for c in cells) for cells in own}) < 2:
        return False
    words = [c.text.strip() for cells in own for c in cells]
    lower = sum(1 for w in words if w[:1].islower())
    return lower * 3 >= 2 * len(words)


def _leading_text(rows: list[Row]) -> int:
    """How many single-cell text rows sit on top of a table without a header."""
    i = 0
    while i < len(rows) - 1 and len(rows[i][1]) == 1 and rows[i][1][0].is_text:
        i += 1
    return i if any(len(cells) >= 2 for _, cells in rows[i:]) else 0


def _used_columns(rows: list[Row], c0: int, c1: int, grid: Grid) -> list[int]:
    """Visible columns of the block that hold a cell (merge fills alone do not count)."""
    used = {c.col for _, cells in rows for c in cells}
    return [c for c in range(c0, c1 + 1) if c in used and c not in grid.hidden_cols] or [c0]


def _trailing_notes(grid: Grid, body: list[Row], columns: list[int]) -> list[Row]:
    """One-cell rows at the end of a table that are notes, not records."""
    if len(columns) < 2:
        return []
    notes: list[Row] = []
    for r, cells in reversed(body[1:]):
        if len(cells) != 1 or not cells[0].is_text:
            break
        text = cells[0].text
        merged = grid.merges.span_end(r, cells[0].col) > cells[0].col
        marked = text.lower().lstrip().startswith(_NOTE_MARKS)
        # Text alone in a value column (records open with their label in the first),
        # or a line of prose, under the last record: a note, not a record.
        aside = cells[0].col != columns[0] or len(text.split()) >= _PROSE_WORDS
        if not (merged or marked or aside or (len(text) >= 60 and text.endswith("."))):
            break
        notes.insert(0, (r, cells))
    return notes
