"""Blocks of cells that touch without being one table.

The blank-row and blank-column cut cannot part two blocks that touch, yet a sheet often
sets them so:

- corner to corner: a table ends on the row above the next one's header and that one
  starts in the column right of the first one's last column (or left of its first): no
  row holds cells on both sides of the column boundary;
- a small block of labels and values (totals, averages, a count) set right beside a
  long table, in columns the table's header row leaves blank, on a few rows of it.

- tables of the same columns set side by side with no blank column between them (one
  block per market, per site): their header row repeats one run of labels at a fixed
  column step ("Hour | Volume | Price" three times).

Either is read apart: each block is a table (or text) of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from datasetkit.knowledge.excel.package import Cell

Spans = dict[int, list[tuple[int, int]]]
Region = tuple[int, int, int, int]  # first row, last row, first column, last column

# A side block holds at most this share of the rows of the table it stands beside.
_SIDE_SHARE = 0.25
# The rows at the top of a block searched for a header that repeats its labels.
_REPEAT_SCAN = 4


def split_touching(
    spans: Spans, rows: list[int], region: Region, cells: Callable[[int, int, int], list[Cell]]
) -> list[Region] | None:
    """The region parted into the blocks that touch in it, or None when it is one block.
    ``rows`` are the region's occupied rows; ``cells(row, c0, c1)`` a row's cells."""
    _, _, c0, c1 = region
    if len(rows) < 4:
        return None
    bounds = {r: _bounds(spans[r], c0, c1) for r in rows}
    lo, hi = bounds[rows[0]]
    for k in [*range(hi + 1, c1 + 1), *range(c0 + 1, lo + 1)]:
        parts = _corner(rows, bounds, k) or _side(rows, bounds, k, cells)
        if parts is None:
            continue
        left, right = parts
        blocks = [(left[0], left[-1], c0, k - 1), (right[0], right[-1], k, c1)]
        return sorted(blocks)  # top to bottom: a side block after the table it stands by
    return None


def _bounds(spans: list[tuple[int, int]], c0: int, c1: int) -> tuple[int, int]:
    inside = [(max(a, c0), min(b, c1)) for a, b in spans if a <= c1 and b >= c0]
    return min(a for a, _ in inside), max(b for _, b in inside)


def _corner(
    rows: list[int], bounds: dict[int, tuple[int, int]], k: int
) -> tuple[list[int], list[int]] | None:
    """(rows left of column ``k``, rows from it) when no row has cells on both sides and
    one side's rows all come before the other's, each side two rows or more."""
    left = [r for r in rows if bounds[r][1] < k]
    right = [r for r in rows if bounds[r][0] >= k]
    if len(left) + len(right) != len(rows) or len(left) < 2 or len(right) < 2:
        return None
    if left[-1] < right[0] or right[-1] < left[0]:
        return left, right
    return None


def _side(
    rows: list[int],
    bounds: dict[int, tuple[int, int]],
    k: int,
    cells: Callable[[int, int, int], list[Cell]],
) -> tuple[list[int], list[int]] | None:
    """(the table's rows, the side block's rows) when the columns from ``k`` on hold a
    block of labels and values on a short run of the table's rows below its header:
    every row of the run has a text label in the block's first column and a value right
    of it, and the table goes on below the run."""
    # The header row (the first row of two cells or more; a title may sit above it)
    # names these columns: they are the table's.
    head = next((r for r in rows if bounds[r][1] > bounds[r][0]), rows[0])
    if k <= bounds[head][1]:
        return None
    run = [i for i, r in enumerate(rows) if bounds[r][1] >= k]
    if not run or run != list(range(run[0], run[-1] + 1)) or run[-1] >= len(rows) - 1:
        return None
    if len(run) > _SIDE_SHARE * (len(rows) - 1):
        return None
    c1 = max(bounds[rows[i]][1] for i in run)
    for i in run:
        block = cells(rows[i], k, c1)
        if len(block) < 2 or block[0].col != k or not block[0].is_text:
            return None
    return rows, [rows[i] for i in run]


def split_repeats(
    rows: list[int], region: Region, cells: Callable[[int, int, int], list[Cell]]
) -> list[Region] | None:
    """The region parted into tables set side by side, when a row near its top (the
    header) is one run of two or more text labels repeated at a fixed column step from
    the region's first column, or None. Each table takes the columns from its run's
    first label up to the next run."""
    r0, r1, c0, c1 = region
    for r in rows[:_REPEAT_SCAN]:
        starts = _repeat_starts(cells(r, c0, c1))
        # Copies that start right of the block's first column share its row labels:
        # column groups of one table (a period over each), not tables of their own.
        if starts and starts[0] == c0:
            bounds = [c0, *starts[1:], c1 + 1]
            return [(r0, r1, a, b - 1) for a, b in pairwise(bounds)]
    return None


def _repeat_starts(row: list[Cell]) -> list[int] | None:
    """The first column of each copy of a run of labels the row repeats at one step."""
    if len(row) < 4 or not all(c.is_text for c in row):
        return None
    texts = [c.text for c in row]
    for size in range(2, len(row) // 2 + 1):
        if len(row) % size or len(set(texts[:size])) < size:
            continue
        step = row[size].col - row[0].col
        if all(
            texts[i] == texts[i % size] and row[i].col - row[i - size].col == step
            for i in range(size, len(row))
        ):
            return [row[k].col for k in range(0, len(row), size)]
    return None
