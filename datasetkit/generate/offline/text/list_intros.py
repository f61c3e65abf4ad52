"""The question a German, French, Spanish, Portuguese or Italian sentence that introduces a
list asks, in that language's own words.

Statutes, policies and handbooks in these languages introduce a list with a few clause
shapes that say what the items are: "<subject> has the following <things>:", "<things of
X> are:", "<subject> has as its purpose:", "it falls to <body>:", "<members> are entitled
to:", "<members> must:", "there are <N> <things>:", "<subject> comprises:", "<body> is
made up of:". Each shape is data per language below: the pattern of the introduction
(its subject a definite noun phrase) and the question the language asks of it, its
words put in the order that language asks them (the subject after the verb in a Romance
question, the verb second in German). An introduction of no known shape asks nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from datasetkit.generate.offline.text.composition import composed_question
from datasetkit.generate.offline.text.held_intros import named_first, role_duties, things_had
from datasetkit.generate.offline.text.intro_words import (
    INTRO_LANGUAGES,
    as_object,
    is_plural_noun,
    of,
    plural_article,
    subject,
)
from datasetkit.generate.offline.text.reader_intros import reader_lists

# A numbering before the introduction ("2.", "b)", a number written out and a dash).
NUMBERING = re.compile(r"^(?:\(?\d+[.)]\)?|[a-z]\)|[A-ZÀ-Ú][a-zà-ú]{1,8}\s[–—-])\s*")
# A verb group: lower-case words only (a capitalised word still belongs to the subject).
_VERB = r"(?P<verb>[a-zà-öø-ÿ][\w-]*(?:\s[a-zà-öø-ÿ][\w-]*){0,3}?)"


def _cap(question: str) -> str:
    return question[:1].upper() + question[1:]


def _es(question: str) -> str:
    return f"¿{_cap(question)}?"


# "<subject> <verb> the following <things>": the preposition before "the following" is
# asked before "which".
_FOLLOWING = {
    "pt": r"(?P<prep>os|as|pelos|pelas|dos|das|nos|nas|aos|às) seguintes",
    "es": r"(?P<prep>(?:por |de |en |a |con )?(?:los|las)) siguientes",
    "it": r"(?P<prep>(?:per |con )?(?:i|gli|le)|dai|dagli|dalle|dei|degli|delle|ai|agli|alle|"
    r"nei|negli|nelle|sui|sugli|sulle) seguenti",
}
_WHICH_AFTER = {
    "pt": {"pe": "por que", "do": "de que", "da": "de que", "no": "em que", "na": "em que"},
    "it": {"da": "da quali", "de": "di quali", "ne": "in quali", "su": "su quali"},
}


def _which(prep: str, lang: str) -> str:
    """ "pelas" -> "por que", "dalle" -> "da quali", "por los" -> "por qué"."""
    if lang == "es":
        head = prep.split()[0] if " " in prep else ""
        return f"{head} qué".strip()
    if lang == "pt":
        return "a que" if prep in ("aos", "às") else _WHICH_AFTER["pt"].get(prep[:2], "que")
    first = prep.split()[0]
    if first in ("per", "con"):
        return f"{first} quali"
    if first in ("ai", "agli", "alle"):
        return "a quali"
    return _WHICH_AFTER["it"].get(first[:2], "quali")


def _following(text: str, lang: str) -> str | None:
    """ "A Associação é composta pelas seguintes categorias de membros" -> "Por que
    categorias de membros é composta a Associação?"."""
    if lang == "de":
        return _folgende(text)
    if lang == "fr":
        m = re.match(rf"^{subject(lang)}\s{_VERB}\sles\s(?P<noun>[^:]+?)\ssuivant(?P<f>e?)s$", text)
        if m is None:
            return None
        which = "Quelles" if m.group("f") else "Quels"
        return f"{which} {m.group('noun')} {m.group('verb')} {as_object(m.group('np'))} ?"
    m = re.match(rf"^{subject(lang)}\s{_VERB}\s{_FOLLOWING[lang]}\s(?P<noun>[^:]+)$", text)
    if m is None:
        return None
    asked = f"{_which(m.group('prep'), lang)} {m.group('noun')} {m.group('verb')} "
    asked += as_object(m.group("np"))
    return _es(asked) if lang == "es" else f"{_cap(asked)}?"


