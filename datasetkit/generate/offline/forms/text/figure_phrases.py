"""What the words around a figure in a clause say: what a deadline counts from, and whether
the figure is the complement of a noun ("a fee of up to $50").

Read by the deadline and limit forms, so that the question they ask keeps what the figure
is of and drops nothing the question then needs.
"""

from __future__ import annotations

import re

_POINTERS = frozenset(
    ["it", "its", "this", "that", "these", "those", "them", "they", "such", "above"]
)
_SINCE = re.compile(r"\s+((?:of|after|from|following|prior to|before)\s+[^,;.()]+)")
# "for a period of up to 28 days": a length of time said through a noun.
_PERIOD_OF = re.compile(
    r"\s*\b(?:for\s+)?(?:a|the)\s+(?:maximum\s+)?(?:period|term|duration)\s+of\s*$"
)
_OF = re.compile(r"\bof\s*$")


def since(after: str) -> str:
    """What a deadline counts from (" of the award"), when it names it in a few words
    without pointing back ("of becoming aware of it" gives "")."""
    m = _SINCE.match(after)
    said = m.group(1).split() if m else []
    # "prior to" is one preposition of two words.
    size = len(said) - (1 if said[:2] == ["prior", "to"] else 0)
    if not said or size > 5 or {w.casefold() for w in said} & _POINTERS:
        return ""
    return " " + " ".join(said)


def noun_complement(before: str) -> tuple[str, bool] | None:
    """Whether a figure follows "<noun> of": None when not; else ``(before without the
    period phrase, True)`` for a length of time ("for a period of"), which is asked
    "For how many days ...", and ``(before, False)`` for any other noun ("a fee of"),
    which no figure question can cut out of its clause."""
    if not _OF.search(before):
        return None
    period = _PERIOD_OF.search(before)
    if period:
        kept = re.sub(r"(?:,?\s+(?:and|or))+\s*$", "", before[: period.start()])
        return f"{kept} ", True
    return before, False


# "two days before the meeting", "30 days prior to the filing": what the figure leads,
# named in a few words that end the clause; "in advance", "ahead": no event named.
_LEADS = re.compile(
    r"^\s*(?:(?P<word>before|prior to)(?P<event>(?:\s+[\w’'-]+){1,6}?)\s*(?=[,;.]|$)|"
    r"(?:ahead|in advance|beforehand|before|prior)\b)"
)


def in_advance(after: str, unit: str) -> tuple[str, int] | None:
    """How a limit's question asks for a lead time, and how much of ``after`` (the text
    after the figure) that question takes: ("How many days before the meeting", n) when
    the event is named, ("How far in advance", n) when it is not; None for no lead time."""
    m = _LEADS.match(after)
    if m is None:
        return None
    event = m.group("event")
    if event and not {w.casefold() for w in event.split()} & _POINTERS:
        return f"How many {unit} {m.group('word')}{event}", m.end()
    return "How far in advance", m.end()


_NUMBER = (
    r"(?:\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"fifteen|twenty|thirty|forty|sixty|ninety)"
)
_TIME = r"(?:business |working |calendar )?(?:minutes?|hours?|days?|weeks?|months?|years?)"
_A_FIGURE = re.compile(rf"(?i)\b{_NUMBER}\s+{_TIME}\b|[$€£¥₹]\s?\d")
_FROM_EVENT = re.compile(r"^\s+(?:after|before|prior to|following|from)\b")


def states_a_figure(clause: str) -> bool:
    """True when the clause a deadline or limit question keeps still states a time or an
    amount ("... if it will occur in less than four months"): the question would ask two
    figures, or give one away."""
    return bool(_A_FIGURE.search(clause))


def counts_from_event(unit: str, after: str) -> bool:
    """True when a bound in time counts from an event ("no more than 30 days after the
    slate is announced"): a deadline, which "How many days ..." would ask as an amount."""
    return bool(re.fullmatch(_TIME, unit)) and bool(_FROM_EVENT.match(after))
