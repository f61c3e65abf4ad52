"""The name of an agreement, an addendum or a solicitation, as a question says it.

A contract's title is often its kind alone ("Master Agreement", "Sales Agreement", "Bid
Terms"): every contract an agent holds has one, so "under the Master Agreement" does not
say which. A document is an instrument when its body keeps calling itself "this <Kind>"
("this Agreement", "this Participating Addendum", "this ITB"), or its title is such a kind.
What names it is read where contracts put it, in this order:

- its own name, written on the cover and in the file's name: the longest run of the
  file name's words that the body writes as a phrase ("<Name> <Name> 19,000 <Name>"),
  said "the <name> <Kind>";
- a party by its role: a cover line "Contractor: <Company>" (or Supplier, Vendor,
  Seller, Licensor, Provider), said "<Company>'s <Kind>"; the participating entity or
  the buyer is never taken for the contractor;
- the parties a preamble names, "by and between <A>, ... and <B>, ...": "the <Kind>
  between <A> and <B>";
- a name in the file's name that the body keeps writing (a party whose role it does not
  say): "<Name>'s <Kind>".

A kind with none of these keeps the subject it had; a name that is a place or a public
body is never one.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from datasetkit.generate.offline.subject_sources import COMPANY_SUFFIX, as_written, public_body
from datasetkit.knowledge.model import Document

# Nouns an instrument calls itself by, and the words that only say what kind it is.
_NOUNS = (
    r"Agreement|Addendum|Contract|Amendment|ITB|RFP|RFB|RFQ|Solicitation|Lease|License|Licence|MOU"
)
_GENERIC = frozenset(
    [
        "master",
        "purchasing",
        "purchase",
        "participating",
        "sales",
        "sale",
        "service",
        "services",
        "supply",
        "bid",
        "terms",
        "conditions",
        "and",
        "the",
        "of",
        "general",
        "standard",
        "framework",
        "this",
        "agreement",
        "addendum",
        "contract",
        "amendment",
        "itb",
        "rfp",
        "rfb",
        "rfq",
        "solicitation",
        "lease",
        "license",
        "licence",
        "mou",
    ]
)
_SELF = re.compile(rf"\b[Tt]his ((?:[A-Z][\w-]*\s+){{0,3}}(?:{_NOUNS}))\b")
_ROLE = re.compile(
    r"^(?:Contractor|Supplier|Vendor|Seller|Licensor|Provider|Consultant)(?:\s+Name)?\s*:\s*"
    r"(?P<name>[A-Z][\w&.,' -]{1,60})$"
)
_BETWEEN = re.compile(
    r"\bby and between\s+(?P<a>[A-Z][\w&.' -]{1,50}?)(?:,|\s+\(|\s+and\s)"
    r".{0,400}?\band\s+(?P<b>[A-Z][\w&.' -]{1,50}?)(?:,|\s+\(|\.\s)",
    re.DOTALL,
)
_VERSION = re.compile(r"(?i)^(?:v(?:er)?\d[\w.]*|\d{5,}|docx?|pdf|final|draft|executed|copy)$")
_JOINERS = frozenset(["and", "of", "&", "the", "for"])


def generic(name: str) -> bool:
    """True for a name that only says what kind of instrument it is ("the Master
    Agreement", "Bid Terms", "SALES AGREEMENT")."""
    words = re.findall(r"[A-Za-z]+", name)
    return bool(words) and all(w.lower() in _GENERIC for w in words)


def self_kind(text: str) -> str | None:
    """The kind the body calls itself by, at least three times ("this Master Agreement"
    -> "Master Agreement"); its most specific form among the most used."""
    counts = Counter(m.group(1) for m in _SELF.finditer(text))
    if not counts:
        return None
    kind, n = counts.most_common(1)[0]
    if n < 3:
        return None
    longer = [k for k, c in counts.items() if k.endswith(" " + kind) and 2 * c >= n and generic(k)]
    return max(longer, key=len) if longer else kind


def instrument_of(doc: Document, titled: str | None) -> tuple[str, str, str, str] | None:
    """(name, identifying phrase, where it was read, kind) of the instrument ``doc`` is,
    whose title says only its kind (``titled``, "Master Agreement") or nothing."""
    text = "\n".join(s.text for s in doc.sections)
    kind = self_kind(text)
    if titled:
        titled = titled.title() if titled.isupper() else titled
        if kind is None or titled.split()[-1].lower() == kind.split()[-1].lower():
            kind = titled
    named = instrument_name(doc, kind, text) if kind else None
    return (*named, kind) if named and kind else None


def instrument_name(doc: Document, kind: str, text: str) -> tuple[str, str, str] | None:
    """How a question names the instrument ``doc`` is (of ``kind``): (the name, the
    phrase that identifies it, where it was read); None when nothing names it."""
    tokens = _file_tokens(doc)
    phrase = _file_phrase(tokens, text)
    if phrase and not generic(phrase):
        name = phrase if phrase.lower().endswith(kind.lower()) else f"{phrase} {kind}"
        return f"the {name}", phrase, "file name"
    role = _by_role(doc, text)
    if role:
        return f"{_owner(role)} {kind}", role, "cover"
    between = _BETWEEN.search(text[:3000])
    if between:
        a, b = (_party(between.group(g), text) for g in ("a", "b"))
        if a and b and a != b:
            return f"the {kind} between {a} and {b}", a, "cover"
    named = _file_party(tokens, text)
    if named:
        return f"{_owner(named)} {kind}", named, "file name"
    return None


def _owner(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _file_tokens(doc: Document) -> list[str]:
    stem = Path(doc.path).stem
    stem = re.sub(r"\.(?:docx?|pdf|xlsx?)$", "", stem, flags=re.IGNORECASE)
    tokens = [t for t in re.split(r"[\s_]+|\s*[-–—]\s*", stem) if t]
    return [t for t in tokens if not _VERSION.match(t)]


def _file_phrase(tokens: list[str], text: str) -> str | None:
    """The longest run of three file-name words or more (two of them capitalised names)
    that the body writes as one phrase, allowing the commas, "and" and plurals a file
    name drops ("Servers, Storage Solutions, and ..." for "Server_Storage_Solutions")."""
    for size in range(min(len(tokens), 10), 2, -1):
        for i in range(len(tokens) - size + 1):
            run = tokens[i : i + size]
            if run[0].lower() in _JOINERS or run[-1].lower() in _JOINERS:
                continue
            if sum(1 for t in run if t[:1].isupper() and t.isalpha()) < 2:
                continue
            found = _written(run, text)
            if found and not public_body(found) and not generic(found):
                return found
    return None


def _written(run: list[str], text: str) -> str | None:
    parts = []
    for t in run:
        word = re.escape(t)
        parts.append(word + r"(?:e?s)?" if t.isalpha() else word)
    pattern = r"(?<![\w-])" + r"[\s,.]*(?:and\s+|&\s+)?".join(parts) + r"(?![\w])"
    m = re.search(pattern, text, re.IGNORECASE)
    if m is None or not m.group(0)[:1].isupper():
        return None
    return m.group(0)


def _by_role(doc: Document, text: str) -> str | None:
    """The contractor a cover line names by its role ("Contractor: <COMPANY> CORP.")."""
    for s in doc.sections[:60]:
        m = _ROLE.match(s.text.strip())
        if m:
            name = _party(m.group("name"), text)
            if name:
                return name
    return None


def _party(raw: str, text: str) -> str | None:
    """A party's name as a question says it: without its company suffix, in the case the
    body writes it (an acronym in capitals stays so); None for a place or public body."""
    name = COMPANY_SUFFIX.sub("", raw.strip(" ,.")).strip(" ,.")
    if not name or len(name.split()) > 6 or public_body(name) or generic(name):
        return None
    if name.isupper():
        said = as_written(name, text)
        if said.isupper() or said == name:
            said = " ".join(w if len(w) <= 3 else w.capitalize() for w in name.split())
        name = said
    return name


def parties(doc: Document, text: str) -> list[str]:
    """The parties the cover names by their role or the preamble between whom."""
    found = [p for p in [_by_role(doc, text)] if p]
    between = _BETWEEN.search(text[:3000])
    if between:
        found += [p for p in (_party(between.group(g), text) for g in ("a", "b")) if p]
    return found


def _file_party(tokens: list[str], text: str) -> str | None:
    """A capitalised word of the file's name that the body writes at least five times, and
    always capitalised: a party the file is named for ("<Company>_-_Master_Agreement")."""
    for t in tokens:
        if not (t[:1].isupper() and t.isalpha() and len(t) > 2) or t.lower() in _GENERIC:
            continue
        if public_body(t):
            continue
        lower = re.search(rf"(?<![\w@./]){t.lower()}(?![\w@/]|\.\w)", text)
        if len(re.findall(rf"\b{t}\b", text)) >= 5 and lower is None:
            return t  # a web address ("www.<name>.com") is no mention in lower case
    return None


def renamed(question: str, name: str, kind: str) -> str:
    """``question`` with its generic mention of the instrument ("the Master Agreement",
    "this Agreement", "the Bid Terms") said by ``name``, once."""
    noun = kind.split()[-1]
    generic_words = r"(?:(?:Master|Purchasing|Participating|Sales|Bid|Service|Services)\s+){0,3}"
    # Capitalised as a defined term ("the Agreement"): "a contract" in lower case may be
    # any contract the text speaks of.
    m = re.search(
        rf"\b(?:[Tt]he|[Tt]his)\s+{generic_words}(?:{re.escape(noun)}|{_NOUNS}|Bid Terms)\b(?!['’])",
        question,
    )
    if m is None:
        return question
    return question[: m.start()] + name + question[m.end() :]


def not_a_party(doc: Document, org: str) -> bool:
    """True when ``doc`` is an instrument and ``org`` (read from a title line) is its kind
    or none of the parties it names: a programme's or a portfolio's title ("<NAME>
    SOLUTIONS 2016-2026") is not whose rules or figures these are."""
    text = "\n".join(s.text for s in doc.sections)
    if self_kind(text) is None:
        return False
    named = parties(doc, text)
    if generic(org):
        return True  # "Sales Agreement": the title's kind, read as a name
    said = org.casefold()
    return bool(named) and not any(said in p.casefold() or p.casefold() in said for p in named)
