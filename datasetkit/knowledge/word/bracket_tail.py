"""A bold title followed by a remark in brackets set in body type.

Documents that title their sections by hand often add a reference or a note to the
title in lighter type: a bold "Right of access" then "(Art. 15)" in regular weight,
on the same line. The paragraph reads as bold: its bold part comes first, is words
rather than a number alone, and what is not bold is one bracketed remark at its end.
"""

from __future__ import annotations

import re

# One remark in round or square brackets, and nothing after it.
_REMARK = re.compile(r"^[(\[][^()\[\]]*[)\]]$")


def bold_with_remark(runs: list[tuple[str, bool]]) -> bool:
    """Whether runs (text, bold) are bold words followed by one bracketed remark."""
    lead = ""
    i = 0
    while i < len(runs) and (runs[i][1] or not runs[i][0].strip()):
        lead += runs[i][0]
        i += 1
    tail = "".join(text for text, _ in runs[i:]).strip()
    if not tail or any(b and text.strip() for text, b in runs[i:]):
        return False
    return sum(c.isalpha() for c in lead) >= 3 and bool(_REMARK.match(tail))
