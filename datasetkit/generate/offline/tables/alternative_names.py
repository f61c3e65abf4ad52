"""A header that names its column twice, by two words for the same kind of row.

A first column headed "Grade / Band", "Role/Position" or "Stufe / Band" gives two names
for what its values are: either says what the rows are, and a user names them by the
first. Two labels that are not single words ("category/service title", "income/(expenses)")
are no such pair, and a unit after a slash ("km/h", "€/day") is none either: those are left
as written.
"""

from __future__ import annotations

import re

# Two or three single words joined by slashes, each a word of letters (3 letters or more).
_PAIR = re.compile(r"^\s*([^\W\d_][^\W\d_'-]{2,})(?:\s*/\s*[^\W\d_][^\W\d_'-]{2,}){1,2}\s*$")


def first_alternative(header: str) -> str:
    """``header`` as the name of its rows: the first of two single-word names joined by a
    slash ("Grade / Band" -> "Grade"), else ``header`` unchanged."""
    m = _PAIR.match(header)
    return m.group(1) if m else header
