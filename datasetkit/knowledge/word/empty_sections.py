"""Section titles in large type with nothing under them but the next title.

Outlines and skeleton documents set their sections by hand in large bold type and
leave some of them empty for now, or open one straight into a smaller sub-title: the
line is followed by another line set apart, not by text. :func:`.headings.infer_headings`
takes such a line for a title when its type is well above the body's (a bold line in
body type over another bold line is more likely a label or emphasis), once running
text has begun (the lines of a cover come before it), and only where the document
sets two or more lines in that look (see ``_drop_lone_looks``).
"""

from __future__ import annotations

from collections.abc import Callable

from datasetkit.knowledge.word.lists import Piece

# Large type: this many times the body's size at least.
_LARGE = 1.5
# Set apart by size alone: this many times the body's size.
_LARGER = 1.15


def empty_sections(
    pieces: list[Piece],
    body: list[int],
    size: float | None,
    candidate: Callable[[Piece], bool],
    content: Callable[[Piece], bool],
) -> set[int]:
    """The pieces (indexes into ``pieces``) that title an empty section or open straight
    into a sub-title, among the ``body`` pieces after the first that is ``content``
    (running text has begun). The line under one of them does not carry its title on:
    it is the next title."""
    start = next((n for n, i in enumerate(body) if content(pieces[i])), len(body))
    return {
        i
        for n, i in enumerate(body[:-1])
        if n > start
        and candidate(pieces[i])
        and _over_title(pieces[i], pieces[body[n + 1]], size, candidate)
    }


def _over_title(
    piece: Piece, nxt: Piece, size: float | None, candidate: Callable[[Piece], bool]
) -> bool:
    """Whether a bold line in large type stands straight over another set-apart line
    no larger than itself that opens like a title (the next section's title, or a
    sub-title; a line that opens in lower case carries the title on)."""
    look = piece.look
    if look is None or not look.bold or not look.size or not size or look.size < size * _LARGE:
        return False
    if nxt.kind != "paragraph" or nxt.look is None or not candidate(nxt):
        return False
    if nxt.text.lstrip()[:1].islower():
        return False
    theirs = nxt.look
    apart = theirs.bold or theirs.marked or bool(theirs.size and theirs.size >= size * _LARGER)
    return apart and (theirs.size or 0.0) <= look.size
