"""Two more shapes of a French, Spanish or German sentence that introduces a list, asked
in the language's own words (beside those of :mod:`list_intros`):

- the items named first and the copula last, "<things of X> are:" ("Algunos ejemplos de
  X son:", "Les principaux risques sont :", "Die wichtigsten Regeln sind:") -> "which
  are <things of X>?", the noun phrase kept whole, its first word lowered;
- a subject that has a number or kind of things, "<X> has <three> <things>:" ("Los
  espacios colectivos tienen tres atributos:", "Le comité a deux missions :", "Das Team
  hat vier Aufgaben:") -> "which <things> does <X> have?", the verb as the sentence gives
  it (so it agrees with the subject).

The subject must be a definite noun phrase (a determiner opens it), so a pronoun ("Ils
ont ...") names no one and is not asked. French agrees "quels/quelles" with the noun's
gender, read from its ending; a noun whose ending decides nothing is not asked.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.language.gender import gender
from datasetkit.generate.offline.text.intro_words import as_object, subject

# A plural noun phrase that opens a clause, before its copula: a quantifier or a
# determiner first, so the phrase names a kind of thing ("Algunos ejemplos de ...",
# "Los principales ...", "Die wichtigsten ...").
_NAMED_FIRST = {
    "es": (
        r"(?P<np>(?:Algun[oa]s|Los|Las|Otr[oa]s|Ejemplos|Algunos ejemplos)\s[^:;]{3,100}?)"
        r"\s(?:son|serán)$"
    ),
    "fr": (r"(?P<np>(?:Les|Quelques|Certain[e]?s|Exemples|D'autres)\s[^:;]{3,100}?)\s(?:sont)$"),
    "de": (r"(?P<np>(?:Die|Einige|Beispiele)\s[^:;]{3,100}?)\s(?:sind)$"),
}
# What makes the phrase name a kind of thing: whose or of what ("... de espacios
# colectivos", "... des membres"), in German a noun after the determiner.
_OWNED = {
    "es": re.compile(r"\s(?:de|del)\s"),
    "fr": re.compile(r"\s(?:de|du|des|d['’])\s?"),
    "de": re.compile(r"^\S+\s(?:\S+\s)*?[A-ZÄÖÜ][a-zäöüß]{2,}"),
}
# Numbers and quantifiers before the noun of the things a subject has.
_HOW_MANY = {
    "es": r"dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|\d{1,2}|varios|varias|"
    r"diversos|diversas|algunos|algunas|distintos|distintas|diferentes",
    "fr": r"deux|trois|quatre|cinq|six|sept|huit|neuf|dix|\d{1,2}|plusieurs|quelques|"
    r"différent(?:e)?s|divers(?:es)?",
    "de": r"zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|\d{1,2}|mehrere|einige|"
    r"verschiedene",
}
_HAS = {"es": r"tiene|tienen", "fr": r"a|ont", "de": r"hat|haben"}


def _which(noun: str, lang: str) -> str | None:
    """ "which" agreeing with a plural noun ("Quelles" before a feminine one)."""
    if lang == "es":
        return "¿Qué"
    if lang == "de":
        return "Welche"
    g = gender(noun, lang)
    return None if g is None else ("Quelles" if g == "f" else "Quels")


def named_first(text: str, lang: str) -> str | None:
    """ "Algunos ejemplos de espacios colectivos son" -> "¿Cuáles son algunos ejemplos de
    espacios colectivos?"."""
    pattern = _NAMED_FIRST.get(lang)
    m = re.match(rf"^{pattern}$", text) if pattern else None
    if m is None:
        return None
    np = m.group("np")
    if re.search(r"\b(?:que|qui|dont|die|der|das)\b.*\b(?:es|est|ist)\b", np):
        return None  # a relative clause that runs on: not one noun phrase
    if not _OWNED[lang].search(np):
        return None  # "Los más comunes son", "Die häufigsten sind": no noun says what
    said = as_object(np)
    if lang == "es":
        return f"¿Cuáles son {said}?"
    if lang == "de":
        return f"Was sind {said}?"
    words = [w for w in np.split()[1:] if w[:1].islower()]
    which = _which(words[0], lang) if words else None
    return f"{which} sont {said} ?" if which else None


def things_had(text: str, lang: str) -> str | None:
    """ "Los espacios colectivos tienen tres atributos" -> "¿Qué atributos tienen los
    espacios colectivos?"."""
    if lang not in _HAS:
        return None
    m = re.match(
        rf"^{subject(lang)}\s(?P<v>{_HAS[lang]})\s(?:(?:{_HOW_MANY[lang]})\s)"
        r"(?P<noun>[^\W\d][\w-]*)(?P<rest>(?:\s[^\W\d][\w'-]*){0,1})$",
        text,
    )
    if m is None:
        return None
    noun, rest = m.group("noun"), m.group("rest") or ""
    if lang == "de" and not noun[:1].isupper():
        return None
    if lang != "de" and not noun.islower():
        return None
    which = _which(noun, lang)
    if which is None:
        return None
    asked = f"{which} {noun}{rest} {m.group('v')} {as_object(m.group('np'))}"
    return f"{asked}?" if lang != "fr" else f"{asked} ?"


