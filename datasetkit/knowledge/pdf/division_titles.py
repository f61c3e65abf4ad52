"""Division titles set in the text's own type ("ARTICLE 2 : Objet", "§ 3 Vorstand").

Statutes, bylaws and regulations title each article with its division word and number
on a line of its own; many set that line in the body's size and in a face whose name
and stated weight do not say it is bold (a print driver's embedded fonts), so type
sets nothing apart. The line still reads as a title: one line, opened by a division
word and a number, a few words or none after it, no sentence, and the article's text
under it. When three or more such lines under one division word count on ("Article 2",
"Article 3", "Article 4"), each is the title of its article. They sit one level under
the heading that encloses them (the title or a heading set larger), or at the level
the same division's titles found by type already have.
"""

from __future__ import annotations

from collections import Counter

from datasetkit.knowledge.numbering import ends_sentence, word_count
from datasetkit.knowledge.pdf.label_series import counts_on, division
from datasetkit.knowledge.pdf.structure import Block, Stats, plain_text

_MIN_TITLES = 3
# Words after the label: an article's title is short; more is its first sentence.
_MAX_WORDS = 12
# Ending a sentence, a title is a label and a word or two ("Art. 3. Zweck.").
_MAX_STOP_WORDS = 5
_LARGER = 1.12


def _candidate(b: Block, nxt: Block | None, stats: Stats) -> tuple[str, int] | None:
    """The division word and number of a body-type line that reads as a division's
    title, with the division's text under it; None otherwise."""
    if b.kind not in ("paragraph", "list_item") or len(b.lines) != 1:
        return None
    if b.first.size > stats.body + 0.6 or nxt is None or not nxt.lines:
        return None
    if nxt.kind not in ("paragraph", "list_item", "table") or nxt.page - b.page > 1:
        return None
    text = plain_text(b)
    words = word_count(text)
    if words > _MAX_WORDS or (ends_sentence(text) and words > _MAX_STOP_WORDS):
        return None
    if plain_text(nxt)[:1].islower():
        return None  # the line opens a sentence the next block goes on with
    return division(b)


def _encloses(b: Block, stats: Stats) -> bool:
    """A heading division titles sit under: the title, or one set in larger type."""
    if b.kind != "heading" or not b.lines or b.level is None:
        return False
    return b.level == 0 or b.first.size >= stats.body * _LARGER


def promote_division_titles(blocks: list[Block], stats: Stats) -> None:
    """Turn the division titles set in body type into headings (see the module
    docstring); run after the other headings have their levels."""
    found: dict[str, list[tuple[int, int]]] = {}
    known: dict[str, Counter[int]] = {}
    for i, b in enumerate(blocks):
        if b.kind == "heading" and b.level:
            head = division(b)
            if head is not None:
                known.setdefault(head[0], Counter())[b.level] += 1
            continue
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        got = _candidate(b, nxt, stats)
        if got is not None:
            found.setdefault(got[0], []).append((i, got[1]))
    titles: dict[int, int | None] = {}
    for word, members in found.items():
        if len(members) < _MIN_TITLES or not counts_on([v for _, v in members]):
            continue
        level = known[word].most_common(1)[0][0] if word in known else None
        titles.update({i: level for i, _ in members})
    base = 0
    for i, b in enumerate(blocks):
        if i in titles:
            b.kind, b.marker = "heading", None
            b.level = min(9, titles[i] or base + 1)
        elif _encloses(b, stats) and b.level is not None:
            base = b.level
