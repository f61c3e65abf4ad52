"""What a vote a record states decided: who it elected ("<Name> est élue présidente à
l'unanimité" -> "Qui a été élue présidente ?"), else its outcome: "<The budget> was approved
unanimously" -> "What was the outcome of the vote on the budget?"; "Le rapport financier
est approuvé avec 14 voix pour et 3 votes blancs" -> "Quel a été le résultat du vote sur
le rapport financier ?"; answered by the whole sentence.

Minutes, protocols and the reports of a general meeting record each decision as the item
put to the vote, the verb that says how it ended (adopted, rejected) and the count or
the unanimity it ended with. That count is what a reader asks for; the sentence is read
as one only when it carries it (unanimity, or a number of votes, or "for"/"against"), so
that a rule of a statute ("the budget is adopted by the general meeting") is not taken
for a decision. An election names the person and the office (in the sentence, or in
the vote's heading before a colon); the question asks who holds the office. The item is
the sentence's subject with its article, and it must name
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


# Who a vote elected: "<Name> (est) élu(e) (au poste de) <office>", "<Name> was elected
# <office>", "<Name> wurde zum/zur <Office> gewählt", "<Name> fue elegido/a <office>"; the
# office may be said before, in the vote's own heading ("Vote pour élire le trésorier :").
_WHO = r"(?P<who>[\w][\w.’'-]*(?:\s+[A-ZÄÖÜÀ-Ý][\w.’'-]*){0,2})"
_ELECTED = {
    "en": re.compile(
        rf"^{_WHO}\s+(?:was|is|has\s+been)\s+(?:unanimously\s+)?(?:re-?)?elected\s+(?:as\s+)?"
        r"(?:the\s+)?(?:new\s+)?(?P<office>(?!by\b|with\b|unanimously\b)[a-z][a-z -]{2,40}?)"
        r"(?=\s+(?:by|with|unanimously|for)\b|[,.(])"
    ),
    "fr": re.compile(
        r"^(?:Vote\s+pour\s+élire\s+(?P<article>le|la|l['’])\s*(?P<before>[a-zé -]{3,40}?)\s*"
        r"(?:\([^)]*\)\s*)?:\s*)?"
        rf"{_WHO}\s+(?:est\s+|a\s+été\s+)?(?:ré)?(?P<part>élue?)\b"
        r"(?:\s+(?:au\s+poste\s+de\s+)?(?P<office>(?!à\b|avec\b|par\b|pour\b)[a-zé-]{3,30}"
        r"(?:\s+(?:adjoint|adjointe|général|générale))?))?"
    ),
    "de": re.compile(
        rf"^{_WHO}\s+(?:wird|wurde|ist)\s+[^.;]{{0,60}}?\b(?P<to>zum|zur)\s+"
        r"(?P<office>[A-ZÄÖÜ][\w-]+(?:\s+[A-ZÄÖÜ][\w-]+)?)\s+(?:\S+\s+){0,6}?gewählt\b"
    ),
    "es": re.compile(
        rf"^{_WHO}\s+(?:fue|es|ha\s+sido|resultó)\s+(?:re)?(?P<part>elegid[oa])\s+(?:como\s+)?"
        r"(?P<office>(?!por\b|con\b)[a-záéíóúñ]{3,30}(?:\s+(?:adjunt[oa]|general))?)\b"
    ),
}
_WHO_ASKS = {
    "en": "Who was elected {office}?",
    "fr": "Qui a été {part} {office} ?",
    "de": "Wer wurde {to} {office} gewählt?",
    "es": "¿Quién fue {part} {office}?",
}
# Words that open a clause, not a person's name.
_NOT_WHO = re.compile(
    r"(?i)^(?:the|a|an|le|la|les|l['’]|un|une|der|die|das|ein|eine|el|los|las|il|elle|he|"
    r"she|they|it|who|which|er|sie|es|él|ella|ce|cette|this|that|each|every|chaque|jeder|"
    r"jede|cada|nobody|no|personne|niemand|nadie)\b"
)


def elected(sentence: str, section: Section, lang: str) -> Candidate | None:
    """Who a vote a record states elected to an office, answered by the whole sentence."""
    if lang not in _ELECTED:
        return None
    text = " ".join(sentence.split())
    if not re.search(_COUNT[lang], text, re.I if lang != "de" else 0):
        return None
    m = _ELECTED[lang].match(text)
    if m is None or _NOT_WHO.match(m.group("who")):
        return None
    groups = m.groupdict()
    office = groups.get("office") or groups.get("before")
    if not office or len(office.split()) > 4:
        return None
    part = groups.get("part") or ""
    if not groups.get("office") and groups.get("article"):
        part = "élue" if groups["article"] == "la" else "élu"  # the office's own gender
    question = _WHO_ASKS[lang].format(office=office.strip(), part=part, to=groups.get("to") or "")
    return Candidate(question, text, text, section, "declared", 0, (text,))


def vote_fact(sentence: str, section: Section, lang: str) -> Candidate | None:
    """What a vote a record states decided: who it elected, else how it ended."""
    found = elected(sentence, section, lang) or vote_outcome(sentence, section, lang)
    if found is None and lang in _VOTE_LABEL and re.search(_COUNT[lang], sentence, re.I):
        found = labelled_vote(" ".join(sentence.split()), section, lang)
    return found


# A vote set after its own label: "Vote du rapport financier (à 15h25) : approuvé à
# l'unanimité", "Vote on the budget: approved unanimously", "Abstimmung über den
# Haushaltsplan: einstimmig angenommen", "Votación del presupuesto: aprobado por unanimidad".
_VOTE_LABEL = {
    "en": r"(?:Vote|Voting|Ballot)(?:\s+at\s+[\d:.hapm ]+)?\s+(?P<prep>on|for|to)\s+",
    "fr": r"Vote(?:\s+à\s+\d{1,2}\s*h\s*\d{0,2})?\s+(?P<prep>du|de\s+la|de\s+l['’]|des|sur|pour)\s*",
    "de": r"Abstimmung(?:\s+um\s+[\d:.]+(?:\s*Uhr)?)?\s+(?P<prep>über|zu|zum|zur)\s+",
    "es": r"Votación(?:\s+a\s+las\s+[\d:.]+)?\s+(?P<prep>del|de\s+la|de\s+los|de\s+las|sobre|de)\s+",
}
# The French article a "du"/"des" label contracts, said after "sur" in the question.
_UNCONTRACTED = {"du": "le ", "de la": "la ", "de l'": "l'", "de l’": "l'", "des": "les "}
_LABEL_QUESTION = {
    "en": "What was the outcome of the vote {prep} {item}?",
    "fr": "Quel a été le résultat du vote {prep} {item} ?",
    "de": "Wie ging die Abstimmung {prep} {item} aus?",
    "es": "¿Cuál fue el resultado de la votación {prep} {item}?",
}


def labelled_vote(text: str, section: Section, lang: str) -> Candidate | None:
    """A vote's line, "<Vote on item> (at <time>): <how it ended>", asked how it ended."""
    m = re.match(
        rf"^{_VOTE_LABEL[lang]}(?P<item>[^:()]{{3,90}}?)\s*(?:\([^)]*\)\s*)?"
        rf"(?:(?:à|at|um|a\s+las)\s+[\dh:.]+\s*(?:Uhr)?\s*)?:\s*(?P<result>.+)$",
        text,
    )
    if m is None or not re.search(rf"\b(?:{_VERB[lang]})\b", m.group("result")):
        return None
    item, prep = m.group("item").strip(), re.sub(r"\s+", " ", m.group("prep"))
    if len(item.split()) > _MAX_ITEM_WORDS or _VAGUE.search(item):
        return None
    if lang == "fr" and prep.rstrip() in _UNCONTRACTED:
        item, prep = _UNCONTRACTED[prep.rstrip()] + item, "sur"
    elif lang == "fr" and prep.startswith("de l"):
        item, prep = "l'" + item, "sur"
    question = _LABEL_QUESTION[lang].format(prep=prep, item=item)
    return Candidate(question, text, text, section, "declared", 0, (text,))
