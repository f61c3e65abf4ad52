"""What the sentences of a letter, memo or notice decide, declare and require.

Short prose documents say their matter in sentences of a few shapes a reader asks about:
a party that speaks for itself ("<Body> certifies that ...", "<Body> informs <readers>
that ..."), a condition and what follows from it ("If <condition>, <outcome> will ..."),
what befalls a thing that breaks a rule ("<Things> that <do X> will be cancelled"), what
readers are advised to do, what is exempt from a rule, a fee and when it is due, where
questions go; a letter's requests of its reader ("Please ..."), asked whole; a memo's head
says who sent it to whom. Each answer is the whole sentence (with the next one when it
finishes it), and the question names the document's matter as its own subject line or
title says it (``letter_head``); in a document that is not correspondence, a question that
names nothing (no name, no word of its heading) is not asked.

The sentence fact form asks these after its own shapes. They are English sentence
patterns: in other languages that form asks with its own words, and these are not asked.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate, Fact
from datasetkit.generate.offline.language.words import first_person, sentences
from datasetkit.generate.offline.letter_head import LetterHead, fields, letter_head, letter_named
from datasetkit.generate.offline.naming import names_its_subject
from datasetkit.generate.offline.text.view import Sentence

_PRONOUN = re.compile(r"(?i)^(?:the\s+)?(?:I|we|you|it|they|he|she|this|that|these|those|such)$")
_NAME = r"(?:The\s+)?[A-Z][\w&.'’-]*(?:\s+(?:[A-Z][\w&.'’-]*|of|for|and|&)){0,7}"
# "<Body> certifies that ...", "<Body> informs <readers> that ...".
_DECLARES = re.compile(
    rf"^(?P<who>{_NAME})\s+(?:hereby\s+)?(?P<verb>certifies|confirms|declares|announces|"
    r"acknowledges|has decided|has agreed|has approved|informs|notifies|reminds|advises)"
    r"(?:\s+(?P<obj>(?!that\b)[^,;]{2,80}?))?\s+that\s+(?P<what>.{10,})$"
)
_BASE = {
    "certifies": "certify",
    "confirms": "confirm",
    "declares": "declare",
    "announces": "announce",
    "acknowledges": "acknowledge",
    "informs": "inform",
    "notifies": "notify",
    "reminds": "remind",
    "advises": "advise",
}
# "If <condition>, <outcome>": the outcome is what befalls, not an instruction to the reader.
_IF = re.compile(r"^If (?P<cond>[^,;]{8,160}),\s+(?P<main>[a-z].{8,})$")
# The outcome's own subject, then what befalls it: "<the thing> will ...", "it lapses"; an
# instruction (a verb first: "<do X> ... where you will ...") has no subject of its own.
_OUTCOME = re.compile(
    r"^(?:the|this|that|these|those|it|they|he|she|its|their|an?|all|any|no|each|every|such|"
    r"both)\b.{0,80}?\b(?:will|shall|would|lapses|expires|ends|terminates|is (?:cancelled|void|"
    r"forfeited|refunded|charged|suspended|withdrawn))\b"
)
_NOT_ASKED_IF = re.compile(
    r"(?i)\byou (?:have|need) (?:any |further |more )?(?:questions?|help|information|assistance)\b"
)
# "<Things> that <do X> will be cancelled, ...": what befalls them.
_BEFALLS = re.compile(
    r"^(?P<np>(?:Any |All |Every )?[A-Z][a-z]+(?: [a-z]+){0,3}?) (?P<rel>that|which|who) "
    r"(?P<vp>[^,;]{5,120}?) will (?:be [a-z]+ed|remain|lose|forfeit|incur|pay|no longer)\b"
)
# "<Readers> are advised to <do X>."
_ADVISED = re.compile(
    r"^(?P<who>(?:All )?[A-Z][\w'’-]*(?: [\w'’-]+){0,6}?) (?P<be>are|is) (?:therefore |also |"
    r"kindly |strongly )?(?P<verb>advised|asked|requested|reminded|encouraged|invited|urged) "
    r"to (?P<do>.{5,})$"
)
# "<Things> placed under <X> are exempt from <Y>".
_EXEMPT = re.compile(
    r"^(?P<head>[A-Z][a-z]+s)\s+(?P<mod>(?:[a-z]+ed|made|paid|sent|held|built|bought|kept|sold|"
    r"given|taken|done|that|which|who)\b[^,;]{3,80}?)\s+"
    r"(?P<be>are)\s+(?P<ex>exempt from|not subject to|excluded from)\s+(?P<y>[^,.;]{3,80})"
)
_MONEY = r"(?:(?:EUR|USD|GBP|CHF|CAD|AUD|INR|[$€£₹])\s?\d[\d,.]*|\d[\d,.]*\s?(?:EUR|USD|GBP|CHF|euros?|dollars?|pounds?))"
# "A <fee> of <amount> is payable by <date>."
_PAYABLE = re.compile(
    rf"^(?P<det>An?|The) (?P<what>[a-z][a-z -]{{2,50}}?) of (?P<amount>{_MONEY}) "
    r"(?:is|will be|must be) (?P<how>payable|due|charged|paid|invoiced)\b(?P<rest>.*)$"
)


_QUERIES = r"(?:questions|queries|enquiries|inquiries|requests|comments|complaints)"
# "Questions about <X> should be sent to <contact>", "Please direct any questions to ...".
_SEND_TO = re.compile(
    rf"^(?:(?:Please )?(?:direct|send|address|submit) (?:any |all |your )?(?P<q1>{_QUERIES})"
    rf"|(?:Any |All )?(?P<q2>(?i:{_QUERIES}))"
    r"(?P<about> (?:about|regarding|concerning|on) [^,;]{3,80}?)? (?:should|can|may|must) be "
    r"(?:sent|directed|addressed|submitted))"
    r"(?P<about2> (?:about|regarding|concerning|on) [^,;]{3,80}?)? to (?P<to>.{5,})$"
)


def _send_to(text: str, head: LetterHead | None) -> Fact | None:
    m = _SEND_TO.match(text)
    if m is None:
        return None
    what = (m.group("q1") or m.group("q2") or "questions").lower()
    about = m.group("about") or m.group("about2")
    if about:
        return Fact(f"Where should {what}{about} be sent?", text, "contact")
    matter = head.called() if head else None
    if matter is None:
        return None  # questions about what, the sentence does not say
    return Fact(f"Where should {what} about {matter} be sent?", text, "contact")


def _declared(text: str) -> Fact | None:
    m = _DECLARES.match(text)
    if m is None or _PRONOUN.match(m.group("who")) or len(m.group("who").split()) > 8:
        return None
    who = re.sub(r"^The\s+", "the ", m.group("who"))
    verb = m.group("verb")
    if verb.startswith("has "):
        return Fact(f"What has {who} {verb[4:]}?", text, "declared")
    obj = m.group("obj")
    if verb in ("informs", "notifies", "reminds") and obj:
        return Fact(f"What does {who} {_BASE[verb]} {first_person(obj)} of?", text, "declared")
    if obj:
        return None  # "<Body> confirms in writing that ...": the words between are no object
    return Fact(f"What does {who} {_BASE[verb]}?", text, "declared")


def _outcome(text: str) -> Fact | None:
    m = _IF.match(text)
    if m is not None:
        if not _OUTCOME.match(m.group("main")) or _NOT_ASKED_IF.search(m.group("cond")):
            return None
        return Fact(f"What happens if {first_person(m.group('cond'))}?", text, "consequence")
    b = _BEFALLS.match(text)
    if b is None or re.match(r"(?i)(?:it|this|these|those|they)\b", b.group("np")):
        return None
    np = b.group("np")
    np = np[:1].lower() + np[1:]
    return Fact(
        f"What happens to {np} {b.group('rel')} {first_person(b.group('vp'))}?", text, "consequence"
    )


def _advised(text: str) -> Fact | None:
    m = _ADVISED.match(text)
    if m is None or _PRONOUN.match(m.group("who")) or m.group("who").split()[0] in ("You", "We"):
        return None
    who = m.group("who")
    who = who if re.match(r"^[A-Z][\w'’-]*\s+[A-Z]", who) else who[:1].lower() + who[1:]
    return Fact(f"What {m.group('be')} {who} {m.group('verb')} to do?", text, "advised")


def _exempt(text: str) -> Fact | None:
    m = _EXEMPT.match(text)
    if m is None:
        return None
    head = m.group("head").lower()
    return Fact(f"Which {head} {m.group('be')} {m.group('ex')} {m.group('y')}?", text, "exempt")


def _payable(text: str) -> Fact | None:
    m = _PAYABLE.match(text)
    if m is None:
        return None
    what = f"the {m.group('what')}"
    if re.match(r"\s+(?:by|before|within|no later than|on or before)\b", m.group("rest")):
        return Fact(f"How much is {what}, and by when is it {m.group('how')}?", text, "amount")
    return Fact(f"How much is {what}?", text, "amount")


# A request the letter makes of its reader ("Please delete ..."); not an offer of help
# ("Please contact us", "Please feel free ...") nor a pointer ("Please see ...").
_REQUEST = re.compile(
    r"^(?:Please|Kindly|We (?:kindly )?(?:ask|request) (?:that )?you to)\s+(?:also\s+)?"
    r"(?!contact|call|email|e-mail|write|see|note|find|feel|do not hesitate|don't hesitate|"
    r"direct|send (?:any|your) (?:questions|queries)|let (?:us|me) know|refer|visit)"
    r"(?P<act>[a-z][^?]{8,300}[.!])$"
)


def _requests(said: Sentence, head: LetterHead) -> Candidate | None:
    """ "What does <sender> ask for in its letter?": every request the letter makes, in
    order, asked once at the first of them."""
    if head.kind not in ("letter", "memo") or not head.sender or not _REQUEST.match(said.sentence):
        return None
    asked = [
        p
        for s in said.text_chunk.body
        if s.kind in ("paragraph", "list_item")
        for p in sentences(s.text)
        if _REQUEST.match(p.strip())
    ]
    if not asked or asked[0].strip() != said.sentence.strip() or len(asked) > 4:
        return None
    sender = head.sender.split(",")[0].strip()
    about = f" about {head.matter()}" if head.matter() else ""
    if re.match(r"^\w+\s+also\b", asked[0]) and said.before:
        asked.insert(0, said.before)  # "Please also ...": the request it adds to comes first
    answer = " ".join(p.strip() for p in asked)
    return Candidate(
        f"What does {sender} ask for in the {head.kind}{about}?",
        answer,
        answer,
        said.section,
        "request",
        1,
        tuple(p.strip() for p in asked),
    )


def _sender(said: Sentence, head: LetterHead) -> Candidate | None:
    """ "Who sent the memo on <matter>, and who received it?", from the memo's head fields:
    one paragraph that holds them all, or one field a paragraph (asked at the "To" line)."""
    matter = head.matter()
    if said.before or matter is None or "to" not in fields(said.section.text.strip()):
        return None  # asked once, at the head's first sentence that says whom it is to
    head_lines = [s for s in said.text_chunk.body[:10] if fields(s.text.strip())]
    quotes: list[str] = []
    for role in ("to", "from"):
        for s in head_lines:
            value = fields(s.text.strip()).get(role)
            m = re.search(rf"\w+\s*:\s*{re.escape(value)}", s.text) if value else None
            if m is not None:
                quotes.append(m.group(0))
                break
    if len(quotes) < 2:
        return None
    bare = matter.removeprefix("the ")
    kind = f"the {bare}" if bare.startswith(head.kind) else f"the {head.kind} about {matter}"
    return Candidate(
        f"Who sent {kind}, and who received it?",
        "; ".join(quotes),
        " ".join(s.text for s in head_lines),
        said.section,
        "sender",
        1,
        tuple(quotes),
    )


def notice_prose(said: Sentence) -> Fact | Candidate | None:
    """What a sentence of a letter, memo or notice declares, decides or requires, named by
    the document's own matter (its subject line or title)."""
    text = said.text
    head = letter_head(said.text_chunk.chunk.meta.get("document"))
    if head is not None:
        whole = _sender(said, head) or _requests(said, head)
        if whole is not None:
            return whole
    if len(text) < 25 or len(text) > 420 or not text.endswith((".", "!", ")")):
        return None
    found = (
        _declared(text)
        or _outcome(text)
        or _advised(text)
        or _exempt(text)
        or _payable(text)
        or _send_to(text, head)
    )
    if found is None:
        return None
    if head is not None and head.called() is not None:
        return Fact(letter_named(found.question, head), found.answer, found.kind)
    if not names_its_subject(found.question, said.topic):
        return None  # a question that says nothing of which document or matter
    return found
