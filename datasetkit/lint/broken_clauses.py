"""Whether an English question is a clause: no noun phrase pasted into "What is the ...",
no sentence cut in the middle, a verb that agrees with its subject.

:func:`broken_clause` returns a short reason (what it found, quoted) or None; the
generation gate and ``datasetkit lint`` read it alike.
"""

from __future__ import annotations

import re

_MODALS = r"(?:must|shall|should|can|could|may|might|will|would|cannot)"
_BROKEN = (
    # Two determiners in a row: a noun phrase pasted into "What is the ...".
    (
        re.compile(
            r"(?i)\b(?:the|a|an)\s+(?:the|a|an|my|your|our|their|this|that|after|before|if|"
            r"when|of|to|for|with|by|from|and|or|is|are|was|were)\b"
        ),
        "a determiner with no noun",
    ),
    # Two modals in one clause: "When must the system must require ...".
    (
        re.compile(
            rf"(?i)\b{_MODALS}\b(?:(?!\b(?:and|or|if|when|that|which|who|to|but|before|after|until|unless|because|while|so|whether|where|once|whom)\b)[^,;])+?\b{_MODALS}\b"
        ),
        "two modal verbs in one clause",
    ),
    # An auxiliary followed by a preposition: "What does by no mean?".
    (
        re.compile(
            r"(?i)^\w+\s+(?:does|do|did|is|are|was|were|can|must|should|will|shall)\s+"
            r"(?:by|of|to|for|in|on|at|with|from|as|into|under|unless|if)\b"
        ),
        "no subject after the verb",
    ),
    # A comma straight after the question's opening: "How should ideally, external ...".
    (
        re.compile(
            r"(?i)^(?:how|what|when|where|who|which|why)\s+\w+\s+"
            r"(?:\w+ly|otherwise|however|therefore|also|then|where\s+\w+),\s"
        ),
        "a clause cut at a comma",
    ),
    # "if" or "when" with no clause after it: "What happens if necessary?".
    (
        re.compile(
            r"(?i)\b(?:if|unless|when|where)\s+(?:necessary|appropriate|applicable|possible|needed|"
            r"required|available|so|not|otherwise|approved|requested|permitted|feasible|"
            r"practicable|warranted|any|relevant|desired|indicated|instructed|directed|"
            r"authori[sz]ed)\b"
        ),
        "a condition with no clause",
    ),
    (re.compile(r"(?i)\b(?:if|unless|when)\s+\w+\s*\?$"), "a condition with no clause"),
    # A count of a count: "How many number of hires ...".
    (
        re.compile(
            r"(?i)^how\s+many\s+(?:number|count|total|amount|quantity|percent|percentage)s?\b"
        ),
        "a count of a count",
    ),
    # A list marker left in the question: "What are (4) people?".
    (re.compile(r"(?:^|\s)\(\d{1,2}\)\s|^\s*(?:\d{1,2}[.)]|[a-z]\))\s"), "a list marker"),
    # A label copied with the question: "Q1: Is the ...", "Question: ...".
    (re.compile(r"(?i)^\s*(?:q|question|frage|pregunta)\s*\d*\s*[:.)-]\s*"), "a copied label"),
)


