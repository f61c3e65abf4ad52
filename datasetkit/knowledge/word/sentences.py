"""Sentences a writer broke with a paragraph mark, put back together.

Documents typed with hard returns at the end of lines (or pasted from elsewhere) split
one sentence over two paragraphs: the first ends without a full stop and the second
goes on in lower case. Read as two paragraphs, neither half makes sense on its own.
A sentence broken that way keeps its type: a line all in bold over a plain one is a
title over its text (a code block's language word, a lower-case term), not one sentence.
"""

from __future__ import annotations

import re

from datasetkit.knowledge.word.lists import Piece

_ENDED = re.compile(r"[.!?:;…。！？'\"”’)\]]$")


def rejoin(pieces: list[Piece]) -> list[Piece]:
    """Pieces with each broken sentence in one paragraph again."""
    out: list[Piece] = []
    for piece in pieces:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.kind == piece.kind == "paragraph"
            and prev.provenance.part == piece.provenance.part
            and prev.provenance.table == piece.provenance.table
            and prev.marker is None
            and piece.marker is None
            and not _ENDED.search(prev.text.rstrip())
            and piece.text[:1].islower()
            and not _title_over_text(prev, piece)
        ):
            prev.text = f"{prev.text.rstrip()} {piece.text.lstrip()}"
            continue
        out.append(piece)
    return out


def _title_over_text(prev: Piece, piece: Piece) -> bool:
    return bool(prev.look and prev.look.bold and piece.look and not piece.look.bold)
