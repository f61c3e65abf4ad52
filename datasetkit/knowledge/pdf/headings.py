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
then from the rank of each type style. The document's title is found by
:mod:`doc_title`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from itertools import pairwise, takewhile

from datasetkit.knowledge.numbering import (
    Number,
    continues,
    dateline,
    ends_sentence,
    labelled,
    section_number,
    without_number,
    word_count,
)
from datasetkit.knowledge.pdf.bylines import demote_bylines
from datasetkit.knowledge.pdf.contract_titles import (
    colon_title,
    next_item,
    outline_number,
    stop_title,
)
from datasetkit.knowledge.pdf.doc_title import (
    byline_title,
    centred_on_page,
    centred_title,
    demote_repeated_title,
    find_title,
)
from datasetkit.knowledge.pdf.extract import Line, list_marker
from datasetkit.knowledge.pdf.field_lines import demote_field_lines, promote_lettered_sections
from datasetkit.knowledge.pdf.form_labels import demote_form_labels
from datasetkit.knowledge.pdf.item_titles import larger_item_title
from datasetkit.knowledge.pdf.label_series import level_label_series
from datasetkit.knowledge.pdf.number_levels import italic, listed_shift
from datasetkit.knowledge.pdf.ocr_layer import merged_sizes, titles_nothing
from datasetkit.knowledge.pdf.outline import apply_bookmarks, apply_contents, heading_key
from datasetkit.knowledge.pdf.priced_titles import demote_priced_lines
from datasetkit.knowledge.pdf.recurring_titles import promote_recurring_titles
from datasetkit.knowledge.pdf.sequence_titles import split_sequence_titles
from datasetkit.knowledge.pdf.side_by_side import label_row
from datasetkit.knowledge.pdf.structure import Block, Stats, plain_text
from datasetkit.knowledge.pdf.table_captions import captions_table
from datasetkit.knowledge.pdf.tables import Table
from datasetkit.knowledge.pdf.text_type import (
    demote_sentences_in_text_type,
    demote_text_type,
    same_type,
)

# A heading is a line or a few; more words than this is a paragraph in large type.
_MAX_WORDS = 25
_MAX_BODY_WORDS = 15
# Display type, and how a title set in it may wrap: at most this many words a line on
# average, over at most this many lines.
_DISPLAY = 2.0
_DISPLAY_WORDS_PER_LINE = 3
_MAX_DISPLAY_LINES = 8
# Lines of fewer words than this on average are labels (a figure's key), not text.
_LABEL_WORDS = 3
# A sentence this long is a paragraph, not a heading.
_PROSE_WORDS = 12
# A web address alone: with its scheme or "www.", or a dotted host and a path.
_WEB_ADDRESS = re.compile(r"(?:https?://|www\.)\S+|[\w-]+(?:\.[\w-]+)+/\S*", re.IGNORECASE)
# A sentence's end and the next one's start inside a line.
_SENTENCE_INSIDE = re.compile(r"[^\W\d_][.!?]\s+[A-Z]")


def _number(b: Block) -> Number | None:
    return section_number(plain_text(b))


def _body_size(b: Block, stats: Stats) -> bool:
    return abs(b.first.size - stats.body) <= 0.6


def _no_title_in_scan(b: Block) -> bool:
    """A bulleted item of a scan (an OCR layer fits each line's size to its height, so a
    list set in larger type than the text would otherwise read as a run of titles), or
    a scan's line with no word in it (labels of a drawing): no title."""
    if not b.first.ocr:
        return False
    return (b.kind == "list_item" and b.marker is None) or titles_nothing(plain_text(b))


def classify(blocks: list[Block], stats: Stats) -> None:
    """Mark the blocks that are headings (their level is set later)."""
    tables = [t for b in blocks if b.kind == "table" for t in (b.table, *b.tables) if t]
    for i, b in enumerate(blocks):
        if b.kind in ("table", "code") or not b.lines or _no_title_in_scan(b):
            continue
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        prev = blocks[i - 1] if i else None
        if (
            _is_heading(b, nxt, stats)
            and not _caption(b, tables)
            and not captions_table(b, prev, tables)
            and not next_item(prev, b)
        ):
            b.kind, b.marker = "heading", None
    promote_lettered_sections(blocks, stats)
    slides = _slide_deck(blocks, stats)
    if not slides:
        split_sequence_titles(blocks, stats)
        promote_recurring_titles(blocks, stats)
    demote_text_type(blocks, stats)
    demote_bylines(blocks)
    if slides:
        _slide_titles(blocks)
    else:  # a slide's text is set in as many types as its titles are
        demote_field_lines(blocks, stats)
    demote_form_labels(blocks, stats)
    demote_priced_lines(blocks)
    demote_sentences_in_text_type(blocks)


