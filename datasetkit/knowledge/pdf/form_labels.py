"""Lines of a form's layout that their type would make headings: labels and values.

An invoice, a statement, a letter's signature block or a filled form sets each field's
label in bold body type over the value written under it (the invoice number under
"Invoice no.", a name under a party's name), and sets a value under a short label that
ends in a colon, often in a type of its own (the customer's address in larger type
under "Bill to:"). Weight or size sets such lines apart, but they title nothing: a
label names one value, a heading stands over a stretch of text. A reader tells them
apart by what lies around them:

- a label over its value: a bold line in body type, without a section number, whose
  next block (after the other labels on its baseline: a row of labels) is one short
  line in regular type, under the row, that ends no sentence and restates no heading;
- a value under its label: a line directly under a short line that ends in a colon
  or a comma (a label, a letter's closing), in another type than the label's, with no
  running text right after it; with the lines that go on under it in its type at its
  left edge (the rest of an address);
- lines stacked at line spacing in one regular type, each read as a heading of its
  own (an address or a letterhead beside another column, whose lines the reading
  order interleaves), or one block of three such short lines: a title that wraps is
  one block whose lines run to the margin, and titles one under the other have space
  or text between them;
- a label and its amount on one line, the figure set far apart at the right (a total
  of a listing set in bold or larger type).

A section number, a bookmark or the table of contents still makes such a line a
heading (they are applied later).
"""

from __future__ import annotations

import re

from datasetkit.knowledge.numbering import ends_sentence, section_number
from datasetkit.knowledge.pdf.extract import Line
from datasetkit.knowledge.pdf.structure import Block, Stats, plain_text

# A label is a few words; the value under it one short line.
_LABEL_WORDS = 6
_VALUE_WORDS = 5
# A label ending in a colon: this many words at most (a longer one is a lead-in).
_COLON_LABEL_WORDS = 4
# A paragraph of this many words is running text.
_PROSE_WORDS = 12
# A value lies within this many lines under its label.
_VALUE_LINES = 3.0
# Regular type this much larger than the body is display type (a cover's title lines).
_DISPLAY = 1.5
# The figure of an amount row stands at least this many ems right of its label.
_AMOUNT_GAP = 2.0
_FIGURE = re.compile(r"^[-−+(]?[$€£¥]?\d[\d.,'’ ]*%?\)?[$€£¥]?$")


def demote_form_labels(blocks: list[Block], stats: Stats) -> None:
    """Headings that are a form's labels or values become paragraphs again."""
    titles = {_key(plain_text(b)) for b in blocks if b.kind == "heading"}
    for i, b in enumerate(blocks):
        if b.kind != "heading" or not b.lines:
            continue
        stack = _stack(blocks, i, stats)
        for k in stack:
            blocks[k].kind = "paragraph"
        if stack or section_number(plain_text(b)) is not None:
            continue
        row = _label_row(blocks, i, stats, titles)
        if row:
            for k in row:
                blocks[k].kind = "paragraph"
        elif _amount_row(b.lines[-1]) and len(b.lines) == 1:
            b.kind = "paragraph"
        elif _under_label(blocks, i, stats):
            b.kind = "paragraph"
            _value_goes_on(blocks, i, stats)


def _body_label(b: Block, stats: Stats) -> bool:
    """A bold line of a few words in body type, without a section number."""
    return (
        b.kind == "heading"
        and len(b.lines) == 1
        and b.first.bold
        and abs(b.first.size - stats.body) <= 0.6
        and len(plain_text(b).split()) <= _LABEL_WORDS
        and section_number(plain_text(b)) is None
    )


def _label_row(blocks: list[Block], i: int, stats: Stats, titles: set[str]) -> list[int]:
    """The indexes of the labels on ``blocks[i]``'s baseline when the block after them
    is a value under them; none otherwise. A line that restates the title or another
    heading ("COVERED SERVICES: Dialysis" under "Dialysis", a running section path) is
    no value: the line over it is a title."""
    b = blocks[i]
    if not _body_label(b, stats):
        return []
    row = [i]
    j = i + 1
    while (
        j < len(blocks)
        and blocks[j].page == b.page
        and _body_label(blocks[j], stats)
        and abs(blocks[j].first.bottom - b.first.bottom) <= 0.3 * b.first.size
    ):
        row.append(j)
        j += 1
    if j >= len(blocks):
        return []
    x0 = min(blocks[k].first.x0 for k in row)
    x1 = max(blocks[k].first.x1 for k in row)
    if not _value(blocks[j], b.first, x0, x1, stats):
        return []
    said = _key(plain_text(blocks[j]))
    return [] if said in titles or _key(plain_text(b)) in said else row


