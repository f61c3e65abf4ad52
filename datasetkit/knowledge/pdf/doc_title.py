"""The document's title on its first page, and the cover text around it.

The title is the largest text of a cover page (the company name, date, version and
blurb around it are cover text), or a first line that stands apart from every later
heading, or, in a document set in one type throughout, its first line when a byline
("By ...") follows it.
"""

from __future__ import annotations

import re

from datasetkit.knowledge.numbering import (
    Number,
    dated_line,
    ends_sentence,
    section_number,
    word_count,
)
from datasetkit.knowledge.pdf.extract import Line
from datasetkit.knowledge.pdf.structure import Block, Stats, plain_text

# Prose: a paragraph this long ends the title block of a first page.
_PROSE_WORDS = 12


def _number(b: Block) -> Number | None:
    return section_number(plain_text(b))


def _body_size(b: Block, stats: Stats) -> bool:
    return abs(b.first.size - stats.body) <= 0.6


def _style(b: Block) -> tuple[float, bool, int]:
    return (b.first.size, all(ln.bold for ln in b.lines), b.marks)


def is_prose(b: Block) -> bool:
    """Running text: a list item, a table, or a paragraph of a dozen words or more."""
    return _prose(b)


def _prose(b: Block) -> bool:
    return b.kind in ("list_item", "table") or (
        b.kind == "paragraph" and word_count(plain_text(b)) >= _PROSE_WORDS
    )


def _centred(line: Line, width: float) -> bool:
    middle = (line.x0 + line.x1) / 2
    return abs(middle - width / 2) < 0.06 * width and line.x1 - line.x0 < 0.8 * width


def _on_middle(line: Line, width: float) -> bool:
    """Whether a line's middle is the page's: centred, or as wide as the text (a title's
    longest line)."""
    return abs((line.x0 + line.x1) / 2 - width / 2) < 0.06 * width


def centred_on_page(line: Line, stats: Stats) -> bool:
    """Centred on the page, and not merely a short line flush with the left edge of
    the middle one of several columns (each narrower than half the page), nor a long
    line flush with the left edge of the page's text, whose middle falls near the
    page's only because it runs most of the way across."""
    width = stats.width.get(line.page, 0.0)
    columns = stats.columns.get(line.page, [])
    lefts = [a for a, b in columns if b - a < width / 2]
    if len(lefts) > 1 and any(abs(line.x0 - left) <= 2 for left in lefts):
        return False
    if any(abs(line.x0 - a) <= 2 and line.x1 < b - 2 for a, b in columns):
        return False
    return _centred(line, width)


def find_title(blocks: list[Block], stats: Stats) -> str | None:
    """Find the title (level 0); turn cover text and front matter into paragraphs."""
    if not blocks:
        return None
    page = blocks[0].page
    on_page = [b for b in blocks if b.page == page and b.kind != "table"]
    heads = [b for b in on_page if b.kind == "heading" and b.lines and b.level is None]
    if not any(_cover_prose(b, on_page) and _body_size(b, stats) for b in on_page):
        # A cover: its largest text is the title, also where one bookmark names it.
        marked = [b for b in on_page if b.kind == "heading" and b.lines and b.level == 1]
        cover = heads + marked if len(marked) == 1 else heads
        return _cover(cover) if cover else None
    if not heads:
        return None
    lead: list[Block] = []
    for b in (b for b in blocks if b.page == page):
        if _prose(b):
            break  # running text or a table ends the title block
        if b.kind == "heading" and b.lines:
            # A heading without lines is a bookmark that names no line of the page
            # (its contents listing was furniture): it has no type to compare.
            lead.append(b)
    lead = _from_largest(lead)
    if not lead or not _stands_apart(lead, blocks, stats):
        return None
    first = lead[0]
    first.level = 0
    width = stats.width.get(first.page, 0.0)
    title_centred = _centred(first.first, width)
    for b in lead[1:]:
        if credit_line(plain_text(b)):
            b.kind = "paragraph"  # who wrote or compiled it, even in the title's type
        elif _style(b) == _style(first) and _on_middle(b.first, width) == _on_middle(
            first.first, width
        ):
            b.level = 0  # the title goes on in its own type
        elif dated_line(plain_text(b)) or (
            b is not lead[-1] and _centred(b.first, width) == title_centred
        ):
            b.kind = "paragraph"  # front matter: authors, a date, a version
    _join_title_lines(blocks)
    return " ".join(plain_text(b) for b in blocks if b.kind == "heading" and b.level == 0)


def _cover_prose(b: Block, on_page: list[Block]) -> bool:
    """Running text on a first page, which makes it no cover: a lone one-line item
    ("0. Auflage, 31. Dezember 2016") is an edition or date line that opens with a
    number, not a list."""
    if b.kind == "list_item" and len(b.lines) == 1:
        return sum(o.kind == "list_item" for o in on_page) > 1
    return _prose(b)


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


