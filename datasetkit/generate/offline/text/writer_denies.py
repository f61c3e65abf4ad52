"""What the writer of a policy says it does not do, asked of the organisation by name:
"We do not sell your data to ..." -> "Does <Org> sell my data to ...?" -> "No. <rule>".

Privacy policies, codes of conduct, terms of use and service pages speak as "we" and state
their own limits in a few fixed shapes: "We do not <verb> ...", "We never <verb> ...",
"We will not <verb> ...". A user asks whether the organisation does the thing, naming it
("Does Talentli allow fake profiles?"), never "you" or "we". The organisation is the one
the text defines as "we" (``defined_speaker``: "<Name> ("Company", "we", "us" or "our"),
operating as <Trade name>"), else the one the document speaks for or its body is about
(``DocContext.org``, ``principal_subject``); with none, the sentence is not asked.

Precision first: the clause after the verb must be one a question can say whole (the same
checks as a prohibition: no exception, no comma the question would cut, no word that
points back), and the verb a plain base verb (not "hesitate", "forget", an adverb or a
participle).
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.defined_speaker import defined_speaker
from datasetkit.generate.offline.language.words import english_word, first_person
from datasetkit.generate.offline.per_document import PerDocument
from datasetkit.generate.offline.principal_subject import principal_subject
from datasetkit.knowledge.model import Document

# "We do not <verb> <rest>.", "We never <verb> <rest>.", "We will not <verb> <rest>."
_DENIES = re.compile(
    r"^We (?P<neg>do not|don't|don’t|never|will not|won't|won’t|will never) "
    r"(?P<verb>[a-z]+) (?P<rest>[a-z0-9][^.!?]*)\.$"
)
# Verbs after "we do not" that say nothing the organisation does: an encouragement, what
# the writer knows or can promise, or a word that is no base verb.
_NO_ACT = re.compile(
    r"^(?:hesitate|forget|know|think|believe|expect|anticipate|guarantee|warrant|represent|"
    r"claim|assume|intend|want|wish|mind|need|currently|always|also|only|just|yet|"
    r"[a-z]+(?:ing|ed|ly))$"
)


def defined_writer(doc: Document) -> str | None:
    """The organisation the opening of ``doc`` defines as "we" (its trade name when it
    gives one), or None; read once per document."""
    return _WRITERS.get(doc, lambda: defined_speaker(doc))


_WRITERS: PerDocument[str | None] = PerDocument()


def writer(doc: object, org: str | None) -> str | None:
    """Whom a question names for the writer's "we": the organisation the text defines as
    "we", else ``org`` (the one the document speaks for), else the principal subject."""
    if not isinstance(doc, Document):
        return org
    found = defined_writer(doc) or org
    if found is None and (principal := principal_subject(doc)) is not None:
        found = principal.name
    return found


def denied_question(sentence: str, who: str) -> tuple[str, str] | None:
    """The question a "We do not <verb> ..." sentence answers "No" to, asked of ``who``,
    and the clause it asks (for the caller's checks); None for any other sentence."""
    m = _DENIES.match(sentence)
    if m is None:
        return None
    verb, rest = m.group("verb"), m.group("rest")
    if _NO_ACT.match(verb) or not english_word(verb):
        return None
    aux = "Will" if m.group("neg").startswith(("will", "won")) else "Does"
    return f"{aux} {who} {verb} {first_person(rest)}?", rest
