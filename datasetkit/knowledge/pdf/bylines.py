"""Authors' names over their addresses on a paper's first page: bylines, not headings.

A paper, a report or a letter names its authors under its title, each name over the
author's department, institution and e-mail address. A name is set apart in its own
type, larger or heavier than the text, and reads like a short title ("Usama Ahmed");
what follows it says what it is: an address block with an e-mail address in it. A
heading would open text, not an address.
"""

from __future__ import annotations

import re

from datasetkit.knowledge.pdf.structure import Block, plain_text

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# A name: two to five words, each a capitalised word or an initial ("R.", "J.-P.").
_NAME_WORD = re.compile(
    r"^(?:[A-Z][a-z'’-]+|[A-Z]\.(?:-?[A-Z]\.)?|[A-Z][a-z]*-[A-Z][a-z]+)[,*∗†‡]*$"
)
_ADDRESS_LINES = 6
_ADDRESS_BLOCKS = 3


def _name(text: str) -> bool:
    words = text.split()
    return 2 <= len(words) <= 5 and all(_NAME_WORD.match(w) for w in words)


def _over_address(blocks: list[Block], i: int) -> bool:
    """Whether the few short blocks after block ``i`` on its page (an author's
    department, institution and town) hold an e-mail address before any heading."""
    for b in blocks[i + 1 : i + 1 + _ADDRESS_BLOCKS]:
        if b.page != blocks[i].page or b.kind in ("heading", "table") or not b.lines:
            return False
        if len(b.lines) > _ADDRESS_LINES:
            return False
        if _EMAIL.search(plain_text(b)):
            return True
    return False


# An author list: names parted by commas, "&" or "and".
_PARTS = re.compile(r"\s*(?:,\s*(?:and\s+|&\s*)?|&|\band\b)\s*")
_INITIAL = re.compile(r"^[^\W\d_]\.")
_MARKS = re.compile(r"[*∗†‡§¶\d]+,?")
_GLUED_MARK = re.compile(r"(?<=[^\W\d_])[*∗†‡§¶\d]+(?=,?$)")


def _authors(text: str) -> bool:
    """Whether ``text`` lists the authors of a paper: two names or more, one of them with
    an initial ("R. Dean Malmgren, Julio M. Ottino & ..."), or three names or more. Two
    capitalised words parted by "and" ("Terms and Conditions") are no names."""
    # Note marks after a name ("Montoya ∗ †", "Humphreys 1") point at an affiliation.
    words = [_GLUED_MARK.sub("", w) for w in text.split() if not _MARKS.fullmatch(w)]
    text = " ".join(words)
    parts = [p for p in _PARTS.split(text.strip()) if p]
    if len(parts) < 2 or not all(_name(_ascii_letters(p)) for p in parts):
        return False
    return len(parts) >= 3 or any(_INITIAL.match(w) for p in parts for w in p.split())


def _ascii_letters(text: str) -> str:
    """A name with its accented letters as plain ones, for the name pattern ("Luís")."""
    import unicodedata

    plain = unicodedata.normalize("NFKD", text.replace("ı", "i"))
    return "".join(ch for ch in plain if not unicodedata.combining(ch))


def demote_bylines(blocks: list[Block]) -> None:
    """Headings on the first page that are a name over an address block, or a list of
    authors' names: paragraphs."""
    first = min((b.page for b in blocks if b.lines), default=None)
    for i, b in enumerate(blocks):
        if b.kind != "heading" or b.page != first:
            continue
        text = plain_text(b)
        if (_name(text) and _over_address(blocks, i)) or _authors(text):
            b.kind = "paragraph"
    for b in blocks:
        if b.kind == "heading" and _signed_in_note(b, blocks):
            b.kind = "paragraph"


# A name as an author's note gives it: capitalised words and initials with or without
# their full stop ("Jan K Novak", "Ana M. Ruiz").
_NOTE_NAME_WORD = re.compile(r"^(?:[A-Z][a-z'’-]+|[A-Z]\.?(?:-?[A-Z]\.?)?)$")


def _signed_in_note(b: Block, blocks: list[Block]) -> bool:
    """A heading that is a person's name, with an initial in it, which the author's note
    on its page (affiliation, position, set in smaller type than the name) names again,
    followed by a comma ("Jan K Novak, professor"): the article's byline, on whatever
    page the article opens (a journal issue holds several)."""
    text = plain_text(b).strip()
    words = text.split()
    if not 2 <= len(words) <= 4 or not all(_NOTE_NAME_WORD.match(w) for w in words):
        return False
    if not any(len(w.rstrip(".")) == 1 for w in words[1:]):
        return False  # no initial: a title in capitalised words reads the same way
    note = re.compile(rf"(?<!\w){re.escape(text)},")
    return any(
        o is not b
        and o.page == b.page
        and o.kind != "heading"
        and o.lines
        and o.first.size < b.first.size - 0.5
        and note.search(plain_text(o))
        for o in blocks
    )
