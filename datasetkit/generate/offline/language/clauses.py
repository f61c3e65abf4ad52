"""English clauses: a sentence split into its lead, subject, verb group and the rest.

"With FitPass, employees have the opportunity to expense up to $1000 for ..." has the
lead "with FitPass", the subject "employees", the verb group "have the opportunity to"
(a modal: it says what they can do) and the rest. The sentence forms build questions
from these parts. Subjects that are not one (a pronoun, an instruction, a clause) give None.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from datasetkit.generate.offline.language.words import DocWords, is_plural, lower_words

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
_NOT_IN_SUBJECT = set(
    ["that", "that's", "which", "who", "whom", "whose", "if", "because", "while", "when", "where"]
)
# Words that open an instruction ("Do not use ...", "Disclose ..."), not a subject.
IMPERATIVE = set(
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
    r"^(?P<word>If|When|Whenever|Once|After|Before|Prior|During|With|Under|Upon|For|In|To|Where|"
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
VERBS = [
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
    "get",
    "earn",
    "accrue",
    "have",
]
_VERB3 = re.compile(
    r"^(?P<aux>(?:does|do) not\s+)?(?P<verb>"
    + "|".join(VERBS)
    + r"|"
    + "|".join(
        v + ("es" if v.endswith(("s", "x", "ch", "sh")) else "s") for v in VERBS if v != "have"
    )
    + r"|applies|carries|has)\s+(?P<rest>.+)$"
)
PARTICIPLE = re.compile(
    r"^(?:\w+ed|paid|made|given|held|kept|done|known|set|taken|sent|built|bought|taught|"
    r"available|eligible|responsible|subject|entitled|mandatory|optional|free|open|closed|"
    r"valid|refundable|non-refundable|limited|prohibited|grounds)\b"
)
_CLAUSE_AFTER_COMMA = re.compile(
    r",\s+(?=(?:which|who|making|providing|allowing|so|but|including|unless|except|even|while|"
    r"although|because|since|as|where|when|if|subject|such|e\.g\.|for example|regardless|"
    r"whether|otherwise|and (?:is|are|will|can|must|should|no later)|or otherwise|\w+ing\b))"
    r"|\s+and\s+(?=(?:is|are|will|must|should)\b|(?:the|a|an|all|any|each|your|their|its)\s+"
    r"(?:\S+\s+){0,4}(?:will|must|should|may|can|is|are)\b)|\s+(?=because\s)"  # a reason
)
_GROUPS = (("modal", _MODAL), ("copula", _COPULA), ("verb", _VERB3))
_QUALIFIERS = re.compile(r"\s*\((?:\d+|[A-Z]{2,6}s?)\)")


@dataclass(frozen=True)
class Clause:
    lead: str  # "with FitPass", "" when none
    subject: str
    kind: str  # modal, copula, verb
    verb: str
    negative: bool
    rest: str
    adverb: str = ""  # "also", "only": said between the subject and the verb


def cut(rest: str) -> str:
    """The core of a clause, for a question: no trailing clause, asides or period."""
    rest = _CLAUSE_AFTER_COMMA.split(rest, maxsplit=1)[0]
    rest = re.sub(r"\s*\([^()]*\)", "", rest)
    rest = rest.strip().rstrip(".!;:,").strip()
    return re.sub(r"(?:,?\s+(?:and|or|but|as well as))+$", "", rest).strip()


def _subject(
    words_: list[str],
    words: DocWords,
    lead: str,
    topic: str | None = None,
    vague_ok: str | None = None,
    document: str | None = None,
) -> str | None:
    # "The Ethics Helpline (see Section 21)": the cross-reference is not part of the name.
    raw = re.sub(r"\s*\((?:see|cf\.?|refer to|as defined in)\b[^()]*\)", "", " ".join(words_))
    if not raw:
        return None
    low = [re.split(r"['’]", w.lower().strip(",\"'“"))[0] for w in words_]
    if low[0] in _NOT_SUBJECT_START or low[0] in IMPERATIVE or "not" in low:
        return None
    if (
        _NOT_IN_SUBJECT & set(low)
        or re.search(r"\s[-–—]\s", raw)
        or low[-1] in ("and", "or", "but")
    ):
        return None
    if not _subject_shape(raw, low):
        return None
    if (
        topic
        and low[0] in ("this", "that")
        and len(words_) == 2
        and any(words.name(w) for w in topic.split())
        and len(topic.split()) <= 4
        and all(w[:1].isupper() for w in topic.split())
    ):
        return topic  # "This plan" under the heading "Fabrikam Standard"
    if any(w.endswith("s") and nxt in _DETERMINERS for w, nxt in itertools.pairwise(low[1:])):
        return None  # "<Name> encourages the <adjective> ...": a verb and its object
    if low[0] in ("this", "that", "these", "those") and "of" in low:
        return None  # "This type of <thing>": which one, the reader cannot tell
    subject = _DEMONSTRATIVE.sub("The ", raw)
    vague = _VAGUE_SUBJECT.match(subject)
    if vague:
        return _vague_named(vague, subject, topic, words, vague_ok, document)
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


# Words a span of days or numbers is said with: what is left names no thing.
_SPAN_WORDS = frozenset(
    [
        "the",
        "a",
        "through",
        "thru",
        "to",
        "and",
        "or",
        "until",
        "from",
        "of",
        "end",
        "beginning",
        "start",
        "middle",
        "month",
        "week",
        "year",
    ]
)


def _subject_shape(raw: str, low: list[str]) -> bool:
    """False for words that are a clause, not a subject ("Any evidence you may have",
    "Acme, the company" with a comma that lists nothing), and for a span of days or
    numbers with its noun left unsaid ("The 1st through the 15th" of a month's reports:
    a question on it cannot say what is due)."""
    if len(low) > 1 and {"you", "we", "i", "they"} & set(low[1:]):
        return False
    content = [w for w in low if w not in _SPAN_WORDS]
    if content and all(re.fullmatch(r"\d+(?:st|nd|rd|th)?[.,]?", w) for w in content):
        return False
    return "," not in raw or bool(re.search(r",[^,]*\b(?:and|or)\b[^,]*$", raw))


def _vague_named(
    vague: re.Match[str],
    subject: str,
    topic: str | None,
    words: DocWords,
    vague_ok: str | None,
    document: str | None = None,
) -> str | None:
    """ "The policy applies to ...", "All incidents will be ...": which one, the question
    alone no longer says. The section's heading names it, or the document ("the plan" in
    "the Fabrikam Standard Plan"), or (None) no question."""
    stem = vague.group("noun").lower().rstrip("s")
    own = (document or vague_ok or "").lower().split()
    heading = (topic or "").split()
    if (
        own
        and own[-1].rstrip("s") == stem
        and stem not in (topic or "").lower()
        and not any(words.name(w) for w in heading)
    ):
        # "The policy" in a document that is a policy, under a heading that names no other
        # (a part of it: its scope, its purpose): the document's own.
        return document or vague_ok
    doc = (vague_ok or "").lower().split()
    named = _named_by_topic(vague.group("det").lower(), vague.group("noun"), topic, words)
    if named is None and vague_ok is not None:
        named = vague_ok if doc and doc[-1].rstrip("s") == stem else subject.lower()
    return named


_VAGUE_SUBJECT = re.compile(
    r"(?i)^(?P<det>the|all|any|each|every)\s+(?P<noun>policy|policies|coverage|services?|"
    r"plans?|programs?|programme|process|procedure|requests?|appeals?|claims?|incidents?|"
    r"interactions?|forms?|training|benefits?|rules?|requirements?|treatments?|"
    r"procedures|reports?|cases?|application|applications|review|reviews|groups?|teams?)$"
)


# A heading that cannot stand before a noun ("Benefits we offer", "How to apply").
_NOT_MODIFIER = re.compile(
    r"(?i)\b(?:we|you|our|your|they|their|i|us|how|what|why|when|where|who|to|and|or|the|a|an|"
    r"is|are|can|do|does|offer|get|use|make|apply)\b"
)


def _named_by_topic(det: str, noun: str, topic: str | None, words: DocWords) -> str | None:
    """``det noun`` named by the section's topic ("the policy" under "Equal Employment
    Opportunity" -> "the equal employment opportunity policy"), or None."""
    if not topic or len(topic.split()) > 6:
        return None
    named = lower_words(topic, words)
    stem = noun.lower().rstrip("s")
    if det == "the" and named.lower().startswith("the "):
        named = named[4:]  # "the" + "the Fabrikam Tools Whistleblower Policy"
    if re.search(rf"(?i)\bof (?:the )?{re.escape(stem)}s?\b", topic):
        return None  # "the plans" under "Comparison of Plans": the section is about comparing
    if any(w.lower().rstrip("s") == stem for w in re.findall(r"[\w-]+", topic)):
        # "all interactions" under "Interactions with Government Officials"
        first = named.split()[0]
        if words.name(first) or first.isupper():
            return f"{det} {named}"
        return f"{det} {named[:1].lower()}{named[1:]}"
    if len(topic.split()) > 3 or re.search(r"[:?,;]", topic) or _NOT_MODIFIER.search(topic):
        return None
    if len(topic.split()) == 1 and is_plural(topic):
        return None  # "the exceptions plan": a plural heading names no kind of plan
    return f"{det} {named} {noun.lower()}"