def _key(text: str) -> str:
    """Text compared without case, spaces or punctuation."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def _value(v: Block, label: Line, x0: float, x1: float, stats: Stats) -> bool:
    """Whether ``v`` is one short line in regular type under a label spanning x0..x1."""
    if v.kind not in ("paragraph", "list_item") or len(v.lines) != 1 or v.page != label.page:
        return False
    line = v.first
    text = plain_text(v)
    below = line.bottom - label.bottom
    return (
        not line.bold
        and 0 < below <= _VALUE_LINES * stats.gap(label.size)
        and len(text.split()) <= _VALUE_WORDS
        and not ends_sentence(text)
        and line.x0 < x1
        and line.x1 > x0
    )


def _amount_row(line: Line) -> bool:
    """Whether a line is a label and a figure set far right of it ("Total   5,738")."""
    words = line.words
    if len(words) < 2 or not _FIGURE.match(words[-1].text):
        return False
    if not any(ch.isalpha() for w in words[:-1] for ch in w.text):
        return False
    return words[-1].x0 - words[-2].x1 >= _AMOUNT_GAP * (line.size or 1.0)


def _above(blocks: list[Block], i: int) -> Block | None:
    """The nearest block over ``blocks[i]``'s first line on its page, overlapping it."""
    b = blocks[i]
    line = b.first
    best: Block | None = None
    for k in range(i - 1, max(-1, i - 8), -1):
        a = blocks[k]
        if a.page != b.page or not a.lines or a.kind in ("table", "code"):
            continue
        last = a.lines[-1]
        if last.page != b.page or last.bottom > line.bottom - 0.5 * line.size:
            continue
        if (
            last.x0 < line.x1
            and last.x1 > line.x0
            and (best is None or last.bottom > best.lines[-1].bottom)
        ):
            best = a
    return best


def _under_label(blocks: list[Block], i: int, stats: Stats) -> bool:
    """Whether a heading is the value set under a short label ending in a colon or a
    comma, in another type than the label's."""
    b = blocks[i]
    a = _above(blocks, i)
    if a is None or a.kind == "heading" or len(a.lines) != 1:
        return False
    text = plain_text(a)
    if not text.endswith((":", "：", ",")) or len(text.split()) > _COLON_LABEL_WORDS:
        return False
    other = abs(a.first.size - b.first.size) > 0.6 or a.first.bold != b.first.bold
    near = b.first.bottom - a.first.bottom <= _VALUE_LINES * stats.gap(b.first.size)
    # A line over running text titles it, whatever stands above it (a run-in label
    # such as "SUMMARY:" over a section's first title).
    nxt = blocks[i + 1] if i + 1 < len(blocks) else None
    text_follows = nxt is not None and len(plain_text(nxt).split()) >= _PROSE_WORDS
    return other and near and not text_follows


def _value_goes_on(blocks: list[Block], i: int, stats: Stats) -> None:
    """Headings that go on under the value ``blocks[i]`` in its type, at its left edge,
    one line below the other: the value's next lines."""
    last = blocks[i].lines[-1]
    for b in blocks[i + 1 : i + 8]:
        if b.page != last.page or not b.lines:
            break
        line = b.first
        if abs(line.x0 - last.x0) > 2:
            continue
        if b.kind != "heading":
            return
        same = abs(line.size - last.size) <= 0.6 and line.bold == last.bold
        step = line.bottom - last.bottom
        if not same or not 0 < step <= 1.5 * stats.gap(line.size):
            return
        b.kind = "paragraph"
        last = b.lines[-1]


def _stacked_line(b: Block, stats: Stats) -> bool:
    """A line or two in regular type short of display size."""
    return (
        b.kind in ("heading", "paragraph")
        and 0 < len(b.lines) <= 2
        and not any(ln.bold for ln in b.lines)
        and b.first.size < _DISPLAY * stats.body
    )


def _address_block(b: Block, stats: Stats) -> bool:
    """A heading of three lines or more in regular type short of display size, each
    line a few words: lines set one under the other (an address), not a title that
    wraps, whose lines run to the margin."""
    return (
        b.kind == "heading"
        and len(b.lines) >= 3
        and not any(ln.bold for ln in b.lines)
        and b.first.size < _DISPLAY * stats.body
        and all(len(ln.words) <= _VALUE_WORDS for ln in b.lines)
    )


def _next_in_stack(blocks: list[Block], k: int, step: int, stats: Stats) -> int | None:
    """The index of the block one line under (``step`` 1) or over (-1) ``blocks[k]`` in
    its type and at its left edge, or None."""
    b = blocks[k]
    for j in range(k + step, k + step * 8, step):
        if not 0 <= j < len(blocks) or blocks[j].page != b.page:
            return None
        c = blocks[j]
        if not c.lines or abs(c.first.x0 - b.first.x0) > 2:
            continue
        upper, lower = (b, c) if step > 0 else (c, b)
        gap = lower.first.bottom - upper.lines[-1].bottom
        same = abs(c.first.size - b.first.size) <= 0.6
        near = 0 < gap <= 1.5 * stats.gap(b.first.size)
        return j if same and near and _stacked_line(c, stats) else None
    return None


def _stack(blocks: list[Block], i: int, stats: Stats) -> list[int]:
    """The indexes of the blocks stacked one line under the other with ``blocks[i]``
    in its type and at its left edge (see the module's note); none when it stands
    alone."""
    if _address_block(blocks[i], stats):
        return [i]
    if not _stacked_line(blocks[i], stats):
        return []
    out = [i]
    for step in (-1, 1):
        k: int | None = i
        while k is not None:
            k = _next_in_stack(blocks, k, step, stats)
            if k is not None:
                out.append(k)
    # A street number opens an address line as a section number opens a title: in a
    # stack it is a line of the block all the same.
    return [k for k in out if blocks[k].kind == "heading"] if len(out) > 1 else []
