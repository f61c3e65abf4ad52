"""Questions a clause asks by what it says: how often, when, who, where, why, is it
allowed. "<Things> are <done> annually" asks "How often are <things> <done>?", not
"Are <things> <done> annually?" -> "Yes. ...".
The sentence-fact form (``statements``) tries these after deadlines and before limits
and amounts."""

from __future__ import annotations

import re
from dataclasses import replace

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.forms.text.prohibited import allowed_act
from datasetkit.generate.offline.language.agreement import plural
from datasetkit.generate.offline.language.clauses import (
    PARTICIPLE,
    Clause,
    cut,
    lead_tail,
    modal_opening,
    plural_subject,
    verb_base,
)
from datasetkit.generate.offline.language.past_tense import participle_base, third_person
from datasetkit.generate.offline.language.words import capital, first_person
from datasetkit.generate.offline.subject_words import DOC_KINDS, RULE_NOUNS

# "by the end of the month", "by 31 January": a deadline, not who does it.
_BY_TIME = re.compile(
    r"\bby\s+(?:the\s+)?(?:\d|end of|(?:January|February|March|April|May|June|July|August|"
    r"September|October|November|December)\b)"
)


# How often something happens: "<Things> are <done> annually" asks "How often are
# <things> <done>?" (not "Are they <done> annually?").
_OFTEN = re.compile(
    # Not the end of a hyphenated word: "semi-annually" is one frequency, not "semi-" and one.
    r"(?:,\s*)?(?<![\w-])(?:(?:semi|bi)-?)?(?:annually|yearly|monthly|weekly|daily|quarterly|"
    r"every (?:year|month|week|day|quarter|(?:two|three|six|\d+) (?:years|months|weeks|days))|"
    r"(?:once|twice|\d+ times) (?:a|per|each|every) (?:year|month|week|day|quarter)|"
    r"each (?:year|month|week|day|quarter)|at least (?:once|twice) (?:a|per|every) \w+)\b"
)


# A noun phrase after the frequency, or after an aside that follows it: the verb's object.
_OBJECT = re.compile(
    r"(?:^|,\s+)(?:a|an|the|all|any|each|every|its|their|his|her|your|our)\s", re.IGNORECASE
)


def ask_how_often(c: Clause, sentence: str) -> Fact | None:
    m = _OFTEN.search(c.rest)
    if m is None or c.negative or c.verb in ("may", "might", "could"):
        return None  # "you may have to <do X> for each day": a possibility, not a rule
    rest = c.rest[: m.start()].rstrip(" ,")
    rest = re.sub(r"\s+(?:at least|at most|no less than|no more than|and)\s*$", "", rest)
    rest = cut(rest)
    if re.search(r"\b(?:for|in|on|at|by|per|of|to)$", rest):
        return None  # "pay a copay for [each day]": the frequency belongs to a noun
    if re.search(r"\b(?:that|which|who|whose)\b", c.rest[: m.start()]):
        return None  # "... and licenses that are invoiced annually": another clause's
    after = c.rest[m.end() :].lstrip(" ,")
    after = "" if re.match(r"(?:and|or|but|thereafter)\b", after) else cut(after)
    if _OBJECT.search(after):
        return None  # "send to <someone> weekly a listing of ...": the object follows it
    head = "How often"
    when = _WHEN.search(rest)
    if when:
        # "... at the start of <an event> and annually thereafter": when, not how often.
        head, rest = "When", rest[: when.start()]
    if len(rest.split()) < 1 or re.search(r"\b(?:and|or)$", rest):
        return None
    if c.kind == "modal":
        opening, then = modal_opening(c)
        if opening in ("Do", "Does"):
            opening, then = "must", ""
        clause = f"{opening.lower()} {c.subject} {then} {rest}"
    elif c.kind == "copula":
        if not PARTICIPLE.match(rest):
            return None
        clause = f"{c.verb} {c.subject} {rest}"
    else:
        do = "do" if plural(c) else "does"
        clause = f"{do} {c.subject} {verb_base(c.verb)} {rest}"
    question = first_person(f"{head} {re.sub(' +', ' ', clause)}{lead_tail(c.lead)}") + "?"
    return Fact(question, sentence, "frequency")


