"""With what notice a thing is done, within what time, how long a mandate lasts and by
what majority a body decides, asked in German, French, Spanish, Portuguese or Italian.

Statutes and policies state each with one clause: a named subject, a passive verb and a
period ("<the meetings> are called with at least <N days> notice", "<the request> must be
filed within <N days>"), "<the mandate of X> is <N years>", "<decisions of X> are taken by
<a majority>". The question names the subject again after the language's question words
and the verb as the sentence has it; the answer is the whole sentence. A subject that is a
pronoun, a possessive or a bare common noun names nothing, so it is not asked.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.text.intro_words import INTRO_LANGUAGES, as_object, of, subject
from datasetkit.generate.offline.text.votes import vote_fact
from datasetkit.knowledge.model import Section

# Numbers written as words count as figures.
_NUMBER = {
    "pt": "um|uma|dois|duas|três|quatro|cinco|seis|sete|oito|nove|dez|doze|quinze|vinte|trinta",
    "es": "un|una|uno|dos|tres|cuatro|cinco|seis|siete|ocho|diez|doce|quince|veinte|treinta",
    "fr": "un|une|deux|trois|quatre|cinq|six|sept|huit|dix|douze|quinze|vingt|trente",
    "it": "un|uno|una|due|tre|quattro|cinque|sei|sette|otto|dieci|quindici|venti|trenta",
    "de": "einem|einer|eines|eine|ein|zwei|drei|vier|fünf|sechs|acht|zehn|zwölf|vierzehn",
}
_UNIT = {
    "pt": r"(?:dias?|horas?|semanas?|meses|mês|anos?)(?:\s(?:úteis|corridos|seguidos))?",
    "es": r"(?:días?|horas?|semanas?|meses|mes|años?)(?:\s(?:hábiles|naturales))?",
    "fr": r"(?:jours?|heures?|semaines?|mois|ans|années?)(?:\s(?:ouvrables|ouvrés|francs))?",
    "it": r"(?:giorn[oi]|ore|settimane?|mes[ei]|ann[oi])(?:\s(?:lavorativi|naturali))?",
    "de": r"(?:Tage[n]?|Tag|Stunden|Wochen?|Monate[n]?|Monat|Jahre[n]?|Jahr)",
}


def _span(lang: str) -> str:
    """A period: a figure or a number word, an optional range, a unit."""
    n = rf"(?:\d+|{_NUMBER[lang]})"
    return rf"{n}(?:\s?(?:a|à|-|–|bis|al|y|e)\s?{n})?\s(?:\(\d+\)\s)?{_UNIT[lang]}\b"


# The verb a Romance subject takes in a passive rule: an auxiliary, a modal and "be", or a
# reflexive, then the verb itself; the question repeats it after its question words.
_PASSIVE = {
    "pt": r"(?:(?:deve|devem|deverá|deverão|pode|podem)\sser|é|são|será|serão)\s[a-zçãé]+[dt][oa]s?",
    "es": r"(?:(?:debe|deben|deberá|deberán)\sser\s|(?:es|son|será|serán)\s)[a-záéí]+(?:ad|id|ct|st|ch)[oa]s?"
    r"|(?:debe|deben|deberá|deberán)\s[a-záéí]+rse|se\s[a-záéí]+",
    "fr": r"(?:(?:doit|doivent|devra|devront)\sêtre|est|sont|sera|seront)\s[a-zéè]+(?:é|ée|és|ées|is|ise|ises|ite|ites|ue|ues|u|us)",
    "it": r"(?:(?:deve|devono|dovrà|dovranno)\sessere|è|sono|sarà|saranno|viene|vengono|verrà|verranno)\s[a-z]+[tsx][oaie]",
}
# (period phrase, question words) per kind: notice first, then a deadline, then a duration.
_WHEN = {
    "pt": (
        (
            r"com\s(?:uma\s)?antecedência\s(?:mínima\s)?de\s(?:pelo\smenos\s)?",
            "Com que antecedência",
        ),
        (r"(?:em\saté|no\sprazo\s(?:máximo\s)?de|dentro\sde|até)\s", "Em que prazo"),
        (r"em\s", "Em quanto tempo"),
    ),
    "es": (
        (r"con\s(?:una\s)?antelación\s(?:mínima\s)?de\s(?:al\smenos\s)?", "¿Con qué antelación"),
        (
            r"(?:en\sun\splazo\s(?:máximo\s)?de|dentro\sde(?:\slos)?|en\sel\splazo\sde)\s",
            "¿En qué plazo",
        ),
        (r"en\s", "¿En cuánto tiempo"),
    ),
    "fr": (
        (
            r"(?:avec\s)?un\spréavis\s(?:minimum\s|minimal\s)?de\s(?:au\smoins\s)?",
            "Avec quel préavis",
        ),
        (r"dans\sun\sdélai\s(?:maximum\s|maximal\s)?de\s", "Dans quel délai"),
    ),
    "it": (
        (r"con\s(?:un\s)?preavviso\s(?:minimo\s)?di\s(?:almeno\s)?", "Con quanto preavviso"),
        (r"entro\s(?:il\stermine\sdi\s)?", "Entro quale termine"),
    ),
}
# The same periods said after their figure ("com 30 dias de antecedência").
# The same periods said after their figure ("com 30 dias de antecedência", "at least
# <N days> before").
_AFTER = {
    "pt": (
        (r"com\s(?:pelo\smenos\s|no\smínimo\s)?", r"\sde\santecedência", "Com que antecedência"),
        (r"(?:pelo\smenos|no\smínimo)\s", r"\santes\b", "Com que antecedência"),
    ),
    "es": (
        (r"con\s(?:al\smenos\s)?", r"\sde\santelación", "¿Con qué antelación"),
        (r"(?:al\smenos|como\smínimo)\s", r"\santes\b", "¿Con qué antelación"),
    ),
    "fr": ((r"au\smoins\s", r"\s(?:avant|à\sl'avance)\b", "Combien de temps à l'avance"),),
    "it": (
        (r"con\s(?:almeno\s)?", r"\sdi\s(?:preavviso|anticipo)", "Con quanto preavviso"),
        (r"almeno\s", r"\sprima\b", "Con quanto anticipo"),
    ),
}
_CLOSE = {"pt": "?", "es": "?", "fr": " ?", "it": "?"}


def _names_something(np: str) -> bool:
    """A subject with a name or a complement: "the assembly" alone may be any of several."""
    words = re.sub(r"^[LlDd]['’]", "", np).split()
    if len(words) > 1 and words[0].casefold() in _ARTICLES:
        words = words[1:]
    return len(words) >= 2 or any(w[:1].isupper() for w in words)


_ARTICLES = frozenset(
    [
        "o",
        "a",
        "os",
        "as",
        "el",
        "la",
        "los",
        "las",
        "le",
        "les",
        "il",
        "lo",
        "i",
        "gli",
        "der",
        "die",
        "das",
    ]
)


def _romance_period(text: str, lang: str) -> str | None:
    m = re.match(rf"^{subject(lang)}\s(?P<v>{_PASSIVE[lang]})\b(?P<rest>[^.;]*)", text)
    if m is None or not _names_something(m.group("np")):
        return None
    rest, span = m.group("rest"), _span(lang)
    asks = None
    for phrase, words in _WHEN[lang]:
        if re.search(rf"\b{phrase}{span}", rest):
            asks = words
            break
    for before, after, words in _AFTER[lang] if asks is None else ():
        if re.search(rf"\b{before}{span}{after}", rest):
            asks = words
            break
    if asks is None:
        return None
    return f"{asks} {m.group('v')} {as_object(m.group('np'))}{_CLOSE[lang]}"


# German: the finite verb second, the rest of the verb at the clause's end.
_DE_PERIOD = (
    (r"(?:mit\seiner|unter\sEinhaltung\seiner)\s(?:\w+)?[Ff]rist\svon\s", "", "Mit welcher Frist"),
    (r"innerhalb\s(?:von\s|einer\sFrist\svon\s)?", "", "Innerhalb welcher Frist"),
    (r"mindestens\s", r"\s(?:vorher|vor|im\sVoraus)\b", "Wie lange im Voraus"),
)


def _german_period(text: str) -> str | None:
    m = re.match(
        rf"^{subject('de')}\s(?P<v>wird|werden|muss|müssen|ist|sind)\s(?P<rest>[^.;,]*?)"
        r"\s(?P<end>[a-zäöü]+(?:\s(?:werden|sein))?)\.?$",
        text,
    )
    if m is None or not _names_something(m.group("np")):
        return None
    if m.group("v") in ("ist", "sind") and not m.group("end").endswith("werden"):
        return None
    for phrase, after, words in _DE_PERIOD:
        if re.search(rf"\b{phrase}{_span('de')}{after}", m.group("rest")):
            return f"{words} {m.group('v')} {as_object(m.group('np'))} {m.group('end')}?"
    return None


# How long a mandate lasts: "<the mandate of X> is|lasts <N years>".
_MANDATE = {
    "pt": (
        r"mandato",
        r"(?:é\sde|tem\sa\sduração\sde|terá\sa\sduração\sde|dura)",
        "Qual é a duração {of}?",
    ),
    "es": (
        r"mandato",
        r"(?:es\sde|será\sde|tendrá\suna\sduración\sde|dura|durará)",
        "¿Cuánto dura {np}?",
    ),
    "fr": (r"mandat", r"(?:est\sde|a\sune\sdurée\sde|dure)", "Quelle est la durée {of} ?"),
    "it": (
        r"mandato",
        r"(?:è\sdi|ha\sla\sdurata\sdi|ha\suna\sdurata\sdi|dura)",
        "Quanto dura {np}?",
    ),
    "de": (r"Amtszeit|Amtsdauer|Wahlperiode", r"(?:beträgt|dauert)", "Wie lange dauert {np}?"),
}


def _mandate(text: str, lang: str) -> str | None:
    noun, verb, asks = _MANDATE[lang]
    det = r"(?:O|A|El|Le|Il|Lo|Die)\s"
    m = re.match(rf"^(?P<np>{det}(?:{noun})\s[^,;:]{{2,80}}?)\s{verb}\s{_span(lang)}", text)
    if m is None:
        return None
    np = as_object(m.group("np"))
    # The mandate must be of someone the sentence names ("of the board"), not "its".
    if not re.search(r"\s(?:d[oa]s?|de|del|della|dei|degli|des|du|der|des)\s\w", np):
        return None
    joined = of(np, lang)
    if "{of}" in asks and joined is None:
        return None
    return asks.format(np=np, of=joined)


# For how long a body is elected: "<the members of X> are elected for <N years>", "<X>
# wird ... auf die Dauer von <einem Jahr> gewählt", "<X> serán elegidos por <N años>".
# A clause that names who elects is asked who (``statute_facts``): its answer says both.
_TERM = {
    "fr": r"(?:ans?|années?|mois)",
    "es": r"(?:años?|mes(?:es)?)",
    "de": r"(?:Jahre?n?|Monate?n?)",
}
_ELECTED_FOR = {
    "fr": (
        r"(?P<v>sont|est|seront|sera)\s(?P<p>(?:élu|nommé|désigné)(?:e|s|es)?)\s(?:(?:(?!\bpar\s)[^,;]){0,40}?\s)?"
        r"pour\s(?:un\smandat\sde\s|une\sdurée\sde\s|une\spériode\sde\s)?",
        "Pour quelle durée {v} {p} {np} ?",
    ),
    "es": (
        r"(?P<v>serán|será|son|es)\s(?P<p>(?:elegid|nombrad|designad)[oa]s?)\s(?:(?:(?!\bpor\s)[^,;]){0,40}?\s)?"
        r"(?:por|para)\s(?:un\s(?:período|periodo|plazo|mandato)\sde\s|una\sduración\sde\s)?",
        "¿Por cuánto tiempo {v} {p} {np}?",
    ),
    "de": (
        r"(?P<v>wird|werden)\s(?:(?:(?!\bvo[nm]\s)[^,;]){0,40}?\s)?(?:für|auf)\s(?:die\sDauer\svon\s|eine\sAmtszeit\svon\s"
        r"|jeweils\s)?",
        "Für wie lange {v} {np} gewählt?",
    ),
}


def _elected_for(text: str, lang: str) -> str | None:
    if lang not in _ELECTED_FOR:
        return None
    verb, asks = _ELECTED_FOR[lang]
    n = rf"(?:\d+|{_NUMBER[lang]})"
    end = r"(?:\s[^,;]{0,40}?)?\sgewählt\b" if lang == "de" else r"\b"
    m = re.match(rf"^{subject(lang)}\s{verb}{n}\s{_TERM[lang]}{end}", text)
    if m is None or not _names_something(m.group("np")):
        return None
    np = m.group("np")
    np = as_object(np) if lang != "de" or re.match(r"(?:Der|Die|Das)\s", np) else np
    return asks.format(v=m.group("v"), p=m.groupdict().get("p"), np=np)


# A possessive mandate after a clause electing its subjects: "<X, Y and Z> are elected
# ... and their mandate is <N years>" asks the mandate of X, Y and Z.
_ELECTED = {
    "pt": (
        r"(?:são|é|serão|será)\seleit[oa]s?",
        r"e\so\sseu\smandato",
        "Qual é a duração do mandato {of}?",
    ),
    "es": (
        r"(?:son|es|serán|será)\selegid[oa]s?",
        r"y\ssu\smandato",
        "¿Cuánto dura el mandato {of}?",
    ),
    "fr": (
        r"(?:sont|est|seront|sera)\sélu(?:e|s|es)?",
        r"et\sleur\smandat",
        "Quelle est la durée du mandat {of} ?",
    ),
    "it": (
        r"(?:sono|è|saranno|sarà)\seletti?[ae]?",
        r"e\sil\sloro\smandato",
        "Quanto dura il mandato {of}?",
    ),
}


def _elected_mandate(text: str, lang: str) -> str | None:
    if lang not in _ELECTED:
        return None
    elected, own, asks = _ELECTED[lang]
    verb = _MANDATE[lang][1]
    m = re.match(rf"^(?P<np>[^;:()]+?)\s{elected}\b[^;:]*?\s{own}\s{verb}\s{_span(lang)}", text)
    if m is None:
        return None
    # Every body of the subject, each with its article: "a Direcção, o Conselho Fiscal e a
    # Mesa" -> "da Direcção, do Conselho Fiscal e da Mesa".
    parts = re.split(r",\s|\s(?:e|y|et)\s", m.group("np"))
    joined = [of(p, lang) for p in parts]
    if any(j is None for j in joined) or not all(
        re.fullmatch(subject(lang), p[:1].upper() + p[1:]) for p in parts
    ):
        return None
    said = [j for j in joined if j is not None]
    glue = {"pt": " e ", "es": " y ", "fr": " et ", "it": " e "}[lang]
    listed = said[0] if len(said) == 1 else ", ".join(said[:-1]) + glue + said[-1]
    return asks.format(of=listed)


# By what majority a body decides: a passive "are taken by|with a majority", or an active
# "requires a majority".
_MAJORITY = {
    "pt": (
        r"(?:por|com)\s(?:a\s)?maioria\b",
        "Por que maioria",
        r"exigem?|requerem?",
        "Que maioria",
    ),
    "es": (
        r"por\s(?:la\s)?mayoría\b",
        "¿Por qué mayoría",
        r"requiere|requieren|exige|exigen",
        "¿Qué mayoría",
    ),
    "fr": (
        r"à\sla\smajorité\b",
        "À quelle majorité",
        r"requiert|requièrent|nécessite|nécessitent",
        "Quelle majorité",
    ),
    "it": (
        r"(?:a|con\sla)\smaggioranza\b",
        "Con quale maggioranza",
        r"richiede|richiedono",
        "Quale maggioranza",
    ),
}
_MAJORITY_OBJECT = (
    r"(?:o|el|le|il|la|a|une?|una?)\s(?:voto|vote|voix|maioria|mayoría|majorité|maggioranza)"
)


def _majority(text: str, lang: str) -> str | None:
    if lang == "de":
        return _german_majority(text)
    passive, asks, active, asks_active = _MAJORITY[lang]
    m = re.match(rf"^{subject(lang)}\s(?P<v>{_PASSIVE[lang]})\s{passive}", text)
    if m is not None and _names_something(m.group("np")):
        return f"{asks} {m.group('v')} {as_object(m.group('np'))}{_CLOSE[lang]}"
    m = re.match(rf"^{subject(lang)}\s(?P<v>{active})\s{_MAJORITY_OBJECT}", text)
    if m is not None and _names_something(m.group("np")):
        return f"{asks_active} {m.group('v')} {as_object(m.group('np'))}{_CLOSE[lang]}"
    return None


_MEHRHEIT = r"(?:\S+\s)?(?:Mehrheit|Zweidrittelmehrheit|Dreiviertelmehrheit|Stimmenmehrheit)\b"


def _german_majority(text: str) -> str | None:
    m = re.match(rf"^Für\s(?P<x>[^,;]{{3,60}}?)\s(?P<v>ist|sind)\s(?:eine|die)\s{_MEHRHEIT}", text)
    if m is not None and re.search(r"\berforderlich\b|\bnotwendig\b", text):
        return f"Welche Mehrheit {m.group('v')} für {m.group('x')} erforderlich?"
    m = re.match(
        rf"^{subject('de')}\s(?P<v>fasst|fassen)\s(?P<own>ihre|seine|Ihre)\sBeschlüsse\s"
        rf"(?:\w+\s){{0,3}}?mit\s{_MEHRHEIT}",
        text,
    )
    if m is None or not _names_something(m.group("np")):
        return _german_passive_majority(text)
    own = m.group("own").lower()
    return f"Mit welcher Mehrheit {m.group('v')} {as_object(m.group('np'))} {own} Beschlüsse?"


# "<Decisions of X> are taken with <a majority ...>", "<amendments> can only be decided
# with <a majority ...>", "In votes of X <the simple majority> decides".
_DE_PASSIVE_MAJORITY = re.compile(
    rf"^(?P<np>[^,;]{{3,80}}?)\s(?P<v>werden|wird|können|kann)\s(?:nur\s)?mit\s(?:(?:der|einer)\s)?"
    rf"{_MEHRHEIT}[^;]*?\s(?P<end>gefasst|beschlossen|getroffen|gewählt)(?P<w>\swerden)?\.?$"
)
_DE_DECIDES = re.compile(rf"^Bei\s(?P<x>[^,;]{{3,60}}?)\sentscheidet\s(?:die|eine)\s{_MEHRHEIT}")
_DE_BODY_DECIDES = re.compile(
    rf"^{subject('de')}\s(?P<v>entscheidet|beschließt|entscheiden|beschließen)\s(?:per|mit)\s"
    rf"(?:(?:der|einer)\s)?{_MEHRHEIT}"
)


def _german_passive_majority(text: str) -> str | None:
    m = _DE_PASSIVE_MAJORITY.match(text)
    if m is not None and re.search(r"\s(?:des|der)\s\w|\sund\s", m.group("np")):
        np = m.group("np")
        np = np[:1].lower() + np[1:] if re.match(r"(?:Der|Die|Das)\s", np) else np
        return f"Mit welcher Mehrheit {m.group('v')} {np} {m.group('end')}{m.group('w') or ''}?"
    m = _DE_DECIDES.match(text)
    if m is not None and re.search(r"\s(?:des|der)\s\w", m.group("x")):
        return f"Welche Mehrheit entscheidet bei {m.group('x')}?"
    m = _DE_BODY_DECIDES.match(text)
    if m is not None and _names_something(m.group("np")):
        return f"Mit welcher Mehrheit {m.group('v')} {as_object(m.group('np'))}?"
    return None


def _numbered(text: str, lang: str) -> str:
    """The clause without the number a statute sets before its paragraph, in figures or
    in words ("2 - ", "(2) ", "Dois – ")."""
    marker = rf"^(?:\(\d+\)|\d+[.)]?\s?[–—-]|(?i:{_NUMBER[lang]})\s[–—-])\s"
    return re.sub(marker, "", text)


def term_fact(sentence: str, section: Section, lang: str) -> Candidate | None:
    """ "As reuniões da Assembleia Geral serão convocadas ... com antecedência mínima de
    quinze dias" -> "Com que antecedência serão convocadas as reuniões da Assembleia
    Geral?"; "Die Amtszeit des Vorstands beträgt zwei Jahre" -> "Wie lange dauert die
    Amtszeit des Vorstands?"; answered by the whole sentence."""
    text = " ".join(sentence.split())
    if lang not in INTRO_LANGUAGES:
        return None
    text = _numbered(text, lang)
    if lang not in INTRO_LANGUAGES or len(text) > 400 or not text[:1].isupper():
        return None
    asked = _german_period(text) if lang == "de" else _romance_period(text, lang)
    if asked is not None:
        return Candidate(asked, text, text, section, "deadline", 0, (text,))
    lasts = _mandate(text, lang) or _elected_mandate(text, lang) or _elected_for(text, lang)
    if lasts is not None:
        return Candidate(lasts, text, text, section, "term", 0, (text,))
    majority = _majority(text, lang)
    if majority is not None:
        return Candidate(majority, text, text, section, "rule", 0, (text,))
    return vote_fact(sentence, section, lang)
