"""What a party must do, and what it answers for: the duties of contracts, bids, terms and
policies asked as their reader asks them.

"<Party> must/shall/will <provide> <what> ..." asks "What must <party> provide?";
"<Party> is responsible for <what>" asks "What is <party> responsible for?". The
sentence-fact form asks first (a deadline, a limit, a yes/no rule): the actors form
(``people``) asks the duties it leaves, and only of a party the clause names and a verb
that takes an object, so the answer is the sentence that states the whole duty.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate, Fact
from datasetkit.generate.offline.language.clauses import Clause, cut, lead_tail, parse
from datasetkit.generate.offline.language.words import capital, first_person, is_plural
from datasetkit.generate.offline.text.view import Sentence

# Verbs of a duty that take what is owed as their object (with the preposition a
# question keeps: "comply with", "abide by").
_VERBS = (
    r"provide|include|maintain|submit|pay|deliver|obtain|keep|bid|receive|furnish|give|offer|"
    r"supply|perform|retain|return|bear|reimburse|report|carry|meet|follow|purchase|protect|"
    r"issue|publish|post|send|list|honou?r|charge|invoice|collect|disclose|display|file|"
    r"secure|install|replace|repair|remove|store|destroy|(?:comply|conform) with|abide by|"
    r"adhere to"
)
_DUTY_VERBS = re.compile(
    # "provide and maintain <what>": both verbs are asked.
    rf"^(?P<verb>{_VERBS})(?P<more>\s+(?:and|or)\s+(?:{_VERBS}))?\s+(?P<rest>.+)$"
)
# The verbs whose object follows a preposition the question keeps ("bid on <what>").
_PARTICLE = {"bid": "on", "report": "on"}
_MODALS = {"must", "shall", "will", "needs to", "need to", "has to", "have to"}
_MODALS_SAID = {"will": "will"}  # "shall", "has to", "needs to": a reader says "must"
# A subject that is a party: a name, a defined term, or a role that acts.
_PARTY = re.compile(
    r"(?i)\b(?:contractor|supplier|vendor|bidder|buyer|seller|customer|client|licensee|"
    r"licensor|purchaser|provider|tenant|landlord|lessee|lessor|employer|employee|member|"
    r"insurer|insured|policyholder|participant|agency|state|county|city|department|"
    r"company|corporation|party|parties|user|entity|entities|manufacturer|dealer|"
    r"distributor|partner|agent|broker|lender|borrower|owner|operator|fund|trustee|"
    r"depositary|manager|administrator|staff|student|applicant|you)s?$"
)
# Objects that point elsewhere or say nothing a reader can check.
_EMPTY_OBJECT = re.compile(
    r"(?i)^(?:the following|such|any of the|it|them|this|that|these|those|all of the above)\b"
)


def _party(subject: str) -> bool:
    """True when the clause's subject names who acts: a party noun, or a name."""
    head = re.split(r"\s(?:of|for|in|on|at|that|who|which|under|with)\s", subject)[0]
    if _PARTY.search(head):
        return True
    return bool(re.search(r"\b[A-Z][a-z]+", head)) and len(head.split()) <= 5


def _inside(subject: str) -> str:
    """The subject as it reads inside a question: "Each party" -> "each party"."""
    return re.sub(r"^(Any|Each|Every|All|Either|Both|The|A|An)\b", lambda w: w[1].lower(), subject)