def _caption(b: Block, tables: list[Table]) -> bool:
    """A line in regular weight centred right above a table, within its width: the
    table's title ("ESTIMATED COSTS"), not a section of the text."""
    line = b.first
    if len(b.lines) > 1 or line.bold:
        return False
    middle = (line.x0 + line.x1) / 2
    for t in tables:
        if t.page != line.page or not t.x0 < line.x0 < line.x1 < t.x1:
            continue
        if 0 <= t.top - line.bottom <= 4 * line.size:
            return abs(middle - (t.x0 + t.x1) / 2) <= 0.05 * (t.x1 - t.x0)
    return False


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
    """On a slide only its titles are headings: the first heading in the slide's
    largest type, and any other set in that same type and face (a slide divided in two
    sections, each titled alike). Callouts, diagram labels and bullet text set larger
    than the deck's body text are slide text."""
    first: dict[int, Block] = {}
    for b in blocks:
        if b.kind != "heading":
            continue
        top = first.get(b.page)
        if top is None or b.first.size > top.first.size + 0.5:
            first[b.page] = b
    for b in blocks:
        top = first.get(b.page)
        if b.kind == "heading" and top is not b and not (top and same_type(b, top)):
            b.kind = "paragraph"


def _is_heading(b: Block, nxt: Block | None, stats: Stats) -> bool:
    text = plain_text(b)
    words = word_count(text)
    if words > _MAX_WORDS or len(b.lines) > _max_lines(b, words, stats):
        return False
    if continues(text) or not _names(text) or dateline(text):
        return False  # (a place and a date sign the document off)
    if _runs_on_regular(b):
        return False
    number = section_number(text)
    if _WEB_ADDRESS.search(text) and _address_only(text):
        # A web address set large (a call to visit it), or after its label (an
        # archive's "Source: https://..." stamp), titles nothing.
        return False
    if outline_number(text) is None and _sentence_tail(text):
        return False  # the rest of a sentence set apart (a pull quote broken up)
    if _pull_quote(b, text) or (number is None and _sentence_goes_on(text, nxt)):
        return False
    if number is not None and number.kind == "item":
        # "(a) Forensics" numbers a list, unless it titles the paragraph under it.
        return _titles_text(b, text, number, nxt) or larger_item_title(b, nxt, stats)
    if any(_spread(ln) or label_row(ln) for ln in b.lines):
        return False  # a row of cells ("Top-1   Top-5   Top-20") or of labels, not a title
    size = b.first.size
    if number is None and text.endswith(("。", "！", "？")):
        return False  # Chinese and Japanese titles end with no full stop: a sentence
    if size >= stats.body * 1.12:
        if words > _MAX_BODY_WORDS and not all(ln.bold for ln in b.lines):
            return False  # running text set large (a pull quote, a page in its own type)
        return not (ends_sentence(text) and words > _PROSE_WORDS and number is None)
    if size < stats.body - 0.6:
        # Smaller than the text: notes, captions, fine print; or a part of the document
        # set small throughout (a regulation's text), whose titles stand over it.
        return _titles_text(b, text, number, nxt)
    # Type a little larger than the text sets a line apart as bold type does.
    if size <= stats.body + 0.6 and not all(ln.bold for ln in b.lines):
        return _numbered_line(b, text, number, nxt)
    # Three lines of at most fifteen words are a title wrapped in a narrow column; a bold
    # paragraph fills its lines.
    if words > _MAX_BODY_WORDS:
        return False
    if text.endswith((":", "：")) and not colon_title(text, size > stats.body + 0.6):
        return False  # a lead-in, unless a numbered title ends so ("7. Termination:")
    if number is None and (labelled(text) or (ends_sentence(text) and words > 4)):
        return False  # a label and its value, or a sentence ("Inc." ends no sentence)
    if number is None and ends_sentence(text) and text[:1].islower():
        return False  # the end of a sentence, set apart from the lines above it
    if number is not None and ends_sentence(text) and words > 8:
        return False
    return not (b.kind == "list_item" and _list_goes_on(b, nxt, outline_number(text)))


