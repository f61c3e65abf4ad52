"""The nouns that name a measure (a duration, a deadline, an amount, a limit) in German,
French, Spanish, Portuguese and Italian, and how a question asks for the one a noun phrase names.

A label or a subject names something a reader asks a figure of only when its head noun is
a measure: "Mindestdauer einer Pause", "le délai de préavis", "el importe máximo". The
head noun also gives the article and the interrogative the question needs, which a
language without English's single "the" cannot do without it. A German compound takes
the gender of its last part ("Mitgliedsbeitrag" is a "Beitrag"), so its end is matched;
a Romance noun phrase starts with its head, so its first word is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Gender (or plural) of each measure noun: "m", "f", "n" or "p".
_DE: dict[str, str] = {
    **dict.fromkeys(
        [
            "dauer",
            "frist",
            "pause",
            "höhe",
            "grenze",
            "gebühr",
            "pauschale",
            "summe",
            "rate",
            "miete",
            "vergütung",
            "erstattung",
            "zulage",
            "prämie",
            "ruhezeit",
            "arbeitszeit",
            "probezeit",
            "kündigungsfrist",
            "laufzeit",
            "wartezeit",
            "anzahl",
        ],
        "f",
    ),
    **dict.fromkeys(
        [
            "beitrag",
            "betrag",
            "preis",
            "satz",
            "lohn",
            "zuschuss",
            "anspruch",
            "urlaub",
            "zeitraum",
            "tarif",
            "rabatt",
            "bonus",
            "stundensatz",
            "höchstbetrag",
            "mindestbetrag",
        ],
        "m",
    ),
    **dict.fromkeys(
        ["geld", "gehalt", "entgelt", "budget", "limit", "honorar", "kontingent", "alter"], "n"
    ),
    **dict.fromkeys(["kosten", "gebühren", "beiträge"], "p"),
}
GERMAN_MEASURES = frozenset(_DE)  # every German measure noun the forms know
_FR: dict[str, str] = {
    **dict.fromkeys(
        [
            "durée",
            "limite",
            "période",
            "indemnité",
            "prime",
            "cotisation",
            "franchise",
            "remise",
            "réduction",
            "pause",
            "allocation",
            "amplitude",
            "participation",
        ],
        "f",
    ),
    **dict.fromkeys(
        [
            "délai",
            "montant",
            "taux",
            "prix",
            "coût",
            "tarif",
            "plafond",
            "seuil",
            "salaire",
            "nombre",
            "budget",
            "remboursement",
            "préavis",
            "forfait",
            "minimum",
            "maximum",
            "âge",
        ],
        "m",
    ),
    **dict.fromkeys(["frais", "horaires", "congés"], "mp"),
}
_ES: dict[str, str] = {
    **dict.fromkeys(
        [
            "duración",
            "tarifa",
            "tasa",
            "cuota",
            "prima",
            "jornada",
            "pausa",
            "comisión",
            "franquicia",
            "edad",
            "cantidad",
            "bonificación",
        ],
        "f",
    ),
    **dict.fromkeys(
        [
            "plazo",
            "importe",
            "monto",
            "precio",
            "costo",
            "coste",
            "límite",
            "máximo",
            "mínimo",
            "periodo",
            "período",
            "salario",
            "sueldo",
            "horario",
            "descanso",
            "reembolso",
            "descuento",
            "presupuesto",
            "número",
            "deducible",
            "anticipo",
            "tiempo",
        ],
        "m",
    ),
}

_PT: dict[str, str] = {
    **dict.fromkeys(
        [
            "jornada",
            "duração",
            "taxa",
            "quota",
            "pausa",
            "comissão",
            "franquia",
            "idade",
            "quantia",
            "remuneração",
        ],
        "f",
    ),
    **dict.fromkeys(
        [
            "prazo",
            "montante",
            "valor",
            "preço",
            "custo",
            "limite",
            "máximo",
            "mínimo",
            "período",
            "salário",
            "horário",
            "descanso",
            "reembolso",
            "desconto",
            "orçamento",
            "número",
            "subsídio",
            "adiantamento",
            "tempo",
            "intervalo",
            "pré-aviso",
            "aviso",
        ],
        "m",
    ),
}
_IT: dict[str, str] = {
    **dict.fromkeys(
        [
            "giornata",
            "durata",
            "tariffa",
            "tassa",
            "quota",
            "pausa",
            "commissione",
            "franchigia",
            "età",
            "somma",
            "indennità",
            "retribuzione",
            "soglia",
        ],
        "f",
    ),
    **dict.fromkeys(
        [
            "termine",
            "importo",
            "valore",
            "prezzo",
            "costo",
            "limite",
            "massimo",
            "minimo",
            "periodo",
            "stipendio",
            "orario",
            "riposo",
            "rimborso",
            "sconto",
            "budget",
            "numero",
            "anticipo",
            "tempo",
            "intervallo",
            "preavviso",
            "compenso",
            "canone",
        ],
        "m",
    ),
}

# Portuguese and Italian nouns of a span of time, asked how long it lasts.
_ROMANCE_SPANS = frozenset(
    [
        "jornada",
        "giornata",
        "duração",
        "durata",
        "pausa",
        "intervalo",
        "intervallo",
        "descanso",
        "riposo",
        "período",
        "periodo",
    ]
)

_DE_ARTICLE = {"m": "der", "f": "die", "n": "das", "p": "die"}


@dataclass(frozen=True)
class Measure:
    """A noun phrase that names a measure, said with its article as a question needs it."""

    phrase: str  # "die Mindestdauer einer Pause", "le délai de préavis"
    plural: bool
    # A span of time ("Dauer", "Frist"), asked how long; any other measure how high.
    span: bool = False


_DE_SPANS = frozenset(
    [
        "dauer",
        "frist",
        "pause",
        "ruhezeit",
        "arbeitszeit",
        "probezeit",
        "kündigungsfrist",
        "laufzeit",
        "wartezeit",
        "zeitraum",
        "urlaub",
    ]
)


def _de_head(words: list[str]) -> str | None:
    """The German measure noun a noun phrase's head (its first noun) ends in, if any."""
    head = words[0].casefold()
    for end in sorted(_DE, key=len, reverse=True):
        if head.endswith(end) and (head == end or len(head) - len(end) >= 3):
            return end
    return None


