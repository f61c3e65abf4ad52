"""Which PDF blocks are headings, and how deep each one sits.

A block is a heading on evidence that holds across documents, never because it is
merely short or bold:

- type larger than the body text;
- body-size type set apart by weight (bold) and standing on its own, when it does not
  read as a sentence, a label with its value ("Location: Anywhere") or a list item
  ("(a) Forensics;");
- a multi-level section number ("7.3 Scope") on a line of its own;
- the document's own table of contents or bookmarks, which also recover headings the
  type did not show.

Levels come, in this order, from the bookmarks and the table of contents, then from
section numbers (``1.`` above ``1.1`` above ``1.1.1``, whatever size each is set in),
then from the rank of each type style. The document's title is the largest text of a
cover page (the company name, date, version and blurb around it are cover text), or a
first line that stands apart from every later heading.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise

from datasetkit.knowledge.numbering import (
    Number,
    continues,
    ends_sentence,
    labelled,
    section_number,
)
from datasetkit.knowledge.pdf.extract import Line, list_marker
from datasetkit.knowledge.pdf.furniture import normalized
from datasetkit.knowledge.pdf.structure import Block, Stats, plain_text

# A heading is a line or a few; more words than this is a paragraph in large type.
_MAX_WORDS = 25
_MAX_BODY_WORDS = 15
# Prose: a paragraph this long ends the title block of a first page.
_PROSE_WORDS = 12


def _number(b: Block) -> Number | None:
    return section_number(plain_text(b))


def _body_size(b: Block, stats: Stats) -> bool:
    return abs(b.first.size - stats.body) <= 0.6


def classify(blocks: list[Block], stats: Stats) -> None:
    """Mark the blocks that are headings (their level is set later)."""
    for i, b in enumerate(blocks):
        if b.kind in ("table", "code") or not b.lines:
            continue
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if _is_heading(b, nxt, stats):
            b.kind, b.marker = "heading", None
    if _slide_deck(blocks, stats):
        _slide_titles(blocks)


# Slides are wider than tall (16:9 is 1.78, 4:3 is 1.33) and carry few words each.
_SLIDE_RATIO = 1.3
_SLIDE_WORDS = 150


def _slide_deck(blocks: list[Block], stats: Stats) -> bool:
    """Whether the PDF is a slide deck exported page by page: three pages or more, all
    landscape, with few words on most of them."""
    pages = sorted(stats.width)
    if len(pages) < 3:
        return False
    if any(stats.width[p] < _SLIDE_RATIO * stats.height.get(p, stats.width[p]) for p in pages):
        return False
    words = Counter[int]()
    for b in blocks:
        words[b.page] += len(plain_text(b).split())
    counts = sorted(words[p] for p in pages)
    return counts[len(counts) // 2] <= _SLIDE_WORDS


def _slide_titles(blocks: list[Block]) -> None:
    """On a slide only its title is a heading: the first heading in the slide's largest
    type. Callouts, diagram labels and bullet text set larger than the deck's body
    text are slide text."""
    first: dict[int, Block] = {}
    for b in blocks:
        if b.kind != "heading":
            continue
        top = first.get(b.page)
        if top is None or b.first.size > top.first.size + 0.5:
            first[b.page] = b
    for b in blocks:
        if b.kind == "heading" and first.get(b.page) is not b:
            b.kind = "paragraph"


def _is_heading(b: Block, nxt: Block | None, stats: Stats) -> bool:
    text = plain_text(b)
    words = len(text.split())
    if words > _MAX_WORDS or len(b.lines) > 3 or continues(text):
        return False
    number = section_number(text)
    if number is not None and number.kind == "item":
        return False  # "(a) Forensics": the numbering of a list
    if any(_spread(ln) for ln in b.lines):
        return False  # a row of cells ("Top-1   Top-5   Top-20"), not a title
    size = b.first.size
    if size >= stats.body * 1.12:
        return not (ends_sentence(text) and words > _PROSE_WORDS and number is None)
    if size < stats.body - 0.6:
        return False  # smaller than the text: notes, captions, fine print
    # Type a little larger than the text sets a line apart as bold type does.
    if size <= stats.body + 0.6 and not all(ln.bold for ln in b.lines):
        return _numbered_line(b, text, number, nxt)
    if words > _MAX_BODY_WORDS or len(b.lines) > 2 or text.endswith((":", "：")):
        return False
    if number is None and (labelled(text) or (ends_sentence(text) and words > 4)):
        return False  # a label and its value, or a sentence ("Inc." ends no sentence)
    if number is not None and ends_sentence(text) and words > 8:
        return False
    return not (b.kind == "list_item" and _list_goes_on(b, nxt, number))


# The first word of a numbered title ("3.1", "A", "IV."): a wider gap may follow it.
_LABEL_WORD = re.compile(r"^(?:\d{1,3}(?:\.\d{1,3})*\.?|[A-Z][.)]?|[IVXLC]{1,6}[.)]?)$")


def _spread(line: Line) -> bool:
    """Whether a line's words stand apart as cells do: every gap between them (after a
    section number) wider than two thirds of an em, or two wide gaps of which one
    spans an em and a half. A title is set with word spaces."""
    words = line.words
    if len(words) > 1 and _LABEL_WORD.match(words[0].text):
        words = words[1:]
    size = line.size or 1.0
    gaps = [(b.x0 - a.x1) / size for a, b in pairwise(words)]
    wide = [g for g in gaps if g >= 0.65]
    return bool(gaps) and (len(wide) == len(gaps) or (len(wide) >= 2 and max(gaps) >= 1.5))


def _numbered_line(b: Block, text: str, number: Number | None, nxt: Block | None) -> bool:
    """A line in plain body type is a heading only when a multi-level section number
    ("4.2 Approval thresholds") opens it and text follows."""
    return (
        number is not None
        and number.kind == "decimal"
        and number.depth >= 2
        and len(b.lines) == 1
        and len(text.split()) <= 12
        and not ends_sentence(text)
        and not labelled(text)
        and nxt is not None
        and nxt.kind in ("paragraph", "list_item", "table")
    )


def _list_goes_on(b: Block, nxt: Block | None, number: Number | None) -> bool:
    """Whether a bold numbered line is an item of a bold list: the next block is the
    next item, with nothing between."""
    if number is None or number.kind not in ("decimal", "letter", "roman"):
        return True  # a bullet, not a section
    if nxt is None or nxt.kind != "list_item" or not nxt.lines:
        return False
    if _sub_list(number, plain_text(nxt)) and abs(b.first.size - nxt.first.size) <= 0.6:
        return True  # "1. Delivery goals" over "a. Go-live ...": an item and its sub-list
    other = section_number(plain_text(nxt))
    return other is not None and other.kind == number.kind and all(ln.bold for ln in nxt.lines)


def _sub_list(number: Number, text: str) -> bool:
    """Whether ``text`` opens a lettered sub-list ("a.", "a)") under a first-level number."""
    found = list_marker(text)
    marker = found[0] if found is not None else None
    return number.kind == "decimal" and number.depth == 1 and marker in ("a.", "a)")


# ----- levels --------------------------------------------------------------------------------


def assign_levels(
    blocks: list[Block],
    outline: dict[int, list[tuple[int, str]]],
    toc: list[tuple[str, float]],
    stats: Stats,
) -> str | None:
    """Set every heading's level; the document's title, if it has one."""
    _bookmarks(blocks, outline)
    _contents(blocks, toc)
    title = _title(blocks, stats)
    _style_levels(blocks, stats)
    blocks[:] = [b for i, b in enumerate(blocks) if not _echo(blocks, i)]
    return title


def _echo(blocks: list[Block], i: int) -> bool:
    """A plain line that repeats the heading right above it: the heading said it."""
    b = blocks[i]
    if i == 0 or b.kind not in ("paragraph", "heading") or not b.lines or len(b.lines) > 1:
        return False
    prev = blocks[i - 1]
    if b.kind == "heading" and (
        not prev.lines or b.page != prev.page or b.first.size >= prev.first.size
    ):
        return False  # a heading echoes only a larger one right above it on its page
    return (
        prev.kind == "heading"
        and bool(prev.lines)
        and _key(plain_text(prev)) == _key(plain_text(b))
    )


def _style(b: Block) -> tuple[float, bool]:
    return (b.first.size, all(ln.bold for ln in b.lines))


def _centred_within(heads: list[Block], stats: Stats) -> set[int]:
    """The centred headings that stand between numbered sections: only after a numbered
    heading has come (a centred line before them, "ARTICLE I", heads them instead)."""
    first = next((k for k, b in enumerate(heads) if _number(b) is not None), None)
    centred = {k for k, b in enumerate(heads) if _centred(b.first, stats.width.get(b.page, 0.0))}
    if first is None or any(k < first for k in centred):
        return set()
    return {id(heads[k]) for k in centred}


# A heading's type: size, bold, centred among numbered sections, serif face.
_Kind = tuple[float, bool, bool, bool]


def _style_levels(blocks: list[Block], stats: Stats) -> None:
    """Levels of the headings still without one: from section numbers, then from the
    level the bookmarks or contents gave other headings in the same type style, then
    from how the type styles rank (larger first, bold before regular, set flush before
    centred: a centred line in section type sits under the section; of two faces in
    one size and weight, the one the document uses first encloses the other)."""
    heads = [b for b in blocks if b.kind == "heading" and b.lines and b.level != 0]
    todo = [b for b in heads if b.level is None]
    if not todo:
        return
    centred = _centred_within(heads, stats)

    def _style(b: Block) -> _Kind:
        face = b.first.words[0].serif if b.first.words else False
        return (b.first.size, all(ln.bold for ln in b.lines), id(b) in centred, face)

    depth: dict[int, int] = {}
    for b in heads:
        n = _number(b)
        if n is not None and n.kind == "decimal":
            depth[id(b)] = n.depth
    seen: dict[_Kind, int] = {}
    for k, b in enumerate(heads):
        seen.setdefault(_style(b), k)
    styles = sorted(seen, key=lambda s: (-s[0], not s[1], s[2], seen[s]))
    known: dict[_Kind, Counter[int]] = {}
    numbered: dict[_Kind, Counter[int]] = {}
    for b in heads:
        if b.level is not None:
            known.setdefault(_style(b), Counter())[b.level] += 1
        elif id(b) in depth:
            numbered.setdefault(_style(b), Counter())[depth[id(b)]] += 1
    plain = Counter(_style(b) for b in todo if id(b) not in depth)
    first = min((i for i, s in enumerate(styles) if s in numbered), default=len(styles))
    # Unnumbered headings in a larger style, used more than once, enclose the numbered
    # sections (parts or chapters above "1.", "2."...).
    above = sum(1 for s in styles[:first] if plain[s] >= 2 and s not in known)
    level: dict[_Kind, int] = {}
    for s in styles:
        if s in known:
            level[s] = known[s].most_common(1)[0][0]
        elif s in numbered:
            level[s] = above + numbered[s].most_common(1)[0][0]
        else:
            level[s] = 1 + max(level.values(), default=0)
    for b in todo:
        b.level = min(9, above + depth[id(b)] if id(b) in depth else level[_style(b)])


# ----- the title and the cover -------------------------------------------------------------


def is_prose(b: Block) -> bool:
    """Running text: a list item, a table, or a paragraph of a dozen words or more."""
    return _prose(b)


def _prose(b: Block) -> bool:
    return b.kind in ("list_item", "table") or (
        b.kind == "paragraph" and len(plain_text(b).split()) >= _PROSE_WORDS
    )


def _centred(line: Line, width: float) -> bool:
    middle = (line.x0 + line.x1) / 2
    return abs(middle - width / 2) < 0.06 * width and line.x1 - line.x0 < 0.8 * width


def _title(blocks: list[Block], stats: Stats) -> str | None:
    """Find the title (level 0); turn cover text and front matter into paragraphs."""
    if not blocks:
        return None
    page = blocks[0].page
    on_page = [b for b in blocks if b.page == page and b.kind != "table"]
    heads = [b for b in on_page if b.kind == "heading" and b.lines and b.level is None]
    if not heads:
        return None
    if not any(_prose(b) and _body_size(b, stats) for b in on_page):
        return _cover(heads)
    lead: list[Block] = []
    for b in on_page:
        if _prose(b):
            break
        if b.kind == "heading":
            lead.append(b)
    lead = _from_largest(lead)
    if not lead or not _stands_apart(lead, blocks, stats):
        return None
    first = lead[0]
    first.level = 0
    width = stats.width.get(first.page, 0.0)
    title_centred = _centred(first.first, width)
    for b in lead[1:]:
        if _style(b) == _style(first) and _centred(b.first, width) == title_centred:
            b.level = 0  # the title goes on in its own type
        elif _dated(plain_text(b)) or (
            b is not lead[-1] and _centred(b.first, width) == title_centred
        ):
            b.kind = "paragraph"  # front matter: authors, a date, a version
    _join_title_lines(blocks)
    return " ".join(plain_text(b) for b in blocks if b.kind == "heading" and b.level == 0)


def _from_largest(lead: list[Block]) -> list[Block]:
    """The opening headings from the largest one on: lines above the title in smaller
    type (a company name, a series) are cover text and become paragraphs."""
    if not lead:
        return lead  # the page opens with prose: no title above it
    top = max(b.first.size for b in lead)
    at = next(i for i, b in enumerate(lead) if b.first.size >= top - 0.5)
    if at and _number(lead[at]) is None and top > max(b.first.size for b in lead[:at]) + 1:
        for b in lead[:at]:
            b.kind = "paragraph"
        return lead[at:]
    return lead


_DATED = re.compile(
    r"\b(?:v(?:ersion)?\.?\s?\d+(?:\.\d+)*|(?:19|20)\d\d|rev(?:ision)?\.?\s?\d+)\b",
    re.IGNORECASE,
)


def _dated(text: str) -> bool:
    """Cover text that dates or versions the document ("Version 2.1", "March 2026")."""
    return len(text.split()) <= 8 and bool(_DATED.search(text)) and section_number(text) is None


def _join_title_lines(blocks: list[Block]) -> None:
    """Title lines set one under the other ("APPLE INC." over "SOFTWARE LICENSE ...")
    are one title, though the first ends with a full stop."""
    i = 1
    while i < len(blocks):
        a, b = blocks[i - 1], blocks[i]
        if (
            a.kind == b.kind == "heading"
            and a.level == b.level == 0
            and a.lines
            and b.lines
            and a.page == b.page
            and _style(a) == _style(b)
            and 0 < b.first.bottom - a.lines[-1].bottom <= 1.6 * a.first.size
        ):
            a.lines.extend(b.lines)
            del blocks[i]
            continue
        i += 1


def _cover(heads: list[Block]) -> str:
    """A cover page: its largest text is the title, the rest is cover text."""
    top = max(b.first.size for b in heads)
    title = [b for b in heads if b.first.size >= top - 0.5]
    for b in heads:
        if b in title:
            b.level = 0
        else:
            b.kind = "paragraph"
    return " ".join(plain_text(b) for b in title)


def _stands_apart(lead: list[Block], blocks: list[Block], stats: Stats) -> bool:
    """Whether the first heading of a first page is the document's title: not a numbered
    section, and larger than every heading after the page's opening headings, or centred
    where they are not, or in a style they use only as numbered sections or not at all."""
    first = lead[0]
    if _number(first) is not None:
        return False
    later = [b for b in blocks if b.kind == "heading" and b.lines and b not in lead]
    if not later:
        return True
    if first.first.size > max(b.first.size for b in later) + 0.5:
        return True
    same = [b for b in later if _style(b) == _style(first)]
    if all(_number(b) is not None for b in same):
        return True  # later headings in its type are all numbered sections
    width = stats.width.get(first.page, 0.0)
    if _centred(first.first, width):
        return not any(_centred(b.first, stats.width.get(b.page, 0.0)) for b in same)
    return not same


# ----- the document's own outline: bookmarks and table of contents ------------------------


_LEADER = re.compile(r"(?:\s*(?:\.\s*){2,}|\s*…+|\s*_{3,}|\s*(?:·\s*){3,}|\s+)(\d{1,4})$")


def _key(text: str) -> str:
    """Text compared without its section number, case, punctuation or spacing."""
    return re.sub(r"[\W_]+", "", _unnumbered(normalized(text)))


def _unnumbered(text: str) -> str:
    """A heading without its section number: "2.1 asn.# syntax" -> "asn.# syntax"."""
    pattern = r"^(?:(?:chapter|section|appendix)\s+)?(?:#+(?:\.#+)*\.?\s*|[a-z](?:\.#+)*\.?\s+)"
    return re.sub(pattern, "", text).strip() or text


def _contents(blocks: list[Block], toc: list[tuple[str, float]]) -> None:
    """Headings listed in the table of contents take the depth it gives them (from its
    section numbers, else its indentation); a line it lists that the type did not mark
    becomes a heading."""
    entries = []
    for text, x0 in toc:
        found = list_marker(text)
        title = found[1] if found is not None and found[0] is None else text
        title = _LEADER.sub("", title).strip()
        if title:
            entries.append((title, x0))
    if len(entries) < 3:
        return
    indents: list[float] = []
    for x in sorted(x0 for _, x0 in entries):
        if not indents or x - indents[-1] > 4:
            indents.append(x)
    start = 0
    for title, x0 in entries:
        number = section_number(title)
        if number is not None and number.kind == "decimal":
            depth = number.depth
        else:
            depth = 1 + max(i for i, x in enumerate(indents) if x0 >= x - 4)
        start = _mark_listed(blocks, start, _key(title), depth)


def _mark_listed(blocks: list[Block], start: int, key: str, depth: int) -> int:
    """Give the next block after ``start`` that reads as ``key`` the level ``depth``;
    the index to search on from."""
    if not key:
        return start
    for i in range(start, len(blocks)):
        b = blocks[i]
        if b.kind in ("table", "code") or not b.lines or _key(plain_text(b)) != key:
            continue
        one_line = len(b.lines) == 1 and not ends_sentence(plain_text(b))
        if b.kind == "heading" or one_line:
            b.kind, b.marker, b.level = "heading", None, min(9, depth)
            return i + 1
    return start


def _bookmarks(blocks: list[Block], outline: dict[int, list[tuple[int, str]]]) -> None:
    """Bookmarked lines become headings at the bookmark's depth. When most bookmarks
    name a line, those that name none are added as headings at the top of their page;
    an outline that names no line at all (a label such as "Ex 99.1") adds nothing.
    Bookmarks made from the page structure nest every line: they only give depths to
    the lines the type made headings, and add none."""
    dump = _structure_dump(outline)
    found: list[tuple[Block, int]] = []
    missing: dict[int, list[Block]] = {}
    total = 0
    for page, entries in outline.items():
        on_page = [b for b in blocks if b.page == page and b.kind != "table"]
        for depth, entry in entries:
            key = _unnumbered(normalized(entry))
            if not key:
                continue
            total += 1
            match = _bookmarked(on_page, key)
            if match is not None:
                on_page = [b for b in on_page if b is not match]
                if not dump or match.kind == "heading":
                    found.append((match, depth))
            elif not dump:
                missing.setdefault(page, []).append(
                    Block("heading", page, level=depth + 1, text=entry)
                )
    # A flat outline (one depth for every entry) says which lines are headings, not how
    # they nest: section numbers of several depths ("5.", "5.2") say that.
    flat = len({depth for _, depth in found}) == 1
    for b, depth in found:
        number = _number(b)
        step = number.depth if flat and number is not None and number.kind == "decimal" else 1
        b.kind, b.level, b.marker = "heading", depth + step, None
    if dump or 2 * len(found) < total:
        return
    for page, added in sorted(missing.items(), reverse=True):
        at = next((i for i, b in enumerate(blocks) if b.page >= page), len(blocks))
        blocks[at:at] = added


_BARE_MARKER = re.compile(r"^(?:[•●▪◦·\-–*]|\(?(?:\d{1,3}|[a-z]|[ivx]{1,5})[.)])$", re.IGNORECASE)


def _prose_entry(entry: str) -> bool:
    """A bookmark no heading would be: a sentence, or a bare list marker ("a.", "•")."""
    words = len(entry.split())
    return (
        words >= _PROSE_WORDS
        or (ends_sentence(entry) and words > 4)
        or bool(_BARE_MARKER.match(entry.strip()))
    )


def _structure_dump(outline: dict[int, list[tuple[int, str]]]) -> bool:
    """Whether the bookmarks are the tagged structure of the pages (every paragraph and
    list item bookmarked, as "bookmarks from structure" makes them) rather than an
    outline: a fifth or more of them name sentences or list markers."""
    entries = [entry for page in outline.values() for _, entry in page]
    return len(entries) >= 10 and 5 * sum(map(_prose_entry, entries)) >= len(entries)


def _bookmarked(blocks: list[Block], key: str) -> Block | None:
    """The block a bookmark title names (compared without section numbers): the one that
    reads the same, else a heading that starts with it, else any block that does
    ("Appendix A" for "Appendix A: Claim form"). A paragraph that merely opens with the
    title's words is not preferred to its heading."""
    texts = [(b, _unnumbered(normalized(plain_text(b)))) for b in blocks]
    for b, text in texts:
        if text == key:
            return b
    starts = [b for b, text in texts if text.startswith(key[:40])]
    return next((b for b in starts if b.kind == "heading"), starts[0] if starts else None)
