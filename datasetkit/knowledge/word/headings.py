"""Headings a Word document sets by hand, and its title when no style names one.

Many documents never use Word's heading styles: a section title is a paragraph in bold
(or in larger type), or a numbered division such as "Article 5" on a line of its own.
Such a paragraph is a heading when it stands alone (not in a table, not a list item),
is short, does not read as a sentence or as a label with its value, and text follows
it rather than another such line (or a line set apart in a lower rank: a section that
opens straight into its first sub-section). A division word ("Artigo", "Article",
"第…条") counts when the document uses it for more than one paragraph. The first
paragraph is the title when no Title style is used and it is set apart (bold, larger
or in capitals).

Levels: below the nearest heading that has a style, or under the title; families of
hand-set headings (bold paragraphs, each division word) nest in the order they first
appear; within one size, a title set over two lines ranks above capitals, and capitals
above mixed case. A heading sits at most one level under the heading above it. A
document with no heading styles that types its own contents list takes the titles and
levels the list gives (:mod:`.contents`), as does one that styles a few of its titles
only; the list's entries are no content. Heading paths after them are rebuilt.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import replace
from itertools import pairwise
from typing import Any

from datasetkit.knowledge.fonts import monospace_name
from datasetkit.knowledge.numbering import (
    contact_line,
    dated_line,
    dateline,
    ends_sentence,
    labelled,
    section_number,
    word_count,
)
from datasetkit.knowledge.word.alike import join_alike
from datasetkit.knowledge.word.back_matter import lift_references
from datasetkit.knowledge.word.bracket_tail import bold_with_remark
from datasetkit.knowledge.word.contents import (
    Outline,
    contents_outline,
    outline_levels,
    take_outline,
)
from datasetkit.knowledge.word.empty_sections import empty_sections
from datasetkit.knowledge.word.list_headings import list_headings
from datasetkit.knowledge.word.lists import Piece
from datasetkit.knowledge.word.lone_capitals import join_lone_capitals
from datasetkit.knowledge.word.numbered_titles import numbered_titles, typed_depth
from datasetkit.knowledge.word.styles import (
    Look,
    Styles,
    W,
    paragraph_align,
    run_bold,
    run_font,
    run_marked,
    run_size,
)
from datasetkit.knowledge.word.title_lines import flatten_title_blocks, join_broken_titles

_MAX_WORDS = 15
_MAX_TITLE_WORDS = 25
# The lines a title may be among, and a paragraph long enough to be running text.
_MAX_OPENING = 10
_PROSE_WORDS = 12
# Dates and versions on a cover: numbers, version marks and month names.
_DATE_WORDS = re.compile(
    r"\b(?:v(?:ersion|ersión|ersione)?|rev(?:ision)?|fassung|stand|"
    r"jan(?:uary|vier|uar)?|feb(?:ruary|ruar)?|f[ée]vrier|febrero|m[aä]r(?:ch|z|s)?|marzo|"
    r"apr(?:il)?|avril|abril|may|mai|mayo|june?|juin|junio|juni|july?|juillet|julio|juli|"
    r"aug(?:ust)?|ao[uû]t|agosto|sep(?:t|tember|tembre|tiembre)?|oct(?:ober|obre)?|okt(?:ober)?|"
    r"octubre|nov(?:ember|embre|iembre)?|dec(?:ember)?|d[ée]cembre|dez(?:ember)?|diciembre|de|"
    r"of|the|del?)\b\.?",
    re.IGNORECASE,
)
# Running text under a front matter's title: an abstract or a summary, not a lead-in.
_FRONT_WORDS = 40
# A line this short under a label is its value, not the text a title leads into.
_VALUE_WORDS = 6


def paragraph_look(p: Any, styles: Styles, sid: str | None) -> Look:
    """The type of a ``w:p``'s visible runs, direct formatting over its styles."""
    style_bold = styles.bold(sid)
    style_size = styles.size(sid)
    style_mono = monospace_name(styles.font(sid) or "")
    chars = bold = mono = marked = 0
    sizes: Counter[float] = Counter()
    runs: list[tuple[str, bool]] = []
    for r in p.iter(f"{W}r"):
        n = sum(len((t.text or "").strip()) for t in r.findall(f"{W}t"))
        if not n:
            continue
        rpr = r.find(f"{W}rPr")
        rstyle = rpr.find(f"{W}rStyle") if rpr is not None else None
        rsid = rstyle.get(f"{W}val") if rstyle is not None else None
        b = run_bold(rpr)
        if b is None:
            b = (styles.char_bold(rsid) if rsid else False) or style_bold
        font = run_font(rpr)
        m = monospace_name(font) if font else bool(styles.char_mono(rsid)) or style_mono
        chars += n
        bold += n if b else 0
        runs.append(("".join(t.text or "" for t in r.findall(f"{W}t")), bool(b)))
        mono += n if m else 0
        marked += n if run_marked(rpr) else 0
        size = run_size(rpr) or style_size
        if size:
            sizes[size] += n
    main = sizes.most_common(1)[0][0] if sizes else None
    code = styles.code(sid) or (chars > 0 and mono == chars)
    align = paragraph_align(p.find(f"{W}pPr")) or styles.align(sid)
    bolded = chars > 0 and (bold == chars or bold_with_remark(runs))
    # Emphasis other than bold matters only where bold does not already set a line apart.
    whole = chars > 0 and marked == chars and not bolded
    return Look(bolded, main, code, centred=align == "center", marked=whole)


