"""What a font's name says about it: whether it is a fixed-width (monospace) face.

Word runs and PDF text objects both carry the name of the face they are set in. Text
set in a fixed-width face, in a document whose body is not, is program text: source
code, a program's printed output, a terminal session. Its lines are laid out by
character columns, so they are kept as they are, never read as headings or list items.
"""

from __future__ import annotations

import re

# Names (or parts of names) of fixed-width faces: the classic ones by family, and the
# words designers put in the names of newer ones (Roboto Mono, Fira Code, ...).
_MONO = re.compile(
    r"courier|consol|lucida ?console|lucida ?sans ?typewriter|typewriter|fixedsys|"
    r"inconsolata|menlo|monaco|cmtt|sftt|letter ?gothic|"
    r"mono(?!type)|(?<!uni)(?<!bar)code",
    re.IGNORECASE,
)


def monospace_name(name: str) -> bool:
    """Whether a font name names a fixed-width face ("Courier New", "Consolas",
    "DejaVu Sans Mono", "Source Code Pro"); "Monotype Corsiva" names a foundry and
    "Arial Unicode MS" a character set, not a fixed width."""
    return bool(name) and bool(_MONO.search(name))
