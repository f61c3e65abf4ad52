"""Cutting a sheet into regions: blocks of cells set apart by blank rows and columns.

The sheet is cut recursively at fully blank rows and columns (an XY cut: blank rows
first, so stacked tables read top to bottom; then columns blank from the top of a
region to its bottom). A band of lone titles stays with the side-by-side tables under
it, so each title keeps its table. Hidden rows and columns count as absent, not blank;
merged ranges occupy every cell they cover. Row labels kept across a spacer column
stay with their values.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from itertools import pairwise

from datasetkit.knowledge.excel.headers import (
    MergeIndex,
    is_header_row,
    note_markers,
)
from datasetkit.knowledge.excel.package import Cell, SheetData
from datasetkit.knowledge.excel.side_blocks import split_repeats, split_touching
from datasetkit.knowledge.excel.spans import runs_of, union

Region = tuple[int, int, int, int]  # first row, last row, first column, last column

_MAX_DEPTH = 40
# Blank columns a table may keep between its row labels and its values.
_MAX_SPACER = 2
# Blank columns a table's header row may span (under a description that runs over them).
_MAX_HEADER_GAP = 3
# Blank columns between a label and its value on the rows of a block of pairs.
_MAX_PAIR_GAP = 6


class Grid:
    """The occupied cells of a sheet, by row, with merged ranges spread over their area."""

    def __init__(self, sheet: SheetData) -> None:
        self.cells = sheet.rows
        self.hidden_rows = sheet.hidden_rows
        self.hidden_cols = sheet.hidden_cols
        # What a blank row or column between two cells must not be to set them apart.
        self.gutter_rows = sheet.hidden_rows | sheet.thin_rows
        self.gutter_cols = sheet.hidden_cols | sheet.thin_cols
        self.merges = MergeIndex(sheet)
        self.markers = note_markers(sheet)
        sizes = Counter(c.size for cells in sheet.rows.values() for c in cells if c.size)
        self.body_size = sizes.most_common(1)[0][0] if sizes else 0.0
        self.spans: dict[int, list[tuple[int, int]]] = {
            r: runs_of(cells) for r, cells in sheet.rows.items()
        }
        merged: set[int] = set()
        for r, c0, c1 in self.merges.occupied():
            self.spans.setdefault(r, []).append((c0, c1))
            merged.add(r)
        for r in merged:
            self.spans[r] = union(self.spans[r])
        self.order = sorted(self.spans)

    def rows_in(self, region: Region) -> list[int]:
        r0, r1, c0, c1 = region
        lo, hi = bisect_left(self.order, r0), bisect_right(self.order, r1)
        return [r for r in self.order[lo:hi] if any(a <= c1 and b >= c0 for a, b in self.spans[r])]

    def blank_row_between(self, a: int, b: int) -> bool:
        return any(k not in self.gutter_rows for k in range(a + 1, b))

    def blank_col_between(self, a: int, b: int) -> bool:
        return any(k not in self.gutter_cols for k in range(a + 1, b))

    def column_runs(self, region: Region, rows: list[int]) -> list[tuple[int, int]]:
        """Runs of occupied columns, split at visible blank columns."""
        _, _, c0, c1 = region
        spans = sorted(
            {
                (max(a, c0), min(b, c1))
                for r in rows
                for a, b in self.spans[r]
                if a <= c1 and b >= c0
            }
        )
        runs: list[tuple[int, int]] = []
        for a, b in spans:
            if runs and (
                (
                    not self.blank_col_between(runs[-1][1], a)
                    and not self.apart(runs[-1], a, b, rows)
                )
                or self.labels_of(runs[-1], a, b, rows)
                or self.one_header(runs[-1], a, b, rows)
                or self.pairs_across(runs[-1], a, b, rows)
            ):
                runs[-1] = (runs[-1][0], max(runs[-1][1], b))
            else:
                runs.append((a, b))
        return runs

    def apart(self, left: tuple[int, int], a: int, b: int, rows: list[int]) -> bool:
        """Whether a thin blank column parts two tables set side by side, not the columns
        of one: the runs on both sides open on the same row with a header of two or more
        labels, and the right one has row labels of its own (text down its first column;
        a spacer between figure columns has figures on its right)."""
        gap = range(left[1] + 1, a)
        if not gap or all(k in self.hidden_cols for k in gap):
            return False
        first = [r for r in rows if self.row_cells(r, *left) or self.row_cells(r, a, b)]
        if not first:
            return False
        head_left, head_right = self.row_cells(first[0], *left), self.row_cells(first[0], a, b)
        if min(len(head_left), len(head_right)) < 2:
            return False
        if not (is_header_row(head_left) and is_header_row(head_right)):
            return False
        below = [self.row_cells(r, a, a) for r in first[1:]]
        texts = [cells[0].is_text for cells in below if cells]
        return len(texts) >= 2 and all(texts)

    def labels_of(self, left: tuple[int, int], a: int, b: int, rows: list[int]) -> bool:
        """Whether the columns ``left`` hold the row labels of the values in ``a..b``
        across a blank spacer column: text only on the left, figures on the right, on
        the same rows."""
        if a - left[1] - 1 > _MAX_SPACER:
            return False
        labels = {r: self.row_cells(r, *left) for r in rows}
        values = {r: self.row_cells(r, a, b) for r in rows}
        valued = {r for r, cells in values.items() if cells}
        if not valued:
            return False
        # A title above the table (text on the left, nothing on the right) is not a
        # row label: only rows from the first one with values count.
        first = min(valued)
        labelled = {r for r, cells in labels.items() if cells and r >= first}
        if len(labelled) < 2 or not all(c.is_text for cells in labels.values() for c in cells):
            return False
        if not any(not c.is_text for cells in values.values() for c in cells):
            return False
        both = len(labelled & valued)
        if both >= 0.8 * len(labelled) and both >= 0.5 * len(valued):
            return True
        # A form or budget filled in part: items not yet given figures leave their rows
        # blank on the right, but the right side opens with a header row beside the first
        # label and every row with figures, the last label's (a total) among them, is
        # labelled on the left.
        head = values[first]
        return (
            both == len(valued) >= 2
            and min(labelled) == first
            and max(labelled) == max(valued)
            and len(head) >= 2
            and all(c.is_text for c in head)
            and is_header_row(head)
        )

    def one_header(self, left: tuple[int, int], a: int, b: int, rows: list[int]) -> bool:
        """Whether the columns ``a..b`` carry on the table of the columns ``left`` across
        blank columns (left empty under a description that runs over them, or a column
        nobody filled): the right side's first row is one header row with the left side's
        cells on it (distinct labels, three or more), the records of both sides start on
        the same row under it, and the right side has no row labels of its own."""
        if a - left[1] - 1 > _MAX_HEADER_GAP:
            return False
        right = [r for r in rows if self.row_cells(r, a, b)]
        if len(right) < 2:
            return False
        head = right[0]
        labels = self.row_cells(head, *left) + self.row_cells(head, a, b)
        if len(labels) < 3 or len(labels) == len(self.row_cells(head, a, b)):
            return False
        if not is_header_row(labels):
            return False
        below = next((r for r in rows if r > head and self.row_cells(r, *left)), None)
        if below != right[1]:
            return False
        return not self.apart(left, a, b, [r for r in rows if r >= head])

    def pairs_across(self, left: tuple[int, int], a: int, b: int, rows: list[int]) -> bool:
        """Whether one column of labels and one of their values stand on the same rows with
        blank columns between them (a total's label under the descriptions and its figure
        under the amounts; a label in bold and its text value): each row holds one label
        and one value; further apart than a spacer, the values are figures or the labels
        are set apart from them (in bold, or ending with a colon)."""
        if a - left[1] - 1 > _MAX_PAIR_GAP:
            return False
        pairs: list[tuple[Cell, Cell]] = []
        for r in rows:
            label, value = self.row_cells(r, *left), self.row_cells(r, a, b)
            if not label and not value:
                continue
            if not pairs and len(label) == 1 and not value and label[0].is_text:
                continue  # a title over the pairs
            if len(label) != 1 or len(value) != 1:
                return False
            pairs.append((label[0], value[0]))
        if len(pairs) < 2 or not all(_label(k) for k, _ in pairs):
            return False
        if all(not v.is_text for _, v in pairs) or a - left[1] - 1 <= _MAX_SPACER:
            return True  # figures by their labels, or two columns close on the same rows
        marked = all(k.bold or k.text.rstrip().endswith(":") for k, _ in pairs)
        return marked and not any(v.bold for _, v in pairs)

    def row_cells(self, r: int, c0: int, c1: int) -> list[Cell]:
        cells = self.cells.get(r, [])
        if cells and c0 <= cells[0].col and cells[-1].col <= c1:
            return cells
        return [c for c in cells if c0 <= c.col <= c1]


def _label(cell: Cell) -> bool:
    """A short label of one line ("Payment ref.", "IBAN"), no sentence."""
    text = cell.text.strip()
    return cell.is_text and 0 < len(text) <= 40 and "\n" not in text and len(text.split()) <= 6


# ----- cutting ------------------------------------------------------------------------------


def cut(grid: Grid, region: Region, depth: int = 0) -> list[Region]:
    rows = grid.rows_in(region)
    if not rows:
        return []
    cols = grid.column_runs(region, rows)
    r0, r1, c0, c1 = region = (rows[0], rows[-1], cols[0][0], cols[-1][1])
    if depth >= _MAX_DEPTH:
        return [region]
    bands = _glue_titles(grid, _row_bands(grid, rows), c0, c1)
    if len(bands) > 1:
        return [piece for a, b in bands for piece in cut(grid, (a, b, c0, c1), depth + 1)]
    if len(cols) > 1:
        return [piece for a, b in cols for piece in cut(grid, (r0, r1, a, b), depth + 1)]
    # A repeated header is the surer sign: try it first.
    touching = split_repeats(rows, region, grid.row_cells) or split_touching(
        grid.spans, rows, region, grid.row_cells
    )
    if touching:
        return [piece for part in touching for piece in cut(grid, part, depth + 1)]
    return _peel(grid, region, rows, depth)


def _glue_titles(
    grid: Grid, bands: list[tuple[int, int]], c0: int, c1: int
) -> list[tuple[int, int]]:
    """Bands of lone titles stay with the band of side-by-side tables under them, so
    that the sheet is cut into columns first and each title keeps its table."""
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(bands):
        band = bands[i]
        if i + 1 < len(bands) and _lone_cells(grid, band, c0, c1):
            nxt = bands[i + 1]
            union = (band[0], nxt[1], c0, c1)
            if (
                not _lone_cells(grid, nxt, c0, c1)
                and len(grid.column_runs(union, grid.rows_in(union))) > 1
            ):
                out.append((band[0], nxt[1]))
                i += 2
                continue
        out.append(band)
        i += 1
    return out


def _lone_cells(grid: Grid, band: tuple[int, int], c0: int, c1: int) -> bool:
    """Text cells with blank columns between them (titles), no row of adjacent cells."""
    for r in grid.rows_in((band[0], band[1], c0, c1)):
        spans = sorted(_spans_in(grid, r, c0, c1))
        cells = grid.row_cells(r, c0, c1)
        if len(cells) != len(spans) or not all(c.is_text for c in cells):
            return False  # two cells side by side share a span
        if any(not grid.blank_col_between(a[1], b[0]) for a, b in pairwise(spans)):
            return False
    return True


def _row_bands(grid: Grid, rows: list[int]) -> list[tuple[int, int]]:
    bands = [(rows[0], rows[0])]
    for r in rows[1:]:
        if grid.blank_row_between(bands[-1][1], r):
            bands.append((r, r))
        else:
            bands[-1] = (bands[-1][0], r)
    return bands


def _peel(grid: Grid, region: Region, rows: list[int], depth: int) -> list[Region]:
    """Lone cells on top of a block (a title right above side-by-side tables)."""
    _, r1, c0, c1 = region
    top = 0
    while top < len(rows) - 1 and _lone_cell(grid, rows[top], c0, c1):
        top += 1
    if top == 0:
        return [region]
    rest = (rows[top], r1, c0, c1)
    if len(grid.column_runs(rest, grid.rows_in(rest))) < 2:
        return [region]
    peeled = [(r, r, c0, c1) for r in rows[:top]]
    return peeled + cut(grid, rest, depth + 1)


def _lone_cell(grid: Grid, r: int, c0: int, c1: int) -> bool:
    """One text cell (merged or not) alone in its row."""
    cells = grid.row_cells(r, c0, c1)
    return len(cells) == 1 and cells[0].is_text and len(_spans_in(grid, r, c0, c1)) == 1


def _spans_in(grid: Grid, r: int, c0: int, c1: int) -> list[tuple[int, int]]:
    return [(a, b) for a, b in grid.spans[r] if a <= c1 and b >= c0]
