"""The block structure of Word XML: paragraphs and tables in order, and table grids.

Content controls (``w:sdt``) and custom XML wrap ordinary paragraphs, tables, rows and
cells; they are looked through. A table row becomes a list of grid cells: where each
cell starts in the grid, how many columns it spans (``w:gridSpan``, or the old
``w:hMerge``), and whether it continues a vertical merge from the row above.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from datasetkit.knowledge.word.styles import W

_WRAPPERS = {f"{W}sdt", f"{W}sdtContent", f"{W}customXml", f"{W}smartTag"}


def unwrap(el: Any, tags: tuple[str, ...]) -> Iterator[Any]:
    """Children of ``el`` with one of ``tags``, looking through content controls."""
    for child in el:
        tag = child.tag
        if tag in tags:
            yield child
        elif tag in _WRAPPERS:
            yield from unwrap(child, tags)


def iter_blocks(container: Any) -> Iterator[Any]:
    """The ``w:p`` and ``w:tbl`` elements of a body, cell, note, header or text box."""
    return unwrap(container, (f"{W}p", f"{W}tbl"))


@dataclass
class GridCell:
    """One ``w:tc`` placed in the table grid."""

    col: int
    span: int
    tc: Any
    # A vMerge continuation: the cell above reaches down into this one.
    continued: bool = False


def _int_val(parent: Any, name: str, default: int) -> int:
    if parent is None:
        return default
    el = parent.find(f"{W}{name}")
    if el is None:
        return default
    try:
        return max(0, int(el.get(f"{W}val") or default))
    except ValueError:
        return default


def grid_rows(tbl: Any) -> list[list[GridCell]]:
    """The table's rows as grid cells."""
    rows: list[list[GridCell]] = []
    for tr in unwrap(tbl, (f"{W}tr",)):
        col = _int_val(tr.find(f"{W}trPr"), "gridBefore", 0)
        cells: list[GridCell] = []
        for tc in unwrap(tr, (f"{W}tc",)):
            tcpr = tc.find(f"{W}tcPr")
            span = max(1, _int_val(tcpr, "gridSpan", 1))
            hmerge = tcpr.find(f"{W}hMerge") if tcpr is not None else None
            if hmerge is not None and hmerge.get(f"{W}val") != "restart" and cells:
                # Old-style horizontal merge: this cell is part of the one before.
                cells[-1].span += span
                col += span
                continue
            vmerge = tcpr.find(f"{W}vMerge") if tcpr is not None else None
            continued = vmerge is not None and vmerge.get(f"{W}val") in (None, "continue")
            cells.append(GridCell(col, span, tc, continued))
            col += span
        rows.append(cells)
    return rows
