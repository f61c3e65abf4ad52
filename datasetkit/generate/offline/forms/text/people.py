"""What running prose says of the people and parties it names: who someone is, what they
said or did, whom or what a thing is named after, what a party must do or charges.

Stories, news, press releases, reports and biographies introduce a person by a name and
an appositive role ("<Name>, a/the <role> at <Organisation>, ..."), quote them ("...,"
<Name> said) and name things after someone ("named <X> in honour of <Y>"). A reader asks
"Who is <Name>?", "What did <Name> say during <event>?", "Who is <X> named after?": the
question names its subject, and the answer is the sentence (or the whole quotation) that
says it. A contract or a policy names its parties the same way: what a party must do or
answers for (``obligations``), the fees it charges and the notice that ends an agreement
(``terms``).
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.forms.registry import ENGLISH, form
from datasetkit.generate.offline.forms.text.obligations import duty
from datasetkit.generate.offline.forms.text.terms import term_asked
from datasetkit.generate.offline.text.view import Sentence

# A person's name: an optional title, then two to four capitalised words.
_TITLE = r"(?:(?:Dr|Mr|Mrs|Ms|Prof|Sir|Dame)\.?\s)"
NAME = (
    rf"(?:{_TITLE}[A-Z][a-z'’-]+(?:\s[A-Z][a-z'’-]+){{0,3}}|"
    rf"[A-Z][a-z'’-]+(?:\s(?:[A-Z]\.\s)?[A-Z][a-z'’-]+){{1,3}})"
)
# Words that open a sentence or a phrase in capitals without being a name.
_NOT_NAME = re.compile(
    r"^(?:The|This|That|These|Those|A|An|In|On|At|For|With|As|If|When|While|After|Before|"
    r"Our|Your|Their|Its|His|Her|Each|Every|All|Any|Some|Section|Article|Chapter|Part|"
    r"Table|Figure|Page|January|February|March|April|May|June|July|August|September|"
    r"October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b"
)
# Nouns that name a role a person holds.
_ROLE_WORD = re.compile(
    r"(?i)\b(?:chief|officer|director|president|chair(?:man|woman|person)?|ceo|cfo|cto|coo|"
    r"founder|co-founder|head|manager|professor|lead|partner|vice|minister|secretary|"
    r"scientist|researcher|engineer|analyst|editor|author|spokes(?:person|man|woman)|"
    r"astronaut|governor|mayor|senator|commissioner|executive|owner|principal|dean)\b"
)
# "<Name>, a/the <role> ..., <verb>": the appositive gives who the person is.
_APPOSITIVE = re.compile(
    rf"^(?:[^,]{{0,60}},\s)?(?P<name>{NAME}),\s(?P<role>(?:a|an|the)\s[^,;\"“”]{{3,120}}|"
    r"[^,;\"“”]{3,80}),\s"
)
_SAID = r"(?:said|says|remarked|stated|noted|added|explained|commented|told|announced)"
_OPEN_Q = '"“'
_CLOSE_Q = '"”'
# '<Name>[, <role>,] said [during <event>], "<quote>' and '"<quote>," <Name> said ...'.
_SPEAKER_FIRST = re.compile(
    rf"(?P<name>{NAME})(?:,\s[^,\"“”]{{3,120}},)?\s{_SAID}(?P<when>\s(?:during|at|in)\s"
    rf"[^,\"“”]{{3,80}})?,?\s*[{_OPEN_Q}]"
)
_QUOTE_FIRST = re.compile(
    rf"^[{_OPEN_Q}][^{_CLOSE_Q}]{{20,}}[,.]?[{_CLOSE_Q}],?\s(?:(?P<name1>{NAME})\s{_SAID}|"
    rf"{_SAID}\s(?P<name2>{NAME}))(?P<when>\s(?:during|at|in)\s[^,.\"“”]{{3,80}})?"
)
# "named <X> after / in honour of <Y>".
_NAMED_AFTER = re.compile(
    r"\b(?:named|called|dubbed)\s+(?:the\s+)?(?:[\"“‘](?P<xq>[^\"”’]{2,60})[\"”’]|"
    r"(?P<x>[A-Z][\w'’ -]{2,60}?))\s+(?P<how>after|in hono(?:u)?r of)\s+(?P<y>[^,.;]{3,80})"
)


def _name(found: str) -> str | None:
    """A person's name as found, or None when the words are no name."""
    name = found.strip()
    if _NOT_NAME.match(name):
        return None
    return name


def who_is(said: Sentence) -> Candidate | None:
    """ "<Name>, a <role> at <Org>, ..." -> "Who is <Name>?", answered by the sentence."""
    m = _APPOSITIVE.match(said.sentence)
    if m is None:
        return None
    name, role = _name(m.group("name")), m.group("role")
    if name is None or (not re.match(r"(?:a|an|the)\s", role) and not _ROLE_WORD.search(role)):
        return None  # "<Name>, convinced of ..., found": no role, no answer to "who"
    if not _ROLE_WORD.search(role) and not re.search(
        r"\b(?:at|of|for|with)\s(?:the\s)?[A-Z]", role
    ):
        return None  # "the one who ...": says nothing of who the person is
    # The name with its role answers; the rest of the sentence is about something else
    # (what they said, the next person of a list).
    answer = m.group(0).rstrip(", ")
    if m.start("name"):
        answer = answer[m.start("name") :]
    sentence = said.sentence
    return Candidate(f"Who is {name}?", answer, sentence, said.section, "person", 1, (answer,))