_WELCHE = {
    "folgende": "Welche",
    "folgenden": "Welchen",
    "folgender": "Welcher",
    "folgendes": "Welches",
}


def _folgende(text: str) -> str | None:
    """ "Der Verein bietet folgende Leistungen" -> "Welche Leistungen bietet der Verein?"."""
    there = re.match(r"^Es gibt (?P<w>folgende[nrs]?) (?P<noun>[A-ZÄÖÜ][^:,]*)$", text)
    if there:
        return f"{_WELCHE[there.group('w')]} {there.group('noun')} gibt es?"
    m = re.match(
        rf"^{subject('de')}\s(?P<verb>[a-zäöüß]+)\s(?P<w>folgende[nrs]?)\s"
        r"(?P<noun>[A-ZÄÖÜ][\w-]*(?:\s(?:des|der)\s[^:,]+?)?)(?:\s(?P<inf>[a-zäöüß]+(?:en|rn|ln)))?$",
        text,
    )
    if m is None:
        return None
    inf = f" {m.group('inf')}" if m.group("inf") else ""
    np = as_object(m.group("np"))
    return f"{_WELCHE[m.group('w')]} {m.group('noun')} {m.group('verb')} {np}{inf}?"


# "<things of X> are": the copula first, a plural noun after it.
_ARE = {"pt": r"São|Constituem", "es": r"Son|Constituyen", "it": r"Sono|Costituiscono"}
_WHICH_ARE = {
    "pt": "Quais são {art} {np}?",
    "es": "¿Cuáles son {art} {np}?",
    "it": "Quali sono {art} {np}?",
}


def _are(text: str, lang: str) -> str | None:
    """ "São direitos dos membros ordinários" -> "Quais são os direitos dos membros
    ordinários?"; "Aufgaben des Vorstands sind" -> "Was sind die Aufgaben des Vorstands?"."""
    if lang == "de":
        m = re.match(r"^(?:Die\s)?(?P<np>[A-ZÄÖÜ][\w-]+\s(?:des|der)\s[^:,]+?)\ssind$", text)
        belongs = re.match(
            r"^Zu\s(?P<np>den\s[^:,]+?)\s(?:gehören|zählen)(?:\sinsbesondere)?$", text
        )
        if belongs:
            return f"Was gehört zu {belongs.group('np')}?"
        if m is None or not re.match(r"[A-ZÄÖÜ][a-zäöüß]+(?:e|en|n|er)\s", m.group("np")):
            return None  # a singular noun ("Mitglied des Vereins sind") is no list's name
        return f"Was sind die {m.group('np')}?"
    if lang not in _ARE:
        return None
    m = re.match(rf"^(?:{_ARE[lang]})\s(?P<np>(?P<noun>[^\W\d][\w-]*)(?:\s[^:,;]+)?)$", text)
    if m is None or not m.group("noun").islower() or not is_plural_noun(m.group("noun"), lang):
        return None
    art = plural_article(m.group("noun"), lang)
    if art is None:
        return None
    return _WHICH_ARE[lang].format(art=art, np=m.group("np"))


# "<subject> has as its <purpose>": the nouns of an aim, with the article each takes.
_AIMS = {
    "pt": {
        "objecto": "o",
        "objeto": "o",
        "objectivo": "o",
        "objetivo": "o",
        "fim": "o",
        "finalidade": "a",
        "missão": "a",
        "objectivos": "os",
        "objetivos": "os",
        "fins": "os",
        "finalidades": "as",
        "atribuições": "as",
    },
    "es": {
        "objeto": "el",
        "objetivo": "el",
        "fin": "el",
        "finalidad": "la",
        "misión": "la",
        "objetivos": "los",
        "fines": "los",
        "finalidades": "las",
    },
    "it": {
        "scopo": "lo",
        "oggetto": "l'",
        "fine": "il",
        "obiettivo": "l'",
        "finalità": "la",
        "missione": "la",
        "scopi": "gli",
        "obiettivi": "gli",
        "fini": "i",
    },
    "fr": {
        "objet": "l'",
        "but": "le",
        "mission": "la",
        "vocation": "la",
        "objectif": "l'",
        "buts": "les",
        "missions": "les",
        "objectifs": "les",
    },
}
_HAS_AS = {"pt": r"tem|têm", "es": r"tiene|tienen", "it": r"ha|hanno", "fr": r"a|ont"}
_AS = {"pt": r"por|como", "es": r"por|como", "it": r"per|come", "fr": r"pour"}
_WHAT_IS = {
    "pt": ("Qual é {aim} {of}?", "Quais são {aim} {of}?"),
    "es": ("¿Cuál es {aim} {of}?", "¿Cuáles son {aim} {of}?"),
    "it": ("Qual è {aim} {of}?", "Quali sono {aim} {of}?"),
    "fr": ("Quel est {aim} {of} ?", "Quels sont {aim} {of} ?"),
}


