"""Questions from single English sentences: rules, limits, deadlines, contacts, yes/no.

A sentence is split into an optional lead ("With FitPass,", "If you need help,"), a
subject, a verb group (must, can be, is, covers, does not cover...) and the rest. The
question is built from those parts, so it asks about what the sentence says, in the
user's words ("you" becomes "I"), and the answer is the whole sentence (prefixed with
"Yes." or "No." for a yes/no question, with the polarity the sentence has). Sentences
that only set a tone ("We are committed to ...") give nothing: they answer nothing.
"""

from __future__ import annotations

import re
from dataclasses import replace

from datasetkit.generate.offline.candidate import Candidate, Fact
from datasetkit.generate.offline.forms.registry import ALL_LANGUAGES, form
from datasetkit.generate.offline.forms.text.clause_questions import (
    ask_allowed,
    ask_applies_to,
    ask_condition,
    ask_eligible,
    ask_how_long,
    ask_how_often,
    ask_required,
    ask_what_included,
    ask_when,
    ask_where,
    ask_who_by,
    ask_why,
)
from datasetkit.generate.offline.forms.text.contacts import contact_fact
from datasetkit.generate.offline.forms.text.figure_phrases import (
    counts_from_event,
    in_advance,
    noun_complement,
    since,
    states_a_figure,
)
from datasetkit.generate.offline.forms.text.listed_subjects import (
    first_listed,
    first_predicate,
    one_of,
)
from datasetkit.generate.offline.forms.text.prohibited import is_it_allowed
from datasetkit.generate.offline.forms.text.spans_and_means import (
    ask_how_by,
    ask_how_long_for,
    ask_used_for,
    ask_when_done,
    ask_whom_to_tell,
    set_figure,
)
from datasetkit.generate.offline.language.clauses import (
    IMPERATIVE,
    PARTICIPLE,
    Clause,
    conjunct,
    cut,
    lead_tail,
    modal_opening,
    parse,
    plural_subject,
    verb_base,
)
from datasetkit.generate.offline.language.instruction_verbs import INSTRUCTION_VERBS
from datasetkit.generate.offline.language.words import DocWords, capital, first_person, is_fluff
from datasetkit.generate.offline.text.announced_series import announced_series
from datasetkit.generate.offline.text.body_facts import body_fact
from datasetkit.generate.offline.text.clause_topics import clause_topic
from datasetkit.generate.offline.text.composition import composed_sentence
from datasetkit.generate.offline.text.counted import counted_subject
from datasetkit.generate.offline.text.entitlements import entitled_count
from datasetkit.generate.offline.text.events import dated_event
from datasetkit.generate.offline.text.figures import figure_fact, forecast_figure
from datasetkit.generate.offline.text.further import further_fact
from datasetkit.generate.offline.text.heading_bodies import body_named
from datasetkit.generate.offline.text.imperative_due import imperative_due
from datasetkit.generate.offline.text.measured_rules import figure_statement
from datasetkit.generate.offline.text.needed import needed
from datasetkit.generate.offline.text.notices import notice_prose
from datasetkit.generate.offline.text.reported import reported
from datasetkit.generate.offline.text.stated_aims import stated_aim
from datasetkit.generate.offline.text.statute_facts import statute_fact
from datasetkit.generate.offline.text.term_facts import term_fact
from datasetkit.generate.offline.text.view import Sentence
from datasetkit.generate.offline.text.votes import vote_fact
from datasetkit.generate.offline.text.who_must import modal_rule

