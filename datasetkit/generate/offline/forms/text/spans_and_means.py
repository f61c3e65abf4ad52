"""Clause questions on how long a rule lasts and how a reader does what a rule lets them do.

Two shapes that rules, consent forms, privacy notices and manuals share:

- a party must, should or will do something for a stated time, or a thing is kept for
  one ("<party> should remain ... for <n> <unit>", "<records> are stored for <n> <unit>")
  -> "How long should <party> remain ...?";
- a party can do something by doing something else ("<party> can <do X> by <doing Y>")
  -> "How can <party> <do X>?";
- a party has a stated time to do something ("<party> will have <n> <unit> (in which) to
  <do X>") -> "How many <unit> will <party> have to <do X>?".

Each question is built from the clause's own words; the answer is the whole sentence.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.language.clauses import (
    PARTICIPLE,
    Clause,
    cut,
    lead_tail,
    modal_opening,
    plural_subject,
)
from datasetkit.generate.offline.language.words import capital, first_person

_TIME_UNIT = (
    r"(?:business |working |calendar |consecutive )?"
    r"(?:minutes?|hours?|days?|nights?|weeks?|months?|years?)"
)
_COUNT = (
    r"(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"fifteen|twenty|thirty|forty-five|sixty|ninety)(?:\s*\(\d+\))?"
)
# "for 15 minutes", "for at least six years", "for a period of 12 months": a duration. Not
# "for 30 days' notice" or "for 10 days of leave" (an amount the duration measures).
FOR_DURATION = re.compile(
    rf"\s*,?\s*\bfor\s+(?:at least |a minimum of |up to |a maximum of |no more than |"
    rf"a period of |approximately |about )?{_COUNT}[\s-]+{_TIME_UNIT}\b(?![’'-]|\s+of\b)"
)
# Subjects a question cannot name: what they point at is in another sentence.
_POINTER = re.compile(r"(?i)^(?:it|this|that|these|those|they|such \w+|we|he|she)$")
# "us", "our": the writer, whom a question asked of the document cannot name.
_WRITER = re.compile(r"(?i)\b(?:we|us|our|ours)\b")
# The verbs of a duration a party spends ("remain", "stay") or a thing is kept for.
_LASTS = frozenset(("last", "lasts", "remain", "remains", "stay", "stays", "run", "runs"))


def _party(c: Clause) -> bool:
    return bool(c.subject) and not _POINTER.match(c.subject) and not c.negative


def _do(subject: str) -> str:
    return "do" if subject in ("I", "you") or plural_subject(subject) else "does"


# "have 90 days in which to inspect ...", "has ten (10) days to cure ...": the time a
# party is given; what follows "to" up to a purpose or a condition is the task.
_ALLOWED = re.compile(
    rf"^(?:have|has)\s+(?:(?:at least|up to|only)\s+)?(?P<n>{_COUNT})\s+(?P<unit>{_TIME_UNIT})"
    r"\s+(?:in which\s+)?to\s+(?P<task>[a-z][^,;]*?)"
    r"(?=\s+(?:to ensure|in order|so that|if|unless|from|after|following)\b|[,;.]|$)"
)
# "will have" asks "will ... have"; "shall have" (an agreement's wording) asks "does".
_HAVE_MODALS = ("will", "shall", "would")


def time_allowed(c: Clause, sentence: str) -> Fact | None:
    """ "<Party> will have <n> <unit> (in which) to <do X>" -> "How many <unit> will <party>
    have to <do X>?" (the sentence answers)."""
    rest = c.rest
    if c.kind == "modal" and c.verb in _HAVE_MODALS and not c.negative:
        opening = _do(c.subject) if c.verb == "shall" else c.verb
    elif c.kind == "verb" and c.verb in ("have", "has"):
        opening, rest = _do(c.subject), f"{c.verb} {rest}"
    else:
        return None
    m = _ALLOWED.match(rest)
    if m is None or not _party(c) or _WRITER.search(m.group("task")):
        return None
    unit = m.group("unit").split()[-1]
    unit = unit if unit.endswith("s") else unit + "s"
    said = f"How many {unit} {opening} {c.subject} have to {m.group('task')}{lead_tail(c.lead)}"
    return Fact(capital(first_person(said)) + "?", sentence, "deadline")


