"""Titles set in the body's size, told apart by a style the document repeats.

Many documents set their lower titles in the size of the text and tell them apart
otherwise: a bold face, another family (a serif headline over sans-serif text), a
colour, or space above the line alone. A newsletter sets each item's headline so; a
report sets the sections under each chapter so. One such line proves nothing (a bold
phrase, a one-line paragraph), but the same style, used again and again for a short
standalone line with a paragraph of the body's text under it, is how the document
marks its sections. A reader sees the pattern; so does this pass:

- a candidate is a paragraph of one or two short lines at body size that names
  something and ends no sentence, is no label with its value, no caption, no contact
  line, no fixed-width line, no list item, and stands over a paragraph of running text
  in the body's regular type;
- candidates are grouped by their style (size, weight, face, colour, underline); a
  style other than the text's own must not carry running text anywhere, and at least
  half of the short standalone lines set in it must be candidates;
- a line in the text's own style counts only when space sets it apart: more space
  above it than below, by half a line at least (a title sits closer to the text it
  titles than to the text before it);
- a group of at least three candidates becomes headings. Their level is the style's
  rank (:func:`.headings.assign_levels`): below every larger or bolder title, above
  nothing.
"""

from __future__ import annotations

import re
from collections import Counter

from datasetkit.knowledge.numbering import (
    contact_line,
    continues,
    ends_sentence,
    labelled,
    word_count,
)
from datasetkit.knowledge.pdf.field_lines import fragment
from datasetkit.knowledge.pdf.geometry import Line
from datasetkit.knowledge.pdf.sequence_titles import ended_short
from datasetkit.knowledge.pdf.side_by_side import label_row
from datasetkit.knowledge.pdf.structure import Block, Stats, plain_text

# A title of this many words at most; a paragraph under it of this many at least.
_MAX_WORDS = 12
_PROSE_WORDS = 12
# Titles that recur in one style this often at least make a pattern.
_MIN_TITLES = 3
# Extra space above a line in the text's own style, beyond the space below, in lines.
_SPACE = 0.5
# A caption's opening word and its number (a source or a note is a label and its value).
_CAPTION = re.compile(
    r"^(?:fig(?:ure|\.)?|table|chart|exhibit|map|plate|photo|image|graph|diagram|"
    r"abb(?:ildung|\.)|tabelle|tableau|tabla|figura|gr[aá]fico|grafik)\s*[\dIVXivx]",
    re.IGNORECASE,
)
# A web address, or a short line holding a year and a day, a month or a place before a
# comma: a link or a dateline ("Seattle, 1998", "May 3 2024"), not a title ("Goals for 1998").
_ADDRESS = re.compile(r"https?://|www\.|\.(?:com|org|net|gov|edu)\b", re.IGNORECASE)
_YEAR = re.compile(r"\b(?:1[89]|20)\d\d\b")
_DATE_WORDS = 4
_DATED = re.compile(
    r",|\b\d{1,2}(?:st|nd|rd|th|er|\.)?\b|\b(?:jan|feb|m[aä]r|apr|avr|abr|ma[iy]|jun|juin|jul|"
    r"juil|aug|ao[uû]t|ago|sep|o[ck]t|nov|d[eé][cz]|dic|ene)[a-zéû]*\b",
    re.IGNORECASE,
)


def _dateline(text: str) -> bool:
    if not _YEAR.search(text) or len(text.split()) > _DATE_WORDS:
        return False
    return bool(_DATED.search(_YEAR.sub(" ", text)))


_ENDS_OPEN = (":", "：", ",", ";", "-", "–", "—", "/", "(", "&")

Style = tuple[float, bool, str, int, bool]
# Lines that may join a pattern: those still read as text, and titles found already.
_KINDS = ("paragraph", "heading")


