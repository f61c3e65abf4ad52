"""Column labels set on their side in a ruled table.

A statistics table with many narrow columns sets their labels turned a quarter, reading
up (or down) the header cell. PDFium hands out such characters one by one, in the order
they were drawn, which is their reading order; their upright neighbours are read as
words. A header cell that holds no upright word takes the turned characters inside it as
its label, a word break where the drawing had a space or moved on to the next line.
Text turned at another angle (a watermark across the page) is left out: its letters do
not run straight up or down.
"""

from __future__ import annotations

from datasetkit.knowledge.pdf.geometry import Word


def _centre(w: Word) -> tuple[float, float]:
    return (w.x0 + w.x1) / 2, (w.top + w.bottom) / 2


def turned_label(chars: list[Word]) -> str | None:
    """The label the characters spell, in their order; None when they do not run
    straight up or down a cell, letter after letter."""
    out: list[str] = []
    prev: Word | None = None
    for ch in chars:
        if ch.text == " ":
            prev = None
            if out and out[-1] != " ":
                out.append(" ")
            continue
        if prev is not None:
            (px, py), (x, y) = _centre(prev), _centre(ch)
            size = max(ch.size, 1.0)
            if abs(x - px) > 0.6 * size:
                if out[-1] != " ":
                    out.append(" ")  # the next line of the label
            elif abs(y - py) > 1.5 * size or abs(x - px) > 0.2 * size:
                return None  # not a run up or down the cell
        out.append(ch.text)
        prev = ch
    text = "".join(out).strip()
    return text or None


def place_turned(
    cells: list[list[list[Word]]], xs: list[float], ys: list[float], turned: list[Word]
) -> None:
    """Give the cells without an upright word the labels their turned characters spell,
    each as one word over its letters. A label may run over several rows of the grid (a
    header cell merged down): the characters of a column's rows that hold no upright
    word, one after another, are one label, placed in the row of its middle."""
    by_cell: dict[tuple[int, int], list[tuple[int, Word]]] = {}
    for k, ch in enumerate(turned):
        cx, cy = _centre(ch)
        if xs[0] <= cx <= xs[-1] and ys[0] <= cy <= ys[-1]:
            r = next(i for i in range(len(ys) - 1) if cy <= ys[i + 1])
            c = next(i for i in range(len(xs) - 1) if cx <= xs[i + 1])
            by_cell.setdefault((r, c), []).append((k, ch))
    if not by_cell:
        return
    for c in range(len(xs) - 1):
        run: list[tuple[int, Word]] = []
        for r in range(len(ys) - 1):
            if cells[r][c]:
                _place(cells, ys, c, [ch for _, ch in sorted(run)])
                run = []
            else:
                run.extend(by_cell.get((r, c), []))
        _place(cells, ys, c, [ch for _, ch in sorted(run)])


def _place(cells: list[list[list[Word]]], ys: list[float], c: int, chars: list[Word]) -> None:
    letters = [ch for ch in chars if ch.text != " "]
    text = turned_label(chars) if len(letters) >= 2 else None
    if text is None:
        return
    first = letters[0]
    x0, x1 = min(ch.x0 for ch in letters), max(ch.x1 for ch in letters)
    top, bottom = min(ch.top for ch in letters), max(ch.bottom for ch in letters)
    middle = (top + bottom) / 2
    r = next(i for i in range(len(ys) - 1) if middle <= ys[i + 1])
    cells[r][c].append(Word(text, x0, x1, top, bottom, first.size, first.bold))
