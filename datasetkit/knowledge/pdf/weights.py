"""Which PDF fonts are bold when the font's stated weight and its name disagree.

A font's weight comes from its descriptor; when the descriptor states none, PDFium
derives one from the stem width, which some writers fill with a figure that reads as
semibold for the regular face (a word processor's print of Calibri at "640"). The
font's name is the writer's own word: when a document holds a family both under a
name that says bold ("Calibri-Bold") and under one that says nothing ("Calibri"), the
plain name is the regular face whatever weight it states, or every line of body text
would read as set apart in bold. So is a plain-named face that sets most of the text.
"""

from __future__ import annotations

import re
from collections import Counter

from datasetkit.knowledge.pdf.geometry import PageLayout

# Words of a font name that make it bold.
BOLD_NAMES = (b"bold", b"black", b"heavy", b"semibold", b"demi")
# "ABCDEF+": the subset tag; then the family before the style ("-Bold", ",Bold").
_SUBSET = re.compile(rb"^[A-Z]{6}\+")
# Suffixes of the PostScript name that are no part of the family ("ArialMT", "PSMT").
_VENDOR = re.compile(rb"(?:PSMT|MT|PS)$")


def family(name: bytes) -> str:
    """The family of a font name: "ABCDEF+Arial-BoldMT" and "ArialMT" are both "arial"."""
    base = _SUBSET.sub(b"", name.split(b"\x00", 1)[0])
    head = re.split(rb"[-,]", base, maxsplit=1)[0]
    return _VENDOR.sub(b"", head).decode("latin-1").lower()


def font_name(name: bytes) -> str:
    """A font's name without its subset tag, in lower case ("arial-boldmt"): the face
    a word is set in, to tell two faces of one size and weight apart."""
    return _SUBSET.sub(b"", name.split(b"\x00", 1)[0]).decode("latin-1").lower()


# Style parts of a font name that name the regular face.
# An instance of a variable font adds its axes after the style ("Regular_wdth_opsz110000
# _GRAD_wght": a browser's print of a system font), whatever weight it states.
_REGULAR = re.compile(
    rb"^(?:regular|roman|book|normal|plain)?(?:mt|ps|psmt)?(?:_[a-z0-9_]*)?$", re.IGNORECASE
)


def plain_face(name: bytes) -> bool:
    """Whether a font's name is its family alone or the family's regular face
    ("Calibri", "ArialMT", "Foo-Regular"); a style part such as "BlkCond" names a
    weight in its own words, and the stated weight is believed."""
    base = _SUBSET.sub(b"", name.split(b"\x00", 1)[0])
    parts = re.split(rb"[-,]", base, maxsplit=1)
    return len(parts) == 1 or bool(_REGULAR.match(parts[1]))


def named_bold(name: bytes) -> bool:
    """Whether a font's name says it is bold."""
    lowered = name.lower()
    return any(k in lowered for k in BOLD_NAMES)


def settle_weights(layouts: list[PageLayout]) -> None:
    """Set regular the words whose boldness rests on a stated weight alone when their
    family appears elsewhere in the document under a name that says bold, or when
    their face sets most of the document's text: body text is not set in bold, and a
    face that carries most of the words is the body's."""
    words = [w for page in layouts for line in page.lines for w in line.words]
    if not any(w.face for w in words):
        return
    named = set().union(*(p.bold_faces for p in layouts))
    chars = Counter[str]()
    for w in words:
        chars[w.face] += len(w.text)
    total = sum(chars.values())
    regular = named | {f for f, n in chars.items() if f and 2 * n > total}
    for w in words:
        if w.face in regular:
            w.bold = False
