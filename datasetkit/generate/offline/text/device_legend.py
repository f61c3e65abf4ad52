"""A manual's legend lines: a control and what it does, a message and what it means.

Operating instructions describe a device by two kinds of legend, one entry a line: the
controls (a remote's buttons, a panel's keys and sockets, each named and followed by
its function: "<NAME>: <what it does>") and the messages it shows (an error code or a
displayed word, quoted or in capitals, followed by its meaning and what to do). A user
asks each entry on its own ("What does the <NAME> button do?", "What does the message
'<CODE>' mean?"), in the language of the manual, and the answer is the entry's whole
description. The section the lines stand in says which legend they are (its heading,
or the one above it, names buttons, a remote control, a panel, error messages,
troubleshooting); a line that names its control itself ("'<NAME>' button: ...") needs
no such heading. The product is named as the document's subject names it.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.doc_subject import subject_of
from datasetkit.generate.offline.subject_said import Subject
from datasetkit.generate.offline.tables.view import TableChunk
from datasetkit.generate.offline.text.view import TextChunk
from datasetkit.knowledge.model import Section

# Headings over a list of controls, in the four languages a manual's legend is asked in
# (a translated manual may keep a heading in another language, so all are read).
_CONTROLS = re.compile(
    r"(?i)\b(?:buttons?|keypad|control\s+panel|remote(?:\s+control)?|knobs|"
    r"tasten?|tastatur|bedien(?:elemente|feld|teil)|fernbedienung|knöpfe|"
    r"touches?|boutons?|télécommande|clavier|"
    r"botones|botón|teclas?|teclado|mandos?(?:\s+a\s+distancia)?)\b"
)
# Headings over a view of the device whose numbered parts a legend names (a panel, an
# overview of the device): its lines are parts, asked what they are for only when a line
# says a use.
_PARTS = re.compile(
    r"(?i)\b(?:panel|(?:product|device)\s+overview|vorderseite|rückseite|oberseite|"
    r"geräteübersicht|panneau|face\s+(?:avant|arrière)|vue\s+principale|"
    r"présentation\s+générale|parte\s+(?:superior|posterior|trasera|frontal)|"
    r"presentación\s+general|descripción\s+del\s+producto)\b"
)
# Headings over a list of messages, codes or indicator states.
_MESSAGES = re.compile(
    r"(?i)(?:\b(?:errors?|error\s+codes?|error\s+messages?|warning\s+messages?|"
    r"troubleshooting|indicators?|alarms?|status\s+lights?|erreurs?|dépannage|voyants?|"
    r"indicateurs?|messages?\s+d'(?:erreur|alerte)|errores|mensajes?\s+de\s+(?:error|aviso)|"
    r"códigos?\s+de\s+error|solución\s+de\s+problemas|indicadores?)\b|fehler\w*|"
    r"\b(?:fehler|warn|status|hinweis|system)?meldung(?:en)?\b|störung\w*|warnhinweis\w*)"
)
# A control's name, said by the line itself as a button or a key.
_CONTROL_NOUN = re.compile(
    r"(?i)\s+(?:button|key|switch|taste|knopf|schalter|touche|bouton|botón|tecla)$"
)
# "<NAME>: <function>", after a bullet or number; the name may be quoted.
_ENTRY = re.compile(
    r"^[\s\-*•·]*(?:\d{1,2}[.)]\s*)?[\"'‘’“”„«»]?(?P<name>[^:\"'‘’“”„«»\n]{1,40}?)"
    r"[\"'‘’“”„«»]?(?P<noun>\s+[^\W\d_]+)?\s*[:–—]\s+(?P<does>\S[^\n]*)$"
)
# A message opened by its quoted text ("„E01“ <meaning>", "'bt': <meaning>") or by a
# code in capitals and digits ("E01: <meaning>", "ERR 3 - <meaning>").
_QUOTED_MESSAGE = re.compile(
    r"^[\s\-*•·]*(?:\d{1,2}[.)]\s*)?[\"'‘“„«»]\s*(?P<code>[^\"'‘’“”„«»\n]{1,30}?)\s*"
    r"[\"'’“”»«]\s*[:\-–—=]?\s*(?P<means>\S[^\n]*)$"
)
_CODE_MESSAGE = re.compile(
    r"^[\s\-*•·]*(?:\d{1,2}[.)]\s*)?(?P<code>[A-Z]{1,4}[ -]?\d{1,4}[A-Z]?)\s*[:\-–—=]\s+"
    r"(?P<means>\S[^\n]*)$"
)
# A line that says what a part is for: its use, in the words each language says it with.
_SAYS_USE = re.compile(
    r"(?i)^(?:used\s+(?:to|for)|use\s+(?:it\s+)?to|for\s+\w+ing|this\s+\w+\s+(?:is\s+used|"
    r"connects|allows|lets)|connects|allows|lets\s+you|zum\s|zur\s|dient\s|ermöglicht|"
    r"pour\s|permet|sert\s|para\s|permite|sirve)"
)
# Labels a troubleshooting legend gives its own columns: no message the device shows.
_COLUMN_LABEL = re.compile(
    r"(?i)^(?:cause|causes|solution|solutions|remedy|action|problem|symptom|note|tip|"
    r"meaning|description|ursache|abhilfe|lösung|maßnahme|behebung|problem|bedeutung|"
    r"hinweis|beschreibung|remède|problème|signification|causa|solución|problema|"
    r"significado|descripción|nota)$"
)
# A further "<Label>: " after a sentence's end: the next entry of a legend run together.
_NEXT_ENTRY = re.compile(r"[.!?]\s+[A-ZÄÖÜÀ-Ý][^\s:.!?]*(?:\s+[^\s:.!?]+){0,3}:\s")
_MAX_NAME_WORDS = 4
_MAX_WORDS = 45

_ASK_CONTROL = {
    "en": "What does the {name}{noun} do{on}?",
    "de": "Welche Funktion hat die Taste „{name}“{on}?",
    "fr": "À quoi sert la touche « {name} »{on} ?",
    "es": "¿Para qué sirve el botón «{name}»{on}?",
}
_ASK_PART = {
    "en": "What is the {name} used for{on}?",
    "de": "Wozu dient „{name}“{on}?",
    "fr": "À quoi sert « {name} »{on} ?",
    "es": "¿Para qué sirve «{name}»{on}?",
}
_ASK_MESSAGE = {
    "en": "What does the message “{code}” mean{on}?",
    "de": "Was bedeutet die Meldung „{code}“{on}?",
    "fr": "Que signifie le message « {code} »{on} ?",
    "es": "¿Qué significa el mensaje «{code}»{on}?",
}
# How a question names the product it is asked of.
_ON = {
    "en": " on the {product}",
    "de": " bei {product}",
    "fr": " sur {product}",
    "es": " en {product}",
}


def legend_entry(section: Section, text: TextChunk) -> Candidate | None:
    """The control or the message one line of a manual's legend names, asked what it does
    or means; None for any other line."""
    if text.lang not in _ASK_CONTROL or section.kind not in ("list_item", "paragraph"):
        return None
    line = " ".join(section.text.split())
    if not line or len(line.split()) > _MAX_WORDS:
        return None
    headings = " / ".join(str(h) for h in text.path[-2:])
    if _MESSAGES.search(headings):
        return _message(line, section, text)
    return _control(line, section, text, headings)


def _message(line: str, section: Section, text: TextChunk) -> Candidate | None:
    m = _QUOTED_MESSAGE.match(line) or _CODE_MESSAGE.match(line)
    if m is not None:
        code, means = m.group("code").strip(), m.group("means").strip()
    elif (shown := _shown_words(line, section.text)) is not None:
        code, means = shown
    else:
        return None
    if len(means.split()) < 3 or not re.search(r"\w", code):
        return None
    asked = _ASK_MESSAGE[text.lang].format(code=code, on=_said_on(text))
    return Candidate(asked, means, line, section, "message", 0, (means,))


def _shown_words(line: str, raw: str) -> tuple[str, str] | None:
    """A message the display shows in words, unquoted, as a legend line's label ("<Low
    battery>: <meaning>"); None for a label of the legend's own columns (cause, remedy),
    and for a paragraph whose later lines open further entries (one answer each)."""
    m = _ENTRY.match(line)
    if m is None or any(_ENTRY.match(more) for more in raw.splitlines()[1:]):
        return None
    if _NEXT_ENTRY.search(m.group("does")):  # entries run together: no answer of its own
        return None
    code = " ".join(f"{m.group('name')} {m.group('noun') or ''}".split())
    if not code[:1].isupper() or len(code.split()) > _MAX_NAME_WORDS or _COLUMN_LABEL.match(code):
        return None
    return code, m.group("does").strip()


def _control(line: str, section: Section, text: TextChunk, headings: str) -> Candidate | None:
    m = _ENTRY.match(line)
    if m is None:
        return None
    name, does = m.group("name").strip(), m.group("does").strip()
    noun = (m.group("noun") or "").strip()
    named = bool(noun) and _CONTROL_NOUN.search(f" {noun}") is not None
    if noun and not named:
        name, noun = f"{name} {noun}", ""
    if not 1 <= len(name.split()) <= _MAX_NAME_WORDS or len(does.split()) < 2:
        return None
    if re.search(r"[.;!?]$", name) or re.match(r"(?i)(?:note|nota|hinweis|remarque)\b", name):
        return None
    if named or _CONTROLS.search(headings):
        ask = _ASK_CONTROL[text.lang]
        said_noun = re.search(r"(?i)\b(?:button|key|switch)\b", name)
        noun = noun or ("button" if text.lang == "en" and not said_noun else "")
    elif _PARTS.search(headings) and _SAYS_USE.match(does):
        ask = _ASK_PART[text.lang]
    else:
        return None
    asked = ask.format(name=name, noun=f" {noun}" if noun else "", on=_said_on(text))
    return Candidate(asked, does, line, section, "control", 0, (does,))


# A title that names its product after the kind of document it is ("Bedienungsanleitung
# der <Product>", "User manual for <Product>", "Mode d'emploi du <Product>"), and one that
# names it before ("<Product> User Manual").
_KIND = (
    r"(?:(?:\w+)?(?:anleitung|anweisung|handbuch)|(?:user|owner's|operating|instruction|"
    r"quick\s+start|installation)\s+(?:manual|guide)|manual(?:\s+de\s+(?:usuario|"
    r"instrucciones|uso))?|instructions|mode\s+d'emploi|notice(?:\s+d'utilisation)?|"
    r"manuel(?:\s+d'utilisation|\s+de\s+l'utilisateur)?|guide(?:\s+de\s+démarrage\s+"
    r"rapide|\s+d'utilisation)?|guía(?:\s+rápida)?|instrucciones)"
)
_KIND_FIRST = re.compile(
    rf"(?i)^{_KIND}\s+(?P<of>(?:der|für|zur|zum|for|of|to|du|de\s+la|del|de|para)\s+|"
    r"de\s+l['’])(?P<product>[^:;,()]{3,60})$"
)
_KIND_LAST = re.compile(rf"(?i)^(?P<product>[^:;,()]{{3,60}}?)\s+{_KIND}$")


def _said_on(text: TextChunk) -> str:
    return _on(subject_of(text.chunk, text.ctx), str(text.title or ""), text.lang)


def _on(subject: Subject | None, title: str, lang: str) -> str:
    """How the question names the product: as the document's subject, when it is one, else
    as a manual's title names it."""
    title = " ".join(title.split())
    if subject is not None and subject.kind == "product":
        product = re.sub(r"(?i)^the\s+", "", subject.name)
        full = product in title and len(title.split()) <= 6 and re.search(r"\d", title)
        if full and not re.search(rf"(?i)\b{_KIND}\b", title):
            product = title  # the model a short title names in full, its number with it
        return _ON[lang].format(product=product)
    if re.fullmatch(rf"(?i){_KIND}", title):
        return ""  # a title that is the kind of document alone names no product
    first, last = _KIND_FIRST.match(title), _KIND_LAST.match(title)
    if first is not None:
        # The article the title's "of" holds is the one the product takes after "on".
        article = _ARTICLE.get((lang, " ".join(first.group("of").lower().split())))
        product = first.group("product")
        if article is None or (lang == "en" and not product.lower().startswith("the ")):
            return ""  # a case or an article the question cannot carry over
        if lang == "en":
            return f" on {product}"
        return _ON[lang].format(product=f"{article}{product}")
    if last is None or lang == "de":
        return ""  # a German product's article is not known from a bare name
    product = re.sub(r"(?i)^(?:the|le|la|les|l'|el|los|las)\s*", "", last.group("product"))
    return _ON[lang].format(product=product)


