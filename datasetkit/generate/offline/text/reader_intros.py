"""Two more shapes of a German, French or Spanish sentence that introduces a list, asked in
the language's own words (beside those of :mod:`list_intros`):

- the things listed in the passive, "the following <things> are <done>:" ("Folgende Daten
  werden erhoben:", "Les données suivantes sont collectées :", "Se recogen los
  siguientes datos:") -> "which <things> are <done>?", an adverb of the clause kept;
- what the reader has or may do, the reader addressed ("Sie haben folgende Rechte:",
  "Unter ... können Sie jederzeit folgende Rechte ausüben:", "Ihnen stehen ... folgende
  Rechte zu:", "Vous disposez des droits suivants :", "Usted tiene los siguientes
  derechos:") -> "which <things> do I have / can I <do>?", said in the first person as a
  user asks it.

Privacy notices, terms of use and member guides list what is collected, kept or passed on,
and the rights a reader holds, in these clause shapes. A phrase fronted before the verb
("Unter den angegebenen Kontaktdaten ...") says how or where, not what, and is left out;
what the sentence says before its last clause is left to the other forms.
"""

from __future__ import annotations

import re

# A noun of listed things: a capitalised German noun (a compound with hyphens kept).
_DE_NOUN = r"[A-ZÄÖÜ][\wäöüß-]+"
# Adverbs a German passive intro may hold between its verb and its participle.
_DE_ADVERBS = r"(?:(?:dabei|hierbei|insbesondere|automatisch|regelmäßig|jeweils|u\.\s?a\.)\s)*"
_DE_PARTICIPLE = r"[a-zäöüß]+(?:t|en)"
_DE_MODAL = {"können": "kann", "dürfen": "darf", "müssen": "muss", "sollen": "soll"}
# What a reader may do with a right: German infinitives that take it as their object.
_DE_EXERCISE = r"ausüben|geltend\smachen|wahrnehmen|nutzen|in\sAnspruch\snehmen"
# A phrase that says under which law, kept in the question ("nach der DSGVO").
_DE_LAW = r"(?:nach|gemäß|laut|aus)\s(?:der|dem|den|des)?\s?[^,;:]{2,40}?"


def _de_passive(text: str) -> str | None:
    """ "Folgende Daten werden erhoben" -> "Welche Daten werden erhoben?"."""
    m = re.match(
        rf"^(?:(?:Dabei|Hierbei|Hierzu|Im\sEinzelnen|Konkret)\s(?P<v1>werden|wird)\s)?"
        rf"[Ff]olgende[n]?\s(?P<noun>{_DE_NOUN}(?:\s{_DE_NOUN})?)\s"
        rf"(?:(?P<v2>werden|wird)\s)?(?P<adv>{_DE_ADVERBS})(?P<part>{_DE_PARTICIPLE})$",
        text,
    )
    if m is None or bool(m.group("v1")) == bool(m.group("v2")):
        return None
    verb = m.group("v1") or m.group("v2")
    # "dabei", "hierbei" point at the sentence before, "insbesondere" at a longer list:
    # the question keeps only an adverb that says how ("automatisch").
    adverbs = re.sub(r"(?:dabei|hierbei|insbesondere|jeweils|u\.\s?a\.)\s", "", m.group("adv"))
    return f"Welche {m.group('noun')} {verb} {adverbs}{m.group('part')}?"