# How far apart (baseline to baseline, in ems) the lines of one title may be set: a
# cover's title block is often spaced more openly than its text.
_TITLE_LEADING = 2.0


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
            and 0 < b.first.bottom - a.lines[-1].bottom <= _TITLE_LEADING * a.first.size
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


# A byline: "By" and a name (German "Von", French "Par", Spanish "Por").
_BYLINE = re.compile(r"^(?:by|von|par|por)\s+[A-ZÀ-Ý]", re.IGNORECASE)
# A credit: "By" and a capitalised name, or a past participle and "by" ("Compiled
# by", "Zusammengestellt von", "Elaborado por", "Réalisé par") and whoever it names.
_CREDIT = re.compile(
    r"^(?:[Bb]y|[Vv]on|[Pp]ar|[Pp]or)\s+[A-ZÀ-Ý]"
    r"|^(?i:[^\W\d_]{4,}(?:ed|t|en|do|da|é|ée|és)\s+(?:by|von|durch|par|por)):?\s+\S"
)
_CREDIT_WORDS = 12


def credit_line(text: str) -> bool:
    """Whether a short line says who wrote, compiled or published the document."""
    text = text.strip()
    return word_count(text) <= _CREDIT_WORDS and bool(_CREDIT.match(text))


_TITLE_WORDS = 15


def byline_title(blocks: list[Block]) -> str | None:
    """The title of a document that sets nothing apart by type (a transcript or an
    article printed as plain text): its first line, when it reads as a title and the
    line under it is a byline. The first line becomes a heading of its own (level 0)."""
    first = next((b for b in blocks if b.lines), None)
    if first is None or first.kind != "paragraph" or any(b.level == 0 for b in blocks):
        return None
    line = first.first
    text = line.text.strip()
    after = first.lines[1] if len(first.lines) > 1 else None
    if after is None:
        at = blocks.index(first)
        nxt = blocks[at + 1] if at + 1 < len(blocks) else None
        after = nxt.first if nxt is not None and nxt.lines and nxt.page == first.page else None
    if after is None or not _BYLINE.match(after.text.strip()):
        return None
    if word_count(text) > _TITLE_WORDS or ends_sentence(text) or text.endswith((":", ",")):
        return None
    if not text[:1].isupper() or _BYLINE.match(text):
        return None
    at = blocks.index(first)
    title = Block("heading", first.page, [line], level=0)
    if len(first.lines) > 1:
        first.lines = first.lines[1:]
        blocks.insert(at, title)
    else:
        blocks[at] = title
    return text


# A one-type title is at most this much smaller than the text (set a point down).
_TITLE_BELOW_BODY = 1.5


def centred_title(blocks: list[Block], stats: Stats) -> str | None:
    """The title of a document set in one type throughout (a contract, a letter typed
    in a word processor): the first block of its first page, every line bold and
    centred on the page, short, not a sentence nor a lead-in, with running text under
    it. It becomes a heading of its own (level 0)."""
    if any(b.level == 0 for b in blocks):
        return None
    shown = [b for b in blocks if b.lines]
    if len(shown) < 2 or shown[0].kind != "paragraph" or shown[1].page != shown[0].page:
        return None
    first, under = shown[0], shown[1]
    text = plain_text(first)
    if not all(ln.bold and centred_on_page(ln, stats) for ln in first.lines):
        return None
    if first.first.size < stats.body - _TITLE_BELOW_BODY or word_count(text) > _TITLE_WORDS:
        return None
    if ends_sentence(text) or text.endswith((":", ",", ";")) or not text[:1].isupper():
        return None
    if section_number(text) is not None or not _prose(under) or under.first.bold:
        return None
    first.kind, first.level = "heading", 0
    return text


def demote_repeated_title(blocks: list[Block]) -> None:
    """A later page that sets the first page's title again in its own type (a
    half-title page after the cover, a title page after a designed cover), with the
    cover's subtitle under it, titles no section: those headings become paragraphs. A
    section named like the document, in the type of the sections, stays a heading."""
    title = [b for b in blocks if b.kind == "heading" and b.level == 0 and b.lines]
    if not title:
        return
    page = title[0].page
    # The title and the cover text around it (a subtitle), not the page's own sections.
    cover = {
        (_key(plain_text(b)), round(b.first.size))
        for b in blocks
        if b.page == page and b.lines and b.kind != "heading"
    }
    cover.add((_key(" ".join(plain_text(b) for b in title)), round(title[0].first.size)))
    for b in blocks:
        if (
            b.kind == "heading"
            and b.level != 0
            and b.lines
            and b.page != page
            and (_key(plain_text(b)), round(b.first.size)) in cover
        ):
            b.kind, b.level = "paragraph", None


def _key(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.casefold()).split())