# The article each language's "of <product>" holds, said after "on" ("Bedienungsanleitung
# der <X>" -> "bei der <X>", "Mode d'emploi du <X>" -> "sur le <X>"); "" for a bare name.
_ARTICLE = {
    ("de", "der"): "der ",
    ("de", "zur"): "der ",
    ("de", "zum"): "dem ",
    ("fr", "du"): "le ",
    ("fr", "de la"): "la ",
    ("fr", "de l'"): "l'",
    ("fr", "de l’"): "l’",
    ("fr", "de"): "",
    ("es", "del"): "el ",
    ("es", "de la"): "la ",
    ("es", "de"): "",
    ("en", "for"): "",
    ("en", "of"): "",
    ("en", "to"): "",
}


# The first column of a legend table: the message, code or indication a row explains,
# or the control it describes (the other columns say its meaning, cause, remedy, use).
_MESSAGE_COLUMN = re.compile(
    r"(?i)^(?:(?:error\s+)?messages?|error(?:\s+codes?)?s?|display(?:ed)?|indications?|"
    r"indicators?|led|warnings?|alarms?|(?:fehler|warn|status)?meldung(?:en)?|fehler(?:code)?s?|"
    r"anzeigen?|display-?anzeige|(?:code|message)s?\s+d'erreur|erreurs?|"
    r"affichage|voyants?|mensajes?(?:\s+de\s+error)?|códigos?\s+de\s+error|"
    r"indicaci[oó]n|avisos?)$"
)
_CONTROL_COLUMN = re.compile(
    r"(?i)^(?:buttons?|controls?|switch(?:es)?|tasten?|schalter|bedienelement(?:e)?|"
    r"touches?|boutons?|bot[oó]n(?:es)?|teclas?|controles?|mandos?)$"
)
# A name set as code: a configuration key or an identifier, no control of a device.
_CODE_NAME = re.compile(r"`|^[a-z]+(?:[_.][a-z0-9]+)+$|^[a-z]+[A-Z]\w*$")


