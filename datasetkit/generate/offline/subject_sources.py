"""Where a document states what it is about when its title does not say.

A title is not the only place a document names its subject, and often not the right one:

- the cover block of a filing or a report: short lines stacked before the first
  paragraph ("<COUNTRY> / <AGENCY> / <FORM NAME> / <COMPANY> CORPORATION / <address>").
  The registrant is the line with a company suffix, else a name line the body keeps
  naming; a place, an agency, a form's name, an address, a date or a version line is
  never the subject. A title line beside it ("<Topic> Insurance Policy") names the rules
  the organisation issues;
- the lead of a press release: "<CITY>, <State> — <date> — <Company> today announced",
  or a title "<Company> Announces ...";
- the first line under a generic title ("Information about product <id>", then
  "<Product name>, price $250"): the title names nothing, its first line does;
- the file's name, when it names a policy, plan or manual ("<Org> - <Topic> Policy_<x>")
  and the body uses its words.

Each finding says where it came from and whether a second place confirms it; a name
that only one weak place gives (mentioned nowhere else) is no finding.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from datasetkit.generate.gate.words import MONTHS, WEEKDAYS
from datasetkit.generate.offline.language.words import DocWords, english_word, unnumbered
from datasetkit.generate.offline.subject_words import RULE_NOUNS, placeholder_title
from datasetkit.knowledge.model import Document

# Nouns that end the name of a document that describes how to do things.
_MANUAL_NOUNS = frozenset(["manual", "handbook", "guide", "guidelines", "procedures"])
# Words of a line that names a place or a public body (a country, a state, an agency):
# such a line heads a filing or a form but is never what the document is about.
_PUBLIC_BODY = frozenset(
    [
        "united",
        "states",
        "state",
        "kingdom",
        "republic",
        "commonwealth",
        "federal",
        "government",
        "county",
        "province",
        "ministry",
        "department",
        "division",
        "commission",
        "agency",
        "bureau",
        "court",
        "council",
        "parliament",
        "congress",
    ]
)
# The first word of a line that names a form, a schedule or an exhibit, not an issuer.
_FORM_WORDS = frozenset(["form", "schedule", "exhibit", "annex", "appendix", "section", "part"])
COMPANY_SUFFIX = re.compile(
    r"(?i)\s*,?\s+(?:Corporation|Corp\.?|Incorporated|Inc\.?|Limited|Ltd\.?|LLC|L\.L\.C\.|"
    r"PLC|GmbH|AG|S\.A\.|SA|N\.V\.|Co\.|Company|Holdings|Group)$"
)
_JOINERS = frozenset(["of", "and", "&", "the", "for", "de"])
# Nouns that make a line of dictionary words the name of a body ("State University").
_BODY_NOUN = re.compile(
    r"\b(?:University|College|School|Institute|Academy|Department|Ministry|Agency|Office|"
    r"Bureau|Council|Association|Federation|Foundation|Society|Company|Bank|Group|Hospital|"
    r"Clinic|Authority|Commission|Board|Trust|Club|Church|Museum|Library|Union|Network|"
    r"Alliance|Partners|Services|Center|Centre)\b"
)
# Words of a document's title, never of an organisation's name.
_TITLE_NOUNS = frozenset(
    ["report", "contents", "introduction", "overview", "summary", "chapter", "edition", "notes"]
)


@dataclass(frozen=True)
class Stated:
    """A subject a document states outside its title, and how sure that is."""

    org: str | None  # the organisation, as the body writes it ("Contoso")
    rules: str | None = None  # the rules it issues, when a line names them ("Travel Policy")
    product: str | None = None  # the product the document describes
    evidence: str = "cover"  # cover, lead, first line or file name
    # True when a second place confirms it (a company suffix, the file's name, the
    # body naming it again and again); an unconfirmed finding is a likely one.
    confirmed: bool = False


def public_body(line: str) -> bool:
    """True for a line that names a place, a public body or a form rather than an
    organisation that issues a document ("UNITED STATES", "<X> COMMISSION", "FORM 10-K",
    "State of <X>")."""
    words = re.findall(r"[A-Za-z][\w.'’-]*", line)
    if not words:
        return True
    if words[0].lower() in _FORM_WORDS:
        return True
    return any(w.lower().strip(".") in _PUBLIC_BODY for w in words)


def _name_line(line: str) -> bool:
    """A short line of capitalised words with no figure: a name or a title on a cover."""
    if re.search(r"\d|[|@/:;]|www\.|https?:", line):
        return False  # a date, an address, a version, a phone number, a web address
    words = line.replace(",", " ").split()
    if not 1 <= len(words) <= 7:
        return False
    return all(w[:1].isupper() or w.lower() in _JOINERS for w in words)


def as_written(name: str, text: str) -> str:
    """``name`` as the body writes it: "MICROSOFT CORPORATION" -> "Microsoft Corporation"
    when the body says so, else in title case when it is set in capitals."""
    pattern = re.compile(r"\b" + r"\s+".join(map(re.escape, name.split())) + r"\b", re.I)
    forms = Counter(m.group(0) for m in pattern.finditer(text) if not m.group(0).isupper())
    if forms:
        return forms.most_common(1)[0][0]
    if name.isupper():
        return " ".join(w if w.lower() in _JOINERS else w.capitalize() for w in name.split())
    return name


def short_name(name: str, text: str) -> str:
    """A company's name without its suffix when the body mostly says it so ("Microsoft"
    for "Microsoft Corporation"): the way a user asks about it."""
    short = COMPANY_SUFFIX.sub("", name).strip(" ,")
    if short == name or not short:
        return name
    alone = len(re.findall(rf"\b{re.escape(short)}\b", text))
    full = len(re.findall(rf"\b{re.escape(name)}", text))
    return short if alone >= 3 and alone > 2 * full else name


def _mentions(name: str, text: str) -> int:
    """How often the body names ``name``, or its first word when that is a name of its own
    (capitalised wherever the running text uses it): a name's usual short form."""
    full = len(re.findall(rf"\b{re.escape(name)}\b", text))
    first = name.split()[0]
    if " " not in name or not _never_lower(first, text):
        return full
    return full + len(re.findall(rf"\b{re.escape(first)}\b", text))