_NUM_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|"
    "twenty|thirty|forty|forty-five|sixty|ninety"
)
_UNIT = (
    r"(?:business |working |calendar |consecutive )?(?:days?|hours?|weeks?|months?|years?|minutes?)"
)
_COUNT = rf"(?:\d+(?:\.\d+)?|{_NUM_WORDS})(?:\s*\(\d+\))?"
_MONEY = r"(?:[$€£¥₹]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:[KkMm]|million|billion))?|\d[\d,]*(?:\.\d+)?\s?(?:USD|EUR|GBP|CHF|NOK|SEK|DKK|dollars|euros))"
DEADLINE = re.compile(
    rf"\b(?:within|in no more than|no later than|not later than)\s+(?:the\s+)?(?:first\s+)?"
    rf"(?P<n>{_COUNT})\s+(?P<unit>{_UNIT})\b"
)
_MONTH = "January|February|March|April|May|June|July|August|September|October|November|December"
BY_DATE = re.compile(
    rf"\b(?P<word>by|before|until|no later than)\s+(?:the\s+)?"
    rf"(?:\d{{1,2}}(?:st|nd|rd|th)\b|\d{{1,2}}\s+(?:{_MONTH})(?:,?\s+\d{{4}}\b)?|end of(?:\s+"
    rf"(?:the|each|every|this|next))?\s+\w+|(?:{_MONTH})\s+(?:\d{{1,2}}\w*(?:,?\s+\d{{4}})?|\d{{4}})\b)"
)
LIMIT = re.compile(
    rf"\b(?P<word>up to|a maximum of|maximum of|at most|no more than|not more than|"
    rf"not exceed|a minimum of|at least|more than|less than|over)\s+"
    rf"(?P<amount>{_MONEY}|{_COUNT}\s+(?P<unit>(?:{_UNIT}\b|[a-z]+)(?:\s+(?:a|per)\s+(?:day|week|month|year))?))"
)
_AMOUNT_START = re.compile(rf"^(?:{_MONEY}|{_COUNT}\s+{_UNIT}|\d[\d,.]*\s*%?(?:\s+[a-z]+)?)")

_FLUFF_REST = re.compile(
    r"^(?:a (?:great|good|key|wonderful|valuable)|an (?:important|essential|excellent|ideal)|"
    r"(?:designed|committed|proud|excited|happy|pleased|dedicated|confident|important|essential|"
    r"crucial|vital|key|here|there|able to help|a way)\b)",
    re.I,
)
_POLICY = re.compile(
    r"\b(?:required|requires?|allowed|permitted|prohibited|forbidden|eligible|ineligible|"
    r"entitled|covered|covers?|excluded|mandatory|must|may not|cannot|can't|only|never|"
    r"approval|approved|reimburs\w*|deductible|copay\w*|coinsurance|free|fees?|charged?|costs?|"
    r"in advance|prior|annually|monthly|weekly|daily|yearly|quarterly|appl(?:y|ies) to|"
    r"terminat\w*|disciplinary|corrective action|violations?|confidential|coverage|rights?)\b",
    re.I,
)
_VAGUE = re.compile(
    r"\b(?:make sure|ensure|strive|strives|committed|commitment|try to|aim to|endeavou?r|"
    r"respond promptly|promptly and appropriately|complex|complicated|understand|be aware|encouraged?|"
    r"seek to|work to|help to|a variety of|wide (?:range|variety)|feel (?:my|your) best)\b",
    re.I,
)
_FIGURE = re.compile(rf"\d|{_MONEY}|\b(?:{_NUM_WORDS})\b", re.I)


def concrete(sentence: str, negative: bool = False) -> bool:
    """A sentence that states a rule or a fact a yes/no question can check.

    It has a negation, a number, amount or time, or a policy word (required, allowed,
    eligible, covered, must...), and no vague wording ("make sure", "strive", "committed",
    "promptly and appropriately").
    """
    if _VAGUE.search(sentence):
        return False
    return negative or bool(_FIGURE.search(sentence) or _POLICY.search(sentence))


# "Staff may not work abroad" forbids; "Fabrikam may not cover the full cost" only warns.
_PEOPLE = re.compile(
    r"(?i)\b(?:staff|employees?|you|i|members?|visitors?|managers?|workers?|contractors?|"
    r"users?|customers?|students?|guests?|everyone|anyone|people|persons?)\b"
)


