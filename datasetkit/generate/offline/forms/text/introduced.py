"""A name introduced with what it is, in apposition: "we present <Name>, a <what> ...",
"<Company> launched <Name>, an <what> ...", "students use <Name>, a <what> that ...".

Papers, reports, release notes and announcements name the system, method, product or
data set they bring and say what it is in the same breath, after a verb that presents
it. The name is asked ("What is <Name>?") and answered by the noun phrase set beside it.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.knowledge.model import Section
from datasetkit.lint.list_cuts import series_end

# Verbs that bring a name in: presenting it, offering it, taking it on.
_PRESENTING = (
    r"(?:present|propose|introduce|announce|launch|unveil|release|describe|develop|offer|"
    r"provide|adopt|engage|acquire|use)(?:s|d|ed)?|using|built|build|builds"
)
# The verb, then the one it is brought to when it says so ("offer our employees <Name>").
_INTRODUCED = re.compile(
    rf"\b(?:{_PRESENTING})\s+(?:(?:our|their|its|the|all)\s+)?(?:[a-z]+\s+)?"
    r"(?P<name>[A-Z][\w+.-]*(?:\s+[A-Z0-9][\w+.-]*){0,3})(?:\s+\((?P<abbr>[A-Z][\w-]{1,9})\))?"
    r",\s+(?P<what>(?:a|an)\s+[^,;:()]{8,160}?)\s*(?=[,;:(]|\.(?:\s|$)|$)"
)
# A verb outside a relative clause: the words after the comma are a clause of their own
# ("<Name>, a member becomes ..."), not what the name is.
_FINITE = re.compile(
    r"^(?:(?!\b(?:that|which|who|whose)\b).)*?\b(?:is|are|was|were|be|becomes?|became|has|have|"
    r"had|may|might|will|would|can|could|shall|should|must|does|do|did)\b"
)
# Words that open a noun phrase, not a name ("this framework", "The results").
_NOT_NAMES = frozenset(
    [
        "The",
        "This",
        "These",
        "That",
        "Those",
        "A",
        "An",
        "Our",
        "Their",
        "Its",
        "New",
        "Section",
        "Figure",
        "Table",
    ]
)


def introduced(sentence: str, section: Section, lang: str) -> Candidate | None:
    """ "What is <Name>?" of a name presented with what it is (English), or None."""
    if lang != "en":
        return None
    m = _INTRODUCED.search(sentence)
    if m is None or m.group("name").split()[0] in _NOT_NAMES:
        return None
    name, what = m.group("name").rstrip("."), m.group("what").strip()
    # What the name is may go on in a series ("that writes, tests, and ships code"): the
    # answer takes all of it, not its first member.
    more = series_end(sentence[m.end("what") :])
    if more is not None:
        what = what + sentence[m.end("what") : m.end("what") + more].rstrip()
    if len(what.split()) < 3 or _FINITE.search(what):
        return None  # "a new one": no more than a word of what it is; or a clause
    answer = f"{name} is {what}."
    return Candidate(f"What is {name}?", answer, sentence, section, "definition", 1, (name, what))
