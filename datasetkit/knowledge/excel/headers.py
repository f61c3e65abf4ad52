"""Header rows of a table block, merged ranges, and header names.

The header is the first row that looks like one (text cells, distinct, about as wide
as the rows below), or a header of two or three rows whose upper rows hold group
labels over several columns (merged cells, or labels with blank cells after them):
those give combined names such as ``Q1 Revenue``; rows under a header that go on with
its labels ("Percent" over "of Class") join it. A merged range's value applies to
every column it spans in a header, and down the rows it spans in the records.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from datasetkit.knowledge.build import unique_headers
from datasetkit.knowledge.excel.package import Cell, SheetData, column_letter
from datasetkit.knowledge.tableheader import fold_units, is_unit, record_like, split_note

Row = tuple[int, list[Cell]]

_HEADER_SCAN_ROWS = 30
_MAX_HEADER_ROWS = 3
# A bold count of periods over a table's columns has at least this many.
_MIN_COUNT = 6
# A group label of this many words or more is a note written over the columns.
_NOTE_WORDS = 8
# Merged ranges larger than this are not spread cell by cell (only their first column).
_MAX_MERGE_ROWS = 100_000


class MergeIndex:
    """The merged ranges whose first cell holds a visible value, by the rows they cover."""

    def __init__(self, sheet: SheetData) -> None:
        self.by_row: dict[int, list[tuple[int, int, int, Cell]]] = {}
        self.anchor_end: dict[tuple[int, int], int] = {}
        # The last row a range reaches down to, by the row of its anchor.
        self.down: dict[int, int] = {}
        if not sheet.rows:
            return
        last_row = max(sheet.rows)
        last_col = max(cells[-1].col for cells in sheet.rows.values())
        for r0, c0, r1, c1 in sheet.merges:
            anchor = next((c for c in sheet.rows.get(r0, []) if c.col == c0), None)
            if anchor is None or (r1 == r0 and c1 == c0):
                continue
            self.anchor_end[(r0, c0)] = c1
            self.down[r0] = max(self.down.get(r0, r0), min(r1, last_row))
            # Beyond the last row and column that hold values a range covers nothing.
            c1 = max(c0, min(c1, last_col))
            r1 = max(r0, min(r1, last_row, r0 + _MAX_MERGE_ROWS))
            for r in range(r0, r1 + 1):
                if r not in sheet.hidden_rows:
                    self.by_row.setdefault(r, []).append((r0, c0, c1, anchor))

    def occupied(self) -> Iterator[tuple[int, int, int]]:
        """(row, first column, last column) of every row a merged range covers."""
        for r, merges in self.by_row.items():
            for _, c0, c1, _ in merges:
                yield r, c0, c1

    def span_end(self, r: int, col: int) -> int:
        """The last column of the merged range starting at (r, col), or col."""
        return self.anchor_end.get((r, col), col)

    def merged_across(self, r: int, col: int) -> bool:
        return self.span_end(r, col) > col

    def value_at(self, r: int, col: int) -> Cell | None:
        """The value a merged range shows over (r, col)."""
        for _, c0, c1, anchor in self.by_row.get(r, []):
            if c0 <= col <= c1:
                return anchor
        return None

    def starts_on(self, r: int, col: int) -> Cell | None:
        """The value of a range over (r, col) that starts on row r (none merged from above)."""
        for r0, c0, c1, anchor in self.by_row.get(r, []):
            if r0 == r and c0 <= col <= c1:
                return anchor
        return None

    def fill_down(self, r: int, cells: list[Cell], columns: list[int], first: int) -> list[Cell]:
        """A record's cells with the values of ranges merged down from rows above it
        (from ``first`` on, in their first column only, so a wide merge is not repeated)."""
        if r not in self.by_row:
            return cells
        extra: list[Cell] = []
        own = {c.col for c in cells}
        for r0, c0, _, anchor in self.by_row.get(r, []):
            if first <= r0 < r and c0 not in own and c0 in columns:
                extra.append(Cell(c0, anchor.text, anchor.is_text))
        return sorted(cells + extra, key=lambda c: c.col) if extra else cells


# ----- finding the header ------------------------------------------------------------------


def find_header(merges: MergeIndex, rows: list[Row], c0: int, c1: int) -> list[int] | None:
    """Indexes (into ``rows``) of the header rows of a block, or None."""
    scan = rows[:_HEADER_SCAN_ROWS]
    widths = [len(cells) for _, cells in scan]
    for i, (_, cells) in enumerate(scan):
        if not cells:
            continue
        depth = _group_depth(merges, scan, i)
        head: list[int] | None = None
        if depth > 1:
            if i and depth < _MAX_HEADER_ROWS and _labels_groups(scan[i - 1], scan[i], c0):
                i, depth = i - 1, depth + 1
            head = _with_units(scan, list(range(i, i + depth)))
        elif _looks_like_header(scan, i, widths):
            head = _with_units(scan, [i, *_wrapped_rows(scan, i)])
        if head is not None and not _header_under(scan, head[-1]):
            return _merged_down(merges, scan, head)
    return None


def _merged_down(merges: MergeIndex, scan: list[Row], head: list[int]) -> list[int]:
    """The header rows, with the rows its labels are merged down over (a label that
    spans the header's rows beside group labels over sub-labels): those rows hold the
    sub-labels and units, no records. Records must follow."""
    last = max(merges.down.get(scan[k][0], scan[k][0]) for k in head)
    more = [k for k in range(head[-1] + 1, len(scan)) if scan[k][0] <= last]
    if not more or more[-1] + 1 >= len(scan):
        return head
    if any(not c.is_text for k in more for c in scan[k][1]):
        return head
    return [*head, *more]


def _header_under(scan: list[Row], j: int) -> bool:
    """Whether the row under row ``j`` is the header, not row ``j``: a row of labels
    over more columns than row ``j`` fills, which holds a note (a long line, or a
    label with a colon and its value: out of line with the table), with text where
    the rows under it hold figures or dates."""
    k = j + 1
    if k >= len(scan):
        return False
    cells = scan[k][1]
    if len(cells) < 2 or not is_header_row(cells) or any(not c.is_text for c in cells):
        return False
    above = scan[j][1]
    if {c.col for c in above} >= {c.col for c in cells} or not any(
        _note_like(c.text) for c in above
    ):
        return False
    below = [{c.col: c for c in row} for _, row in scan[k + 1 : k + 6]]
    for c in cells:
        values = [row[c.col] for row in below if c.col in row]
        if len(values) >= 2 and not any(v.is_text for v in values):
            return True
    return False


def _with_units(scan: list[Row], head: list[int]) -> list[int]:
    """The header rows and the unit row right under them ("€m", "%"), when records
    follow it: the unit row names the columns' units, it is no record."""
    j = head[-1] + 1
    if j + 1 >= len(scan) or not all(c.is_text for c in scan[j][1]):
        return head
    return [*head, j] if is_unit_row([c.text for c in scan[j][1]]) else head


def _wrapped_rows(scan: list[Row], i: int) -> list[int]:
    """Rows under a header row that go on with its labels ("Percent" over "of Class",
    "Minimum" / "Monthly" / "Salary"): text only, under labelled columns, with records
    after them."""
    labelled = {c.col for c in scan[i][1]}
    out: list[int] = []
    j = i + 1
    while len(out) < _MAX_HEADER_ROWS - 1 and j + 1 < len(scan):
        cells = scan[j][1]
        if not cells or not all(c.is_text and c.col in labelled for c in cells):
            break
        if is_unit_row([c.text for c in cells]):
            break  # a unit row joins the names otherwise (see header_names)
        if any(c.col == min(labelled) for c in cells) and len(cells) == len(labelled):
            break  # a full row of labels again: the first record, or a repeated header
        if _like_records(scan, j):
            break  # the rows below fill the same columns with text: a table of text
        if _band_again(scan, j):
            break  # a label alone in the first column, again further down: a band
        if _set_apart(scan[i][1], cells):
            break
        if not _figures_follow(scan, j, labelled):
            break
        out.append(j)
        j += 1
    return out


def _band_again(scan: list[Row], j: int) -> bool:
    """Whether row ``j`` is a band over the records under it ("2022" over its months,
    "Division A" over its regions): one label alone in the block's first column, and
    another row below it holds a label alone there too, with records between."""
    cells = scan[j][1]
    if len(cells) != 1:
        return False
    col = cells[0].col
    first = min((c.col for _, row in scan[j + 1 :] for c in row), default=col)
    if col > first:
        return False
    below = [row for _, row in scan[j + 2 :]]
    return any(len(row) == 1 and row[0].col == col for row in below)


def _set_apart(head: list[Cell], cells: list[Cell]) -> bool:
    """Whether a header set in bold stands apart from a row in plain type: the row is
    a record (or a marker row of the records), no second line of the labels."""
    return all(c.bold for c in head) and not all(c.bold for c in cells)


def _figures_follow(scan: list[Row], j: int, labelled: set[int]) -> bool:
    """Whether the first record under row ``j`` holds a figure or a date: a line of
    labels under a header goes on with it only over records of another kind; over
    rows of text it is the first of them. Further lines of labels may come first."""
    for _, cells in scan[j + 1 : j + _MAX_HEADER_ROWS]:
        if any(not c.is_text for c in cells):
            return True
        if not cells or not all(c.col in labelled for c in cells):
            return False
    return False


def _like_records(scan: list[Row], j: int) -> bool:
    """Whether row ``j`` and the two rows after it fill the same columns with text."""
    rows = [cells for _, cells in scan[j : j + 3]]
    if len(rows) < 3 or not all(rows):
        return False
    pattern = {c.col for c in rows[0]}
    return all(
        {c.col for c in cells} == pattern and all(c.is_text for c in cells) for cells in rows
    )


def _headerish(cells: list[Cell]) -> bool:
    """Text cells; a column header may also be a year (``Region | 2025 | 2026``), or
    a count of periods in bold (hours 1 to 24 over a day's schedule). A label computed
    by a formula that broke shows its error ("#REF!"): among labels, it stands for one."""
    if _counting(cells):
        return True
    if sum(1 for c in cells if _error(c)) * 2 >= len(cells):
        return False
    return all(c.is_text or _error(c) or (i > 0 and _year(c.text)) for i, c in enumerate(cells))


# The values Excel shows for a formula that fails.
_ERRORS = frozenset(
    ("#REF!", "#N/A", "#NAME?", "#VALUE!", "#DIV/0!", "#NUM!", "#NULL!", "#SPILL!", "#CALC!")
)


def _error(cell: Cell) -> bool:
    return not cell.is_text and cell.text in _ERRORS


def _counting(cells: list[Cell]) -> bool:
    """Bold whole numbers counting up by one from 0 or 1 (after a label cell or none):
    the periods a schedule's columns stand for, set in type apart from its figures."""
    numbers = cells[1:] if cells and cells[0].is_text else cells
    if len(numbers) < _MIN_COUNT or not all(c.bold and not c.is_text for c in numbers):
        return False
    if not all(c.text.isdigit() for c in numbers):
        return False
    first = int(numbers[0].text)
    return first in (0, 1) and all(int(c.text) == first + k for k, c in enumerate(numbers))


def is_header_row(cells: list[Cell]) -> bool:
    """Distinct short labels (text, or years after the first)."""
    return (
        _headerish(cells)
        and len({c.text for c in cells}) == len(cells)
        and all(is_title_text(c.text, 60) for c in cells if c.is_text)
    )


def _year(text: str) -> bool:
    return text.isdigit() and 1900 <= int(text) <= 2100


def _looks_like_header(scan: list[Row], i: int, widths: list[int]) -> bool:
    cells = scan[i][1]
    following = [w for w in widths[i + 1 : i + 6] if w]
    if not following:
        return False  # a lone row of text is data, not a header
    typical = max(following)
    distinct = len({c.text for c in cells}) == len(cells)
    # A label never ends with a comma: such a cell carries a sentence on to the next.
    return (
        not any(c.text.rstrip().endswith(",") for c in cells)
        and _headerish(cells)
        and distinct
        and (len(cells) >= 2 or typical == 1)
        and len(cells) * 2 >= typical
        and not _reads_as_record(scan, i)
    )


def _reads_as_record(scan: list[Row], i: int) -> bool:
    """Whether row ``i``, not set apart in bold, holds in each column the kind of value
    the block's other rows hold there (amounts, dates, codes as text): a record of a
    table with no header row (see :func:`datasetkit.knowledge.tableheader.record_like`).
    Rows above count too, so the last records are not taken for a header either."""
    cells = scan[i][1]
    if any(c.bold for c in cells):
        return False
    others = [row for k, (_, row) in enumerate(scan) if k != i and len(row) >= 2]
    cols = sorted({c.col for row in [cells, *others] for c in row})

    def texts(row: list[Cell]) -> list[str]:
        by_col = {c.col: c.text for c in row}
        return [by_col.get(k, "") for k in cols]

    return record_like(texts(cells), [texts(row) for row in others])


def _group_depth(merges: MergeIndex, scan: list[Row], i: int) -> int:
    """How many header rows start at row i when it holds group labels (0: it does not)."""
    depth = 1
    while (
        depth < _MAX_HEADER_ROWS
        and i + depth < len(scan)
        and _is_group_row(merges, scan[i + depth - 1], scan[i + depth])
    ):
        depth += 1
    has_data = i + depth < len(scan) and any(cells for _, cells in scan[i + depth :])
    return depth if depth > 1 and has_data else 0


def _is_group_row(merges: MergeIndex, top: Row, below: Row) -> bool:
    """Whether ``top`` holds labels over groups of the header cells in ``below``."""
    r, cells = top
    under = [c for c in below[1] if c.is_text or _error(c)]
    if not cells or len(under) < 2 or len(under) != len(below[1]) or not _headerish(under):
        return False
    if any(_note_like(c.text) for c in cells):
        return False  # a note over the columns ("*Units sold via each channel"), not a label
    # Group labels may all be years typed as numbers ("2023" over "Sales | Units").
    labels = all(c.is_text or _year(c.text) for c in cells)
    if not labels and not all(merges.merged_across(r, c.col) for c in cells):
        return False
    first, last = under[0].col, under[-1].col
    merged = any(merges.merged_across(r, c.col) for c in cells)
    spans = _label_spans(merges, top, first, last, merged)
    covering = [sum(1 for u in under if a <= u.col <= b) for a, b in spans]
    if len(cells) == 1 and spans[0][0] <= first and spans[0][1] >= last:
        return False  # one label over the whole table is its title
    if not any(n >= 2 for n in covering):
        return False
    if merged:
        return True
    repeated = max(Counter(u.text for u in under).values()) > 1
    return repeated or len(cells) * 2 <= len(under)


def _labels_groups(top: Row, groups: Row, c0: int) -> bool:
    """Whether ``top``, right above a row of group labels, labels those groups in turn
    ("Period" over "2023" and "2024" over "Sales | Units"): short distinct labels, one
    or more over the value columns, none of them in the block's first column (a label
    there alone is the table's title), each standing over at least one group label."""
    cells, below = top[1], [c for c in groups[1] if c.is_text or _year(c.text)]
    if not cells or not below or not is_header_row(cells):
        return False
    over = [c for c in cells if c.col >= below[0].col]
    if not over or any(c.col <= c0 for c in over) or any(_note_like(c.text) for c in cells):
        return False
    ends = [c.col for c in over[1:]] + [below[-1].col + 1]
    covering = [sum(c.col <= b.col < end for b in below) for c, end in zip(over, ends, strict=True)]
    return min(covering) >= 1 and max(covering) >= 2


def _label_spans(
    merges: MergeIndex, top: Row, first: int, last: int, merged: bool
) -> list[tuple[int, int]]:
    """The columns each label of a group row stands over: its merged range, or (in a
    row without merges) up to the next label, or, for a right-aligned label, back to
    the label before it. A label left of every column header stands over the row
    labels' column alone: it names that column ("In millions of CHF")."""
    r, cells = top
    if merged:
        return [(c.col, merges.span_end(r, c.col)) for c in cells]
    out: list[tuple[int, int]] = []
    for k, c in enumerate(cells):
        if c.col < first:
            out.append((c.col, c.col))
        elif c.align == "right":
            start = cells[k - 1].col + 1 if k else first
            out.append((max(start, first), c.col))
        else:
            end = cells[k + 1].col - 1 if k + 1 < len(cells) else last
            if k + 1 < len(cells) and cells[k + 1].align == "right":
                end = c.col  # the next label reaches back to here
            out.append((c.col, max(c.col, end)))
    return out


# ----- header names -------------------------------------------------------------------------


def header_names(merges: MergeIndex, header_rows: list[Row], columns: list[int]) -> list[str]:
    """One name per column: the header rows' labels over it, top first, joined by a
    space, without note markers ("Salary(2)" names the column "Salary")."""
    units: list[str] | None = None
    if len(header_rows) > 1 and is_unit_row([c.text for c in header_rows[-1][1]]):
        units = _units(merges, header_rows[-1], columns)
        header_rows = header_rows[:-1]
    layers = []
    for k, row in enumerate(header_rows):
        below = header_rows[k + 1][1] if k + 1 < len(header_rows) else []
        first = min((c.col for c in below if c.is_text), default=0)
        layers.append(_layer(merges, row, columns, k < len(header_rows) - 1, first))
    raw: list[str] = []
    for j in range(len(columns)):
        parts: list[str] = []
        if layers and layers[-1][j] in _ERRORS:
            raw.append("")  # its own label broke: the column has no name to say
            continue
        for layer in layers:
            text = " ".join(split_note(layer[j])[0].split())
            if text and text not in parts:
                parts.append(text)
        raw.append(" ".join(parts))
    if units is not None:
        raw = fold_units(raw, units) or raw
    names = unique_headers(raw)
    return [
        name if raw[j] else f"Column {column_letter(columns[j])}" for j, name in enumerate(names)
    ]


def _units(merges: MergeIndex, row: Row, columns: list[int]) -> list[str]:
    """The unit over each column in a unit row: its own cells and the ranges merged from
    it, not a label merged down into it from a row above."""
    r, cells = row
    own = {c.col: c.text for c in cells}
    out = []
    for col in columns:
        anchor = merges.starts_on(r, col)
        out.append(own.get(col, anchor.text if anchor is not None else ""))
    return out


def _layer(
    merges: MergeIndex, row: Row, columns: list[int], group: bool, first: int = 0
) -> list[str]:
    """The label over each column in one header row (``first``: the first column the
    row below labels, for a group row's spans)."""
    r, cells = row
    own = {c.col: c.text for c in cells}
    merged = any(merges.merged_across(r, c.col) for c in cells)
    over: dict[int, str] = {}
    if group and not merged and cells:
        spans = _label_spans(merges, row, first or cells[0].col, columns[-1], False)
        for c, (a, b) in zip(cells, spans, strict=True):
            over.update({col: c.text for col in range(a, b + 1)})
    out: list[str] = []
    for col in columns:
        if col in own:
            text = own[col]
        else:
            anchor = merges.value_at(r, col)
            text = anchor.text if anchor is not None else over.get(col, "")
        out.append(text)
    return out


def is_unit_row(texts: list[str]) -> bool:
    """Cells that only name units or currencies ("€m", "(in millions)", "%")."""
    return bool(texts) and all(is_unit(t) for t in texts)


def _note_like(text: str) -> bool:
    """A note rather than a label: opens with a note marker, runs long (in characters
    or words), or ends with a colon (the label of a value beside it, "Updated:")."""
    stripped = text.strip()
    return (
        stripped.startswith(("*", "†", "‡", "(1)", "(a)"))
        or len(stripped) > 60
        or len(stripped.split()) >= _NOTE_WORDS
        or stripped.endswith(":")
    )


def is_title_text(text: str, limit: int = 80) -> bool:
    """Short, one line, and not a sentence: reads as a title or a label."""
    stripped = text.strip()
    return (
        0 < len(stripped) <= limit
        and "\n" not in stripped
        and not stripped.endswith((".", "!", ";", ","))
        and len(stripped.split()) <= 12
    )


_NOTE_LINE = re.compile(r"^\(?(\d{1,2})[).]?\s+\S+\s+\S+")


def note_markers(sheet: SheetData) -> set[str]:
    """The numbers of the sheet's footnotes: text cells that open with one ("6 Turkey is
    reported under ...", "(1) Re-presented")."""
    out: set[str] = set()
    for cells in sheet.rows.values():
        for c in cells:
            lead = c.text[:1]
            m = _NOTE_LINE.match(c.text) if c.is_text and (lead.isdigit() or lead == "(") else None
            if m is not None:
                out.add(m.group(1))
    return out
