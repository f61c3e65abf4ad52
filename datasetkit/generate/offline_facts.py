"""Questions from single English sentences: rules, limits, deadlines, contacts, yes/no.

A sentence is split into an optional lead ("With PerksPlus,", "If you need help,"), a
subject, a verb group (must, can be, is, covers, does not cover...) and the rest. The
question is built from those parts, so it asks about what the sentence says, in the
user's words ("you" becomes "I"), and the answer is the whole sentence (prefixed with
"Yes." or "No." for a yes/no question, with the polarity the sentence has).

Sentences that only set a tone ("We are committed to ...", "Welcome to ...") give
nothing: they are not answers to anything a user asks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .offline_words import DocWords, first_person, is_plural, lower_words

_NUM_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|"
    "twenty|thirty|forty|forty-five|sixty|ninety"
)
_UNIT = (
    r"(?:business |working |calendar |consecutive )?(?:days?|hours?|weeks?|months?|years?|minutes?)"
)
_COUNT = rf"(?:\d+(?:\.\d+)?|{_NUM_WORDS})(?:\s*\(\d+\))?"
_MONEY = r"(?:[$€£¥]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:[KkMm]|million|billion))?|\d[\d,]*(?:\.\d+)?\s?(?:USD|EUR|GBP|CHF|NOK|SEK|DKK|dollars|euros))"
DEADLINE = re.compile(
    rf"\b(?:within|in no more than|no later than|not later than)\s+(?:the\s+)?(?:first\s+)?"
    rf"(?P<n>{_COUNT})\s+(?P<unit>{_UNIT})\b"
)
_MONTH = "January|February|March|April|May|June|July|August|September|October|November|December"
BY_DATE = re.compile(
    rf"\b(?P<word>by|before|until|no later than)\s+(?:the\s+)?"
    rf"(?:\d{{1,2}}(?:st|nd|rd|th)\b|\d{{1,2}}\s+(?:{_MONTH})|(?:{_MONTH})\s+\d|end of)"
)
LIMIT = re.compile(
    rf"\b(?P<word>up to|a maximum of|maximum of|at most|no more than|not more than|"
    rf"not exceed|a minimum of|at least|more than|less than|over)\s+"
    rf"(?P<amount>{_MONEY}|{_COUNT}\s+(?P<unit>[a-z]+(?:\s+(?:a|per)\s+(?:day|week|month|year))?))"
)
EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
PHONE = re.compile(r"\+?\d[\d ()./-]{6,}\d")
URL = re.compile(
    r"\b(?:https?://\S+|www\.\S+|[a-z0-9-]+\.(?:com|org|net|io|gov|edu|example)(?:/\S*)?)"
)
_AMOUNT_START = re.compile(rf"^(?:{_MONEY}|{_COUNT}\s+{_UNIT}|\d[\d,.]*\s*%?(?:\s+[a-z]+)?)")

_FLUFF = re.compile(
    r"^(?:we|our|welcome|thank|at [A-Z][\w&]*(?: [A-Z][\w&]*)*, we|here (?:are|is)|"
    r"in (?:summary|conclusion)|overall|by following|here\b|that is why|that's why|that’s why)\b"
    r"|rest assured|peace of mind|don't hesitate|do not hesitate|look forward|we hope|"
    r"is (?:a |an )?(?:great|ideal|perfect|wonderful|excellent) ",
    re.I,
)
_FLUFF_REST = re.compile(
    r"^(?:a (?:great|good|key|wonderful|valuable)|an (?:important|essential|excellent|ideal)|"
    r"(?:designed|committed|proud|excited|happy|pleased|dedicated|confident|important|essential|"
    r"crucial|vital|key|here|there|able to help|a way)\b)",
    re.I,
)
_LEAD_ADVERB = re.compile(
    r"^(?:However|Additionally|In addition|Also|Unfortunately|Furthermore|Moreover|Generally|"
    r"Typically|Finally|Importantly|Note|Please note that|Remember|Otherwise|For example|"
    r"For instance|As a result|In fact|Of course|In general|Therefore|Thus|Similarly|Likewise|"
    r"In most cases|In some cases|Usually|Normally|Then),?\s+"
)
_NOT_SUBJECT_START = set(
    [
        "if",
        "when",
        "whenever",
        "while",
        "because",
        "although",
        "though",
        "since",
        "unless",
        "whether",
        "as",
        "once",
        "after",
        "before",
        "for",
        "so",
        "and",
        "but",
        "or",
        "then",
        "depending",
        "according",
        "based",
        "due",
        "regardless",
        "introducing",
        "only",
        "also",
        "always",
        "never",
        "please",
        "just",
    ]
)
_DETERMINERS = set(
    [
        "the",
        "a",
        "an",
        "any",
        "this",
        "that",
        "its",
        "their",
        "his",
        "her",
        "our",
        "your",
        "no",
        "each",
        "every",
    ]
)
_PERSONS = re.compile(
    r"(?i)\b(?:employees?|you|I|members?|dependents?|individuals?|people|persons?|staff|workers?|"
    r"children|spouses?|partners?|retirees?|students?|customers?|applicants?|managers?)\b"
)
_NOT_IN_SUBJECT = set(
    ["that", "that's", "which", "who", "whom", "whose", "if", "because", "while", "when", "where"]
)
# Words that open an instruction ("Do not use ...", "Disclose ..."), not a subject.
_IMPERATIVE = set(
    [
        "do",
        "don't",
        "never",
        "always",
        "please",
        "make",
        "use",
        "disclose",
        "ensure",
        "avoid",
        "keep",
        "report",
        "submit",
        "return",
        "send",
        "follow",
        "contact",
        "call",
        "visit",
        "check",
        "read",
        "review",
        "apply",
        "choose",
        "select",
        "open",
        "click",
        "be",
        "take",
        "get",
        "protect",
        "maintain",
        "respect",
        "comply",
        "honor",
        "participate",
        "transition",
        "book",
        "encrypt",
        "install",
        "share",
    ]
)
_ADVERBS = set(
    [
        "also",
        "only",
        "still",
        "usually",
        "generally",
        "typically",
        "always",
        "never",
        "often",
        "normally",
    ]
)
_LEAD_CLAUSE = re.compile(
    r"^(?P<word>If|When|Whenever|Once|After|Before|During|With|Under|Upon|For|In|To|Where|"
    r"Unless|As|At)\b(?P<lead>[^,]{3,120}),\s+(?P<main>.+)$"
)
_PRONOUNS = {
    "it",
    "this",
    "that",
    "these",
    "those",
    "they",
    "we",
    "he",
    "she",
    "there",
    "here",
    "one",
    "such",
    "which",
    "some",
    "both",
    "all",
    "many",
    "most",
    "each",
    "what",
    "who",
    "our",
    "its",
    "their",
    "his",
    "her",
}
_DEMONSTRATIVE = re.compile(r"^(?:This|That|These|Those)\s+(?=[a-z])")

# Verb groups, tried at each word after the subject. "kind" decides the question.
_MODAL = re.compile(
    r"^(?P<verb>must|should|shall|may|can|cannot|can't|will|need to|needs to|has to|have to|"
    r"(?:is|are) (?:required|expected|allowed|permitted|encouraged|entitled|able|obliged) to|"
    r"(?:has|have) the (?:opportunity|right|option) to)"
    r"(?P<neg>\s+(?:not|never))?\s+(?P<rest>.+)$"
)
_COPULA = re.compile(r"^(?P<verb>is|are)(?P<neg>\s+not)?\s+(?P<rest>.+)$")
_VERBS = [
    "cover",
    "include",
    "offer",
    "provide",
    "apply",
    "require",
    "pay",
    "allow",
    "reimburse",
    "exclude",
    "charge",
    "accept",
    "support",
    "give",
    "receive",
    "cost",
    "last",
    "deduct",
    "protect",
    "carry",
    "need",
    "use",
    "contain",
    "have",
]
_VERB3 = re.compile(
    r"^(?P<aux>(?:does|do) not\s+)?(?P<verb>"
    + "|".join(_VERBS)
    + r"|"
    + "|".join(
        v + ("es" if v.endswith(("s", "x", "ch", "sh")) else "s") for v in _VERBS if v != "have"
    )
    + r"|applies|carries|has)\s+(?P<rest>.+)$"
)
_PARTICIPLE = re.compile(
    r"^(?:\w+ed|paid|made|given|held|kept|done|known|set|taken|sent|built|bought|taught|"
    r"available|eligible|responsible|subject|entitled|mandatory|optional|free|open|closed|"
    r"valid|refundable|non-refundable|limited|prohibited|grounds)\b"
)
_CLAUSE_AFTER_COMMA = re.compile(
    r",\s+(?=(?:which|who|making|providing|allowing|so|but|including|unless|except|even|while|"
    r"although|because|since|as|where|when|if|subject|such|e\.g\.|for example|regardless|"
    r"whether|and (?:is|are|will|can|must|should|no later)|or otherwise|\w+ing\b))"
    r"|\s+and\s+(?=(?:is|are|will|must|should)\b|(?:the|a|an|all|any|each|your|their|its)\s+"
    r"(?:\S+\s+){0,4}(?:will|must|should|may|can|is|are)\b)"
)
_QUALIFIERS = re.compile(r"\s*\((?:\d+|[A-Z]{2,6}s?)\)")


@dataclass(frozen=True)
class Fact:
    """A question one sentence answers: the question, the answer, and what kind it is."""

    question: str
    answer: str
    kind: str  # contact, deadline, limit, amount, eligibility, condition, rule, yes_no


@dataclass(frozen=True)
class _Clause:
    lead: str  # "with PerksPlus", "" when none
    subject: str
    kind: str  # modal, copula, verb
    verb: str
    negative: bool
    rest: str
    adverb: str = ""  # "also", "only": said between the subject and the verb


def _cut(rest: str) -> str:
    """The core of a clause, for a question: no trailing clause, asides or period."""
    rest = _CLAUSE_AFTER_COMMA.split(rest, maxsplit=1)[0]
    rest = re.sub(r"\s*\([^()]*\)", "", rest)
    rest = rest.strip().rstrip(".!;:,").strip()
    return re.sub(r"(?:,?\s+(?:and|or|but|as well as))+$", "", rest).strip()


def _subject(words_: list[str], words: DocWords, lead: str, topic: str | None = None) -> str | None:
    raw = " ".join(words_)
    low = [re.split(r"['’]", w.lower().strip(",\"'“"))[0] for w in words_]
    if low[0] in _NOT_SUBJECT_START or low[0] in _IMPERATIVE or "not" in low:
        return None
    if (
        _NOT_IN_SUBJECT & set(low)
        or re.search(r"\s[-–—]\s", raw)
        or low[-1] in ("and", "or", "but")
    ):
        return None
    if len(low) > 1 and {"you", "we", "i", "they"} & set(low[1:]):
        return None  # "Any evidence you may have": a clause, not a subject
    if "," in raw and not re.search(r",[^,]*\b(?:and|or)\b[^,]*$", raw):
        return None
    if (
        topic
        and low[0] in ("this", "that")
        and len(words_) == 2
        and any(words.name(w) for w in topic.split())
        and len(topic.split()) <= 4
        and all(w[:1].isupper() for w in topic.split())
    ):
        return topic  # "This plan" under the heading "Northwind Standard"
    if low[0] in ("this", "that", "these", "those") and "of" in low:
        return None  # "This type of therapy": which one, the reader cannot tell
    subject = _DEMONSTRATIVE.sub("The ", raw)
    first = subject.split()[0].strip("\"'“")
    if first.lower() == "you" and len(words_) == 1:
        return "I"
    if first.lower() in ("they", "we") and len(words_) == 1 and lead.startswith(("if ", "when ")):
        return first.lower()
    single = len(words_) == 1 or first.lower() not in (
        "all",
        "each",
        "both",
        "some",
        "many",
        "most",
    )
    if first.lower() in _PRONOUNS and single:
        return None
    if not first[:1].isupper() or subject.endswith(",") or len(subject) > 90:
        return None
    return re.sub(r"^(?:The|A|An)\b", lambda m: m.group(0).lower(), lower_words(subject, words))


def parse(sentence: str, words: DocWords, topic: str | None = None) -> _Clause | None:
    """The lead, subject, verb group and rest of ``sentence``; None when it has no clear one."""
    text = _LEAD_ADVERB.sub("", sentence.strip())
    lead = ""
    m = _LEAD_CLAUSE.match(text)
    if m:
        lead = (m.group("word").lower() + m.group("lead")).strip()
        text = m.group("main")
        text = text[:1].upper() + text[1:]
    tokens = text.split()
    for i in range(1, min(len(tokens) - 1, 10)):
        adverb = tokens[i] if tokens[i].lower() in _ADVERBS else ""
        tail = " ".join(tokens[i + 1 :] if adverb else tokens[i:])
        for kind, pattern in (("modal", _MODAL), ("copula", _COPULA), ("verb", _VERB3)):
            found = pattern.match(tail)
            if not found or (adverb and kind != "verb"):
                continue
            nxt = tail.split()[1] if len(tail.split()) > 1 else ""
            prev = tokens[i - 1].lower()
            if kind == "verb" and (
                nxt.lower() in _NEXT_VERB or prev == "to" or prev in _DETERMINERS
            ):
                continue  # "Shipping costs are ...", "designed to support": not the verb
            subject = _subject(tokens[:i], words, lead, topic)
            if subject is None:
                return None
            verb = found.group("verb")
            negative = bool(found.groupdict().get("neg") or found.groupdict().get("aux"))
            if kind == "modal" and verb in ("cannot", "can't"):
                verb, negative = "can", True
            rest = found.group("rest")
            return _Clause(lead, subject, kind, verb, negative, rest, adverb.lower())
        if tokens[i - 1].endswith((";", ":")):
            return None
    return None


_NEXT_VERB = {"is", "are", "must", "can", "may", "should", "will", "cannot", "do", "does"}


def _plural_subject(subject: str) -> bool:
    # The head noun decides: "All passwords used to access customer data" is plural,
    # "Access to customer data" is not.
    head = re.split(r"\s(?:of|used|with|for|in|on|at|that|who|under|from|to|by|within)\s", subject)[
        0
    ]
    return subject in ("I", "you", "we") or is_plural(head) or " and " in head


def _modal_opening(c: _Clause) -> tuple[str, str]:
    """The question's opening words and the verb that follows the subject."""
    verb = c.verb
    if verb in ("must", "need to", "needs to", "has to", "have to") or verb.endswith("required to"):
        if c.negative:
            return "Can", ""
        return ("Do" if _plural_subject(c.subject) else "Does"), "have to"
    if (
        verb in ("may", "can")
        or verb.endswith(("allowed to", "permitted to", "able to"))
        or verb.startswith(("has the", "have the"))
    ):
        return "Can", ""
    be = verb.split()[0] if verb.startswith(("is ", "are ")) else ""
    if be:
        return be.capitalize(), " ".join(verb.split()[1:])
    return verb.capitalize(), ""


