"""Where a question of each language says whose fact it asks: German "bei X", French
"de X" / "chez X", Spanish "de X" / "en X", Portuguese "do X" / "no X", Italian "di X" /
"presso X".

A question that ends on a noun phrase ("... a Direcção?") takes the subject as that
phrase's owner (the genitive, "... a Direcção do <X>?"); any other takes it as the place
the fact holds ("... existem no <X>?"). The article is the one the document writes
before the name ("do <X>" twenty times: masculine); a name the text writes bare is said
bare. German puts the phrase in the main clause, before a final infinitive ("zu" with
it), participle or separable particle ("... muss ich bei <X> erfassen?"), as German word
order does.

A question is left alone when it already says the subject, names something of its own
(an acronym, a code, a quoted title), asks what a term means, or is a template that
names the document or one of its sections.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.offline.language.name_article import name_gender
from datasetkit.generate.offline.language.templates import TEMPLATES


def _words(spaced: str) -> frozenset[str]:
    return frozenset(re.findall(r"\S+", spaced))


# Per language: the articles a name can take, by gender, as the text writes them before
# it (any case or contraction), and the phrases said with each.
_ARTICLES: dict[str, dict[str, tuple[str, ...]]] = {
    "de": {"f": ("die", "zur"), "m": ("das", "dem", "des", "beim", "vom", "zum", "im")},
    "fr": {"f": ("la", "à la", "de la"), "m": ("le", "du", "au")},
    "es": {"f": ("la", "de la", "en la"), "m": ("el", "del", "al")},
    "pt": {"f": ("a", "da", "na", "à", "pela"), "m": ("o", "do", "no", "ao", "pelo")},
    "it": {"f": ("la", "della", "nella", "alla"), "m": ("il", "del", "nel", "al")},
}
# (owner, place) phrases per language and gender ("" is a name said bare).
_PHRASES: dict[str, dict[str, tuple[str, str]]] = {
    "de": {
        "": ("bei {}", "bei {}"),
        "f": ("bei der {}", "bei der {}"),
        "m": ("beim {}", "beim {}"),
    },
    "fr": {"": ("de {}", "chez {}"), "f": ("de la {}", "à la {}"), "m": ("du {}", "au {}")},
    "es": {"": ("de {}", "en {}"), "f": ("de la {}", "en la {}"), "m": ("del {}", "en el {}")},
    "pt": {"": ("de {}", "em {}"), "f": ("da {}", "na {}"), "m": ("do {}", "no {}")},
    "it": {"": ("di {}", "presso {}"), "f": ("della {}", "nella {}"), "m": ("del {}", "nel {}")},
}
# Articles and contractions that open a noun phrase at a question's end.
_NOUN_OPENERS: dict[str, frozenset[str]] = {
    "fr": _words("le la les l du des au aux un une"),
    "es": _words("el la los las del al un una"),
    "pt": _words("o a os as do da dos das no na nos nas ao aos à às um uma"),
    "it": _words("il lo la i gli le del della dei delle al alla un una"),
}
# A question that asks what a term means (no definite article before the term).
_DEFINITION = {
    "de": r"^Was (?:ist|sind|bedeutet|heißt|versteht man unter) (?!der |die |das |den |dem |des )",
    "fr": r"^(?:Qu['’]est-ce qu(?:e|['’])|Que signifie|Que veut dire) ?(?!le |la |les |l['’])",
    "es": r"^¿(?:Qué (?:es|son|significa)) (?!el |la |los |las )",
    "pt": r"^O que (?:é|são|significa) (?!o |a |os |as )",
    "it": r"^(?:Che )?(?:cos['’]è|cosa (?:è|significa)) (?!il |lo |la |l['’]|i |gli |le )",
}
# Something a question names of its own: an acronym, a code mixing letters and digits,
# a quoted title or label.
_OWN_NAME = re.compile(r"(?<![\w-])[A-Z][A-Z0-9]{1,5}(?![\w-])|\b\w*[A-Za-z]\d\w*\b|[«„“‹\"]")
# German: an adjunct goes before a final infinitive or participle after a finite verb,
# and before a separable particle.
_DE_FINITE = _words(
    "muss musst müssen kann kannst können darf darfst dürfen soll sollst sollen will willst "
    "wollen wird wirst werden werde habe hast hat haben bin bist ist sind möchte möchten"
)
_DE_PARTICLES = _words(
    "an auf aus ein mit ab zu vor zurück fest dar hin her weg nach um teil statt"
)


def said_with_subject(
    question: str, name: str, phrases: Sequence[str], lang: str, text: str
) -> str:
    """``question`` with the subject ``name`` said where ``lang`` says it (see the
    module), or ``question`` unchanged."""
    if lang not in _PHRASES or not question.endswith("?"):
        return question
    if any(p.casefold() in question.casefold() for p in phrases if p):
        return question
    if _OWN_NAME.search(question) or _templated(question, lang):
        return question
    if re.match(_DEFINITION[lang], question, re.IGNORECASE):
        return question
    said_gender = _gender(name, lang, text) or name_gender(name, lang, text)
    owner, place = _PHRASES[lang][said_gender]
    body = question[:-1].rstrip()
    mark = question[len(body) :]  # "?" or French " ?"
    if lang == "de":
        return _german(body, place.format(name)) + mark
    tokens = body.split()
    # An elided article opens its noun too ("l'Assemblée générale").
    openers = {re.split("['’]", t.lower())[0] for t in tokens[-4:-1]} & _NOUN_OPENERS[lang]
    opened = bool(openers) or _ends_on_complements(tokens, lang)
    phrase = (owner if opened else place).format(name)
    # "de {}" before a vowel is elided in French ("d'Acme").
    if lang == "fr" and name[:1].lower() in "aeiouyàâéèêëîïôûüœh":
        phrase = _elided(phrase, name)
    return f"{body} {phrase}{mark}"


# "of" joining a noun to its complement ("le titre de membre d'honneur").
_COMPLEMENT_OF = {"fr": _words("de du des"), "es": _words("de del")}


def _ends_on_complements(tokens: list[str], lang: str) -> bool:
    """Whether the question ends on a noun phrase whose noun takes a chain of "de"
    complements ("... le titre de membre d'honneur"): past the complements, an article."""
    if lang not in _COMPLEMENT_OF:
        return False
    i = len(tokens) - 1
    while i >= 2:
        if lang == "fr" and re.match(r"^d['’]\w", tokens[i]) and tokens[i - 1].isalpha():
            i -= 1  # "d'honneur": "de" elided onto the complement's noun
        elif tokens[i - 1].lower() in _COMPLEMENT_OF[lang] and tokens[i].isalpha():
            i -= 2  # "de membre"
        else:
            break
        if i < len(tokens) - 1 and tokens[i - 1].lower() in _NOUN_OPENERS[lang]:
            return tokens[i].isalpha() and tokens[i].islower()
    return False


def _elided(phrase: str, name: str) -> str:
    """A French phrase before a name that opens with a vowel: "de l'<Name>", "à l'<Name>"
    for an article ("de la", "du", "à la", "au"), "d'<Name>" for a name said bare."""
    for said, elided in (("de la ", "de l'"), ("du ", "de l'"), ("à la ", "à l'"), ("au ", "à l'")):
        if phrase == said + name:
            return elided + name
    return "d'" + phrase[3:] if phrase.startswith("de ") else phrase


def _german(body: str, phrase: str) -> str:
    """The phrase in a German question's main clause (before a clause after a comma),
    ahead of its final infinitive ("zu" with it), participle or separable particle."""
    clause, comma, rest = body.partition(", ")
    tokens = clause.split()
    last = tokens[-1] if tokens else ""
    verb_final = (
        last.islower()
        and len(tokens) > 2
        and any(t.lower() in _DE_FINITE for t in tokens[:-1])
        and (last.endswith("n") or re.match(r"^ge\w+t$", last))
    )
    if verb_final or (last in _DE_PARTICLES and len(tokens) > 2):
        cut = len(tokens) - (2 if verb_final and tokens[-2] == "zu" else 1)
        clause = " ".join([*tokens[:cut], phrase, *tokens[cut:]])
    else:
        clause = f"{clause} {phrase}"
    return clause + comma + rest


def _gender(name: str, lang: str, text: str) -> str:
    """The gender of the article the text writes before ``name`` ("" when it writes the
    name bare, or as often one way as the other)."""
    counts = {}
    for gender, articles in _ARTICLES[lang].items():
        said = "|".join(re.escape(a) for a in articles)
        counts[gender] = len(re.findall(rf"(?i)(?<![\w])(?:{said})\s+{re.escape(name)}\b", text))
    bare = len(re.findall(rf"(?<![\w])\b{re.escape(name)}\b", text)) - sum(counts.values())
    best = max(counts, key=lambda g: counts[g])
    others = sum(v for g, v in counts.items() if g != best)
    if counts[best] == 0 or counts[best] <= others or counts[best] < bare / 2:
        return ""
    return best


def _templated(question: str, lang: str) -> bool:
    """Whether ``question`` is a template that names the document or a section of it."""
    for key in ("about", "about_untitled", "scope", "list", "steps"):
        shape = re.escape(TEMPLATES[lang][key]).replace(r"\{title\}", ".+")
        shape = re.sub(r"\\\{\w+\\\}", ".+", shape)
        if re.fullmatch(shape, question):
            return True
    return False