# A sentence that opens by contrasting with the one before: its point is that contrast,
# which a case asked of it alone does not show ("No. However, ...").
_CONTRAST_OPENING = re.compile(
    r"(?i)^(?:however|but|nevertheless|nonetheless|yet|still|on the other hand|otherwise)\b"
)


# A limit in time or a condition that a negation holds only up to ("not <X> until <Y>"
# means "<X> once <Y>"). "Before" and "without" keep their sense in the question: "Can I
# <X> without <Y>?" - "No." is the rule.
_SCOPED = re.compile(r"(?i)\b(?:until|till|unless|except|other than)\b")


def _yes_no(c: Clause, sentence: str) -> Fact | None:
    if _CONTRAST_OPENING.match(sentence.strip()):
        return None
    one = one_of(c)
    if one is not None:
        found = _yes_no(one, sentence)
        # Exempt from "already answered": the list's question asks what, this one whether.
        return replace(found, kind="membership") if found is not None else None
    rest = cut(c.rest)
    rest = first_predicate(re.sub(r"^(?:only|also|always|immediately|still|usually)\s+", "", rest))
    example = re.search(
        r"\b(?:certain|some|several|various|many|a number of|a variety of)\b[^,;]*,?\s+"
        r"(?:including|such as)\s+(?P<first>[^,;]+?)(?=,|\s+and\s|\s+or\s|\.?$)",
        c.rest,
    )
    if example and c.negative:
        # "does not cover certain types of <things>, including <first>, ...": ask about
        # the first one the sentence names, not "certain types of <things>".
        rest = example.group("first")
    rest = first_listed(rest)
    if len(rest.split()) < 2 or _FLUFF_REST.match(rest):
        return None
    if not concrete(sentence, c.negative):
        return None  # "Can the process be complex?": nothing a yes/no answer checks
    if c.negative and _SCOPED.search(c.rest):
        # "<X> cannot <do Y> until <Z>": the "not" holds until Z, so "Can <X> <do Y> until
        # <Z>?" answered "No" says the reverse of the rule.
        return None
    if re.search(
        r"\b(?:these|those|such)\s+(?:cases?|situations?|circumstances|instances)\b", rest
    ):
        return None  # "... in these cases?": which cases, the question no longer says
    if c.kind == "modal":
        if c.negative and c.verb in ("may", "might", "could") and not _PEOPLE.search(c.subject):
            return None  # "the plan may not cover the full cost": a possibility, not a "No"
        opening, then = modal_opening(c)
        core = f"{then} {rest}".strip()
        question = f"{opening} {c.subject} {core}"
    elif c.kind == "copula":
        if not PARTICIPLE.match(rest) or re.match(r"^(?:a|an|the)\s", rest):
            return None
        question = f"{c.verb.capitalize()} {c.subject} {rest}"
    else:
        perfect = r"^(?:been|to|had|made|done|given|taken|become|shown|seen|known|\w+ed)\b"
        if c.verb in ("have", "has") and re.match(perfect, rest):
            return None
        do = "Do" if plural_subject(c.subject) else "Does"
        adverb = f"{c.adverb} " if c.adverb in ("only", "still") else ""
        question = f"{do} {c.subject} {adverb}{verb_base(c.verb)} {rest}"
    if c.lead.startswith(("if ", "when ", "unless ")):
        question += f" {first_person(c.lead)}"
    question = first_person(question + lead_tail(c.lead)) + "?"
    if not c.negative:
        # "Are X covered?" -> "Yes. X are covered.": the question states its answer (a
        # reviewer keeps none of these); only a "No" tells the agent something to get right.
        return None
    verdict = "No."
    kind = "rule" if c.kind == "modal" else "yes_no"
    return Fact(capital(question), f"{verdict} {sentence}", kind)


