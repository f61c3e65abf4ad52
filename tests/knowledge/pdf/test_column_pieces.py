"""Three justified columns as the line builder hands them over (each line across the
page): the gutter is placed where no column's lines reach, each column's pieces are
read top to bottom, and a footnote marker left on its own by the cut is dropped."""

from __future__ import annotations

from datasetkit.knowledge.pdf.columns import by_columns
from datasetkit.knowledge.pdf.geometry import Line, Word

WIDTH = 612.0
COLUMNS = ((45.0, 206.0), (222.0, 389.9), (399.0, 566.0))
# Words of many lengths, so that word spaces do not line up from row to row.
_FILLER_TEXT = "a notice of proposed rulemaking invites written comments and data on the airplanes"
FILLER = _FILLER_TEXT.split()


def _words(text: str, x0: float, x1: float, top: float, size: float = 9.0) -> list[Word]:
    """``text`` set across ``x0``..``x1`` with even word spaces (a justified line)."""
    parts = text.split()
    unit = (x1 - x0) / (sum(len(p) for p in parts) + len(parts) - 1)
    out, x = [], x0
    for p in parts:
        out.append(Word(p, x, x + unit * len(p), top, top + size, size, False))
        x += unit * (len(p) + 1)
    return out


def _page() -> list[Line]:
    """Thirty rows of three columns. Three lines in four of the middle column are short
    (narrow items), so the band between the middle and right columns that many lines
    leave open reaches well left of where the middle column's full lines end."""
    lines = []
    for row in range(30):
        top = 60.0 + row * 10.0
        words: list[Word] = []
        for k, (x0, x1) in enumerate(COLUMNS):
            if k == 1 and row % 4:
                x1 = 376.0
            rest = " ".join(FILLER[(row * 3 + k + j) % len(FILLER)] for j in range(6))
            words += _words(f"column{k} row{row} {rest}", x0, x1, top)
        lines.append(Line(words, 1))
    return lines


def test_the_gutter_lies_where_no_full_line_reaches() -> None:
    read = by_columns(_page(), WIDTH)
    firsts = [ln.words[0].text for ln in read]
    # Read down the first column, then the second, then the third: no line runs
    # across the gutter because the middle column's full lines end past its middle.
    assert firsts == ["column0"] * 30 + ["column1"] * 30 + ["column2"] * 30
    assert all(len(ln.words) == 8 for ln in read)


def test_a_raised_footnote_number_cut_off_its_line_is_left_out() -> None:
    lines = _page()
    # A footnote's number set small and raised before its line in the first column; the
    # line builder put it with another column's words on a baseline of their own.
    marker = Word("6", 40.5, 43.5, 150.0, 154.5, 4.5, False)
    lines.insert(9, Line([marker, *_words("stray words in the third place", 399, 566, 146)], 1))
    read = by_columns(lines, WIDTH)
    assert not [ln for ln in read if ln.text == "6"]
    host = next(ln for ln in read if ln.text.startswith("column0 row9"))
    assert host.words[0].note  # the note's text starts a block of its own


def test_columns_of_lines_that_end_in_commas_and_dashes_are_running_text() -> None:
    """A column listing codes and dates: its lines open with capitals and figures, and
    go on from line to line after a comma or a dash broken at the line's end."""
    lines = []
    for row in range(24):
        top = 60.0 + row * 10.0
        words: list[Word] = []
        for k, (x0, x1) in enumerate(COLUMNS):
            end = "," if row % 2 else "22\u201311\u2013"
            rest = " ".join(FILLER[(row * 5 + k + j) % len(FILLER)] for j in range(4))
            words += _words(f"Column{k} Row{row} {rest} {end}", x0, x1, top)
        lines.append(Line(words, 1))
    read = by_columns(lines, WIDTH)
    assert [ln.words[0].text for ln in read] == [f"Column{k}" for k in range(3) for _ in range(24)]
