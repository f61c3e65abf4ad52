"""Whether a question names a member of a sequence only by its place in the document.

A text that walks through a list of kinds, steps or reasons says "the next category",
"the final type", "a second challenge": the order word is resolved by the sentences
before it. Lifted into a question, it points at an order the reader never sees (the next
after which? the second of what?). The question is resolved only when it says whose
sequence it is: a phrase after the noun that names the thing (a determiner, a name, a
figure or an action follows the preposition), not the bare kind the noun is a member of
("the final type of image" names no sequence; "the final step of the appeal process"
does).

:func:`sequence_reference` returns a short reason (the words, quoted) or None.
"""

from __future__ import annotations

import re

# Per language: the order words that place a member in a sequence, the nouns a text
# enumerates by (kinds, steps, reasons ...; singular and plural), the prepositions and
# articles after which a phrase names whose sequence it is, and the words after a
# preposition that make that phrase name something (a determiner or possessive).
_ORDER = {
    "en": r"next|final|last|first|second|third|fourth|fifth|sixth|previous|preceding|"
    r"subsequent|remaining|latter|former",
    "de": r"nächste[rnms]?|letzte[rnms]?|erste[rnms]?|zweite[rnms]?|dritte[rnms]?|"
    r"vierte[rnms]?|weitere[rnms]?|vorige[rnms]?|übrige[rnms]?",
    "fr": r"prochaine?s?|suivante?s?|précédente?s?|première?s?|premiers?|seconde?s?|"
    r"deuxièmes?|troisièmes?|quatrièmes?|dernière?s?|derniers?",
    "es": r"siguientes?|próxim[oa]s?|anterior(?:es)?|primer[oa]?s?|segund[oa]s?|"
    r"tercer[oa]?s?|cuart[oa]s?|últim[oa]s?",
}
_NOUN = {
    "en": r"(?:type|kind|categor(?:y|ie)|class(?:e)?|sort|variet(?:y|ie)|example|"
    r"instance|reason|challenge|problem|issue|point|option|approach(?:e)?|method|way|item|"
    r"aspect|factor|benefit|advantage|disadvantage|drawback|feature|step|stage|phase|part|"
    r"group|level|principle|goal|objective|component|element|technique|strateg(?:y|ie)|"
    r"question|scenario|requirement|condition|rule|source|limitation|contribution|"
    r"finding|lesson|tip|pillar|layer|tier)s?",
    "de": r"Arte?n?|Type?n?|Kategorien?|Klassen?|Formen?|Beispiele?|Gr[uü]nde?|Schritte?|"
    r"Phasen?|Stufen?|Punkte?|Möglichkeit(?:en)?|Option(?:en)?|Methoden?|"
    r"Herausforderung(?:en)?|Probleme?|Vorteile?|Nachteile?|Merkmale?|Faktor(?:en)?|"
    r"Ans[aä]tze?|Aspekte?|Teile?|Gruppen?|Ebenen?|Regeln?|Bedingung(?:en)?|"
    r"Anforderung(?:en)?|Fälle|Fall",
    "fr": r"types?|catégories?|sortes?|genres?|formes?|exemples?|raisons?|étapes?|phases?|"
    r"défis?|problèmes?|points?|options?|méthodes?|approches?|avantages?|inconvénients?|"
    r"facteurs?|aspects?|parties?|niveaux?|règles?|conditions?|cas",
    "es": r"tipos?|categorías?|clases?|formas?|ejemplos?|razon(?:es)?|razón|motivos?|pasos?|"
    r"etapas?|fases?|retos?|desafíos?|problemas?|puntos?|opcion(?:es)?|opción|métodos?|"
    r"enfoques?|ventajas?|desventajas?|factor(?:es)?|aspectos?|partes?|nivel(?:es)?|"
    r"reglas?|condicion(?:es)?|condición|casos?",
}
# A phrase after the noun (anywhere up to the question's end) that says whose sequence: a
# preposition (or genitive article) and then a word that names a thing: a determiner or possessive, a capitalised name, a
# figure or an action (an English gerund).
_SAYS_WHOSE = {
    "en": re.compile(
        r"\s(?:of|in|for|to|on|at|by|with|about|from|after|before|during|when|within|under|between|"
        r"among|toward|towards|into|that|which|who|where)\s+"
        r"(?:the|a|an|your|my|our|their|its|his|her|each|every|this|that|these|those|"
        r"[A-Z0-9\"“'‘]|[a-z]+ing\b)"
    ),
    "de": re.compile(
        r"\s(?:des|der|eines|einer|meines|meiner|ihres|ihrer|unseres|unserer|bei|beim|"
        r"für|im|in|von|vom|zum|zur|nach|vor|während|wenn|die|das|den)\s+\S"
    ),
    "fr": re.compile(
        r"\s(?:du|des|de la|de l[’']|de (?:mon|ma|mes|votre|vos|notre|nos|leur|leurs|son|sa|ses)|"
        r"pour|dans|lors|avant|après|en|au|aux|quand|qui|que)\s*\S"
    ),
    "es": re.compile(
        r"\s(?:del|de la|de los|de las|de (?:mi|mis|su|sus|tu|tus|nuestro|nuestra)|para|en|"
        r"durante|antes|después|al|cuando|que)\s+\S"
    ),
}


def _patterns(lang: str) -> list[re.Pattern[str]]:
    order, noun = _ORDER[lang], _NOUN[lang]
    if lang == "en":
        # "another" is a determiner and an order word at once: "another challenge".
        before = rf"(?i)\b(?:(?:the|a|an|one)\s+(?:{order})|another)\s+(?:[\w-]+\s+)?(?:{noun})\b"
        return [re.compile(before)]
    if lang == "de":  # German nouns are capitalised, its order words are not
        return [re.compile(rf"\b(?i:{order})\s+(?:[\w-]+\s+)?(?:{noun})\b")]
    before = rf"(?i)\b(?:{order})\s+(?:[\w-]+\s+)?(?:{noun})\b"
    # French and Spanish put most order words after the noun too ("l'étape suivante").
    after = rf"(?i)\b(?:{noun})\s+(?:{order})\b"
    return [re.compile(before), re.compile(after)]


_COMPILED = {lang: _patterns(lang) for lang in _ORDER}


def sequence_reference(question: str, language: str | None = None) -> str | None:
    """The words of ``question`` that name a member of a sequence by its place only ("the
    next category", "a second challenge"), when nothing after them says whose sequence."""
    lang = (language or "en").split("-")[0].casefold()
    patterns = _COMPILED.get(lang)
    if patterns is None:
        return None
    for pattern in patterns:
        for found in pattern.finditer(question):
            if _SAYS_WHOSE[lang].search(question[found.end() :]):
                continue
            return f"{found.group(0)!r} names a place in an order the question does not give"
    return None