def _aim(text: str, lang: str) -> str | None:
    """ "O CNIG tem por objecto" -> "Qual é o objecto do CNIG?"."""
    if lang not in _AIMS:
        return None
    m = re.match(
        rf"^{subject(lang)}\s(?:{_HAS_AS[lang]})\s(?:{_AS[lang]})\s(?P<aim>[^\W\d]+)$", text
    )
    art = _AIMS[lang].get(m.group("aim").casefold()) if m else None
    said = of(m.group("np"), lang) if m else None
    if m is None or art is None or said is None:
        return None
    aim = f"{art}{m.group('aim')}" if art.endswith("'") else f"{art} {m.group('aim')}"
    if lang == "fr" and art in ("le", "la", "l'"):
        asks = "Quelle est {aim} {of} ?" if art == "la" else _WHAT_IS["fr"][0]
    else:
        asks = _WHAT_IS[lang][art in ("os", "as", "los", "las", "gli", "i", "les")]
    return asks.format(aim=aim, of=said)


# "it falls to <body>": what a body is charged with.
_FALLS = {
    "pt": r"(?P<verb>Compete|Cabe|Incumbe)\s(?P<to>à|ao|às|aos|a)\s",
    "es": r"(?P<verb>Corresponde|Compete)\s(?P<to>al|a la|a los|a las)\s",
    "it": r"(?P<verb>Spetta|Compete|Spettano|Competono)\s(?P<to>al|allo|alla|ai|agli|alle)\s",
}
_WHAT_FALLS = {
    "pt": "O que {verb} {to} {np}?",
    "es": "¿Qué {verb} {to} {np}?",
    "it": "Che cosa {verb} {to} {np}?",
}


def _falls_to(text: str, lang: str) -> str | None:
    """ "Compete à Direcção" -> "O que compete à Direcção?"."""
    if lang == "de":
        m = re.match(rf"^{subject('de')}\s(?P<be>ist|sind)\szuständig\sfür$", text)
        return f"Wofür {m.group('be')} {as_object(m.group('np'))} zuständig?" if m else None
    if lang not in _FALLS:
        return None
    m = re.match(rf"^{_FALLS[lang]}(?P<np>[^:,;]{{2,80}})$", text)
    if m is None:
        return None
    verb, to = m.group("verb").casefold(), m.group("to")
    if lang == "pt" and to == "a" and re.match(r"[A-ZÀ-Ú]\w*a\b", m.group("np")):
        to = "à"  # "a" fused with the article of a feminine body, as the question writes it
    if lang == "it":
        verb = {"spettano": "spetta", "competono": "compete"}.get(verb, verb)
    return _WHAT_FALLS[lang].format(verb=verb, to=to, np=m.group("np"))


