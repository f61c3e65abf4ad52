"""The report fact form: a fact a report's narrative states of a named subject.

In English (``text.report_facts``): since when something has held, how many of a thing
a subject counts, what a measure of it comes to, what a named study or programme was
designed to do or looks at. In German, French and Spanish: since when something has
held, said in the language's own question ("Seit wann ist <Name> ...?", "Depuis quand
est-ce que <Name> est ... ?", "¿Desde cuándo es <Name> ...?"), of a subject that is a
name (no article before it in German and Spanish, where a common noun takes one).
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.forms.registry import form
from datasetkit.generate.offline.text.report_facts import report_fact
from datasetkit.generate.offline.text.view import Sentence

_UPPER = "A-ZÄÖÜÁÉÍÓÚÑÈÀÇ"
_NAME = rf"[{_UPPER}][\w'’-]+"
_YEAR = r"(?:1[6-9]|20)\d\d"
_REST = r"[^,;:()?!]{3,80}?"
# The verbs a state since a date is said with, and the subject a name (no article).
_SINCE = {
    "de": re.compile(
        rf"^(?P<s>{_NAME}(?: {_NAME}){{0,3}}) (?P<v>ist|sind|hat|haben|gehört|gehören|liegt)"
        rf" seit (?:dem Jahr )?{_YEAR} (?P<rest>{_REST})\.$"
    ),
    "es": re.compile(
        rf"^(?P<s>{_NAME}(?: (?:de |del )?{_NAME}){{0,3}}) (?P<v>es|son|forma parte|"
        rf"pertenece|tiene) (?P<rest>{_REST}) desde (?:el año |el )?{_YEAR}\.$"
    ),
    "fr": re.compile(
        rf"^(?P<s>(?:La |Le |Les |L['’])?{_NAME}(?: {_NAME}){{0,3}}) (?P<v>est|sont|fait partie|"
        rf"appartient) (?P<rest>{_REST}) depuis (?:l['’]année )?{_YEAR}\.$"
    ),
}
_ARTICLES = {"de": re.compile(r"^(?:Der|Die|Das|Den|Dem|Des|Ein|Eine|Diese[rs]?|Es|Er|Sie|Wir)\b"),
             "es": re.compile(r"^(?:El|La|Los|Las|Un|Una|Este|Esta|Ello|Ella|Él)\b"),
             "fr": re.compile(r"^(?:Il|Elle|Ils|Elles|Ce|Cette|Un|Une|On)\b")}  # fmt: skip


def since_in(text: str, lang: str) -> Fact | None:
    """Since when a named subject has held what the sentence says (German, French, Spanish)."""
    m = _SINCE[lang].match(text.strip())
    if m is None or _ARTICLES[lang].match(m.group("s")):
        return None
    subject, verb, rest = m.group("s"), m.group("v"), m.group("rest")
    if re.search(r"\d", rest):
        return None
    if lang == "de":
        question = f"Seit wann {verb} {subject} {rest}?"
    elif lang == "es":
        question = f"¿Desde cuándo {verb} {subject} {rest}?"
    else:
        said = (
            subject[:1].lower() + subject[1:] if re.match(r"^L[ae]s? |^L['’]", subject) else subject
        )
        that = "qu'" if said[:1].lower() in "aeiouéè" else "que "
        question = f"Depuis quand est-ce {that}{said} {verb} {rest} ?"
    return Fact(question, text.strip(), "when")


@form(
    "report fact",
    content="statement",
    order=52,
    asks="lookup",
    languages=frozenset({"en", "de", "fr", "es"}),
    answer="sentence",
    kinds=("when", "quantity", "amount", "purpose", "scope"),
    figures=("when", "quantity", "amount"),
)
def reported(said: Sentence) -> Fact | None:
    """The fact a report's sentence states of its named subject (see the module)."""
    if said.lang == "en":
        return report_fact(said)
    if said.section.kind not in ("paragraph", "page"):
        return None
    return since_in(said.sentence, said.lang)