# A phrase after the head that belongs to it: a genitive or a phrase of "für", "pro", "je",
# "bei" ("Mindestdauer einer Pause", "Beitrag für Familien").
_DE_TAIL = re.compile(
    r"^(?:(?:einer|eines|des|der|für|pro|je|bei|im|in|von|ab|bis)\s+[\wäöüÄÖÜß.-]+\s*){0,3}$"
)


def measure_named(label: str, lang: str) -> Measure | None:
    """The label as a definite noun phrase when its head noun is a measure, else None."""
    label = re.sub(r"\s+", " ", label).strip()
    words = label.split()
    if not words or len(words) > 6 or re.search(r"[\d/()\[\]]", label):
        return None
    if lang == "de":
        end = _de_head(words) if words[0][:1].isupper() else None
        if end is None or not _DE_TAIL.match(" ".join(words[1:])):
            return None
        gender = _DE[end]
        return Measure(f"{_DE_ARTICLE[gender]} {label}", gender == "p", end in _DE_SPANS)
    table = {"fr": _FR, "es": _ES, "pt": _PT, "it": _IT}.get(lang)
    if table is None:
        return None
    first = words[0].casefold()
    kind = table.get(first)
    if kind is None:
        return None
    said = f"{first}{' ' if len(words) > 1 else ''}{' '.join(words[1:])}"
    if words[1:] and words[1][:1].isupper() and not words[1].isupper():
        return None  # "Prix Nobel": a name, not a measure
    span = lang in ("pt", "it") and first in _ROMANCE_SPANS
    return Measure(_article(said, kind, lang), kind.endswith("p"), span)


def _article(said: str, gender: str, lang: str) -> str:
    if lang == "fr":
        if gender.endswith("p"):
            return f"les {said}"
        if re.match(r"[aeiouyàâéèêîôûh]", said, re.I):
            return f"l'{said}"
        return f"{'la' if gender == 'f' else 'le'} {said}"
    if lang == "pt":
        return f"{'a' if gender == 'f' else 'o'} {said}"
    if lang == "it":
        if re.match(r"[aeiouàèéìòù]", said, re.I):
            return f"l'{said}"
        if gender == "m" and re.match(r"(?:s[^aeiou]|z|gn|ps|x|y)", said, re.I):
            return f"lo {said}"
        return f"{'la' if gender == 'f' else 'il'} {said}"
    return f"{'la' if gender == 'f' else 'el'} {said}"


def which_is(measure: Measure, lang: str, kind: str) -> str:
    """The question that asks for the measure's value: "Wie hoch ist der Beitrag?",
    "Quelle est la durée ... ?", "¿Cuál es el plazo ...?". ``kind`` is the value's kind
    ("money", "duration", "clock" or "number"), which decides the German interrogative."""
    phrase = measure.phrase
    if lang == "de":
        be = "sind" if measure.plural else "ist"
        asks = "Wie hoch"
        if measure.span:
            asks = {"duration": "Wie lang", "clock": "Wann"}.get(kind, asks)
        return f"{asks} {be} {phrase}?"
    if lang == "fr":
        gender_f = phrase.startswith("la ") or (
            phrase.startswith("l'") and _FR.get(phrase[2:].split()[0].casefold()) == "f"
        )
        asks = "Quels sont" if measure.plural else "Quelle est" if gender_f else "Quel est"
        return f"{asks} {phrase} ?"
    if lang in ("pt", "it") and measure.span and kind == "duration":
        lasts = {"pt": ("dura", "duram"), "it": ("dura", "durano")}[lang][measure.plural]
        return f"Quanto {lasts} {phrase}?"
    if lang == "pt":
        return f"{'Quais são' if measure.plural else 'Qual é'} {phrase}?"
    if lang == "it":
        return f"{'Quali sono' if measure.plural else 'Qual è'} {phrase}?"
    return f"¿{'Cuáles son' if measure.plural else 'Cuál es'} {phrase}?"
