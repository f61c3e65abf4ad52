"""How agreements title their parts and clauses, beyond type size.

- A bold numbered title standing alone may end with a colon ("25. Purchasing Entity
  Data:", "a. Restrictions:"): a title in title case, not a lead-in sentence.
- A lower-case lettered title ("a. Restrictions") under a numbered section ("44.")
  set in the same type sits one level below it.
- An attachment, exhibit, appendix, annex or schedule title in bold on its own line
  ("Attachment A: Terms and Conditions") opens a part of the document: the numbered
  sections after it sit below it, whatever type they share with it. Parts named by the
  same word share a level; a part named by another word, opened inside one, nests in it
  (an exhibit of an attachment).
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise

from datasetkit.knowledge.numbering import Number, ends_sentence, section_number
from datasetkit.knowledge.pdf.structure import Block, Stats, plain_text

_PART = re.compile(
    r"^(attachment|exhibit|appendix|annex|schedule|addendum)\s+([A-Z0-9]{1,3}|[IVX]{1,5})\b"
    r"(?=\s|$|[.:)—–-])",
    re.IGNORECASE,
)
_LOWER_LETTER = re.compile(r"^([a-z])([.)])\s+(?=\S)")
# Words this short may stay lower case in a title ("of", "and", "the", "to").
_MINOR = 3
_MAX_TITLE_WORDS = 10
_MAX_PART_WORDS = 15
# A title ending with a full stop is short: a longer bold line is a sentence.
_MAX_STOP_WORDS = 6


def outline_number(text: str) -> Number | None:
    """The section number a line opens with, counting a lower-case letter ("a.",
    "b)") as a letter label."""
    number = section_number(text)
    if number is not None:
        return number
    m = _LOWER_LETTER.match(text.strip())
    return Number("letter", 1, label=m.group(0).strip()) if m else None


def _title_case(words: list[str]) -> bool:
    """Capitalised as a title is: the first word, and all longer words but one ("Non-
    appropriation of funds", "Compliance with Act No. 409"; a lead-in sentence, "The
    following terms apply", has several in lower case)."""
    letters = [w.strip("(),&-/:") for w in words]
    if not letters or not letters[0][:1].isupper():
        return False
    lower = [w for w in letters if len(w) > _MINOR and w[:1].isalpha() and not w[:1].isupper()]
    return len(lower) <= 1


def colon_title(text: str, larger: bool = False) -> bool:
    """Whether a bold line ending with a colon reads as a title ("7. Termination:")
    rather than a sentence leading into a list: numbered, or set larger than the body
    text (``larger``), and in title case."""
    number = outline_number(text)
    if not text.endswith((":", "：")) or (number is not None and number.kind == "item"):
        return False
    if number is None and not larger:
        return False
    label = number.label if number is not None else ""
    words = text.strip()[len(label) :].lstrip(" .)").rstrip(":：").split()
    return 0 < len(words) <= _MAX_TITLE_WORDS and _title_case(words)


def stop_title(text: str) -> bool:
    """Whether a bold line ending with one full stop reads as a title ("1.1 Awarded
    Service Model(s).", "Deployment Models."): a few words in title case, as agreements
    set clause titles run into their paragraph; a sentence in bold has lower-case words
    or runs longer."""
    stripped = text.strip()
    if not stripped.endswith(".") or stripped.endswith(".."):
        return False
    number = outline_number(stripped)
    if number is not None and number.kind == "item":
        return False
    label = number.label if number is not None else ""
    words = stripped[len(label) :].lstrip(" .)").rstrip(".").split()
    return 0 < len(words) <= _MAX_STOP_WORDS and _title_case(words)


def _ordinal(label: str) -> int | None:
    """The place of a one-level label in its series ("7." -> 7, "c)" -> 3)."""
    core = label.rstrip(".)")
    if core.isdigit():
        return int(core)
    return ord(core.lower()) - ord("a") + 1 if len(core) == 1 and core.isalpha() else None


def next_item(prev: Block | None, b: Block) -> bool:
    """Whether a bold numbered line is the next item of the bold list right above it
    ("5. Priority" then "6. Type of Action:"), not a section title."""
    if prev is None or prev.kind != "list_item" or not prev.lines or not prev.first.bold:
        return False
    mine, theirs = outline_number(plain_text(b)), outline_number(plain_text(prev))
    if mine is None or theirs is None or mine.kind != theirs.kind or mine.depth != 1:
        return False
    a, z = _ordinal(theirs.label), _ordinal(mine.label)
    return a is not None and z == a + 1 and abs(prev.first.size - b.first.size) <= 0.6


def part_word(b: Block) -> str | None:
    """The word that names a part ("attachment") a heading block opens, or None."""
    found = _PART.match(plain_text(b))
    return found.group(1).lower() if found else None


def promote_parts(blocks: list[Block], stats: Stats) -> None:
    """Bold part titles on a line of their own become headings (before levels are set):
    in about the body's type, or at the top of a page set in smaller type throughout (a
    price list or spreadsheet printed into the agreement) and no smaller than its text."""
    page_type = _page_types(blocks)
    seen: set[int] = set()
    for b in blocks:
        top = b.page not in seen
        seen.add(b.page)
        if b.kind not in ("paragraph", "list_item") or len(b.lines) != 1 or not b.first.bold:
            continue
        text = plain_text(b)
        if part_word(b) is None or len(text.split()) > _MAX_PART_WORDS or ends_sentence(text):
            continue
        small_page = top and b.first.size >= page_type.get(b.page, stats.body) - 0.3
        if b.first.size >= stats.body - 1.5 or small_page:
            b.kind, b.marker = "heading", None


def _page_types(blocks: list[Block]) -> dict[int, float]:
    """The size most of each page's lines are set in."""
    sizes: dict[int, Counter[float]] = {}
    for b in blocks:
        for ln in b.lines:
            sizes.setdefault(ln.page, Counter())[round(ln.size, 1)] += 1
    return {page: count.most_common(1)[0][0] for page, count in sizes.items()}


def _heads(blocks: list[Block]) -> list[Block]:
    return [b for b in blocks if b.kind == "heading" and b.lines and b.level != 0]


def letter_levels(blocks: list[Block]) -> None:
    """Lower-case lettered titles one level under the numbered section above them in
    the same type."""
    section: Block | None = None
    for b in _heads(blocks):
        number = outline_number(plain_text(b))
        if number is not None and number.kind == "decimal":
            section = b
        elif (
            number is not None
            and number.kind == "letter"
            and number.label[:1].islower()
            and section is not None
            and section.level is not None
            and abs(section.first.size - b.first.size) <= 0.6
            and (b.level or 0) <= section.level
        ):
            b.level = section.level + 1


def part_levels(blocks: list[Block]) -> None:
    """Levels of part titles, and the headings of each part moved under its title."""
    heads = _heads(blocks)
    parts = [b for b in heads if part_word(b) is not None]
    if not parts:
        return
    word_level: dict[str, int] = {}
    open_part: Block | None = None
    span: list[Block] = []
    for b in [*heads, None]:
        word = part_word(b) if b is not None else None
        if b is not None and word is None:
            span.append(b)
            continue
        if open_part is not None:
            _below(open_part, span)
        if b is None or word is None:
            break
        if word not in word_level:
            inside = open_part is not None and part_word(open_part) != word
            word_level[word] = (open_part.level or 1) + 1 if inside and open_part else 1
        b.level = word_level[word]
        open_part, span = b, []


def _below(part: Block, span: list[Block]) -> None:
    """Shift a part's headings so the shallowest sits one level under the part."""
    levels = [b.level for b in span if b.level is not None]
    if not levels or part.level is None:
        return
    shift = part.level + 1 - min(levels)
    if shift > 0:
        for b in span:
            if b.level is not None:
                b.level = min(9, b.level + shift)


def fill_series(blocks: list[Block]) -> None:
    """A bold line on its own whose label fills the gap in a series of titles ("f."
    between the titles "e." and "g.", at their margin, in type a little off theirs)
    is the missing title of the series, at its level."""
    heads = [i for i, b in enumerate(blocks) if b.kind == "heading" and b.lines and b.level]
    for a, z in pairwise(heads):
        before, after = blocks[a], blocks[z]
        if before.level != after.level:
            continue
        first, last = outline_number(plain_text(before)), outline_number(plain_text(after))
        if first is None or last is None or (first.kind, first.depth) != (last.kind, last.depth):
            continue
        start, end = _ordinal(first.label), _ordinal(last.label)
        if start is None or end != start + 2 or not _same_form(first.label, last.label):
            continue
        for b in blocks[a + 1 : z]:
            if _series_title(b, before, first.label, start + 1):
                b.kind, b.marker, b.level = "heading", None, before.level
                break


def _same_form(one: str, other: str) -> bool:
    """Whether two labels are written alike: the same closing sign and case."""
    return one[-1:] == other[-1:] and one[:1].islower() == other[:1].islower()


def _series_title(b: Block, sibling: Block, label: str, ordinal: int) -> bool:
    """Whether ``b`` is a bold line at ``sibling``'s margin numbered ``ordinal`` in the
    form of ``label``."""
    if b.kind not in ("paragraph", "list_item") or len(b.lines) != 1 or not b.first.bold:
        return False
    if abs(b.first.x0 - sibling.first.x0) > 2 or abs(b.first.size - sibling.first.size) > 1.5:
        return False
    number = outline_number(plain_text(b))
    return (
        number is not None and _ordinal(number.label) == ordinal and _same_form(number.label, label)
    )