def _max_lines(b: Block, words: int, stats: Stats) -> int:
    """How many lines a title may take: three, or, in display type (twice the text's
    size or more) that fits a few words to a line, as many as its words need at that
    rate: a cover's title set very large wraps after every word or two."""
    if b.first.size >= stats.body * _DISPLAY and words <= _DISPLAY_WORDS_PER_LINE * len(b.lines):
        return _MAX_DISPLAY_LINES
    return 3


def _runs_on_regular(b: Block) -> bool:
    """Whether a bold lead runs on in regular type on its last line ("Determine your
    strategy – move to"): a run-in title opening its paragraph, not a heading."""
    words = b.lines[-1].words
    runs_on = (
        bool(words)
        and b.first.words[0].bold
        and not words[-1].bold
        and len(words) > 1
        and not words[-2].bold
    )
    # A note in brackets after a bold title is the title's (a release's date: "1.3.2
    # (Oct 31 2024)"), no text running on from it.
    tail = " ".join(
        w.text for w in reversed(list(takewhile(lambda w: not w.bold, reversed(words))))
    )
    return runs_on and not (tail.startswith("(") and tail.endswith(")"))


def _address_only(text: str) -> bool:
    """Whether a line is a web address with at most a label before it ("Source:")."""
    rest = _WEB_ADDRESS.sub("", text).strip()
    return not rest or (rest.endswith((":", "：")) and len(rest.split()) <= 3)


def _sentence_tail(text: str) -> bool:
    """Whether text opens in lower case, inside a sentence, and ends one or holds the
    end of one ("there are timelines to be met.", "systems. These issues can ...")."""
    return text[:1].islower() and (ends_sentence(text) or bool(_SENTENCE_INSIDE.search(text)))


# A line wholly in quotation marks (a closing stop allowed after them).
_QUOTED = re.compile(r"^[“\"«„‘‚].*[”\"»“’‘][.!?…]?$")
_QUOTE_WORDS = 6
# How a title may end and a sentence that goes on may not.
_CLOSED = re.compile(r"[.!?:;…。！？)\]\"”’»]$")


def _pull_quote(b: Block, text: str) -> bool:
    """A line of several words in regular type, wholly in quotation marks: a quotation
    set apart to catch the eye (a pull quote), not a title of what follows."""
    if all(ln.bold for ln in b.lines) or word_count(text) < _QUOTE_WORDS:
        return False
    return bool(_QUOTED.match(text.strip()))


def _sentence_goes_on(text: str, nxt: Block | None) -> bool:
    """Whether a line opens a sentence that the paragraph under it goes on with in
    lower case (its first words set in bold as a lead-in): no title is continued by
    the text under it, and no sentence opens in lower case."""
    if nxt is None or nxt.kind != "paragraph" or not nxt.lines or nxt.first.bold:
        return False
    if word_count(text) < 3 or _CLOSED.search(text.rstrip()):
        return False
    words = plain_text(nxt).split()
    # A word, not an address or a code ("ana@example.edu" under a paper's title).
    return bool(words) and words[0].rstrip(",;").isalpha() and words[0].islower()


def _titles_text(b: Block, text: str, number: Number | None, nxt: Block | None) -> bool:
    """A bold line standing alone over a paragraph in regular type of its own size: the
    title of the text under it ("(a) Comments Due Date" over its paragraph)."""
    if nxt is None or not nxt.lines or nxt.kind not in ("paragraph", "list_item"):
        return False
    lead_in = plain_text(nxt).endswith((":", "："))
    words = len(plain_text(nxt).split())
    if len(nxt.lines) < 2 and words < _PROSE_WORDS and not lead_in:
        return False  # over a short line ("Vol. 85, No. 152"): a label or a masthead
    if words < _PROSE_WORDS and words < _LABEL_WORDS * len(nxt.lines) and not lead_in:
        return False  # over a stack of labels of a word or two each (a figure's key)
    if not all(ln.bold for ln in b.lines) or nxt.first.bold or nxt.page != b.page:
        return False
    numbered = number is not None and number.kind != "item"
    if nxt.first.size < b.first.size - 0.6 or len(text.split()) > _MAX_BODY_WORDS:
        return False
    if nxt.first.size > b.first.size + 0.6 and not numbered:
        return False  # over larger text only a numbered title ("§ 39.13 [Amended]")
    if (ends_sentence(text) and not stop_title(text)) or labelled(text):
        return False
    if text.endswith((":", "：")) and not colon_title(text):
        return False
    if nxt.kind == "paragraph" or number is None or number.kind != "item":
        return True
    # "(m) Readiness flight" over "(1) Before further flight ...": the items under a
    # title are numbered in another series than the title is.
    other = section_number(plain_text(nxt))
    return other is not None and _series(other.label) != _series(number.label)