def _family(piece: Piece) -> str | None:
    number = section_number(piece.text)
    if number is None or number.kind != "division":
        return None
    word = unicodedata.normalize("NFKD", number.word)
    return "".join(c for c in word if not unicodedata.combining(c)).lower()


def _numbered_capitals(piece: Piece) -> str | None:
    """The series of a title in capitals that a section number or letter opens ("A.
    PURPOSE", "IV. RESULTS"): in body type, such lines are headings when the document
    sets two or more of one series, each over running text."""
    number = section_number(piece.text)
    if number is None or number.kind not in ("decimal", "letter", "roman"):
        return None
    if not _capitals(piece.text):
        return None
    depth = typed_depth(piece) if number.kind == "decimal" else None
    return f"typed number {depth}" if depth else f"numbered capitals {number.kind} {number.depth}"


def _prose(piece: Piece | None) -> bool:
    """Running text under a title: a table, or a paragraph or list item not in capitals
    (a contents entry or another title is followed by more of them)."""
    if piece is None or piece.kind == "heading":
        return False
    return piece.kind not in ("paragraph", "list_item") or not _capitals(piece.text)


def _set_apart(piece: Piece, body: float | None) -> bool:
    look = piece.look
    if look is None:
        return False
    return look.bold or look.marked or bool(look.size and body and look.size >= body * 1.15)


def _candidate(piece: Piece) -> bool:
    """A paragraph of the body that could be a heading by its shape."""
    text = piece.text
    return (
        piece.kind == "paragraph"
        and piece.provenance.part is None
        and piece.provenance.table is None
        and "\n" not in text
        and 0 < len(text.split()) <= _MAX_WORDS
        and not text.rstrip().endswith((",", ";", ":", "：", "，", "；"))
        and not labelled(text)
        and not (piece.look is not None and piece.look.tabbed)
        and not contact_line(text)
        and not dateline(text)
        and not (ends_sentence(text) and len(text.split()) > 4)
    )


def body_size(pieces: list[Piece]) -> float | None:
    sizes: Counter[float] = Counter()
    for p in pieces:
        if p.kind in ("paragraph", "list_item") and p.look is not None and p.look.size:
            sizes[p.look.size] += len(p.text)
    return sizes.most_common(1)[0][0] if sizes else None


