"""How much an organisation pays toward something: "We'll pay for your internet
connection up to $100 a month" -> "How much will Fabrikam pay for my internet
connection?"; "Fabrikam reimburses up to $150 a month for a gym membership" -> "How much
does Fabrikam reimburse for a gym membership?".

Benefits pages, expense policies and allowances state their amounts this way. The payer
is the organisation the text speaks for ("we", "the company") or one it names; what is
paid for is the object the question keeps, so the answer (the whole sentence, with the
limit and its period) is the one the reader wants.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.language.words import first_person
from datasetkit.generate.offline.text.view import Sentence

_MONEY = r"(?:[$€£¥₹]\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?\s?(?:USD|EUR|GBP|CHF|dollars|euros))"
_PAY_VERB = (
    r"(?P<verb>pays?|reimburses?|covers?|contributes?|matches|match|subsidi[sz]es?|"
    r"gives?|offers?|provides?)"
)
_LIMIT = rf"(?:up to |a maximum of |at most |no more than |as much as )?{_MONEY}"
_PERIOD = r"(?:\s+(?:a|per|each|every)\s+(?:year|month|week|day|quarter|person|employee))?"
# "<Payer> (will) <pay> for <what> up to <amount>" / "<Payer> (will) <pay> up to <amount>
# (a month) for|toward <what>"
_PAID_FOR = re.compile(
    rf"^(?P<payer>We|We['’]ll|We will|The company|The Company|[A-Z][\w&.-]*(?: [A-Z][\w&.-]*){{0,3}})"
    rf"(?P<will> will)?\s+(?:also\s+)?{_PAY_VERB}\s+"
    rf"(?:(?:for|toward|towards)\s+(?P<what>[^,;$€£¥₹]{{3,80}}?)\s+{_LIMIT}{_PERIOD}"
    rf"|{_LIMIT}{_PERIOD}\s+(?:for|toward|towards)\s+(?P<what2>[^,;.]{{3,80}})"
    rf"|(?P<what3>[a-z][^,;$€£¥₹]{{2,60}}?)\s+{_LIMIT}{_PERIOD}\.$)"
)
_BASE = {
    "pays": "pay", "reimburses": "reimburse", "covers": "cover", "contributes": "contribute",
    "matches": "match", "subsidises": "subsidise", "subsidizes": "subsidize", "gives": "give",
    "offers": "offer", "provides": "provide",
}  # fmt: skip
_VAGUE_WHAT = re.compile(r"(?i)^(?:it|them|this|that|these|those|the rest|each|any)\b")


def _payer(raw: str, said: Sentence) -> str | None:
    if raw.startswith("We") or raw.lower() == "the company":
        return said.ctx.org
    if said.ctx.words.name(raw.split()[0]) or raw == said.ctx.org:
        return raw
    return None


def paid_for(said: Sentence) -> Fact | None:
    """How much the organisation pays toward what a sentence names, or None."""
    text = said.sentence.strip()
    m = _PAID_FOR.match(text)
    if m is None or not text.endswith("."):
        return None
    payer = _payer(m.group("payer"), said)
    what = (m.group("what") or m.group("what2") or m.group("what3") or "").strip().rstrip(".")
    # "covers meals while travelling": what it pays for, without when
    what = re.split(r"\s(?:while|when|during|if|as long as)\s", what)[0]
    if payer is None or _VAGUE_WHAT.match(what) or len(what.split()) > 10:
        return None
    what = re.split(r",|\s(?:and|or)\s(?:other|any)\b", what)[0].strip()
    verb = m.group("verb")
    will = (
        m.group("will")
        or "'ll" in m.group("payer")
        or "’ll" in m.group("payer")
        or (m.group("payer").endswith("will"))
    )
    base = _BASE.get(verb, verb)
    if will:
        question = f"How much will {payer} {base} for {what}?"
    else:
        question = f"How much does {payer} {base} for {what}?"
    question = first_person(question).replace("how much", "How much", 1)
    return Fact(question, said.sentence, "amount")