def ask_how_long_for(c: Clause, sentence: str) -> Fact | None:
    """ "<Party> <modal> <do X> for <n> <unit> ..." -> "How long <modal> <party> <do X>?";
    "<Things> are <kept> for <n> <unit>" -> "How long are <things> <kept>?"; first, the
    time a party has to do something (:func:`time_allowed`)."""
    allowed = time_allowed(c, sentence)
    if allowed is not None:
        return allowed
    m = FOR_DURATION.search(c.rest)
    if m is None or not _party(c):
        return None
    if _CLAUSE_BEFORE.search(c.rest[: m.start()]):
        return None  # the duration belongs to a second clause, not to the subject's
    rest = cut(c.rest[: m.start()] + " " + c.rest[m.end() :])
    if not rest:
        return None
    if c.kind == "modal":
        opening, then = modal_opening(c)
        if opening in ("Do", "Does"):
            opening = _do(c.subject).capitalize()
        clause = f"{opening.lower()} {c.subject} {then} {rest}"
    elif c.kind == "copula":
        if not PARTICIPLE.match(rest) or c.verb not in ("is", "are", "will be"):
            return None
        be = c.verb.split()
        clause = f"{be[0]} {c.subject} {' '.join([*be[1:], rest])}"
    elif c.verb in _LASTS:
        do = "does" if c.verb.endswith("s") else "do"  # the verb's own number
        clause = f"{do} {c.subject} {c.verb.removesuffix('s')} {rest}"
    else:
        return None
    question = first_person(f"How long {' '.join(clause.split())}{lead_tail(c.lead)}?")
    if _WRITER.search(question):
        return None
    return Fact(capital(question), sentence, "term")


# A second clause before the duration: "..., and <party> must keep it for <n> years".
_CLAUSE_BEFORE = re.compile(r"[;:]|,\s*(?:and|but|or|which|who|while)\b")
# "<do X> by <doing Y>": the means, after the deed it serves.
_BY_MEANS = re.compile(r"\s+by\s+(?:\w+ing)\b")
_MAY = ("can", "may", "is able to", "are able to")


def ask_how_by(c: Clause, sentence: str) -> Fact | None:
    """ "<Party> can <do X> by <doing Y> ..." -> "How can <party> <do X>?"."""
    if c.kind != "modal" or c.verb not in _MAY or not _party(c):
        return None
    m = _BY_MEANS.search(c.rest)
    if m is None:
        return None
    # "you may want to <do X> by ...": advice on doing X; the means is how X is done.
    deed = re.sub(r"^(?:want|wish|like|need) to\s+", "", cut(c.rest[: m.start()]))
    if len(deed.split()) < 2 or _CLAUSE_BEFORE.search(deed):
        return None
    question = first_person(f"How can {c.subject} {deed}{lead_tail(c.lead)}?")
    if c.lead.startswith(("if ", "when ")):
        question = question[:-1] + f" {first_person(c.lead)}?"
    if _WRITER.search(question):
        return None
    return Fact(capital(question), sentence, "means")


# "use <what> to|for <purpose>" after a modal or as the verb; "used to|for <purpose>" after
# a copula: a purpose the sentence gives.
_USE_FOR = re.compile(r"^use\s+(?P<what>[^,;:()]{3,60}?)\s+(?:to|for)\s+[a-z]")
# "many sites", "some books", "different terminology": no one and nothing in particular.
_SOME = re.compile(
    r"(?i)^(?:many|some|most|several|few|various|other|certain|different|a variety|a number)\b"
)
_USED_FOR = re.compile(r"^(?:only |mainly |primarily |also )?used\s+(?:to|for)\s+[a-z]")
# What is used, when it runs on into a clause of its own ("code that may be easier to
# read"): its "to" belongs to that clause, not to the use.
_CLAUSE_IN_WHAT = re.compile(
    r"(?i)\b(?:that|which|who|whose|where|is|are|was|were|may|might|can|could|will|would|"
    r"if|when|whenever|unless|you|we|they)\b"
    r"|\b(?:easier|harder|simpler|faster|slower|better|worse|more|less)$"
)


def ask_used_for(c: Clause, sentence: str) -> Fact | None:
    """ "<Party> will use <what> to <do Y>" -> "What will <party> use <what> for?";
    "<Thing> is used to <do Y>" -> "What is <thing> used for?"."""
    if not _party(c) or _SOME.match(c.subject) or re.match(r"(?i)(?:a|an|any)\s", c.subject):
        return None  # "What is a scheduler used for?": which one, the sentence does not say
    rest = c.rest.strip()
    m = _USE_FOR.match(rest if c.kind == "modal" else f"use {rest}")
    if m is not None and (_SOME.match(m.group("what")) or _CLAUSE_IN_WHAT.search(m.group("what"))):
        return None  # "use different terminology": nothing in particular is used
    if m is not None and re.search(r"^to\b|\b(?:that|which|who)\b", m.group("what")):
        # "uses to <do X> for ..." (the clause's subject was read past its end) and "uses a
        # <thing> that is known for ...": the "for" is not the purpose of the use.
        return None
    tail = lead_tail(c.lead)
    if c.kind == "copula" and c.verb in ("is", "are") and _USED_FOR.match(rest):
        question = f"What {c.verb} {c.subject} used for{tail}?"
    elif m is not None and c.kind == "modal" and c.verb in ("will", "may", "can", "must", "shall"):
        question = f"What {c.verb} {c.subject} use {m.group('what')} for{tail}?"
    elif m is not None and c.kind == "verb" and c.verb in ("use", "uses"):
        do = "does" if c.verb == "uses" else "do"  # the verb's own number, not a guess
        question = f"What {do} {c.subject} use {m.group('what')} for{tail}?"
    else:
        return None
    question = first_person(question)
    if _WRITER.search(question):
        return None
    return Fact(capital(question), sentence, "purpose")