def parse(
    sentence: str,
    words: DocWords,
    topic: str | None = None,
    vague_ok: str | None = None,
    document: str | None = None,
    groups: Sequence[tuple[str, re.Pattern[str]]] | None = None,
) -> Clause | None:
    """The lead, subject, verb group and rest of ``sentence``; None when it has no clear one.

    ``groups`` are the verb groups tried at each word, as ``(kind, pattern)`` (a pattern
    has the groups ``verb`` and ``rest``); by default a modal, "is"/"are" or one of
    :data:`VERBS`.

    A vague subject ("the plan") is the ``document``'s own when the document is one and
    ``topic`` names none, else named by ``topic``; failing that, only when ``vague_ok`` is
    given (the document's name, or "") is it kept.
    """
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
        for kind, pattern in groups or _GROUPS:
            found = pattern.match(tail)
            if not found or (adverb and kind in ("modal", "copula")):
                continue
            nxt = tail.split()[1] if len(tail.split()) > 1 else ""
            prev = tokens[i - 1].lower()
            if kind not in ("modal", "copula") and (
                nxt.lower() in _NEXT_VERB or prev == "to" or prev in _DETERMINERS
            ):
                continue  # "Shipping costs are ...", "designed to support": not the verb
            subject = _subject(tokens[:i], words, lead, topic, vague_ok, document)
            if subject is None:
                return None
            verb = found.group("verb")
            negative = bool(found.groupdict().get("neg") or found.groupdict().get("aux"))
            if kind == "modal" and verb in ("cannot", "can't"):
                verb, negative = "can", True
            rest = found.group("rest")
            also = _ADDITIVE.match(rest)
            if also and not adverb:
                # "X can also be found at Y": "also" points back to a sentence the question
                # never shows, so it is kept out of the rest every form reads.
                adverb, rest = also.group(1), rest[also.end() :]
            return Clause(lead, subject, kind, verb, negative, rest, adverb.lower())
        if tokens[i - 1].endswith((";", ":")):
            return None
    return None