_WHEN = re.compile(
    r"\s+(?:at the (?:start|beginning|end|time) of|upon|on (?:the|your|their) first)\b"
)


_AGENT = re.compile(
    r"^(?P<part>\w+(?:ed|en)|made|paid|held|sent|kept|run|set|done|given|taken|built|led|"
    r"owned|sold|bought|taught|met|read|told|found|brought)\s+by\s+(?P<agent>(?:the|a|an|your|"
    r"our|their|[A-Z])[^,;]*)"
)
_NOT_AGENT = re.compile(
    r"(?i)^(?:the|a|an)?\s*(?:end|start|time|date|deadline|law|default|mail|email|phone|"
    r"way|means|following)\b|\b\w+ing\b$|^[a-z]+ing\b"
    # "by the hour", "by the dozen": a rate (how much at a time), no one who does it.
    r"|^the\s+(?:second|minute|hour|day|night|week|month|quarter|year|piece|unit|item|page|"
    r"word|dozen|kilo|kilogram|gram|pound|ounce|litre|liter|gallon|metre|meter|mile|"
    r"kilometre|kilometer|ton|tonne|case|box|bottle|glass|head|person|seat|room)s?\b"
)


def ask_who_by(c: Clause, sentence: str) -> Fact | None:
    """ "Badges are issued by the security team." -> "Who are badges issued by?"."""
    if c.kind != "copula" or c.negative or c.verb not in ("is", "are", "was", "were"):
        return None
    if re.match(r"(?i)no\s", c.subject):
        return None  # "No work is required by <X>": in the active voice a negation is lost
    m = _AGENT.match(c.rest)
    if m is None or _NOT_AGENT.search(m.group("agent").strip()) or _BY_TIME.search(c.rest):
        return None
    if _acts(m.group("agent")):
        base = participle_base(m.group("part"))
        # Said in the active voice when the verb has a known base: "Who appoints X?" ends
        # on what it asks of, not on a stranded "by" no subject can be added after.
        does = m.group("part") if c.verb in ("was", "were") else third_person(base or "")
        if base is None or c.lead or c.subject == "I":
            does = ""
        question = (
            f"Who {does} {c.subject}"
            if does
            else (f"Who {c.verb} {c.subject} {m.group('part')} by{lead_tail(c.lead)}")
        )
        return Fact(capital(first_person(question)) + "?", sentence, "agent")
    # A thing that does it ("covered by a warranty") is asked in the active voice: "What is
    # <X> covered by?" is not how anyone asks.
    base = participle_base(m.group("part"))
    if base is None:
        return None
    does = m.group("part") if c.verb in ("was", "were") else third_person(base)
    # "a limited warranty": the kind of thing is what the question asks for by name.
    kind = _KIND_OF_AGENT.match(m.group("agent"))
    what = f"What {kind.group('noun')}" if kind else "What"
    question = first_person(f"{what} {does} {c.subject}{lead_tail(c.lead)}")
    return Fact(capital(question) + "?", sentence, "agent")


# An indefinite agent and its head noun: "a 1-year limited warranty from ...", "an annual
# fee" (not an amount or a number: "a number of users" asks "What", not "What number").
_KIND_OF_AGENT = re.compile(
    r"^an?\s+(?:(?!(?:of|against|for|from|in|on|with|to|by|at|and|or)\b)[\w'’-]+\s+){0,3}?"
    r"(?P<noun>(?!(?:number|amount|total|variety|range|lot|couple|combination|mix|series|set|"
    r"group|kind|type|form|part|share|lack|result|matter)\b)[a-z]{3,})"
    r"(?=\s*(?:$|[.,;(]|\s(?:from|of|for|that|which|with|in|on|at|by|to|against)\b))"
)


# Who can do something: people and the bodies they form.
_ACTOR = re.compile(
    r"(?i)^(?:employee|staff|contractor|member|partner|visitor|customer|worker|manager|"
    r"person|people|individual|team|department|committee|board|officer|director|head|"
    r"leader|supervisor|administrator|owner|provider|insurer|employer|company|"
    r"organi[sz]ation|agency|authority|office|council|panel|group|unit|desk|firm|bank|"
    r"auditor|reviewer|approver|representative|agent|user|party|parties|government|court|"
    r"regulator|vendor|supplier|doctor|physician|nurse|teacher|client|HR|IT|"
    # The offices and bodies of a state or a region: who appoints, elects or decides.
    r"president|parliament|minister|ministry|cabinet|assembly|senate|congress|legislature|"
    r"municipality|governor|mayor|king|queen|monarch|electorate|voter|citizen|"
    r"commission|council)s?$"
)


