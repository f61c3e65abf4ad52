"""The document's own outline: its bookmarks and its table of contents.

Bookmarked lines and lines the contents list become headings at the depth the outline
gives them; bookmarks that name no line are added at the top of their page when most
of them name one. Bookmarks made from the page structure (every paragraph bookmarked)
and a slide deck's section groups are read for what they are.
"""

from __future__ import annotations

import re
import unicodedata

from datasetkit.knowledge.numbering import ends_sentence, section_number
from datasetkit.knowledge.pdf.extract import list_marker
from datasetkit.knowledge.pdf.furniture import TOC_TITLE, normalized
from datasetkit.knowledge.pdf.structure import Block, plain_text

# A bookmark of this many words is a sentence, not a heading.
_PROSE_WORDS = 12

_LEADER = re.compile(r"(?:\s*(?:\.\s*){2,}|\s*…+|\s*_{3,}|\s*(?:·\s*){3,}|\s+)(\d{1,4})$")


# A slide deck's bookmarks name each slide "Slide 7: Title" (digits are # once normalized).
_SLIDE_LABEL = re.compile(r"^(?:slide|folie|diapositiva|diapositive)\s+[#\d]+\s*(?::\s*|$)", re.I)


# "and" between two words, as a title may also write it ("Questions & Answers").
_AND = re.compile(r"(?<!\S)(?:&|and|und|et|y)(?!\S)")


def heading_key(text: str) -> str:
    """Text compared without its section number, case, punctuation, spacing or "and"
    ("Questions and Answers" reads as "Questions & Answers:")."""
    return re.sub(r"[\W_]+", "", _AND.sub(" ", _unnumbered(normalized(text))))


# TeX's accent commands, as a bookmark written from a LaTeX title keeps them
# ("Lema{\^i}tre"), with the combining mark each one stands for.
_TEX_ACCENT = re.compile(r"(?:\{\\?|\\)([\^'`\"~=.])\s*\{?\\?([A-Za-z])\s*\}?\}?")
_TEX_MARKS = {"^": "\u0302", "'": "\u0301", "`": "\u0300", '"': "\u0308", "~": "\u0303"}
_TEX_MARKS |= {"=": "\u0304", ".": "\u0307"}
# Accents a PDF sets as characters of their own beside the letter (TeX sets an
# accented letter as a spacing accent over a dotless i: "Lemaˆıtre").
_SPACING_ACCENTS = dict.fromkeys(map(ord, "\u02c6\u02dc\u00a8\u00b4\u02d8\u02c7\u02d9\u00b8\u02da"))


def tex_plain(entry: str) -> str:
    """A bookmark title as it reads: TeX's accents made letters, its dashes dashes, its
    braces and commands left out. A title with no brace or backslash is kept as it is."""
    if "{" not in entry and "\\" not in entry:
        return entry
    text = _TEX_ACCENT.sub(lambda m: m.group(2) + _TEX_MARKS[m.group(1)], entry)
    text = text.replace("---", "\u2014").replace("--", "\u2013")
    text = re.sub(r"\\[A-Za-z]+\s*|[{}]", "", text)
    return unicodedata.normalize("NFC", " ".join(text.split()))


_QUOTES = str.maketrans({"‘": "'", "’": "'", "‚": "'", "“": '"', "”": '"', "„": '"'})


def _folded(text: str) -> str:
    """Text without accents, spacing or combining, with a dotless i as an i and curly
    quotes straight (a bookmark types them straight where the page sets them curly)."""
    plain = text.translate(_SPACING_ACCENTS).translate(_QUOTES).replace("ı", "i")
    plain = unicodedata.normalize("NFKD", plain)
    return "".join(ch for ch in plain if not unicodedata.combining(ch))


