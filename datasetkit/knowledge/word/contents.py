"""A contents list typed into a Word document, read as the outline it gives.

Documents that never use Word's heading styles often type their own contents list near
the start: a run of short lines (plain, bulleted or numbered, page numbers or not)
naming, in order, the section titles set further on as bold body paragraphs. Such a
list says which of those paragraphs open the document's sections and how they nest:
an entry's list level, its typed section number ("2.1") or its indentation gives its
depth. An entry is matched to the next later paragraph set apart in the same words
(case, punctuation, a leading section number, leader dots and a page number set aside),
in the list's order; the run is a contents list when at least three of its entries, and
most of them, find their title, and those titles do not follow one another with nothing
between (a list repeated is not an outline). The entries themselves are no content
(like the entries of Word's own contents field), and the line that titles the list
stays a heading of the top rank.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise

from datasetkit.knowledge.numbering import ends_sentence, section_number, word_count
from datasetkit.knowledge.word.lists import Piece

_MIN_ENTRIES = 3
# Share of a run's entries that must find their title for the run to be a contents list.
_MATCHED_SHARE = 0.75
_MAX_WORDS = 16
# Leader dots, a tab or spaces, then a page number, at the end of an entry.
_PAGE = re.compile(r"(?:\s*[.·…_]{2,}\s*|\t+|\s+)\d{1,4}\s*$")
# Each reading of a title (see :func:`_keys`) -> the places in the body it stands at.
_Index = dict[str, list[int]]


@dataclass
class Outline:
    """What a typed contents list says: each matched title's depth (1 for the top),
    by piece index; the indexes of the entries; the line that titles the list."""

    depth: dict[int, int]
    entries: list[int]
    title: int | None
    # A heading found right above another (see :func:`take_outline`), by that other's index.
    parent: dict[int, int] = field(default_factory=dict)


def _keys(text: str) -> set[str]:
    """The readings a contents entry or a title is compared by: its words, and its words
    without a leading section number or a trailing page number; each also with its words
    run together, as a compound may be written closed in one place and open in the other."""
    out = {text}
    paged = _PAGE.sub("", text)
    out.add(paged)
    for t in list(out):
        number = section_number(t)
        if number is not None and number.kind in ("decimal", "letter", "roman"):
            out.add(t.strip()[len(number.label) :])
    words = [re.findall(r"\w+", t.casefold()) for t in out]
    # A compound may be written closed, hyphenated or open ("GoogleMaps", "Google-Maps").
    keys = {" ".join(w) for w in words} | {"".join(w) for w in words}
    return {k for k in keys if any(c.isalpha() for c in k)}


def _entry(piece: Piece) -> bool:
    """A line that could be a contents entry: short, one line, not a sentence."""
    if piece.kind not in ("paragraph", "list_item"):
        return False
    if piece.provenance.part is not None or piece.provenance.table is not None:
        return False
    text = _PAGE.sub("", piece.text)
    return (
        "\n" not in text
        and 0 < word_count(text) <= _MAX_WORDS
        and not (ends_sentence(text) and word_count(text) > 4)
    )


def _set(piece: Piece) -> tuple[str, bool]:
    return piece.kind, bool(piece.look and piece.look.bold)


def _runs(pieces: list[Piece], body: list[int]) -> list[list[int]]:
    """Positions in ``body`` of each run of consecutive possible entries set alike (the
    list's own title, in bold over plain entries, is no entry)."""
    runs: list[list[int]] = []
    run: list[int] = []
    for n, i in enumerate(body):
        if _entry(pieces[i]) and (not run or _set(pieces[body[run[-1]]]) == _set(pieces[i])):
            run.append(n)
            continue
        if len(run) >= _MIN_ENTRIES:
            runs.append(run)
        run = [n] if _entry(pieces[i]) else []
    if len(run) >= _MIN_ENTRIES:
        runs.append(run)
    return runs


def _titles(pieces: list[Piece], body: list[int], title: Callable[[Piece], bool]) -> _Index:
    """Where each reading of a title stands in ``body``, in order."""
    out: _Index = {}
    for m, i in enumerate(body):
        if title(pieces[i]):
            for key in _keys(pieces[i].text):
                out.setdefault(key, []).append(m)
    return out


def _match(pieces: list[Piece], body: list[int], run: list[int], titles: _Index) -> dict[int, int]:
    """Entry position -> position of its title, each title after the one before."""
    out: dict[int, int] = {}
    at = run[-1] + 1
    for n in run:
        places = [
            spots[k]
            for key in _keys(pieces[body[n]].text)
            if (spots := titles.get(key)) and (k := bisect_left(spots, at)) < len(spots)
        ]
        if places:
            out[n] = min(places)
            at = out[n] + 1
    return out


def _depths(pieces: list[Piece], entries: list[int]) -> list[int]:
    """Each entry's depth: the rank of its inset (list level, indentation, depth of
    its typed section number) among the insets the list uses."""
    insets = []
    for i in entries:
        piece = pieces[i]
        number = section_number(piece.text)
        typed = number.depth if number is not None and number.kind == "decimal" else 1
        level = piece.level if piece.kind == "list_item" and piece.level else 0
        insets.append((level, piece.indent or 0, typed))
    ranks = sorted(set(insets))
    return [ranks.index(inset) + 1 for inset in insets]


def contents_outline(
    pieces: list[Piece], body: list[int], title: Callable[[Piece], bool]
) -> Outline | None:
    """The outline of the first typed contents list whose entries name titles (pieces
    ``title`` accepts) further on, or None. ``body`` indexes the pieces of the body."""
    titles = _titles(pieces, body, title)
    for run in _runs(pieces, body):
        found = _match(pieces, body, run, titles)
        if len(found) < _MIN_ENTRIES or len(found) < _MATCHED_SHARE * len(run):
            continue
        targets = list(found.values())
        apart = sum(1 for a, b in pairwise(targets) if b > a + 1)
        if 2 * apart < len(targets) - 1:
            continue
        entries = [body[n] for n in run]
        depths = _depths(pieces, entries)
        depth = {body[m]: depths[run.index(n)] for n, m in found.items()}
        before = pieces[body[run[0] - 1]] if run[0] > 0 else None
        head = body[run[0] - 1] if before is not None and _titles_list(before, title) else None
        return Outline(depth, entries, head)
    return None


def _titles_list(piece: Piece, title: Callable[[Piece], bool]) -> bool:
    """Whether the line above a contents list titles it: set apart like the titles."""
    return piece.kind == "paragraph" and title(piece)


def take_outline(
    pieces: list[Piece],
    body: list[int],
    found: dict[int, str],
    outline: Outline,
    title: Callable[[Piece], bool],
) -> None:
    """Mark the titles a contents list names as headings found (family ``contents``),
    and a line set apart like them right above a heading found as the heading of a
    section that opens straight into that sub-section: where the contents list shows
    which look titles sections, two such lines in a row are a section and its first
    sub-section, not one title over two lines."""
    for entry in outline.entries:
        found.pop(entry, None)
    for i in outline.depth:
        found[i] = "contents"
    place = {i: n for n, i in enumerate(body)}
    taken = set(outline.entries) | {outline.title}
    for i in sorted(found, reverse=True):
        n = place.get(i)
        while n is not None and n > 0:
            above, under = body[n - 1], pieces[body[n]]
            lead = pieces[above]
            if above in found or above in taken or not (title(lead) and lead.look == under.look):
                break
            found[above] = "contents"
            outline.parent[body[n]] = above
            n -= 1


def outline_levels(pieces: list[Piece], outline: Outline, found: dict[int, str]) -> None:
    """Levels from the contents list: a title it names at its entry's depth, the list's
    own title at the top rank, and a heading it does not name one level under the
    nearest heading it names above (or under the heading it opens straight into)."""
    top: int | None = None
    for i, piece in enumerate(pieces):
        if piece.kind != "heading" or piece.provenance.part is not None or not piece.level:
            continue
        if i in outline.depth:
            piece.level = top = outline.depth[i]
        elif i == outline.title:
            piece.level = 1
        elif i in found and top is not None:
            parent = outline.parent.get(i)
            above = pieces[parent].level if parent is not None else None
            piece.level = min(9, (above if above is not None else top) + 1)
