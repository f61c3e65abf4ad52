"""A plural term defined by the things it names, in German, French and Spanish: "Los datos
públicos son todos aquellos que ...", "Les membres actifs sont les personnes qui ...",
"Die Pflichtmodule sind alle Module, die ..." -> "¿Qué son los datos públicos?", "Que sont
les membres actifs ?", "Was sind die Pflichtmodule?", answered by the sentence.

The definition form reads a term defined in the singular ("El X es un ..."); guides,
statutes and course notes define classes in the plural, with a determiner the singular
never takes ("todos aquellos", "alle", "tous les"). Only a predicate that opens with such a
determiner and restricts it (a relative clause, or a noun and its words) is read; a
predicate that points at what follows, judges the term or names people (who are asked
"who", not "what") asks nothing. Language data only.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.templates import said_as
from datasetkit.generate.offline.text.headed_terms import JUDGEMENT, PEOPLE, POINTS
from datasetkit.generate.offline.text.view import Sentence

# "<Los|Las> <term> son <determiner> ...": the plural article, the copula, the class.
_SHAPE = {
    "de": re.compile(
        r"^(?P<art>Die)\s(?P<term>[^\W\d][^,;:()\d]{2,50}?)\ssind\s"
        r"(?P<pred>(?:alle|diejenigen|die)\s.+)$"
    ),
    "fr": re.compile(
        r"^(?P<art>Les)\s(?P<term>[^\W\d][^,;:()\d]{2,50}?)\ssont\s"
        r"(?P<pred>(?:tous les|toutes les|tous ceux|toutes celles|ceux|celles|les|des)\s.+)$"
    ),
    "es": re.compile(
        r"^(?P<art>Los|Las)\s(?P<term>[^\W\d][^,;:()\d]{2,50}?)\sson\s"
        r"(?P<pred>(?:todos aquellos|todas aquellas|aquellos|aquellas|todos los|todas las|"
        r"los|las)\s.+)$"
    ),
}
_ASKS = {"de": "Was sind {term}?", "fr": "Que sont {term} ?", "es": "¿Qué son {term}?"}
# A relative clause, or a noun with words of its own, restricts the class.
_RESTRICTS = {
    "de": re.compile(r",\s(?:die|welche|deren|bei denen|in denen)\s|\s(?:mit|aus|von|für)\s"),
    "fr": re.compile(r"\s(?:qui|que|qu['’]|dont|où)\s?|\s(?:de|du|des|d['’])\s?"),
    "es": re.compile(r"\s(?:que|cuyos?|cuyas?|donde|en (?:los|las) que)\s|\s(?:de|del)\s"),
}
# A predicate that compares the term with another ("sont les mêmes que pour ...") says
# what it equals, not what it is: the answer would send the reader elsewhere.
_SAME = re.compile(
    r"(?i)^(?:(?:alle\s)?(?:die\s(?:gleichen|selben)|dieselben)|(?:tous\s)?les\smêmes|"
    r"(?:todos\s|todas\s)?(?:los\smismos|las\smismas))\b"
)
_MAX_TERM_WORDS = 5
_MIN_PREDICATE_WORDS = 5
CLASS_LANGUAGES = frozenset(_SHAPE)


def class_definition(said: Sentence) -> Candidate | None:
    """A plural term defined by its class, asked what it is; None when the sentence is no
    such definition."""
    lang = said.lang
    sentence = said.sentence.strip()
    if lang not in CLASS_LANGUAGES or said.section.kind not in ("paragraph", "list_item"):
        return None
    if not sentence.endswith(".") or len(sentence) > 400:
        return None
    m = _SHAPE[lang].match(sentence.rstrip("."))
    if m is None:
        return None
    term, pred = m.group("term").strip(), m.group("pred")
    if len(term.split()) > _MAX_TERM_WORDS or re.search(r"\b(?:que|qui|die|der|das)\b", term):
        return None  # a clause, not a term
    if len(pred.split()) < _MIN_PREDICATE_WORDS or POINTS.search(pred) or PEOPLE.match(pred):
        return None
    if _SAME.match(pred):
        return None
    if JUDGEMENT.search(" ".join(pred.split()[:3])) or not _RESTRICTS[lang].search(pred):
        return None
    art = m.group("art").lower()
    question = said_as(_ASKS[lang].format(term=f"{art} {term}"), lang)
    return Candidate(question, sentence, sentence, said.section, "definition", 1)
