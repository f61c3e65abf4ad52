"""Tables of a fixed-width report: column labels underlined by runs of dashes.

A line-printer or terminal report has no rules and no type to set its header apart: a
reader finds the columns from the dashes printed under the labels, one run per column.
Two label lines, each underlined, make a stacked header: the runs of the lower line
split the column above them ("MAKE" over "CASE/FILE NUMBER" and "STORAGE LOCATION"), and
each record then takes as many lines as the header has, line ``j`` of a record holding
the values of header line ``j``. Each column's name is its labels from the top down.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from datasetkit.knowledge.pdf.geometry import Line, Word
from datasetkit.knowledge.pdf.tablebox import Table
from datasetkit.knowledge.tableheader import HeaderCell, names

# A run of dashes (or equals signs) that underlines one column's label.
_RULE = re.compile(r"^(?:-{2,}|={2,})$")


@dataclass
class _Node:
    """One dash run: its extent, its label and the runs of the line below it splits into."""

    x0: float
    x1: float
    depth: int
    label: str = ""
    children: list[_Node] = field(default_factory=list)

    def first_leaf(self) -> _Node:
        """The leftmost column under this run (where its own values are written)."""
        return self.children[0].first_leaf() if self.children else self


def _is_rule(line: Line) -> bool:
    return len(line.words) >= 2 and all(_RULE.match(w.text) for w in line.words)


def _overlap(w: Word, node: _Node) -> float:
    return min(w.x1, node.x1) - max(w.x0, node.x0)


def _nearest(w: Word, nodes: list[_Node]) -> _Node:
    """The run ``w`` overlaps most, or the one closest to it."""
    return max(nodes, key=lambda n: (_overlap(w, n), -abs(w.x0 - n.x0)))


def _levels(lines: list[Line], at: int) -> int:
    """How many underlined label lines stack from ``lines[at]`` (a label line) down."""
    n = 0
    while at + 1 < len(lines) and not _is_rule(lines[at]) and _is_rule(lines[at + 1]):
        n += 1
        at += 2
    return n


def _tree(lines: list[Line], at: int, levels: int) -> list[_Node]:
    """The header's runs as a tree: each run of a lower line under the run above it
    that it overlaps most (or, overlapping none, the nearest)."""
    tops: list[_Node] = []
    above: list[_Node] = []
    for depth in range(levels):
        labels, rule = lines[at + 2 * depth], lines[at + 2 * depth + 1]
        nodes = [_Node(w.x0, w.x1, depth) for w in rule.words]
        for w in labels.words:
            node = _nearest(w, nodes)
            node.label = f"{node.label} {w.text}".strip()
        for node in nodes:
            if depth == 0:
                tops.append(node)
            else:
                parent = max(above, key=lambda p: (_overlap_nodes(node, p), -abs(node.x0 - p.x0)))
                parent.children.append(node)
        # A run left without runs below it stays a column at every lower line.
        above = [n for n in above if not n.children] + nodes if depth else nodes
    return tops


def _overlap_nodes(a: _Node, b: _Node) -> float:
    return min(a.x1, b.x1) - max(a.x0, b.x0)


def _leaves(nodes: list[_Node]) -> list[_Node]:
    out: list[_Node] = []
    for n in nodes:
        out.extend(_leaves(n.children) if n.children else [n])
    return out


def _header(tops: list[_Node], columns: list[_Node], levels: int) -> list[str]:
    """One name per column from the shared header model: each run a cell spanning the
    columns under it, one header row per underlined label line."""
    at = {id(c): i for i, c in enumerate(columns)}
    rows: list[list[HeaderCell]] = [[] for _ in range(levels)]

    def place(node: _Node) -> None:
        under = _leaves([node])
        rows[node.depth].append(HeaderCell(at[id(under[0])], len(under), node.label))
        for child in node.children:
            place(child)

    for top in tops:
        place(top)
    return names(rows, len(columns))


def _frontier(nodes: list[_Node], depth: int) -> list[_Node]:
    """The runs that hold the values of a record's line ``depth``: the runs of that
    header line and the columns above it that no run of it splits."""
    out: list[_Node] = []
    for n in nodes:
        if n.depth == depth or not n.children:
            out.append(n)
        else:
            out.extend(_frontier(n.children, depth))
    return out


def _records(lines: list[Line], levels: int) -> list[list[Line]]:
    """Data lines grouped into records of up to ``levels`` lines: a wider gap than the
    line pitch, or a full record, starts the next one."""
    steps = [b.top - a.top for a, b in itertools.pairwise(lines) if b.top > a.top]
    pitch = min(steps) if steps else 0.0
    records: list[list[Line]] = []
    for i, line in enumerate(lines):
        gap = line.top - lines[i - 1].top if i else 0.0
        if not records or len(records[-1]) >= levels or gap > 1.4 * pitch:
            records.append([])
        records[-1].append(line)
    return records


def _row(record: list[Line], tops: list[_Node], columns: list[_Node]) -> list[str]:
    cells: dict[int, list[str]] = {id(c): [] for c in columns}
    for depth, line in enumerate(record):
        frontier = _frontier(tops, depth)
        for w in line.words:
            cells[id(_nearest(w, frontier).first_leaf())].append(w.text)
    return [" ".join(cells[id(c)]) for c in columns]


def _data_lines(lines: list[Line], at: int, levels: int, pitch: float) -> list[Line]:
    """The lines under the header down to a wider gap than a blank line or two, another
    underline, or a line beside the table rather than under it."""
    x0, x1 = min(w.x0 for w in lines[at + 1].words), max(w.x1 for w in lines[at + 1].words)
    out: list[Line] = []
    prev = lines[at + 2 * levels - 1]
    for line in lines[at + 2 * levels :]:
        if line.top - prev.top > 3 * pitch or _is_rule(line) or line.x0 > x1 or line.x1 < x0:
            break
        out.append(line)
        prev = line
    return out


def _table_at(lines: list[Line], at: int, levels: int, page: int) -> Table | None:
    """The table whose underlined header starts at ``lines[at]``, or None when the
    runs carry fewer than two labels or no record follows."""
    tops = _tree(lines, at, levels)
    columns = _leaves(tops)
    header = _header(tops, columns, levels)
    pitch = lines[at + 1].top - lines[at].top
    data = _data_lines(lines, at, levels, pitch) if pitch > 0 else []
    if len(columns) < 2 or not data or sum(1 for name in header if name) < 2:
        return None
    rows = [_row(r, tops, columns) for r in _records(data, levels)]
    used = lines[at : at + 2 * levels] + data
    return Table(
        page,
        min(w.x0 for ln in used for w in ln.words),
        lines[at].top,
        max(w.x1 for ln in used for w in ln.words),
        data[-1].bottom,
        [header, *rows],
        columns=[n.x0 for n in columns],
        spans=[(n.x0, n.x1) for n in columns],
    )


def dashed_tables(lines: list[Line], page: int) -> list[Table]:
    """The tables of a page whose column labels are underlined by runs of dashes."""
    lines = sorted(lines, key=lambda ln: ln.top)
    found: list[Table] = []
    at = 0
    while at < len(lines) - 2:
        levels = _levels(lines, at)
        table = _table_at(lines, at, levels, page) if levels else None
        if table is None:
            at += 1
            continue
        found.append(table)
        while at < len(lines) and lines[at].top <= table.bottom:
            at += 1
    return found
