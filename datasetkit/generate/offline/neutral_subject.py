"""The subject of a document not in English, from evidence every language shares, and
the last step that says it in the questions that name nothing of their own.

The English reading of a subject (``doc_subject``) rests on English titles ("<Company>
Employee Handbook") and English voice ("we", "our"). A document in another language
gives its subject by marks that do not depend on its words:

- an acronym its title names that its body then uses as the actor of its rules, far
  more than any other acronym ("<ACR> – <FULL NAME>" over "<ACR> tem por objecto ...");
- the one company its text names by a legal form ("<Name> GmbH", "<Name> S.A."), in a
  text that speaks as "we" of that company, or whose title, running header or footer, or
  web address names it;
- else the one name all its mail and web addresses share ("info@<name>.ch"), which its
  "we" text writes as a name again and again.

When neither gives one clear name, or the two give different names (a plan of one
company written by another), there is no subject: a wrong name in every question is
worse than none. The question then says the subject the way its language does
(``language.subject_phrases``).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace

from datasetkit.generate.contract import Chunk
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.controller import controller_name
from datasetkit.generate.offline.language.full_names import said_in_full
from datasetkit.generate.offline.language.kind_named import kind_name, said_with_kind_name
from datasetkit.generate.offline.language.subject_phrases import said_with_subject
from datasetkit.generate.offline.paper import reads_as_paper
from datasetkit.generate.offline.per_document import PerDocument
from datasetkit.generate.offline.principal_subject import principal_subject
from datasetkit.knowledge.model import Document

# An acronym: two to six capitals (digits after the first allowed), never a roman numeral.
_ACRONYM = re.compile(r"(?<![\w-])[A-Z][A-Z0-9]{1,5}(?![\w-])")
_ROMAN = re.compile(r"[IVXLCDM]+")
# Legal forms of companies and associations, across the languages the forms speak.
_LEGAL_FORM = (
    r"GmbH|AG|KG|OHG|SE|e\.\s?V\.|mbH|S\.A\.|SA|S\.L\.|SL|SAS|SARL|S\.A\.R\.L\.|Lda\.?|"
    r"Ltda\.?|S\.p\.A\.|SpA|S\.r\.l\.|Srl|B\.V\.|BV|N\.V\.|NV|Ltd\.?|Inc\.?|LLC|PLC|plc"
)
# A name with a legal form: one to three capitalised words before it ("Profitlich GmbH").
_COMPANY = re.compile(
    rf"(?<![\w-])(?P<name>(?:[A-ZÄÖÜÀ-Ý][\w&’'-]*\s+){{0,2}}[A-ZÄÖÜÀ-Ý][\w&’'-]*)"
    rf",?\s+(?P<form>{_LEGAL_FORM})(?![\w])"
)
# The first person plural of each language: a text that speaks for its organisation.
_WE = re.compile(
    r"(?i)\b(?:we|our|us|wir|uns|unser\w*|nous|notre|nos|nosotros|nosotras|nuestr[oa]s?|"
    r"nós|noss[oa]s?|noi|nostr[oaie])\b"
)
# The articles a company's name can follow, in any of the languages.
_ARTICLES = "der|die|das|dem|den|des|le|la|du|el|del|o|a|do|da|il|lo|della"
# The kinds of organisation said with a feminine article, whose elided French article
# ("l'") opens with a vowel.
_FEMININE = frozenset(
    {
        "association",
        "asociación",
        "fondation",
        "fundación",
        "fédération",
        "federación",
        "cooperativa",
        "coopérative",
        "mutuelle",
        "amicale",
        "sociedad",
        "corporación",
    }
)
MIN_ACRONYM_USES = 5  # an actor of the body, not a passing mention
MIN_WE = 3
MIN_MENTIONS = 3


@dataclass(frozen=True)
class Named:
    """A document's subject as a question of its language says it."""

    name: str  # "CNIG", "Profitlich"
    # Every way a question may already say it ("CNIG", "Conselho Nacional ...").
    phrases: tuple[str, ...]


def neutral_subject(doc: Document) -> Named | None:
    """The subject of ``doc`` from language-neutral evidence, or None (see the module)."""
    return _DECIDED.get(doc, lambda: _decided(doc))


def _decided(doc: Document) -> Named | None:
    body = "\n".join(s.text for s in doc.sections if s.kind != "heading")
    # Where a document puts its own name: its title, its first headings, and a running
    # header or footer repeated on every page.
    titles = [doc.title, *(s.text for s in doc.sections[:3] if s.kind == "heading")]
    titles += [s.text for s in doc.sections if s.provenance.part in ("header", "footer")]
    title = "\n".join(t for t in titles if t)
    text = "\n".join(s.text for s in doc.sections)
    acronym = _title_acronym(title, body)
    company = _legal_name(title, text)
    if acronym and company and acronym.name.casefold() not in company.name.casefold():
        return acronym if company.name not in title else None  # two names compete
    return acronym or company or _site_name(text)


_DECIDED: PerDocument[Named | None] = PerDocument()


def _title_acronym(title: str, body: str) -> Named | None:
    """The acronym the title names and the body uses most, at least three times as often
    as any other acronym."""
    counts = Counter(
        a for a in _ACRONYM.findall(body) if not _ROMAN.fullmatch(a) and not a.isdigit()
    )
    ranked = counts.most_common(2)
    if not ranked:
        return None
    top, uses = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    if uses < MIN_ACRONYM_USES or uses < 3 * second:
        return None
    if not re.search(rf"(?<![\w-]){re.escape(top)}(?![\w-])", title):
        return None
    full = _expansion(top, title + "\n" + body)
    return Named(top, (top, full) if full else (top,))


