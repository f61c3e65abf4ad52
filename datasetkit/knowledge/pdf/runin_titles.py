"""Numbered section titles that run into their paragraph ("**12.3 Termination.** Either
party may ...").

Contracts often set a section's number and title in bold at the start of its first
paragraph instead of on a line of their own. The bold run is the section's title; the
regular words after it on the same line begin the section's text. The rule trusts the
pattern only where a document uses it for several decimal-numbered sections, so a
paragraph that merely opens with a bold number or a defined term stays a paragraph.
Lettered clauses ("A. General. ...") are left as paragraphs: agreements number their
running clauses that way far more often than their sections.
"""

from __future__ import annotations

from datasetkit.knowledge.numbering import section_number, without_number
from datasetkit.knowledge.pdf.geometry import Line
from datasetkit.knowledge.pdf.structure import Block, Stats

# A title is a few words; a longer bold run is an emphasised sentence.
_MAX_WORDS = 12
# How many run-in titles make a document's habit rather than chance.
_MIN_TITLES = 3


def _title_words(line: Line, stats: Stats) -> int:
    """How many words of ``line`` form a run-in title: the number and the bold words
    after it, ending with a full stop or a colon, with regular text after them; 0 when
    the line does not open that way."""
    words = line.words
    # Body size, or a little smaller: an exhibit or schedule set in its own smaller type.
    if not 0.8 * stats.body <= line.size <= stats.body + 0.6 or len(words) < 3:
        return 0
    number = section_number(line.text)
    if number is None or number.kind != "decimal" or not words[0].bold:
        return 0
    if words[0].text.rstrip(".") != number.label.rstrip("."):
        return 0  # the number is the line's first word on its own ("4." not "4.Terms")
    count = 0
    while count < len(words) and words[count].bold:
        count += 1
    if count < 2 or count >= len(words) or count - 1 > _MAX_WORDS:
        return 0
    title = " ".join(w.text for w in words[:count])
    if not title.endswith((".", ":")) or sum(ch.isalpha() for ch in without_number(title)) < 2:
        return 0
    following = words[count].text[:1]
    return count if following.isupper() or following.isdigit() or following in '“"(' else 0


def split_runin_titles(blocks: list[Block], stats: Stats) -> None:
    """Split each run-in section title off its paragraph as a heading (its level comes
    from its number with the other headings'), where the document has several."""
    found = [
        (b, n)
        for b in blocks
        if b.kind in ("paragraph", "list_item") and b.lines
        if (n := _title_words(b.first, stats))
    ]
    if len(found) < _MIN_TITLES:
        return
    at = {id(b): n for b, n in found}
    out: list[Block] = []
    for b in blocks:
        if id(b) not in at:
            out.append(b)
            continue
        n = at[id(b)]
        first = b.first
        title = Line(first.words[:n], first.page)
        rest = Line(first.words[n:], first.page)
        out.append(Block("heading", b.page, [title]))
        b.kind, b.marker = "paragraph", None
        b.lines = [rest, *b.lines[1:]]
        out.append(b)
    blocks[:] = out
