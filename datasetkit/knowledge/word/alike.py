"""Titles set alike rank alike, whether or not they are numbered.

A document whose sections are bold lines of one size may number some of them ("1 Be
Professional") and not others (the opening sections above them, an appendix after).
A reader takes lines in one type for one rank: the numbers count the sections, they do
not put them under the unnumbered ones. So the top depth of a typed numbering ("1",
"2", not "1.1") whose titles share their look (weight, size, capitals) with a family of
unnumbered titles set apart by type joins that family, unless the document numbers a
rank above them too (a "PART", a roman or a letter numbering), which makes the numbers
one rank of several, or sets unnumbered lines of that type between the numbered ones
(the sections' own sub-titles). Deeper numbers ("1.1") still nest under them.
"""

from __future__ import annotations

from datasetkit.knowledge.word.lists import Piece

_TOP = "typed number 1"
_UNNUMBERED = "set apart "
# Families that number a rank above a typed "1": divisions, roman and letter schemes.
_OTHER_NUMBERED = ("typed roman", "typed letter", "numbered capitals")


def join_alike(pieces: list[Piece], found: dict[int, str], looked: set[int]) -> None:
    """Give the top-depth numbered titles set apart by type the family of the
    unnumbered titles set in the same type (see the module docstring)."""
    numbered = [i for i in looked if found.get(i) == _TOP]
    if not numbered or any(_ranks_above(f) for f in found.values()):
        return
    families: dict[tuple[bool, float | None, bool], set[str]] = {}
    for i in looked:
        family = found.get(i, "")
        if family.startswith(_UNNUMBERED) and not family.endswith(" title"):
            families.setdefault(_key(pieces[i], family), set()).add(family)
    keys = {_key(pieces[i], found[i]) for i in numbered}
    if len(keys) != 1:
        return
    kin = families.get(keys.pop(), set())
    if len(kin) != 1:
        return
    family = kin.pop()
    if any(min(numbered) < i < max(numbered) for i in looked if found.get(i) == family):
        return  # unnumbered lines among the numbered sections: their sub-titles
    for i in numbered:
        found[i] = family


def _ranks_above(family: str) -> bool:
    if family.startswith(_OTHER_NUMBERED):
        return True
    return not family.startswith(("typed number ", _UNNUMBERED))


def _key(piece: Piece, family: str) -> tuple[bool, float | None, bool]:
    look = piece.look
    caps = family.endswith(" caps") if family.startswith(_UNNUMBERED) else _capitals(piece)
    return (bool(look and look.bold), look.size if look else None, caps)


def _capitals(piece: Piece) -> bool:
    """Whether a numbered title's words are in capitals (its number left out)."""
    letters = [c for c in piece.text if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)
