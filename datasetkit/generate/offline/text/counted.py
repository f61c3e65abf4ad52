"""A sentence whose subject is a count ("At least 12 people were injured in ...",
"Over 200 employees attended the 2024 summit in Oslo."), asked "How many <people> ...?"
and answered by the sentence.

Reports, news and minutes state how many took part in, were affected by or did
something with the count as the sentence's subject. A question on the subject needs no
change of word order ("How many people were injured in ...?"), so the predicate is kept
as written, up to the first clause that only adds circumstance. It is asked only when
the predicate names what the count is about (a name or a figure of its own), so the
question stands alone; a predicate that points back ("in this case") or only says
something general ("are said to be in a critical condition") is not asked.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact

_NUMBER_WORDS = (
    "two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
    "forty|fifty|hundred"
)
_ABOUT = (
    r"(?:at least|more than|over|nearly|almost|about|around|some|up to|fewer than|"
    r"less than|an estimated|roughly|approximately|a total of|only)"
)
_COUNTED = re.compile(
    rf"^(?:(?P<about>(?i:{_ABOUT}))\s+)?(?P<n>\d[\d,]*|(?i:{_NUMBER_WORDS}))\s+"
    r"(?P<np>(?:[a-z][a-z-]*\s+){0,2}?(?P<noun>[a-z][a-z-]*))"
    r"(?P<of>\s+(?:of|from|in|at)\s+(?:the\s+)?[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3}?)?"
    r"\s+(?P<pred>(?:have|has|had|were|was|are|is|will|would|could|can|may|must|shall|should"
    r"|[a-z]+ed)\s.+?)\s*\.$"
)
# Plural nouns that do not end in -s.
_PLURALS = frozenset({"people", "children", "men", "women", "staff", "personnel", "police"})
# Counts of a measure (time, money, a share) are asked by the figure forms, not as a
# number of things.
_MEASURES = re.compile(
    r"^(?:percent|per|cent|seconds|minutes|hours|days|weeks|months|years|dollars|euros|"
    r"pounds|times|points|bytes|items|units|pages|lines|steps|cases|ways|things|others)$"
)
# The first clause that only adds circumstance (or the list a colon opens) ends what
# the question keeps.
_CIRCUMSTANCE = re.compile(r"[,;:]|\s(?:when|while|because|after|as|which|who|but|although)\s")
_POINTING = re.compile(r"(?i)\b(?:this|that|these|those|it|they|them|such|above)\b")
# After "are"/"were", a name, an article or a figure says what the things counted are
# ("Two resources ... are <name> and <name>"): the answer is in the question.
_IDENTITY = re.compile(r"^(?:are|is|were|was)\s+(?:[A-Z0-9]|(?:the|a|an)\s)")
# A second finite verb in what was read as the predicate: the count's noun phrase ran on
# (a reduced relative clause, "if you are ..."), so the sentence was misread.
_SECOND_VERB = re.compile(r"\s(?:are|is|were|was|have|has)\s")
_VERBISH = re.compile(r"^(?:have|has|had|were|was|are|is|will|would|could|can|may|must|shall)$")


def counted_subject(sentence: str) -> Fact | None:
    """``At least 12 people were hurt in Taiz.`` -> ``How many people were hurt in Taiz?``"""
    m = _COUNTED.match(sentence.strip())
    if m is None or not _plural(m.group("noun")) or _MEASURES.match(m.group("noun").lower()):
        return None
    if m.group("n").isdigit() and 1900 <= int(m.group("n")) <= 2100:
        return None  # a year opening the sentence ("2023 sales were ..."), not a count
    if any(_VERBISH.match(w) for w in m.group("np").lower().split()):
        return None
    pred = _CIRCUMSTANCE.split(m.group("pred"), maxsplit=1)[0].strip()
    if _IDENTITY.match(pred) or _SECOND_VERB.search(pred):
        return None
    if len(pred.split()) < 3 or _POINTING.search(pred) or not _anchored(pred):
        return None
    np = m.group("np").lower()
    question = f"How many {np}{m.group('of') or ''} {pred}?"
    return Fact(question, sentence.strip(), "quantity")


def _plural(noun: str) -> bool:
    noun = noun.lower()
    return noun in _PLURALS or (noun.endswith("s") and not noun.endswith(("ss", "us", "is")))


def _anchored(pred: str) -> bool:
    """Whether the predicate names what the count is about: a name (a capitalised word
    inside it) or a figure of its own (a date, a place number)."""
    words = pred.split()
    return any(w[:1].isupper() for w in words[1:]) or any(c.isdigit() for c in pred)
