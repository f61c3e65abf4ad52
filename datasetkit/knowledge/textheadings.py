"""Headings of plain text set flush left, where only the lines around them tell.

Text whose body is not indented shows a heading the way a typewriter would: a line
underlined with ``===`` or ``---``, a numbered line (``1.``, ``2.3``), a line in
capitals, or a short line that stands between blank lines, closes with no punctuation
and opens the paragraph below it. Each of these is a style; the styles nest in the
order they first appear (the first one seen is the top level; capitals rank above plain
lines), and numbered headings nest by their numbers.

What is not a heading though it is short and stands alone: a list item (its marker,
or a numbered line followed by the next item rather than by prose), a row of a table
set in columns, a label with its value, an address, telephone or e-mail line, a line
closing with a comma, colon or full stop (a greeting, a lead-in, a short paragraph),
and a line with nothing after it (a signature). A document's opening line set like the
headings after it is its title, one level above them. A short line needs at least one more
like it in the document, or to open the document, and such lines may not make up most
of the document's blocks (then the text is a list of lines, not sections).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from datasetkit.knowledge.numbering import (
    contact_line,
    dateline,
    ends_sentence,
    labelled,
    section_number,
    without_number,
    word_count,
)

# A list item's marker at the start of a line (its indentation, marker and gap).
ITEM_MARKER = re.compile(r"^(\s*)([-*+•o]|\(?\d{1,3}[.)]|\([a-z0-9]{1,3}\)|[a-z][.)])(\s+)(?=\S)")
_UNDERLINE = re.compile(r"^([=\-~^*#+_])\1{2,}$")
_MAX_CHARS = 80
# A line this long is running text; this many of them ending sentences, one after the
# other, are paragraphs of a line each.
_LONG_LINE = 40
_MIN_WHOLE = 3
_MAX_WORDS = 12
_CLOSING = tuple(".,;:!?。，；：！？")
_BRACKETS = ")]}\"'”’"
_SENTENCE_INSIDE = re.compile(r"[a-z]{2}[.!?] +[A-Z]")


_L = TypeVar("_L", bound="TextLine")


class TextLine(Protocol):
    """What a line of the layout reader gives: its text, indent and column gaps."""

    text: str
    indent: int
    spaced: bool


@dataclass(frozen=True)
class _Candidate:
    style: str  # "num", "u=" (underline character), "caps" or "plain"
    number: int  # the depth of its section number, 0 without one
    sectioned: bool  # a number that names a section by itself ("2.1", "Article 5")


def flush_headings(groups: Sequence[Sequence[TextLine]]) -> dict[int, int]:
    """The groups (runs of lines between blank lines) that are headings, with levels."""
    found: dict[int, _Candidate] = {}
    for i, group in enumerate(groups):
        cand = _candidate(group)
        if cand is None:
            continue
        after = groups[i + 1] if i + 1 < len(groups) else None
        if cand.sectioned or _opens_section(cand, group, after):
            found[i] = cand
    plain = [i for i, c in found.items() if c.style == "plain"]
    if plain and (len(plain) * 2 > len(groups) or (len(plain) < 2 and plain != [0])):
        for i in plain:
            del found[i]
    levels = _levels(found)
    first = found.get(0)
    # The document's opening line, set like the headings after it, is its title.
    if (
        first
        and first.style in ("plain", "caps")
        and any(c.style == first.style for i, c in found.items() if i)
    ):
        levels[0] -= 1
    return levels


def split_line_paragraphs(groups: list[list[_L]]) -> list[list[_L]]:
    """Runs of lines that are each a whole paragraph, split into one block per line.

    Text copied from a web page or an editor that does not wrap puts each paragraph on
    one line and no blank line between them. Its long lines end sentences; wrapped text
    ends a line wherever the margin falls, mostly inside a sentence (a line that goes
    on in lower case after one ending no sentence stays with it).
    """
    out: list[list[_L]] = []
    for group in groups:
        long = [ln for ln in group if len(ln.text) > _LONG_LINE]
        ended = sum(1 for ln in long if ends_sentence(ln.text) or ln.text.endswith(":"))
        if ended < _MIN_WHOLE or ended < 0.8 * len(long):
            out.append(group)
            continue
        first = len(out)  # this group's blocks start here
        for ln in group:
            last = out[-1][-1] if len(out) > first else None
            if last is not None and not ends_sentence(last.text) and ln.text[:1].islower():
                out[-1].append(ln)  # a sentence that wraps goes on in lower case
            else:
                out.append([ln])
    return out


def _levels(found: dict[int, _Candidate]) -> dict[int, int]:
    """Levels by the order each style first appears, capitals above plain lines; a
    numbered heading nests by its number below the style of the first one."""
    order: list[str] = []
    for i in sorted(found):
        if found[i].style not in order:
            order.append(found[i].style)
    if "caps" in order and "plain" in order and order.index("plain") < order.index("caps"):
        order.remove("caps")
        order.insert(order.index("plain"), "caps")
    numbered = [c for c in found.values() if c.number]
    top = min((c.number for c in numbered), default=1)
    anchor = next((found[i] for i in sorted(found) if found[i].number == top), None)
    levels: dict[int, int] = {}
    for i, c in found.items():
        if c.number and anchor is not None:
            levels[i] = order.index(anchor.style) + 1 + c.number - top
        else:
            levels[i] = order.index(c.style) + 1
    return levels


def _candidate(group: Sequence[TextLine]) -> _Candidate | None:
    if len(group) == 2 and _UNDERLINE.match(group[1].text) and not group[1].spaced:
        text = group[0].text
        if len(group[1].text) * 2 >= len(text) and _heading_text(group[0]):
            number = section_number(text)
            depth = number.depth if number is not None and number.kind != "item" else 0
            return _Candidate("u" + group[1].text[0], depth, False)
        return None
    if len(group) != 1 or not _heading_text(group[0]):
        return None
    text = group[0].text
    number = section_number(text)
    if number is not None and number.kind == "item":
        return None
    if number is not None:
        sectioned = number.depth >= 2 or number.kind == "division"
        return _Candidate("num", number.depth, sectioned)
    if ITEM_MARKER.match(text):
        return None
    cased = [ch for ch in text if ch.isalpha() and ch.upper() != ch.lower()]
    if len(cased) >= 4 and all(ch.isupper() for ch in cased):
        return _Candidate("caps", 0, False)
    return _Candidate("plain", 0, False)


def _heading_text(line: TextLine) -> bool:
    """Short, closing with no punctuation, opening with a capital, mostly letters."""
    text = line.text
    closing = text.rstrip(_BRACKETS)
    if len(text) > _MAX_CHARS or closing.endswith(_CLOSING) or line.spaced:
        return False
    if _SENTENCE_INSIDE.search(text):  # two sentences: a short paragraph
        return False
    body = without_number(text)
    if not body or word_count(body) > _MAX_WORDS or not _opens_capital(body):
        return False
    if labelled(text) or contact_line(text) or dateline(text):
        return False
    if "://" in text or "www." in text.lower():
        return False
    letters = sum(1 for ch in text if ch.isalpha())
    return letters * 2 >= len(text.replace(" ", ""))


def _opens_capital(text: str) -> bool:
    first = text[:1]
    return first.isalpha() and not first.islower()


def _opens_section(
    cand: _Candidate, group: Sequence[TextLine], after: Sequence[TextLine] | None
) -> bool:
    """Whether what follows makes the line a heading: prose (or a list, under a heading
    that shows itself by underline, number or capitals), never nothing."""
    if after is None:
        return False
    first = after[0].text
    if cand.style == "num":
        # The next numbered line right after is the next list item, not a section's text.
        return _prose(after, group[0].text) and section_number(first) is None
    if _candidate(after) is not None and cand.style == "plain":
        return False
    if cand.style == "plain":
        return _prose(after, group[0].text)
    return True


def _prose(group: Sequence[TextLine], title: str) -> bool:
    """A paragraph: longer than the title, and running over lines or ending a sentence."""
    if any(ln.spaced for ln in group) or ITEM_MARKER.match(group[0].text):
        return False
    text = " ".join(ln.text for ln in group)
    if len(text) < 2 * len(title):
        return False
    return len(group) >= 2 or ends_sentence(text)
