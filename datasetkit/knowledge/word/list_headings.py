"""Levels of Word's automatic numbering that number section titles, not list items.

Specifications, contracts and regulations often number their whole outline with one
multi-level list instead of heading styles: "PART 1 -" over "1.1" over "A." over "1.",
each level a paragraph of the same list definition. The top levels hold titles
("GENERAL", "SUMMARY", "Definitions"), the deeper ones the clauses. A level of a list
numbers titles when at least two paragraphs use it, each short and shaped like a title
(no sentence, no label with its value, no colon at the end), not two in a row, and
what stands under them is running text: either the level's titles are set apart (bold,
larger, in capitals, or named by a division word such as "PART") with content between
them, or the content under them is the clauses of the same list's deeper levels, long
enough to be text rather than a nested list of short points (one title in five may
stand over nothing: a slip of the numbering, not a list). Each level above such a
level must number titles too. The titles keep their number as their marker; the levels
nest in the order they first appear, and the list items under them move up by the
number of title levels above them.
"""

from __future__ import annotations

import re
from collections import defaultdict

from datasetkit.knowledge.numbering import ends_sentence, labelled, section_number, word_count
from datasetkit.knowledge.word.lists import Piece

_MAX_TITLE_WORDS = 12
# Words a clause under a title holds on average: fewer, and the "titles" are the first
# level of a nested list of short points.
_CLAUSE_WORDS = 10
_MIN_TITLES = 2
_SLIP_EVERY = 5


def _title_shaped(piece: Piece) -> bool:
    text = piece.text.strip()
    words = word_count(text)
    return (
        "\n" not in text
        and not text.startswith(("(", "["))  # a remark in brackets, not a title
        and 0 < words <= _MAX_TITLE_WORDS
        and not text.endswith((",", ";", ":", "：", "，", "；"))
        and not labelled(text)
        and not (ends_sentence(text) and words > 3)
    )


def _set_apart(piece: Piece, body_size: float | None) -> bool:
    """Bold, larger than the body, in capitals, or named by a division word ("PART 1 -")."""
    look = piece.look
    if look is not None and (look.bold or (look.size and body_size and look.size > body_size)):
        return True
    letters = [c for c in piece.text if c.isalpha()]
    if len(letters) >= 2 and all(c.isupper() for c in letters):
        return True
    number = section_number(f"{piece.marker or ''} {piece.text}")
    return number is not None and number.kind == "division"


def _counted(piece: Piece) -> bool:
    return (
        piece.kind == "list_item"
        and piece.counter is not None
        and piece.marker is not None
        and piece.provenance.part is None
        and piece.provenance.table is None
    )


def _shape(marker: str) -> str:
    """A label's form with its counts left out ("2.01" and "3.04" are "9.9"): documents
    that give each part a list of its own ("2.%1", "3.%1") number one level alike."""
    out = re.sub(r"\d+", "9", marker)
    out = re.sub(r"\b[IVXLC]{2,}\b|\b[ivxlc]{2,}\b", "i", out)
    return re.sub(r"[A-Z]", "A", re.sub(r"[a-z]", "a", out))


Key = tuple[int, str]  # (list level, shape of its labels)


def list_headings(pieces: list[Piece], body: list[int], body_size: float | None) -> dict[int, str]:
    """Indexes of numbered paragraphs that are section titles, with their family
    ("list <level> <label shape>")."""
    by_key: dict[Key, list[int]] = defaultdict(list)
    lists: dict[Key, set[str]] = defaultdict(set)  # the list definitions a key occurs in
    for n, i in enumerate(body):
        piece, counter = pieces[i], pieces[i].counter
        if _counted(piece) and counter is not None and piece.marker is not None:
            key = (counter[1], _shape(piece.marker))
            by_key[key].append(n)
            lists[key].add(counter[0])
    titled: dict[Key, set[str]] = {}  # each titled level, with the definitions it holds
    for key in sorted(by_key):
        shallower = [k for k in by_key if k[0] < key[0] and lists[k] & lists[key]]
        if not all(k in titled for k in shallower):
            continue
        if _titles(lists[key], key[0], by_key[key], pieces, body, body_size):
            titled[key] = lists[key]
            continue
        # Levels of the same form in other lists (a typed contents list, a list of
        # points) must not hide one list whose own paragraphs number the titles.
        own = {
            d
            for d in lists[key]
            if len(lists[key]) > 1
            and _titles({d}, key[0], _of(d, by_key[key], pieces, body), pieces, body, body_size)
        }
        if own:
            titled[key] = own
    out: dict[int, str] = {}
    for key, definitions in titled.items():
        for n in by_key[key]:
            piece = pieces[body[n]]
            if (
                _title_shaped(piece)
                and piece.counter is not None
                and piece.counter[0] in definitions
            ):
                out[body[n]] = f"list {key[0]} {key[1]}"
    _move_up(pieces, {(d, k[0]) for k, ds in titled.items() for d in ds})
    return out


def _of(definition: str, places: list[int], pieces: list[Piece], body: list[int]) -> list[int]:
    """The places of one list definition among ``places``."""
    return [n for n in places if (pieces[body[n]].counter or ("",))[0] == definition]


def _titles(
    definitions: set[str],
    level: int,
    places: list[int],
    pieces: list[Piece],
    body: list[int],
    body_size: float | None,
) -> bool:
    """Whether the paragraphs of one list level (positions in ``body``; of the list
    ``definitions``) are titles."""
    members = [pieces[body[n]] for n in places]
    shaped = sum(_title_shaped(p) for p in members)
    # One in five may be a clause the numbering put at a title's level.
    if shaped < _MIN_TITLES or len(members) - shaped > (len(members) - 1) // _SLIP_EVERY:
        return False
    ends = [*places[1:], len(body)]
    deeper_words: list[int] = []
    # Titles in a row are a list; one empty section in five is a slip of the numbering.
    slips = (len(places) - 1) // _SLIP_EVERY
    for n, end in zip(places, ends, strict=True):
        under = [pieces[i] for i in body[n + 1 : end]]
        if not under or under[0].kind == "heading":
            slips -= 1
            if slips < 0 or end == len(body):
                return False
        deeper_words.extend(
            word_count(p.text)
            for p in under
            if p.counter is not None and p.counter[0] in definitions and p.counter[1] > level
        )
    if all(_set_apart(p, body_size) for p in members if _title_shaped(p)):
        return True
    return bool(deeper_words) and sum(deeper_words) / len(deeper_words) >= _CLAUSE_WORDS


def _move_up(pieces: list[Piece], titled: set[tuple[str, int]]) -> None:
    """List items of a definition whose upper levels became titles start at level 0."""
    if not titled:
        return
    for piece in pieces:
        counter = piece.counter
        if piece.kind != "list_item" or counter is None or counter[:2] in titled:
            continue
        above = sum(1 for k in titled if k[0] == counter[0] and k[1] < counter[1])
        if above and piece.level is not None:
            piece.level = max(0, piece.level - above)
