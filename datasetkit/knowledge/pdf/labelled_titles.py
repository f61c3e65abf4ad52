"""Section titles in body type that only their outline label sets apart.

Contracts and policies often set their sections as "A. Limit of Insurance" or
"1. Notice to Insurer": plain body type, one line (or two in capitals), a label, a few
capitalised words and no closing punctuation, with no item of the same kind of list next to it.
Type alone cannot tell them from list items; the label, the title-case wording and
what follows can. The rule needs several such lines in a document before it trusts
them. Their levels follow the conventional outline order of the labels (``I.`` above
``A.`` above ``1.``), under the nearest heading set in larger type.
"""

from __future__ import annotations

from collections import Counter

from datasetkit.knowledge.numbering import labelled, section_number, without_number
from datasetkit.knowledge.pdf.number_levels import nested_restarts
from datasetkit.knowledge.pdf.structure import Block, Stats, plain_text

# Label kinds in the order an outline nests them.
_ORDER = ("roman", "letter", "decimal")
_MAX_WORDS = 10
_MIN_TITLES = 3
# Words this short may stay lower case in a title ("of", "and", "the", "to").
_MINOR = 3


def _title_case(words: list[str]) -> bool:
    letters = [w.strip("(),&-/") for w in words]
    if not letters or not letters[0][:1].isupper():
        return False
    return all(w[:1].isupper() for w in letters if len(w) > _MINOR and w[:1].isalpha())


def _capitals(text: str) -> bool:
    """Whether every cased letter of a text is a capital (a few words at least)."""
    cased = [ch for ch in text if ch.isalpha() and ch.upper() != ch.lower()]
    return len(cased) >= 8 and all(ch.isupper() for ch in cased)


def _label_kind(b: Block, stats: Stats, sentence: bool = False) -> str | None:
    """The label kind of a block that reads as a labelled title, or None; with
    ``sentence``, of one whose words after the first are in lower case ("Simulation
    results"), a few at most."""
    if b.kind not in ("list_item", "paragraph") or not b.lines or len(b.lines) > 2:
        return None
    if abs(b.first.size - stats.body) > 0.6:
        return None
    text = plain_text(b)
    if len(b.lines) == 2 and not _capitals(text):
        return None  # a title runs on to a second line only set in capitals
    number = section_number(text)
    if number is None or number.kind not in _ORDER or number.depth != 1:
        return None
    rest = without_number(text)
    words = rest.split()
    if not 0 < len(words) <= _MAX_WORDS or rest.endswith((".", ":", ";", ",", "：")):
        return None
    cased = _title_case(words) or (sentence and _sentence_case(words))
    return number.kind if cased and not labelled(rest) else None


# A title in sentence case: this many words at most (a longer line reads as an item).
_MAX_SENTENCE_WORDS = 5


def _sentence_case(words: list[str]) -> bool:
    return len(words) <= _MAX_SENTENCE_WORDS and words[0][:1].isupper()


def _sentence_titles(
    blocks: list[Block], stats: Stats, found: list[tuple[int, str]]
) -> list[tuple[int, str]]:
    """Labelled lines in sentence case, with a paragraph under each, whose label the
    document already uses for titles in title case: titles of the same series (the
    case of a title varies within one paper; list items are told apart by their
    neighbours and by the paragraph the title needs under it)."""
    kinds = Counter(kind for _, kind in found)
    taken = {i for i, _ in found}
    more = []
    for i, b in enumerate(blocks):
        if i in taken or i + 1 >= len(blocks) or blocks[i + 1].kind != "paragraph":
            continue
        kind = _label_kind(b, stats, sentence=True)
        if kind is not None and kinds[kind] >= _MIN_TITLES and not _in_list(kind, blocks, i):
            more.append((i, kind))
    return sorted(found + more)


def _in_list(kind: str, blocks: list[Block], i: int) -> bool:
    """Whether the block before or after is an item of the same kind of list (this
    line is one of its items), or nothing follows."""
    if i + 1 >= len(blocks):
        return True
    for other in (blocks[i - 1] if i else None, blocks[i + 1]):
        if other is None or other.kind != "list_item" or not other.lines:
            continue
        number = section_number(plain_text(other))
        if number is not None and number.kind == kind:
            return True
    return False


def promote_labelled_titles(blocks: list[Block], stats: Stats) -> None:
    """Turn labelled titles into headings with their levels (after the other levels)."""
    found: list[tuple[int, str]] = []
    for i, b in enumerate(blocks):
        kind = _label_kind(b, stats)
        if kind is not None and not _in_list(kind, blocks, i):
            found.append((i, kind))
    if len(found) < _MIN_TITLES:
        return
    titles = dict(_sentence_titles(blocks, stats, found))
    if "roman" in titles.values():
        # "I." and "V." read as letters on their own; beside "II." they are numerals.
        for i, kind in found:
            if kind == "letter" and plain_text(blocks[i]).lstrip()[:1] in "IVX":
                titles[i] = "roman"
    used = sorted(set(titles.values()), key=_ORDER.index)
    for i in _unnumbered_peers(blocks, [k for k, v in titles.items() if v == used[0]], stats):
        titles[i] = used[0]
    base = 0
    for i, b in enumerate(blocks):
        if i in titles:
            b.kind, b.marker = "heading", None
            b.level = min(9, base + 1 + used.index(titles[i]))
        elif _encloses(b, stats):
            base = b.level or 0
    nested_restarts(blocks, {id(blocks[i]) for i in titles})


def _centred(b: Block, stats: Stats) -> bool:
    """Whether a one-line block is centred in its column (within a twentieth of it)."""
    line = b.first
    cols = stats.columns.get(line.page) or [(line.x0, line.x1)]
    left, right = min(cols, key=lambda c: abs((c[0] + c[1]) / 2 - (line.x0 + line.x1) / 2))
    return abs((line.x0 + line.x1) - (left + right)) / 2 <= 0.05 * (right - left)


def _unnumbered_peers(blocks: list[Block], tops: list[int], stats: Stats) -> list[int]:
    """Lines set as the top-level titles are, in capitals and centred in the column,
    without their number ("REFERENCES" after "VI. CONCLUSION"): titles at their level."""
    heads = [blocks[i] for i in tops]
    if not all(_capitals(plain_text(b)) and _centred(b, stats) for b in heads):
        return []
    size = heads[0].first.size
    found = []
    for i, b in enumerate(blocks):
        if i in tops or b.kind != "paragraph" or len(b.lines) != 1:
            continue
        text = plain_text(b)
        if section_number(text) is not None or not _capitals(text) or len(text.split()) > 4:
            continue
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if nxt is None or nxt.kind == "heading" or abs(b.first.size - size) > 0.3:
            continue
        if _centred(b, stats) and not text.endswith((".", ":", ";", ",")):
            found.append(i)
    return found


def _encloses(b: Block, stats: Stats) -> bool:
    """A heading labelled titles sit under: the title, or one set in larger type."""
    if b.kind != "heading" or not b.lines or b.level is None:
        return False
    return b.level == 0 or b.first.size >= stats.body * 1.12
