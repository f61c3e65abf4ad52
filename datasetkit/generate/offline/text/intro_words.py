"""The words a German, French, Spanish, Portuguese or Italian question is built from when
it asks what a sentence introduces: the noun phrase that opens a clause, the article a
plural noun takes, "of" joined to an article.

Language data only; :mod:`list_intros` and :mod:`composition` read it.
"""

from __future__ import annotations

import re

INTRO_LANGUAGES = ("de", "fr", "es", "pt", "it")

# A definite noun phrase that opens a clause: its determiner, then up to eight words (no
# clause punctuation). The determiner is what makes it a subject a question can name.
_DETERMINER = {
    "de": r"Der|Die|Das|Jede[rs]?|Alle",
    "fr": r"Le|La|Les|Chaque|Tout|Toute|Tous les|Toutes les",
    "es": r"El|La|Los|Las|Cada|Todo|Toda|Todos los|Todas las",
    "pt": r"O|A|Os|As|Cada|Todo|Toda|Todos os|Todas as",
    "it": r"Il|Lo|La|I|Gli|Le|Ogni|Tutti i|Tutte le",
}
_ELIDED = {"fr": "L['’]", "it": "L['’]"}


# Finite verbs no subject holds: a phrase that runs into one is a clause, not a subject.
_FINITE = {
    "de": "ist|sind|wird|werden|wurde|hat|haben|muss|müssen|kann|können|soll|sollen|darf",
    "fr": "est|sont|sera|seront|a|ont|doit|doivent|peut|peuvent|sera|fait|font",
    "es": "es|son|será|serán|está|están|ha|han|tiene|tienen|debe|deben|puede|pueden|habrá",
    "pt": "é|são|será|serão|foi|tem|têm|deve|devem|pode|podem|vai|vão|fica|ficam",
    "it": "è|sono|sarà|saranno|verrà|verranno|viene|vengono|ha|hanno|deve|devono|può|possono",
}


def subject(lang: str, group: str = "np") -> str:
    """The pattern of a definite noun phrase that opens a clause, as group ``group``."""
    word = rf"(?!(?:{_FINITE[lang]})(?:\s|$))[^\s,;:()]+"
    words = rf"[^\W\d][^\s,;:()]*(?:\s{word}){{0,7}}?"
    elided = f"|(?:{_ELIDED[lang]}){words}" if lang in _ELIDED else ""
    return rf"(?P<{group}>(?:{_DETERMINER[lang]})\s{words}{elided})"


def as_object(np: str) -> str:
    """A subject said inside a question: its determiner in lower case ("O CNIG" -> "o
    CNIG"), a name or an acronym after it kept as written."""
    return np[:1].lower() + np[1:]


# "of" joined to the article that follows it.
_OF = {
    "fr": (("le ", "du "), ("la ", "de la "), ("l'", "de l'"), ("l’", "de l’"), ("les ", "des ")),
    "es": (("el ", "del "), ("la ", "de la "), ("los ", "de los "), ("las ", "de las ")),
    "pt": (("o ", "do "), ("a ", "da "), ("os ", "dos "), ("as ", "das ")),
    "it": (
        ("il ", "del "),
        ("lo ", "dello "),
        ("la ", "della "),
        ("l'", "dell'"),
        ("l’", "dell’"),
        ("i ", "dei "),
        ("gli ", "degli "),
        ("le ", "delle "),
    ),
}


def of(np: str, lang: str) -> str | None:
    """ "of <np>" as the language joins it ("do CNIG", "dell'Associazione"), None when the
    phrase opens with no article the language contracts."""
    said = as_object(np)
    for article, joined in _OF.get(lang, ()):
        if said.startswith(article):
            return joined + said[len(article) :]
    return None


# Plural nouns whose ending misleads about their gender.
_MASCULINE_IN_A = frozenset(
    [
        "dias",
        "días",
        "problemas",
        "sistemas",
        "temas",
        "programas",
        "mapas",
        "idiomas",
        "planetas",
        "clima",
    ]
)


def plural_article(noun: str, lang: str) -> str | None:
    """The definite article a plural noun takes ("os direitos", "as receitas", "gli
    organi", "le quote", "los deberes"); None for a language that needs no guess."""
    word = noun.casefold()
    if lang == "pt":
        if word in _MASCULINE_IN_A:
            return "os"
        return "as" if word.endswith(("as", "ções", "sões", "dades", "gens")) else "os"
    if lang == "es":
        if word in _MASCULINE_IN_A:
            return "los"
        return "las" if word.endswith(("as", "ciones", "siones", "dades", "tudes")) else "los"
    if lang == "it":
        if word.endswith(("e", "à")):
            return "le"
        if re.match(r"^(?:[aeiouh]|s[^aeiou]|z|gn|ps|x|y)", word):
            return "gli"
        return "i" if word.endswith("i") else None
    return {"fr": "les", "de": "die"}.get(lang)


def is_plural_noun(word: str, lang: str) -> bool:
    """Whether a lower-case noun reads as a plural in a Romance language."""
    if lang == "it":
        return bool(re.fullmatch(r"[^\W\d]{3,}[ie]|[^\W\d]{3,}tà", word))
    return bool(re.fullmatch(r"[^\W\d]{2,}(?:s|x)", word))
