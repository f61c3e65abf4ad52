"""The labelled values and figures of a German, French, Spanish, Portuguese or Italian text,
asked in its own language.

Two shapes carry most of the figures a policy, a handbook or an FAQ in these languages
states:

- a measure set after its label ("<measure noun ...>: <figure>"), asked for the measure
  (:func:`labelled_measure`);
- a sentence that gives a measure its figure ("<the measure> beträgt / est de / es de
  <figure>"), the limit a measure may not pass, or the time a reader has to do something
  ("Sie haben / Vous avez / Tienes <N> <unit> para ..."), asked for the figure
  (:func:`figure_statement`).

The rule a named party must or may follow is asked by :mod:`who_must`. Each question is
built from the sentence's own words in the order the language asks them, never from an
English question translated; the answer is the value, or the whole sentence.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.measures import (
    GERMAN_MEASURES,
    Measure,
    measure_named,
    which_is,
)
from datasetkit.generate.offline.language.reader import READER_DE
from datasetkit.generate.offline.language.templates import said_as
from datasetkit.generate.offline.text.intro_words import of
from datasetkit.generate.offline.text.reimbursed import reimbursed
from datasetkit.knowledge.model import Section

LANGUAGES = ("de", "fr", "es", "pt", "it")

_UNIT = {
    "de": r"Minuten|Stunden|Tagen?|Werktagen?|Arbeitstagen?|Wochen|Monaten?|Jahren?",
    "fr": r"minutes|heures|jours(?: ouvrés| ouvrables| calendaires)?|semaines|mois|ans|années",
    "es": r"minutos|horas|días(?: hábiles| naturales| laborables)?|semanas|meses|años",
    "pt": r"minutos|horas|dias(?: úteis| corridos| seguidos)?|semanas|meses|anos",
    "it": r"minuti|ore|giorni(?: lavorativi| di calendario| consecutivi)?|settimane|mesi|anni",
}
_MONEY = re.compile(
    r"[€$£]|\b(?:EUR|CHF|USD|MXN|Euros?|euros?|pesos|dólares|reais|Prozent|por ciento|por cento|per cento|pour cent)\b|R\$|%"
)
_CLOCK = re.compile(r"\b\d{1,2}[:.]\d\d\b|\b\d{1,2}\s?h\b|\bUhr\b")
# Verbs that make a value a sentence of its own, not a measure's figure.
_FINITE = {
    "de": r"ist|sind|wird|werden|muss|müssen|kann|können|darf|dürfen|soll|sollen|hat|haben",
    "fr": r"est|sont|sera|doit|doivent|peut|peuvent|a|ont",
    "es": r"es|son|será|debe|deben|puede|pueden|tiene|tienen|hay",
    "pt": r"é|são|será|deve|devem|pode|podem|tem|têm|há",
    "it": r"è|sono|sarà|deve|devono|può|possono|ha|hanno",
}
_MAX_VALUE_WORDS = 10


def value_kind(value: str, lang: str) -> str | None:
    """What a figure measures ("money", "duration", "clock", "number"), None without one."""
    if not re.search(r"\d", value):
        return None
    if _MONEY.search(value):
        return "money"
    if re.search(rf"\d\s*(?:{_UNIT[lang]})\b", value):
        return "duration"
    if _CLOCK.search(value):
        return "clock"
    return "number"


# "<Label>: <value>" on a line of its own, after any bullet, arrow or emoji.
_LABELLED = re.compile(r"^[^\w¿¡]*(?P<label>[^\W\d_][^:\n]{1,50}?)\s*:\s+(?P<value>\S[^\n]*)$")


def labelled_measure(section: Section, lang: str) -> Candidate | None:
    """ "Mindestdauer einer Pause: 15 Minuten" -> "Wie lang ist die Mindestdauer einer
    Pause?", answered "15 Minuten"; only a measure's label asks (a label that names a
    case, "Bis 4 Stunden: ...", gives no measure a question can name)."""
    line = section.text.strip()
    m = _LABELLED.match(line)
    if m is None or lang not in LANGUAGES:
        return None
    value = m.group("value").strip().rstrip(".")
    kind = value_kind(value, lang)
    if kind is None or len(value.split()) > _MAX_VALUE_WORDS or ":" in value:
        return None
    if re.search(rf"\b(?:{_FINITE[lang]})\b", value) or value.endswith((",", ";")):
        return None  # a sentence, or a value cut off
    measure = measure_named(m.group("label"), lang)
    if measure is None or not names_what(measure.phrase, lang):
        return None
    question = said_as(which_is(measure, lang, kind), lang)
    return Candidate(question, value, line, section, "attribute", 0, (line,))


# A definite noun phrase that opens a sentence: its article, its words, no clause.
_NP = {
    "de": r"(?P<np>(?i:der|die|das)\s[^,;:()]{2,60}?)",
    "fr": r"(?P<np>(?i:le|la|les)\s[^,;:()]{2,60}?|(?i:l)'[^,;:()\s][^,;:()]{1,60}?)",
    "es": r"(?P<np>(?i:el|la|los|las)\s[^,;:()]{2,60}?)",
    "pt": r"(?P<np>(?i:o|a|os|as)\s[^,;:()]{2,60}?)",
    "it": r"(?P<np>(?i:il|lo|la|i|gli|le)\s[^,;:()]{2,60}?|(?i:l)'[^,;:()\s][^,;:()]{1,60}?)",
}
# "<the measure> <is> <figure>": the verb each language sets a measure's figure with.
_SETS = {
    "de": r"beträgt|betragen|(?:liegt|liegen)(?:\s(?:grundsätzlich|derzeit|aktuell|jeweils))?\sbei",
    "fr": r"(?:est|sont) (?:de|fixée?s? à|limitée?s? à)|s'élèvent? à",
    "es": r"(?:es|son|será|serán) de|asciende a|ascienden a|(?:está|están) fijad[oa]s? en",
    "pt": r"(?:é|são|será|serão) de|ascende a|ascendem a|(?:está|estão) fixad[oa]s? em",
    "it": r"(?:è|sono|sarà|saranno) (?:di|pari a)|ammonta a|ammontano a|(?:è|sono) fissat[oaie] (?:a|in)",
}
# For whom or when a figure holds, between the verb and the figure ("für Familien").
_FOR = {
    "de": r"(?:für|bei|beim|ab|pro|je|im)\s[^,;:]{2,50}?",
    "fr": r"(?:pour|par)\s[^,;:]{2,50}?",
    "es": r"(?:para|por)\s[^,;:]{2,50}?",
    "pt": r"(?:para|por)\s[^,;:]{2,50}?",
    "it": r"per\s[^,;:]{2,50}?",
}
# Words that qualify a figure ("mindestens 120 €", "jusqu'à 3 jours", "hasta 20 días").
_QUALIFIER = (
    r"(?:mindestens|maximal|höchstens|nur|jeweils|derzeit|aktuell|insgesamt|bis zu|ca\.|rund|"
    r"etwa|au moins|au plus|au maximum|jusqu'à|environ|seulement|hasta|al menos|como máximo|"
    r"aproximadamente|solo|sólo|pelo menos|no máximo|até|cerca de|apenas|almeno|al massimo|"
    r"fino a|circa)"
)
DEMONSTRATIVE = re.compile(
    r"\b(?:diese[rsmn]?|jene[rsmn]?|ce|cet|cette|ces|este|esta|estos|estas|ese|esa|estes|esse|"
    r"essa|questo|questa|questi|queste|quel|quella)\b",
    re.I,
)


def _figure_set(sentence: str, lang: str) -> str | None:
    """ "Der Beitrag für Familien beträgt 165,00 Euro." -> "Wie hoch ist der Beitrag für
    Familien?"; the phrase after the verb that says for whom the figure holds is kept."""
    m = re.match(
        rf"^{_NP[lang]}\s+(?:{_SETS[lang]})\s+(?P<for>{_FOR[lang]}\s+)?(?P<fig>(?:{_QUALIFIER}\s)?[\d€$].*)$",
        sentence,
    )
    if m is None or not re.match(r"^(?:\w+\s){0,2}[\d€$]", m.group("fig")):
        return None
    np = m.group("np")
    kind = value_kind(m.group("fig"), lang)
    measure = _subject_measure(np, lang)
    if kind is None or measure is None or DEMONSTRATIVE.search(np):
        return None
    if not (m.group("for") or names_what(measure.phrase, lang)):
        return None  # "Quel est le plafond ?": of what, the question must say
    if m.group("for"):
        measure = Measure(
            f"{measure.phrase} {m.group('for').strip()}", measure.plural, measure.span
        )
    return said_as(which_is(measure, lang, kind), lang)