_ADDITIVE = re.compile(r"(also|additionally|likewise)\s+", re.IGNORECASE)

# Where a clause's rest goes on with another verb group of the same subject: "be required
# from the bidder and shall be submitted within ten days", "be temporary, must not be
# persistent, and in any event must not exceed 3 months".
_COORDINATED = re.compile(
    r"(?:,\s*(?:(?:and|or|but)\s+)?|\s+(?:and|or|but)\s+)(?P<words>(?:[a-z]+\s+){0,3}?)"
    r"(?P<modal>shall|must|will|may|should|can|cannot)(?P<neg>\s+not)?\s+"
)
# Words before a coordinated verb group that are a subject of their own ("... and the
# meeting will take place ..."), not an adverb of the same one ("and in any event must").
_OWN_SUBJECT = re.compile(
    r"^(?:the|a|an|this|that|these|those|it|its|they|their|he|she|his|her|we|our|you|your|"
    r"each|every|all|any|no|such|there)\b"
)


def conjunct(c: Clause, pattern: re.Pattern[str]) -> Clause:
    """``c`` with only the verb group of its rest that ``pattern`` matches in, and that
    group's own modal: a question asked for a figure of one verb group would copy the
    others into itself. A group with a subject of its own is another clause: then the
    rest is empty (the figure is not the subject's)."""
    m = pattern.search(c.rest)
    if m is None:
        return c
    start, negative, verb = 0, c.negative, c.verb
    for split in _COORDINATED.finditer(c.rest):
        if split.start() >= m.start():
            return replace(c, rest=c.rest[start : split.start()], negative=negative, verb=verb)
        if _OWN_SUBJECT.match(split.group("words")):
            return replace(c, rest="")
        start, negative = split.end(), bool(split.group("neg"))
        verb = split.group("modal")
        if verb == "cannot":
            verb, negative = "can", True
    if not start:
        return c
    return replace(c, rest=c.rest[start:], negative=negative, verb=verb)