def _verb_base(verb: str) -> str:
    if verb == "has":
        return "have"
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("sses", "xes", "ches", "shes")):
        return verb[:-2]
    if verb.endswith("s") and verb[:-1] in _VERBS:
        return verb[:-1]
    return verb


def _tail(lead: str) -> str:
    return (
        f" {lead}" if lead and not lead.startswith(("if ", "when ", "whenever ", "unless ")) else ""
    )


def _yes_no(c: _Clause, sentence: str) -> Fact | None:
    rest = _cut(c.rest)
    rest = re.sub(r"^(?:only|also|always|immediately|still|usually)\s+", "", rest)
    if len(rest.split()) < 2 or _FLUFF_REST.match(rest):
        return None
    if c.kind == "modal":
        if c.negative and c.verb in ("may", "might", "could") and re.match(r"be\b", rest):
            return None  # "you may not be subject to ...": a possibility, not a rule
        opening, then = _modal_opening(c)
        core = f"{then} {rest}".strip()
        question = f"{opening} {c.subject} {core}"
    elif c.kind == "copula":
        if not _PARTICIPLE.match(rest) or re.match(r"^(?:a|an|the)\s", rest):
            return None
        question = f"{c.verb.capitalize()} {c.subject} {rest}"
    else:
        if c.verb in ("have", "has") and re.match(r"^(?:been|to|had)\b", rest):
            return None
        do = "Do" if _plural_subject(c.subject) else "Does"
        adverb = f"{c.adverb} " if c.adverb in ("only", "still") else ""
        question = f"{do} {c.subject} {adverb}{_verb_base(c.verb)} {rest}"
    if c.lead.startswith(("if ", "when ", "unless ")):
        question += f" {first_person(c.lead)}"
    question = first_person(question + _tail(c.lead)) + "?"
    verdict = "No." if c.negative else "Yes."
    kind = "rule" if c.kind == "modal" else "yes_no"
    return Fact(_capital(question), f"{verdict} {sentence}", kind)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _without(rest: str, match: re.Match[str]) -> str:
    before = rest[: match.start()].rstrip(" ,")
    before = re.sub(r"\s+(?:immediately|and|or)$", "", before)
    after = rest[match.end() :]
    # "within 10 days of becoming aware of it": the deadline's own complement goes too.
    after = re.sub(r"^\s+(?:of|after|from|following)\b[^,;]*", "", after)
    return _cut(f"{before}{after}")