_MORE_BROKEN = (
    # Do-support over a perfect: "Why do email systems have long been ...".
    (
        re.compile(r"(?i)\b(?:do|does|did)\b[^?,]*\b(?:have|has)\s+(?:\w+ly\s+|long\s+)?been\b"),
        "'do' with 'have been'",
    ),
    # A condition with no subject: "What happens when budgeting for ...", or a hedge taken
    # for one: "What happens whenever possible?".
    (
        re.compile(
            r"(?i)^what\s+happens\s+(?:if|when|unless|whenever|wherever)\s+(?:\w+ing\b|(?:possible|"
            r"necessary|appropriate|needed|applicable|required|practical|feasible)\?$)"
        ),
        "a condition with no subject",
    ),
    # A question inside the question, the sentence going on after it: a heading that asks
    # one, pasted in ("What does the what makes ...? include?"); two questions are not.
    (re.compile(r"\?\s*(?=[a-z])"), "a question inside the question"),
    # Bullet glyphs or a section number inside the question: "What are 5.3 ● Limits?".
    (
        re.compile(r"(?i)[●•▪◦■□►▸‣◆]|^\w+\s+(?:is|are|does|do)\s+(?:the\s+)?\d+(?:\.\d+)+\s"),
        "a list marker",
    ),
    # A verb after a noun phrase that needs none: "What is the fax number of the FAA
    # will consider ...".
    (
        re.compile(
            r"(?i)^what\s+(?:is|are|was|were)\s+the\s+[^?]*?\bof\s+the\s+[\w-]+\s+"
            r"(?:will|can|must|shall|may|should|would|could)\s+\w+"
        ),
        "a clause with no place in the question",
    ),
    # A plural verb before a mass quantity: "Why are much of the arts possible?".
    (
        re.compile(r"(?i)\b(?:are|were|do|have)\s+(?:much|little)\s+of\b"),
        "a plural verb before 'much'",
    ),
    # Two clauses spliced with a semicolon: pieces of a table or an address run together.
    (re.compile(r";\s*\S[^?]*\?$"), "two pieces spliced with a semicolon"),
)
# A sentence of the document turned into a question with its own words left in place:
# the connective that tied it to the sentence before, a conjunction where the subject
# belongs, or the object the question asks for still standing after the verb.
_LIFTED = (
    # A connective that opens or closes the question ties it to a sentence it does not show.
    (
        re.compile(
            r"(?i)^(?:so|and|but|yet|then|thus|hence|therefore)\b,?\s+(?:what|who|which|how|why|"
            r"when|where|is|are|do|does|did|can)\b"
            r"|\b(?:in contrast|however|therefore|thus|hence|moreover|furthermore|in addition|"
            r"consequently|for example|for instance|in turn|on the other hand)\s*\?$"
        ),
        "a connective of the sentence it was cut from",
    ),
    # A copula followed by a conjunction: the sentence's opening clause pasted in as a noun.
    (
        re.compile(
            r"(?i)^(?:what|who|which)\s+(?:is|are|was|were)\s+(?:since|because|although|though|"
            r"whereas|unless|if|once|until)\b"
        ),
        "a conjunction where the subject belongs",
    ),
    # "much" with no degree word as a clause's subject ("if too much is ..." lost "too"):
    # the quantity it stood for is gone.
    (
        re.compile(r"(?i)\b(?:if|when|unless|whether|are|were)\s+much\b"),
        "'much' with no degree word",
    ),
    # "What does X use Y that is ... for?": the object the question asks for is still there
    # after the verb, with its relative clause, and the preposition it asked with is left.
    (
        re.compile(
            r"(?i)^(?:what|who|which)\s+(?:does|do|did)\s+(?=[^?]*\b(?:that|which|who)\s+(?:is|are|"
            r"was|were|may|might|can|could|will|would|has|have|must|should)\b)[^?]*\b(?:for|to|of|"
            r"with|from|about|in|on|at|by|into)\?$"
        ),
        "the asked-for object still after the verb",
    ),
)
_VERB_WORD = re.compile(
    r"(?i)\b(?:is|are|was|were|be|do|does|did|can|could|may|might|must|shall|should|will|"
    r"would|has|have|had|isn't|aren't|doesn't|don't|can't|won't)\b"
)
# Question words of the other languages a set may hold without saying so: a question in
# one of them has no English question word, and is no caption for that.
_OTHER_WH = re.compile(
    r"(?i)\b(?:qu['’]|que|qu[ée]|quais|qual|quant\w*|cu[aá]nt\w*|wieviel\w*|quel(?:le)?s?|comment|combien|o[uù]|wie|was|welche[rsnm]?|"
    r"wann|wo|wer|warum|wieso|cu[aá]l(?:es)?|cu[aá]nto|c[oó]mo|d[oó]nde|qui[eé]n|chi|cosa|come|"
    r"quale|quanto|perch[eé]|hoe|wat|welke|wanneer|waar)\b"
    # ... and their articles and small words, which English does not write.
    r"|\b(?:un|une|est|les|des|du|di|della|il|gli|der|die|das|und|ist|el|los|las|y|een|het|van)\b"
)
# An instruction ends in "?" at times and has no question word: "Name the three types?".
_INSTRUCTION = re.compile(
    r"(?i)^(?:please\s+)?(?:tell|list|name|describe|explain|give|show|define|summari[sz]e|"
    r"compare|state|identify|outline|provide|find|check)\b"
)


def _lifted(q: str) -> str | None:
    """A sentence's own words left in a question made from it, or None."""
    for pattern, what in _LIFTED:
        found = pattern.search(q)
        if found:
            return f"{what} ({found.group(0).strip()!r})"
    return None


# Plurals that do not end in "s".
_PLURAL_WORDS = frozenset(
    [
        "people",
        "children",
        "staff",
        "personnel",
        "data",
        "media",
        "criteria",
        "men",
        "women",
        "police",
        "feet",
        "teeth",
        "alumni",
        "phenomena",
        "cattle",
        "yen",
        "sheep",
        "fish",
        "aircraft",
        "you",
        "we",
        "they",
    ]
)
_HEAD_END = re.compile(
    r"(?i)\s+(?:of|for|to|in|on|at|by|with|from|under|about|that|which|who|when|if|"
    r"is|are|was|were|do|does|can|must|should|will|would|may)\b"
)
# Nouns that name no subject of their own: "What is the classic problem?".
_EMPTY_NOUNS = frozenset(
    [
        "problem",
        "issue",
        "note",
        "concern",
        "point",
        "thing",
        "question",
        "decision",
        "reason",
        "idea",
        "aspect",
        "fact",
        "matter",
        "item",
        "example",
        "case",
        "situation",
        "one",
        "way",
        "part",
        "detail",
        "factor",
        "topic",
    ]
)


