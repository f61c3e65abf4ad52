"""The terms of contracts, prospectuses and price sheets: what a fee or a charge is, how high
it may go, and how much notice ends or changes an agreement (asked by the policy form of a
sentence none of its other shapes asked).

"<The fee> is 7% of <what>" asks "What is <the fee>?"; "<The fee> may not exceed 0.50%
..." asks "How high can <the fee> be?"; "<Party> charges a fee of 0.05% for <what>" asks
"What fee does <party> charge for <what>?"; "<X> may be terminated by <party> upon 60
days written notice" asks "How much notice is needed to terminate <X>?". The sentence,
which states the figure, answers. A fee is asked only when its sentence states it as a
figure (a percentage or an amount), so a question never asks what the text leaves open.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.language.clauses import parse
from datasetkit.generate.offline.language.words import capital, first_person
from datasetkit.generate.offline.text.view import Sentence

_FEE_NOUN = (
    r"(?:fees?|charges?|commissions?|remuneration|premiums?|surcharges?|deposits?|"
    r"penalt(?:y|ies)|interest rate|late fee|royalt(?:y|ies)|discount)"
)
_FEE = re.compile(rf"(?i)\b{_FEE_NOUN}\b")
_FIGURE = re.compile(
    r"(?:\d[\d,]*(?:\.\d+)?\s?(?:%|percent|per cent|basis points)|"
    r"(?:[$€£¥₹]|US\$|USD\s?|EUR\s?|GBP\s?)\d[\d,]*(?:\.\d+)?)"
)
_CEILING = re.compile(r"^(?:will |shall )?(?:not exceed|not be more than|be capped at)\b")
_RANGE = re.compile(r"^(?:currently\s+)?range\s+from\b")
_CHARGES = re.compile(
    rf"^(?P<party>(?:[A-Z][\w ]{{0,30}}\s)?(?:The\s)?[A-Z][\w’'-]*(?:\s[A-Z][\w’'-]*){{0,3}})\s(?:currently\s)?"
    rf"(?:charges|will charge|may charge|shall charge|is entitled to charge)\s"
    rf"(?:a|an)\s(?P<noun>(?:[a-z]+\s)?{_FEE_NOUN})\sof\s(?P<fig>[^,;]{{1,30}}?)\s(?:p\.a\.\s|"
    rf"per annum\s|a year\s|per year\s)?(?:for|on)\s(?P<what>[^,;.]{{4,90}})"
)


def fee_asked(said: Sentence) -> Fact | None:
    """A fee or charge the sentence states as a figure, asked as a reader asks it."""
    sentence = said.text.strip()
    if not _FIGURE.search(sentence) or not _FEE.search(sentence) or len(sentence) > 400:
        return None
    m = _CHARGES.match(sentence)
    if m:
        # A heading a PDF reader ran into the sentence ("Service Fee The ACD charges ..."):
        # the party is what follows it.
        party = re.sub(rf"(?i)^.*\b{_FEE_NOUN}\s(?=The\s)", "", m.group("party"))
        if _FEE.search(party):
            return None
        what = re.sub(r"^(?:each|every)\s\S+\s(?:for|on)\s", "", m.group("what").strip())
        what = re.split(r"\s(?:and|or)\s(?:for|on|to)\s", what)[0]
        question = f"What {m.group('noun')} does {party[:1].lower()}{party[1:]} charge for {what}?"
        if not party.startswith("The "):
            question = f"What {m.group('noun')} does {party} charge for {what}?"
        return Fact(question, sentence, "amount")
    c = parse(sentence, said.ctx.words, said.topic, document=said.ctx.name)
    if c is None or c.lead or not _FEE.search(c.subject) or (c.negative and c.kind == "copula"):
        return None
    if len(c.subject.split()) > 9 or re.match(r"(?i)(?:a|an|any|some|such|no)\b", c.subject):
        return None  # "a charge", "any fee": which one, the question could not say
    subject = c.subject
    if c.kind == "copula" and c.verb in ("is", "are") and _FIGURE.match(c.rest):
        return Fact(capital(f"What {c.verb} {subject}?"), sentence, "amount")
    if c.kind == "modal" and c.negative and re.match(r"^exceed\b", c.rest):
        return Fact(capital(f"How high can {subject} be?"), sentence, "limit")
    if c.kind == "modal" and _CEILING.match(f"{c.verb} {c.rest}".replace("will ", "", 1)):
        return Fact(capital(f"How high can {subject} be?"), sentence, "limit")
    if c.kind == "verb" and _RANGE.match(f"{c.verb} {c.rest}") and _FIGURE.search(c.rest):
        return Fact(
            capital(f"How much {'are' if c.verb == 'range' else 'is'} {subject}?"),
            sentence,
            "amount",
        )
    return None


_WORD_NUMBER = (
    r"(?:thirty|sixty|ninety|fifteen|ten|seven|fourteen|twenty|forty-five|one hundred twenty)"
)
_NOTICE = re.compile(
    rf"(?P<head>^|,\s)(?P<subj>[A-Za-z][^,;:]{{2,80}}?)\s(?P<modal>may|can|shall|will)\s"
    rf"(?:(?P<passive>be\s)(?P<part>terminated|cancell?ed|renewed|amended|modified|suspended|"
    rf"extended)(?:\s+by\s+(?P<by>[^,;]{{3,60}}?))?|(?P<verb>terminate|cancel|renew|amend|"
    rf"modify|suspend|extend|withdraw from|end)\s(?P<obj>[^,;]{{3,80}}?))\s+"
    rf"(?:upon|on|with|by giving|by providing|after|following)\s+(?:at least\s+)?"
    rf"(?:{_WORD_NUMBER}\s+)?(?:\(?\d+\)?\s*)(?:calendar\s|business\s|working\s)?"
    rf"(?:days?|months?|weeks?)['’]?\s+(?:prior\s+|advance\s+)?(?:written\s+)?notice"
)
_BASE = {
    "terminated": "terminate",
    "cancelled": "cancel",
    "canceled": "cancel",
    "renewed": "renew",
    "amended": "amend",
    "modified": "modify",
    "suspended": "suspend",
    "extended": "extend",
}


def notice_asked(said: Sentence) -> Fact | None:
    """How much notice ends, renews or changes an agreement, or a party's part in it."""
    sentence = said.text.strip()
    m = _NOTICE.search(sentence)
    if m is None:
        return None
    subj = re.sub(r"(?i)^(?:unless otherwise (?:stated|specified|agreed)\s*)", "", m.group("subj"))
    subj = re.sub(r"^(?:this|This|The)\s", "the ", subj.strip())
    subj = re.sub(r"^(Any|Each|Every|All|Either|A|An)\b", lambda w: w.group(1).lower(), subj)
    if m.group("passive"):
        verb = _BASE[m.group("part")]
        question = f"How much notice is needed to {verb} {subj}?"
    else:
        if re.match(r"(?i)(?:it|they|this|that|such)\b", subj):
            return None
        question = f"How much notice must {subj} give to {m.group('verb')} {m.group('obj')}?"
    return Fact(capital(first_person(question)), sentence, "deadline")
