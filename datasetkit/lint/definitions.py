"""Whether an answer to "what is X?" says what X is.

A question that asks what a term is wants its class and what sets it apart ("a
container for content that ..."). An answer cut from a sentence that only judges the
term ("X is an interesting example of ...", "X is a problem for ...", "X is a more
efficient ...", "X is important") says what the writer thinks of it, not what it is:
a reader still does not know, and an agent that defines the term is marked wrong.

:func:`defines_nothing` returns a short reason (the words found, quoted) or None; the
generation gate and ``datasetkit lint`` read it alike. Languages: en, de, fr, es.
"""

from __future__ import annotations

import re

# "What is X?" in each language; the term is what follows the frame.
_ASKS = {
    "en": re.compile(
        r"(?i)^(?:what|who)\s+(?:is|are)\s+(?:an?\s+|the\s+)?(?P<t>[^?]{2,60}?)\s*\?$"
    ),
    "de": re.compile(
        r"(?i)^(?:was|wer)\s+(?:ist|sind)\s+(?:(?:der|die|das|ein|eine)\s+)?(?P<t>[^?]{2,60}?)\s*\?$"
    ),
    "fr": re.compile(
        r"(?i)^(?:qu['’]est-ce\s+que|qu['’]est-ce\s+qu['’]|que\s+sont)\s*"
        r"(?:(?:le|la|les|un|une|des)\s+|l['’])?(?P<t>[^?]{2,60}?)\s*\?$"
    ),
    "es": re.compile(
        r"(?i)^¿?\s*(?:qué|quién)\s+(?:es|son)\s+(?:(?:el|la|los|las|un|una|lo)\s+)?"
        r"(?P<t>[^?]{2,60}?)\s*\?$"
    ),
}
# The copula an answer states the term with, and the articles after it.
_IS = {
    "en": r"(?:is|are)",
    "de": r"(?:ist|sind)",
    "fr": r"(?:est|sont)",
    "es": r"(?:es|son)",
}
_ARTICLE = {
    "en": r"(?:an?|the|one)",
    "de": r"(?:ein|eine|einer|der|die|das)",
    "fr": r"(?:un|une|le|la|les|l['’])",
    "es": r"(?:un|una|el|la|los|las)",
}
# Nouns that judge or place the term instead of classing it: an example of something
# else, a problem or a benefit for someone.
_JUDGING_NOUNS = {
    "en": r"(?:example|instance|problem|issue|challenge|concern|drawback|advantage|benefit|"
    r"disadvantage|result|consequence)s?",
    "de": r"(?:beispiel|problem|herausforderung|vorteil|nachteil|ergebnis|folge)(?:e|en|s)?",
    "fr": r"(?:exemple|problème|défi|avantage|inconvénient|résultat|conséquence)s?",
    "es": r"(?:ejemplo|problema|desafío|reto|ventaja|desventaja|resultado|consecuencia)s?",
}
# A comparison with what the sentence before it named: "a more efficient procedure".
_COMPARING = {
    "en": r"(?:more|less|better|worse|faster|simpler|cheaper|easier)",
    "de": r"(?:mehr|weniger|besser|schneller|einfacher|effizienter)\w*",
    "fr": r"(?:plus|moins|meilleur|meilleure)",
    "es": r"(?:más|menos|mejor|peor)",
}
# Words that only judge, standing in for the class: "X is important".
_JUDGING_WORDS = {
    "en": r"(?:important|essential|critical|crucial|useful|necessary|required|available|"
    r"interesting|difficult|possible|not)",
    "de": r"(?:wichtig|notwendig|nützlich|erforderlich|verfügbar|möglich|nicht)",
    "fr": r"(?:important|importante|essentiel|essentielle|utile|nécessaire|disponible|possible|pas)",
    "es": r"(?:importante|esencial|útil|necesario|necesaria|disponible|posible|no)",
}


def _predicate(term: str, first: str, lang: str) -> str | None:
    """What the answer's first sentence says the term is, when it opens with the term."""
    found = re.match(
        rf"(?i)^(?:{_ARTICLE[lang]}\s+)?{re.escape(term)}\s+{_IS[lang]}\s+(?P<p>.+)", first
    )
    return found.group("p") if found else None


def defines_nothing(question: str, answer: str, language: str | None = None) -> str | None:
    """What in ``answer`` judges the term ``question`` asks to define, or None."""
    lang = (language or "en").split("-")[0].casefold()
    asks = _ASKS.get(lang)
    found = asks.match(question.strip()) if asks else None
    lines = answer.strip().splitlines()
    if found is None or not lines:
        return None
    said = _predicate(found.group("t").strip(), lines[0].strip(), lang)
    if said is None:
        return None
    art = _ARTICLE[lang]
    for pattern, what in (
        (rf"{art}\s+(?:\w+\s+){{0,2}}?{_JUDGING_NOUNS[lang]}\b", "judges it"),
        (rf"{art}\s+{_COMPARING[lang]}\s", "compares it with something unnamed"),
        (rf"(?:\w+\s+)?{_JUDGING_WORDS[lang]}\b(?!\s+\w+\s+(?:that|which|who|of)\b)", "judges it"),
    ):
        hit = re.match(rf"(?i){pattern}", said)
        if hit:
            return f"the answer {what} ({hit.group(0).strip()!r}) instead of saying what it is"
    return None
