"""Who is responsible for a task: "<Party> is responsible for <doing Y>." -> "Who is
responsible for <doing Y>?".

Policies, handbooks, plans and project guides assign each task to a party in a sentence of
its own ("<party> is responsible for <task>", "<party> is accountable for ..."). Asked
what the party does, the sentence is one duty of many; asked who does the task, the party
is the whole answer: the question names the task, and the answer names the party as the
sentence does (the sentence is its evidence; said back whole, the answer would only repeat
the question).

The party must be named (no pronoun or demonstrative, no indefinite such as "no one" or
"each person"), and the task must say what it is on its own: a task that points back at
the party ("paying their premiums") or at a sentence before ("this", "such") is not asked,
nor one the party shares ("also responsible").
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.forms.registry import ENGLISH, form
from datasetkit.generate.offline.forms.text.roles import ADDING_LEAD, ADDING_OPENER, POINTING
from datasetkit.generate.offline.language.clauses import cut, lead_tail, parse
from datasetkit.generate.offline.language.words import capital, first_person
from datasetkit.generate.offline.text.view import Sentence

_ADVERB = r"(?:(?:solely|primarily|ultimately|directly|fully|jointly|chiefly|mainly)\s+)?"
_CHARGED = re.compile(
    rf"^(?P<verb>(?:is|are)\s+{_ADVERB}(?:responsible|accountable)\s+for)\s+"
    r"(?P<rest>(?!the\s+(?:following|above|below)\b)[a-z].+)$"
)
_GROUPS = (("charged", _CHARGED),)
# Words that stand for the party or for something said before: the task then says what
# it is only beside the sentence's subject, or beside another sentence ("that" is left
# out: it is far more often a conjunction, "ensuring that ...").
_BACK = re.compile(
    r"(?i)\b(?:their|theirs|them|themselves|they|his|her|hers|him|its|it|itself|this|these|"
    r"those|such|said|same|above|below|former|latter|following)\b"
)
_DEMONSTRATIVE = re.compile(r"(?i)^(?:this|that|these|those|such)\s+")
_NO_PARTY = re.compile(r"(?i)^(?:no|none|nobody|each|every|any|some|all|one|either|neither)\b")
_PRONOUN = re.compile(r"(?i)^(?:you|we|i|he|she|it|they|who|which|that|there)$")


def charged_fact(said: Sentence) -> Candidate | None:
    """The question the sentence answers about who is responsible for its task, or None."""
    sentence = said.text.strip()
    if not 30 <= len(sentence) <= 420 or not sentence.endswith("."):
        return None
    if ADDING_OPENER.match(sentence):
        return None
    c = parse(sentence, said.ctx.words, said.topic, document=said.ctx.name, groups=_GROUPS)
    if c is None or c.negative or c.kind != "charged" or c.adverb:
        return None
    subject = c.subject.strip()
    if _PRONOUN.match(subject) or _NO_PARTY.match(subject) or POINTING.search(subject):
        return None
    pointed = _DEMONSTRATIVE.match(sentence)
    if pointed and sentence[pointed.end() :].lower().startswith(re.sub(r"^the ", "", subject)):
        # "These volunteers ..." read as "the volunteers": which ones, only the text before
        # says (a demonstrative the heading names, "These teams" under "Incident Response
        # Teams", is read as the heading's name and kept).
        return None
    if len(subject.split()) > 8 or re.search(r"(?i),|\b(?:which|who|whose|that)\b", subject):
        return None
    if POINTING.search(c.lead) or ADDING_LEAD.match(c.lead):
        return None
    # The task ends with its clause: what follows a semicolon is another clause.
    task = cut(c.rest.split(";", 1)[0])
    if not 2 <= len(task.split()) <= 18 or _BACK.search(task):
        return None
    question = f"Who is {c.verb.split(maxsplit=1)[1]} {task}{lead_tail(c.lead)}"
    question = capital(first_person(re.sub(" +", " ", question)) + "?")
    # The party as the sentence writes it (the clause reader lowers its first word).
    at = sentence.lower().find(subject.lower())
    party = sentence[at : at + len(subject)] if at >= 0 else subject
    return Candidate(
        question, f"{capital(party)}.", sentence, said.section, "responsible", 1, (sentence,)
    )


@form(
    "who is responsible",
    content="statement",
    order=52,
    asks="lookup",
    languages=ENGLISH,
    answer="party",
    kinds=("responsible",),
)
def who_is_responsible(said: Sentence) -> Candidate | None:
    """Who a sentence makes responsible for a task, asked of a sentence no other statement
    form asked."""
    return charged_fact(said)