def _deadline(c: _Clause, sentence: str) -> Fact | None:
    if c.kind == "verb":
        return None
    m = DEADLINE.search(c.rest)
    by = BY_DATE.search(c.rest) if m is None else None
    found = m or by
    if found is None:
        return None
    rest = _without(c.rest, found)
    if len(rest.split()) < 1:
        return None
    if c.kind == "modal":
        opening, then = _modal_opening(c)
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
        head = f"Within how many {unit}"
    else:
        assert by is not None
        head = "Until when" if by.group("word") == "until" else "By when"
    question = first_person(f"{head} {re.sub(' +', ' ', clause)}{_tail(c.lead)}") + "?"
    return Fact(question, sentence, "deadline")


def _limit(c: _Clause, sentence: str) -> Fact | None:
    m = LIMIT.search(c.rest)
    if m is None or c.kind == "verb":
        return None
    rest = _without(c.rest, m)
    money = m.group("unit") is None
    if c.kind == "copula":
        if m.start() > 0 or not rest:
            return None
        return Fact(
            first_person(f"What is the limit for {c.subject} {rest}{_tail(c.lead)}?"),
            sentence,
            "limit",
        )
    opening, then = _modal_opening(c)
    if opening in ("Do", "Does", "Should"):
        opening, then = ("must" if opening != "Should" else "should"), ""
    elif c.negative:
        return None
    else:
        opening = opening.lower()
    head = "How much" if money else f"How many {m.group('unit')}"
    ahead = re.match(r"^\s*(?:ahead|in advance|before|beforehand|prior)\b", c.rest[m.end() :])
    if ahead and not money:
        head = "How far in advance"
        rest = _cut(c.rest[: m.start()] + c.rest[m.end() + ahead.end() :])
    clause = re.sub(" +", " ", f"{opening} {c.subject} {then} {rest}")
    return Fact(first_person(f"{head} {clause}{_tail(c.lead)}") + "?", sentence, "limit")


