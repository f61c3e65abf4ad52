"""The outcome of a vote a record states, asked what it was: "<The budget> was approved
unanimously" -> "What was the outcome of the vote on the budget?"; "Le rapport financier
est approuvé avec 14 voix pour et 3 votes blancs" -> "Quel a été le résultat du vote sur
le rapport financier ?"; answered by the whole sentence.

Minutes, protocols and the reports of a general meeting record each decision as the item
put to the vote, the verb that says how it ended (adopted, rejected) and the count or
the unanimity it ended with. That count is what a reader asks for; the sentence is read
as one only when it carries it (unanimity, or a number of votes, or "for"/"against"), so
that a rule of a statute ("the budget is adopted by the general meeting") is not taken
for a decision. The item is the sentence's subject with its article, and it must name
the item on its own: a pronoun, a demonstrative or a lone noun ("the proposal", "the
resolutions") says not which.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.knowledge.model import Section

# Per language: the article that opens the subject, the auxiliaries before the verb, the
# verbs that say how a vote ended, and what carries the count.
_ARTICLE = {
    "en": r"The",
    "fr": r"Le|La|Les|L['’]",
    "de": r"Der|Die|Das",
    "es": r"El|La|Los|Las",
}
_AUX = {
    "en": r"(?:was|were|is|are|has\s+been|have\s+been)",
    "fr": r"(?:est|sont|a\s+été|ont\s+été|fut|furent)",
    "de": r"(?:wird|werden|wurde|wurden|ist|sind)",
    "es": r"(?:fue|fueron|es|son|queda|quedan|ha\s+sido|han\s+sido|resultó|resultaron)",
}
_VERB = {
    "en": r"approved|adopted|accepted|rejected|carried|passed|defeated|ratified|endorsed",
    "fr": r"(?:approuvé|adopté|accepté|rejeté|refusé|ratifié|validé)(?:e|s|es)?",
    "de": r"angenommen|abgelehnt|beschlossen|genehmigt|bestätigt|verabschiedet",
    "es": r"(?:aprobad|rechazad|adoptad|aceptad|ratificad)(?:o|a|os|as)",
}
# What says how the vote went: unanimity, or a count of votes (for, against, abstaining).
_COUNT = {
    "en": r"\bunanimous(?:ly)?\b|\b\d+\s+(?:votes?|in\s+favou?r|for|against|abstentions?)\b",
    "fr": r"\bunanimité\b|\b\d+\s+(?:voix|votes?|pour|contre|abstentions?)\b",
    "de": r"\beinstimmig\b|\b\d+\s+(?:Ja|Nein|Stimmen|Gegenstimmen|Enthaltungen?)\b",
    "es": r"\bunanimidad\b|\b\d+\s+(?:votos?|a\s+favor|en\s+contra|abstenciones?)\b",
}
# Words that may stand between the auxiliary and the verb ("put to the vote at 17:00 and").
_BETWEEN = {
    "en": r"(?:(?:unanimously|put\s+to\s+(?:a|the)\s+vote[^,.;]{0,30}?\s+and)\s+)?",
    "fr": r"(?:(?:donc\s+)?(?:soumis(?:e|es)?\s+au\s+vote[^,.;]{0,30}?\s+et\s+|voté(?:e|s|es)?[^,.;]{0,30}?\s+et\s+))?",
    "de": r"(?:[^,.;]{0,60}?\s+)?",
    "es": r"(?:(?:sometid[oa]s?\s+a\s+votación[^,.;]{0,30}?\s+y\s+))?",
}
_QUESTION = {
    "en": "What was the outcome of the vote on {item}?",
    "fr": "Quel a été le résultat du vote sur {item} ?",
    "de": "Mit welchem Ergebnis {aux} {item} {verb}?",
    "es": "¿Cuál fue el resultado de la votación sobre {item}?",
}
# Subjects that say not which item: a pronoun or a demonstrative after the article slot.
_VAGUE = re.compile(
    r"(?i)\b(?:this|that|these|those|it|ce|cet|cette|ces|celui|celle|dieser|diese|dieses|"
    r"este|esta|estos|estas|ese|esa)\b"
)
_MAX_ITEM_WORDS = 12


def vote_outcome(sentence: str, section: Section, lang: str) -> Candidate | None:
    """The outcome of the vote a sentence records, asked of the item voted on."""
    if lang not in _ARTICLE:
        return None
    text = " ".join(sentence.split())
    if not re.search(_COUNT[lang], text, re.I if lang != "de" else 0):
        return None
    # An aside in brackets (the amounts voted, the count) is no part of the clause.
    m = re.match(
        rf"^(?P<item>(?:{_ARTICLE[lang]})\s*[^,;:]+?)\s+(?P<aux>{_AUX[lang]})\s+"
        rf"(?:{_BETWEEN[lang]})(?P<verb>{_VERB[lang]})\b",
        re.sub(r"\s*\([^)]*\)", "", text),
    )
    if m is None:
        return None
    item = _item(m.group("item"), lang)
    if item is None:
        return None
    aux = m.group("aux")
    past = {"wird": "wurde", "werden": "wurden", "ist": "wurde", "sind": "wurden"}.get(aux, aux)
    question = _QUESTION[lang].format(item=item, aux=past, verb=m.group("verb"))
    return Candidate(question, text, text, section, "declared", 0, (text,))


def _item(said: str, lang: str) -> str | None:
    """The item voted on as a question names it (article lowered, an aside in brackets
    left out); None when it names no item on its own."""
    item = re.sub(r"\s*\([^)]*\)", "", said).strip()
    words = re.split(r"\s+|(?<=['’])", item)
    if _VAGUE.search(item) or len(words) > _MAX_ITEM_WORDS:
        return None
    if re.search(r"\b(?:und|and|et|y)\b\s+(?:der|die|das|the|le|la|les|el|la|los|las)\b", item):
        return None  # two items voted at once: which outcome is whose
    content = [w for w in words[1:] if w]
    if len(content) < 2 and _ANAPHORIC.fullmatch(content[0] if content else ""):
        return None  # "the proposal", "les résolutions": which one, the question cannot say
    return item[:1].lower() + item[1:]


# Nouns that stand for what was said before them (a proposal, the resolutions): alone
# after the article they name no item a question can ask of.
_ANAPHORIC = re.compile(
    r"(?i)(?:proposals?|motions?|resolutions?|decisions?|recommendations?|points?|items?|"
    r"amendments?|requests?|changes?|suggestions?|ideas?|composition|list|vote|"
    r"propositions?|motions?|résolutions?|décisions?|préconisations?|recommandations?|"
    r"modifications?|demandes?|idées?|composition|liste|"
    r"Antrag|Anträge|Vorschlag|Vorschläge|Beschluss|Beschlüsse|Änderungs?(?:antrag|en)?|"
    r"Empfehlungen?|Zusammensetzung|Liste|"
    r"propuestas?|mociones?|resoluciones?|resolución|decisiones?|decisión|"
    r"recomendaciones?|recomendación|modificaciones?|modificación|composición|lista)"
)