def _style(line: Line) -> Style:
    """A line's type: size, weight, font, colour, underline (the font and colour most
    of its characters are set in)."""
    fonts = Counter[str]()
    colours = Counter[int]()
    for w in line.words:
        fonts[w.font] += len(w.text)
        colours[w.colour] += len(w.text)
    font = fonts.most_common(1)[0][0] if fonts else ""
    colour = colours.most_common(1)[0][0] if colours else 0
    return (round(line.size * 2) / 2, line.bold, font, colour, line.underlined)


def _block_style(b: Block) -> Style | None:
    """The style all of a block's lines share, or None when they differ."""
    styles = {_style(ln) for ln in b.lines}
    return styles.pop() if len(styles) == 1 else None


def _text_style(b: Block) -> Style:
    """The style most of a block's characters are set in."""
    chars = Counter[Style]()
    for ln in b.lines:
        chars[_style(ln)] += len(ln.text)
    return chars.most_common(1)[0][0]


def _short_line(b: Block, stats: Stats, kinds: tuple[str, ...] = ("paragraph",)) -> bool:
    """A paragraph of one or two short lines at body size, not fixed-width nor read
    from a scan (or a heading already found so, with ``kinds``)."""
    if b.kind not in kinds or not b.lines or len(b.lines) > 2:
        return False
    if any(ln.mono or ln.ocr for ln in b.lines):
        return False
    return abs(b.first.size - stats.body) <= 0.6 and word_count(plain_text(b)) <= _MAX_WORDS


def _reads_as_title(text: str) -> bool:
    """Whether a short line names something as a title does: opens in capitals or
    with a figure, ends no sentence and leads into nothing, is no label with its
    value, caption, contact line, web address or date line ("March 3, 2024")."""
    if sum(ch.isalpha() for ch in text) < 3 or fragment(text):
        return False
    if ends_sentence(text) or continues(text) or text.endswith(_ENDS_OPEN):
        return False
    if _ADDRESS.search(text) or _dateline(text):
        return False
    return not (labelled(text) or contact_line(text) or _CAPTION.match(text))


def _prose(lines: list[Line], stats: Stats) -> bool:
    """Running text in the body's regular type: a full sentence or more."""
    if not lines or lines[0].bold or lines[0].mono or abs(lines[0].size - stats.body) > 0.6:
        return False
    text = " ".join(ln.text for ln in lines)
    return word_count(text) >= _PROSE_WORDS and (len(lines) >= 2 or ends_sentence(text))


def _space(upper: Line, lower: Line, stats: Stats) -> float | None:
    """The space between two lines beyond the usual line spacing, in lines of the
    lower one's size; None when they are not one above the other on a page."""
    if upper.page != lower.page or lower.bottom <= upper.bottom:
        return None
    if upper.x1 < lower.x0 or lower.x1 < upper.x0:
        return None  # side by side, in two columns
    return (lower.bottom - upper.bottom - stats.gap(lower.size)) / (lower.size or 1.0)


def _set_apart(above: Line | None, title: Line, text: Line, stats: Stats) -> bool:
    """Whether space sets a title line apart: more above it than below, by half a line."""
    if above is None or above.text.rstrip().endswith((":", "：")):
        return False  # nothing above to measure, or a lead-in over its first line
    over = _space(above, title, stats)
    under = _space(title, text, stats)
    return over is not None and under is not None and over - under >= _SPACE


# A title found: the block, its first line in the block, how many lines it spans.
Found = tuple[int, int, int]


def _titles_in(blocks: list[Block], i: int, stats: Stats) -> list[Found]:
    """The lines of block ``i`` that may title running text: the whole block (a line
    standing on its own over a paragraph), or short lines inside a paragraph, each
    after a sentence's end and broken short over running text (a title the layout ran
    into the paragraphs around it)."""
    b = blocks[i]
    if _short_line(b, stats, _KINDS):
        after = blocks[i + 1] if i + 1 < len(blocks) else None
        if after is not None and after.kind == "paragraph" and _prose(after.lines, stats):
            return [(i, 0, len(b.lines))]
        return []
    if b.kind != "paragraph" or len(b.lines) < 3 or any(ln.mono or ln.ocr for ln in b.lines):
        return []
    found: list[Found] = []
    for k, line in enumerate(b.lines[:-2]):
        if k and not ends_sentence(b.lines[k - 1].text):
            continue
        if abs(line.size - stats.body) > 0.6 or word_count(line.text) > _MAX_WORDS:
            continue
        if ended_short(line, b.lines[k + 1], stats) and _prose(b.lines[k + 1 :], stats):
            found.append((i, k, 1))
    return found


