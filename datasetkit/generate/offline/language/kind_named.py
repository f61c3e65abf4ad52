"""The organisation a document names once and then calls by its kind, said by its name in
a question that calls it by that kind alone.

Statutes, articles and contracts name their own organisation in one clause and then say
"the association", "the Company", "der Verein", "la asociación" throughout. A question
lifted from such a text ("Comment est administrée l'association ?") asks about nothing a
reader of many documents can place. The naming clause gives the name:

- French: "une association ... ayant pour titre / dénommée / dite « <Name> »", with
  "abrégé en « <ACR> »" after it;
- Spanish: "una asociación ... denominada / llamada «<Name>»";
- German: "Der Verein führt den Namen „<Name>“";
- English: "<Name> (the "Company")", "<Name>, hereinafter (called) the Company", "The
  name of the association is <Name>".

A question that says the kind noun alone ("l'association", "the Company's") then says
it with the name ("l'association <ACR>", "<Name>'s"), once. Nothing changes when the
document names two different organisations of that kind (which one is unclear), when the
question already says the name, or in any answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from datasetkit.generate.contract import Chunk
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.knowledge.model import Document

# The kinds of organisation each language names itself by, as the naming clause says
# them (singular, any case).
_KINDS = {
    "fr": "association|société|fondation|fédération|coopérative|mutuelle|amicale",
    "es": "asociación|fundación|sociedad|federación|cooperativa|corporación",
    "de": "Verein|Stiftung|Gesellschaft|Verband|Genossenschaft",
    "en": "company|association|foundation|society|corporation|club|organi[sz]ation",
}
_OPEN = '«"“„»‚‹'
_CLOSE = '»"”“«‘›'
# A name inside quotes, its emphasis marks dropped later.
_QUOTED = rf"[{_OPEN}]\s*(?P<name>[^{_CLOSE}\n]{{2,80}}?)\s*[{_CLOSE}]"
_FR_SHORT = rf"(?:,?\s*(?:abrégée?|en abrégé|sigle)\s*(?:en|:)?\s*:?\s*[{_OPEN}]\s*(?P<short>[^{_CLOSE}\n]{{2,20}}?)\s*[{_CLOSE}])?"
# A German name written without quotes runs to the end of its sentence.
_DE_BARE = r"(?P<bare>[A-ZÄÖÜ][^.;:\n„“\"«»]{1,80}?)(?=\s*(?:\.\s|\.$|\.\n|;|\sund\s))"
_CLAUSES = {
    "fr": rf"(?i:\b(?P<kind>{_KINDS['fr']})\b)[^.;{_OPEN}]{{0,200}}?\b(?i:ayant pour (?:titre|nom|dénomination)|a pour (?:titre|nom|dénomination)|dénommée|dite|nommée|appelée)\s*:?\s*{_QUOTED}{_FR_SHORT}",
    "es": rf"(?i:\b(?P<kind>{_KINDS['es']})\b)[^.;{_OPEN}]{{0,200}}?\b(?i:denominada|llamada|con (?:el nombre|la denominación) de|se denomina(?:rá)?)\s*:?\s*{_QUOTED}",
    "de": rf"\b(?:Der|Die|Das) (?P<kind>{_KINDS['de']}) führt den Namen\s*:?\s*(?:{_QUOTED}|{_DE_BARE})",
    "en": r"(?P<name>(?:[A-Z][\w&'’.-]*\s+){0,5}[A-Z][\w&'’.-]*),?\s+\(?(?:hereinafter|hereafter)?\s*(?:(?:referred to as|called)\s+)?(?:the\s+)?[\"“](?P<kind>Company|Association|Foundation|Society|Corporation)[\"”]\)?",
}
_EN_NAME_OF = re.compile(
    rf"\bThe name of (?:the|this) (?P<kind>{_KINDS['en']}) (?:shall be|is)\s+(?:{_QUOTED}|(?P<bare>[A-Z][^.,;\n]{{1,80}}))"
)


@dataclass(frozen=True)
class KindName:
    """The organisation a document calls by ``kind``, and the name a question says."""

    kind: str  # "association", "Verein", "company" (lower case but German)
    said: str  # "ACR", "Les Amis du Parc"
    names: tuple[str, ...]  # every form the document names it by


@lru_cache(maxsize=16)
def kind_name(text: str, lang: str) -> KindName | None:
    """The one organisation ``text``'s naming clauses name, or None: none, or two
    different names of one kind."""
    if lang not in _CLAUSES:
        return None
    found: list[KindName] = []
    matches = list(re.finditer(_CLAUSES[lang], text))
    if lang == "en":
        matches += list(_EN_NAME_OF.finditer(text))
    for m in matches:
        name = _clean(m.group("name") or m.groupdict().get("bare") or "")
        if not name or name.casefold() == m.group("kind").casefold():
            continue
        short = _clean(m.groupdict().get("short") or "")
        kind = m.group("kind") if lang == "de" else m.group("kind").casefold()
        found.append(KindName(kind, short or name, tuple(n for n in (name, short) if n)))
    kinds = {f.kind.casefold() for f in found}
    said = {f.said.casefold() for f in found}
    if len(kinds) != 1 or len(said) != 1:
        return None  # none, or two organisations (or two kinds): which one is unclear
    return found[0]


def _clean(name: str) -> str:
    """A name without its emphasis marks and the spaces around them."""
    return re.sub(r"\s+", " ", re.sub(r"[*_]{1,3}", "", name)).strip(" ,;:")


def said_with_kind_name(question: str, text: str, lang: str) -> str:
    """``question`` with the kind noun that stands for the document's organisation said
    with its name (see the module), or ``question`` unchanged."""
    found = kind_name(text, lang)
    if found is None or any(n.casefold() in question.casefold() for n in found.names):
        return question
    if lang == "en":
        return _english(question, found)
    kind = re.escape(found.kind)
    if lang == "de":
        pattern = rf"\b(?:der|die|das|dem|den|des) (?P<noun>{kind}(?:e?s)?)\b"
    elif lang == "fr":
        pattern = (
            rf"(?i:\b(?:l['’]|la |le |cette |cet |de l['’]|de la |du ))(?P<noun>(?i:{kind}))\b"
        )
    else:
        pattern = rf"(?i:\b(?:la|el|esta|este|de la|del) )(?P<noun>(?i:{kind}))\b"
    # Not before a name of its own ("l'Association de Protection Civile", said in full).
    m = re.search(pattern + r"(?!\s*[-'’«\"“„A-ZÀ-Ý0-9]|\s(?:de|du|des|del)\s[A-ZÀ-Ý])", question)
    if m is None:
        return question
    end = m.end("noun")
    if found.said.casefold().startswith(found.kind.casefold() + " "):
        # The name opens with its kind ("Association de ..."): said in place of the noun.
        return question[: m.start("noun")] + found.said + question[end:]
    return question[:end] + " " + found.said + question[end:]


def _english(question: str, found: KindName) -> str:
    """ "the Company" -> "<Name>", "the Company's" -> "<Name>'s"."""
    m = re.search(rf"\b[Tt]he (?i:{re.escape(found.kind)})\b(?![-\w]| [A-Z])", question)
    if m is None:
        return question
    return question[: m.start()] + found.said + question[m.end() :]


def kind_named(cands: list[Candidate], chunk: Chunk, lang: str) -> list[Candidate]:
    """``cands`` with each question's bare kind noun said with the organisation's name."""
    doc = chunk.meta.get("document")
    if not cands or not isinstance(doc, Document):
        return cands
    text = "\n".join(s.text for s in doc.sections)
    out = []
    for c in cands:
        said = said_with_kind_name(c.question, text, lang)
        out.append(c if said == c.question else replace(c, question=said))
    return out