def legend_rows(part: TableChunk) -> list[Candidate] | None:
    """The rows of a legend table ("Message | Meaning | Remedy", "Taste | Funktion"), each
    asked what its message means or what its control does, answered by every other cell
    of the row; None for any other table."""
    header = list(part.view.columns)
    if part.lang not in _ASK_CONTROL or not part.rows or not 2 <= len(header) <= 4:
        return None
    first = " ".join(header[0].split())
    message = _MESSAGE_COLUMN.match(first) is not None
    if not message and _CONTROL_COLUMN.match(first) is None:
        return None
    path = part.rows[0].provenance.heading_path
    on = _on(None, path[0] if path else "", part.lang)  # the title heads every path
    out: list[Candidate] = []
    for row in part.rows:
        record = row.record or {}
        name = " ".join(record.get(header[0], "").split()).strip("\"'„“”«» ")
        said = [(h, " ".join(record.get(h, "").split())) for h in header[1:]]
        said = [(h, v) for h, v in said if v and v not in ("-", "–")]
        if _CODE_NAME.search(record.get(header[0], "")):
            return None  # a reference of code names: asked by the reference forms
        if not name or len(name.split()) > _MAX_NAME_WORDS or not said:
            continue
        answer = said[0][1] if len(said) == 1 else "\n".join(f"{h}: {v}" for h, v in said)
        if message:
            asked = _ASK_MESSAGE[part.lang].format(code=name, on=on)
        else:
            noun = " button" if part.lang == "en" else ""
            asked = _ASK_CONTROL[part.lang].format(name=name, noun=noun, on=on)
        kind = "message" if message else "control"
        out.append(Candidate(asked, answer, row.text, row, kind, 0, tuple(v for _, v in said)))
    return out or None