def _style_apart(blocks: list[Block], at: Found, stats: Stats) -> Style | None:
    """The style of a title found, when it reads as a title and its style or the space
    around it sets it apart from the text under it; else None."""
    i, k, count = at
    b = blocks[i]
    if k == 0 and i and blocks[i - 1].kind == "table":
        return None  # a table's caption or note
    if b.kind == "paragraph" and count == len(b.lines) and all(ln.bold for ln in b.lines):
        return None  # a bold line on its own was judged by its weight (.headings)
    lines = b.lines[k : k + count]
    text = " ".join(ln.text for ln in lines)
    if not _reads_as_title(text) or any(label_row(ln) for ln in lines):
        return None
    styles = {_style(ln) for ln in lines}
    body = b.lines[k + count] if k + count < len(b.lines) else blocks[i + 1].first
    if len(styles) > 1 or body.underlined:
        return None
    style = styles.pop()
    if k:
        above: Line | None = b.lines[k - 1]
    else:
        above = blocks[i - 1].lines[-1] if i and blocks[i - 1].lines else None
    if style == _style(body) and not _set_apart(above, lines[-1], body, stats):
        return None
    return style


def _split(blocks: list[Block], i: int, titles: list[tuple[int, int]]) -> list[Block]:
    """Block ``i`` cut around its titles (first line, line count): headings, and the
    paragraphs between them."""
    b = blocks[i]
    pieces: list[Block] = []
    start = 0
    for k, count in sorted(titles):
        if k > start:
            pieces.append(Block("paragraph", b.lines[start].page, b.lines[start:k]))
        pieces.append(Block("heading", b.lines[k].page, b.lines[k : k + count]))
        start = k + count
    if start < len(b.lines):
        pieces.append(Block(b.kind, b.lines[start].page, b.lines[start:]))
    return pieces


def _tallies(
    blocks: list[Block], stats: Stats
) -> tuple[Counter[Style], Counter[Style], Style | None]:
    """Per style, the short standalone lines and the paragraphs of running text set in
    it; and the text's own style (the one most running text is set in)."""
    short = Counter[Style]()
    prose = Counter[Style]()
    chars = Counter[Style]()
    for b in blocks:
        if _short_line(b, stats) and (style := _block_style(b)) is not None:
            short[style] += 1
        elif b.kind == "paragraph" and b.lines and word_count(plain_text(b)) >= _PROSE_WORDS:
            prose[style := _text_style(b)] += 1
            chars[style] += len(plain_text(b))
    return short, prose, (chars.most_common(1)[0][0] if chars else None)


def promote_recurring_titles(blocks: list[Block], stats: Stats) -> None:
    """Short lines over running text in a style the document repeats for them become
    headings (see the module's docstring)."""
    found: dict[Style, list[Found]] = {}
    for i in range(len(blocks)):
        for at in _titles_in(blocks, i, stats):
            if (style := _style_apart(blocks, at, stats)) is not None:
                found.setdefault(style, []).append(at)
    short, prose, body = _tallies(blocks, stats)
    cut: dict[int, list[tuple[int, int]]] = {}
    for style, titles in found.items():
        if len(titles) < _MIN_TITLES:
            continue
        if style != body and 2 * prose[style] >= len(titles):
            continue  # a type the document sets running text in (a callout's)
        if style != body and 2 * len(titles) < short[style]:
            continue  # mostly other short lines: labels, values, notes
        for i, k, count in titles:
            if blocks[i].kind == "paragraph":
                cut.setdefault(i, []).append((k, count))
    for i in sorted(cut, reverse=True):
        blocks[i : i + 1] = _split(blocks, i, cut[i])