def infer_headings(pieces: list[Piece]) -> None:
    """Turn hand-set headings into headings, set their levels, rebuild heading paths."""
    join_broken_titles(pieces)
    body = [i for i, p in enumerate(pieces) if p.provenance.part is None]
    size = body_size(pieces)
    flatten_title_blocks(pieces, size)
    families = Counter(f for i in body if (f := _family(pieces[i])) and _candidate(pieces[i]))
    numbered = Counter(
        f for i in body if (f := _numbered_capitals(pieces[i])) and _candidate(pieces[i])
    )
    # Section rows of layout tables: numbered ones rank by their scheme.
    found = {i: _scheme(p) or p.section for i in body if (p := pieces[i]).section}
    looked: set[int] = set()  # found by their type alone
    empty = empty_sections(pieces, body, size, _candidate, lambda p: _content(p, size))
    for n, i in enumerate(body):
        piece = pieces[i]
        if i in found or not _candidate(piece):
            continue
        nxt = pieces[body[n + 1]] if n + 1 < len(body) else None
        family = _family(piece)
        if family and families[family] >= 2:
            found[i] = family
        elif _set_apart(piece, size) and (
            _content(nxt, size)
            or _opens_subsection(piece, body[n + 1 :], pieces, size)
            or i in empty
        ):
            before = pieces[body[n - 1]] if n and body[n - 1] not in empty else None
            found[i] = _set_apart_family(piece, before, size)
            looked.add(i)
        elif (series := _numbered_capitals(piece)) and numbered[series] >= 2 and _prose(nxt):
            found[i] = series
    _drop_lone_looks(pieces, body, found, looked)
    _drop_label_runs(pieces, body, found, looked)
    join_alike(pieces, found, looked)
    found.update(numbered_titles(pieces, body, found, _candidate))
    found.update(list_headings(pieces, body, size))
    outline = _outline(pieces, body, size, found)
    title = _title(pieces, body, size, found)
    order = _families(pieces, found, title)
    base = 0
    for i, piece in enumerate(pieces):
        if piece.kind == "heading" and piece.level and piece.provenance.part is None:
            base = piece.level
        elif i in found:
            piece.kind, piece.typed = "heading", False
            piece.level = min(9, base + 1 + order.index(found[i]))
    if title is not None:
        pieces[title].kind, pieces[title].level, pieces[title].typed = "heading", 0, False
    _tighten(pieces, set(found))
    if outline is not None:
        outline_levels(pieces, outline, found)
    if title is not None:
        _join_title(pieces, title, body, size)
    if outline is not None:
        entries = {id(pieces[i]) for i in outline.entries}
        pieces[:] = [p for p in pieces if id(p) not in entries]
    lift_references(pieces)
    _rebuild_paths(pieces)


def _outline(
    pieces: list[Piece], body: list[int], size: float | None, found: dict[int, str]
) -> Outline | None:
    """The outline a typed contents list gives a document without heading styles (see
    :mod:`.contents`), its titles and theirs marked in ``found``. The titles it names are
    lines set apart, or the section titles Word's numbering numbers (:mod:`.list_headings`)."""
    # A style on a few titles among four times as many set by hand: titled by hand.
    if sum(p.kind == "heading" and p.provenance.part is None for p in pieces) > len(found) // 4:
        return None

    listed = {id(pieces[i]) for i, family in found.items() if family.startswith("list ")}

    def title(piece: Piece) -> bool:
        return id(piece) in listed or (_candidate(piece) and _set_apart(piece, size))

    outline = contents_outline(pieces, body, title)
    if outline is not None:
        take_outline(pieces, body, found, outline, title)
    return outline


def _drop_lone_looks(
    pieces: list[Piece], body: list[int], found: dict[int, str], looked: set[int]
) -> None:
    """Headings set apart only by their type are the document's way of titling its
    sections when it does so twice or more in one look (weight and size), or in one
    numbering scheme; a lone bold line over text is emphasis (a warning, a lead-in),
    not a section title, unless it opens the front matter (see :func:`_front_matter`)."""
    keys = {i: _look_key(pieces[i], found[i]) for i in looked if i in found}
    counts = Counter(keys.values())
    front = _front_matter(pieces, body)
    for i, key in keys.items():
        if counts[key] < 2 and i not in front:
            del found[i]