def _unnumbered(text: str) -> str:
    """A heading without its section number: "2.1 asn.# syntax" -> "asn.# syntax"."""
    text = _SLIDE_LABEL.sub("", _folded(text))
    pattern = r"^(?:(?:chapter|section|appendix)\s+)?(?:#+(?:\.#+)*\.?\s*|[a-z](?:\.#+)*\.?\s+)"
    return re.sub(pattern, "", text).strip() or text


def apply_contents(blocks: list[Block], toc: list[tuple[str, float]]) -> None:
    """Headings listed in the table of contents take the depth it gives them (from its
    section numbers, else its indentation); a line it lists that the type did not mark
    becomes a heading."""
    entries: list[tuple[str, float, int | None]] = []
    for text, x0 in toc:
        found = list_marker(text)
        title = found[1] if found is not None and found[0] is None else text
        leader = _LEADER.search(title)
        printed = int(leader.group(1)) if leader else None
        title = _LEADER.sub("", title).strip()
        if title and entries and printed is None and title[:1].islower():
            # A long entry wrapped onto the next line ("Sample Project Overview" +
            # "and Timelines"): one entry.
            last, last_x, last_printed = entries[-1]
            entries[-1] = (f"{last} {title}", last_x, last_printed)
        elif title:
            entries.append((title, x0, printed))
    if len(entries) < 3:
        return
    indents = _toc_indents([x0 for _, x0, _ in entries])
    # Chapters listed with their page numbers and their sections without, at the same
    # indent: the sections sit one level under the chapters.
    chapters = {round(x0) for _, x0, printed in entries if printed is not None}
    below = any(printed is None and round(x0) in chapters for _, x0, printed in entries)
    offset = _page_offset(blocks, entries)
    start = 0
    for k, (title, x0, printed) in enumerate(entries):
        number = section_number(title)
        if number is not None and number.kind == "decimal":
            depth = number.depth
        else:
            depth = next(d for x, d in reversed(indents) if x0 >= x - 4)
            depth += 1 if below and printed is None else 0
        # Where the printed page numbers tell where an entry is, it is looked for
        # there, and a section no further than the next chapter's page.
        page = printed + offset if printed is not None and offset is not None else None
        later = [p for _, _, p in entries[k + 1 :] if p is not None]
        limit = later[0] + offset if later and offset is not None else None
        start = _mark_listed(blocks, start, heading_key(title), depth, page, limit)


def _page_offset(blocks: list[Block], entries: list[tuple[str, float, int | None]]) -> int | None:
    """How far the file's pages run from the printed page numbers: from the first entry
    with a page number whose title a heading of the document reads as."""
    for title, _, printed in entries:
        if printed is None:
            continue
        key = heading_key(title)
        for b in blocks:
            if b.kind == "heading" and b.lines and heading_key(plain_text(b)) == key:
                return b.page - printed
        return None
    return None


# Contents set in two or more columns: an entry that starts this far right of the
# indent before it opens another column, not a deeper level (body columns, too, lie
# 100 pt or more apart).
_TOC_COLUMN = 100.0


def _toc_indents(xs: list[float]) -> list[tuple[float, int]]:
    """The indents of a contents listing with the depth each gives (1 at a column's
    left edge, 2 at the next indent...)."""
    out: list[tuple[float, int]] = []
    for x in sorted(xs):
        if out and x - out[-1][0] <= 4:
            continue
        depth = 1 if not out or x - out[-1][0] >= _TOC_COLUMN else out[-1][1] + 1
        out.append((x, depth))
    return out


def _mark_listed(
    blocks: list[Block],
    start: int,
    key: str,
    depth: int,
    page: int | None = None,
    last: int | None = None,
) -> int:
    """Give the next block after ``start`` that reads as ``key`` the level ``depth``
    (on ``page`` when given, on no page after ``last``); the index to search on from."""
    if not key:
        return start
    for i in range(start, len(blocks)):
        b = blocks[i]
        if last is not None and b.page > last:
            break
        if b.kind in ("table", "code") or not b.lines or heading_key(plain_text(b)) != key:
            continue
        if page is not None and b.page != page:
            continue
        one_line = len(b.lines) == 1 and not ends_sentence(plain_text(b))
        if b.kind == "heading" or one_line:
            # A level the bookmarks gave stands: the contents' indents say less (an
            # unnumbered entry set in line with the titles after the numbers).
            level = b.level if b.level is not None else min(9, depth)
            b.kind, b.marker, b.level = "heading", None, level
            return i + 1
    return start