def _never_lower(word: str, text: str) -> bool:
    """True when the running text never writes ``word`` in lower case (a web or mail
    address aside): a name, not a common word that a heading capitalises."""
    low = word.lower()
    if low == word:
        return False
    return re.search(rf"(?<![\w@./]){re.escape(low)}(?![\w@/]|\.\w)", text) is None


def _body(doc: Document) -> str:
    return "\n".join(s.text for s in doc.sections if s.kind in ("paragraph", "list_item", "page"))


def cover_block(doc: Document) -> list[str]:
    """The short lines a document opens with, before its first paragraph of running text
    or its first list (tables set among them are skipped). The heading right above that
    paragraph opens the body's first section, and is no part of the cover unless it is
    the document's first line (its title)."""
    lines: list[str] = []
    last_heading: int | None = None
    for s in doc.sections[:40]:
        if s.record:
            continue
        words = len(s.text.split())
        if s.kind == "list_item" or (s.kind in ("paragraph", "page") and words > 12):
            if last_heading:
                del lines[last_heading:]
            break
        if s.kind == "heading" and words <= 8:
            last_heading = len(lines)
        if s.kind in ("heading", "paragraph") and words <= 8:
            lines.append(s.text.strip())
    return lines


def from_cover(doc: Document) -> Stated | None:
    """The organisation a cover block names, and the rules a title line beside it names."""
    block = cover_block(doc)
    # The body without the cover's own lines: a line does not confirm itself.
    text = "\n".join(
        s.text
        for s in doc.sections
        if s.kind in ("paragraph", "list_item", "page") and s.text.strip() not in block
    )
    lines = [unnumbered(line) for line in block]
    names = [line for line in lines if _name_line(line) and not public_body(line)]
    rules = next(
        (n for n in names if n.split()[-1].lower() in RULE_NOUNS and len(n.split()) > 1), None
    )
    # A line that names a kind of document ("Handbook for", "Annual Report") or ends in a
    # joiner is part of a title set over several lines, not an organisation.
    orgs = [
        n
        for n in names
        if n != rules
        and not {w.lower() for w in n.split()} & (_MANUAL_NOUNS | RULE_NOUNS | _TITLE_NOUNS)
        and n.split()[-1].lower() not in _JOINERS
        and not placeholder_title(n)  # "Sample Document": what the file is, no one's name
        and not _dated(n)  # a cover's issue date ("JAN", "Spring"): no one's name
    ]
    registrant = next((n for n in orgs if COMPANY_SUFFIX.search(n)), None)
    # The document's own title (its title, or the cover's first line) is judged as a title.
    titled = {t.strip().casefold() for t in (doc.title, lines[0] if lines else None) if t}
    if registrant:
        said = _the(short_name(as_written(registrant, text), text))
        return Stated(said, _rules_said(rules, text), evidence="cover", confirmed=True)
    for line in orgs:
        said = as_written(line, text)
        if said != line and said.isupper():
            continue
        # A name line without a suffix is an organisation only when the body keeps
        # naming it (a heading in capitals that the body never repeats is a title) and
        # a word of it is a name ("Contract Information" is a label): one the body never
        # writes in lower case, and no word of the dictionary unless the line says it is
        # a body ("<Field of study>", a subject a cover capitalises, names no one). The
        # document's own title is judged as a title further on (``said_as_thing``).
        body = bool(_BODY_NOUN.search(said)) or line.strip().casefold() in titled
        named = any(
            _never_lower(w, text) and (body or not english_word(w.strip(".,")))
            for w in said.split()
            if w.lower() not in _JOINERS
        )
        if named and _mentions(said, text) >= 3 and said.casefold() in text.casefold():
            said = _unshouted(said)
            return Stated(_the(said), _rules_said(rules, text), evidence="cover", confirmed=False)
    return None