def _duty(c: Clause, sentence: str) -> Fact | None:
    if c.kind != "modal" or c.negative or c.verb not in _MODALS:
        return None
    m = _DUTY_VERBS.match(c.rest)
    if m is None or not _party(c.subject):
        return None
    what = cut(m.group("rest"))
    particle = _PARTICLE.get(m.group("verb"))
    if particle and what.startswith(f"{particle} "):
        what = what[len(particle) + 1 :]
    else:
        particle = None
    if len(what.split()) < 2 or _EMPTY_OBJECT.match(what) or what.endswith(":"):
        return None
    if not particle and re.match(r"(?:with|to|at|in|on|from|for|by|within|upon|after)\b", what):
        return None  # "meet with <whom>": no object a "What must ...?" asks for
    if len(lead_tail(c.lead).split()) > 8:
        return None  # a lead that long is a clause of its own, not a setting to repeat
    modal = _MODALS_SAID.get(c.verb, "must")
    verb = m.group("verb") + (m.group("more") or "") + (f" {particle}" if particle else "")
    question = f"What {modal} {_inside(c.subject)} {verb}{lead_tail(c.lead)}?"
    return Fact(capital(first_person(question)), sentence, "duty")


_RESPONSIBLE = re.compile(r"^(?P<word>responsible|liable|accountable)\s+for\s+(?P<what>.+)$")


def _responsible(c: Clause, sentence: str) -> Fact | None:
    rest, verb = c.rest, c.verb
    if c.kind == "modal" and verb in ("will", "shall") and rest.startswith("be "):
        rest, verb = rest[3:], "will"  # "<Party> shall be responsible for ..."
    elif c.kind != "copula" or verb not in ("is", "are"):
        return None
    m = _RESPONSIBLE.match(rest)
    if c.negative or m is None or not _party(c.subject) or len(cut(m.group("what")).split()) < 2:
        return None
    subject = _inside(c.subject)
    clause = f"{verb} {subject}" if verb != "will" else f"will {subject} be"
    question = f"What {clause} {m.group('word')} for{lead_tail(c.lead)}?"
    return Fact(capital(first_person(question)), sentence, "duty")


def duty(said: Sentence) -> Candidate | None:
    """The duty the sentence puts on a party ("What must the Supplier provide?")."""
    sentence = said.text.strip()
    if len(sentence) < 30 or len(sentence) > 420 or not sentence.endswith((".", ")")):
        return None
    c = parse(sentence, said.ctx.words, said.topic, document=said.ctx.name)
    if c is None or c.lead.startswith(("if ", "when ", "unless ", "whenever ", "where ")):
        return None  # a condition's outcome: the condition form asks it
    if re.fullmatch(r"[a-z]+", c.subject) and not is_plural(c.subject) and c.subject != "you":
        return None  # "Customer is responsible ...": a note's shorthand, no party it names
    found = _duty(c, sentence) or _responsible(c, sentence)
    if found is None:
        return None
    answer = sentence
    if _RESPONSIBLE.match(c.rest.removeprefix("be ")):
        # A role's description: "<Role> are responsible for <X>. Duties include ...
        # <Role> conduct ...": the whole of what it answers for, not its first line.
        more = duties_go_on(c.subject, said.after)
        if more and len(answer) + sum(len(m) + 1 for m in more) <= _MAX_DUTIES:
            answer = " ".join((sentence, *more))
    return Candidate(found.question, answer, answer, said.section, "duty", 1, (answer,))


_MAX_DUTIES = 900
_DUTIES_OPEN = re.compile(
    r"(?i)^(?:(?:their|his|her|its|other|these|the)\s+)?(?:main\s+|other\s+)?"
    r"(?:duties|responsibilities|tasks|functions)\s+(?:include|are|cover)\b"
)


def duties_go_on(subject: str, after: tuple[str, ...] | list[str]) -> list[str]:
    """The sentences right after a party's first duty that go on with its duties: each
    opens with the party (by its last word: "Supervisors" for "The Engineering
    Supervisors"), a pronoun for it, or "Duties include"."""
    head = subject.split()[-1].casefold() if subject.split() else ""
    if not head:
        return []
    opens = re.compile(
        rf"(?i)^(?:(?:the|each|all|every|our|an?)\s+)?(?:[\w-]+\s+)?{re.escape(head)}s?\b"
        r"|^(?:they|he|she)\s"
    )
    out: list[str] = []
    for sentence in after:
        if not (opens.match(sentence) or _DUTIES_OPEN.match(sentence)):
            break
        out.append(sentence)
    return out