def names_what(phrase: str, lang: str) -> bool:
    """Whether a measure's phrase says what it measures: a complement ("einer Pause",
    "de préavis", "del periodo") or, in German, a compound ("Mitgliedsbeitrag")."""
    if re.search(
        r"\s(?:de|du|des|d'|del|da|do|das|dos|di|della|dello|dell'|dei|delle|per|para|pour|einer|"
        r"eines|des|der|für|pro|je|bei)\s?",
        phrase,
    ):
        return True
    if lang != "de":
        return False
    head = next((w for w in phrase.split()[1:] if w[:1].isupper()), "")
    return measure_named(head, lang) is not None and head.casefold() not in _BARE_DE


# German measure nouns that name nothing on their own ("die Dauer", "der Betrag"): every
# measure noun but the compounds that say what they measure ("Probezeit", "Kündigungsfrist").
_BARE_DE = GERMAN_MEASURES - frozenset(
    re.findall(
        r"\S+",
        "arbeitszeit höchstbetrag kündigungsfrist laufzeit mindestbetrag probezeit ruhezeit "
        "stundensatz wartezeit",
    )
)


def _subject_measure(np: str, lang: str) -> Measure | None:
    """The measure a sentence's subject names: its article, then (in German) up to two
    lower-case adjectives, then a measure noun the article agrees with."""
    if lang in ("fr", "it") and np[:2].lower() == "l'":
        article, rest = "l'", np[2:].split()
    else:
        article, *rest = np.split()
        article = article.lower()
    skip = 0
    if lang == "de":
        while skip < len(rest) - 1 and rest[skip][:1].islower():
            skip += 1  # "Der jährliche Mitgliedsbeitrag"
        if skip > 2:
            return None
    head = measure_named(" ".join(rest[skip:]), lang)
    if head is None:
        return None
    if lang == "de" and head.phrase.split()[0] != article:
        return None  # "Die Beitrag": no noun phrase, or a plural read as one measure
    joiner = "" if article == "l'" else " "
    return Measure(f"{article}{joiner}{' '.join(rest)}", head.plural, head.span)