_DETERMINERS = {"the", "a", "an", "our", "your", "their", "its", "each", "every", "any"}


def _acts(agent: str) -> bool:
    """Whether the agent of a passive ("by <agent>") is someone ("the security team",
    "HR", "Contoso") rather than something ("the number of users", "market demand"),
    judged by the head noun of its first phrase."""
    # A reference in brackets ("(Methods)", "(see Fig. 2)") names no doer.
    agent = re.sub(r"\([^()]*\)", " ", agent)
    first = re.split(
        r",|;|\s(?:of|and|or|through|for|with|in|on|from|to|that|which|who|every|each|per|"
        r"within|before|after|during|at)\s",
        agent,
    )
    words = re.findall(r"[\w'’&-]+", first[0])
    if not words:
        return False
    if any(w[:1].isupper() for w in words if w.casefold() not in _DETERMINERS):
        return True  # a name: "by Contoso", "by the Security Team"
    return bool(_ACTOR.match(words[-1]))


_WHERE = re.compile(
    r"^(?P<vp>(?:\w+\s){0,2}\w+)\s+(?:at|in|on|through|via)\s+(?:the|our|your)\s+[\w -]*?"
    r"\b(?:desk|office|portal|room|building|reception|entrance|lobby|app|system|website|site|"
    r"intranet|counter|branch|store|shop|warehouse|centre|center|floor|hub|page|tool)\b"
)


def ask_where(c: Clause, sentence: str) -> Fact | None:
    """ "Visitors must sign in at the front desk ..." -> "Where must visitors sign in?"."""
    if c.kind != "modal" or c.negative:
        return None
    m = _WHERE.match(c.rest)
    if m is None:
        return None
    opening, then = modal_opening(c)
    if opening in ("Do", "Does"):
        opening, then = "must", ""
    clause = re.sub(" +", " ", f"{opening.lower()} {c.subject} {then} {m.group('vp')}")
    return Fact(first_person(f"Where {clause}{lead_tail(c.lead)}") + "?", sentence, "where")


_ONLY_WHEN = re.compile(r"^(?P<part>\w+(?:ed|en))\s+only\s+(?:when|if)\b")
# A permission under a condition or for an occasion: "<Claims> are allowed when ...",
# "<Expenses> are reimbursable for <work-related travel> only". Not "covered for 30 days".
_ALLOWED_WHEN = re.compile(
    r"^(?P<part>allowed|permitted|reimbursable|reimbursed|payable|accepted|granted)\s+"
    r"(?:only\s+)?(?:when|if|for\s+(?!\d|up to\b|a maximum\b|a period\b|all\b|any\b)(?=\w))"
)
_HOURS = re.compile(
    r"^(?P<state>available|open|closed|staffed|reachable)\b.*?\b(?:from \d|between \d|\d{1,2}[:.]\d\d|"
    r"24/7|around the clock|(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|weekdays)\b)"
)


def ask_when(c: Clause, sentence: str) -> Fact | None:
    """ "<Things> are <done> only when ..." -> "When are <things> <done>?"; "<Someone> is
    available from <time> to <time>" -> "When is <someone> available?"."""
    if c.kind != "copula" or c.negative or c.verb not in ("is", "are"):
        return None
    only = _ONLY_WHEN.match(c.rest) or _ALLOWED_WHEN.match(c.rest)
    if only is not None and PERSONS.search(c.rest[only.end() : only.end() + 40]):
        return None  # "allowed for employees who ...": who, not when
    hours = _HOURS.match(c.rest) if only is None else None
    word = only.group("part") if only else hours.group("state") if hours else None
    if word is None:
        return None
    question = first_person(f"When {c.verb} {c.subject} {word}{lead_tail(c.lead)}")
    return Fact(capital(question) + "?", sentence, "when")


_PROHIBITED = re.compile(
    r"^(?:strictly |expressly |absolutely )?(?:prohibited|forbidden|banned|not (?:permitted|"
    r"allowed|tolerated))\b"
)