def _dated(line: str) -> bool:
    """Whether every word of a cover line is a month, a day of the week or a season: the
    issue a cover dates, set on a line of its own."""
    words = [w.lower().strip(".") for w in line.split()]
    return all(w in MONTHS or w in WEEKDAYS or w in _SEASONS for w in words)


_SEASONS = frozenset(["spring", "summer", "autumn", "fall", "winter"])


def _unshouted(name: str) -> str:
    """ "<NAME> <NAME> Funds" as a question says it: a run of words the body sets in
    capitals (two or more, longer than an acronym) in title case, as the rest is."""
    shouted = [w for w in name.split() if w.isupper() and w.isalpha() and len(w) > 3]
    if len(shouted) < 2:
        return name
    return " ".join(w.capitalize() if w in shouted else w for w in name.split())


def _the(name: str) -> str:
    """ "The University of X" as a question says it inside a sentence: "the University of X"."""
    return "the " + name[4:] if name.startswith("The ") else name


def _rules_said(rules: str | None, text: str) -> str | None:
    if rules is None:
        return None
    said = as_written(rules, text)
    return said if said.casefold() in text.casefold() else None


_LEAD_VERB = re.compile(
    r"\s+(?:today\s+|has\s+)?(?:announced|announces|reported|reports|unveiled|unveils|"
    r"launched|launches|introduced|introduces)\b"
)
_DASH = re.compile(r"\s+[—–-]{1,2}\s+")


def from_lead(doc: Document, words: DocWords) -> Stated | None:
    """The company a press release's lead or title says announces it: "<CITY> — <date> —
    <Company> today announced ...", "<Company> Announces ..."."""
    text = _body(doc)
    heads = [s.text for s in doc.sections[:6] if s.kind in ("heading", "paragraph")]
    for line in ([doc.title] if doc.title else []) + heads[:4]:
        for part in _DASH.split(line):
            m = _LEAD_VERB.search(part)
            if m is None or m.start() == 0:
                continue
            tokens = part[: m.start()].split()
            if not 1 <= len(tokens) <= 5 or not all(
                t[:1].isupper() or t.lower() in _JOINERS for t in tokens
            ):
                continue
            if tokens[0] in ("The", "It", "We", "This", "Our") or not _never_lower(tokens[0], text):
                continue
            name = short_name(" ".join(tokens).rstrip(","), text)
            if _mentions(name, text) >= 3 and not public_body(name):
                return Stated(name, evidence="lead", confirmed=True)
    return None


