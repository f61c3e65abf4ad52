"""Questions about a document itself and what its owner offers, from the sentences that
say so.

- A sentence in which the document says what it does ("This <report|guide|policy>
  <summarizes|explains|covers> X.") -> "What does this report summarize?" (the naming
  step then says which report).
- A sentence that says what the document applies to -> "Which <things> does this policy
  apply to?".
- A sentence that dates the document ("It was last updated in <month year>.") in a
  document a user can name -> "When was <the document> last updated?".
- A sentence in which the organisation offers a number of things ("We offer our
  employees <n> <things> ...") -> "How many <things> does <organisation> offer its
  employees?".

Every answer is the whole sentence; the question never contains it. The policy form
asks these last of its shapes. Besides the question asked of it, a sentence can answer
a second one: who provides what it offers, why something is not allowed, what a change
indicates, and when a service keeping "the same hours" is open.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.language.words import plural_of

# Only the kinds of document the naming step can name ("What does this notice explain?"
# would be asked of no notice in particular).
_DOC_NOUN = r"report|document|policy|guide|handbook|plan|program|programme"
_SUMMARIZES = re.compile(
    rf"^This (?P<noun>{_DOC_NOUN}) (?P<verb>summari[sz]es|describes|explains|outlines|sets out|"
    r"presents|details|covers|documents|reviews) (?P<what>[^;]{10,})\.$"
)
_VERB_BASE = {
    "summarizes": "summarize",
    "summarises": "summarise",
    "describes": "describe",
    "explains": "explain",
    "outlines": "outline",
    "sets out": "set out",
    "presents": "present",
    "details": "detail",
    "covers": "cover",
    "documents": "document",
    "reviews": "review",
}


def summarizes(sentence: str) -> Fact | None:
    """ "This <document> <summarizes|describes|...> X." -> "What does this <document>
    <summarize|describe|...>?"."""
    m = _SUMMARIZES.match(sentence)
    if m is None or re.match(r"(?:it|this|that|them)\b", m.group("what")):
        return None
    return Fact(
        f"What does this {m.group('noun')} {_VERB_BASE[m.group('verb')]}?", sentence, "scope"
    )


_APPLIES = re.compile(
    rf"^(?:This|The) (?P<noun>{_DOC_NOUN}) (?:also )?(?:applies|apply) to (?P<det>every|all|any|"
    r"each)?\s*(?P<what>[a-z][\w-]*)\b(?P<rest>[^;]{3,})\.$"
)
_WHO_NOUNS = frozenset(
    [
        "employee",
        "employees",
        "staff",
        "worker",
        "workers",
        "contractor",
        "contractors",
        "member",
        "members",
        "customer",
        "customers",
        "visitor",
        "visitors",
        "student",
        "students",
        "manager",
        "managers",
        "user",
        "users",
        "person",
        "persons",
        "people",
        "individual",
        "individuals",
    ]
)


def applies_to(sentence: str) -> Fact | None:
    """ "This <document> applies to every <thing> ..." -> "Which <things> does this
    <document> apply to?" (people it applies to are asked by the clause form's "Who")."""
    m = _APPLIES.match(sentence)
    if m is None:
        return None
    noun, what = m.group("noun"), m.group("what")
    if what in _WHO_NOUNS:
        return None  # "Who does the travel policy apply to?": the clause form asks it
    if what in ("the", "a", "an", "this", "these", "those", "it", "them", "you"):
        return None  # "applies to the following": what, the sentence does not say
    if m.group("det") in ("every", "each", "any"):
        what = plural_of(what)
    if not what.endswith("s"):
        return None  # "applies to travel booked ...": no noun to ask "which" of
    return Fact(f"Which {what} does this {noun} apply to?", sentence, "scope")


_UPDATED = re.compile(
    rf"^(?:It|(?:This|The) (?P<noun>{_DOC_NOUN})) (?:was|has been) (?:last |most recently )?"
    r"(?P<verb>updated|revised|reviewed|published|issued|approved|amended) (?:in|on) "
    r"(?P<when>[^;,]{4,30}?\d{4})\.$"
)


def updated(sentence: str, ctx: DocContext) -> Fact | None:
    """ "It was last updated in <date>." -> "When was <the document> last updated?" (only
    where the document has a name a user says)."""
    m = _UPDATED.match(sentence)
    if m is None:
        return None
    noun = m.group("noun")
    if noun is None:
        if not ctx.name:
            return None  # "It": what, only the document's name can say
        what = ctx.name
    else:
        what = f"this {noun}"
    last = " last" if m.group("verb") in ("updated", "revised", "reviewed", "amended") else ""
    return Fact(f"When was {what}{last} {m.group('verb')}?", sentence, "when")


_NUMBER = r"two|three|four|five|six|seven|eight|nine|ten|twelve|\d{1,3}"
_OFFERS = re.compile(
    r"^(?P<s>We|[A-Z][\w&]*(?: [A-Z][\w&]*){0,3})\s+(?:are (?:excited|pleased|happy|proud|"
    r"delighted) to\s+|also\s+)?(?P<verb>offers?|provides?)\s+(?:(?P<to>our|its|all|their)\s+"
    r"(?P<who>employees|staff|members|customers|students)\s+)?(?:a choice of\s+)?"
    rf"(?P<n>{_NUMBER})\s+(?P<np>(?:[a-z][\w-]*\s+){{0,4}}?[a-z][\w-]*s)\b(?P<rest>[^;]*)\.$"
)
# Praise a question does not repeat ("<n> comprehensive <things>" asks for <things>).
_PRAISE = re.compile(
    r"\b(?:comprehensive|great|excellent|exciting|wonderful|affordable|flexible|generous|"
    r"different|distinct|separate|fantastic|competitive|attractive)\s+"
)


def offers_count(sentence: str, ctx: DocContext) -> Fact | None:
    """ "We offer our employees <n> <praise> <things> ..." -> "How many <things> does
    <organisation> offer its employees?" ("We" is the organisation the title names; the
    praise is not repeated)."""
    m = _OFFERS.match(sentence)
    if m is None:
        return None
    subject = m.group("s")
    if subject == "We":
        if not ctx.org:
            return None
        subject = ctx.org
    np = _PRAISE.sub("", m.group("np")).strip()
    if len(np.split()) < 1 or np in ("ways", "things", "options", "reasons"):
        return None  # "three ways to ...": the question would not say of what
    verb = "offer" if m.group("verb").startswith("offer") else "provide"
    who = f" its {m.group('who')}" if m.group("who") else ""
    return Fact(f"How many {np} does {subject} {verb}{who}?", sentence, "count")


def document_fact(sentence: str, ctx: DocContext) -> Fact | None:
    """The question one of the forms above asks of ``sentence`` (English), or None."""
    text = sentence.strip()
    if len(text) < 20 or len(text) > 400:
        return None
    return summarizes(text) or applies_to(text) or updated(text, ctx) or offers_count(text, ctx)


_THROUGH = re.compile(
    r"^(?P<s>We|[A-Z][\w&]*(?: [A-Z][\w&]*){0,3})\s+(?:are (?:excited|pleased|happy|proud|"
    r"delighted) to\s+)?(?P<verb>offers?|provides?)\s+(?:our|its|all|their)?\s*(?:employees|staff|"
    r"members|customers|students)?\s*(?:[\w-]+\s+){0,6}?(?P<what>[a-z][\w-]*\s+(?:plans|policies|"
    r"benefits|services|programs|programmes|accounts|cards))\s+through\s+(?P<by>[A-Z][\w&]*"
    r"(?: [A-Z][\w&]*){0,3})\.$"
)