# "<notify> <party> of|about|if|when <what>": whom a rule has a party tell, and of what.
_NOTIFY = re.compile(
    r"^(?:immediately |promptly |first |also |then )?(?P<verb>notify|inform|alert|tell|advise)\s+"
    r"(?P<who>(?:the|your|my|their|his|her|a|an|any)\s+[a-z][\w -]{1,40}?|[A-Z][\w&]*(?: [A-Z][\w&]*){0,3})"
    r"\s+(?P<of>(?:immediately |promptly )?(?:of|about|if|when|before|as soon as)\s+[^;]{8,160}?)\.?$"
)


def ask_whom_to_tell(c: Clause, sentence: str) -> Fact | None:
    """ "<Party> must notify <someone> of <what>" -> "Who must <party> notify of <what>?";
    a promise said in the first person ("I will alert ...") asks what the reader should do."""
    if c.kind != "modal" or not _party(c):
        return None
    m = _NOTIFY.match(c.rest.strip())
    if m is None or _CLAUSE_BEFORE.search(m.group("of")):
        return None
    of = re.sub(r"^(?:immediately|promptly)\s+", "", m.group("of")).rstrip(".")
    if c.verb == "will" and c.subject in ("I", "you"):
        opening, then = "Should", ""
    else:
        opening, then = modal_opening(c)
        if opening in ("Do", "Does"):
            opening = _do(c.subject).capitalize()
    clause = " ".join(f"{opening.lower()} {c.subject} {then} {m.group('verb')} {of}".split())
    question = first_person(f"Who {clause}{lead_tail(c.lead)}?")
    if _WRITER.search(question):
        return None
    return Fact(capital(question), sentence, "contact")


# "... set <an allowance> for <what> of <amount> per <unit> ...": a figure the writer fixed.
_SET_FIGURE = re.compile(
    r"\b(?:set|fixed|established|introduced)\s+(?:an?\s+|the\s+)?(?:\w+\s+)?"
    r"(?P<noun>allowances?|limits?|caps?|maximums?|rates?|budgets?|ceilings?)\s+"
    r"(?:for\s+(?P<what>[a-z][\w -]{2,40}?)\s+)?of\s+(?P<amount>[$€£¥₹]\s?\d[\d,.]*|\d[\d,.]*\s?%)"
    r"\s+per\s+(?P<per>[a-z]+)\b"
)


def set_figure(sentence: str) -> Fact | None:
    """ "We have set allowances for <what> of <amount> per <unit>" -> "What is the
    allowance for <what> per <unit>?"."""
    m = _SET_FIGURE.search(sentence)
    if m is None:
        return None
    noun = m.group("noun").removesuffix("s")
    what = f" for {first_person(m.group('what'))}" if m.group("what") else ""
    return Fact(f"What is the {noun}{what} per {m.group('per')}?", sentence, "amount")


_WHEN_WORDS = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|fourteen|twenty|thirty|\d+(?:\.\d+)?"
)
# The time a deed is done at: "<n> <unit> before|after <event>", "after|once <event>".
_AT_TIME = re.compile(
    rf"\s+(?P<time>(?:(?:at least |no later than |up to )?(?:a|an|{_WHEN_WORDS})\s+(?:working |"
    rf"business |calendar )?(?:days?|weeks?|months?|hours?)\s+(?:before|after|prior to)|after|"
    rf"before|once|prior to|on completion of)\s+(?:the\s+|a\s+|an\s+|your\s+|each\s+)?[a-z]\w+)"
)
_PASSIVE = re.compile(
    r"^(?P<be>be|have been)\s+(?P<done>(?:\w+ed|sent|paid|given|made|held|done|taken|kept|"
    r"issued|set|met|shown|seen|read|written)(?:\s+(?:out|up|back|off|over)\b)?)"
    # "... sent for the balancing payment one week before ...": what it is sent for, then when.
    r"(?P<for>\s+(?:for|to)\s+(?:the|a|an|your|each)\s+(?:[\w-]+\s+){0,3}?[\w-]+(?=\s+(?:a|an|"
    rf"{_WHEN_WORDS}|after|before|once|prior|on)\b))?"
)


def ask_when_done(c: Clause, sentence: str) -> Fact | None:
    """ "<Thing> will be <sent> <n> <unit> before|after <event>" -> "When will <thing> be
    <sent>?": the time of a deed the sentence states."""
    if c.kind != "modal" or c.verb not in ("will", "must", "should", "shall") or not _party(c):
        return None
    rest = c.rest.strip()
    m = _PASSIVE.match(rest)
    if m is None or _AT_TIME.match(rest[m.end() :]) is None:
        return None  # the time right after the deed; a later one may be another clause's
    verb = "must" if c.verb == "shall" else c.verb
    done = m.group("done") + (m.group("for") or "")
    question = first_person(f"When {verb} {c.subject} {m.group('be')} {done}?")
    if _WRITER.search(question):
        return None
    return Fact(capital(question), sentence, "when")