def _without(rest: str, match: re.Match[str]) -> str:
    before = rest[: match.start()].rstrip(" ,")
    before = re.sub(r"(?:[\s,]+(?:immediately|promptly|and|or))+$", "", before)
    # "work for up to 20 hours": the preposition that took the figure goes with it.
    before = re.sub(r"\s+for$", "", before)
    after = rest[match.end() :]
    # "within 10 days of becoming aware of it": the deadline's own complement goes too.
    after = re.sub(r"^\s+(?:of|after|from|following|prior to|before)\b[^,;]*", "", after)
    # "two sessions which will not take more than ...": a clause on what the figure counts.
    after = re.sub(r"^\s+(?:which|that|who)\b.*$", "", after)
    if rest[: match.start()].rstrip().endswith(","):
        # "receive, no later than March 1, a statement": the figure was set off by a pair
        # of commas, and both go with it.
        after = re.sub(
            r"^\s*,(?!\s*(?:and|or|but|as well as|which|who|including|if|when)\b)", "", after
        )
    return _short(cut(f"{before}{after}"))


def _short(rest: str) -> str:
    """What a deadline or limit question keeps of the clause: "<do X> in writing to <someone>
    and <someone else>" -> "<do X>" (the how and to whom are the answer's to tell)."""
    if len(rest.split()) <= 7:
        return rest
    m = re.search(
        r"\s(?:in writing|to (?:their|your|the|his|her|our|a|an)\b|with original|, with)", rest
    )
    if m and len(rest[: m.start()].split()) >= 3:
        return rest[: m.start()]
    return rest


def _deadline(c: Clause, sentence: str) -> Fact | None:
    if c.kind == "verb":
        return None
    c = conjunct(c, DEADLINE if DEADLINE.search(c.rest) else BY_DATE)
    m = DEADLINE.search(c.rest)
    by = BY_DATE.search(c.rest) if m is None else None
    found = m or by
    if found is None:
        return None
    rest = _without(c.rest, found)
    if len(rest.split()) < 1 or states_a_figure(rest):
        return None
    if c.kind == "modal":
        opening, then = modal_opening(c)
        if opening in ("Do", "Does"):
            opening, then = "must", ""
        elif opening == "Can" and c.negative:
            return None
        else:
            opening = opening.lower()
        clause = f"{opening} {c.subject} {then} {rest}"
    else:
        clause = f"{c.verb} {c.subject} {rest}"
    if m is not None:
        unit = m.group("unit") if m.group("unit").endswith("s") else m.group("unit") + "s"
        head = f"Within how many {unit}{since(c.rest[m.end() :])}"
    else:
        assert by is not None
        head = "Until when" if by.group("word") == "until" else "By when"
    question = first_person(f"{head} {re.sub(' +', ' ', clause)}{lead_tail(c.lead)}") + "?"
    return Fact(question, sentence, "deadline")