def _amount(c: _Clause, sentence: str) -> Fact | None:
    """``Standard working hours are 40 hours per week for ...`` -> ``What are standard working hours for ...?``"""
    if c.kind != "copula" or c.negative:
        return None
    m = _AMOUNT_START.match(c.rest) or re.match(
        r"^(?:from|between)\s+\d[\d:.,]*\s*(?:[ap]\.?m\.?\s*)?(?:to|and|-)\s+\d[\d:.,]*(?:\s*[ap]\.?m\.?)?",
        c.rest,
    )
    if m is None:
        return None
    after = c.rest[m.end() :]
    after = re.sub(r"^\s*(?:per|a|an|each)\s+\w+", "", after)
    tail = re.match(r"^\s*((?:for|in|at|under|on|with)\b.*)$", after)
    extra = f" {_cut(tail.group(1))}" if tail else ""
    question = first_person(f"What {c.verb} {c.subject}{extra}{_tail(c.lead)}?")
    return Fact(_capital(question), sentence, "amount")


def _eligibility(sentence: str, words: DocWords, c: _Clause | None = None) -> Fact | None:
    m = re.search(
        r"\b(?:eligible|qualif(?:y|ies|ied)) (?:for|to receive|to get) (?P<what>[^,.;]{3,80})",
        sentence,
    )
    if m is None:
        return None
    what = first_person(_cut(m.group("what")))
    if c is None or not _PERSONS.search(c.subject):
        return None  # "Services may be eligible for ...": not who, but what
    return Fact(f"Who is eligible for {what}?", sentence, "eligibility")