# "<you> have <N> <units> to <do X>": the time a reader has, asked by its unit.
_HAVE = {
    "de": r"^(?:Du hast|Sie haben|Ihr habt)\s(?P<n>\d+|\w+)\s(?P<unit>{unit})\s(?:lang\s)?Zeit,?\s"
    r"(?:um\s)?(?P<rest>[^;:]{{4,120}}?)\.?$",
    "fr": r"^(?:Vous avez|Tu as|(?:Vous disposez|Tu disposes) (?:de|d'un délai de))\s(?P<n>\d+)\s"
    r"(?P<unit>{unit})\s"
    r"pour\s(?P<rest>[^;:]{{4,120}}?)\.?$",
    "es": r"^(?:Tienes|Usted tiene|Tiene usted|(?:Dispones|Usted dispone) de(?: un plazo de)?)\s"
    r"(?P<n>\d+)\s"
    r"(?P<unit>{unit})\s(?P<to>para|hasta)\s(?P<rest>[^;:]{{4,120}}?)\.?$",
    "pt": r"^(?:Tem|Tens|Você tem|(?:Dispõe|Dispões|Você dispõe) de(?: um prazo de)?)\s(?P<n>\d+)\s"
    r"(?P<unit>{unit})\s(?P<to>para|até)\s(?P<rest>[^;:]{{4,120}}?)\.?$",
    "it": r"^(?:Hai|Ha|Avete|(?:Hai|Ha|Avete) a disposizione)\s(?P<n>\d+)\s"
    r"(?P<unit>{unit})\s(?P<to>per)\s(?P<rest>[^;:]{{4,120}}?)\.?$",
}
# The reader's own words, as the reader says them in a question.
_MINE = {
    # The formal "Ihr" is the reader's here: a sentence that gives a time or a figure
    # addresses the reader formally, never a third party.
    "de": {
        **READER_DE,
        "Ihr": "mein",
        "Ihre": "meine",
        "Ihren": "meinen",
        "Ihrem": "meinem",
        "Ihrer": "meiner",
        "Ihres": "meines",
    },
    "fr": {"votre": "mon", "vos": "mes", "ton": "mon", "tes": "mes"},
    "es": {"tu": "mi", "tus": "mis", "su": "mi", "sus": "mis"},
    "pt": {
        "seu": "meu",
        "sua": "minha",
        "seus": "meus",
        "suas": "minhas",
        "teu": "meu",
        "tua": "minha",
    },
    "it": {"tuo": "mio", "tua": "mia", "tuoi": "miei", "tue": "mie", "suo": "mio", "sua": "mia"},
}
# Words that cannot be turned to the reader's own without knowing a noun's gender.
_NOT_MINE = {
    "de": r"euch|euer|eure",
    "fr": r"vous|ta|te|toi|ton",
    "es": r"te|ti|usted",
    "pt": r"te|ti|você|lhe|vos",
    "it": r"ti|te|vi|voi|vostro|vostra|Lei",
}