def _limit(c: Clause, sentence: str) -> Fact | None:
    c = conjunct(c, LIMIT)
    m = LIMIT.search(c.rest)
    if m is None or c.kind == "verb":
        return None
    money = m.group("unit") is None
    of_noun = noun_complement(c.rest[: m.start()])
    if of_noun is not None and (money or not of_noun[1]):
        return None  # "pay a fee of up to $50": the question would end in "a fee of"
    if of_noun is not None:
        c = replace(c, rest=of_noun[0] + c.rest[m.start() :])
        m = LIMIT.search(c.rest)
        assert m is not None
    rest = _without(c.rest, m)
    if c.kind == "copula":
        if m.start() > 0 or not rest or states_a_figure(rest):
            return None
        return Fact(
            first_person(f"What is the limit for {c.subject} {rest}{lead_tail(c.lead)}?"),
            sentence,
            "limit",
        )
    opening, then = modal_opening(c)
    if opening in ("Do", "Does", "Should"):
        opening, then = ("must" if opening != "Should" else "should"), ""
    elif c.negative:
        return None
    else:
        opening = opening.lower()
    head = "How much" if money else f"How many {m.group('unit')}"
    head = f"For h{head[1:]}" if of_noun else head
    counted = None if money else _OF_WHAT.match(c.rest[m.end() :])
    if counted is not None and len(counted.group("what").split()) < 8:
        # "up to 80 hours of award leave in a year" -> "How many hours of award leave can I
        # receive in a year?": the question names the thing the limit counts.
        head = f"{head} of {counted.group('what')}"
        kept = c.rest[: m.end()] + c.rest[m.end() + counted.end() :]
        again = LIMIT.search(kept)
        rest = cut(_without(kept, again)) if again else rest
        per = re.search(r"\s(?:a|per)\s\w+$", again.group("unit") or "") if again else None
        head = f"{head}{per.group(0) if per else ''}"  # "... of sick leave per year"
    if re.search(r"\band\s+(?:up to\s+)?\d[\d,.]*\s+\w+\s+for\b", rest):
        rest = re.split(r"\s*\bfor\b", rest, maxsplit=1)[0]  # each party's amount: ask them all
    ahead = in_advance(c.rest[m.end() :], m.group("unit") or "")
    if not ahead and not money and counts_from_event(m.group("unit"), c.rest[m.end() :]):
        return None  # "no more than 30 days after <event>": a deadline, not an amount
    if ahead and not money:
        head = ahead[0]
        rest = cut(c.rest[: m.start()] + c.rest[m.end() + ahead[1] :])
    if states_a_figure(rest):
        return None  # a second figure in the question: one answer cannot give both
    clause = re.sub(" +", " ", f"{opening} {c.subject} {then} {rest}")
    return Fact(first_person(f"{head} {clause}{lead_tail(c.lead)}") + "?", sentence, "limit")


# What a limit counts: "of award leave" (not "of becoming aware", a deadline's start),
# up to a phrase of time, place or purpose ("in a single year", "per month", "for each
# election") or the clause's end.
_OF_WHAT = re.compile(
    r"^\s+of\s+(?P<what>(?![\w-]+ing\b)[^,;.:()]+?)"
    r"(?=\s+(?:in|during|per|each|every|within|by|before|after|at|for)\s|\s*[,;.:(]|\s*$)"
)


def _count_of(c: Clause, sentence: str) -> Fact | None:
    """``Employees get 25 days of paid vacation a year.`` -> ``How many days of paid
    vacation do employees get a year?``"""
    if c.kind != "verb" or c.negative:
        return None
    m = _COUNTED.match(c.rest)
    if m is None or (_ANNOUNCED.match(m.group("unit")) and not m.group("of")):
        # "<X> has two choices.": the sentence announces what the next ones name; their
        # number alone is not what a reader asks.
        return None
    do = "do" if plural_subject(c.subject) else "does"
    counted = f"{m.group('unit')}{m.group('of') or ''}"
    question = f"How many {counted} {do} {c.subject} {verb_base(c.verb)}{m.group('per') or ''}"
    question += m.group("tail") or ""
    return Fact(first_person(f"{question}{lead_tail(c.lead)}?"), sentence, "amount")


_COUNTED = re.compile(
    rf"^(?P<n>{_COUNT})\s+(?P<unit>[a-z]+)(?P<of>\s+of\s+[a-z][a-z -]{{2,40}}?)?"
    r"(?P<per>\s+(?:a|per|each|every)\s+(?:(?:pay|billing|calendar|fiscal|school)\s+)?"
    r"(?:day|week|month|quarter|year|period|cycle))?"
    # What the count holds for: "... during your first three years of service".
    r"(?P<tail>\s+(?:during|for|in|after|until|while)\s+[^,;:()]{3,60}?)?\s*\.?$"
)


# Things a text counts before it names them one by one.
_ANNOUNCED = re.compile(
    r"(?:choices|options|alternatives|ways|steps|stages|phases|parts|kinds|types|reasons|"
    r"approaches|methods|strategies|possibilities|cases|components|goals|aims|questions)$"
)


