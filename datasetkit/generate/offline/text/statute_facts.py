"""What statutes, by-laws and rules of procedure settle clause by clause, asked in German,
French and Spanish in that language's words: who elects, convenes or decides (a passive
with its agent), when a body may decide (its quorum), how membership ends, who may become
a member, where the seat is and what the purpose is.

Every association's statutes say these with the same few clause shapes, whatever the
association: "<the board> is elected by <the general assembly> ...", "<membership> ends
by <resignation, death, ...>", "<the assembly> validly decides if <N members> are
present", "<member> can become <any person who ...>", "<the seat of the association> is
<place>". The question names the clause's subject again after the language's question
words; the answer is the whole sentence. A subject that points back ("this", "it") or is
a bare common noun names nothing, so it is not asked; the association itself is asked
only where the document names it (``kind_named`` then says it by its name).
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.kind_named import KindName, kind_name
from datasetkit.generate.offline.text.intro_words import as_object, of, subject
from datasetkit.generate.offline.text.inverted_roles import who_holds
from datasetkit.generate.offline.text.view import Sentence
from datasetkit.knowledge.model import Document

STATUTE_LANGUAGES = ("de", "fr", "es")

# The bodies and officers an association acts through, as the head noun of a passive's
# agent ("by the general assembly", "vom Vorstand"): someone who elects, convenes or
# decides, not a means ("by a show of hands", "par tirage au sort").
_ACTOR = {
    "fr": r"(?i:conseil|assembl[ée]e|bureau|pr[ée]sident|pr[ée]sidente|vice-pr[ée]sident\w*|"
    r"tr[ée]sori(?:er|[èe]re)|secr[ée]taire|secr[ée]tariat|comit[ée]|commission|"
    r"direct(?:eur|rice)|direction|membres?|adh[ée]rents?|f[ée]d[ée]ration|d[ée]l[ée]gu[ée]s?|"
    r"responsables?|jury|pr[ée]fet|tribunal|administrateurs?|CA|AG|CD)",
    "de": r"(?:Vorstand|Vorstands|Vorstandes|Mitgliederversammlung|Hauptversammlung|"
    r"Vorsitzenden?|Vorsitzender|Kassenwart|Kassenprüfer\w*|Schatzmeister|Mitglieder[n]?|"
    r"Mitglied|Versammlungsleit\w*|Beirat|Ausschuss|Präsidium|Geschäftsführ\w*|Gericht|"
    r"Amtsgericht|Schriftführ\w*|Delegiertenversammlung|Aufsichtsrat)",
    "es": r"(?i:junta|asamblea|presidente|presidenta|secretari[oa]|tesorer[oa]|socios?|"
    r"miembros?|comisi[óo]n|comit[ée]|direct(?:or|ora)|direcci[óo]n|consejo|federaci[óo]n|"
    r"vocal(?:es)?|delegad[oa]s?|responsables?|rector|rectora|decan[oa])",
}
# Words that point back to something said before: a phrase holding one names nothing.
_POINTING = re.compile(
    r"(?i)\b(?:ce|cet|cette|ces|celui|celle|ledit|ladite|lesdits|lesdites|dies\w*|jene\w*|"
    r"dessen|deren|este|esta|estos|estas|ese|esa|dicho|dicha|dichos|dichas|aquel\w*)\b"
)
_ARTICLES = frozenset(["le", "la", "les", "l", "de", "der", "die", "das", "el", "los", "las"])


def _names_something(np: str, lang: str) -> bool:
    """A subject a reader can place without the text before it: a body or an officer ("le
    bureau", "der Vorstand"), the rules themselves ("les présents statuts"), or a noun with
    a complement or a name ("le conseil d'administration", "der Sitz des Vereins"); never
    a phrase that points back ("cette décision", "ainsi élus")."""
    if _POINTING.search(np) or re.fullmatch(rf"(?i:{_ARTICLE_OPENING}?(?:{_KINDS}))", np):
        return False  # the organisation itself, asked by its name (``_own``) or not at all
    words = [w for w in re.split(r"[\s'’]+", np) if w]
    if words and words[0].casefold() in _ARTICLES:
        words = words[1:]
    if not words:
        return False
    head = words[1] if len(words) > 1 and words[0].casefold() in _BEFORE_NOUN else words[0]
    if re.fullmatch(_RULES, head, re.IGNORECASE):
        return True
    if re.fullmatch(_ACTOR[lang], head) and not re.fullmatch(_MEMBERS, head, re.IGNORECASE):
        return True  # a body or an officer; "the members" alone may be any body's
    if re.search(r"\s(?:de|d['’]|du|des|der|del|dem)\s?\w", np):
        return True
    return lang != "de" and any(w[:1].isupper() for w in words[1:])


# The kinds of organisation statutes speak of themselves as ("the association").
_KINDS = (
    r"association|fédération|fondation|société|Verein|Verband|Stiftung|asociación|fundación|"
    r"federación|sociedad"
)
_ARTICLE_OPENING = r"(?:l['’]|la\s|le\s|der\s|die\s|das\s|el\s)"
_MEMBERS = r"membres?|adh[ée]rents?|Mitglied(?:er|ern)?|socios?|miembros?|administrateurs?"
# Words before a noun in a French or Spanish phrase ("les présents statuts").
_BEFORE_NOUN = frozenset(["présents", "présent", "presentes", "presente", "nouveaux", "nouveau"])
# The rules a statute or by-law speaks of as a whole.
_RULES = r"statuts|règlement|Satzung|Geschäftsordnung|Beitragsordnung|estatutos?|reglamento"


def _agent(rest: str, lang: str) -> bool:
    """Whether ``rest`` opens with an agent that is a body or an officer."""
    if lang == "de":
        by = r"(?:von\s(?:der|dem|den|einer|einem)|vom|durch\s(?:den|die|das|einen|eine))"
        return bool(re.match(rf"{by}\s(?:[a-zäöü]\w*\s)?{_ACTOR['de']}\b", rest))
    by = {"fr": r"par\s", "es": r"por\s"}[lang]
    det = {
        "fr": r"(?:le|la|les|l['’]|un|une|son|sa|ses|leur|leurs|chaque)\s?",
        "es": r"(?:el|la|los|las|un|una|su|sus|cada)\s",
    }[lang]
    return bool(re.match(rf"{by}{det}{_ACTOR[lang]}\b", rest))


# A passive verb group: an optional modal and "be", then a participle.
_PASSIVE = {
    "fr": r"(?:(?:peut|peuvent|doit|doivent|pourra|pourront|devra|devront)\sêtre|est|sont|"
    r"sera|seront)\s(?:[a-zé]+ment\s)?[a-zéè]+(?:é|ée|és|ées|is|ise|ises|it|ite|ites|u|ue|us|ues)",
    "es": r"(?:(?:puede|pueden|debe|deben|podrá|podrán|deberá|deberán)\sser|es|son|será|"
    r"serán)\s[a-záéí]+(?:ad|id)[oa]s?",
}
_WHO = {"fr": ("Par qui", " ?"), "es": ("¿Por quién", "?")}


def _own(np: str, named: KindName | None) -> bool:
    """Whether ``np`` is the organisation the document names, called by its kind alone
    ("l'association", "der Verein"): ``kind_named`` says it with its name."""
    if named is None:
        return False
    return bool(re.fullmatch(rf"(?i:{_ARTICLE_OPENING}){re.escape(named.kind)}", np))


def _romance_agent(text: str, lang: str, named: KindName | None) -> str | None:
    """ "Le comité est désigné par <a body> ..." -> "Par qui est désigné le comité ?"."""
    m = re.match(rf"^{subject(lang)}\s(?P<v>{_PASSIVE[lang]})\s(?P<rest>[^;:]*)", text)
    if m is None or not _agent(m.group("rest"), lang):
        return None
    if not (_names_something(m.group("np"), lang) or _own(m.group("np"), named)):
        return None
    words, close = _WHO[lang]
    return f"{words} {m.group('v')} {as_object(m.group('np'))}{close}"


def _de_whose(np: str, named: KindName | None) -> str:
    """A German body said with whose it is ("der Vorstand des Vereins"; ``kind_named``
    adds the name) when the document names its association and the phrase says no owner."""
    if named is None or named.kind != "Verein" or re.search(r"\s(?:des|der|im)\s", np):
        return np
    return f"{np} des Vereins"


def _german_agent(text: str, named: KindName | None) -> str | None:
    """ "Der Beirat wird vom <body> ... berufen." -> "Von wem wird der Beirat berufen?";
    the verb's last part ends the clause."""
    m = re.match(
        rf"^{subject('de')}\s(?P<v>wird|werden|kann|können|muss|müssen|soll|sollen)\s"
        r"(?P<rest>[^.;,:]*?)\s(?P<end>[a-zäöü]+(?:\swerden)?)\.?$",
        text,
    )
    if m is None or not (_names_something(m.group("np"), "de") or _own(m.group("np"), named)):
        return None
    modal = m.group("v") not in ("wird", "werden")
    if modal != m.group("end").endswith(" werden") or " und " in m.group("rest"):
        return None  # "wird ... bestimmt und ... festgehalten": two verbs, one agent
    if not m.group("end").endswith(("t", "en", "t werden", "en werden")):
        return None
    if not _agent(m.group("rest"), "de"):
        return None
    words = "Durch wen" if m.group("rest").startswith("durch") else "Von wem"
    np = _de_whose(as_object(m.group("np")), named)
    return f"{words} {m.group('v')} {np} {m.group('end')}?"


def _german_decides(text: str, named: KindName | None) -> str | None:
    """ "Über <den Antrag> entscheidet <der Beirat>." -> "Wer entscheidet über <den
    Antrag>?"."""
    m = re.match(
        rf"^Über\s(?P<what>(?:den|die|das)\s[^,;:]{{2,60}}?)\s(?P<v>entscheidet|beschließt)\s"
        rf"(?P<who>(?:der|die|das)\s(?:[a-zäöü]\w*\s)*{_ACTOR['de']})\b[^,;:]*\.?$",
        text,
    )
    if m is None or _POINTING.search(m.group("what")):
        return None
    where = f" im Verein {named.said}" if named is not None and named.kind == "Verein" else ""
    return f"Wer {m.group('v')}{where} über {m.group('what')}?"


# The acts a statute gives a body or an officer, in the active voice: convening, chairing,
# electing, appointing, fixing, approving, representing, keeping the accounts.
_ACTS = {
    "fr": r"convoque|préside|élit|nomme|désigne|fixe|approuve|arrête|prononce|représente|"
    r"tient|collecte|établit|gère|assure|valide|ratifie|révoque|signe|ordonnance|dirige|"
    r"administre|rédige|détermine|contrôle",
    "es": r"(?:convoca|preside|presidirá|elige|elegirá|nombra|designa|fija|aprueba|aprobará|"
    r"representa|custodia|lleva|firma|ordena|dirige|dirigirá|administra|redacta|"
    r"controla)(?:rá)?",
}
_OBJECT_OPENING = {
    "fr": r"(?:le|la|les|l['’]|un|une|des|tous\sles|toutes\sles)\s?",
    "es": r"(?:el|la|los|las|al|a\sla|a\slos|a\slas|todos\slos|todas\slas)\s",
}
# What may follow the head noun of an acting subject: its complement or a title's rest.
_AFTER_HEAD = (
    r"(?i)(?:de|du|des|d|del|général|générale|adjoint|adjointe|directeur|directrice|"
    r"general|directiva|ejecutiva)\b"
)
_OWNED = re.compile(r"(?i)\b(?:son|sa|ses|leur|leurs|su|sus|lui|elle|celui-ci|celle-ci)\b")


def _who_acts(text: str, lang: str) -> str | None:
    """ "<L'officier> tient <le registre> ..." -> "Qui tient <le registre> ?"; "El Presidente convocará las reuniones ..." ->
    "¿Quién convocará <las sesiones>?". The whole object, up to the clause's end."""
    if lang not in _ACTS:
        return None
    m = re.match(
        rf"^{subject(lang)}\s(?P<v>{_ACTS[lang]})\s(?P<obj>{_OBJECT_OPENING[lang]}[^,;:()]+?)\.?$",
        text,
    )
    if m is None or _OWNED.search(m.group("obj")) or _POINTING.search(m.group("obj")):
        return None
    words = [w for w in re.split(r"[\s'’]+", m.group("np")) if w][1:]
    if not words or not re.fullmatch(_ACTOR[lang], words[0]):
        return None  # a body or an officer acts; "la cotisation fixe ..." asks no one
    if len(words) > 1 and not re.match(_AFTER_HEAD, " ".join(words[1:])):
        return None  # "le secrétaire transcrit et ...": the subject runs into a verb
    if re.fullmatch(_MEMBERS, words[0], re.IGNORECASE):
        return None
    who, close = ("Qui", " ?") if lang == "fr" else ("¿Quién", "?")
    return f"{who} {m.group('v')} {m.group('obj')}{close}"


def _quorum(text: str, lang: str, named: KindName | None) -> str | None:
    """ "L'assemblée délibère valablement si ..." -> "Quel quorum faut-il pour les
    délibérations de l'assemblée ?"; "Der Vorstand ist beschlussfähig, wenn ..." ->
    "Wann ist der Vorstand beschlussfähig?"."""
    if lang == "fr":
        m = re.match(rf"^{subject('fr')}\s(?:ne\s)?(?P<v>délibère|délibèrent)\svalablement\b", text)
        if m is None or not _names_something(m.group("np"), lang):
            return None
        whose = of(m.group("np"), "fr")
        return None if whose is None else f"Quel quorum faut-il pour les délibérations {whose} ?"
    if lang == "de":
        m = re.match(
            rf"^{subject('de')}\s(?P<v>ist|sind)\s(?:[^.;:]*\s)?beschlussfähig\b(?!keit)", text
        )
        if m is None or not _names_something(m.group("np"), lang) or " nicht " in text:
            return None
        return f"Wann {m.group('v')} {_de_whose(as_object(m.group('np')), named)} beschlussfähig?"
    m = re.match(
        rf"^{subject('es')}\s(?P<v>(?:queda|quedará|quedan|quedarán|estará|se\sconsiderará)\s"
        r"válidamente\sconstituid[oa]s?)\b",
        text,
    )
    if m is None or not _names_something(m.group("np"), lang):
        return None
    return f"¿Cuándo {m.group('v')} {as_object(m.group('np'))}?"


# How a membership or a mandate ends, and the question word its complement answers:
# the means ("by resignation, death ...") or the moment ("at the next assembly").
_ENDS = {
    "fr": (
        r"se\sperd|se\sperdent|prend\sfin|prennent\sfin",
        ((r"par|pour", "Comment"), (r"en\scas\sde|lors\sd|dès|à", "Quand")),
        " ?",
    ),
    "es": (
        r"se\spierde|se\spierden|se\sperderá|se\sperderán|termina|terminará|se\sextingue",
        ((r"por", "¿Cómo"), (r"en\scaso\sde|al|cuando", "¿Cuándo")),
        "?",
    ),
    "de": (r"endet|enden|erlischt|erlöschen", ((r"durch|mit", "Wodurch"),), "?"),
}


def _membership_ends(text: str, lang: str, named: KindName | None) -> str | None:
    """ "<La qualité d'adhérent> se perd par ..." -> "Comment se perd <la qualité
    d'adhérent> ?"; "Die Mitgliedschaft erlischt mit ..." -> "Wodurch erlischt die
    Mitgliedschaft im Verein <Name>?"."""
    verbs, hows, close = _ENDS[lang]
    m = re.match(
        rf"^{subject(lang)}\s(?P<v>{verbs})\s(?:(?:{_ADVERB})\s)?(?P<how>\w+(?:\s\w+)?)", text
    )
    if m is None or text.rstrip().endswith(":") or _POINTING.search(m.group("np")):
        return None
    words = next((w for p, w in hows if re.match(rf"(?:{p})\b", m.group("how"))), None)
    if words is None:
        return None
    np = as_object(m.group("np"))
    if not _names_something(np, lang) or re.search(r"(?i)\bainsi\b|\bso\b|\basí\b", np):
        if lang != "de" or np != "die Mitgliedschaft" or named is None:
            return None
        if named.kind not in ("Verein", "Verband"):
            return None
        np = f"die Mitgliedschaft im {named.kind} {named.said}"
    return f"{words} {m.group('v')} {np}{close}"


_ADVERB = r"automatiquement|notamment|de\splein\sdroit|insbesondere|automáticamente"
_DE_ROLE = r"(?:[A-ZÄÖÜ][a-zäöüß]+\s)?[A-ZÄÖÜ]?[a-zäöüß]*[Mm]itglied(?:er)?"


def _who_may_join(text: str, lang: str, named: KindName | None) -> str | None:
    """ "<Förderndes Mitglied> kann <wer ...> werden" -> "Wer kann förderndes Mitglied
    werden?"; "Podrán ser socios ..." -> "¿Quién puede ser socio?"; "Peut devenir membre
    ..." -> "Qui peut devenir membre ?"."""
    if lang == "de":
        m = re.match(
            rf"^(?P<role>{_DE_ROLE}(?:\s(?:des|im)\s[^,;:]+?)?)\s(?:kann|können)\s"
            r"(?!nicht\b|kein)(?:nur\s)?[^,;:]*?[A-ZÄÖÜ]\w*\swerden\b",
            text,
        )
        if m is None or re.match(r"(?:Ein|Eine|Jede[rs]?|Das|Der|Die)\s", m.group("role")):
            return None
        role = re.sub(r"(itglied)er\b", r"\1", m.group("role"))
        first, *more = role.split(" ")
        if more and "itglied" not in first:
            role = first.lower() + " " + " ".join(more)  # an adjective: "ordentliches"
        if named is None and re.search(rf"\b(?:{_KINDS})", role):
            return None  # "des Vereins" the document never names
        if " des " not in role and " im " not in role:
            if named is None or named.kind != "Verein" or "itglied" not in role.split()[-1]:
                return None
            role = re.sub(r"^Vereinsm", "M", role) + " des Vereins"
        return f"Wer kann {role} werden?"
    if lang == "fr":
        m = re.match(
            r"^(?:Peut|Peuvent)\s(?P<v>devenir|être)\s(?P<role>membres?(?:\s(?:actifs?|"
            r"adhérents?|bienfaiteurs?|d['’]honneur|de\sl['’]\w+))*)\s(?!que\b)\w",
            text,
        )
        if m is None:
            return None
        role = re.sub(r"\bmembres\b", "membre", m.group("role"))
        role = re.sub(r"\b(actif|adhérent|bienfaiteur)s\b", r"\1", role)
        return f"Qui peut {m.group('v')} {role} ?"
    m = re.match(
        r"^(?:Podrán|Pueden|Podrá|Puede)\s(?P<v>ser|hacerse|adquirir\sla\scondición\sde)\s"
        r"(?P<role>socios?|miembros?|usuarios?|asociados?)\b(?P<of>\s(?:de\sla|del)\s\w+)?",
        text,
    )
    if m is None:
        return None
    role = m.group("role").rstrip("s") if m.group("role").endswith("os") else m.group("role")
    return f"¿Quién puede {m.group('v')} {role}{m.group('of') or ''}?"


def _kind_of(named: KindName | None, lang: str) -> str | None:
    """ "of the association" as ``lang`` says it, for the organisation the document names
    (``kind_named`` then adds its name), or None when it names none."""
    if named is None:
        return None
    if lang == "de":
        return "des Vereins" if named.kind == "Verein" else None
    kind = named.kind
    if lang == "fr":
        return f"de l'{kind}" if kind[:1] in "aeiouéè" else f"de la {kind}"
    return f"de la {kind}" if kind.endswith(("ción", "dad", "tiva", "ativa")) else None


_SEAT = {
    "fr": (
        r"^Le\ssiège(?P<social>\ssocial)?(?P<of>\sde\sl['’]\w+)?\s(?:est|sera)\s"
        r"(?P<v>fixé|situé|établi)\s(?:à|au|en|dans)\b",
        "Où est {v} le siège{social} {of} ?",
    ),
    "de": (
        r"^(?:Der\s)?Sitz(?P<of>\sdes\s(?:Vereins|Verbandes|Verbands))\sist\s(?:in\s)?[A-ZÄÖÜ]",
        "Wo ist der Sitz {of}?",
    ),
    "es": (
        r"^El\sdomicilio(?P<social>\ssocial)?(?P<of>\sde\sla\s\w+)?\s(?P<v>se\sestablece|radica|"
        r"está|queda\sfijado|se\sfija|estará)\sen\b",
        "¿Dónde {v} el domicilio{social} {of}?",
    ),
}


def _seat(text: str, lang: str, named: KindName | None) -> str | None:
    """ "Le siège est établi à <place>." -> "Où est établi le siège de l'association
    <Name> ?"; "Der Sitz des Vereins ist <Ort>." -> "Wo ist der Sitz des Vereins <Name>?"."""
    pattern, asks = _SEAT[lang]
    m = re.match(pattern, text)
    if m is None:
        return None
    whose = (m.group("of") or "").strip() or _kind_of(named, lang)
    if whose is None or (named is None and re.search(rf"(?i:{_KINDS})", whose)):
        return None  # "of the association" the document never names
    parts = m.groupdict()
    return asks.format(v=parts.get("v"), social=parts.get("social") or "", of=whose)


# What an organisation is for: "<it> has for purpose ...", "Zweck des Vereins ist ...".
_PURPOSE = {
    "fr": (
        r"a\spour\s(?P<what>but|objet|objectif|buts|objectifs)\b",
        {"but": "le but", "objet": "l'objet", "objectif": "l'objectif"},
        "Quel est {what} {of} ?",
        "Quels sont les {what} {of} ?",
    ),
    "es": (
        r"tiene\s(?:como|por)\s(?P<what>fin|fines|objeto|objetivo|objetivos|finalidad)\b",
        {
            "fin": "el fin",
            "objeto": "el objeto",
            "objetivo": "el objetivo",
            "finalidad": "la finalidad",
        },
        "¿Cuál es {what} {of}?",
        "¿Cuáles son los {what} {of}?",
    ),
}


def _purpose(text: str, lang: str, named: KindName | None) -> str | None:
    """ "<L'association> a pour objectif ..." -> "Quel est l'objectif de l'association
    <Name> ?"; "Der Zweck des Vereins ist ..." -> "Was ist der Zweck des Vereins <Name>?"."""
    if lang == "de":
        m = re.match(
            r"^(?:Der\s)?Zweck\s(?P<of>des\s(?:Vereins|Verbandes|Verbands))\s(?P<v>ist|sind)\s",
            text,
        )
        if m is None or named is None:
            return None  # "des Vereins" the document never names
        return f"Was ist der Zweck {m.group('of')}?"
    verb, single, asks, asks_many = _PURPOSE[lang]
    opening = r"(?:(?:Cette|Cet|L['’]|La|Le|Esta|La|El)\s?)"
    m = re.match(rf"^(?P<np>{opening}(?P<noun>[^\W\d][\w.-]*(?:\s[A-Z][\w.-]*)*))\s{verb}", text)
    if m is None:
        return None
    noun = m.group("noun")
    if named is not None and noun.casefold() == named.kind.casefold():
        whose = _kind_of(named, lang)
    elif noun[:1].isupper() and not _POINTING.search(m.group("np")):
        whose = of(re.sub(r"^(?:Cette|Cet|Esta)\s", "La ", m.group("np")), lang)
    else:
        whose = None
    if whose is None:
        return None
    what = m.group("what")
    if what in single:
        return asks.format(what=single[what], of=whose)
    return asks_many.format(what=what, of=whose)


def _named(said: Sentence) -> KindName | None:
    """The organisation the sentence's document names in a naming clause, if one."""
    doc = said.text_chunk.chunk.meta.get("document")
    if not isinstance(doc, Document):
        return None
    return kind_name("\n".join(s.text for s in doc.sections), said.lang)


# A period: a figure or a number word, then a unit of time.
_PERIOD = {
    "fr": r"(?:\d+|un|une|deux|trois|quatre|cinq|six|huit|dix|douze|quinze|trente)\s"
    r"(?:ans?|années?|mois|semaines?|jours?|heures?)\b|illimitée",
    "es": r"(?:\d+|un|una|dos|tres|cuatro|cinco|seis|ocho|diez|quince|treinta)\s"
    r"(?:años?|mes(?:es)?|semanas?|días?|horas?)\b|ilimitada",
    "de": r"(?:\d+|einem|einer|eine|ein|zwei|drei|vier|sechs|zwölf)\s"
    r"(?:Jahre?n?|Monate?n?|Wochen?|Tage?n?|Stunden|Quartale?n?)\b|unbegrenzt",
}
_HOW_LONG = {
    "fr": (
        r"^La\sdurée\s(?P<of>(?:du|de\sla|de\sl['’]|des)\s?[^,;:]{2,80}?)\s(?:est|sera)\s"
        r"(?:fixée\sà\s|de\s|d['’])?(?:{p})",
        "Quelle est la durée {of} ?",
    ),
    "es": (
        r"^La\sduración\s(?P<of>(?:del|de\sla|de\slos|de\slas)\s[^,;:]{2,80}?)\s(?:es|será)\s"
        r"(?:de\s)?(?:{p})",
        "¿Cuál es la duración {of}?",
    ),
    "de": (
        r"^Die\s(?P<of>(?:\w+(?:frist|dauer)|Amtszeit|Mitgliedschaft)(?:\s(?:des|der)\s[^,;:]+?)?)\s"
        r"(?:beträgt|dauert)\s(?:mindestens\s|höchstens\s|jeweils\s)?(?:{p})",
        "Wie lange dauert die {of}?",
    ),
}


def _how_long(text: str, lang: str, named: KindName | None) -> str | None:
    """ "La durée du <prêt> est de <N jours>." -> "Quelle est la durée du <prêt> ?"; "Die
    <Kündigungsfrist> beträgt <N Monate>." -> "Wie lange dauert die <Kündigungsfrist>?"."""
    pattern, asks = _HOW_LONG[lang]
    m = re.match(pattern.replace("{p}", _PERIOD[lang]), text)
    if m is None or _POINTING.search(m.group("of")):
        return None
    if lang == "de" and m.group("of") == "Mitgliedschaft":
        if named is None or named.kind != "Verein":
            return None  # whose membership: the document names no association
        return asks.format(of=f"Mitgliedschaft im Verein {named.said}")
    return asks.format(of=m.group("of"))


def _clause_question(text: str, lang: str, named: KindName | None) -> tuple[str, str] | None:
    """The question ``text``'s clause answers and the kind of case it makes, if any."""
    if lang == "de":
        agent = _german_agent(text, named) or _german_decides(text, named)
    else:
        agent = _romance_agent(text, lang, named)
    agent = agent or _who_acts(text, lang)
    if agent is not None:
        return agent, "agent"
    for asked, kind in (
        (_quorum(text, lang, named), "condition"),
        (_membership_ends(text, lang, named), "membership"),
        (_who_may_join(text, lang, named), "eligibility"),
        (who_holds(text, lang, _kind_of(named, lang)), "eligibility"),
        (_how_long(text, lang, named), "term"),
        (_seat(text, lang, named), "where"),
        (_purpose(text, lang, named), "purpose"),
    ):
        if asked is not None:
            return asked, kind
    return None


# A clause cut short: after an ordinal or an abbreviation ("das 16.", "art."), or before
# the list it introduces (no closing stop).
_CUT = re.compile(
    r"(?:\s\d{1,2}\.|\b(?:art|Art|cf|p|ex|etc|Abs|Nr|vgl|bzw|ggf|z\.\s?B|inc|núm|pág)\.)$"
    r"|[^.!?)»“”\"]$"
)


def statute_fact(said: Sentence) -> Candidate | None:
    """The question a statute's clause answers (see the module), answered by the whole
    sentence."""
    text, section, lang = " ".join(said.text.split()), said.section, said.lang
    if lang not in STATUTE_LANGUAGES or len(text) > 400 or not text[:1].isupper():
        return None
    if _CUT.search(text):
        return None
    named = _named(said)
    if named is None:
        # Whose board, whose members: a text that never names its organisation (minutes
        # that quote a statute's rule) leaves every such question without its owner.
        return None
    found = _clause_question(text, lang, named)
    if found is None:
        return None
    question, kind = found
    if lang != "de":
        # "l'Association" written with a capital is the named one: said in lower case,
        # ``kind_named`` gives it its name (not a longer name that opens with the kind).
        question = re.sub(rf"(?<=['’ ]){named.kind.capitalize()}\b", named.kind, question)
    return Candidate(question, text, text, section, kind, 0, (text,))