def _have_time(sentence: str, lang: str) -> str | None:
    """ "Tienes 7 días para solicitar un reembolso ..." -> "¿Cuántos días tengo para
    solicitar un reembolso ...?"."""
    m = re.match(_HAVE[lang].format(unit=_UNIT[lang]), sentence)
    if m is None or re.search(rf"\b(?:{_NOT_MINE[lang]})\b", m.group("rest")):
        return None
    rest = " ".join(_MINE[lang].get(w, w) for w in m.group("rest").split())
    unit = m.group("unit")
    if lang == "de":
        if not re.search(r"\b\w+(?:en|rn|ln)$", rest):
            return None  # "um ... zu <verb>": the clause must end on its verb
        return f"Wie viele {unit} Zeit habe ich, um {rest}?"
    if lang == "fr":
        return said_as(f"Combien de {unit} ai-je pour {rest} ?", lang)
    if lang == "pt":
        many = "Quantas" if unit.startswith(("horas", "semanas")) else "Quantos"
        return f"{many} {unit} tenho {m.group('to')} {rest}?"
    if lang == "it":
        many = "Quante" if unit.startswith(("ore", "settimane")) else "Quanti"
        return f"{many} {unit} ho per {rest}?"
    many = "Cuántas" if unit.startswith(("horas", "semanas")) else "Cuántos"
    return f"¿{many} {unit} tengo {m.group('to')} {rest}?"


# "<the measure> may not exceed <figure>": a limit, asked as the measure's maximum.
_LIMIT = {
    "de": r"(?:darf|dürfen)\s(?:(?:höchstens|maximal|nicht mehr als)\s)(?P<fig>[^,;]+?)\s"
    r"(?:betragen|dauern|umfassen)",
    "fr": r"ne (?:peut|peuvent|doit|doivent|pourra|pourront) (?:pas )?(?:excéder|dépasser)\s"
    r"(?P<fig>[^,;]+)",
    "es": r"no (?:puede|pueden|debe|deben|podrá|podrán) (?:exceder|superar|sobrepasar)\s"
    r"(?:de\s|los\s|las\s)?(?P<fig>[^,;]+)",
    "pt": r"não (?:pode|podem|deve|devem|poderá|poderão) (?:exceder|ultrapassar|superar)\s"
    r"(?:os\s|as\s)?(?P<fig>[^,;]+)",
    "it": r"non (?:può|possono|deve|devono|potrà|potranno) (?:superare|eccedere|oltrepassare)\s"
    r"(?:i\s|le\s|gli\s)?(?P<fig>[^,;]+)",
}
_MAXIMUM = {
    "de": {
        "duration": "Wie lang darf {np} höchstens sein?",
        "money": "Wie hoch darf {np} höchstens sein?",
    },
    "fr": {
        "duration": "Quelle est la durée maximale de {np} ?",
        "money": "Quel est le montant maximal de {np} ?",
    },
    "es": {
        "duration": "¿Cuál es la duración máxima de {np}?",
        "money": "¿Cuál es el importe máximo de {np}?",
    },
    "pt": {
        "duration": "Qual é a duração máxima {of}?",
        "money": "Qual é o montante máximo {of}?",
    },
    "it": {
        "duration": "Qual è la durata massima {of}?",
        "money": "Qual è l'importo massimo {of}?",
    },
}


