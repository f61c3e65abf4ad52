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
    "de": r"[A-ZÄÖÜ][a-zäöüß]+en Sie\b",
    "fr": r"[A-ZÉ][a-zàâçéèêëîïôûù]+ez\b",
    # The formal and the familiar order of the verbs that work a device or a screen.
    "es": r"(?:Pulse|Pulsa|Presione|Presiona|Mantenga|Mantén|Gire|Gira|Conecte|Conecta|"
    r"Seleccione|Selecciona|Deslice|Desliza|Toque|Toca|Utilice|Utiliza|Inserte|Inserta|"
    r"Introduzca|Introduce|Abra|Abre|Retire|Retira|Encienda|Enciende|Apague|Apaga|Elija|Elige|"
    r"Arrastre|Arrastra|Coloque|Coloca|Ajuste|Ajusta|Active|Activa|Haga|Haz|Acceda|Accede)\b",
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


# A task that runs on into a second order ("select a file and then press OK"): the
# purpose is the first order's alone, and the question would ask both.
_SECOND_ORDER = re.compile(
    r"(?i)\b(?:and|then|or|und|dann|puis|et|y|luego)\s+(?:then\s+|dann\s+|luego\s+)?"
    r"(?:press|hold|tap|click|turn|push|select|use|drücken|halten|appuyez|pulse|pulsa)\b|"
    r"\bthen\b|\bdann\b|\bpuis\b|\bluego\b"
)


# A task that points at a figure ("(Figure 3)", "(voir fig. 2)"): what it shows is a picture.
_FIGURE = re.compile(r"(?i)\((?:see |voir |siehe |ver )?(?:fig(?:ure|\.)?|abb(?:ildung|\.)?)\s*\d")
# An order that only opens a remark ("Notez que ...", "Sachez que ...", "Beachten Sie,
# dass ..."): what follows is a statement, its "pour"/"um" no purpose of an instruction.
_NOTE_THAT = re.compile(r"^(?:\w+ez\s+qu(?:e\b|['’])|\w+en Sie,?\s+dass\b)")
# Words after the order's verb that leave its object to the text before.
_NO_OBJECT = frozenset(
    [
        "again",
        "once",
        "twice",
        "it",
        "here",
        "there",
        "this",
        "that",
        "them",
        "erneut",
        "nochmals",
        "es",
        "sie",
        "à",
        "de",
        "nuevo",
        "otra",
    ]
)
# English words that take "to" themselves: the "to" after them opens no purpose.
_TAKES_TO = frozenset(
    [
        "care",
        "sure",
        "able",
        "want",
        "need",
        "try",
        "remember",
        "forget",
        "going",
        "have",
        "has",
        "ought",
        "used",
        "likely",
        "unable",
        "easy",
        "hard",
        "how",
        "what",
        "where",
        "due",
        "close",
        "next",
        "according",
        "prior",
        "up",
        "back",
        "down",
        "attention",
        "order",
    ]
)


def purpose_last(sentence: str, lang: str) -> Iterator[re.Match[str]]:
    """Each reading of ``sentence`` as an instruction its purpose ends, the shortest
    instruction first (an instruction may hold "to" itself: "Connect the cable to the TV
    to watch ..."); none for any other sentence."""
    closing = _CLOSING.get(lang)
    if closing is None:
        return
    cut = 0
    while (m := closing.match(sentence, 0)) is not None and cut < 4:
        purpose = m.group("task") if lang != "de" else m.group("obj")
        if _SECOND_ORDER.search(purpose) or _FIGURE.search(purpose):
            return
        if _NOTE_THAT.match(m.group("main")):
            return  # "Notez que ...": a remark on what follows, no instruction
        main = m.group("main").split()
        after = main[2:3] if lang == "de" else main[1:2]  # after "<Verb> Sie" in German
        if after and after[0].lower() in _NO_OBJECT:
            return  # "Press again to ...": what to press, the text before says
        if lang != "en" or main[-1].lower() not in _TAKES_TO:
            yield m  # ("taking care to follow ...": the "to" is the last verb's, no purpose)
        # The next reading: the instruction runs on past the purpose just read.
        longer = re.compile(
            rf"^(?P<main>{_ORDER[lang]}[^;:]{{{m.end('main') + 1},200}}?)"
            rf"{_PURPOSE[lang]}[.!]$"
        )
        closing, cut = longer, cut + 1
