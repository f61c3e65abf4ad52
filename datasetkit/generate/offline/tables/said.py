"""A table's header as words a question can say: a stored field's name split into words."""

from __future__ import annotations

import re

# A field's path in an export ("outputs.relevance.gpt_relevance"): segments of two
# characters or more joined by dots, no space; "U.S." or "e.g." has no such segment.
_FIELD_PATH = re.compile(r"^[A-Za-z_]\w+(?:\.[A-Za-z_]\w+)+$")


def said_words(header: str) -> str:
    """A header as words: ``stock_quantity`` -> ``stock quantity``, ``unitPrice`` -> ``unit
    price``, a field's path by its last field (``outputs.relevance.gpt_relevance`` -> ``gpt
    relevance``): a field name is never said as it is stored."""
    text = header.strip()
    if _FIELD_PATH.match(text):
        text = text.rsplit(".", 1)[1]
    text = re.sub(r"(?<=[a-z0-9])(?=[A-Z][a-z])", " ", text)
    text = re.sub(r"^%\s*", "percentage ", text)
    return " ".join(re.sub(r"[_]+", " ", text).split())
