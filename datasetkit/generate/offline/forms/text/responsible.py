"""Who answers for a thing: "<Party> is responsible for <Y>", "<Party> bears the risk of
<Y>" -> "Who is responsible for <Y>?", "Who bears the risk of <Y>?".

Policies, agreements, handbooks and plans assign each duty or cost to a party in a
sentence of its own; a reader asks who it falls to. The party must be named (no pronoun:
"you are responsible" answers with the reader, and "they" points elsewhere), the thing
must be said in full within the question (no "it", "these costs", "their premiums"), and
the party must be the only one (a sentence that says "also" adds to another). A condition
the sentence opens with ("Once the deadline has passed, ...") stays in the question, so
the answer holds for it. The answer is the party as the sentence names it, the sentence
its evidence (the sentence itself as an answer would only repeat the question).
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.forms.registry import ENGLISH, form
from datasetkit.generate.offline.language.words import first_person
from datasetkit.generate.offline.text.view import Sentence

# A linking adverb before the sentence, then an optional condition clause.
_LEAD = re.compile(
    r"^(?:(?:additionally|in addition|furthermore|moreover|generally|however),\s+)?"
    r"(?:(?P<cond>(?:if|when|once|after|unless|while|until)\b[^,]{3,80}),\s+)?(?P<main>.+)$",
    re.IGNORECASE,
)
# The party: a determiner and up to four words, or a run of capitalised words (a name).
_PARTY = (
    r"(?P<party>(?:[Tt]he|[Yy]our|[Ee]ach|[Ee]very|[Aa]ny)\s+[\w'’-]+(?:\s+[\w'’-]+){0,3}?"
    r"|[A-Z][\w&'’-]+(?:\s+[A-Z][\w&'’-]+){0,3})"
)
_RESPONSIBLE = re.compile(
    rf"^{_PARTY}\s+(?:is|are|shall be|will be|remains?|must be)\s+"
    r"(?:(?:solely|fully|primarily|ultimately|financially)\s+)?"
    r"(?P<duty>responsible)\s+for\s+(?P<what>.+)$"
)
_BEARS = re.compile(
    rf"^{_PARTY}\s+(?:bears?|shall bear|will bear)\s+"
    r"(?P<duty>(?:the\s+)?(?:sole\s+|full\s+)?(?:responsibility|risk|costs?|expenses?)"
    r"\s+(?:for|of))\s+(?P<what>.+)$"
)
# Where what the party answers for ends: a comma, a condition, a purpose, a second clause.
_END = re.compile(
    r"\s*(?:[,;:(]|\.$|\s(?:if|unless|when|while|so that|in order to|until|as long as|"
    r"provided|including|except)\b)"
)
# Words that point at something the question would not show, or that name the party itself.
_POINTING = re.compile(
    r"(?i)\b(?:it|its|this|that|these|those|them|they|their|his|her|such|same|above|"
    r"below|hereof|thereof|herein|hereunder|former|latter|other|others|either|both)\b"
)
_NOT_PARTY = re.compile(
    r"(?i)^(?:i|you|we|they|he|she|it|one|someone|anyone|everyone|no one|nobody|each of|"
    r"all of|any of|this|that|these|those|there|which|who|what)\b|\b(?:who|which|that)\b"
)
_MIN_WORDS, _MAX_WORDS = 2, 14


def responsible_fact(sentence: str) -> tuple[str, str] | None:
    """The question a sentence that assigns a duty, a risk or a cost to a named party
    answers, and that party; None when it assigns none."""
    text = sentence.strip()
    if not text.endswith(".") or "__" in text or len(text) > 400:
        return None
    lead = _LEAD.match(text)
    if lead is None:
        return None
    main = lead.group("main")
    main = main[:1].upper() + main[1:]
    m = _RESPONSIBLE.match(main) or _BEARS.match(main)
    if m is None or _NOT_PARTY.search(m.group("party")):
        return None
    end = _END.search(m.group("what"))
    what = m.group("what")[: end.start()] if end else m.group("what")
    words = what.split()
    if not _MIN_WORDS <= len(words) <= _MAX_WORDS or _POINTING.search(what):
        return None
    if words[-1].lower() in ("of", "for", "to", "in", "on", "by", "with", "and", "or", "the"):
        return None
    duty = "is responsible for" if m.group("duty") == "responsible" else f"bears {m.group('duty')}"
    cond = lead.group("cond")
    if cond and _POINTING.search(cond):
        return None  # "In these cases, ...": which cases, the question would not say
    tail = f" {first_person(cond[:1].lower() + cond[1:])}" if cond else ""
    question = first_person(f"Who {duty} {what}{tail}?")
    party = m.group("party")
    return question[:1].upper() + question[1:], party[:1].upper() + party[1:]


@form(
    "who is responsible",
    content="statement",
    order=52,
    asks="lookup",
    languages=ENGLISH,
    answer="party",
    kinds=("agent",),
)
def responsible(said: Sentence) -> Candidate | None:
    """Who a sentence makes answer for a duty, a risk or a cost (English only: German,
    French and Spanish say it with other verbs than one pattern reads)."""
    found = responsible_fact(said.text)
    if found is None:
        return None
    question, party = found
    text = said.text
    return Candidate(question, f"{party}.", text, said.section, "agent", 1, (text,))
