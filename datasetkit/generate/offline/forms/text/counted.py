"""A count a German sentence states, asked "Wie viele <Einheit> ...?" in German.

German puts the finite verb second in a main clause: a sentence that opens with its
subject and states a number of a counted noun ("Eine Woche hat 40 Arbeitsstunden",
"Du hast 25 Tage Urlaub") turns into a question by moving the counted noun to the front
and the subject behind the verb ("Wie viele Arbeitsstunden hat eine Woche?", "Wie viele
Tage Urlaub habe ich?"). The reader addressed as "du" asks as "ich". A sentence that
opens with anything but its subject (an adverbial, a pronoun such as "es") is not asked:
its word order would have to be rebuilt, not moved.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.forms.registry import form
from datasetkit.generate.offline.text.view import Sentence

# Subject (a determiner and a noun, a pronoun, or a noun), the finite verb, a few words,
# an optional bound ("mindestens"), the number and the counted noun (capitalised).
_COUNT = re.compile(
    r"^(?P<subject>(?:(?:Eine?|Der|Die|Das|Jede[rsm]?|Alle|Unsere?|Deine?|Dein)\s+"
    r"(?:[a-zäöüß]+\s+)?[A-ZÄÖÜ][\wäöüß-]+|Du|[A-ZÄÖÜ][a-zäöüß]+(?:innen|ende|er)))"
    r"\s+(?P<verb>[a-zäöüß]{2,})\s+(?P<mid>(?:[a-zäöüß]+\s+){0,2}?)"
    r"(?P<bound>(?:mindestens|höchstens|maximal|bis zu|insgesamt)\s+)?"
    r"(?P<num>\d+(?:,\d+)?)\s+(?P<unit>[A-ZÄÖÜ][\wäöüß-]+(?:\s+[A-ZÄÖÜ][\wäöüß-]+)?)"
    r"(?P<rest>[\s,.(].*)?$"
)
# Words that open a sentence with no subject of its own in front of the verb.
_NOT_SUBJECT = frozenset({"es", "das", "dies", "diese", "dieser", "dieses", "man"})
# The finite verb said of "du", then of "ich": irregular ones, else "-st" -> "-e".
_DU_ICH = {
    "hast": "habe",
    "bist": "bin",
    "kannst": "kann",
    "darfst": "darf",
    "musst": "muss",
    "sollst": "soll",
    "willst": "will",
    "wirst": "werde",
    "weißt": "weiß",
}
_VERB_NOT = re.compile(r"^(?:und|oder|aber|nicht|auch|nur|noch|sich)$")


def _ich(verb: str) -> str | None:
    """The verb of "du" as "ich" says it ("arbeitest" -> "arbeite")."""
    if verb in _DU_ICH:
        return _DU_ICH[verb]
    if verb.endswith("est") and len(verb) > 5:
        return verb[:-2]  # "arbeitest" -> "arbeite"
    return verb[:-2] + "e" if verb.endswith("st") and len(verb) > 4 else None


# What ends the part of a sentence the question keeps: an aside, a clause, the end.
_TAIL_END = re.compile(r"[,;(:]|\s[-–]\s|\.\s*$|\.\s")
_CLAUSE_WORD = re.compile(r"(?i)\b(?:dass|wenn|weil|falls|ob|sofern|damit|und|oder)\b")


def _tail(bound: str, rest: str) -> str | None:
    """The bound and the words after the counted noun that belong to the question ("pro
    Tag", a verb the clause ends with), up to an aside or a clause; None when too long."""
    kept = _TAIL_END.split(rest, maxsplit=1)[0].strip() if rest else ""
    if len(kept.split()) > 5 or _CLAUSE_WORD.search(kept):
        return None
    return " ".join(x for x in (bound.strip(), kept) if x)


def count_question(sentence: str) -> tuple[str, str] | None:
    """("Wie viele <unit> <verb> <subject> <words>?", the counted phrase) for a German
    main clause that opens with its subject and states a count."""
    m = _COUNT.match(sentence.strip())
    if m is None or _VERB_NOT.match(m.group("verb")):
        return None
    subject, verb = m.group("subject"), m.group("verb")
    if subject.split()[0].lower() in _NOT_SUBJECT:
        return None
    if subject == "Du":
        ich = _ich(verb)
        if ich is None:
            return None
        subject, verb = "ich", ich
    elif " " in subject:
        # A determiner is lowered behind the verb; a German noun keeps its capital.
        subject = subject[:1].lower() + subject[1:]
    mid = " ".join(m.group("mid").split())
    tail = _tail(m.group("bound") or "", m.group("rest") or "")
    if tail is None:
        return None
    words = " ".join(x for x in (verb, subject, mid, tail) if x)
    return f"Wie viele {m.group('unit')} {words}?", f"{m.group('num')} {m.group('unit')}"


@form(
    "stated count",
    content="statement",
    order=52,
    asks="lookup",
    # The question is the sentence's own words moved: only for a language whose main
    # clause keeps the finite verb second, so that the move is the whole rewrite.
    languages=frozenset({"de"}),
    answer="sentence",
    kinds=("amount",),
    figures=("amount",),
)
def stated_count(said: Sentence) -> Candidate | None:
    """ "Eine Woche hat 40 Arbeitsstunden." -> "Wie viele Arbeitsstunden hat eine Woche?",
    answered by the sentence."""
    found = count_question(said.text)
    if found is None:
        return None
    # Asked as written: the English naming of statements (a document's name after "in")
    # would mix languages.
    sentence = said.text.strip()
    return Candidate(found[0], sentence, sentence, said.section, "amount", 0, (sentence,))