def ask_allowed(c: Clause, sentence: str) -> Fact | None:
    """ "<Conduct> is strictly prohibited." -> "Is <conduct> allowed?" -> "No. ...": the
    rule, asked the way someone tempted would ask it."""
    if c.kind != "copula" or c.verb not in ("is", "are") or not _PROHIBITED.match(c.rest):
        return None
    if c.negative and not c.rest.startswith("not"):
        return None
    act = ""
    if re.match(r"^(?:\w+ )?(?:prohibited|forbidden|barred) from\b", c.rest):
        # "<Party> are prohibited from <doing X>": the party is allowed or not to do X;
        # without X the question asks nothing.
        act = allowed_act(c.rest) or ""
        if not act:
            return None
        act = f" {act}"
    elif m := re.match(
        r"^\w+(?: \w+)? (?P<when>(?:while|during|on|at|in) [\w ]{3,60})\.?$", c.rest
    ):
        act = f" {m.group('when')}"  # "prohibited while on duty": the "No." holds only then
    asked = f"{c.verb.capitalize()} {c.subject} allowed{act}{lead_tail(c.lead)}"
    question = first_person(asked)
    return Fact(question + "?", f"No. {sentence}", "rule")


_BECAUSE = re.compile(r",?\s+(?:due to|because of|because|owing to|as a result of)\s+\S")


# A second clause before the reason: the reason explains that clause, not the subject's.
_ANOTHER_CLAUSE = re.compile(
    r"[;:]|,\s*(?:but|and|yet|while|whereas|although|though|which|so|as)\b|\s(?:but|yet)\s"
)


def ask_why(c: Clause, sentence: str) -> Fact | None:
    """ "<Things> are <doing X> due to <cause>." -> "Why are <things> <doing X>?"."""
    m = _BECAUSE.search(c.rest)
    if m is None or c.kind == "modal":
        return None
    if _ANOTHER_CLAUSE.search(c.rest[: m.start()]):
        return None  # "X is costly, but it has an advantage because ...": the reason is Y's
    rest = cut(c.rest[: m.start()])
    if len(rest.split()) < (1 if c.kind == "copula" else 2) or re.search(
        r"\b(?:and|or|of|for|to|in)$", rest
    ):
        return None
    if len(rest.split()) > 14 or re.search(
        r"\b(?:presumably|probably|likely|possibly|partly|mainly|largely|mostly)$", rest
    ):
        # A long clause asked "Why ...?" restates nearly all of its answer, and a hedge
        # before the cause ("presumably due to") is cut off mid-thought.
        return None
    if c.kind == "copula":
        clause = f"{c.verb} {c.subject}{' not' if c.negative else ''} {rest}"
    else:
        do = "do" if plural(c) else "does"
        clause = f"{do} {c.subject} {verb_base(c.verb)} {rest}"
    return Fact(first_person(f"Why {clause}{lead_tail(c.lead)}") + "?", sentence, "why")


_INCLUDES = frozenset(("include", "includes", "contain", "contains", "cover", "covers"))
_NAMED_BY_PARTICIPLE = re.compile(
    r"^(?P<noun>[A-Za-z][a-z]+)\s+(?P<rest>(?:typically |usually |generally |often )?"
    r"(?:included|covered|offered|provided)\s+(?:in|by|under|with)\s+.{3,60})$"
)


def ask_what_included(c: Clause, sentence: str) -> Fact | None:
    """ "This <np> will include <a>, <b>, and <c>." -> "What will <the np> include?"; the
    answer names them all."""
    listed = cut(c.rest)
    if re.search(r",\s+(?:while|whereas)\s", c.rest):
        return None  # "X covers a and b, while Y only covers a": a comparison, asked as one
    if c.negative or not re.search(r",|\band\b", listed):
        return None  # "will cover the cost of <one thing>, so ...": one thing, not a list
    if "," not in listed and re.match(r"(?i)(?:the\s+)?(?:full\s+)?costs?\s+(?:of|for)\b", listed):
        return None  # "covers the cost of <a> and <b>": the cost is one thing too
    named = _NAMED_BY_PARTICIPLE.match(c.subject)
    if c.kind == "verb" and c.verb in _INCLUDES and named:
        # "<Things> typically included in <X> include ..." -> "What <things> are typically
        # included in <X>?", not "What do <things> ... include?"
        be = "are" if plural_subject(c.subject) else "is"
        what = f"{named.group('noun').lower()} {be} {named.group('rest')}"
        return Fact(first_person(f"What {what}{lead_tail(c.lead)}") + "?", sentence, "includes")
    if c.kind == "verb" and c.verb in _INCLUDES:
        do = "do" if plural(c) else "does"
        clause = f"{do} {c.subject} {verb_base(c.verb)}"
    elif (
        c.kind == "modal" and c.verb == "will" and re.match(r"(?:include|contain|cover)\b", c.rest)
    ):
        clause = f"will {c.subject} {c.rest.split()[0]}"
    else:
        return None
    return Fact(first_person(f"What {clause}{lead_tail(c.lead)}") + "?", sentence, "includes")