_AGE = re.compile(
    r"(?i)^(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+"
    r"(?:years?|months?|weeks?)(?:\s+old|\s+of\s+age)\b|^aged\s+\d"
)


def _amount(c: Clause, sentence: str) -> Fact | None:
    """``Standard working hours are 40 hours per week for ...`` -> ``What are standard working hours for ...?``"""
    if c.kind != "copula" or c.negative or _AGE.match(c.rest):
        return None  # "<Name> is 4 years old" states a person's age: "What is <name>?" asks none
    m = _AMOUNT_START.match(c.rest) or re.match(
        r"^(?:from|between)\s+\d[\d:.,]*\s*(?:[ap]\.?m\.?\s*)?(?:to|and|-)\s+\d[\d:.,]*(?:\s*[ap]\.?m\.?)?",
        c.rest,
    )
    if m is None:
        return None
    after = c.rest[m.end() :]
    after = re.sub(r"^\s*(?:per|a|an|each)\s+\w+", "", after)
    tail = re.match(r"^\s*((?:for|in|at|under|on|with)\b.*)$", after)
    extra = f" {cut(tail.group(1))}" if tail else ""
    if re.search(r"[$€£¥₹]\s?\d|\d\s?%", extra):
        extra = ""  # "... for <a> and $<n> for <b>": a second amount is the answer's
    question = first_person(f"What {c.verb} {c.subject}{extra}{lead_tail(c.lead)}?")
    return Fact(capital(question), sentence, "amount")


def sentence_fact(
    sentence: str, words: DocWords, topic: str | None = None, document: str | None = None
) -> Fact | None:
    """The best question ``sentence`` answers (English), or None; ``document`` is how a user
    names the document ("the Travel Policy"), for what "the policy" in it is."""
    sentence = sentence.strip()
    if len(sentence) < 25 or len(sentence) > 420 or is_fluff(sentence) or "__" in sentence:
        return None
    if not sentence.endswith((".", "!", ")")) or sentence.count('"') % 2:
        return None
    c = parse(sentence, words, topic, document=document)
    if c is None:
        found = contact_fact(sentence, None, topic) or _instruction(sentence)
        if found is not None:
            return found
    if c is not None and c.subject in ("they", "we"):
        return ask_condition(c, sentence)
    found = contact_fact(sentence, c, topic)
    if found is None and c is not None:
        for make in (
            ask_allowed,
            _deadline,
            ask_how_often,
            ask_when,
            entitled_count,
            _limit,
            _amount,
            _count_of,
            ask_how_long_for,
            ask_who_by,
            ask_where,
            ask_why,
            ask_what_included,
            ask_required,
            ask_how_long,
            ask_applies_to,
            ask_how_by,
            ask_used_for,
            ask_whom_to_tell,
            ask_when_done,
        ):
            found = make(c, sentence)
            if found is not None:
                break
    if found is None:
        found = ask_eligible(sentence, c)
    if found is None and c is not None:
        found = ask_condition(c, sentence) or _yes_no(c, sentence)
    if found is None or len(found.question) > 220 or _LOST_CONTEXT.search(found.question):
        return None
    if re.search(
        r"(?i)\b(?:if|when) (?:they|it|this|that|these|those) \w+(?: not)?\?$", found.question
    ):
        return None  # "What happens if they are not?": the question no longer says who
    return found


# "... in these cases?", "... after this period?": what they point at, the question lost.
_LOST_CONTEXT = re.compile(
    r"(?i)\b(?:these|those|such|this|that)\s+(?:cases?|situations?|circumstances|instances|"
    r"periods?|time ?frames?|services?|conditions?|actions?|requests?|forms?|decisions?|"
    r"benefits?|steps?|types?|kinds?|items?|amounts?|fees?|costs?|procedures?|treatments?|"
    r"options?|features?|tools?|limits?|rules?)\b"
)


