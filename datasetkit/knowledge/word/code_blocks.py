"""Program text in a Word document: paragraphs in a fixed-width face, kept as one block.

Reports, homework and manuals paste a program's source or its printed output into
Word, one paragraph per line, in Courier, Consolas or another fixed-width face (or in
a style for it such as "HTML Preformatted" or "Plain Text"). Read as paragraphs, its
lines become headings (a procedure's title, a row of column names), list items (a
line that starts with a number) and sentences broken where the program broke them.
Consecutive such paragraphs are one code block, line breaks and alignment kept; the
clear tables it prints are read as tables (:mod:`datasetkit.knowledge.fixed_width`).

A fixed-width face is a sign of program text only where the body is set in another
face: a document typed in Courier throughout, whose lines read as prose, is read as
ordinary paragraphs.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import replace

from datasetkit.knowledge.build import record_text
from datasetkit.knowledge.fixed_width import text_tables
from datasetkit.knowledge.word.headings import body_size
from datasetkit.knowledge.word.lists import Piece

# Share of the body's text in a fixed-width face past which the face may be the body's.
_BODY_SHARE = 0.6
# Share of the fixed-width text, by length, that reads as prose for the face to be the
# body's (short lines such as titles weigh little).
_PROSE_SHARE = 0.7
_PROSE_WORDS = 5
# How much larger than the body a bold fixed-width line is set to be display type.
_DISPLAY_RATIO = 1.15
_ALIGNED = re.compile(r"\S {3,}\S")


def code_blocks(pieces: list[Piece], tables: int) -> tuple[list[Piece], int]:
    """Pieces with runs of program text joined into code blocks and their clear tables
    read as tables numbered from ``tables + 1``; the number of the last table."""
    if not any(p.kind == "code" for p in pieces):
        return pieces, tables
    if _typewriter(pieces):
        return [plain for p in pieces if (plain := _as_text(p)) is not None], tables
    body = body_size(pieces)
    pieces = [p.plain if _display(p, body) and p.plain is not None else p for p in pieces]
    out: list[Piece] = []
    run: list[Piece] = []
    for piece in [*pieces, None]:
        if piece is not None and piece.kind == "code" and (not run or _same_place(run[0], piece)):
            run.append(piece)
            continue
        if run:
            tables = _emit(run, out, tables)
            run = []
        if piece is not None and piece.kind == "code":
            run.append(piece)
        elif piece is not None:
            out.append(piece)
    return out, tables


def _display(piece: Piece, body: float | None) -> bool:
    """A fixed-width line set in bold and larger than the body is display type (a title
    in a typewriter face), not program text, which is set at or under the body's size."""
    look = piece.look
    if piece.kind != "code" or look is None or not look.bold or not look.size or not body:
        return False
    return look.size >= body * _DISPLAY_RATIO


def _as_text(piece: Piece) -> Piece | None:
    """What a piece is read as when its face is the body's (a blank code line: nothing)."""
    return piece.plain if piece.kind == "code" else piece


def _same_place(a: Piece, b: Piece) -> bool:
    pa, pb = a.provenance, b.provenance
    return pa.part == pb.part and pa.table == pb.table and pa.heading_path == pb.heading_path


def _emit(run: list[Piece], out: list[Piece], tables: int) -> int:
    """One block of program text: its code lines and the tables found among them."""
    text = textwrap.dedent("\n".join(p.text for p in run)).strip("\n")
    if not text.strip():
        return tables
    lines = text.split("\n")
    prov = run[0].provenance
    at = 0
    for table in text_tables(lines):
        _code(lines[at : table.start], run[0], out)
        tables += 1
        where = replace(prov, table=tables)
        for n, cells in enumerate(table.rows, start=1):
            values = {k: v for k, v in zip(table.header, cells, strict=True) if v}
            row = replace(where, row=n + 1)
            out.append(Piece("table_row", record_text(values), row, record=values))
        at = table.end
    _code(lines[at:], run[0], out)
    return tables


def _code(lines: list[str], first: Piece, out: list[Piece]) -> None:
    text = textwrap.dedent("\n".join(lines)).strip("\n")
    if text.strip():
        out.append(Piece("code", text, first.provenance))


def _typewriter(pieces: list[Piece]) -> bool:
    """Whether the fixed-width face is the body's own: most of the body's text is set
    in it and most of that text reads as prose."""
    body = [p for p in pieces if p.provenance.part is None and p.kind != "table_row"]
    total = sum(len(p.text) for p in body)
    code = [p for p in body if p.kind == "code" and p.plain is not None]
    if not total or sum(len(p.text) for p in code) < _BODY_SHARE * total:
        return False
    prose = sum(len(p.text) for p in code if _prose(p.text))
    return prose >= _PROSE_SHARE * sum(len(p.text) for p in code)


def _prose(text: str) -> bool:
    """A line of running words, not columns aligned by spaces nor a program line."""
    words = text.split()
    letters = sum(ch.isalpha() for ch in text)
    visible = sum(not ch.isspace() for ch in text)
    return (
        len(words) >= _PROSE_WORDS
        and not _ALIGNED.search(text.strip())
        and letters >= 0.75 * max(1, visible)
    )


def renumber_tables(pieces: list[Piece]) -> list[Piece]:
    """Tables numbered 1, 2, ... in the order they first appear."""
    order: dict[int, int] = {}
    for piece in pieces:
        table = piece.provenance.table
        if table is not None:
            order.setdefault(table, len(order) + 1)
            if order[table] != table:
                piece.provenance = replace(piece.provenance, table=order[table])
    return pieces