# "<members> are entitled to": what they are entitled to.
_ENTITLED = {
    "pt": (r"(?P<v>tem|têm)\s(?:o\s)?direito\sa", "A que {v} direito {np}?"),
    "es": (r"(?P<v>tiene|tienen)\sderecho\sa", "¿A qué {v} derecho {np}?"),
    "it": (r"(?P<v>ha|hanno)\sdiritto\sa", "A che cosa {v} diritto {np}?"),
    "fr": (r"(?P<v>a|ont)\sdroit\sà", "À quoi {v} droit {np} ?"),
    "de": (
        r"(?P<v>hat|haben)\s(?:Anspruch|ein\sRecht|das\sRecht)\sauf",
        "Worauf {v} {np} Anspruch?",
    ),
}
# "<members> must / may": what they must or may do, the modal said as the subject takes it.
_MODALS = {
    "pt": (
        {
            "deve": "deve",
            "devem": "devem",
            "deverá": "deve",
            "deverão": "devem",
            "pode": "pode",
            "podem": "podem",
            "é obrigado a": "deve",
            "é obrigada a": "deve",
            "são obrigados a": "devem",
            "são obrigadas a": "devem",
            "compromete-se a": "deve",
            "comprometem-se a": "devem",
        },
        "O que {m} fazer {np}?",
    ),
    "es": (
        {
            "debe": "debe",
            "deben": "deben",
            "deberá": "debe",
            "deberán": "deben",
            "puede": "puede",
            "pueden": "pueden",
            "está obligado a": "debe",
            "está obligada a": "debe",
            "están obligados a": "deben",
            "se compromete a": "debe",
            "se comprometen a": "deben",
        },
        "¿Qué {m} hacer {np}?",
    ),
    "it": (
        {
            "deve": "deve",
            "devono": "devono",
            "dovrà": "deve",
            "dovranno": "devono",
            "può": "può",
            "possono": "possono",
            "è tenuto a": "deve",
            "è tenuta a": "deve",
            "sono tenuti a": "devono",
            "si impegna a": "deve",
            "si impegnano a": "devono",
        },
        "Che cosa {m} fare {np}?",
    ),
    "fr": (
        {
            "doit": "doit",
            "doivent": "doivent",
            "devra": "doit",
            "devront": "doivent",
            "peut": "peut",
            "peuvent": "peuvent",
            "est tenu de": "doit",
            "est tenue de": "doit",
            "sont tenus de": "doivent",
            "s'engage à": "doit",
            "s'engagent à": "doivent",
        },
        "Que {m} faire {np} ?",
    ),
    "de": (
        {
            "muss": "muss",
            "müssen": "müssen",
            "kann": "kann",
            "können": "können",
            "ist verpflichtet": "muss",
            "sind verpflichtet": "müssen",
        },
        "Was {m} {np} tun?",
    ),
}


def _entitled(text: str, lang: str) -> str | None:
    """ "I soci hanno diritto a" -> "A che cosa hanno diritto i soci?"."""
    pattern, asks = _ENTITLED[lang]
    m = re.match(rf"^{subject(lang)}\s{pattern}$", text)
    return asks.format(v=m.group("v"), np=as_object(m.group("np"))) if m else None


def _must(text: str, lang: str) -> str | None:
    """ "Os membros devem" -> "O que devem fazer os membros?"."""
    said, asks = _MODALS[lang]
    modal = "|".join(re.escape(k) for k in sorted(said, key=len, reverse=True))
    m = re.match(rf"^{subject(lang)}\s(?P<modal>{modal})$", text)
    return asks.format(m=said[m.group("modal")], np=as_object(m.group("np"))) if m else None


# "there are <N> <things>": which there are.
_THERE = {
    "pt": (r"(?P<v>Existem|Há)", "Que {noun} {v}?"),
    "es": (r"(?P<v>Existen|Hay)", "¿Qué {noun} {v}?"),
    "it": (r"(?P<v>Esistono|Ci sono)", "Quali {noun} {v}?"),
    "de": (r"Es\sgibt", "Welche {noun} gibt es?"),
}
_COUNT = (
    r"\d+|dois|duas|três|quatro|cinco|seis|sete|oito|dos|tres|cuatro|cinco|seis|siete|ocho|"
    r"due|tre|quattro|cinque|sei|sette|otto|zwei|drei|vier|fünf|sechs|sieben|acht"
)


# Adjectives that say only that there are several ("diversas formas"): the question asks
# which there are without them.
_SEVERAL_KINDS = (
    r"diversos|diversas|distintos|distintas|diferentes|varios|varias|divers|diverses|"
    r"différents|différentes|plusieurs|verschiedene|mehrere|diversi|diverse|vari|varie"
)