def _head_words(phrase: str) -> list[str]:
    """The words before the first preposition, verb or clause of ``phrase``."""
    words = _HEAD_END.split(phrase.strip(), maxsplit=1)[0].split()
    return [re.sub(r"[^\w'-]", "", w).casefold() for w in words]


def _head(phrase: str) -> str:
    """The last word before the first preposition, verb or clause of ``phrase``."""
    words = _head_words(phrase)
    return words[-1] if words else ""


def _no_plural(phrase: str) -> str | None:
    """The head of ``phrase`` when none of its words before a preposition or verb can be a
    plural (or a participle, as in "employees expected to"), else None."""
    words = [w for w in _head_words(phrase) if w[:1].isalpha()]
    if not words or any(w.endswith("s") or w in _PLURAL_WORDS for w in words):
        return None
    return words[-1]


def _agreement(q: str) -> str | None:
    """ "How many alphanumeric ...", "What are notification to ...": a number the noun
    does not have."""
    many = re.match(r"(?i)^how\s+many\s+(?P<np>[^?]+)", q)
    head = _no_plural(many.group("np")) if many else None
    if head:
        return f"'how many' before {head!r}, which is no plural noun"
    are = re.match(r"(?i)^what\s+are\s+(?:the\s+)?(?P<np>[^?]+)\?$", q)
    head = _no_plural(are.group("np")) if are else None
    if head:
        return f"'what are' before {head!r}, which is no plural noun"
    bare = re.match(
        r"(?i)^what\s+(?:is|are|was|were)\s+(?:the|a|an|another|one)\s+(?P<np>[a-z][\w\s-]*)\?$", q
    )
    np = bare.group("np").strip() if bare else ""
    if bare and _head(np) == np.split()[-1].casefold() and _head(np).rstrip("s") in _EMPTY_NOUNS:
        return f"{bare.group('np')!r} names no subject"
    return None


# The words an English question is asked by: a question word, or the verb that opens a
# yes/no question. A question with none of them is a phrase ending in a question mark (a
# caption or a slide's line broken off: "<Name> square shorter sides?").
_ASKING = re.compile(
    r"(?i)\b(?:what|how|why|when|where|who|whom|whose|which|whether|is|are|was|were|am|do|"
    r"does|did|can|could|should|would|will|shall|may|might|must|have|has|had|need|needs|"
    r"isn't|aren't|don't|doesn't|didn't|can't|cannot|won't|shouldn't|"
    # A question of another language read here ("Wie viele ...", "¿Qué ...", "O que ...")
    # is not judged by English words.
    r"wie|wann|wo|wer|welche[rsmn]?|warum|bis|quel(?:le)?s?|que|qu|comment|pourquoi|"
    r"combien|qui|où|qué|cuál(?:es)?|cómo|cuándo|dónde|quién|cuánt[oa]s?|como|quais|qual|"
    r"quando|onde|quem|quant[oaie]s?|cosa|come|com|dov|cos|chi|qual[ei]?|dove|perch[eé]|che|wat|hoe|waarom|"
    r"wanneer|waar|wie|welke)\b|¿"
)


def _asks(q: str) -> bool:
    """Whether ``q`` has a word that asks: a question word, an asking verb, another
    language's question or small words, or an instruction's verb ("Name the three
    types?"). Without one it is a caption or a heading with a question mark. A question
    with letters outside ASCII may be in a language these words do not cover."""
    words = (_ASKING, _VERB_WORD, _OTHER_WH)
    return any(p.search(q) for p in words) or bool(_INSTRUCTION.match(q)) or not q.isascii()


def broken_clause(question: str) -> str | None:
    """What makes ``question`` no well-formed English clause, or None."""
    q = question.strip()
    if not _asks(q):
        return "no question word and no verb that asks"
    for pattern, what in (*_BROKEN, *_MORE_BROKEN):
        found = pattern.search(q)
        if found:
            return f"{what} ({found.group(0).strip()!r})"
    # German quotes open low and close high („…“): the low mark counts as the opening one.
    quotes = q.count('"') + q.count("“") + q.count("”") + q.count("„")
    if quotes % 2:
        return "a quotation it does not close"
    return _lifted(q) or _agreement(q)