def _contact(sentence: str, c: _Clause | None, topic: str | None) -> Fact | None:
    found = EMAIL.search(sentence) or URL.search(sentence)
    phone = PHONE.search(sentence)
    if found is None and (phone is None or sum(ch.isdigit() for ch in phone.group()) < 7):
        return None
    m = re.search(
        r"\b(?:contact|call|email|e-mail|reach|write to|notify)\s+(?P<np>[^,.;:]{3,70}?)\s+"
        r"(?:at|on|via|by calling|by phone at|by email at)\s+\S",
        sentence,
    )
    if m and not re.match(r"^(?:us|them|him|her|it)\b", m.group("np")):
        return Fact(f"How can I contact {first_person(m.group('np'))}?", sentence, "contact")
    m = re.search(
        r"\b(?P<verb>[Rr]eport|[Ss]end|[Ss]ubmit|[Ee]mail|[Ff]orward)\s+(?P<what>[^,;:]{3,90}?)\s+to\s+\S+@",
        sentence,
    )
    if m:
        what = first_person(m.group("what"))
        return Fact(f"Where should I {m.group('verb').lower()} {what}?", sentence, "contact")
    m = re.search(
        r"\b(?P<verb>[Aa]pply|[Rr]egister|[Ss]ign up|[Ee]nroll|[Oo]rder|[Bb]ook)\s+(?:online\s+)?(?:at|on|via)\s+\S",
        sentence,
    )
    if m:
        return Fact(f"Where can I {m.group('verb').lower()}?", sentence, "contact")
    if (
        c is not None
        and c.kind == "copula"
        and re.match(r"^(?:available|reachable|open)\b", c.rest)
    ):
        kind = "phone number" if phone and not found else "contact"
        return Fact(
            f"What is the {kind} for {c.subject[:1].lower() + c.subject[1:] if c.subject[1:2].islower() else c.subject}?",
            sentence,
            "contact",
        )
    if (
        topic
        and found is None
        and phone is not None
        and c is not None
        and not _GENERIC_TOPIC.match(topic)
    ):
        return Fact(f"What phone number can I call about {topic}?", sentence, "contact")
    return None