_TERM = re.compile(
    r"^(?:a|an)\s+(?P<n>\d+|one|two|three|four|five|six|ten|twelve)[- ](?:year|month|week|day)s?"
    r"\s+(?P<what>warranty|guarantee|trial(?: period)?|notice period|probation(?:ary period)?|"
    r"money-back guarantee)\b"
)


def ask_how_long(c: Clause, sentence: str) -> Fact | None:
    """ "All <products> carry a <n>-year warranty ..." -> "How long is the warranty on
    <products>?"."""
    if (
        c.kind != "verb"
        or c.negative
        or c.verb not in ("carry", "carries", "have", "has", "come", "comes", "get", "gets")
    ):
        return None
    rest = re.sub(r"^with\s+", "", c.rest)
    m = _TERM.match(rest)
    if m is None:
        return None
    subject = re.sub(r"(?i)^(?:all|every|each|our)\s+", "", c.subject)
    question = f"How long is the {m.group('what')} on {subject}{lead_tail(c.lead)}?"
    return Fact(first_person(capital(question)), sentence, "term")


_PERSONS_OBJECT = re.compile(
    r"(?i)\b(?:employees?|staff|contractors?|members?|partners?|visitors?|customers?|"
    r"workers?|managers?|persons?|people|individuals?|anyone|everyone|third parties)\b"
)


def ask_applies_to(c: Clause, sentence: str) -> Fact | None:
    """ "This <document> applies to all <people>." -> "Who does <the document> apply
    to?"; "... applies to all <things>" -> "What"."""
    if c.kind != "verb" or c.negative or c.verb not in ("applies", "apply"):
        return None
    if not c.rest.startswith("to ") or len(cut(c.rest[3:]).split()) < 2:
        return None
    who = "Who" if _PERSONS_OBJECT.search(cut(c.rest[3:])) else "What"
    one_document = re.search(
        r"(?i)\b(?:policy|plan|program|programme|handbook|guide|code)$", c.subject
    )
    do = "do" if plural(c) and not one_document else "does"
    return Fact(
        first_person(f"{who} {do} {c.subject} apply to{lead_tail(c.lead)}?"), sentence, "scope"
    )


# "What can I do if I am unsure?", "... if a member has any questions?": the condition
# names nothing the agent must know, and the answer is "contact customer service".
_VAGUE_LEAD = re.compile(
    r"(?i)\b(?:unsure|not sure|uncertain|questions?|concerns?|unclear|in doubt|"
    r"need (?:help|assistance|more information|further information)|"
    r"(?:when|if|while) (?:considering|choosing|deciding|selecting|thinking about|planning))\b"
)


# A lead that states who one is or a routine ("if I am <in a state>", "if I work <when>",
# "when <doing X>ing", "if I find myself in ...") names no
# event the answer responds to: "What can I do ...?" is then a vague question.
_STATE_LEAD = re.compile(
    r"(?i)^(?:if|when|while) (?:I (?:am|work|live|find myself|usually|often)\b|"
    r"(?!I\b)[a-z]+ing\b)"
)


# A lead that names nothing the reader could point to: "if no <thing> has been ...", "if
# there are <things>" (a bare plural or "no"/"any"), "if none ...". Asked alone, the
# question does not say whose thing or which ones; the answer only holds under its heading.
_NAMELESS_LEAD = re.compile(
    r"(?i)^(?:if|when|whenever) (?:no|none|nothing|neither)\b"
    r"|^(?:if|when|whenever) there (?:is|are|was|were|has been|have been|remains?) "
    r"(?!(?:an?|the|one|two|three|\d+)\b)"
)