def _limit(sentence: str, lang: str) -> str | None:
    """ "... la période de télétravail ne peut excéder 3 jours consécutifs par semaine." ->
    "Quelle est la durée maximale de la période de télétravail ?"."""
    m = re.search(rf"(?:^|,\s){_NP[lang]}\s+{_LIMIT[lang]}", sentence)
    if m is None or DEMONSTRATIVE.search(m.group("np")):
        return None
    kind = value_kind(m.group("fig"), lang)
    asks = _MAXIMUM[lang].get(kind or "")
    if asks is None or not re.match(r"^(?:\w+\s)?\d", m.group("fig")):
        return None
    np = m.group("np")
    if _subject_measure(np, lang) is None and lang == "de":
        return None  # "Der Antrag darf höchstens ... umfassen": no measure, no maximum
    np = np[:1].lower() + np[1:]
    joined = of(np, lang) if lang in ("pt", "it") else ""
    if joined is None:
        return None
    return said_as(asks.format(np=np, of=joined), lang)


# "<who> has (a right to) <N> <units> <of what>": an entitlement or a count, asked "how many".
_NUMBER = (
    r"\d+(?:[.,]\d+)?|zwei|drei|vier|fünf|sechs|sieben|acht|zehn|zwölf|deux|trois|quatre|cinq|"
    r"six|sept|huit|dix|douze|dos|tres|cuatro|cinco|seis|siete|ocho|diez|doce|dois|duas|três|"
    r"quatro|sete|oito|dez|doze|due|tre|quattro|cinque|sei|sette|otto|dieci|dodici"
)
_HAS = {
    "de": r"^(?P<who>Du hast|Sie haben|Ihr habt|(?P<np>(?:Der|Die|Das|Ein|Eine|Jede[rs]?|Alle)"
    r"\s(?:[a-zäöüß]+\s)?[A-ZÄÖÜ][\w-]+)\s(?P<verb>hat|haben))\s(?P<right>Anspruch auf\s)?"
    r"(?P<n>{n})\s(?P<what>(?:{unit})\s[A-ZÄÖÜ][\w-]+|[A-ZÄÖÜ][\w-]+)(?=[\s,(]|$)",
    "fr": r"^(?P<who>Vous avez|Tu as|(?P<np>(?:Le|La|Les|Chaque|Tout|Tous les)\s[^\W\d][\w-]+"
    r"(?:\s[^\W\d][\w-]+)?)\s(?P<verb>a|ont))\sdroit\sà\s(?P<n>{n})\s"
    r"(?P<what>(?:{unit})(?:\s(?:de|d')\s?[^\W\d][\w-]+)?)(?=[\s,(]|$)",
    "es": r"^(?P<who>Tienes|Usted tiene|(?P<np>(?:El|La|Los|Las|Cada|Todos los|Todas las)\s"
    r"[^\W\d]\w+(?:\s[^\W\d]\w+){{0,4}}?)\s(?P<verb>tiene|tienen))\sderecho\sa\s(?P<n>{n})\s"
    r"(?P<what>(?:{unit})(?:\sde\s[^\W\d]\w+)?)(?=[\s,(]|$)",
    "pt": r"^(?P<who>Tens|Você tem|(?P<np>(?:O|A|Os|As|Cada|Todo|Toda|Todos os|Todas as)\s"
    r"[^\W\d]\w+(?:\s[^\W\d]\w+){{0,4}}?)\s(?P<verb>tem|têm))\sdireito\sa\s(?P<n>{n})\s"
    r"(?P<what>(?:{unit})(?:\sde\s[^\W\d]\w+)?)(?=[\s,(]|$)",
    "it": r"^(?P<who>Hai|(?P<np>(?:Il|Lo|La|I|Gli|Le|Ogni|Tutti i|Tutte le)\s"
    r"[^\W\d]\w+(?:\s[^\W\d]\w+){{0,4}}?)\s(?P<verb>ha|hanno))\sdiritto\sa\s(?P<n>{n})\s"
    r"(?P<what>(?:{unit})(?:\sdi\s[^\W\d]\w+)?)(?=[\s,(]|$)",
}


