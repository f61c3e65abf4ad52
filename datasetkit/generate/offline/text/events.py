"""A dated event, asked when it happens (read by the sentence fact form when the
sentence's clause asks nothing else): "<Thing> opens on <date>" -> "When does <thing>
open?", "<Thing> was launched in <year>" -> "When was <thing> launched?".

An event is a subject and a verb that says something starts, ends, runs or was done,
followed by the date it happens on. A subject that names nothing on its own ("the
program", "it") is left: the question would not say which. A sentence that tells of a
named subject's past ("<Name> joined <Org> in 2013") is asked by ``past_events``.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.language.clauses import plural_subject
from datasetkit.generate.offline.language.words import first_person
from datasetkit.generate.offline.text.dates import DATE, RECURRING
from datasetkit.generate.offline.text.past_events import past_event
from datasetkit.generate.offline.text.view import Sentence

# A date, or a day that comes back.
_DATE = rf"(?:{DATE}|{RECURRING}\b)"
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
    r"due|payable|scheduled|planned|expected|accepted|collected|announced|renewed|"
    # When a study or a survey was carried out.
    r"conducted|fielded|carried out"
)
_EVENT = re.compile(
    # A name may carry its acronym in brackets: "The <Long Name> (<ACR>) trial".
    r"^(?P<subject>[A-Z0-9](?:[^,;:!?()]|\([A-Z]{2,8}\)){2,100}?)\s+"
    r"(?:(?P<will>will)\s+(?P<future>" + "|".join(_PRESENT.values()) + r")"
    r"|(?P<present>" + "|".join(_PRESENT) + "|" + "|".join(_PRESENT.values()) + r")"
    rf"|(?P<be>is|are|was|were)\s+(?P<done>{_PARTICIPLE}))"
    rf"\s+(?:(?:on|from|in|between|at|during|as of|by|for)\s+(?:the\s+)?(?={_DATE})|(?={RECURRING}))"
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
        return past_event(said)
    subject = m.group("subject").strip()
    if _VAGUE.search(subject) or len(subject.split()) > 12:
        return past_event(said)
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
