"""Numbered section titles that run into their paragraph ("**12.3 Termination.** Either
party may ...").

Contracts often set a section's number and title in bold at the start of its first
paragraph instead of on a line of their own. The bold run is the section's title; the
regular words after it on the same line begin the section's text. Some set the title in
the text's own type and end it with a full stop ("12.3 Termination for Convenience.
Either party may ..."): a few capitalised words, the first full stop after them, and a
capital after it. The rule trusts the pattern only where a document uses it for several
decimal-numbered sections (for titles in plain type, for most of its numbered
paragraphs), so a paragraph that merely opens with a bold number or a defined term, or
a numbered step that happens to start with a short sentence, stays a paragraph.
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
# A title in plain type is a few words.
_MAX_PLAIN_WORDS = 8
# Words this short may stay lower case in a title ("of", "and", "the", "to").
_MINOR = 3


def _numbered(line: Line, stats: Stats) -> bool:
    """Whether a line in body type opens with a decimal section number as its own word."""
    words = line.words
    if len(words) < 3 or not words[0].text[:1].isdigit():
        return False
    if not 0.8 * stats.body <= line.size <= stats.body + 0.6:
        return False
    number = section_number(line.text)
    if number is None or number.kind != "decimal":
        return False
    return words[0].text.rstrip(".") == number.label.rstrip(".")


def _opens_text(word: str) -> bool:
    first = word[:1]
    return first.isupper() or first.isdigit() or first in '“"('


def _plain_title_words(line: Line) -> int:
    """How many words of a numbered line in plain type form its title: capitalised
    words up to the first that ends with a full stop (not an abbreviation such as
    "U.S." or "No."), followed by a capital; 0 when the line does not open that way."""
    words = line.words
    if any(w.bold for w in words[:2]):
        return 0
    for k in range(1, min(len(words) - 1, _MAX_PLAIN_WORDS + 1)):
        text = words[k].text
        core = text.strip("(),&/-")
        if len(core) > _MINOR and core[:1].isalpha() and not core[:1].isupper():
            return 0
        if k == 1 and not core[:1].isupper():
            return 0
        if text.endswith("."):
            stem = text[:-1]
            if len(stem) < 3 or "." in stem or not stem[-1:].isalpha():
                return 0
            return k + 1 if _opens_text(words[k + 1].text) else 0
    return 0


def _title_words(line: Line, stats: Stats) -> int:
    """How many words of ``line`` form a run-in title: the number and the bold words
    after it, ending with a full stop or a colon, with regular text after them; 0 when
    the line does not open that way."""
    words = line.words
    # Body size, or a little smaller (an exhibit or schedule set in its own smaller
    # type); the number is the line's first word on its own ("4." not "4.Terms").
    if not _numbered(line, stats) or not words[0].bold:
        return 0
    count = 0
    while count < len(words) and words[count].bold:
        count += 1
    if count < 2 or count >= len(words) or count - 1 > _MAX_WORDS:
        return 0
    title = " ".join(w.text for w in words[:count])
    if not title.endswith((".", ":")) or sum(ch.isalpha() for ch in without_number(title)) < 2:
        return 0
    return count if _opens_text(words[count].text) else 0


def split_runin_titles(blocks: list[Block], stats: Stats) -> None:
    """Split each run-in section title off its paragraph as a heading (its level comes
    from its number with the other headings'), where the document has several."""
    texts = [b for b in blocks if b.kind in ("paragraph", "list_item") and b.lines]
    found = [(b, n) for b in texts if (n := _title_words(b.first, stats))]
    at = {id(b): n for b, n in found} if len(found) >= _MIN_TITLES else {}
    # Numbered paragraphs of more than one line: where most open with a plain title.
    numbered = [b for b in texts if len(b.lines) > 1 and _numbered(b.first, stats)]
    plain = [(b, n) for b in numbered if (n := _plain_title_words(b.first))]
    if len(plain) >= _MIN_TITLES and 2 * len(plain) > len(numbered):
        at.update((id(b), n) for b, n in plain if id(b) not in at)
    if not at:
        return
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
