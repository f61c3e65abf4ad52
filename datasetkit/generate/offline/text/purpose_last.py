"""An instruction whose purpose comes last ("Press SET to change the alarm time.",
"Drücken Sie SET, um die Weckzeit einzustellen.", "Appuyez sur SET pour régler l'heure.",
"Pulse SET para cambiar la hora."): the way manuals and quick-start guides say which
control does a task. Read into the same groups as a purpose clause that opens the
sentence (``task``, or German ``obj`` with its ``pre``/``joined``/``verb``), so the task
is asked the same way; the instruction (``main``) is what comes before the purpose.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# The German infinitive with "zu", as a purpose clause that opens a sentence has it.
_DE_ZU = (
    r"(?P<obj>[^,;:]{3,80}?) (?:(?P<pre>ab|an|auf|aus|ein|fest|her|herunter|hin|hoch|mit|"
    r"nach|um|vor|weg|zu|zurück)zu(?P<joined>[a-zäöü]{3,})|zu (?P<verb>[a-zäöü]{3,}))"
)
# The instruction before the purpose: an order to the reader in each language (English
# by the verbs that work a device or a screen, German by "<Verb> Sie" or a "du" order,
# French by its "-ez" form, Spanish by an imperative's ending).
_ORDER = {
    "en": r"(?:Press|Hold|Tap|Click|Turn|Push|Slide|Select|Use|Insert|Connect|Open|Remove|Set|"
    r"Keep|Switch|Touch|Swipe|Rotate|Move|Plug|Unplug|Choose|Enter|Drag|Lift|Pull|Flip|"
    r"Release|Double-click|Right-click)\b",
    "de": r"(?:[A-ZÄÖÜ][a-zäöüß]+en Sie|(?!(?:Die|Diese|Eine|Jede|Alle|Keine|Seine|Ihre)\b)"
    r"[A-ZÄÖÜ][a-zäöüß]+e)\b",
    "fr": r"[A-ZÉ][a-zàâçéèêëîïôûù]+ez\b",
    "es": r"(?!(?:Este|Esta|Ese|Esa|Una|Cada|Toda|Se|Le)\b)[A-ZÁÉÍÓÚ][a-záéíóúñ]+(?:a|e|én)\b",
}
_PURPOSE = {
    "en": r" (?:in order )?to (?P<task>[a-z][^,;:]{4,80})",
    "de": rf", um {_DE_ZU}",
    "fr": r",? (?:pour|afin d['’]|afin de) ?(?P<task>[a-zàâçéèêëîïôûù][^,;:]{5,80})",
    "es": r",? para (?P<task>[a-záéíóúñ][^,;:]{5,80})",
}
_CLOSING = {
    lang: re.compile(rf"^(?P<main>{_ORDER[lang]}[^;:]{{3,120}}?){_PURPOSE[lang]}[.!]$")
    for lang in _ORDER
}


def purpose_last(sentence: str, lang: str) -> Iterator[re.Match[str]]:
    """Each reading of ``sentence`` as an instruction its purpose ends, the shortest
    instruction first (an instruction may hold "to" itself: "Connect the cable to the TV
    to watch ..."); none for any other sentence."""
    closing = _CLOSING.get(lang)
    if closing is None:
        return
    cut = 0
    while (m := closing.match(sentence, 0)) is not None and cut < 4:
        yield m
        # The next reading: the instruction runs on past the purpose just read.
        longer = re.compile(
            rf"^(?P<main>{_ORDER[lang]}[^;:]{{{m.end('main') + 1},200}}?)"
            rf"{_PURPOSE[lang]}[.!]$"
        )
        closing, cut = longer, cut + 1