def _front_matter(pieces: list[Piece], body: list[int]) -> set[int]:
    """Lines that title the front matter of a document whose sections use heading
    styles: before the first styled heading, a short line over a paragraph of running
    text (an abstract, a summary) titles that text as the styled headings title theirs;
    the author set it by hand because the template's headings number the sections."""
    styled = next((n for n, i in enumerate(body) if pieces[i].kind == "heading"), None)
    if styled is None:
        return set()
    out: set[int] = set()
    for n in range(styled - 1):
        under = pieces[body[n + 1]]
        if under.kind == "paragraph" and word_count(under.text) >= _FRONT_WORDS:
            out.add(body[n])
    return out


def _drop_label_runs(
    pieces: list[Piece], body: list[int], found: dict[int, str], looked: set[int]
) -> None:
    """Lines of one look that alternate with single short lines, three or more in a
    row (a name over its price, a term over its value), are the labels of a table
    typed as lines, not titles: a title leads into text."""
    place = {i: n for n, i in enumerate(body)}
    groups: dict[tuple[bool, bool, float | None, str], list[int]] = {}
    for i in sorted(looked):
        if i in found:
            groups.setdefault(_look_key(pieces[i], found[i]), []).append(i)
    for members in groups.values():
        pairs = list(pairwise(members))
        if len(pairs) >= 2 and all(
            _value_between(pieces, body, place[a], place[b]) for a, b in pairs
        ):
            for i in members:
                del found[i]


def _value_between(pieces: list[Piece], body: list[int], a: int, b: int) -> bool:
    """Whether one short paragraph, and nothing else, stands between body pieces a and b."""
    if b != a + 2:
        return False
    under = pieces[body[a + 1]]
    text = under.text
    return (
        under.kind == "paragraph" and word_count(text) <= _VALUE_WORDS and not ends_sentence(text)
    )


def _look_key(piece: Piece, family: str) -> tuple[bool, bool, float | None, str]:
    look = piece.look
    scheme = "" if family.startswith("set apart") else family
    return (
        bool(look and look.bold),
        bool(look and look.marked),
        look.size if look else None,
        scheme,
    )


def _families(pieces: list[Piece], found: dict[int, str], title: int | None) -> list[str]:
    """The families of hand-set headings in the order they nest: the order they first
    appear, the title's own type left out, ranked by type and numbering depth."""
    join_lone_capitals(pieces, found, title)
    return _by_depth(_ranked(list(dict.fromkeys(found[i] for i in sorted(found)))))


def _tighten(pieces: list[Piece], found: set[int]) -> None:
    """Hand-set headings one level under the heading they fall under, the outline kept:
    a rank that no heading above uses leaves no gap ("Overview" right under the title
    is level 1 even where capitals rank above it elsewhere)."""
    stack: list[tuple[int, int]] = []  # (level as ranked, level given)
    for i, piece in enumerate(pieces):
        if piece.kind != "heading" or piece.level is None or piece.provenance.part is not None:
            continue
        ranked = piece.level
        while stack and stack[-1][0] >= ranked:
            stack.pop()
        if i in found:
            piece.level = min(ranked, stack[-1][1] + 1 if stack else 1)
        stack.append((ranked, piece.level))


