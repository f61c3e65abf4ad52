"""Dates as running text writes them."""

from __future__ import annotations

_MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?"
)
# A date as running text writes it: "June 16, 1911", "16 June 1911", "June 1911", "1911".
DATE = (
    rf"(?:(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),?\s+)?"
    rf"(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+(?:1[6-9]|20)\d\d)?|\d{{1,2}}\s+{_MONTH}"
    rf"(?:\s+(?:1[6-9]|20)\d\d)?|{_MONTH}\s+(?:1[6-9]|20)\d\d|(?:1[6-9]|20)\d\d)\b"
)
