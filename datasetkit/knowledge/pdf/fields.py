"""Lines of a filled form, an estimate or an invoice: one field per line ("Label: value").

A paragraph's lines run on into each other; a field's line ends where its value ends.
Two such lines one under the other are two fields, not one wrapped sentence: a value
that goes on below ends its line open (a comma, a dash, "and"), and a line that goes
on with it does not open with a label of its own.
"""

from __future__ import annotations

import re

# A label of up to five words, capitalised, then a colon and a value on the same line.
_FIELD = re.compile(r"^(?P<label>[A-Z][\w&/'’().#-]*(?:\s+[\w&/'’().#-]+){0,4}):\s+\S")
# A label that opens a sentence or marks a kind of line, not a field of a record.
_NOT_A_LABEL = re.compile(r"(?i)^(?:note|notes|example|warning|caution|tip|step|q|a)\b")

# A line that ends open goes on below: its value is not whole.
_OPEN_END = re.compile(r"(?i)(?:[,;&/(-]|\b(?:and|or|of|the|to|for|with|in))\s*$")


def field_line(text: str) -> bool:
    """True for a line that sets a value after its label ("Claim Number: HM-99812")."""
    m = _FIELD.match(text.strip())
    if m is None or _NOT_A_LABEL.match(m.group("label")):
        return False
    return not _OPEN_END.search(text)
