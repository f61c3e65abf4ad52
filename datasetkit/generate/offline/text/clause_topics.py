"""What a contract's numbered clause settles, named by the clause's own heading: how long
the contract runs, what is paid, how it can be ended, what a breach leads to and which
law or courts govern it, asked in English, Spanish, French or German.

Contracts and terms of service set a short heading into the opening line of each clause,
after its number: "4.1 Agreement Term. This Agreement ...", "SEXTO, DEL PAGO DE LOS
SERVICIOS: El valor ...", "ARTICLE 5 – DURÉE : Le présent contrat ...", "§ 7 Kündigung:
Der Vertrag ...". The heading says which of a contract's standing topics the clause is
about; the clause's first sentence is asked by that topic's question, named by the
instrument the text calls itself (the agreement, el contrato, le contrat, der Vertrag).
The sentence must state what its topic asks (a date or a period for a term, an amount
for a fee, a verb of ending for a termination, a law or courts for the governing law):
a heading whose first sentence only leads in asks nothing, and neither does a heading
that names two topics or the effects of one ("Term and Termination", "Effect of
Termination").
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.text.view import Sentence
from datasetkit.knowledge.model import Document

CLAUSE_LANGUAGES = ("en", "es", "fr", "de")

_ORDINAL = (
    r"(?:primer[oa]?|segund[oa]|tercer[oa]?|cuart[oa]|quint[oa]|sext[oa]|s[eé]ptim[oa]|"
    r"octav[oa]|noven[oa]|und[eé]cim[oa]|duod[eé]cim[oa]|"
    r"d[eé]cim[oa](?:[\s-]+(?:primer[oa]?|segund[oa]|tercer[oa]?|cuart[oa]|quint[oa]|"
    r"sext[oa]|s[eé]ptim[oa]|octav[oa]|noven[oa]))?)"
)
# A clause's number: a figure ("4.1", "5)"), a Roman numeral, a Spanish ordinal word, after
# the word for a clause or an article ("Cláusula", "Article", "Art.", "§").
_NUMBER = (
    r"(?:(?:cl[aá]usula|art[ií]culo|article|artikel|art\.|§)\s*)?"
    rf"(?:\d{{1,3}}(?:\.\d{{1,3}})*[.)]?|[IVXL]{{1,6}}[.)]|{_ORDINAL})"
)
# The heading set before a colon in the clause's first sentence.
_INLINE = re.compile(
    rf"^(?i:{_NUMBER})[\s,.:–—-]*(?P<label>[^\W\d][^:;.]{{2,70}}?)\s?:\s+(?P<body>\S.+)$"
)
# The heading that is the clause's first sentence of its own ("4.1 Agreement Term.").
_OWN = re.compile(rf"^(?i:{_NUMBER})\s+(?P<label>[^\W\d][^:;.]{{2,60}})\.$")
# The article or preposition a heading opens with ("DE LA VIGENCIA", "DU PRIX").
_LEAD = re.compile(r"(?i)^(?:de la|de los|de las|del|de l['’]|des|du|de|sobre|la|el|le|les)\s")
_SPANISH_ARTICLE = {"de la": "la", "de los": "los", "de las": "las", "del": "el"}

# The standing topics of a contract, by the words of a heading that names one.
_TOPICS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "breach",
        re.compile(r"(?i)\b(?:breach|incumplimiento|manquements?|inexécution)\b"),
    ),
    (
        "termination",
        re.compile(r"(?i)\b(?:termination|terminación|término|rescisión|résiliation|kündigung)\b"),
    ),
    (
        "term",
        re.compile(r"(?i)\b(?:term|duration|vigencia|duración|durée|laufzeit|vertragsdauer)\b"),
    ),
    (
        "fee",
        re.compile(
            r"(?i)\b(?:fees?|price|compensation|remuneration|pago|precio|honorarios|"
            r"remuneración|retribución|prix|rémunération|honoraires|vergütung|honorar|preis)\b"
        ),
    ),
    (
        "law",
        re.compile(
            r"(?i)\b(?:governing law|applicable law|jurisdiction|venue|jurisdicción|"
            r"tribunales|ley aplicable|legislación aplicable|droit applicable|loi applicable|"
            r"juridiction|gerichtsstand|anwendbares recht|rechtswahl)\b"
        ),
    ),
)
# A heading on what follows from a topic, not the topic itself.
_EFFECTS = re.compile(r"(?i)\b(?:effects?|consequences?|efectos?|consecuencias|effets?|folgen)\b")

_MONTHS = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|"
    r"octubre|noviembre|diciembre|janvier|février|mars|avril|mai|juin|juillet|août|"
    r"septembre|octobre|novembre|décembre|januar|februar|märz|april|juni|juli|oktober|"
    r"dezember)"
)
_PERIOD = (
    r"(?:\d+|one|two|three|six|twelve|uno|una|dos|tres|seis|doce|un|une|deux|trois|six|"
    r"douze|ein|einem|einen|zwei|drei|sechs|zwölf)\s+(?:\(\d+\)\s+)?"
    r"(?:years?|months?|weeks?|days?|años?|meses|mes|semanas?|días?|ans|années?|mois|"
    r"semaines?|jours?|jahre[n]?|jahr|monate[n]?|monat|wochen?|tage[n]?)\b"
)
# What the clause's sentence must state for its topic to be asked of it.
_STATES = {
    "term": re.compile(
        rf"(?i)\b{_MONTHS}\b|\b\d{{1,2}}[./-]\d{{1,2}}[./-]\d{{2,4}}\b|\b{_PERIOD}"
        r"|\b(?:effective|commences?|begins?)\b.*\b(?:terminates?|ends?|expires?|until)\b"
    ),
    "fee": re.compile(
        r"(?i)[$€£]\s?\d|\b\d[\d.,]*\s?(?:€|eur|euros?|usd|dollars?|dólares|pesos|clp|chf)\b"
    ),
    "termination": re.compile(
        r"(?i)\bterminat|\b(?:término|terminar|rescindir|poner fin|résili|mettre fin|"
        r"(?:ge)?kündig)"
    ),
    "breach": re.compile(
        r"(?i)\bterminat|\b(?:término|terminar|rescindir|poner fin|résili|mettre fin)"
    ),
    "law": re.compile(
        r"(?i)\b(?:laws?|courts?|tribunales|jurisdicción|leyes|ley|legislación|droit|"
        r"tribunaux|juridictions?|loi|recht|gerichtsstand|gericht)\b"
    ),
}
# A law (not courts) the sentence names.
_LAW = re.compile(r"(?i)\b(?:laws?|leyes|ley|legislación|droit|loi|recht)\b")

# The nouns a contract calls itself by, as each language's questions say them.
_INSTRUMENTS = {
    "en": re.compile(r"(?i)\b(?P<n>agreement|contract)\b"),
    "es": re.compile(r"(?i)\b(?P<n>contrato|convenio|acuerdo)\b"),
    "fr": re.compile(r"(?i)\b(?P<n>contrat|convention|accord)\b"),
    "de": re.compile(r"\b(?P<n>Vertrag|Vereinbarung)\b"),
}
_FR_FORMS = {  # (the noun, of the noun, to the noun)
    "contrat": ("le contrat", "du contrat", "au contrat"),
    "accord": ("l'accord", "de l'accord", "à l'accord"),
    "convention": ("la convention", "de la convention", "à la convention"),
}
_DE_FORMS = {  # (nominative, accusative, genitive)
    "Vertrag": ("der Vertrag", "den Vertrag", "des Vertrags"),
    "Vereinbarung": ("die Vereinbarung", "die Vereinbarung", "der Vereinbarung"),
}
_MOST_CHARS = 400


def _instrument(said: Sentence, label: str, body: str) -> str | None:
    """What the contract calls itself: in the clause, its heading, or the document's title
    or opening lines."""
    pattern = _INSTRUMENTS[said.lang]
    doc = said.text_chunk.chunk.meta.get("document")
    opening = [s.text for s in doc.sections[:3]] if isinstance(doc, Document) else []
    for text in (body, label, str(said.text_chunk.title or ""), *opening):
        m = pattern.search(text)
        if m:
            n = m.group("n")
            return n if said.lang == "de" else n.lower()
    return None


def _topic(label: str) -> str | None:
    """The one standing topic a heading names (None for none, two, or a topic's effects)."""
    if _EFFECTS.search(label):
        return None
    found = [name for name, pattern in _TOPICS if pattern.search(label)]
    return found[0] if len(found) == 1 else None


def _headed(said: Sentence) -> tuple[str, str] | None:
    """The clause heading and the sentence under it: the heading set before a colon in the
    sentence, or the paragraph's first sentence when it is the heading alone."""
    text = " ".join(said.text.split())
    m = _INLINE.match(text)
    if m:
        return m.group("label").strip(), m.group("body").strip()
    before = " ".join(said.before.split())
    if not before:
        return _under_heading(said, text)
    own = _OWN.match(before)
    opens = said.section.text.lstrip().startswith(said.before.strip()) if before else False
    if own is None or not opens:
        return None
    return own.group("label").strip(), text


# A clause's heading set as a heading of its own ("4. Term", "ARTICLE 5 – DURÉE").
_HEADING = re.compile(rf"^(?i:{_NUMBER})[\s,.:–—-]*(?P<label>[^\W\d][^:;.]{{2,70}}?)\s?:?$")


def _under_heading(said: Sentence, text: str) -> tuple[str, str] | None:
    """A numbered clause heading and the first sentence of the first paragraph under it."""
    chunk = said.text_chunk
    body = [s for s in chunk.body if s.kind != "heading"]
    if not chunk.opens_section or not body or body[0] is not said.section:
        return None
    m = _HEADING.match(" ".join(str(chunk.heading or "").split()))
    return (m.group("label").strip(), text) if m else None


def _heading_like(label: str) -> bool:
    """A heading in capitals, or in words each capitalised (short words aside)."""
    words = re.findall(r"[^\W\d_][\w'’-]*", label)
    if not words or len(words) > 9:
        return False
    if label.upper() == label:
        return True
    long = [w for w in words if len(w) > 3]
    return bool(long) and all(w[:1].isupper() for w in long)


def _running(said: Sentence) -> str:
    """The document's running text (its paragraphs and list items)."""
    doc = said.text_chunk.chunk.meta.get("document")
    sections = doc.sections if isinstance(doc, Document) else said.text_chunk.body
    return "\n".join(s.text for s in sections if s.kind in ("paragraph", "list_item"))


def _said_plainly(np: str, said: Sentence) -> bool:
    """Whether the running text writes each word of a shouted heading in lower case too
    (else a question in its words would say them as the heading shouts them)."""
    text = _running(said)
    return all(re.search(rf"\b{re.escape(w)}\b", text) for w in np.split() if len(w) > 3)


def _spanish(topic: str, label: str, noun: str, body: str, said: Sentence) -> str | None:
    of = f"del {noun}"
    if topic == "term":
        word = "vigencia" if re.search(r"(?i)vigencia", label) else "duración"
        return f"¿Cuál es la {word} {of}?"
    if topic == "fee":
        lead = _LEAD.match(label)
        article = _SPANISH_ARTICLE.get(lead.group(0).strip().lower()) if lead else None
        np = f"{article} {label[lead.end() :].strip().lower()}" if lead and article else ""
        if not np or not _said_plainly(np, said):
            return f"¿Cuánto se paga según el {noun}?"
        be = "son" if article in ("los", "las") else "es"
        return f"¿{'Cuáles' if be == 'son' else 'Cuál'} {be} {np}?"
    if topic == "termination":
        return f"¿Cómo se puede terminar el {noun}?"
    if topic == "breach":
        return f"¿Qué ocurre en caso de incumplimiento {of}?"
    if _LAW.search(body):
        return f"¿Qué ley rige el {noun}?"
    return f"¿Qué tribunales son competentes para las controversias {of}?"


def _french(topic: str, noun: str, body: str) -> str | None:
    the, of, to = _FR_FORMS[noun]
    asked = {
        "term": f"Quelle est la durée {of} ?",
        "fee": f"Quel montant {the} prévoit-il ?" if noun != "convention" else None,
        "termination": f"Comment {the} peut-il être résilié ?" if noun != "convention" else None,
        "breach": f"Que se passe-t-il en cas de manquement {to} ?",
        "law": f"Quel droit s'applique {to} ?"
        if _LAW.search(body)
        else f"Quels tribunaux sont compétents pour les litiges liés {to} ?",
    }
    return asked[topic]


def _german(topic: str, noun: str, body: str) -> str | None:
    nom, acc, gen = _DE_FORMS[noun]
    asked = {
        "term": f"Wie lange läuft {nom}?",
        "fee": f"Welche Vergütung sieht {nom} vor?",
        "termination": f"Wie kann {nom} gekündigt werden?",
        "breach": None,
        "law": f"Welches Recht gilt für {acc}?"
        if _LAW.search(body)
        else f"Wo ist der Gerichtsstand {gen}?",
    }
    return asked[topic]


# A title that names the instrument itself ("Master Services Agreement", "Terms of Service
# for Employers"): the questions say it, since "the agreement" is one of many an agent holds.
_TITLED = re.compile(
    r"(?i)\b(?:agreement|contract|terms of (?:service|use)|terms and conditions)\b"
)
_SMALL = frozenset(("of", "for", "and", "the", "to", "a", "an", "in", "on", "with"))


def _titled(said: Sentence, noun: str) -> str | None:
    """The instrument as its title names it, with its words capitalised as a name, and the
    noun its clauses call it by when the title does not say it ("the <Title> agreement":
    the clause's "this Agreement" is then said in the question)."""
    title = " ".join(str(said.text_chunk.title or "").split())
    if not _TITLED.search(title) or len(title.split()) > 8 or re.search(r"[^\w\s'’-]", title):
        return None
    if title.isupper():
        words = title.lower().split()
        title = " ".join(w if i and w in _SMALL else w.capitalize() for i, w in enumerate(words))
    if not re.search(rf"(?i)\b{noun}\b", title):
        title = f"{title} {noun}"
    return title if title.lower().startswith("the ") else f"the {title}"


def _english(topic: str, label: str, noun: str, body: str) -> str | None:
    if topic == "fee":
        said = re.sub(r"(?i)^the\s", "", label).lower()
        be = "are" if said.endswith("s") else "is"
        return f"What {be} the {said} under {noun}?"
    asked = {
        "term": f"What is the term of {noun}?",
        "termination": f"How can {noun} be terminated?",
        "breach": f"What happens if {noun} is breached?",
        "law": f"Which law governs {noun}?"
        if re.search(r"(?i)\bgoverned\b|\blaws? of\b", body)
        else None,
    }
    return asked[topic]


def clause_topic(said: Sentence) -> Candidate | None:
    """ "11.9 Governing Law and Venue. This Agreement ... is governed by the laws of <X>."
    -> "Which law governs the agreement?"; "DE LA VIGENCIA DEL CONTRATO: El presente contrato
    tendrá vigencia desde <date> al <date>." -> "¿Cuál es la vigencia del contrato?";
    answered by the clause's sentence."""
    if said.lang not in CLAUSE_LANGUAGES or said.section.kind != "paragraph":
        return None
    found = _headed(said)
    if found is None:
        return None
    label, body = found
    topic = _topic(label)
    if topic is None or not _heading_like(label) or len(body) > _MOST_CHARS:
        return None
    if not body[:1].isupper() or not body.endswith((".", ";")):
        return None  # a line cut off, or a heading over a list: no sentence states it
    if not _STATES[topic].search(body):
        return None
    noun = _instrument(said, label, body)
    if noun is None:
        return None
    label = _LEAD.sub("", label, count=1) if said.lang != "es" else label
    if said.lang == "es":
        question = _spanish(topic, label, noun, body, said)
    elif said.lang == "fr":
        question = _french(topic, noun, body)
    elif said.lang == "de":
        question = _german(topic, noun, body)
    else:
        question = _english(topic, label, _titled(said, noun) or f"the {noun}", body)
    if question is None:
        return None
    kind = {"term": "term", "fee": "amount", "law": "rule"}.get(topic, "condition")
    answer = _whole(said, body) if topic in ("termination", "breach", "law") else body
    return Candidate(question, answer, said.text, said.section, kind, 0, (answer,))


# The longest clause an answer carries whole.
_MOST_CLAUSE = 700


def _whole(said: Sentence, body: str) -> str:
    """The clause from its first sentence on (who may end it, how, with what notice, and
    what law and which courts), when it is short enough to read as one answer."""
    whole = " ".join([body, *(" ".join(a.split()) for a in said.after)])
    return whole if len(whole) <= _MOST_CLAUSE else body