_NEXT_VERB = {"is", "are", "must", "can", "may", "should", "will", "cannot", "do", "does"}


def plural_subject(subject: str) -> bool:
    # The head noun decides: "All passwords used to access customer data" is plural,
    # "Access to customer data" is not.
    # "Services typically included in hospice care" is plural too: a participle ends the head.
    head = re.split(
        r"\s(?:of|used|with|for|in|on|at|that|who|under|from|to|by|within|(?:typically |usually |"
        r"generally |often )?(?:included|covered|offered|provided|listed|described))\s",
        subject,
    )[0]
    return subject in ("I", "you", "we") or is_plural(head) or " and " in head


def modal_opening(c: Clause) -> tuple[str, str]:
    """The question's opening words and the verb that follows the subject."""
    verb = c.verb
    if verb in ("must", "shall", "need to", "needs to", "has to", "have to") or verb.endswith(
        "required to"
    ):
        if c.negative:
            return "Can", ""
        return ("Do" if plural_subject(c.subject) else "Does"), "have to"
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


def verb_base(verb: str) -> str:
    if verb == "has":
        return "have"
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("sses", "xes", "ches", "shes")):
        return verb[:-2]
    if verb.endswith("s") and verb[:-1] in VERBS:
        return verb[:-1]
    return verb


# Leads that only mark how a sentence relates to the text around it: no condition or
# setting the question needs ("for the avoidance of doubt", "in addition", "for example").
_DISCOURSE_LEAD = re.compile(
    r"(?i)^(?:for the avoidance of doubt|for (?:example|instance|clarity)|in addition|"
    r"in particular|in (?:any|either) (?:event|case)|in other words|in (?:short|summary|general)|"
    r"as a result|as such|at the same time|in practice|in fact"
    # A reason or a legal hedge: the rule holds without it, and a question ending on it
    # ("Are visitors allowed for security reasons?") reads as if it asked about the reason.
    r"|for [\w ]{0,40}\breasons?|to the (?:fullest )?extent [\w ]+|(?:in order )?to [a-z]+ [\w ]+|"
    r"(?:as|where|if) (?:permitted|required|allowed) by (?:applicable )?law)$"
)


def lead_tail(lead: str) -> str:
    """The lead a question keeps at its end (" with FitPass"), or "" for a condition the
    question asks without, or a lead that only links the sentence to the text around it."""
    if not lead or lead.startswith(("if ", "when ", "whenever ", "unless ")):
        return ""
    return "" if _DISCOURSE_LEAD.match(lead) else f" {lead}"
