"""What a named part of a system, a method or a tool is for: its use, its role, its work.

Design documents, white papers, research papers, manuals and consent forms say what each
of their parts does in a sentence of its own: "<X> is used to <do Y>", "<X> will be used
for <Y>", "<X> serves as <Y>", "<X> stores <Y>". A reader asks what X is for, or what it
does, by its name: "What is <X> used for?", "What role does <X> play?", "What does <X>
store?". The answer is the whole sentence, so it must be the whole answer: a sentence that
adds to another ("<X> also ...", "Moreover, ..."), or whose subject does the same, or (for
what it does) anything else in other sentences of its text, is not asked. What a party
"is responsible for" or "shall maintain" is one of the many duties a policy or contract
gives it, never the whole: not asked.

The question names X as the sentence does, so X must name one thing: no pronoun, no
demonstrative ("this system" says which only beside the sentence before), no indefinite
("a protocol", "any selection"), no part of the document ("Chapter 5") and no bare generic
head ("the system", "the model", "the user") that a reader cannot tell apart from others
of the document. A sentence that says what X does not do, or that opens with a setting
pointing back ("For this application, ..."), gives none.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.forms.registry import ENGLISH, form
from datasetkit.generate.offline.language.agreement import plural
from datasetkit.generate.offline.language.clauses import Clause, lead_tail, parse, plural_subject
from datasetkit.generate.offline.language.words import capital, first_person, sentences
from datasetkit.generate.offline.text.view import Sentence

_MODALS = r"will|would|can|could|may|might|should|must|shall"
_ADVERB = r"(?:(?:primarily|mainly|mostly|often|typically|usually|commonly|generally|then)\s+)?"
# "<X> is used to ...", "<X> will be used for ...", "<X> can then be used as ...".
_USE = re.compile(
    rf"^(?P<verb>(?:is|are|(?:{_MODALS})\s+{_ADVERB}be)\s+{_ADVERB}used\s+(?:to|for|as))\s+"
    r"(?P<rest>.+)$"
)
# "<X> serves as ...", "<X> will act as ...": the role it plays.
_ROLE = re.compile(
    rf"^(?P<verb>(?:(?:{_MODALS})\s+)?(?:serves?|acts?|functions?))\s+as\s+(?P<rest>.+)$"
)
# What a part or a party does with a thing: the verbs that name a function, each asked as
# "What does <X> <verb>?" (never a verb whose object is a manner or a clause).
_WORK = (
    "store",
    "record",
    "hold",
    "manage",
    "handle",
    "track",
    "generate",
    "produce",
    "collect",
    "maintain",
    "monitor",
    "encrypt",
    "decrypt",
    "verify",
    "validate",
    "compute",
    "calculate",
    "provide",
    "offer",
    "oversee",
    "coordinate",
)
_THIRD = {v: (v[:-1] + "ies" if v.endswith("fy") else v + "s") for v in _WORK}
_DOES = re.compile(
    rf"^(?P<verb>(?:(?:{_MODALS})\s+)?(?:{'|'.join(sorted(_THIRD.values(), key=len, reverse=True))}"
    rf"|(?<=will )(?:{'|'.join(_WORK)})))\s+(?P<rest>(?!that\b|to\b|as\b|for\b|with\b)[a-z].+)$"
)
_RULE = ("shall", "must")
_GROUPS = (("use", _USE), ("role", _ROLE), ("does", _DOES))

# A subject of one generic head, said of many things a document talks about: which one,
# the question alone does not say.
_GENERIC = frozenset(
    [
        "system",
        "systems",
        "application",
        "applications",
        "app",
        "apps",
        "tool",
        "tools",
        "model",
        "models",
        "method",
        "methods",
        "approach",
        "technique",
        "process",
        "document",
        "paper",
        "study",
        "table",
        "figure",
        "section",
        "result",
        "results",
        "data",
        "information",
        "user",
        "users",
        "people",
        "participant",
        "participants",
        "researcher",
        "researchers",
        "team",
        "organization",
        "organisation",
        "company",
        "program",
        "project",
        "form",
        "file",
        "value",
        "number",
        "way",
        "case",
        "cases",
        "service",
        "services",
        "product",
        "products",
        "device",
        "devices",
        "one",
        "ones",
        "following",
        "above",
        "below",
        "former",
        "latter",
        "first",
        "second",
        "other",
        "others",
        "author",
        "authors",
        "server",
        "client",
    ]
)
POINTING = re.compile(r"(?i)\b(?:this|that|these|those|it|its|they|their|we|our|us|such)\b")
_INDEFINITE = re.compile(r"(?i)^(?:a|an|any|some|each|every|all|many|most|several|other)\b")
# A verb inside the words before the verb group: they are a clause, not a subject ("<Name>
# will keep any research" before "records").
_VERB_IN_SUBJECT = re.compile(
    r"(?i)\b(?:will|would|can|could|may|might|must|shall|should|is|are|was|were|has|have|had|"
    r"do|does|did|be|been)\b"
)
# A part of the document itself ("Chapter 5", "the following section"): what it provides is
# text to read there, not a fact of the subject.
_DOCUMENT_PART = re.compile(
    r"(?i)^(?:the\s+)?(?:(?:following|next|previous|above|below|present|last|first)\s+)?"
    r"(?:chapter|section|appendix|annex|table|figure|page|paragraph|subsection|part|exhibit)s?"
    r"(?:\s+[\dIVXA-Z][\w.]*)?$"
)
# A lead that only qualifies the sentence ("At a minimum", "In practice"): the question is
# asked without it.
ADDING_OPENER = re.compile(
    r"(?i)^(?:also|additionally|in addition|furthermore|moreover|similarly|likewise|besides)\b"
)
_QUALIFYING_LEAD = re.compile(
    r"(?i)^(?:in (?:particular|general|short|summary|practice|fact)|at (?:a |the )?(?:minimum|"
    r"maximum|least|most)|in (?:most|some|many) cases|for (?:example|instance))$"
)
# A lead that adds the sentence to one before it ("In a similar vein", "Likewise"): what
# the subject does is said there too, and an answer of this sentence alone is partial.
ADDING_LEAD = re.compile(
    r"(?i)^(?:in (?:a |the )?(?:similar|same|like) (?:vein|way|manner|fashion)|similarly|"
    r"likewise|in addition|additionally|at the same time|in turn|as well)$"
)


def _names_one(subject: str) -> bool:
    """True when ``subject`` names one thing a reader can tell apart: a name or acronym,
    or a noun with words that set it apart ("the passage selection model")."""
    if POINTING.search(subject) or _INDEFINITE.match(subject) or _DOCUMENT_PART.match(subject):
        return False
    if _VERB_IN_SUBJECT.search(subject) or re.match(r"(?i)^[a-z]+ing\b", subject):
        return False  # a clause, or a gerund ("Recording details"): no thing to name
    words = re.sub(r"(?i)^the\s+", "", subject).split()
    if not words or len(words) > 8:
        return False
    if any(w[:1].isupper() or any(c.isdigit() for c in w) for w in words):
        return True
    content = [w for w in words if w.lower() not in ("new", "current", "proposed", "main")]
    return not (len(content) == 1 and content[0].lower() in _GENERIC)


def _a_part(subject: str) -> bool:
    """True for a part of a system, a method or a code ("the audit ledger", "CBC",
    "GameService"), not a party: what an organisation or a person provides, offers or
    collects is never said in one sentence ("<Company> provides training ...")."""
    if re.match(r"the\s", subject) and subject.split()[-1][:1].islower():
        return True  # "the DERP query language"; "the Port Authority" names a party
    first = subject.split()[0]
    return len(subject.split()) == 1 and bool(
        re.fullmatch(r"[A-Z0-9]{2,8}s?|[A-Z][a-z]+[A-Z]\w*|\w*\d\w*", first)
    )


def _base(verb: str) -> str:
    """ "stores" -> "store", "verifies" -> "verify" (of the function verbs above)."""
    for base, third in _THIRD.items():
        if verb == third:
            return base
    return verb


def _question(c: Clause) -> str:
    """The question's words up to its end, from the clause's kind and verb group."""
    words = c.verb.split()
    # A rule's "shall" or "must" states what the part is for: asked in the present.
    modal = words[0] if words[0] in _MODALS.split("|") else ""
    if c.kind != "use" and modal in _RULE:
        modal = ""
    be = "are" if plural_subject(c.subject) else "is"
    do = "do" if plural(c) else "does"
    if c.kind == "use":
        used = "used as" if words[-1] == "as" else "used for"
        return f"What {modal} {c.subject} be {used}" if modal else f"What {be} {c.subject} {used}"
    if c.kind == "role":
        return f"What role {modal or do} {c.subject} play"
    return f"What {modal or do} {c.subject} {_base(words[-1])}"


def _said_again(c: Clause, said: Sentence) -> bool:
    """True when an answer of this one sentence would leave out what others say: it adds
    to another ("<X> also provides ..."), another sentence of its text says the same of
    the same subject with the same verb, or (for what a subject does) another sentence
    opens with the same subject (a party or part that does several things)."""
    if c.adverb == "also" or re.match(r"(?i)(?:also|further|additionally)\b", c.rest):
        return True
    stem = re.sub(r"(?:ies|es|s|e)$", "", c.verb.split()[-1])
    bare = re.escape(re.sub(r"(?i)^the\s+", "", c.subject))
    again = re.compile(rf"(?i)\b{bare}\s+(?:[a-z]+\s+){{0,2}}{re.escape(stem)}[a-z]*\b")
    others = [
        s
        for part in said.text_chunk.body
        for s in sentences(part.text)
        if s.strip() and s.strip()[:60] not in said.sentence
    ]
    if any(again.search(s) for s in others):
        return True
    opens = re.compile(rf"(?i)^(?:the\s+)?{bare}\b")
    return c.kind == "does" and any(opens.match(s.strip()) for s in others)


def role_fact(said: Sentence) -> Candidate | None:
    """The question the sentence answers about what its subject is for, or None."""
    sentence = said.text.strip()
    if not 30 <= len(sentence) <= 350 or not sentence.endswith("."):
        return None
    if re.match(r"(?i)^(?:this|that|these|those|it|they|we|our|such)\b", sentence):
        return None
    if ADDING_OPENER.match(sentence):
        return None  # "Moreover, <X> provides ...": more of what a sentence before says
    c = parse(sentence, said.ctx.words, said.topic, document=said.ctx.name, groups=_GROUPS)
    if c is None or c.negative or c.kind not in ("use", "role", "does"):
        return None
    if POINTING.search(c.lead) or ADDING_LEAD.match(c.lead) or not _names_one(c.subject):
        return None
    if re.search(r"(?i)\bnot\b", c.verb) or len(c.rest.split()) < 2 or _said_again(c, said):
        return None
    if c.kind == "does" and not _a_part(c.subject):
        return None
    lead = "" if _QUALIFYING_LEAD.match(c.lead) else lead_tail(c.lead)
    question = capital(first_person(re.sub(" +", " ", f"{_question(c)}{lead}")) + "?")
    # Asked as the sentence names its subject: a heading's words would rename it.
    return Candidate(question, sentence, sentence, said.section, "role", 1, (sentence,))


@form(
    "what it is for",
    content="statement",
    order=55,
    asks="lookup",
    languages=ENGLISH,
    answer="sentence",
    kinds=("role",),
)
def what_it_is_for(said: Sentence) -> Candidate | None:
    """What a named part, method or tool is used for, serves as or does, asked of a
    sentence no other statement form asked."""
    return role_fact(said)
