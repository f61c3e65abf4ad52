"""How much of something a party may receive or is entitled to, asked by its count.

Leave policies, benefit plans and handbooks state what a person gets as a modal clause
("You can receive 3 days of funeral leave to ...", "Members may take 2 guest passes per
month") or as an entitlement ("You are entitled to 12 weeks of paid time off for ...").
A reader asks how many: "How many days of funeral leave can I receive to ...?", "How many
weeks of paid time off am I entitled to for ...?"; the answer is the whole sentence.

Precision first: the count must follow the verb at once (a second figure, a comma or a
clause of its own after the counted thing is not asked), the party must be named (not
"it", "we", "they"), and what the count is of is said in the question with its purpose or
the time it holds for, never cut.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.language.clauses import Clause, plural_subject
from datasetkit.generate.offline.language.words import first_person

_NUMBER = (
    r"(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"fifteen|twenty|thirty|forty|fifty|sixty|ninety)"
)
# What a party gets: the verb after "can", "may" or "will".
_RECEIVES = (
    r"receive|get|take|earn|accrue|claim|request|use|bring|carry over|roll over|be granted|"
    r"be given|be paid"
)
_COUNTED = re.compile(
    rf"^(?:(?P<verb>{_RECEIVES})\s+)?(?P<n>{_NUMBER})\s+(?P<unit>[a-z]+)"
    # "two weeks (80 hours)": the same count said again, in the answer only.
    r"(?:\s*\([^()]{1,30}\))?"
    r"(?P<of>\s+of\s+(?:paid\s+|unpaid\s+)?[a-z][a-z -]{2,40}?)?"
    r"(?P<per>\s+(?:a|per|each|every)\s+(?:(?:calendar|leave|fiscal|school|pay)\s+)?"
    r"(?:day|week|month|quarter|year|period))?"
    # What the count is for or when it holds: "to attend ...", "for the birth of ...".
    r"(?P<tail>\s+(?:during|for|in|after|until|while|to|when|upon)\s+[^,;:()]{3,100}?)?\s*\.?$"
)
# Counted words that announce what follows, or are no thing one receives.
_NOT_COUNTED = re.compile(
    r"^(?:choices|options|ways|steps|times|more|additional|other|percent|of|and|or|to)$"
)
_UNNAMED = re.compile(r"(?i)^(?:it|they|we|this|that|these|those|there|some|any)\b")
_MODALS = ("can", "may", "will")
_ENTITLED = ("is entitled to", "are entitled to")


def entitled_count(c: Clause, sentence: str) -> Fact | None:
    """ "How many <units> of <thing> can I receive <for what>?" of a clause that states
    what a party may receive or is entitled to (an "amount"); else None."""
    if c.kind != "modal" or c.negative or _UNNAMED.match(c.subject):
        return None
    if c.verb not in _MODALS + _ENTITLED or c.lead:
        return None
    m = _COUNTED.match(c.rest.strip())
    if m is None or _NOT_COUNTED.match(m.group("unit")):
        return None
    entitled = c.verb in _ENTITLED
    if entitled == bool(m.group("verb")):
        return None  # "can" needs the verb of receiving; "entitled to" takes none
    counted = f"{m.group('unit')}{m.group('of') or ''}"
    after = f"{m.group('per') or ''}{m.group('tail') or ''}"
    if entitled:
        be = "am" if c.subject == "I" else "are" if plural_subject(c.subject) else "is"
        question = f"How many {counted} {be} {c.subject} entitled to{after}?"
    else:
        question = f"How many {counted} {c.verb} {c.subject} {m.group('verb')}{after}?"
    return Fact(first_person(question), sentence, "amount")
