"""A German instruction with a deadline ("<Do> <your X> spätestens <when>."), asked by when
the reader must do it ("Bis wann muss ich <my X> <do>?"), answered by the whole sentence.

A handbook or a policy written to its reader (du or Sie) gives a deadline as an
imperative with "spätestens" or "bis ...". The question turns the imperative into the
infinitive the modal "muss" governs (the du-form "<stem>e" takes "-n", the Sie-form is
the infinitive already) and the reader's own words into the asker's ("Deine" -> "meine").
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.knowledge.model import Section

_OBJECT = r"(?P<obj>(?:Deine?[nmrs]?|Ihre?[nmrs]?|die|den|das|alle)\s[^,;:()]{2,60}?)"
_WHEN = r"(?P<when>(?:bis\s)?spätestens\s[^,;:]{3,60}|bis\s(?:zum|zur|Ende|\d)[^,;:]{2,60})"
_DU = re.compile(rf"^(?P<verb>[A-ZÄÖÜ][a-zäöüß]{{2,}}e)\s{_OBJECT}\s{_WHEN}\.?$")
_SIE = re.compile(rf"^(?P<verb>[A-ZÄÖÜ][a-zäöüß]{{2,}}en)\sSie\s{_OBJECT}\s{_WHEN}\.?$")
_MINE = {"dein": "mein", "deine": "meine", "deinen": "meinen", "deinem": "meinem"}
_MINE |= {"deiner": "meiner", "deines": "meines", "ihr": "mein", "ihre": "meine"}
_MINE |= {"ihren": "meinen", "ihrem": "meinem", "ihrer": "meiner", "ihres": "meines"}


def imperative_due(sentence: str, section: Section, lang: str) -> Candidate | None:
    """ "Erfasse Deine Arbeitsstunden spätestens am Ende jedes Tages." -> "Bis wann muss
    ich meine Arbeitsstunden erfassen?"."""
    if lang != "de":
        return None
    text = " ".join(sentence.split())
    m = _DU.match(text) or _SIE.match(text)
    if m is None or not re.search(r"\d|Tag|Woche|Monat|Jahr|Ende|Beginn|Uhr", m.group("when")):
        return None
    verb = m.group("verb").lower()
    infinitive = verb if verb.endswith("en") else verb + "n"
    words = m.group("obj").split()
    first = _MINE.get(words[0].lower(), words[0] if words[0][:1].isupper() else words[0].lower())
    obj = " ".join([first, *words[1:]])
    question = f"Bis wann muss ich {obj} {infinitive}?"
    return Candidate(question, text, text, section, "deadline", 0, (text,))
