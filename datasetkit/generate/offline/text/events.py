"""A dated event, asked when it happens (read by the sentence fact form when the
sentence's clause asks nothing else): "<Thing> opens on <date>" -> "When does <thing>
open?", "<Thing> was launched in <year>" -> "When was <thing> launched?".

An event is a subject and a verb that says something starts, ends, runs or was done,
followed by the date it happens on. A subject that names nothing on its own ("the
program", "it") is left: the question would not say which.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.language.clauses import plural_subject
from datasetkit.generate.offline.language.words import first_person
from datasetkit.generate.offline.text.view import Sentence

_MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|"
    r"December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?"
)
_WEEKDAY = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
# A day that comes back: "the first Tuesday of every month", "the fifth day of each month",
# "every Wednesday (morning)".
_RECURRING = (
    rf"(?:the\s+(?:first|second|third|fourth|fifth|last|\d{{1,2}}(?:st|nd|rd|th))\s+"
    rf"(?:{_WEEKDAY}|(?:business\s+|working\s+)?day|weekday)\s+of\s+(?:each|every|the)\s+"
    rf"(?:month|quarter|year)|(?:every|each)\s+{_WEEKDAY}(?:\s+(?:morning|afternoon|evening))?)"
)
_DATE = (
    rf"(?:(?:{_WEEKDAY}),?\s+)?"
    rf"(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+(?:19|20)\d\d)?|\d{{1,2}}\s+{_MONTH}"
    rf"(?:\s+(?:19|20)\d\d)?|{_MONTH}\s+(?:19|20)\d\d|(?:19|20)\d\d)\b|{_RECURRING}\b"
)
# Present verbs of a scheduled event (singular, plural) and the base form a question takes.
_PRESENT = {
    "runs": "run", "opens": "open", "closes": "close", "starts": "start", "begins": "begin",
    "ends": "end", "expires": "expire", "takes place": "take place", "takes effect": "take effect",
}  # fmt: skip
_PARTICIPLE = (
    r"held|launched|founded|established|created|introduced|adopted|signed|published|"
    r"released|approved|issued|enacted|opened|closed|completed|renamed|formed|incorporated|"
    # What is owed or planned on a date: "Dues are due on ...", "The meeting is scheduled
    # for ...", "Rent is payable by ...", "Applications are accepted from ...".
    r"due|payable|scheduled|planned|expected|accepted|collected|announced|renewed"
)
_EVENT = re.compile(
    r"^(?P<subject>[A-Z0-9][^,;:!?()]{2,80}?)\s+"
    r"(?:(?P<will>will)\s+(?P<future>" + "|".join(_PRESENT.values()) + r")"
    r"|(?P<present>" + "|".join(_PRESENT) + "|" + "|".join(_PRESENT.values()) + r")"
    rf"|(?P<be>is|are|was|were)\s+(?P<done>{_PARTICIPLE}))"
    rf"\s+(?:(?:on|from|in|between|at|during|as of|by|for)\s+(?:the\s+)?(?={_DATE})|(?={_RECURRING}))"
    rf"(?:{_DATE})"
)
# A subject that names nothing on its own, or that holds a clause of its own.
_VAGUE = re.compile(
    r"(?i)^(?:(?:the|this|that|our|its|their)\s+[a-z-]+|it|they|this|that|he|she|we|you|"
    r"there)$|\b(?:which|that|who|whom|whose|when|if|is|are|was|were|will|must|may|can)\b"
)


def dated_event(said: Sentence) -> Fact | None:
    """When the event a sentence dates happens, answered by the sentence."""
    text = said.sentence.strip()
    m = _EVENT.match(text)
    if m is None or not text.endswith((".", ")")):
        return None
    subject = m.group("subject").strip()
    if _VAGUE.search(subject) or len(subject.split()) > 10:
        return None
    first = subject.split()[0]
    if first[1:].islower() and not said.ctx.words.name(first):
        subject = subject[:1].lower() + subject[1:]  # a sentence's capital, not a name's
    if m.group("done"):
        question = f"When {m.group('be')} {subject} {m.group('done')}?"
    elif m.group("will"):
        question = f"When will {subject} {m.group('future')}?"
    else:
        verb = m.group("present")
        base = _PRESENT.get(verb, verb)
        do = "do" if verb == base or plural_subject(subject) else "does"
        question = f"When {do} {subject} {base}?"
    return Fact(first_person(question), said.sentence, "when")
