"""Column spans of a sheet's rows: runs of adjacent occupied columns, joined spans."""

from __future__ import annotations

from datasetkit.knowledge.excel.package import Cell


def union(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping or touching column spans joined."""
    out: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def runs_of(cells: list[Cell]) -> list[tuple[int, int]]:
    """The columns of a row's cells as runs of adjacent columns."""
    runs: list[tuple[int, int]] = []
    for c in cells:
        if runs and c.col == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], c.col)
        else:
            runs.append((c.col, c.col))
    return runs