def _series(label: str) -> str:
    """What a list number counts in: digits or letters."""
    return "digits" if any(ch.isdigit() for ch in label) else "letters"


def _names(text: str) -> bool:
    """Whether a line names something: two letters at least besides its section
    number. Digits, signs and a stray letter ("2015", "3%", "20I5": an OCR layer that
    read only the digits of a scan) title nothing; nor do letters standing one by one,
    some in lower case: the variables of a formula set in its own larger type (a
    fraction's numerator), not a word."""
    rest = without_number(text)
    if sum(ch.isalpha() for ch in rest) < 2:
        return False
    if any(ch.islower() for ch in rest):
        return any(sum(ch.isalpha() for ch in word) >= 2 for word in rest.split())
    return True


# The first word of a numbered title ("3.1", "A", "b.", "IV."): a wider gap may follow it.
_LABEL_WORD = re.compile(r"^(?:\d{1,3}(?:\.\d{1,3})*\.?|[A-Za-z][.)]?|[IVXLCivxlc]{1,6}[.)]?)$")


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
    slides = _slide_deck(blocks, stats)
    apply_bookmarks(blocks, outline, slides)
    apply_contents(blocks, toc)
    title = find_title(blocks, stats) or byline_title(blocks) or centred_title(blocks, stats)
    demote_repeated_title(blocks)
    ranked = {id(b) for b in blocks if b.kind == "heading" and b.level is None}
    _style_levels(blocks, stats, slides)
    level_label_series(blocks, ranked)
    blocks[:] = [b for i, b in enumerate(blocks) if not _echo(blocks, i)]
    _continued(blocks)
    return title


# "ESTIMATED COSTS—Continued", "Claims (cont.)": a title repeated where its table or
# section runs on to the next page.
_CONTINUED = re.compile(
    r"[\s—–:-]*[(\[]?\s*(?:continued|cont(?:'d|\.)|suite|fortsetzung|continua[cç][ií][oó]n?|"
    r"continua[cç][aã]o)\s*[)\]]?\.?$",
    re.IGNORECASE,
)


def _continued(blocks: list[Block]) -> None:
    """A heading that repeats an earlier title (a section's or a table's) and says it
    goes on is a running title, not a new section: it becomes a paragraph."""
    seen: set[str] = set()
    for b in blocks:
        if not b.lines or len(b.lines) > 2:
            continue
        text = plain_text(b)
        found = _CONTINUED.search(text)
        if b.kind == "heading" and found and heading_key(text[: found.start()]) in seen:
            b.kind, b.level = "paragraph", None
        else:
            seen.add(heading_key(text))


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
        and heading_key(plain_text(prev)) == heading_key(plain_text(b))
    )


def _centred_within(heads: list[Block], stats: Stats) -> set[int]:
    """The centred headings that stand between numbered sections: only after a numbered
    heading has come (a centred line before them, "ARTICLE I", heads them instead)."""
    first = next((k for k, b in enumerate(heads) if _number(b) is not None), None)
    centred = {k for k, b in enumerate(heads) if centred_on_page(b.first, stats)}
    if first is None or any(k < first for k in centred):
        return set()
    return {id(heads[k]) for k in centred}


# A heading's type: size, bold, Markdown marks, centred among numbered sections, serif
# face, colour, underlined, italic.
_Kind = tuple[float, bool, int, bool, bool, int, bool, bool]


def _face(b: Block) -> tuple[bool, int]:
    """Whether a block's type has serifs, and its colour (0 for black)."""
    first = b.first.words[0] if b.first.words else None
    return (first.serif, first.colour) if first else (False, 0)


def _style_of(b: Block, centred: set[int], snap: dict[float, float] | None = None) -> _Kind:
    """A heading block's type (see ``_Kind``); ``snap`` maps the sizes of headings read
    from a scan to the size their group stands for (see :func:`.ocr_layer.merged_sizes`)."""
    bold = all(ln.bold for ln in b.lines)
    underlined = all(ln.underlined for ln in b.lines)
    size = b.first.size
    if snap and b.first.ocr:
        size = snap.get(size, size)
    return (size, bold, b.marks, id(b) in centred, *_face(b), underlined, italic(b))