# What the thing of such a lead is about or part of names it: "if there is any dispute
# about <matter>", "if no claim of <party> ...".
# "none of <them>" is a part of what came before, no qualifier, unless the words after it
# say which ("none of the <qualified things> has ...").
_QUALIFIED = re.compile(
    r"(?i)(?<!none )(?<!neither )\b(?:about|of|over|regarding|concerning|between|under|for)\s"
    r"|\b(?:none|neither) of the (?:[\w-]+ ){2,}(?:has|have|is|are|was|were|does|do|can)\b"
)


_HEDGE = re.compile(r"(?i)\b(?:likely|probably|may be able to|might be able to|possibly)\b")
_ADVICE_REST = re.compile(
    r"(?i)^(?:also |always |still )?(?:consider|keep in mind|remember|make sure|be aware|be sure|"
    r"confirm|check|think about|take into account|ask yourself)\b"
)


# A condition with no subject of its own ("if properly configured", "when prompted", "if
# so"): it speaks of what the main clause names, which "What happens ...?" drops.
_ELLIPTICAL_LEAD = re.compile(
    r"(?i)^(?:if|when|whenever|unless)\s+(?:\w+ly\s+)?(?:\w+ed|\w+en|so|not|needed|necessary|"
    r"possible|applicable|required)\b"
)


def ask_condition(c: Clause, sentence: str) -> Fact | None:
    """ "If <event>, <party> will <act>." -> "What happens if <event>?"; "If <event>, <party>
    must <act>." -> "What must <party> do if <event>?"; "If <event>, you can <act>." -> "What
    can I do if <event>?"; None for a vague lead, a hedge, advice, or a main clause that
    states no outcome."""
    if not c.lead.startswith(("if ", "when ", "whenever ")) or c.kind != "modal" or c.negative:
        return None
    if _VAGUE_LEAD.search(c.lead) or _HEDGE.search(sentence) or _ADVICE_REST.match(c.rest):
        return None  # a hedge ("will likely ...") or advice ("you should also consider ...")
    c = _owned_lead(c)
    if _NAMELESS_LEAD.match(c.lead) and not _QUALIFIED.search(c.lead):
        return None
    if _ELLIPTICAL_LEAD.match(c.lead):
        return None  # "if properly configured", "when prompted": what is, the lead leaves out
    # "If <X> also <does Y>": "also" points back to a sentence the question does not show.
    # "too" ends such a clause; before a word it is a degree ("if too much is withheld").
    lead = re.sub(r"\s+(?:also\b|too(?=\s*$))", "", first_person(c.lead))
    acts = not re.match(r"(?:be|have to|pay|receive|get|owe|incur)\b", c.rest)
    if c.subject == "I" and c.verb != "will" and acts:
        if _STATE_LEAD.match(lead):
            return None  # "What can I do if I work during the day?": no event to act on
        opening, _ = modal_opening(c)
        opening = "should" if opening in ("Do", "Does") else opening.lower()
        return Fact(f"What {opening} I do {lead}?", sentence, "condition")
    if not _outcome(c):
        return None
    duty = _DUTY.get(c.verb, "must" if c.verb.endswith("required to") else None)
    if duty and acts and _acting_party(c.subject, sentence):
        # "If <event>, the trustee must <act>": what the named party must do then, not
        # "What happens ...?" (its answer is an obligation, not an event).
        return Fact(f"What {duty} {c.subject} do {lead}?", sentence, "condition")
    return Fact(f"What happens {lead}?", sentence, "condition")


def _owned_lead(c: Clause) -> Clause:
    """ "If no <thing> has been <done>, ... <owner>'s <thing> ...": the lead said of the
    owner the main clause names, "if <owner>'s <thing> has not been <done>"."""
    m = re.match(r"(?i)(if|when) no (\w+) (has|have|is|are|was|were) (.+)$", c.lead)
    if m is None:
        return c
    owner = re.search(rf"(?i)\b((?:the|a|an) \w+(?: \w+)?['’]s?) {m.group(2)}\b", c.rest)
    if owner is None:
        return c
    lead = f"{m.group(1)} {owner.group(1)} {m.group(2)} {m.group(3)} not {m.group(4)}"
    return replace(c, lead=lead)


