"""The question a French or Spanish heading asks of the one list under it, in that
language's own words: what the list holds, named by the heading's noun and whose it is.

A handbook, a process page or a booklet puts a list under a heading that names what its
items are, a plural noun phrase ("Responsabilités", "Entradas", "Temas de las políticas
..."): the question asks which they are, with the article and the agreement the noun's
gender takes ("Quelles sont les responsabilités ... ?", "¿Cuáles son las entradas ...?").
A heading that names an aim ("Objectif", "Objetivo") asks what the aim is. A short
heading says whose items they are only with the heading above it, joined by "of" and its
article ("... del proceso de ...", "... de l'équipe"); when that cannot be said (no heading
above, or a noun whose gender its ending does not show) nothing is asked. A heading that
names several things, a name, or no noun whose number and gender show is not asked:
the list is then left to the forms that read its introduction.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.language.definition_words import (
    ARTICLES,
    DEFINITION,
    MEANING_VERBS,
)
from datasetkit.generate.offline.language.gender import (
    gender,
    is_plural_form,
    of_noun_phrase,
)
from datasetkit.generate.offline.language.templates import TEMPLATES
from datasetkit.generate.offline.language.words import unnumbered
from datasetkit.generate.offline.text.intro_words import of
from datasetkit.generate.offline.text.owner_headings import unsayable_owner

HEADING_LIST_LANGUAGES = frozenset({"fr", "es", "de"})


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Nouns of an aim: one heading of this kind is asked "what is the <aim>", its list answers.
_AIMS = {
    "es": frozenset({"objetivo", "propósito", "finalidad", "misión", "alcance"}),
    "fr": frozenset({"objectif", "but", "mission", "finalité"}),
}
# Headings that name a part of the document or a kind of remark, not the items of a list.
_NO_KIND = {
    "es": _words(
        "notas anexos referencias ejemplos observaciones comentarios otros varios índice "
        "contenidos fuentes enlaces recursos créditos agradecimientos"
    ),
    "fr": _words(
        "notes annexes références exemples remarques commentaires autres divers sommaire "
        "sources liens ressources crédits remerciements"
    ),
}
# Words that join several things in one heading ("A y B", "A et B", "A, B").
_SEVERAL = re.compile(r"(?i)[,&/;]|\s(?:y|e|o|u|et|ou)\s")
# The article a heading may open with.
_ARTICLE = re.compile(r"(?i)^(?:los|las|el|la|les|le|la|l['’])\s*")
_MOST_WORDS = 8


def _noun_phrase(heading: str) -> str | None:
    """The heading as a noun phrase inside a question: numbering, a final colon and an
    opening article gone, its first letter lowered (an acronym kept)."""
    text = unnumbered(heading).strip().rstrip(":").strip()
    text = _ARTICLE.sub("", text)
    words = text.split()
    if not words or len(words) > _MOST_WORDS or re.search(r"[\d?¿!¡()«»\"“”]", text):
        return None
    if _SEVERAL.search(text):
        return None
    if len(words) >= 2 and all(w[:1].isupper() for w in words):
        return None  # "Product Owner", "Lead Dev": a name, not a kind of thing
    first = words[0]
    if not first[1:].islower():
        return None  # an acronym or a name opens it
    return first[:1].lower() + text[1:]


_GLOSS = re.compile(r"\s*\([A-Z][A-Za-z]?[A-Z]{1,6}\)$")
# A noun phrase that already says whose it is ("Funciones del comité", "Rôles de l'équipe").
# "de" before a bare noun classifies ("Tipos de documentos") and says no owner.
_OWNED = re.compile(r"\s(?:del|du|des|de la|de las|de los|de l['’]|(?:de\s|d['’])(?=[A-Z]))")


def _whose(parent: str | None, np: str, lang: str) -> str | None:
    """ "of <the heading above>" as the language joins it, None when it cannot be said or
    repeats the heading's own words; "" when that heading is what says whose the list is
    but reads as no owner (:func:`unsayable_owner`)."""
    if not parent:
        return None
    # The heading as its words say it: no emoji or numbering before it, no abbreviation
    # glossed after it ("Política del Comité X (CCB)").
    said = _GLOSS.sub("", unnumbered(parent)).strip().rstrip(":").strip()
    if re.search(r"[\d?¿!¡()«»\"“”:]", said) or len(said.split()) > _MOST_WORDS:
        return None
    own = {w.casefold() for w in re.findall(r"\w{4,}", np)}
    if own & {w.casefold() for w in re.findall(r"\w{4,}", said)}:
        return None  # "Temas de las políticas" under "Políticas": the heading says it
    first = said.split()[0]
    if not first[1:].islower() or not first.isalpha():
        return None
    if unsayable_owner(said, lang):
        return ""
    said = first[:1].lower() + said[1:]
    if _ARTICLE.match(said):
        return of(said, lang)
    return of_noun_phrase(said, lang)


def heading_list_question(heading: str, parent: str | None, lang: str) -> str | None:
    """ "Entradas" under "Proceso de codificación de X" -> "¿Cuáles son las entradas del
    proceso de codificación de X?"; "Responsabilités" under "Le chef d'équipe" ->
    "Quelles sont les responsabilités du chef d'équipe ?"; None when not asked."""
    if lang not in HEADING_LIST_LANGUAGES:
        return None
    if lang == "de":
        return _german(heading)
    np = _noun_phrase(heading)
    if np is None:
        return None
    head = np.split()[0].casefold()
    if head in _NO_KIND[lang]:
        return None
    g = gender(head, lang)
    aim = head in _AIMS[lang]
    if g is None or not (aim or is_plural_form(head, lang)):
        return None
    whose = None if _OWNED.search(np) else _whose(parent, np, lang)
    if whose == "":
        return None  # the heading above says whose, but no question can say it
    if whose is None and (len(np.split()) < 2 or aim):
        return None  # "Entradas", "Objetivo" alone: whose, the question cannot say
    asked = f"{np} {whose}" if whose else np
    if lang == "es":
        if aim:
            return f"¿Cuál es {'la' if g == 'f' else 'el'} {asked}?"
        return f"¿Cuáles son {'las' if g == 'f' else 'los'} {asked}?"
    if aim:
        article = "l'" if re.match(r"[aeiouyàâéèêîôû]", head) else ("la " if g == "f" else "le ")
        return f"{'Quelle' if g == 'f' else 'Quel'} est {article}{asked} ?"
    return f"{'Quelles' if g == 'f' else 'Quels'} sont les {asked} ?"


# A German plural noun that names whose it is after it ("Aufgaben des Vorstands", "Ziele
# der Wirtschaftspolitik", "Pflichten für Mitarbeitende"): its plural article is "die"
# whatever its gender, so the question needs no guess.
_DE_OWNED = re.compile(
    r"^(?P<noun>[A-ZÄÖÜ][a-zäöüß]{2,}(?:e|en|n|er))\s(?:des|der|von|für|im|in|bei|zur|zum)"
    r"\s[^\s,;:?!()]+(?:\s[^\s,;:?!()]+){0,4}$"
)
_DE_SINGULAR = re.compile(r"(?:ung|heit|keit|schaft|ion|tät|nis|ment|ik|tum|ur|ei|ismus)$")


def _german(heading: str) -> str | None:
    """ "Aufgaben des Vorstands" -> "Was sind die Aufgaben des Vorstands?"."""
    text = unnumbered(heading).strip().rstrip(":").strip()
    m = _DE_OWNED.match(text)
    if m is None or _DE_SINGULAR.search(m.group("noun")) or _SEVERAL.search(text):
        return None
    return f"Was sind die {text}?"


# A task a heading names by its verb: a Spanish infinitive (with a pronoun attached) or a
# voseo imperative ("Creá", "Sumá", "Compartí"), a French infinitive.
_TASK_VERB = {
    "es": re.compile(
        r"^(?:para\s+)?(?P<verb>[a-záéíóúñ]{1,}(?:ar|er|ir)(?:se|lo|la|los|las)?|"
        r"[a-zñ]{2,}[áéí])\s+(?P<rest>\S.*)$",
        re.I,
    ),
    "fr": re.compile(
        r"^(?:pour\s+)?(?P<verb>[a-zàâçéèêëîïôûù]{2,}(?:er|ir|re))\s+(?P<rest>\S.*)$", re.I
    ),
}
# Nouns with a verb's ending that open headings ("Poder judicial", "Lugar de trabajo",
# "Dossier partagé"): no task.
_NOT_VERBS = {
    "es": _words(
        "lugar hogar militar particular titular popular auxiliar familiar similar escolar "
        "poder deber mujer taller placer carácter alquiler líder ser cráter máster "
        "elixir porvenir sentir"
    ),
    "fr": _words(
        "dossier fichier papier métier atelier quartier calendrier courrier clavier premier "
        "dernier hiver cahier entier plusieurs désir loisir avenir plaisir souvenir titre "
        "cadre livre ordre nombre centre membre lettre chambre offre autre contre notre "
        "votre entre être"
    ),
}
# An item that gives an instruction: its first word an infinitive, a voseo or "vous"
# imperative.
_INSTRUCTION = {
    "es": re.compile(
        r"^[A-ZÁÉÍÓÚÑ]?[a-záéíóúñ]{1,}(?:ar|er|ir)(?:se|lo|la|los|las)?\b|"
        r"^[A-ZÑ]?[a-zñ]{2,}[áéí]\b"
    ),
    "fr": re.compile(r"^[A-ZÀ-Ý]?[a-zàâçéèêëîïôûù]{2,}(?:er|ir|re|ez)\b"),
}
_VOSEO = {"á": "ar", "é": "er", "í": "ir"}
# French "votre" is "mon" or "ma" by a gender the text does not show: not asked.
_FR_READER = re.compile(r"(?i)\b(?:vous|votre|vos|tu|ton|ta|tes|te|toi)\b")


# A German task heading: its object first, its infinitive last ("Urlaub beantragen",
# "Einen neuen Zugang erstellen"), no finite verb or question in it.
_DE_TASK = re.compile(r"^(?P<rest>[A-ZÄÖÜ][^?!:;,]{1,80}?)\s(?P<verb>[a-zäöüß]{3,}(?:en|ern|eln))$")
_DE_FINITE = re.compile(r"\b(?:ist|sind|wird|werden|hat|haben|kann|können|muss|müssen|soll)\b")
# A German instruction: a formal imperative ("Wählen Sie ..."), a "du" imperative whose
# verb ends in "-e" before its object ("Schreibe eine E-Mail"), or an infinitive last.
_DE_INSTRUCTION = re.compile(
    r"^[A-ZÄÖÜ][a-zäöüß]+(?:en|ern|eln)\sSie\b|^[A-ZÄÖÜ][a-zäöüß]+e\s(?:eine?[nmrs]?|die|der|das|den|dem|dein\w*|deine?)\b"
    r"|^[^.!?]{2,80}\s[a-zäöüß]{3,}(?:en|ern|eln)\.?$"
)


def _german_task(heading: str, items: list[str]) -> str | None:
    """ "Urlaub beantragen" over instructions -> "Urlaub beantragen" (asked "Wie kann ich
    Urlaub beantragen?")."""
    m = _DE_TASK.match(heading.strip().rstrip(":").strip())
    if m is None or _DE_FINITE.search(heading) or re.search(r"['\"„“‚‘«»]", heading):
        return None
    told = sum(1 for i in items if _DE_INSTRUCTION.match(i.strip()))
    if told * 3 < len(items) * 2:
        return None
    rest = m.group("rest")
    first = rest.split()[0]
    if first in ("Einen", "Eine", "Ein", "Den", "Die", "Das", "Dein", "Deine", "Deinen"):
        rest = first.lower() + rest[len(first) :]  # the article inside the question
    return f"{rest} {m.group('verb')}"


def heading_task(topic: str, items: list[str], lang: str) -> str | None:
    """The task a heading names by its verb over a list of instructions, as the reader
    says it ("Revisar el código" -> "revisar el código", "Creá un catálogo" -> "crear un
    catálogo"); None when the heading opens with no verb or most items give no instruction."""
    if lang == "de":
        return _german_task(topic, items)
    pattern = _TASK_VERB.get(lang)
    m = pattern.match(topic.strip().rstrip(":").strip()) if pattern else None
    if m is None or re.search(r"[?¿!¡:;]", m.group("rest")):
        return None
    verb = m.group("verb").lower()
    if verb in _NOT_VERBS[lang] or verb[:1] != m.group("verb")[:1].lower():
        return None
    told = sum(1 for i in items if _INSTRUCTION[lang].match(i.strip()))
    if told * 3 < len(items) * 2:
        return None  # a list of things, not of what to do
    if lang == "es" and verb[-1] in _VOSEO:
        verb = verb[:-1] + _VOSEO[verb[-1]]
    if lang == "fr" and _FR_READER.search(m.group("rest")):
        return None
    return f"{verb} {m.group('rest').strip()}"


def defined_by_list(intro: str, lang: str) -> tuple[str, str] | None:
    """A definition whose last words lead into the list under it ("La rendición de cuentas
    es el deber de los representantes de responder por:"): the question "what is <term>?"
    in the language, and the defining sentence, which the answer gives before every item
    (the sentence alone stops mid-clause)."""
    said = re.split(r"(?<=[.!?])\s+", intro.strip())[-1].strip()
    pattern = DEFINITION.get(lang)
    if lang == "en" or pattern is None or not said.endswith(":") or len(said) > 300:
        return None
    m = pattern.match(said)
    if m is None or ":" in said[: m.end()]:
        return None
    words = m.group("term").split()
    if len(words) < 2 or words[0].casefold().rstrip("'’") not in ARTICLES.get(lang, ()):
        return None
    term = words[0].lower() + m.group("term")[len(words[0]) :]
    verb = m.group("verb").strip().lower()
    kind = "meaning" if verb.startswith(MEANING_VERBS) else "definition"
    return TEMPLATES[lang][kind].format(term=term), said
