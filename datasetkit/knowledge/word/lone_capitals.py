"""A lone one-word title in capitals among mixed-case titles of the same type.

Within one type, titles in capitals rank above titles in mixed case: a report sets its
parts in capitals and their sections in mixed case. But a document whose titles are in
mixed case may have one title that is a single word always written in capitals (an
acronym such as "HTTPS" or "FAQ", a product name); it is one of the others, not a part
above the ones that follow it. So a family in capitals that holds a single one-word
title joins the mixed-case family of the same type when there is one.
"""

from __future__ import annotations

from collections import Counter

from datasetkit.knowledge.word.lists import Piece

_CAPS = " caps"


def join_lone_capitals(pieces: list[Piece], found: dict[int, str], title: int | None) -> None:
    """Rename, in ``found`` (piece index -> family), such a title's family to its kin
    (the document's title, ``title``, left out of the count)."""
    counts = Counter(f for i, f in found.items() if i != title)
    for i, family in list(found.items()):
        if (
            i == title
            or not family.startswith("set apart ")
            or _CAPS not in family
            or counts[family] > 1
        ):
            continue
        kin = family.replace(_CAPS, "")
        if counts[kin] and len(pieces[i].text.split()) == 1:
            found[i] = kin