_IDENTIFIER = re.compile(r"^[\w-]*(?:_[\w-]*)+:?$|^\d[\w.:-]*$|^[#№]")


def from_first_line(doc: Document, words: DocWords) -> Stated | None:
    """The name the first line under a generic title gives ("Information about product
    <id>" then "<Product name>, price $250"): the title names nothing itself."""
    sections = [s for s in doc.sections[:4] if not s.record]
    if len(sections) < 2 or sections[0].kind != "heading" or sections[1].kind != "paragraph":
        return None
    title = [t.strip(":,") for t in sections[0].text.split() if not _IDENTIFIER.match(t)]
    if not title or not all(words.common(t) or t.lower() in _KIND_WORDS for t in title):
        return None  # the title names something: it is read as a title
    first = re.split(r"[,;:(]|\s[-–—]\s", sections[1].text, maxsplit=1)[0].strip()
    tokens = first.split()
    if not 1 <= len(tokens) <= 5 or not all(t[:1].isupper() or t[:1].isdigit() for t in tokens):
        return None
    if not any(not words.common(t) for t in tokens) or public_body(first):
        return None
    if _byline(tokens):
        return None  # the author's name under an article's title: a person, no subject
    text = _body(doc)
    if _mentions(first, text) < 2:
        return None  # named once, on its own line: nothing confirms it is the subject
    product = any(t.lower() in ("product", "item", "model", "article") for t in title)
    if product:
        return Stated(None, product=first, evidence="first line", confirmed=True)
    return Stated(first, evidence="first line", confirmed=False)


def _byline(tokens: list[str]) -> bool:
    """A person's name with a middle initial ("Ana M Ruiz", "Per O. Berg"): capitalised
    words around one capital letter."""
    if not 3 <= len(tokens) <= 4:
        return False
    ends = (tokens[0], tokens[-1])
    middle = tokens[1:-1]
    return all(re.fullmatch(r"[A-ZÄÖÜÀ-Ý][a-zäöüßà-ÿ’'-]+", t) for t in ends) and all(
        re.fullmatch(r"[A-ZÄÖÜÀ-Ý]\.?", t) for t in middle
    )


# Words a generic title is made of besides the document's own lower-case words.
_KIND_WORDS = frozenset(
    ["information", "about", "product", "item", "details", "overview", "description", "model"]
)
_VERSION = re.compile(r"(?i)^(?:v(?:er)?\.?\s*\d[\w.]*|\d[\d.]*|rev\w*|final|draft|copy)$")


def from_file_name(doc: Document, words: DocWords) -> Stated | None:
    """The rules a file's name gives ("<Org> - <Topic> Insurance Policy_<Line>"), when the
    body uses the title's words and, for the organisation, keeps naming it."""
    stem = Path(doc.path).stem
    parts: list[str] = []
    for piece in re.split(r"\s+[-–—]\s+", stem):
        piece = piece.strip()
        parts += (
            [p.strip() for p in piece.split("_")] if " " in piece else [piece.replace("_", " ")]
        )
    parts = [" ".join(w for w in p.split() if not _VERSION.match(w)) for p in parts]
    parts = [p for p in parts if p]
    text = _body(doc)
    for i, part in enumerate(parts):
        tokens = part.split()
        if len(tokens) < 2 or tokens[-1].lower() not in RULE_NOUNS | _MANUAL_NOUNS:
            continue
        if not all(t[:1].isupper() or t.lower() in _JOINERS for t in tokens):
            continue
        if part.casefold() not in text.casefold():
            return None  # the body never says the name the file is given
        org = next((p for p in parts[:i] if len(p.split()) <= 3 and _mentions(p, text) >= 2), None)
        if org and public_body(org):
            org = None
        if tokens[-1].lower() in RULE_NOUNS:
            return Stated(org, as_written(part, text), evidence="file name", confirmed=True)
        return Stated(org, evidence="file name", confirmed=True) if org else None
    return None
