"""Where something can be found: a sentence that says a thing is available, published or
released at a web address ("<The code> has been released at <URL>.", "<The schema> is
available at <URL> when ...") is asked where ("Where has the code been released?").

READMEs, papers, reports and press releases point their readers to the code, the data,
a schema or a recording this way; the address is the fact a user asks for.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact

_WHERE = re.compile(
    r"^(?:\d{1,2}\s+)?(?P<subject>[A-Z][^,;:()]{2,90}?)\s+"
    r"(?P<verb>is|are|has\s+been|have\s+been|can\s+be|may\s+be|will\s+be)\s+"
    r"(?:also\s+|now\s+|only\s+)?"
    r"(?P<done>available|released|published|posted|found|downloaded|accessed|obtained|viewed)"
    r"\s+(?:at|from|on|via)\s+(?P<where>(?:https?://|www\.)\S+?)[.)]?"
    # what may follow the address: when or for whom it is there ("when running locally")
    r"(?:\s+(?:when|if|for|while|until|by|in|on|with|under)\s[^.;]{0,100}?)?\.?\s*$"
)
# A subject that points back at what came before or at the writer: the question would
# not say what it is ("This", "More details", "Our code").
_POINTS_BACK = re.compile(r"(?i)^(?:it|this|that|these|those|they|such|more|further|our|my)\b")


def _question(subject: str, verb: str, done: str) -> str:
    """ "Where has the code been released?", "Where can the policy be accessed?", "Where
    can I find the schema?" (what is available: a page a user opens)."""
    words = subject.split()
    if words[0] in ("A", "An"):
        subject = " ".join(["the", *words[1:]])  # "A JSON schema is ..." asks for "the" one
    elif words[0][1:2].islower() and words[0][1:].islower() and words[0] != "I":
        # A capital that only opens the sentence ("The", "Instructions"); a name such as
        # "OpenAPI" or "DPR" keeps its capitals.
        subject = subject[:1].lower() + subject[1:]
    if done == "available" and verb in ("is", "are"):
        return f"Where can I find {subject}?"
    parts = verb.split()
    if len(parts) == 2:
        return f"Where {parts[0]} {subject} {parts[1]} {done}?"
    return f"Where {verb} {subject} {done}?"


def where_published(sentence: str) -> Fact | None:
    """ "Where <is> <thing> <available>?" of a sentence that gives its web address, or None."""
    m = _WHERE.match(sentence)
    if m is None or _POINTS_BACK.match(m.group("subject")):
        return None
    subject = " ".join(m.group("subject").split())
    if len(subject.split()) > 12:
        return None
    question = _question(subject, " ".join(m.group("verb").split()), m.group("done"))
    return Fact(question, re.sub(r"^\d{1,2}\s+(?=[A-Z])", "", sentence), "access")
