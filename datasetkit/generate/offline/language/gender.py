"""The grammatical gender a French or Spanish noun shows by its ending, and the article
and "of" it takes: what a question needs to name a heading's noun phrase in the
language's own words ("les responsabilités" -> "Quelles sont ...", "proceso" -> "del
proceso", "équipe" -> "de l'équipe").

Only endings that decide the gender of nearly every noun are read; a noun whose ending
decides nothing gives no gender, and a question that needs it is not asked. Language
data only.
"""

from __future__ import annotations

import re
from typing import Literal

Gender = Literal["m", "f"]

# Endings of feminine and masculine nouns, longest first within each language.
_FEMININE = {
    "fr": (
        "tion",
        "sion",
        "xion",
        "té",
        "ure",
        "ance",
        "ence",
        "ette",
        "ie",
        "ée",
        "ade",
        "ise",
        "ude",
        "elle",
        "esse",
        "ière",
        "ienne",
        "ique",
        "aison",
        "ine",
    ),
    # Nouns in "-ión" are feminine ("la región", "la gestión"), the few exceptions below.
    "es": ("ión", "dad", "tad", "tud", "umbre", "ie", "a"),
}
_MASCULINE = {
    "fr": (
        "ment",
        "if",
        "age",
        "isme",
        "eau",
        "oir",
        "et",
        "ier",
        "ail",
        "at",
        "ard",
        "ème",
        "eur",
    ),
    "es": ("o", "or", "aje", "ón", "ema", "ama"),
}
# Nouns whose ending says the other gender.
_EXCEPTIONS: dict[str, dict[str, Gender]] = {
    "fr": {
        "page": "f",
        "image": "f",
        "plage": "f",
        "cage": "f",
        "nage": "f",
        "rage": "f",
        "crème": "f",
        "incendie": "m",
        "génie": "m",
        "parapluie": "m",
        "musée": "m",
        "lycée": "m",
        "trophée": "m",
        "pâté": "m",
        "comité": "m",
        "côté": "m",
        "été": "m",
        "graphique": "m",
        "portique": "m",
        "cantique": "m",
        "modèle": "m",
        "patrimoine": "m",
        "magazine": "m",
        "date": "f",
        "période": "f",
        "méthode": "f",
        "classe": "f",
        "catégorie": "f",
        "zone": "f",
        "source": "f",
        "marque": "f",
        "note": "f",
        "phase": "f",
        "étape": "f",
        "taille": "f",
        "forme": "f",
        "norme": "f",
        "teinte": "f",
        "ville": "f",
        "langue": "f",
        "cause": "f",
        "limite": "f",
        "tâche": "f",
        "type": "m",
        "mode": "m",
        "nom": "m",
        "prix": "m",
        "titre": "m",
        "rôle": "m",
        "nombre": "m",
        "total": "m",
        "poste": "m",
        "groupe": "m",
        "lieu": "m",
        "statut": "m",
        "état": "m",
        "coût": "m",
        "taux": "m",
        "code": "m",
        "numéro": "m",
        "niveau": "m",
        "indice": "m",
        "risque": "m",
        "danger": "m",
        "exemple": "m",
        "produit": "m",
        "service": "m",
        "effet": "m",
        "organe": "m",
        "domaine": "m",
        "montant": "m",
        "chiffre": "m",
        "horaire": "m",
        "tarif": "m",
        "effectif": "m",
        "budget": "m",
        "salaire": "m",
        "poids": "m",
        "volume": "m",
        "délai": "m",
        "symbole": "m",
        "signe": "m",
        "tissu": "m",
        "dommage": "m",
    },
    "es": {
        "día": "m",
        "mapa": "m",
        "planeta": "m",
        "idioma": "m",
        "clima": "m",
        "mano": "f",
        "foto": "f",
        "radio": "f",
        "moto": "f",
        "flor": "f",
        "labor": "f",
        "razón": "f",
        "canción": "f",
        "avión": "m",
        "camión": "m",
        "gorrión": "m",
        "sarampión": "m",
        "aluvión": "m",
        "guión": "m",
        "sistema": "m",
        "problema": "m",
        "programa": "m",
        "tema": "m",
        "esquema": "m",
        "dilema": "m",
        "lema": "m",
        "cama": "f",
        "dama": "f",
        "fama": "f",
        "rama": "f",
        "llama": "f",
        "gama": "f",
        "crema": "f",
        "pluma": "f",
        "forma": "f",
        "norma": "f",
        "plataforma": "f",
        "reforma": "f",
    },
}
# French nouns in "-eur" that are feminine (the ending is masculine for agents and tools:
# "moteur", "lecteur"); a measure or a quality is feminine ("valeur", "longueur").
_FR_FEMININE_EUR = frozenset(
    [
        "valeur",
        "couleur",
        "longueur",
        "largeur",
        "hauteur",
        "profondeur",
        "épaisseur",
        "chaleur",
        "douleur",
        "erreur",
        "fleur",
        "humeur",
        "odeur",
        "saveur",
        "teneur",
        "peur",
        "lueur",
        "rigueur",
        "vigueur",
        "grandeur",
        "ampleur",
        "lenteur",
        "douceur",
        "vapeur",
        "tumeur",
        "rougeur",
        "minceur",
        "fraîcheur",
    ]
)
GENDER_LANGUAGES = frozenset(_FEMININE)