def _styler(heads: list[Block], stats: Stats) -> Callable[[Block], _Kind]:
    """The type of each of ``heads`` as its level is ranked by (see ``_style_of``)."""
    centred = _centred_within(heads, stats)
    # OCR sets each line's size in whole points from its height: a point either way is
    # noise, not another level.
    snap = merged_sizes(b.first.size for b in heads if b.first.ocr)
    return lambda b: _style_of(b, centred, snap)


# How the type styles rank: larger first, bold before regular, underlined before not,
# upright before italic, fewer Markdown marks before more, set flush before centred (a centred line in section
# type sits under the section); of two faces or two colours in one size and weight, the
# one the document uses first encloses the other; on slides, where most bookmarked slide
# titles sit.
def _style_levels(blocks: list[Block], stats: Stats, slides: bool = False) -> None:
    """Levels of the headings still without one: from section numbers, then from the
    level the bookmarks or contents gave other headings in the same type style, then
    from how the type styles rank."""
    heads = [b for b in blocks if b.kind == "heading" and b.lines and b.level != 0]
    todo = [b for b in heads if b.level is None]
    if not todo:
        return
    _style = _styler(heads, stats)

    depth: dict[int, int] = {}
    for b in heads:
        n = _number(b)
        if n is not None and n.kind == "decimal":
            depth[id(b)] = n.depth
    seen: dict[_Kind, int] = {}
    for k, b in enumerate(heads):
        seen.setdefault(_style(b), k)
    styles = sorted(seen, key=lambda s: (-s[0], not s[1], not s[6], s[7], s[2], s[3], seen[s]))
    known: dict[_Kind, Counter[int]] = {}
    known_plain: dict[_Kind, Counter[int]] = {}
    numbered: dict[_Kind, Counter[int]] = {}
    for b in heads:
        if b.level is not None:
            known.setdefault(_style(b), Counter())[b.level] += 1
            if id(b) not in depth:
                known_plain.setdefault(_style(b), Counter())[b.level] += 1
        elif id(b) in depth:
            numbered.setdefault(_style(b), Counter())[depth[id(b)]] += 1
    plain = Counter(_style(b) for b in todo if id(b) not in depth)
    # A style used mostly without numbers takes no level from the few numbered lines in
    # it (bold list items or diagram labels read as headings).
    for s in [s for s in numbered if plain[s] > numbered[s].total()]:
        plain[s] += numbered.pop(s).total()
    first = min((i for i, s in enumerate(styles) if s in numbered), default=len(styles))
    # Unnumbered headings in a larger style, used twice, enclose the numbered sections
    # (parts above "1.", "2."...), unless the contents placed numbered ones (listed_shift).
    above = sum(1 for s in styles[:first] if plain[s] >= 2 and s not in known)
    above = listed_shift(heads, depth, above)
    level: dict[_Kind, int] = {}
    for s in styles:
        if s in known:
            level[s] = _unnumbered_level(known[s], known_plain.get(s))
        elif s in numbered:
            level[s] = above + numbered[s].most_common(1)[0][0]
        else:
            level[s] = 1 + max(level.values(), default=0)
    if slides and known:
        # Each slide's title is sized to fit its slide: one not bookmarked sits where
        # most bookmarked slide titles do.
        common = Counter(lv for c in known.values() for lv in c.elements()).most_common(1)[0][0]
        level.update({s: common for s in styles if s not in known})
    for b in todo:
        s = _style(b)
        if id(b) in depth and s in numbered:
            b.level = min(9, above + depth[id(b)])
        else:  # unnumbered in the type of numbered sections ("References"): at their top
            b.level = min(
                9, above + min(numbered[s]) if s in numbered and s not in known else level[s]
            )


def _unnumbered_level(known: Counter[int], plain: Counter[int] | None) -> int:
    """The level of an unnumbered heading in a type style whose other headings have
    levels already: the level most unnumbered ones in it have ("Abstract" and
    "References" bookmarked at the top); else the top level the style is used at. A
    paper sets "1 Introduction" and "2.1 Data" in one type, and its "Acknowledgements"
    in that type stands with the sections, not under them, however many subsections
    there are."""
    if plain:
        return plain.most_common(1)[0][0]
    return min(known)