def apply_bookmarks(
    blocks: list[Block], outline: dict[int, list[tuple[int, str]]], slides: bool
) -> None:
    """Bookmarked lines become headings at the bookmark's depth. When most bookmarks
    name a line, those that name none are added as headings at the top of their page;
    an outline that names no line at all (a label such as "Ex 99.1") adds nothing.
    Bookmarks made from the page structure nest every line as the tagged containers
    nest, not as the headings do: they add no heading and give no depth."""
    if _structure_dump(outline):
        return
    found, missing, total = _bookmark_matches(blocks, outline)
    if slides:
        missing = {}  # a slide's bookmark that names no line names its layout
    # A flat outline (one depth for every entry) says which lines are headings, not how
    # they nest: section numbers of several depths ("5.", "5.2") say that.
    flat = len({depth for _, depth in found}) == 1
    for b, depth in found:
        number = section_number(plain_text(b))
        step = number.depth if flat and number is not None and number.kind == "decimal" else 1
        b.kind, b.level, b.marker = "heading", depth + step, None
    if 2 * len(found) < total:
        return
    for page, added in sorted(missing.items(), reverse=True):
        at = next((i for i, b in enumerate(blocks) if b.page >= page), len(blocks))
        blocks[at:at] = added


def _bookmark_matches(
    blocks: list[Block], outline: dict[int, list[tuple[int, str]]]
) -> tuple[list[tuple[Block, int]], dict[int, list[Block]], int]:
    """The lines the bookmarks name with their depth; the bookmarks that name none (as
    headings to add, by page); how many bookmarks there are. A group whose title is on
    no page (a slide deck's section) is opened by the first entry under it on its own
    page: that entry takes the group's depth and the group adds no heading."""
    found: list[tuple[Block, int]] = []
    missing: dict[int, list[Block]] = {}
    unnamed: dict[int, Block] = {}
    total = 0
    for page in sorted(outline):
        on_page = [b for b in blocks if b.page == page and b.kind != "table"]
        for depth, entry in outline[page]:
            entry = tex_plain(entry)
            key = _unnumbered(normalized(entry))
            if not key:
                continue
            total += 1
            match = _bookmarked(on_page, key) or _opens_next_page(blocks, page, key)
            if match is None and TOC_TITLE.match(entry.strip()):
                continue  # the contents listing it names was left out as furniture
            if match is None:
                if any(_unnumbered(normalized(plain_text(b))) == key for b, _ in found):
                    continue  # a group and its first entry named the same line
                added = Block("heading", page, level=depth + 1, text=_SLIDE_LABEL.sub("", entry))
                missing.setdefault(page, []).append(added)
                unnamed = {d: g for d, g in unnamed.items() if d < depth} | {depth: added}
                continue
            on_page = [b for b in on_page if b is not match]
            group = unnamed.pop(depth - 1, None)
            if group is not None and group.page == page:
                missing[page].remove(group)
                depth -= 1
            found.append((match, depth))
    return found, missing, total


def _opens_next_page(blocks: list[Block], page: int, key: str) -> Block | None:
    """The heading that opens the next page and reads as ``key``: a bookmark set just
    before a page break (an unnumbered chapter that starts on a new page) points to the
    page before its heading."""
    after = next((b for b in blocks if b.page > page and b.kind != "table" and b.lines), None)
    if after is None or after.page != page + 1 or after.kind != "heading":
        return None
    return after if _unnumbered(normalized(plain_text(after))) == key else None


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
