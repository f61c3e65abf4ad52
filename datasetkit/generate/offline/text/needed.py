"""What a case needs ("For <X> you need <Y>"), asked in German, French, Spanish, Portuguese
or Italian in that language's own idiom ("Was braucht es für <X>?", "Que faut-il pour
<X> ?"), answered by the whole sentence.

Handbooks and policies state a requirement by fronting the case it applies to ("Für jede
Ausgabe braucht es ...", "Pour toute demande, il faut ...", "Para solicitar ... es
necesario ..."). The case is kept as written; the need is the answer. A case that is a
clause of its own (a verb with a subject) or points back ("this") is not asked.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.knowledge.model import Section

# (the sentence's shape, the question): the case in group "x".
_NEEDED: dict[str, tuple[tuple[str, str], ...]] = {
    "de": (
        (
            r"^Für\s(?P<x>[^,;:]{3,60}?)\s(?:braucht\ses|benötigt\sman|braucht\sman)\s",
            "Was braucht es für {x}?",
        ),
        (r"^Für\s(?P<x>[^,;:]{3,60}?)\s(?:brauchst|benötigst)\sDu\s", "Was brauche ich für {x}?"),
        (r"^Für\s(?P<x>[^,;:]{3,60}?)\s(?:brauchen|benötigen)\sSie\s", "Was brauche ich für {x}?"),
    ),
    "fr": (
        (
            r"^Pour\s(?P<x>[^,;:]{3,60}?),?\sil\s(?:faut|est\snécessaire\sde)\s",
            "Que faut-il pour {x} ?",
        ),
    ),
    "es": (
        (
            r"^Para\s(?P<x>[^,;:]{3,60}?),?\s(?:se\snecesita|se\snecesitan|es\snecesario|hace\sfalta)\s",
            "¿Qué se necesita para {x}?",
        ),
    ),
    "pt": (
        (
            r"^Para\s(?P<x>[^,;:]{3,60}?),?\s(?:é\snecessário|são\snecessários|é\spreciso)\s",
            "O que é necessário para {x}?",
        ),
    ),
    "it": (
        (
            r"^Per\s(?P<x>[^,;:]{3,60}?),?\s(?:è\snecessario|serve|servono|occorre|occorrono)\s",
            "Che cosa serve per {x}?",
        ),
    ),
}
_POINTING = re.compile(
    r"(?i)\b(?:diese[rsmn]?|dies|ce|cet|cette|ces|este|esta|estos|estas|esse|essa|isso|"
    r"questo|questa|questi|queste|ciò)\b"
)


def needed(sentence: str, section: Section, lang: str) -> Candidate | None:
    """ "Für jede Ausgabe braucht es einen offiziellen Beleg." -> "Was braucht es für jede
    Ausgabe?"."""
    text = " ".join(sentence.split())
    if lang not in _NEEDED or len(text) > 300:
        return None
    for pattern, asks in _NEEDED[lang]:
        m = re.match(pattern, text)
        if m is None or _POINTING.search(m.group("x")):
            continue
        if len(text[m.end() :].split()) < 2:
            return None  # the need itself is missing
        return Candidate(
            asks.format(x=m.group("x")), text, text, section, "eligibility", 1, (text,)
        )
    return None
