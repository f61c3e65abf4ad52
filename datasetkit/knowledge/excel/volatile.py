"""Cells whose saved value changes every time the workbook recalculates.

A formula that calls a volatile function (RAND, RANDBETWEEN, NOW, TODAY, OFFSET, ...)
is recomputed on every recalculation, so the value Excel cached when the file was saved
is one draw among many; so is every formula computed from such a cell, directly or
through a chain of references, on the same sheet or another. Such a value must never be
the answer of a test case nor the key that finds a row.

Evidence, cheapest first: the function names in the formula's own text; Excel's ``ca``
("calculate always") flag, which it writes on volatile cells and on the cells that
depend on them; and the references of every other formula, followed to a fixed point.
A shared formula (written once, ``t="shared"``, and reused by the cells of its range)
is read through its first cell, its relative references moved by the offset. References
to a sheet read later are known only through the ``ca`` flag (reading every sheet twice
would double the cost of a large workbook); named ranges and structured table
references are not followed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

# The functions Excel recalculates on every change, whatever their arguments.
_VOLATILE_CALL = re.compile(
    r"(?i)(?<![\w.])(?:_xlfn\.)?(?:RAND|RANDBETWEEN|RANDARRAY|NOW|TODAY|OFFSET|INDIRECT"
    r"|CELL|INFO)\s*\("
)
# A string literal in a formula ("..." with "" for a quote): its text names no function.
_STRING = re.compile(r'"(?:[^"]|"")*"')
# A reference: an optional sheet ('My sheet'! or Data!), then a cell or a range of cells,
# whole columns (A:C) or whole rows (2:5). Not a function name (followed by a bracket),
# not the tail of a longer name, not an external workbook ([1]Sheet!A1).
_REF = re.compile(
    r"(?<![\w.\]!'])(?:(?P<sheet>'(?:[^']|'')+'|[A-Za-z_][\w.]*)!)?"
    r"(?:(?P<c0>\$?[A-Za-z]{1,3})(?P<r0>\$?\d{1,7})(?::(?P<c1>\$?[A-Za-z]{1,3})(?P<r1>\$?\d{1,7}))?"
    r"|(?P<wc0>\$?[A-Za-z]{1,3}):(?P<wc1>\$?[A-Za-z]{1,3})"
    r"|(?P<wr0>\$?\d{1,7}):(?P<wr1>\$?\d{1,7}))"
    r"(?![\w(!])"
)
_MAX_ROW = 1_048_576
_MAX_COL = 16_384

Area = tuple[str | None, int, int, int, int]  # sheet (None: this one), r0, c0, r1, c1


def calls_volatile(formula: str) -> bool:
    """True when the formula's text calls a volatile function."""
    if "(" not in formula or _VOLATILE_CALL.search(formula) is None:
        return False  # the common case, without looking for text literals
    return _VOLATILE_CALL.search(_STRING.sub('""', formula)) is not None


@dataclass
class Formulas:
    """The formula cells of one sheet, as read: enough to follow their references."""

    # (row, col, text): a formula written in full (a shared formula's first cell too).
    written: list[tuple[int, int, str]] = field(default_factory=list)
    # (row, col, shared index): a cell reusing a shared formula.
    reused: list[tuple[int, int, str]] = field(default_factory=list)
    # Shared index -> (row, col, text) of the cell that writes it.
    shared: dict[str, tuple[int, int, str]] = field(default_factory=dict)
    # Cells known volatile while reading (a volatile call, or the ``ca`` flag).
    seeds: set[tuple[int, int]] = field(default_factory=set)

    def add(self, row: int, col: int, text: str, attrs: dict[str, str]) -> bool:
        """Record one formula cell; True when it is volatile on its own evidence."""
        si = attrs.get("si")
        if text:
            self.written.append((row, col, text))
            if si is not None and attrs.get("t") == "shared":
                self.shared[si] = (row, col, text)
        elif si is not None:
            self.reused.append((row, col, si))
            master = self.shared.get(si)
            text = master[2] if master is not None else ""
        volatile = (attrs.get("ca") or "").lower() in ("1", "true") or calls_volatile(text)
        if volatile:
            self.seeds.add((row, col))
        return volatile


def _letters(col: str) -> int:
    n = 0
    for ch in col.upper():
        n = n * 26 + ord(ch) - 64
    return n


def _shift(part: str, by: int, number: bool) -> int:
    value = int(part.lstrip("$")) if number else _letters(part.lstrip("$"))
    return value if part.startswith("$") else value + by


def areas(formula: str, drow: int = 0, dcol: int = 0) -> list[Area]:
    """The cells and ranges a formula reads, its relative parts moved by (drow, dcol)."""
    out: list[Area] = []
    for m in _REF.finditer(_STRING.sub('""', formula)):
        sheet = m["sheet"]
        if sheet is not None and sheet.startswith("'"):
            sheet = sheet[1:-1].replace("''", "'")
        if m["c0"] is not None:
            c0, r0 = _shift(m["c0"], dcol, False), _shift(m["r0"], drow, True)
            c1 = _shift(m["c1"], dcol, False) if m["c1"] else c0
            r1 = _shift(m["r1"], drow, True) if m["r1"] else r0
        elif m["wc0"] is not None:
            c0, c1 = _shift(m["wc0"], dcol, False), _shift(m["wc1"], dcol, False)
            r0, r1 = 1, _MAX_ROW
        else:
            r0, r1 = _shift(m["wr0"], drow, True), _shift(m["wr1"], drow, True)
            c0, c1 = 1, _MAX_COL
        out.append((sheet, min(r0, r1), min(c0, c1), max(r0, r1), max(c0, c1)))
    return out


def _touches(area: Area, cells: set[tuple[int, int]]) -> bool:
    _, r0, c0, r1, c1 = area
    if (r1 - r0 + 1) * (c1 - c0 + 1) <= len(cells):
        return any((r, c) in cells for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))
    return any(r0 <= r <= r1 and c0 <= c <= c1 for r, c in cells)


def _dependents(formulas: Formulas) -> Iterable[tuple[tuple[int, int], list[Area]]]:
    for row, col, text in formulas.written:
        if (row, col) not in formulas.seeds:
            yield (row, col), areas(text)
    for row, col, si in formulas.reused:
        master = formulas.shared.get(si)
        if master is not None and (row, col) not in formulas.seeds:
            yield (row, col), areas(master[2], row - master[0], col - master[1])


def volatile_cells(
    formulas: Formulas, sheet: str, known: dict[str, set[tuple[int, int]]]
) -> set[tuple[int, int]]:
    """Every volatile cell of a sheet: its seeds and the formulas that read them,
    through this sheet and the sheets already read (``known``, by sheet name)."""
    here = set(formulas.seeds)
    others = {name.lower(): cells for name, cells in known.items() if cells}
    if not here and not others:
        return here
    pending = [
        (cell, reads)
        for cell, reads in _dependents(formulas)
        if any(
            a[0] is None or a[0].lower() in others or a[0].lower() == sheet.lower() for a in reads
        )
    ]
    changed = True
    while changed and pending:
        changed = False
        rest = []
        for cell, reads in pending:
            if any(_touches(a, _target(a, sheet, here, others)) for a in reads):
                here.add(cell)
                changed = True
            else:
                rest.append((cell, reads))
        pending = rest
    return here


def _target(
    area: Area, sheet: str, here: set[tuple[int, int]], others: dict[str, set[tuple[int, int]]]
) -> set[tuple[int, int]]:
    name = area[0]
    if name is None or name.lower() == sheet.lower():
        return here
    return others.get(name.lower(), set())
