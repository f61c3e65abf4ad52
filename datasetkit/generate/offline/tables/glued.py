"""A column of names that lost its header, read together with the count beside it."""

from __future__ import annotations

import re
from collections.abc import Sequence


def glued_count(header: str, values: Sequence[str]) -> bool:
    """A column headed by a plural noun whose every value ends in a whole number ("<name>
    12" under "Loops"): a first column of names that lost its header, read together with
    the count the header names. Neither the name with the count nor the count's noun names
    the row."""
    header = header.strip()
    if len(values) < 3 or not re.fullmatch(r"[A-Za-z][a-z]+s", header):
        return False
    return all(re.fullmatch(r"\S*[A-Za-z].*?\s\d+", v) for v in values)