def _quotation(text: str, start: int) -> str | None:
    """The quotation that opens at ``start`` of ``text``, whole (across sentences)."""
    end = re.search(f"[{_CLOSE_Q}]", text[start + 1 :])
    if end is None:
        return None
    quote = text[start + 1 : start + 1 + end.start()].strip().rstrip(",")
    return quote if len(quote.split()) >= 5 else None


def what_said(said: Sentence) -> Candidate | None:
    """'<Name> said during <event>, "<quote>"' -> "What did <Name> say during <event>?",
    answered by the whole quotation."""
    paragraph = said.section.text
    at = paragraph.find(said.sentence)
    if at < 0:
        return None
    m = _SPEAKER_FIRST.search(said.sentence)
    if m is not None:
        name, when, opens = _name(m.group("name")), m.group("when") or "", at + m.end() - 1
    else:
        m = _QUOTE_FIRST.match(said.sentence)
        if m is None:
            return None
        name, when, opens = _name(m.group("name1") or m.group("name2")), m.group("when"), at
        when = when or ""
    quote = _quotation(paragraph, opens) if name else None
    if name is None or quote is None:
        return None
    end = paragraph.find(quote, opens) + len(quote)
    if m.re is _QUOTE_FIRST:
        # '"<quote>," <Name> said. "<more>"': the quotation goes on after the attribution.
        closing = re.match(rf"[,.]?[{_CLOSE_Q}]", paragraph[end:])
        after = end + (closing.end() if closing else 0)
        more = re.match(rf"[^{_OPEN_Q}{_CLOSE_Q}]*?[.!?]\s+(?=[{_OPEN_Q}])", paragraph[after:])
        rest = _quotation(paragraph, after + more.end()) if more else None
        if more and rest:
            quote = f"{quote}\n{rest}"
            end = paragraph.find(rest, end) + len(rest)
    question = f"What did {name} say{when.rstrip()}?"
    # The evidence runs from the sentence that names the speaker to the quotation's end.
    evidence = paragraph[at:end]
    return Candidate(question, quote, evidence, said.section, "quote", 1, (quote,))


def named_after(said: Sentence) -> Candidate | None:
    """ "... named <X> in honour of <Y>" -> "Who is <X> named after?"."""
    m = _NAMED_AFTER.search(said.sentence)
    if m is None:
        return None
    x, y = (m.group("xq") or m.group("x")).strip(), m.group("y").strip()
    if len(x.split()) > 6 or (_NOT_NAME.match(x) and len(x.split()) == 1):
        return None
    person = re.search(rf"\b{NAME}\b", y) is not None and not re.match(r"(?i)the\b", y)
    who = "Who" if person or (m.group("how") != "after" and _ROLE_WORD.search(y)) else "What"
    question = f"{who} is {x} named after?"
    # The naming itself answers: the sentence around it may lean on the one before.
    answer = m.group(0)
    return Candidate(question, answer, said.sentence, said.section, "named", 1, (answer,))


# Past-tense verbs of a narrative's events, with the form a question asks them in.
_EVENT_VERBS = {
    "found": "find",
    "discovered": "discover",
    "revealed": "reveal",
    "announced": "announce",
    "launched": "launch",
    "introduced": "introduce",
    "developed": "develop",
    "created": "create",
    "conducted": "conduct",
    "founded": "found",
    "established": "establish",
    "acquired": "acquire",
    "invented": "invent",
    "designed": "design",
    "built": "build",
    "published": "publish",
    "received": "receive",
    "won": "win",
    "led": "lead",
    "signed": "sign",
    "opened": "open",
    "completed": "complete",
    "refuted": "refute",
    "denied": "deny",
    "proposed": "propose",
    "recommended": "recommend",
    "released": "release",
    "reported": "report",
}
_EVENT = re.compile(
    rf"^(?:(?P<lead>(?:In|On|During|After|Before|By)\s[^,]{{3,60}}),\s)?(?P<name>{NAME})"
    rf"(?:,\s[^,\"“”]{{3,100}},)?\s(?P<verb>{'|'.join(_EVENT_VERBS)})\s(?P<rest>[a-z][^\"“”]{{8,}})"
)


def what_did(said: Sentence) -> Candidate | None:
    """ "<Name> discovered <what> ..." -> "What did <Name> discover?", answered by the
    sentence: an event of a story or a report, asked of the person or body who acted."""
    m = _EVENT.match(said.sentence)
    if m is None or _name(m.group("name")) is None:
        return None
    if said.ctx.words.common(m.group("name").split()[0]):
        return None  # a common word opening the sentence ("Scientists discovered ...")
    base = _EVENT_VERBS[m.group("verb")]
    lead = f" {m.group('lead')[0].lower()}{m.group('lead')[1:]}" if m.group("lead") else ""
    question = f"What did {m.group('name')} {base}{lead}?"
    sentence = said.sentence
    return Candidate(question, sentence, sentence, said.section, "event", 1, (sentence,))


@form(
    "actors and their acts",
    content="second",
    order=60,
    asks="lookup",
    languages=ENGLISH,
    answer="sentence",
    kinds=("person", "quote", "named", "event", "duty", "fee", "notice"),
    figures=("fee", "notice"),
    alone=("person", "quote", "named", "event"),
)
def actors_and_acts(said: Sentence, asked: Candidate | None) -> list[Candidate]:
    """What a sentence says of the people and parties it names: who someone is, what they
    said or did, what a thing is named after, and (when no statement form asked the
    sentence) what a party must do or answers for, the fees it charges and the notice
    that ends an agreement."""
    if said.section.kind not in ("paragraph", "page", "list_item"):
        return []
    found = [(term_asked(said) or duty(said)) if asked is None else None]
    if said.section.kind != "list_item":
        found += [who_is(said), what_said(said), named_after(said), what_did(said)]
    return [c for c in found if c is not None]
