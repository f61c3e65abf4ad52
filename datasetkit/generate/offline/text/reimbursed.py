"""The amount a German, French or Spanish rule pays back for a cost, asked in its language.

Expense, travel and benefit rules state most of their amounts with a payment verb, not
with "is": a cost is reimbursed at a rate ("<costs> werden mit 0,30 € pro Kilometer
erstattet", "<costs> sont remboursés à 0,35 € par kilomètre", "<costs> se reembolsan a
0,25 € por kilómetro"), or up to a cap ("bis zu 80 €", "dans la limite de 110 €",
"hasta un máximo de 90 €"); a German rule also says it with "we" ("Für <costs> erstatten
wir ..."). The question names the cost with the sentence's own words, in the order the
language asks, and asks for the rate or for the cap; the answer is the whole sentence.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.language.templates import said_as

# An amount of money: a figure with its currency, before or after it.
_AMOUNT = (
    r"(?:\d+(?:[.,]\d+)?\s?(?:€|EUR\b|Euro\b|Euros?\b|euros?\b|CHF\b|Franken\b|francs?\b|"
    r"\$|USD\b|dólares\b|pesos\b)|(?:€|\$|CHF|EUR)\s?\d+(?:[.,]\d+)?)"
)
# What an amount is counted by ("pro Nacht", "par kilomètre", "por noche"), kept in the answer.
_PER = r"(?:\s(?:pro|je|par|por)\s[^\W\d][\w-]*(?:\s[^\W\d][\w-]*)?)?"
# The words that make an amount a cap rather than a rate.
_CAP = {
    "de": r"bis zu|maximal|höchstens|bis zu einem Betrag von|bis zu einer Höhe von",
    "fr": r"jusqu'à|dans la limite de|à hauteur de|au maximum|au plus",
    "es": r"hasta(?: un máximo de)?|con un máximo de|como máximo",
}
_RATE = {"de": r"mit", "fr": r"à|au taux de|sur la base de", "es": r"a|a razón de"}
_VERB = {
    "de": r"erstattet|vergütet|ersetzt|übernommen|bezahlt|ausbezahlt",
    "fr": r"remboursée?s?|pris(?:es?)? en charge|indemnisée?s?",
    "es": r"reembolsan?|abonan?|pagan?|cubren?|compensan?",
}
# The cost, as a rule names it: German a noun phrase opening with a capital (articles
# and adjectives allowed), French and Spanish one opening with a definite article.
_COST = {
    "de": r"(?P<np>(?:(?:Die|Der|Das)\s)?(?:[a-zäöüß]+e[nrs]?\s)?[A-ZÄÖÜ][\w-]+"
    r"(?:\s(?:für|des|der|im|in der|mit dem|mit der)\s[^,;:]{2,40}?)?)",
    "fr": r"(?P<np>(?:Les|Le|La|L')\s?[^\W\d][^,;:]{2,60}?)",
    "es": r"(?P<np>(?:Los|Las|El|La)\s[^\W\d][^,;:]{2,60}?)",
}
_PATTERNS = {
    "de": (
        rf"^{_COST['de']}\s(?:wird|werden)\s(?P<how>(?:{_CAP['de']}|{_RATE['de']})\s)?"
        rf"(?P<fig>{_AMOUNT}{_PER})\s(?:{_VERB['de']})$",
        rf"^Für\s(?P<np>[^,;:]{{3,60}}?)\s(?:erstatten|vergüten|bezahlen|zahlen|übernehmen)\s"
        rf"wir\s(?P<how>(?:{_CAP['de']})\s)?(?P<fig>{_AMOUNT}{_PER})$",
    ),
    "fr": (
        rf"^{_COST['fr']}\s(?:sont|est)\s(?:{_VERB['fr']})\s(?P<how>{_CAP['fr']}|{_RATE['fr']})\s"
        rf"(?P<fig>{_AMOUNT}{_PER})(?:\s[^,;:]{{0,40}})?$",
    ),
    "es": (
        rf"^{_COST['es']}\sse\s(?:{_VERB['es']})\s(?P<how>{_CAP['es']}|{_RATE['es']})\s"
        rf"(?P<fig>{_AMOUNT}{_PER})(?:\s[^,;:]{{0,40}})?$",
    ),
}
_DEMONSTRATIVE = re.compile(
    r"\b(?:diese[rsmn]?|jene[rsmn]?|ce|cet|cette|ces|este|esta|estos|estas|ese|esa)\b", re.I
)


def reimbursed(sentence: str, lang: str) -> str | None:
    """ "Hotelkosten werden bis zu 80 € pro Nacht erstattet." -> "Bis zu welchem Betrag
    werden Hotelkosten erstattet?"; None when the sentence states no such amount."""
    for pattern in _PATTERNS.get(lang, ()):
        m = re.match(pattern, sentence)
        if m is None or _DEMONSTRATIVE.search(m.group("np")):
            continue
        cap = bool(m.group("how") and re.fullmatch(_CAP[lang], m.group("how").strip()))
        return _question(m.group("np"), sentence, cap, lang)
    return None


def _question(np: str, sentence: str, cap: bool, lang: str) -> str | None:
    if lang == "de":
        if sentence.startswith("Für "):
            return f"Wie viel wird für {np} erstattet?"
        last = sentence.split()[-1]
        aux = "werden" if re.search(r"\swerden\s", sentence) else "wird"
        said = np[:1].lower() + np[1:] if np.split()[0] in ("Die", "Der", "Das") else np
        if cap:
            return f"Bis zu welchem Betrag {aux} {said} {last}?"
        return f"In welcher Höhe {aux} {said} {last}?"
    np = np[:1].lower() + np[1:]
    if lang == "fr":
        verb = re.search(rf"\s(?:sont|est)\s({_VERB['fr']})\s", sentence)
        if verb is None:
            return None
        asks = "Jusqu'à quel montant" if cap else "À quel tarif"
        aux = "sont" if sentence.split()[0] == "Les" else "est"
        return said_as(f"{asks} {aux} {verb.group(1)} {np} ?", lang)
    verb = re.search(rf"\sse\s({_VERB['es']})\s", sentence)
    if verb is None:
        return None
    if cap:
        return f"¿Hasta qué importe se {verb.group(1)} {np}?"
    # An amount per thing is asked impersonally: the verb does not agree with "por ...".
    return f"¿Cuánto se {verb.group(1).removesuffix('n')} por {np}?"
