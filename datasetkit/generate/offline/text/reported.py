"""A fact a report's narrative states of a named subject (read by the sentence fact form
before its other shapes).

In English (``text.report_facts``): since when something has held, how many of a thing
a subject counts, what a measure of it comes to, what a named study or programme was
designed to do or looks at. In German, French and Spanish: since when something has
held, said in the language's own question ("Seit wann ist <Name> ...?", "Depuis quand
est-ce que <Name> est ... ?", "¿Desde cuándo es <Name> ...?"), of a subject that is a
name (no article before it in German and Spanish, where a common noun takes one); and
when a named body was founded ("Wann wurde der <Name> gegründet?", "Quand est-ce que
<le Name> a été fondé ?", "¿Cuándo fue fundada <la Name>?"), of a name of two
capitalised words at least.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate, Fact
from datasetkit.generate.offline.text.findings import finding
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


# When a named body was founded: the article, two capitalised words of its name at least
# (one alone is a common noun: "Die Firma", "La empresa"), the date, the participle.
_FOUNDED = {
    "de": re.compile(
        rf"^(?P<s>(?:Der|Die|Das) {_NAME}(?: {_NAME}){{1,4}})(?: \([^()]{{1,20}}\))? wurde"
        rf" (?:im Jahr |am [^,;]{{1,20}} )?{_YEAR}(?: [^;.]{{1,80}})? (?P<part>gegründet|"
        rf"eröffnet|errichtet|eingeführt|gebaut|ins Leben gerufen)(?:[,.]|$)"
    ),
    "es": re.compile(
        rf"^(?P<s>(?:El|La|Los|Las) {_NAME}(?: (?:de |del |la )?{_NAME}){{1,4}}) fue"
        rf" (?P<part>fundad[oa]|cread[oa]|inaugurad[oa]|establecid[oa]) en {_YEAR}\b"
    ),
    "fr": re.compile(
        rf"^(?P<s>(?:Le|La|L['’]|Les) ?{_NAME}(?: (?:de |du |des )?{_NAME}){{1,4}}) a été"
        rf" (?P<part>fondée?|créée?|inaugurée?|établie?) en {_YEAR}\b"
    ),
}


def founded_in(text: str, lang: str) -> Fact | None:
    """When a named body was founded, opened or created (German, French, Spanish)."""
    m = _FOUNDED[lang].match(text.strip())
    if m is None:
        return None
    subject, part = m.group("s"), m.group("part")
    said = subject[:1].lower() + subject[1:]
    if lang == "de":
        question = f"Wann wurde {said} {part}?"
    elif lang == "es":
        question = f"¿Cuándo fue {part} {said}?"
    else:
        question = f"Quand est-ce que {said} a été {part} ?"
    return Fact(question, text.strip(), "when")


def reported(said: Sentence) -> Fact | Candidate | None:
    """The fact a report's sentence states of its named subject (see the module), or a
    scientific paper's finding, method or aim (see :mod:`.findings`)."""
    if said.lang == "en":
        return finding(said) or report_fact(said)
    if said.section.kind not in ("paragraph", "page") or said.lang not in _SINCE:
        return None
    return since_in(said.sentence, said.lang) or founded_in(said.sentence, said.lang)
