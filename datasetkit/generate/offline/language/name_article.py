"""The article an organisation's name takes from its head noun, in German, French and
Spanish, when the document never writes one before the whole name.

A name made of a common noun and what follows ("<Schule> <Ort> e.V.", "<Association>
des ...", "<Universidad> de ...") is said with the article of that noun, as a native
speaker says it ("bei der ...", "de l'...", "de la ...", "del ..."), even where the
document writes it bare (a letterhead, an address block, a signature). A name whose
first word is no common noun of the language (a brand, a place, an acronym) stays bare.

- German writes every noun with a capital, so the noun is read from its ending: a
  compound says the gender of its last part ("-schule", "-verein", "-amt");
- French and Spanish: the first word is a noun of an institution the language names
  with an article, or a word the document itself writes in lower case, and its ending
  decides its gender (``gender``).

Language data only; "" where nothing decides (then the name is said bare, as before).
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.language.gender import gender

# German endings of nouns, by the article they take ("n" said like "m": "beim").
_DE_ENDINGS: dict[str, tuple[str, ...]] = {
    "f": (
        "ung",
        "heit",
        "keit",
        "schaft",
        "schule",
        "universität",
        "tät",
        "tion",
        "kammer",
        "agentur",
        "behörde",
        "stelle",
        "gemeinde",
        "kirche",
        "klinik",
        "anstalt",
        "kasse",
        "bank",
        "akademie",
        "bibliothek",
        "polizei",
        "partei",
        "gruppe",
        "stadt",
        "initiative",
        "fabrik",
        "werkstatt",
    ),
    "m": (
        "verein",
        "verband",
        "bund",
        "dienst",
        "rat",
        "kreis",
        "club",
        "klub",
        "konzern",
        "betrieb",
        "amt",
        "institut",
        "zentrum",
        "werk",
        "ministerium",
        "büro",
        "haus",
        "museum",
        "theater",
        "klinikum",
        "unternehmen",
        "kolleg",
        "gymnasium",
        "forum",
        "gericht",
        "archiv",
        "labor",
    ),
}
# French and Spanish nouns of institutions, said with an article before a name.
_INSTITUTIONS = {
    "fr": frozenset(
        re.findall(
            r"\S+",
            "association université école fédération fondation société agence direction "
            "commission chambre mairie région ville compagnie banque caisse mutuelle "
            "coopérative entreprise organisation administration assemblée académie maison "
            "bibliothèque préfecture communauté union conseil ministère comité centre "
            "institut service syndicat groupe office bureau département collège lycée musée "
            "réseau secrétariat établissement observatoire laboratoire cabinet parlement "
            "gouvernement tribunal",
        )
    ),
    "es": frozenset(
        re.findall(
            r"\S+",
            "universidad fundación asociación secretaría subsecretaría dirección oficina "
            "agencia cámara comisión federación sociedad empresa compañía cooperativa junta "
            "municipalidad facultad escuela biblioteca organización administración "
            "defensoría superintendencia red unión ministerio instituto consejo centro banco "
            "departamento servicio gobierno ayuntamiento comité tribunal colegio museo "
            "hospital observatorio fondo programa sistema",
        )
    ),
}
# French and Spanish words that also name a gender the ending does not say.
_SAID: dict[str, dict[str, str]] = {
    "fr": {
        **dict.fromkeys(
            ["banque", "bibliothèque", "caisse", "chambre", "coopérative", "région"], "f"
        ),
        **dict.fromkeys(["ville", "école", "union", "maison"], "f"),
        **dict.fromkeys(
            ["centre", "collège", "conseil", "groupe", "institut", "laboratoire", "ministère"],
            "m",
        ),
        **dict.fromkeys(["observatoire", "office", "service", "tribunal", "réseau"], "m"),
    },
    "es": {"red": "f", "unión": "f", "hospital": "m", "comité": "m", "tribunal": "m"},
}


def name_gender(name: str, lang: str, text: str) -> str:
    """The gender ("f", "m") of the article ``name`` takes from its head noun in
    ``lang``, or "" when its first word is no noun that decides one."""
    head = name.split()[0] if name.split() else ""
    if not head[:1].isupper() or head.isupper():
        return ""  # an acronym or a word in capitals: no noun read
    if lang == "de":
        words = name.split()
        if len(words) > 1 and re.fullmatch(r"[A-ZÄÖÜ][a-zäöüß]{2,}er", head):
            # A place said as an adjective before the noun ("Ilmenauer Schachverein"):
            # the noun after it takes the article.
            head = words[1]
        low = head.casefold()
        for found, endings in _DE_ENDINGS.items():
            if any(low.endswith(e) for e in endings):
                return found
        return ""
    if lang not in _INSTITUTIONS:
        return ""
    low = head.casefold()
    lowered = re.search(rf"(?<![\w-]){re.escape(low)}(?![\w-])", text) is not None
    if low not in _INSTITUTIONS[lang] and not lowered:
        return ""  # a brand's or a place's name, no noun of the language
    said = _SAID[lang].get(low) or gender(low, lang)
    if said is None or (lang == "fr" and low[:1] == "h"):
        return ""  # "h" muet or aspiré: not guessed
    if lang == "es" and said == "f" and re.match(r"^h?[aá]", low):
        return ""  # a stressed "a" takes "el" ("el área"): not guessed
    return said