_INSTRUCTION = re.compile(r"^(?:Please\s+)?(?P<verb>[A-Z][a-z]+)\s+(?P<rest>.+)$")


def _instruction(sentence: str) -> Fact | None:
    """``Submit receipts within 90 days.`` -> ``Within how many days must I submit receipts?``"""
    m = _INSTRUCTION.match(sentence.strip())
    if m is None or m.group("verb").lower() not in IMPERATIVE | INSTRUCTION_VERBS:
        return None
    deadline = DEADLINE.search(m.group("rest"))
    if deadline is None or deadline.start() == 0:
        return None
    rest = _without(m.group("rest"), deadline)
    unit = deadline.group("unit")
    unit = unit if unit.endswith("s") else unit + "s"
    question = first_person(f"Within how many {unit} must I {m.group('verb').lower()} {rest}?")
    return Fact(question, sentence, "deadline")


@form(
    "sentence fact",
    content="statement",
    order=54,
    asks="lookup",
    languages=ALL_LANGUAGES,
    answer="sentence",
    kinds=(
        "contact",
        "deadline",
        "limit",
        "amount",
        "eligibility",
        "condition",
        "rule",
        "yes_no",
        "membership",
        "agent",
        "frequency",
        "includes",
        "scope",
        "term",
        "when",
        "where",
        "why",
        "means",
        "purpose",
        "quantity",
        "finding",
        # What a letter, memo or notice declares, rules and asks (``notices``).
        "declared",
        "consequence",
        "advised",
        "exempt",
        "sender",
        "request",
        # What a rule forbids, asked whether it may be done (``prohibited``).
        "forbidden",
    ),
    figures=("deadline", "limit", "amount", "frequency", "term", "when", "quantity"),
    alone=("membership", "why"),
)
def statement(said: Sentence) -> Candidate | Fact | None:
    """First what a contract's numbered clause settles, named by its heading
    (``clause_topics``: en, es, fr, de); a report's fact of its named subject (``reported``), whether what a rule forbids
    may be done (``prohibited``), which things a sentence counts and names
    (``announced_series``), what a named thing is for (``stated_aims``: de, fr, es); then the
    question the sentence's clause asks (:func:`sentence_fact`), else the figure it reports
    for a period, the date of the event it dates or how many its counted subject are; in
    de, fr, es, pt or it a measure's figure, a named party's rule, what a body is made up
    of, where it sits and how often it meets, what a case needs, (de) an instruction's
    deadline, a notice or time limit, how long a mandate lasts, what majority decides, and
    (``statute_facts``) who elects or convenes, a quorum, how membership ends, who may join,
    the seat, the purpose; in en/de/fr/es how a vote ended (``votes``)."""
    first = clause_topic(said) or reported(said) or is_it_allowed(said) or announced_series(said)
    first = first or stated_aim(said)
    if first is not None:
        return first
    if said.lang != "en":
        return _clause_fact(said) or body_named(said, _clause_fact)
    found = sentence_fact(said.text, said.ctx.words, said.topic, said.ctx.name)
    found = found or figure_fact(said) or set_figure(said.text) or forecast_figure(said)
    found = found or dated_event(said) or counted_subject(said.text)
    voted = vote_fact(said.text, said.section, said.lang)
    return found or further_fact(said, sentence_fact) or notice_prose(said) or voted


def _clause_fact(said: Sentence) -> Candidate | None:
    """The question a de/fr/es/pt/it sentence's clause asks (see :func:`statement`)."""
    return (
        figure_statement(said.text, said.section, said.lang)
        or modal_rule(said.text, said.section, said.lang)
        or composed_sentence(said.text, said.section, said.lang)
        or imperative_due(said.text, said.section, said.lang)
        or needed(said.text, said.section, said.lang)
        or body_fact(said.text, said.section, said.lang)
        or term_fact(said.text, said.section, said.lang)
        or statute_fact(said)
    )