# A role's duties introduced by what the role is charged with: (pattern, question), the
# question's "{of}" the role with "of" and its article, "{the}" the role with its article.
_DUTIES = {
    "fr": (
        (
            r"a\spour\s(?:responsabilités?|missions?)\s(?:de|d['’])",
            "Quelles sont les {noun}s {of} ?",
        ),
        (r"a\spour\s(?:tâches?)\s(?:de|d['’])", "Quelles sont les tâches {of} ?"),
        (r"participe\sà", "À quoi participe {the} ?"),
        (r"est\s(?:responsable|chargée?)\sde", "De quoi est {adj} {the} ?"),
    ),
    "es": (
        (r"(?:es|será)\sresponsable\sde", "¿De qué es responsable {the}?"),
        (r"se\sencarga\sde", "¿De qué se encarga {the}?"),
        (
            r"tiene\s(?:como|por)\s(?:responsabilidad(?:es)?|funci(?:ón|ones)|tareas?)",
            "¿Cuáles son las {noun} {of}?",
        ),
    ),
}
# Who the sentence says has the duties: a pronoun, or the role's article in both genders
# ("Le/la", "El/la"), so the role itself is the heading above the list.
_PRONOUN_ROLE = {
    "fr": r"(?:Il|Elle|Il/Elle|Elle/Il|Il\s?\(elle\)|(?:Le/la|La/le|Le\s?\(la\)|Le/La)(?:\s[\w-]+){1,3})",
    "es": r"(?:Él|Ella|Él/Ella|(?:El/la|La/el|El/La|El\s?\(la\))(?:\s[\w-]+){1,3})",
}
# A role named by a heading: up to four words, no figure and no clause punctuation.
_ROLE_NAME = re.compile(r"^[A-ZÀ-Ý][\w'’-]*(?:\s[\w'’-]+){0,3}$")


def _role(heading: str | None, lang: str) -> str | None:
    """The role a heading names, with the article of the generic masculine ("le Product
    Owner", "l'administrateur système", "el jefe de proyecto"), its first letter lowered
    unless every word is capitalised (a title as written)."""
    said = (heading or "").strip()
    if not _ROLE_NAME.match(said) or said.isupper():
        return None
    words = said.split()
    if not all(w[:1].isupper() for w in words) and words[0][1:].islower():
        said = said[:1].lower() + said[1:]
    if lang == "fr" and re.match(r"(?i)[aeiouyàâéèêîôû]", said):
        return f"l'{said}"
    return ("le " if lang == "fr" else "el ") + said


_PLURALS = {
    "responsabilidad": "responsabilidades",
    "responsabilidades": "responsabilidades",
    "función": "funciones",
    "funciones": "funciones",
    "tarea": "tareas",
    "tareas": "tareas",
}


def role_duties(text: str, heading: str | None, lang: str) -> str | None:
    """ "Il/Elle participe à" under the heading "Product Owner" -> "À quoi participe le
    Product Owner ?"; "Le/la PO a pour responsabilité de" -> "Quelles sont les
    responsabilités du Product Owner ?"; a definite subject is said as written."""
    if lang not in _DUTIES:
        return None
    for pattern, asks in _DUTIES[lang]:
        m = re.match(rf"^(?:{_PRONOUN_ROLE[lang]}|{subject(lang)})\s(?P<verb>{pattern})$", text)
        if m is None:
            continue
        the = as_object(m.group("np")) if m.group("np") else _role(heading, lang)
        if the is None:
            return None
        of = _of_the(the, lang)
        if of is None:
            return None
        noun = _duty_noun(m.group("verb"), lang)
        adj = "chargé" if "charg" in m.group("verb") else "responsable"
        return asks.format(the=the, of=of, noun=noun, adj=adj)
    return None


_OF_THE = {
    "fr": (("le ", "du "), ("la ", "de la "), ("l'", "de l'"), ("les ", "des ")),
    "es": (("el ", "del "), ("la ", "de la "), ("los ", "de los "), ("las ", "de las ")),
}


def _of_the(the: str, lang: str) -> str | None:
    """ "of" joined to the article the role opens with ("le PO" -> "du PO")."""
    for article, joined in _OF_THE[lang]:
        if the.startswith(article):
            return joined + the[len(article) :]
    return None


def _duty_noun(verb: str, lang: str) -> str:
    """The noun of duties the verb phrase names, as the question says it."""
    words = verb.split()
    if lang == "fr":
        found = next((w for w in words if w.startswith(("responsabilit", "mission"))), "")
        return found.rstrip("s")
    found = next((w for w in words if w in _PLURALS), "")
    return _PLURALS.get(found, found)
