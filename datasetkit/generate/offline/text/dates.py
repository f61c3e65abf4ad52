"""Dates as running text writes them."""

from __future__ import annotations

_MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?"
)
_WEEKDAY = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
# A day that comes back: "the first Tuesday of every month", "the fifth day of each month",
# "every Wednesday (morning)".
RECURRING = (
    rf"(?:the\s+(?:first|second|third|fourth|fifth|last|\d{{1,2}}(?:st|nd|rd|th))\s+"
    rf"(?:{_WEEKDAY}|(?:business\s+|working\s+)?day|weekday)\s+of\s+(?:each|every|the)\s+"
    rf"(?:month|quarter|year)|(?:every|each)\s+{_WEEKDAY}(?:\s+(?:morning|afternoon|evening))?)"
)
# A date as running text writes it: "June 16, 1911", "16 June 1911", "June 1911", "1911".
DATE = (
    rf"(?:{_WEEKDAY},?\s+)?"
    rf"(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+(?:1[6-9]|20)\d\d)?|\d{{1,2}}\s+{_MONTH}"
    rf"(?:\s+(?:1[6-9]|20)\d\d)?|{_MONTH}\s+(?:1[6-9]|20)\d\d|(?:1[6-9]|20)\d\d)\b"
)