def _has(sentence: str, lang: str) -> str | None:
    """ "Du hast 5 Wochen Ferien, ..." -> "Wie viele Wochen Ferien habe ich?"; "Los
    empleados tienen derecho a 15 días de vacaciones" -> "¿A cuántos días de vacaciones
    tienen derecho los empleados?"."""
    m = re.match(_HAS[lang].format(n=_NUMBER, unit=_UNIT[lang]), sentence)
    if m is None or (m.group("np") and DEMONSTRATIVE.search(m.group("np"))):
        return None
    what, np = m.group("what"), m.group("np")
    if m.group("n") == "1":
        return None  # one of a thing: its noun is singular, "how many" asks for a plural
    if np and lang == "fr" and not re.fullmatch(PARTY_NOUN[lang], np.split()[-1], re.I):
        return None  # the subject follows the verb in French: only a party reads there
    subject = np[:1].lower() + np[1:] if np else None
    if lang == "de":
        right = m.group("right") is not None
        if subject is None:
            return (
                f"Auf wie viele {what} habe ich Anspruch?"
                if right
                else f"Wie viele {what} habe ich?"
            )
        if right:
            return f"Auf wie viele {what} {m.group('verb')} {subject} Anspruch?"
        return f"Wie viele {what} {m.group('verb')} {subject}?"
    if lang == "fr":
        if subject is None:
            return said_as(f"À combien de {what} ai-je droit ?", lang)
        return said_as(f"À combien de {what} {m.group('verb')} droit {subject} ?", lang)
    if lang in ("pt", "it"):
        return _has_romance(what, subject, m.group("verb"), lang)
    many = "cuántas" if what.startswith(("horas", "semanas")) else "cuántos"
    has = "tengo" if subject is None else m.group("verb")
    return f"¿A {many} {what} {has} derecho{'' if subject is None else ' ' + subject}?"


def _has_romance(what: str, subject: str | None, verb: str, lang: str) -> str:
    """ "Todo colaborador tem direito a 30 dias de férias" -> "A quantos dias de férias tem
    direito todo colaborador?"; "Hai diritto a 22 giorni di ferie" -> "A quanti giorni di
    ferie ho diritto?"."""
    feminine = what.startswith(("horas", "semanas", "ore", "settimane"))
    if lang == "pt":
        many = "quantas" if feminine else "quantos"
        return f"A {many} {what} {'tenho' if subject is None else verb} direito{'' if subject is None else ' ' + subject}?"
    many = "quante" if feminine else "quanti"
    if subject is None:
        return f"A {many} {what} ho diritto?"
    return f"A {many} {what} {verb} diritto {subject}?"