def _acting_party(subject: str, sentence: str) -> bool:
    """True for a party the sentence names as it is (not a pronoun, not a name the heading
    lent it) that can act: a document or a rule ("the policy should describe ...") does
    nothing, it says."""
    if subject in ("they", "we", "I") or subject.casefold() not in sentence.casefold():
        return False
    head = subject.split()[-1].casefold()
    return head not in DOC_KINDS and head not in RULE_NOUNS and head not in _SAYING


# What says rather than acts: what "must" of it is a content, not a deed.
_SAYING = frozenset(["checklist", "form", "notice", "section", "table", "letter", "page", "plan"])


# The modals of an obligation, as the question says them.
_DUTY = {
    "must": "must",
    "shall": "must",
    "should": "should",
    "need to": "must",
    "needs to": "must",
    "has to": "must",
    "have to": "must",
}


def _outcome(c: Clause) -> bool:
    """Whether the main clause says what happens when its lead holds: a definite party does
    or undergoes something. A possibility ("<thing> can be used"), an indefinite subject
    ("a <thing> will only ...") or a state the reader must be in ("I need to be ...")
    answers no "What happens ...?"."""
    if c.subject == "I":
        return c.verb == "will"
    if c.verb in ("can", "could", "may", "might"):
        return False
    return not re.match(r"(?i)(?:an?\s|[\"“'])", c.subject)


# Who a rule can be about.
PERSONS = re.compile(
    r"(?i)\b(?:employees?|you|I|members?|dependents?|individuals?|people|persons?|staff|workers?|"
    r"children|spouses?|partners?|retirees?|students?|customers?|applicants?|managers?)\b"
)


def ask_eligible(sentence: str, c: Clause | None = None) -> Fact | None:
    """ "<People> are eligible for <what>." -> "Who is eligible for <what>?"; "... eligible
    to take part in <what>" -> "Who is eligible to take part in <what>?". The eligible are
    people: the clause's subject, or "<People> who ..." opening a sentence whose subject
    holds a clause of its own."""
    m = re.search(
        r"\b(?:eligible|qualif(?:y|ies|ied)) (?P<how>for|to receive|to get|to (?!be\b)[a-z]+"
        r"(?: (?:part|up|in|on))?(?: in)?) (?P<what>[^,.;]{3,80})",
        sentence,
    )
    if m is None or (c is not None and c.negative):
        return None
    if re.search(r"\b(?:not|never|no longer)\s+(?:\w+\s+)?$", sentence[: m.start()]):
        return None  # "<People> are not eligible for <what>": who is NOT, no answer to "who is"
    what = first_person(cut(m.group("what")))
    who = c.subject if c is not None else ""
    if c is None:
        opening = re.match(r"^(?:All |Only |Any )?(?P<who>[A-Za-z -]{3,40}?) who\b", sentence)
        who = opening.group("who") if opening else ""
    if not PERSONS.search(who):
        return None  # "Services may be eligible for ...": not who, but what
    how = m.group("how")
    how = how if how.startswith("to ") and how not in ("to receive", "to get") else "for"
    return Fact(f"Who is eligible {how} {what}?", sentence, "eligibility")


_AUX_IN_SUBJECT = re.compile(r"(?i)\b(?:would|could|should|might|will|may|can|must|shall)\b")


def ask_required(c: Clause, sentence: str) -> Fact | None:
    """ "<Thing> requires <what>." -> "What does <thing> require?" (a thing's requirement:
    a version, a form, a signature), answered by the sentence."""
    if c.kind != "verb" or c.negative or c.verb not in ("require", "requires"):
        return None
    if PERSONS.search(c.subject) or len(cut(c.rest).split()) < 2:
        return None  # "Employees require ...": who must do something is another question
    if _AUX_IN_SUBJECT.search(c.subject) or re.search(r"(?i)\bthe following\b|:\s*$", c.rest):
        return None  # "<X> would also require the following ...": a clause misread, a pointer
    do = "do" if plural(c) else "does"
    return Fact(
        first_person(f"What {do} {c.subject} require{lead_tail(c.lead)}?"), sentence, "includes"
    )
