"""A change a report states, asked by how much: "Product demo requests were up 22%, ..." ->
"By how much were product demo requests up in May 2025?"."""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.forms.registry import ENGLISH, form
from datasetkit.generate.offline.language.words import lower_words
from datasetkit.generate.offline.text.view import Sentence

_CHANGE = re.compile(
    r"^(?P<subject>[A-Z][\w -]{3,60}?)\s+(?P<verb>were|was|are|is)\s+(?P<dir>up|down)\s+"
    r"(?:by\s+)?(?P<amount>\d[\d.,]*\s?%)"
)


@form(
    "change",
    content="statement",
    order=52,
    asks="lookup",
    languages=ENGLISH,
    kinds=("change",),
    alone=("change",),
)
def change(said: Sentence) -> Candidate | None:
    """ "Product demo requests were up 22%, ..." -> "By how much were product demo requests
    up in May 2025?"."""
    sentence, ctx = said.sentence, said.ctx
    m = _CHANGE.match(sentence)
    if m is None:
        return None
    subject = lower_words(m.group("subject"), ctx.words)
    if not ctx.words.name(subject.split()[0]):
        subject = subject[:1].lower() + subject[1:]
    when = f" in {ctx.period}" if ctx.period else ""
    question = f"By how much {m.group('verb')} {subject} {m.group('dir')}{when}?"
    return Candidate(question, sentence, sentence, said.section, "change", 1, (sentence,))