def _expansion(acronym: str, text: str) -> str | None:
    """The full name the text gives the acronym: "<ACR> – <Full Name>" or "<Full Name>
    (<ACR>)"; the words whose initials spell it."""
    words = r"(?:[\w’'-]+\s+){1,9}?[\w’'-]+"
    for m in re.finditer(
        rf"{re.escape(acronym)}\s*[–—-]\s*(?P<a>{words})(?=[\"”»,.;\n]|$)"
        rf"|(?P<b>{words})\s*\({re.escape(acronym)}\)",
        text,
    ):
        full = (m.group("a") or m.group("b")).strip()
        initials = "".join(w[0] for w in full.split() if w[:1].isupper())
        if initials.upper().endswith(acronym) or acronym in initials.upper():
            return full
    return None


def _legal_name(title: str, text: str) -> Named | None:
    """The one company the text names by its legal form, when the text speaks as "we"
    or its title or a web address names the company too."""
    names = {m.group("name"): m.group(0) for m in _COMPANY.finditer(text)}
    names = {
        n: full
        for n, full in names.items()
        # "<ACR>, SA" in an address, "Die AG ..." (a word the text also writes in lower
        # case): no company's own name.
        if not _ACRONYM.fullmatch(n.split()[-1]) and not any(_lowered(w, text) for w in n.split())
    }
    if len(names) != 1:
        return None  # none, or several companies: which one the rules are of is unclear
    name, full = next(iter(names.items()))
    key = name.split()[0].casefold()
    sites = " ".join(re.findall(r"[\w.-]+@[\w.-]+|(?:https?://|www\.)[\w.-]+", text)).casefold()
    if len(_WE.findall(text)) < MIN_WE and name not in title and key not in sites:
        return None
    # A name the text writes after an article ("die <Name> GmbH") is said whole, with
    # that article; else by its name alone ("bei <Name>").
    article = re.search(rf"(?i)\b(?:{_ARTICLES})\s+{re.escape(full)}", text)
    return Named(full if article else name, (name, full))


def _lowered(word: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(word.lower())}(?![\w-])", text) is not None


_ADDRESS = re.compile(r"[\w.+-]+@(?P<mail>[\w.-]+)|(?:https?://|www\.)(?P<site>[\w.-]+)")


def _site_name(text: str) -> Named | None:
    """The organisation whose web or mail addresses the document gives, all under one
    name ("info@<name>.ch", "www.<name>.ch"), when its "we" text writes that name at
    least three times outside the addresses."""
    labels = set()
    for m in _ADDRESS.finditer(text):
        parts = [p for p in (m.group("mail") or m.group("site")).lower().split(".") if p]
        parts = [p for p in parts if p not in ("www", "mail")]
        if len(parts) >= 2:
            labels.add(parts[-2])
    if len(labels) != 1 or len(_WE.findall(text)) < MIN_WE:
        return None
    words = next(iter(labels)).split("-")
    prose = _ADDRESS.sub(" ", text)
    said = re.findall(
        r"(?i)(?<![\w.@-])" + r"[\s-]".join(map(re.escape, words)) + r"(?![\w-])", prose
    )
    written = Counter(w for w in said if w[:1].isupper())
    if not written or sum(written.values()) < MIN_MENTIONS:
        return None
    name = written.most_common(1)[0][0]
    return Named(name, (name,))


def named_in_language(cands: list[Candidate], chunk: Chunk, lang: str) -> list[Candidate]:
    """``cands`` with the document's subject said in each question that names nothing
    of its own, in the question's language."""
    doc = chunk.meta.get("document")
    if not cands or not isinstance(doc, Document):
        return cands
    text = "\n".join(s.text for s in doc.sections)
    subject = _controller(doc)
    if subject is None:
        subject = neutral_subject(doc) or _principal(doc) or _kind_subject(text, lang)
    elif not subject.name:
        subject = None  # a private person: no subject, rather than another party's name
    out = []
    for c in cands:
        said = said_with_kind_name(said_in_full(c.question, text, lang), text, lang)
        if subject is not None:
            said = said_with_subject(said, subject.name, subject.phrases, lang, text)
        out.append(c if said == c.question else replace(c, question=said))
    return out


def _controller(doc: Document) -> Named | None:
    """The controller a privacy notice names (``controller``), with no name for a private
    person; None when the document names no controller."""
    name = controller_name(doc)
    return None if name is None else Named(name, (name,) if name else ())


def _principal(doc: Document) -> Named | None:
    """The principal subject the body names (``principal_subject``), but in a paper,
    whose names are its topic's and its sources'."""
    if reads_as_paper(doc):
        return None
    found = principal_subject(doc)
    return Named(found.name, (found.name,)) if found else None


# The phrase a French or Spanish question names an organisation by with its kind
# ("l'association <Name>", "la asociación <Name>"): its organs' questions ("le bureau")
# say whose.
_KIND_PHRASE = {"fr": "l'{kind} {name}", "es": "la {kind} {name}"}


def _kind_subject(text: str, lang: str) -> Named | None:
    """The organisation the naming clause gives (``kind_named``), said with its kind, when
    no other subject is found; only for a feminine kind, whose article is sure."""
    found = kind_name(text, lang)
    if found is None or lang not in _KIND_PHRASE or found.kind not in _FEMININE:
        return None
    if found.said.casefold().startswith(found.kind):
        return None  # "Association de ...": the name says its kind already
    said = _KIND_PHRASE[lang].format(kind=found.kind, name=found.said)
    if lang == "fr" and found.kind[:1] not in "aeiouéè":
        said = "la " + said[2:]  # "la fondation <Name>": elided before a vowel only
    return Named(said, found.names)
