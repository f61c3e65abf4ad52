"""An event set after its label with the day it is held ("<Event>: <weekday>, <date> at
<time> at <place>"), asked when (and where) it is held.

Newsletters, meeting notes, flyers and programmes list what is coming one line an event:
its name, then the day, often the hour and the place. What a reader asks of such a line
is when and where the event is. A line is read as one only when its value opens with a
date that a weekday or an hour pins to one occasion: a bare date ("Updated: May 2024") is
when a document was handled, not an appointment. A label that is a month ("<Month>: ...")
names the occasion of the kind its heading lists ("Upcoming Meetings" -> "the <Month>
meeting"); a label that is itself a date or a weekday names no event.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.language.words import DocWords
from datasetkit.generate.offline.text.dates import DATE

_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
_WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_HOUR = r"\d{1,2}(?::\d\d)?\s*(?:[ap]\.?m\.?)|\d{1,2}:\d\d|noon|midnight"
_WEEKDAY_OPEN = re.compile(rf"(?i)^(?:{_WEEKDAYS})\b")
# The occasion: a date (with its weekday), then what pins it down, each part optional:
# an hour ("at 5:30pm", "from 6 to 8pm") and a place ("at <Place>", "in <Place>").
_OCCASION = re.compile(
    rf"^(?P<date>{DATE})(?:(?:,?\s+(?:at|from)\s+|,\s+)(?P<hour>{_HOUR})"
    rf"(?:\s*(?:-|–|to|until)\s*(?:{_HOUR}))?)?"
    rf"(?:,?\s+(?:at|in|@)\s+(?P<place>(?:the\s+)?[A-Z0-9][^:;!?]*?))?\.?$"
)
# Headings that list occasions of a kind: their last noun names it ("meetings", "events").
_KIND = re.compile(
    r"(?i)\b(?P<kind>meetings?|sessions?|events?|webinars?|workshops?|meetups?|classes|"
    r"courses?|talks?|lectures?|seminars?|gatherings?|conferences?|trainings?)$"
)
# Words of such a heading that say only when, not what ("Upcoming", "Next").
_WHEN_WORDS = re.compile(r"(?i)\b(?:upcoming|next|future|planned|scheduled|coming)\s+")
_MAX_LABEL_WORDS = 6
# Labels that say when (or by when), not what is held then: the line names no event.
_WHEN_LABEL = re.compile(
    r"\b(?:dates?|times?|when|days?|schedule|deadline|due|until|starts?|ends?|opens?|"
    r"closes?|from|to|updated|revised|modified|created|issued|published|sent|effective|"
    r"expires?|valid|last|next|today|tomorrow|tonight|now)$"
)


def occasion_question(label: str, value: str, heading: str | None, words: DocWords) -> str | None:
    """ "When and where is the <event>?" (or "When is ...?" without a place) for a label
    that names an event and a value that pins a day; None for any other line."""
    m = _OCCASION.match(value.strip())
    if m is None:
        return None
    if not (_WEEKDAY_OPEN.match(value.strip()) or m.group("hour")):
        return None  # a date alone: when a document was handled, or a period it covers
    event = _event(label.strip(), heading, words)
    if event is None:
        return None
    return f"When and where is {event}?" if m.group("place") else f"When is {event}?"


def _event(label: str, heading: str | None, words: DocWords) -> str | None:
    """The event a label names, as a question says it ("the holiday party", "the March
    user group meeting"); None for a label that names none."""
    bare = label.casefold().rstrip(".")
    if re.fullmatch(rf"(?:{_MONTHS})(?:\s+\d{{4}})?", bare):
        return _monthly(label, heading, words)
    if re.search(rf"\b(?:{_WEEKDAYS})\b|\d", bare) or not re.match(r"[A-Z]", label):
        return None  # a date or a code as the label; or a line's opening, not a name
    if _WHEN_LABEL.search(bare):
        return None  # "Date: ...", "Deadline: ...": when something is, not what
    if len(label.split()) > _MAX_LABEL_WORDS or re.search(r"[()\[\]/|?]", label):
        return None
    owner = _owner(heading, words)
    if owner and owner.casefold() not in label.casefold():
        return f"the {owner} {label}"
    return f"the {label}"


def _monthly(label: str, heading: str | None, words: DocWords) -> str | None:
    """ "<Month>: ..." under a heading listing occasions of a kind: "the <Month> <kind>"."""
    named = _WHEN_WORDS.sub("", (heading or "").strip().rstrip(":")).strip()
    m = _KIND.search(named)
    if m is None or len(named.split()) > 5:
        return None
    kind = m.group("kind").lower()
    kind = kind[:-2] if kind.endswith("sses") else kind.removesuffix("s")
    owner = _owner(heading, words)
    month = label.strip().rstrip(".")
    return f"the {month} {owner + ' ' if owner else ''}{kind}"


def _owner(heading: str | None, words: DocWords) -> str | None:
    """Whose events a heading lists: the name that opens it ("<Group> Upcoming Meetings",
    "<ACRONYM> Special Events"), kept only when every word of it is a name or an acronym
    (a describing word such as "Special" says no one's)."""
    named = _WHEN_WORDS.sub("", (heading or "").strip().rstrip(":")).strip()
    m = _KIND.search(named)
    if m is None:
        return None
    lead = named[: m.start()].split()
    while lead and not _proper(lead[-1], words):
        lead.pop()  # a describing word next to the kind ("Special", "Social")
    if not lead or not all(_proper(w, words) for w in lead):
        return None
    return " ".join(lead)


def _proper(word: str, words: DocWords) -> bool:
    """An acronym, or a word the document capitalises inside sentences and never lowers."""
    core = word.strip("()\"'“”,")
    return (len(core) > 1 and core.isupper()) or words.name(core)