# "<a party> has a period of <N> <units> to <do X>": asked which period it has.
_PERIOD = {
    "fr": r"^(?P<np>(?:Le|La|Les|Tout|Toute|Chaque)\s[^\W\d][\w-]+(?:\s[^\W\d][\w-]+)?)\s"
    r"(?:dispose|disposent|bénéficie|bénéficient) d'un délai(?: maximum| minimum)? de\s"
    r"(?:\w+(?:-\w+)?\s\()?\d+\)?\s(?:{unit})\spour\s(?P<rest>[^;:]{{4,120}}?)$",
    "es": r"^(?P<np>(?:El|La|Los|Las|Todo|Toda|Cada)\s[^\W\d]\w+(?:\s[^\W\d]\w+)?)\s"
    r"(?:dispone|disponen|tiene|tienen|cuenta|cuentan) (?:de|con) un plazo(?: máximo| mínimo)? de\s"
    r"(?:\w+\s\()?\d+\)?\s(?:{unit})\spara\s(?P<rest>[^;:]{{4,120}}?)$",
    "pt": r"^(?P<np>(?:O|A|Os|As|Cada)\s[^\W\d]\w+(?:\s[^\W\d]\w+)?)\s"
    r"(?:tem|têm|dispõe|dispõem)\s(?:de\s)?(?:um prazo(?: máximo| mínimo)? de\s)?"
    r"(?:\w+\s\()?\d+\)?\s(?P<unit>{unit})\spara\s(?P<rest>[^;:]{{4,120}}?)$",
    "it": r"^(?P<np>(?:Il|Lo|La|I|Gli|Le|Ogni)\s[^\W\d]\w+(?:\s[^\W\d]\w+)?)\s"
    r"(?:ha|hanno|dispone|dispongono)\s(?:di\s)?(?:un termine(?: massimo| minimo)? di\s)?"
    r"(?:\w+\s\()?\d+\)?\s(?P<unit>{unit})\sper\s(?P<rest>[^;:]{{4,120}}?)$",
}
_PLURAL_ARTICLES = {
    "fr": ("Les",),
    "es": ("Los", "Las"),
    "pt": ("Os", "As"),
    "it": ("I", "Gli", "Le"),
}
_WHICH_PERIOD = {
    "fr": "De quel délai dispose {np} pour {rest} ?",
    "es": "¿De qué plazo dispone{n} {np} para {rest}?",
    "pt": "{many} {unit} {has} {np} para {rest}?",
    "it": "{many} {unit} {has} {np} per {rest}?",
}


def _period(sentence: str, lang: str) -> str | None:
    """ "Le consommateur dispose d'un délai de quinze (15) jours ouvrables pour exercer son
    droit de rétractation." -> "De quel délai dispose le consommateur pour exercer son
    droit de rétractation ?"."""
    pattern = _PERIOD.get(lang)
    m = re.match(pattern.format(unit=_UNIT[lang]), sentence) if pattern else None
    if m is None or not re.fullmatch(PARTY_NOUN[lang], m.group("np").split()[1], re.I):
        return None  # only a party (a consumer, an employee) is given a period to act
    np = m.group("np")
    plural = np.split()[0] in _PLURAL_ARTICLES.get(lang, ())
    unit = m.groupdict().get("unit") or ""
    feminine = unit.startswith(("horas", "semanas", "ore", "settimane"))
    many = {"pt": ("Quantos", "Quantas"), "it": ("Quanti", "Quante")}.get(lang, ("", ""))
    has = {"pt": ("tem", "têm"), "it": ("ha", "hanno")}.get(lang, ("", ""))
    question = _WHICH_PERIOD[lang].format(
        np=np[:1].lower() + np[1:],
        rest=m.group("rest"),
        n="n" if plural else "",
        many=many[feminine],
        unit=unit,
        has=has[plural],
    )
    if lang == "fr" and plural:
        question = question.replace("dispose ", "disposent ", 1)
    return said_as(question, lang)


# "<the payment> is due <when>": a German rule's due date, asked when.
_DUE = re.compile(
    r"^(?P<np>(?:Der|Die|Das)\s(?:[a-zäöüß]+\s)?[A-ZÄÖÜ][\w-]+(?:\s(?:für|des|der)\s[^,;:]{2,40}?)?)"
    r"\s(?P<be>ist|sind|wird|werden)\s(?P<when>[^;:]{3,120}?\s)?fällig(?P<after>\s[^;:]{3,120})?$"
)