def singular(noun: str, lang: str) -> str:
    """A French or Spanish plural noun as its singular ("responsabilités" ->
    "responsabilité", "acciones" -> "acción"), the word unchanged when it reads as one."""
    word = noun.casefold()
    if lang == "es":
        if word.endswith(("ciones", "siones", "xiones")):
            return word[:-4] + "ón"  # "acciones" -> "acción"
        if word.endswith("ces"):
            return word[:-3] + "z"
        if re.search(r"(?:dad|tad|tud|or|al|el|il|ol|ul|ar|er|ir|án|én|ín|ón|ún)es$", word):
            return word[:-2]
        return word[:-1] if word.endswith("s") else word
    if word.endswith(("aux", "eaux")):
        return word[:-1] if word.endswith("eaux") else word[:-3] + "al"
    return word[:-1] if word.endswith(("s", "x")) and len(word) > 3 else word


def gender(noun: str, lang: str) -> Gender | None:
    """The gender a French or Spanish noun (singular or plural) shows, or None."""
    if lang not in GENDER_LANGUAGES:
        return None
    one = singular(noun, lang)
    said: Gender | None = "f" if lang == "fr" and one in _FR_FEMININE_EUR else None
    said = said or _EXCEPTIONS[lang].get(one)
    if said is not None:
        return said
    ends = [(e, "f") for e in _FEMININE[lang]] + [(e, "m") for e in _MASCULINE[lang]]
    for ending, found in sorted(ends, key=lambda x: -len(x[0])):
        if one.endswith(ending) and len(one) > len(ending) + 1:
            return "f" if found == "f" else "m"
    return None


def is_plural_form(noun: str, lang: str) -> bool:
    """Whether a lower-case French or Spanish noun reads as a plural."""
    return bool(re.fullmatch(r"[^\W\d]{3,}(?:s|x)", noun)) and not noun.endswith(
        ("ss", "us", "is") if lang == "fr" else ("ss", "is", "us", "sis")
    )


_VOWEL = re.compile(r"^[aeiouyàâäéèêëîïôöûüœh]", re.I)


def of_noun_phrase(np: str, lang: str) -> str | None:
    """ "of" and the definite article before a noun phrase that has none, joined as the
    language joins them ("proceso de X" -> "del proceso de X", "équipe" -> "de
    l'équipe", "politiques" -> "des politiques"); None when its head noun shows no gender."""
    head = np.split()[0] if np.split() else ""
    g = gender(head, lang)
    if g is None:
        return None
    plural = is_plural_form(head.casefold(), lang)
    if lang == "es":
        if plural:
            return f"de {'las' if g == 'f' else 'los'} {np}"
        if g == "f":
            # A stressed "a" takes "el" ("el agua"): not guessed, not asked.
            return None if re.match(r"(?i)^h?[aá]", head) else f"de la {np}"
        return f"del {np}"
    if plural:
        return f"des {np}"
    if _VOWEL.match(head):
        return None if head[:1] in "hH" else f"de l'{np}"  # "h" muet or aspiré: not guessed
    return f"de la {np}" if g == "f" else f"du {np}"