_GENERIC_TOPIC = re.compile(
    r"^(?:contact(?:s| us| information| details)?|questions?|help|support|more information)$", re.I
)


def is_fluff(sentence: str) -> bool:
    """A sentence that sets a tone rather than says something a user would ask about."""
    text = sentence.strip()
    return bool(_FLUFF.search(text)) or text.endswith(":")


def sentence_fact(sentence: str, words: DocWords, topic: str | None = None) -> Fact | None:
    """The best question ``sentence`` answers (English), or None."""
    sentence = sentence.strip()
    if len(sentence) < 25 or len(sentence) > 420 or is_fluff(sentence) or "__" in sentence:
        return None
    if not sentence.endswith((".", "!", ")")) or sentence.count('"') % 2:
        return None
    c = parse(sentence, words, topic)
    if c is not None and c.subject in ("they", "we"):
        return _condition(c, sentence)
    found = _contact(sentence, c, topic)
    if found is None and c is not None:
        for make in (_deadline, _limit, _amount):
            found = make(c, sentence)
            if found is not None:
                break
    if found is None:
        found = _eligibility(sentence, words, c)
    if found is None and c is not None:
        found = _condition(c, sentence) or _yes_no(c, sentence)
    if found is None or len(found.question) > 220:
        return None
    return found


def _condition(c: _Clause, sentence: str) -> Fact | None:
    if not c.lead.startswith(("if ", "when ", "whenever ")) or c.kind != "modal" or c.negative:
        return None
    lead = first_person(c.lead)
    if c.subject == "I" and c.verb != "will":
        opening, _ = _modal_opening(c)
        opening = "should" if opening in ("Do", "Does") else opening.lower()
        return Fact(f"What {opening} I do {lead}?", sentence, "condition")
    return Fact(f"What happens {lead}?", sentence, "condition")