def _due(sentence: str, lang: str) -> str | None:
    """ "Der Mitgliedsbeitrag ist fällig zum 31. Januar ..." -> "Wann ist der
    Mitgliedsbeitrag fällig?"."""
    m = _DUE.match(sentence) if lang == "de" else None
    if m is None or DEMONSTRATIVE.search(m.group("np")):
        return None
    if not re.search(r"\d|\b(?:sofort|monatlich|jährlich|Ende|Beginn|Anfang)\b", sentence):
        return None  # a due date the sentence does not give
    np = m.group("np")
    return f"Wann {m.group('be')} {np[:1].lower()}{np[1:]} fällig?"


def figure_statement(sentence: str, section: Section, lang: str) -> Candidate | None:
    """The figure a sentence gives a measure, a limit or the reader's time, asked in the
    sentence's language and answered by the whole sentence."""
    if lang not in LANGUAGES or len(sentence) > 300 or not re.search(r"\d", sentence):
        return None
    sentence = sentence.strip()
    if not sentence[:1].isupper():
        return None  # a sentence cut from the one before it
    asks = (
        (_figure_set, "amount"),
        (_limit, "limit"),
        (_have_time, "deadline"),
        (_has, "count"),
        (_due, "deadline"),
        (_period, "deadline"),
        (reimbursed, "amount"),
    )
    for ask, kind in asks:
        question = ask(sentence.rstrip("."), lang)
        if question is not None:
            return Candidate(question, sentence, sentence, section, kind, 0, (sentence,))
    return None


# Nouns that name a party a rule binds (a person, a role, a body), by their stem: the rule
# is asked who it binds only when its subject is one.
PARTY_NOUN = {
    "de": r"(?:mitarbeiter|beschäftigte|arbeitgeber|arbeitnehmer|vorstand|verein|mitglied|"
    r"kunde|kundin|nutzer|benutzer|teilnehmer|praktikant|vorgesetzte|leitung|führung|"
    r"abteilung|team|käufer|verkäufer|mieter|vermieter|auftraggeber|auftragnehmer|"
    r"versicherte|versicherer|antragsteller|bewerber|schüler|student|eltern|person|kasse|"
    r"bank|anbieter|betreiber|manager|kassenwart|schatzmeister|versammlung|verbraucher|empfänger)\w*",
    "fr": r"(?:salarié|employé|employeur|manager|responsable|direction|membre|client|"
    r"utilisateur|stagiaire|collaborat|locataire|bailleur|acheteur|vendeur|adhérent|"
    r"candidat|étudiant|assuré|assureur|prestataire|fournisseur|entreprise|société|"
    r"association|bureau|conseil|président|équipe|personne|consommat|professionnel|"
    r"bénéficiaire|usager|abonné|souscripteur|demandeur)\w*",
    "pt": r"(?:colaborador|funcionári|empregad|trabalhador|empresa|cliente|utilizador|usuári|"
    r"gestor|diret|direc|membro|associad|sóci|assembleia|conselho|president|consumidor|"
    r"comprador|vendedor|fornecedor|candidat|estudante|alun|segurad|titular|beneficiári|"
    r"equipa|equipe|pessoa|locatári|senhori|responsável|requerente|tesoureir|secretári)\w*",
    "it": r"(?:dipendent|lavorator|datore|aziend|società|client|utent|responsabil|diret|"
    r"soci|membr|associat|assemblea|consiglio|president|consumator|acquirent|venditor|"
    r"fornitor|candidat|student|assicurat|titolar|beneficiari|collaborator|team|persona|"
    r"richiedent|medic)\w*",
    "es": r"(?:empleado|trabajador|empleador|empresa|cliente|usuario|administrador|gerente|"
    r"colaborador|miembro|responsable|director|jefe|supervisor|socio|arrendatario|"
    r"arrendador|comprador|vendedor|proveedor|candidato|estudiante|asegurado|asegurador|"
    r"solicitante|titular|junta|comité|equipo|persona|manager|consumidor|"
    r"beneficiario|abonado|suscriptor|afiliado)\w*",
}