def _de_reader(text: str) -> str | None:
    """ "Sie haben folgende Rechte" -> "Welche Rechte habe ich?"; "Unter ... können Sie
    jederzeit folgende Rechte ausüben" -> "Welche Rechte kann ich ausüben?"; "Ihnen stehen
    nach der DSGVO folgende Rechte zu" -> "Welche Rechte stehen mir nach der DSGVO zu?"."""
    has = re.match(
        rf"^(?:[^:;]{{3,80}}?\s)?(?:haben\sSie|Sie\shaben)\s(?:folgende|diese|die\sfolgenden)\s"
        rf"(?P<noun>{_DE_NOUN})$",
        text,
    )
    if has:
        return f"Welche {has.group('noun')} habe ich?"
    may = re.match(
        rf"^(?:[^:;]{{3,80}}?\s(?P<m1>{'|'.join(_DE_MODAL)})\sSie|Sie\s(?P<m2>{'|'.join(_DE_MODAL)}))"
        rf"\s(?:jederzeit\s|insbesondere\s)?(?:folgende|die\sfolgenden)\s(?P<noun>{_DE_NOUN})\s"
        rf"(?P<inf>{_DE_EXERCISE})$",
        text,
    )
    if may:
        modal = _DE_MODAL[may.group("m1") or may.group("m2")]
        return f"Welche {may.group('noun')} {modal} ich {may.group('inf')}?"
    due = re.match(
        rf"^Ihnen\sstehen\s(?:als\s[\wäöüß-]+\s)?(?P<law>{_DE_LAW}\s)?"
        rf"(?:folgende|verschiedene|die\sfolgenden)\s(?P<noun>{_DE_NOUN})\szu(?:,\s(?:die|welche)\s.*)?$",
        text,
    )
    if due:
        law = f" {due.group('law').strip()}" if due.group("law") else ""
        return f"Welche {due.group('noun')} stehen mir{law} zu?"
    return None


def _fr(text: str) -> str | None:
    """ "Les données suivantes sont collectées" -> "Quelles données sont collectées ?";
    "Vous disposez des droits suivants" -> "De quels droits est-ce que je dispose ?"."""
    m = re.match(
        r"^(?:[^:;]{3,80}?,\s)?[Ll]es\s(?P<noun>[a-zà-ÿ]+s)\ssuivant(?P<f>e?)s\s(?P<v>sont|seront)\s"
        r"(?P<part>[a-zà-ÿ]+(?:és|ées|is|ises))$",
        text,
    )
    if m:
        which = "Quelles" if m.group("f") else "Quels"
        return f"{which} {m.group('noun')} {m.group('v')} {m.group('part')} ?"
    m = re.match(
        r"^(?:[^:;]{3,80}?,\s)?[Vv]ous\s(?:disposez|bénéficiez)\sdes\s(?P<noun>[a-zà-ÿ]+s)\s"
        r"suivant(?P<f>e?)s$",
        text,
    )
    if m:
        which = "quelles" if m.group("f") else "quels"
        return f"De {which} {m.group('noun')} est-ce que je dispose ?"
    return None


def _es(text: str) -> str | None:
    """ "Se recogen los siguientes datos" -> "¿Qué datos se recogen?"; "Usted tiene los
    siguientes derechos" -> "¿Qué derechos tengo?"."""
    m = re.match(
        r"^(?:[^:;]{3,80}?,\s)?[Ss]e\s(?P<v>[a-zá-ú]+(?:an|en))\s(?:los|las)\ssiguientes\s"
        r"(?P<noun>[a-zá-úñ]+s)$",
        text,
    )
    if m:
        return f"¿Qué {m.group('noun')} se {m.group('v')}?"
    m = re.match(
        r"^(?:[^:;]{3,80}?,\s)?(?:[Uu]sted\s)?(?:tiene|dispone\sde)\s(?:los|las)\ssiguientes\s"
        r"(?P<noun>[a-zá-úñ]+s)$",
        text,
    )
    if m:
        verb = "dispongo" if "dispone" in text else "tengo"
        return (
            f"¿De qué {m.group('noun')} {verb}?"
            if verb == "dispongo"
            else (f"¿Qué {m.group('noun')} {verb}?")
        )
    return None


def reader_lists(text: str, lang: str) -> str | None:
    """The question a passive or reader-addressed list introduction asks in ``lang``, or
    None (``text``: its last clause, numbering and colon removed)."""
    if lang == "de":
        return _de_passive(text) or _de_reader(text)
    if lang == "fr":
        return _fr(text)
    if lang == "es":
        return _es(text)
    return None
