"""The shapes the sentence fact form asks last, when none of its clause questions fits:
what a page says a named subject is (``profile``), how much an organisation pays toward
something (``paid``), a policy's caps, refusals and consequences (``rules``), and a rule
stated for two parties in one sentence.

"Birth parents get 16 weeks of paid leave, and the other parent gets 12 weeks" asks its
first clause ("How many weeks of paid leave do birth parents get?") and is answered by the
whole sentence, so the answer gives every party the rule distinguishes.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.language.words import DocWords
from datasetkit.generate.offline.text.paid import paid_for
from datasetkit.generate.offline.text.profile import profile_fact
from datasetkit.generate.offline.text.rules import rule_fact
from datasetkit.generate.offline.text.view import Sentence

# "<first clause>, and <another party> <gets/has/...> <a figure>"
_SECOND_PARTY = re.compile(
    r"^(?P<first>.{20,}?),? and (?P<second>(?:the|a|an|all|each|every|other|[A-Z])[\w' -]{2,60}?"
    r"\s(?:gets?|receives?|has|have|is|are|can|may|must|pays?)\s[^,;]*\d[^,;]*)\.$"
)

SentenceFact = Callable[[str, DocWords, "str | None", "str | None"], "Fact | None"]


def second_party(said: Sentence, ask: SentenceFact) -> Fact | None:
    """The first clause of a rule stated for two parties, answered by the whole sentence."""
    m = _SECOND_PARTY.match(said.sentence.strip())
    if m is None:
        return None
    found = ask(m.group("first") + ".", said.ctx.words, said.topic, said.ctx.name)
    if found is None or found.kind not in ("amount", "limit", "deadline", "term", "frequency"):
        return None
    return Fact(found.question, said.sentence, found.kind)


def further_fact(said: Sentence, ask: SentenceFact) -> Fact | None:
    """The question one of the shapes above asks of the sentence, or None."""
    return profile_fact(said) or paid_for(said) or rule_fact(said) or second_party(said, ask)
