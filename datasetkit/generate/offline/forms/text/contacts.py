"""Questions of a sentence that gives an address, a web page or a phone number: how to
reach whom it names, where to send or apply, the number for a topic.

Read by the sentence form (``statements``), which asks them before any other question of
the sentence's clause.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.language.clauses import Clause
from datasetkit.generate.offline.language.words import first_person

EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
PHONE = re.compile(r"\+?\d[\d ()./-]{6,}\d")
URL = re.compile(
    r"\b(?:https?://\S+|www\.\S+|[a-z0-9-]+\.(?:com|org|net|io|gov|edu|example)(?:/\S*)?)"
)


def contact_fact(sentence: str, c: Clause | None, topic: str | None) -> Fact | None:
    """How to reach whom the sentence names ("How can I contact <someone>?"), where to send
    or apply, the number or address of what it says is available; None when it gives no
    address, web page or phone number."""
    found = EMAIL.search(sentence) or URL.search(sentence)
    phone = PHONE.search(sentence)
    if found is None and (phone is None or sum(ch.isdigit() for ch in phone.group()) < 7):
        return None
    m = re.search(
        r"\b(?:contact|call|email|e-mail|reach|write to|notify)\s+(?P<np>[^,.;:]{3,70}?)\s+"
        r"(?:at|on|via|by calling|by phone at|by email at)\s+\S",
        sentence,
    )
    if m and not re.match(r"^(?:us|them|him|her|it)\b", m.group("np")):
        return Fact(f"How can I contact {first_person(m.group('np'))}?", sentence, "contact")
    m = re.search(
        r"\b(?P<verb>[Rr]eport|[Ss]end|[Ss]ubmit|[Ee]mail|[Ff]orward)\s+(?P<what>[^,;:]{3,90}?)\s+to\s+\S+@",
        sentence,
    )
    if m:
        what = first_person(m.group("what"))
        return Fact(f"Where should I {m.group('verb').lower()} {what}?", sentence, "contact")
    m = re.search(
        r"\b(?P<verb>[Aa]pply|[Rr]egister|[Ss]ign up|[Ee]nroll|[Oo]rder|[Bb]ook)\s+(?:online\s+)?(?:at|on|via)\s+\S",
        sentence,
    )
    if m:
        return Fact(f"Where can I {m.group('verb').lower()}?", sentence, "contact")
    if (
        c is not None
        and c.kind == "copula"
        and re.match(r"^(?:available|reachable|open)\b", c.rest)
    ):
        subject = c.subject[:1].lower() + c.subject[1:] if c.subject[1:2].islower() else c.subject
        if found is not None and not EMAIL.search(sentence) and c.rest.startswith("available"):
            # A thing (styles, a data set, the slides) available at a web address is found
            # there; nobody is contacted.
            return Fact(f"Where can I find {subject}?", sentence, "contact")
        kind = "phone number" if phone and not found else "contact"
        return Fact(f"What is the {kind} for {subject}?", sentence, "contact")
    if (
        topic
        and found is None
        and phone is not None
        and c is not None
        and not _GENERIC_TOPIC.match(topic)
    ):
        return Fact(f"What phone number can I call about {topic}?", sentence, "contact")
    return None


_GENERIC_TOPIC = re.compile(
    r"^(?:contact(?:s| us| information| details)?|questions?|help|support|more information)$", re.I
)
