"""A German, French, Spanish, Portuguese or Italian rule a named party must or may follow
("<the party> muss / doit / debe <do X>"), asked who it binds ("Wer muss ...?"), in the
sentence's own language; the answer is the party.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.templates import said_as
from datasetkit.generate.offline.text.measured_rules import DEMONSTRATIVE, LANGUAGES, PARTY_NOUN
from datasetkit.knowledge.model import Section

# "<the party> must / may <do X>.": a rule whose subject names who it binds, asked who.
_MODAL = {
    "de": r"muss|müssen|darf|dürfen|kann|können|soll|sollen|sollte|sollten",
    "fr": r"doit|doivent|peut|peuvent",
    "es": r"debe|deben|puede|pueden|deberá|deberán|podrá|podrán",
    "pt": r"deve|devem|pode|podem|deverá|deverão|poderá|poderão",
    "it": r"deve|devono|può|possono|dovrà|dovranno|potrà|potranno",
}
# The modal said of one person, as "wer" / "qui" / "quién" takes it.
_SINGULAR = {
    "müssen": "muss",
    "dürfen": "darf",
    "können": "kann",
    "sollen": "soll",
    "sollten": "sollte",
    "doivent": "doit",
    "peuvent": "peut",
    "deben": "debe",
    "pueden": "puede",
    "deberán": "deberá",
    "podrán": "podrá",
    "devem": "deve",
    "podem": "pode",
    "deverão": "deverá",
    "poderão": "poderá",
    "devono": "deve",
    "possono": "può",
    "dovranno": "dovrà",
    "potranno": "potrà",
}
_WHO = {
    "de": "Wer {modal} {rest}?",
    "fr": "Qui {modal} {rest} ?",
    "es": "¿Quién {modal} {rest}?",
    "pt": "Quem {modal} {rest}?",
    "it": "Chi {modal} {rest}?",
}
_SUBJECT = {
    "de": r"(?P<np>(?:Der|Die|Das|Jede[rs]?|Alle)\s(?:[a-zäöüß]+\s){0,2}(?P<head>[A-ZÄÖÜ][\w-]+))",
    "fr": r"(?P<np>(?:Le|La|Les|Chaque|Tout|Toute|Tous les|Toutes les)\s(?P<head>[^\W\d][\w-]+)"
    r"(?:\s[^\W\d][\w-]+)?)",
    "es": r"(?P<np>(?:El|La|Los|Las|Cada|Todo|Toda|Todos los|Todas las)\s(?P<head>[^\W\d]\w+)"
    r"(?:\s[^\W\d]\w+)?)",
    "pt": r"(?P<np>(?:O|A|Os|As|Cada|Todo|Toda|Todos os|Todas as)\s(?P<head>[^\W\d]\w+)"
    r"(?:\s[^\W\d]\w+)?)",
    "it": r"(?P<np>(?:Il|Lo|La|I|Gli|Le|Ogni|Tutti i|Tutte le)\s(?P<head>[^\W\d]\w+)"
    r"(?:\s[^\W\d]\w+)?)",
}
_NEGATION = {
    "de": r"nicht|kein\w*|nie|niemals|niemand|nichts",
    "fr": r"ne|n'|jamais|aucun\w*|rien",
    "es": r"no|nunca|ningún|ninguna|nada|tampoco",
    "pt": r"não|nunca|nenhum|nenhuma|nada|nem",
    "it": r"non|mai|nessun\w*|niente|nulla|né",
}
# Words in the rest that point back to the subject, or a passive: "who" cannot carry them.
_BACK = {
    "de": r"ihr\w*|sein\w*|werden|worden|sich|daraufhin|danach|dann|dafür|dazu|hierfür|"
    r"hier|dort|ebenfalls|außerdem|zudem|ebenso",
    "fr": r"leurs?|son|sa|ses|être|été|se|s'\w+|alors|ensuite|également|aussi|ci-dessus|y",
    "es": r"su|sus|ser|sido|se|entonces|luego|también|asimismo|dicho|dicha|allí|ahí",
    "pt": r"seu|sua|seus|suas|ser|sido|se|\w+-se|lhe|\w+-lhe|então|depois|também|dele|dela|ali|aí",
    "it": r"suo|sua|suoi|sue|essere|stato|stata|si|poi|quindi|anche|ci|vi|lì|proprio|propria",
}


def modal_rule(sentence: str, section: Section, lang: str) -> Candidate | None:
    """ "Der Vorstand kann ... erteilen." -> "Wer kann ... erteilen?", answered by the
    party ("Der Vorstand."); a rule with a negation, a condition, a passive or a word that points back to its
    subject is not asked (the question could not carry it)."""
    if lang not in LANGUAGES:
        return None
    text = sentence.strip()
    m = re.match(rf"^{_SUBJECT[lang]}\s+(?P<modal>{_MODAL[lang]})\s+(?P<rest>[^;:?!()]+?)\.$", text)
    if m is None or not 3 <= len(m.group("rest").split()) <= 20:
        return None
    if not re.fullmatch(PARTY_NOUN[lang], m.group("head"), re.I):
        return None
    rest = m.group("rest")
    if re.search(rf"(?:^|[\s,])(?:{_NEGATION[lang]}|{_BACK[lang]})(?=\s|$|,)", f" {rest} ", re.I):
        return None
    if DEMONSTRATIVE.search(text) or "," in rest:
        return None  # a reference back, or a clause the question would have to carry
    if lang == "de" and not re.search(r"(?:en|rn|ln)$", rest):
        return None  # a German main clause ends on the verb the modal governs
    modal = _SINGULAR.get(m.group("modal"), m.group("modal"))
    question = said_as(_WHO[lang].format(modal=modal, rest=rest), lang)
    # The party is the answer: the rule itself would only repeat the question.
    party = m.group("np")
    return Candidate(
        question, f"{party[:1].upper()}{party[1:]}.", text, section, "agent", 1, (text,)
    )