def _there_are(text: str, lang: str) -> str | None:
    """ "Existem três categorias de membros" -> "Que categorias de membros existem?"."""
    if lang not in _THERE:
        return None
    pattern, asks = _THERE[lang]
    m = re.match(
        rf"^{pattern}\s(?:(?:{_COUNT})\s)?(?:(?:{_SEVERAL_KINDS})\s)?(?P<noun>[^\W\d][^:,;]{{2,60}})$",
        text,
    )
    if m is None:
        return None
    head = m.group("noun").split()[0]
    if lang == "de" and not head[:1].isupper():
        return None
    if lang != "de" and not (head.islower() and is_plural_noun(head, lang)):
        return None
    v = m.group("v").casefold() if "v" in m.groupdict() and m.group("v") else ""
    return asks.format(noun=m.group("noun"), v=v)


# "<subject> comprises": what it comprises.
_COMPRISES = {
    "pt": (r"compreende|compreendem|inclui|incluem|abrange|abrangem", "O que {v} {np}?"),
    "es": (
        r"comprende|comprenden|incluye|incluyen|abarca|abarcan|implica|implican",
        "¿Qué {v} {np}?",
    ),
    "it": (r"comprende|comprendono|include|includono", "Che cosa {v} {np}?"),
    "fr": (r"comprend|comprennent|inclut|incluent|implique|impliquent", "Que {v} {np} ?"),
    "de": (r"umfasst|umfassen|beinhaltet|beinhalten", "Was {v} {np}?"),
}


def _comprises(text: str, lang: str) -> str | None:
    """ "Les ressources de l'association comprennent" -> "Que comprennent les ressources de
    l'association ?"."""
    pattern, asks = _COMPRISES[lang]
    m = re.match(rf"^{subject(lang)}\s(?P<v>{pattern})$", text)
    return asks.format(v=m.group("v"), np=as_object(m.group("np"))) if m else None


# "<status> is lost / ends by": how it is lost or ends, the reflexive kept.
_BY = {
    "pt": (r"(?P<v>perde-se|se\sperde|extingue-se|se\sextingue)\spor", "Como {v} {np}?"),
    "es": (r"(?P<v>se\spierde|se\sextingue)\spor", "¿Cómo {v} {np}?"),
    "it": (r"(?P<v>si\sperde|si\sestingue)\sper", "Come {v} {np}?"),
    "fr": (r"(?P<v>se\sperd|s'éteint|prend\sfin)\spar", "Comment {v} {np} ?"),
    "de": (r"(?P<v>endet|erlischt)\sdurch", "Wodurch {v} {np}?"),
}
_REFLEXIVE_FIRST = {"perde-se": "se perde", "extingue-se": "se extingue"}


def _lost_by(text: str, lang: str) -> str | None:
    """ "La qualifica di socio si perde per" -> "Come si perde la qualifica di socio?"."""
    pattern, asks = _BY[lang]
    m = re.match(rf"^{subject(lang)}\s{pattern}$", text)
    if m is None:
        return None
    v = _REFLEXIVE_FIRST.get(m.group("v"), m.group("v"))
    return asks.format(v=v, np=as_object(m.group("np")))


_SHAPES: tuple[Callable[[str, str], str | None], ...] = (
    _following,
    _are,
    _aim,
    _falls_to,
    _entitled,
    _must,
    _there_are,
    _comprises,
    _lost_by,
    composed_question,
    named_first,
    things_had,
    reader_lists,
)


def intro_question(intro: str, lang: str, heading: str | None = None) -> str | None:
    """The question the sentence that introduces a list asks in ``lang``, or None
    (``heading``: the heading above it, which names the role a pronoun stands for)."""
    if lang not in INTRO_LANGUAGES:
        return None
    text = intro.strip()
    if not text.endswith(":"):
        return None
    if lang == "de":
        # A relative clause after the listed things says where they come from, not what
        # they are ("..., die sich aus Art. ... ergeben"): the question ends before it.
        text = re.sub(r",\s(?:die|welche)\s[^,:]+:$", ":", text)
    text = NUMBERING.sub("", re.split(r"(?<=[.!?])\s+", text)[-1]).rstrip(":").strip()
    text = " ".join(text.split())
    if not text or len(text.split()) > 16:
        return None
    for shape in _SHAPES:
        asked = shape(text, lang)
        if asked is not None:
            return asked
    return role_duties(text, heading, lang)