def _capitals(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


def _set_apart_family(piece: Piece, before: Piece | None, size: float | None) -> str:
    """The family of a heading set apart by type: its size, whether it is in capitals,
    and whether it closes a title set over several lines (the line above it set apart
    the same way, with nothing between, and not numbered: a numbered title is whole,
    and the line under it opens its first sub-section)."""
    scheme = _scheme(piece)
    if scheme is not None:
        return scheme
    caps = _capitals(piece.text)
    family = f"set apart {piece.look.size if piece.look else None}" + (" caps" if caps else "")
    if piece.look is not None and piece.look.marked:
        family += " marked"  # underlined or capitals by format: a rank under bold
    stacked = (
        before is not None
        and _candidate(before)
        and _scheme(before) is None
        and _set_apart(before, size)
        and before.look == piece.look
        and _capitals(before.text) == caps
    )
    return family + (" title" if stacked else "")


def _scheme(piece: Piece) -> str | None:
    """The numbering scheme a set-apart title is numbered in ("1.1" a decimal of depth
    two, "A." a capital letter, "IV." a roman numeral): its rank comes from the scheme,
    not from its type, so a "1.1" set in the same bold as the "PART" above it still
    nests under it."""
    number = section_number(piece.text)
    if number is None or number.kind not in ("decimal", "letter", "roman"):
        return None
    depth = typed_depth(piece) if number.kind == "decimal" else None
    return f"typed number {depth}" if depth else f"typed {number.kind}"


def _ranked(order: list[str]) -> list[str]:
    """Families in the order they nest. Families set apart at one size keep the place
    the first of them took, ranked among themselves as a reader ranks them: a title
    over several lines, then capitals, then mixed case."""
    out: list[str] = []
    for family in order:
        if not family.startswith("set apart "):
            out.append(family)
            continue
        size = family.split()[2]
        kin = [f for f in order if f.startswith("set apart ") and f.split()[2] == size]
        if family == kin[0]:
            out.extend(
                sorted(kin, key=lambda f: ("title" not in f, "marked" in f, "caps" not in f))
            )
    return out


def _by_depth(order: list[str]) -> list[str]:
    """Families of typed section numbers ranked by their depth, in the places the first
    of them took ("1.1" nests under "2." even when a document opens with a "1.1")."""
    places = [n for n, f in enumerate(order) if f.startswith("typed number ")]
    ranked = sorted((order[n] for n in places), key=lambda f: int(f.split()[2]))
    out = list(order)
    for n, family in zip(places, ranked, strict=True):
        out[n] = family
    return out


def _opens_subsection(
    piece: Piece, after: list[int], pieces: list[Piece], size: float | None
) -> bool:
    """Whether a set-apart line leads straight into a sub-section: the next line is set
    apart in a lower rank (smaller, or the same type out of capitals) and text follows
    that one."""
    if len(after) < 2:
        return False
    nxt = pieces[after[0]]
    if not (_candidate(nxt) and _set_apart(nxt, size)) or not _content(pieces[after[1]], size):
        return False
    mine, theirs = piece.look, nxt.look
    if mine is None or theirs is None or mine.size is None or theirs.size is None:
        return False
    if mine.size != theirs.size:
        return mine.size > theirs.size and mine.bold >= theirs.bold
    return mine.bold == theirs.bold and _capitals(piece.text) and not _capitals(nxt.text)


def _content(piece: Piece | None, size: float | None) -> bool:
    """Whether a piece is the text a heading leads into (not another set-apart line)."""
    if piece is None or piece.kind == "heading":
        return False
    if piece.kind != "paragraph":
        return True
    look = piece.look
    tabbed = look is not None and look.tabbed
    return not (_set_apart(piece, size) and (_candidate(piece) or tabbed or labelled(piece.text)))


def _title(
    pieces: list[Piece], body: list[int], size: float | None, found: dict[int, str]
) -> int | None:
    """The title, when no style gives one: the first line of the opening lines set
    apart (bold, larger or in capitals), or, on a cover, the largest of them: the
    company name, date and version above it in smaller type are cover text."""
    if any(p.kind == "heading" and p.level == 0 for p in pieces) or len(body) < 2:
        return None
    lead = _opening(pieces, body, size)
    if not lead:
        return None
    first = _largest(pieces, lead, size)
    piece = pieces[first]
    text = piece.text
    if len(text.split()) > _MAX_TITLE_WORDS or ends_sentence(text) or _cover_text(text):
        return None
    letters = [c for c in text if c.isalpha()]
    capitals = bool(letters) and sum(c.isupper() for c in letters) >= 0.8 * len(letters)
    if not (_set_apart(piece, size) or capitals):
        return None
    found.pop(first, None)
    return first


def _join_title(pieces: list[Piece], title: int, body: list[int], size: float | None) -> None:
    """A title set over several lines in one type ("Handbook for" over "Chapter 13"
    over "Standing Trustees") is one title: the lines after it join it, where the
    title is set larger than the body or only numbers the document ("SECTION 09 30
    00", its name on the next line). A numbered line opens a section of its own,
    unless it names a division inside the title block (an unnumbered line of the
    title's type follows it); a line ending in a colon is a label."""
    head = pieces[title]
    look = head.look
    larger = look is not None and bool(look.size and size and look.size >= size * 1.15)
    if not (larger or _designation(head.text)):
        return
    lines: list[Piece] = []
    for i in body[body.index(title) + 1 :][: _MAX_OPENING - 1]:
        piece = pieces[i]
        if piece.kind not in ("paragraph", "heading") or piece.look != head.look:
            break
        text = piece.text
        if piece.provenance.table is not None or "\n" in text or _cover_text(text):
            break
        if not any(c.isalpha() for c in text):
            break  # figures alone under a title (a date, a period) are cover text
        if text.rstrip().endswith((":", "：")):
            break
        lines.append(piece)
    joined = 0
    for n, piece in enumerate(lines):
        number = section_number(piece.text)
        if piece.marker is not None or (number is not None and number.kind != "division"):
            break
        if number is not None and not (n + 1 < len(lines) and _unnumbered(lines[n + 1])):
            break
        joined += 1
    if joined:
        head.text = " ".join([head.text] + [p.text for p in lines[:joined]])
        gone = {id(p) for p in lines[:joined]}
        pieces[:] = [p for p in pieces if id(p) not in gone]


def _designation(text: str) -> bool:
    """A title that only numbers a division ("SECTION 23 21 23", "Chapter 4")."""
    number = section_number(text)
    if number is None or number.kind != "division":
        return False
    return not any(c.isalpha() for c in text.strip()[len(number.label) :])


def _unnumbered(piece: Piece) -> bool:
    return piece.marker is None and section_number(piece.text) is None


def _opening(pieces: list[Piece], body: list[int], size: float | None) -> list[int]:
    """The lines a document opens with, up to its first running text (a sentence, or a
    long line in body type), list or table."""
    out: list[int] = []
    for i in body[:_MAX_OPENING]:
        piece = pieces[i]
        text = piece.text
        if piece.kind != "paragraph" or piece.provenance.table is not None or "\n" in text:
            break
        if ends_sentence(text) and len(text.split()) > 4:
            break
        if word_count(text) >= _PROSE_WORDS and not (_set_apart(piece, size) or _capitals(text)):
            break
        out.append(i)
    return out


def _largest(pieces: list[Piece], lead: list[int], size: float | None) -> int:
    """The first opening line, unless a later one is set in clearly larger type than
    every line above it and than the body (a cover's title under its company name)."""
    looks = [pieces[i].look if _title_like(pieces[i].text) else None for i in lead]
    sizes = [(look.size if look is not None else None) or 0.0 for look in looks]
    top = max(sizes)
    at = next(n for n, s in enumerate(sizes) if s >= top)
    starts = [n for n in range(len(lead)) if not _cover_text(pieces[lead[n]].text)]
    first = starts[0] if starts else 0
    larger = at > first and top > max(sizes[:at]) + 1 and bool(size) and top >= (size or 0) * 1.15
    if larger and section_number(pieces[lead[at]].text) is None:
        return lead[at]
    return lead[first]


def _title_like(text: str) -> bool:
    return len(text.split()) <= _MAX_TITLE_WORDS and not ends_sentence(text)


def _cover_text(text: str) -> bool:
    """A line that dates, versions or addresses a document, never its title: contact
    details, or a date or version with at most one word besides ("Version 2.1",
    "Issued 1 March 2024")."""
    if contact_line(text):
        return True
    if not dated_line(text):
        return False
    rest = _DATE_WORDS.sub(" ", text)
    return len(re.findall(r"[^\W\d_]{2,}", rest)) <= 1


def _rebuild_paths(pieces: list[Piece]) -> None:
    """Every piece of the body (and what is anchored in it) under the headings above it."""
    stack: list[tuple[int, str]] = []
    for i, piece in enumerate(pieces):
        if piece.provenance.part in ("header", "footer"):
            continue
        if piece.kind == "heading" and piece.level is not None and piece.provenance.part is None:
            while stack and stack[-1][0] >= piece.level:
                stack.pop()
            stack.append((piece.level, piece.text))
        path = tuple(t for _, t in stack)
        if piece.provenance.heading_path != path:
            pieces[i].provenance = replace(piece.provenance, heading_path=path)
