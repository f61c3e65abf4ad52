"""What the offline generator knows about a chunk's document as a whole: how a user names
it, the period it reports on, the name its title opens with, the organisation it speaks
for and the programs it names."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from datasetkit.generate.contract import Chunk
from datasetkit.generate.offline.defined_speaker import defined_speaker
from datasetkit.generate.offline.instrument_subject import not_a_party
from datasetkit.generate.offline.issuer import issuer
from datasetkit.generate.offline.language.words import (
    DocWords,
    doc_words,
    document_name,
    english_word,
)
from datasetkit.generate.offline.paper import reads_as_paper
from datasetkit.generate.offline.principal_subject import principal_subject
from datasetkit.generate.offline.record_subject import record_of
from datasetkit.generate.offline.report_owner import report_owner
from datasetkit.generate.offline.speaks_for import speaks_for
from datasetkit.generate.offline.subject_sources import from_cover, from_lead, public_body
from datasetkit.generate.offline.subject_words import (
    SOFTWARE_PAGES,
    placeholder_title,
    said_as_thing,
)
from datasetkit.knowledge.model import Document, Section


@dataclass(frozen=True)
class DocContext:
    """What the offline generator knows about a chunk's document as a whole."""

    words: DocWords
    # How a user names the document ("the Employee Handbook"); None when no title says.
    name: str | None = None
    # The period the document reports on, from its title ("May 2025", "Q3 2026").
    period: str | None = None
    # The name the title opens with ("FitPass", "Fabrikam Tools"), if any.
    subject: str | None = None
    # The organisation the document speaks for ("Acme", "Fabrikam Tools"), if named.
    org: str | None = None
    # The named programs, policies and plans its text mentions ("Workplace Violence
    # Prevention Program"): what "this program" under a heading can refer to.
    names: tuple[str, ...] = ()
    # The record the document fills in, as a question names it ("<Name>'s repair
    # estimate"), when it is one (see record_subject).
    record: str | None = None
    # The company a financial statement's title lines name (see tables.statement).
    issuer: str | None = None
    # The report of one person's it is, as a question names it ("the expense report of
    # <person>"), when its header block says (see report_owner).
    report: str | None = None

    def owner(self) -> str:
        """Whose rules these are, as a question says it: "Acme's", "the company's"."""
        if not self.org:
            return "the company's"
        return f"{self.org}'" if self.org.endswith("s") else f"{self.org}'s"


def doc_context(chunk: Chunk) -> DocContext:
    """The :class:`DocContext` of ``chunk`` (from the Document the planner attached)."""
    doc = chunk.meta.get("document")
    if not isinstance(doc, Document):
        return DocContext(doc_words(None))
    words = doc_words(doc)
    titles: list[str | None] = [doc.title, chunk.meta.get("document_title")]
    titles += [s.text for s in title_lines(doc, 8)]
    period = next((p for p in map(report_period, titles[:2]) if p), None)
    # A title that opens with its period ("Fall 2021 ...") names no one by it.
    named = [_PERIOD.sub("", t or "").strip() or None for t in titles]
    # A title line that names a place or a public body ("UNITED STATES") names no one.
    named = [None if t and public_body(t) else t for t in named]
    # A title that only says the file is a stand-in ("Sample Document") names no one.
    named = [None if t and placeholder_title(t) else t for t in named]
    subject = next((n for n in map(lambda t: title_subject(t, words), named[:2]) if n), None)
    # A paper's lines under its title are its authors and their institutions: they
    # name who wrote it, not what it is about (nor who speaks in it).
    paper = reads_as_paper(doc)
    org = next((o for o in (organisation(t, words) for t in named[: 1 if paper else 3]) if o), None)
    body = tuple(s.text for s in doc.sections if s.kind in ("paragraph", "list_item", "page"))
    names = _named_things(id(doc), body)
    name = document_name([doc.title, chunk.meta.get("document_title"), *_named_by(doc)], words)
    if org and not_a_party(doc, org):
        org = None  # an agreement's title line names its programme, not a party to it
    stated = None if paper else from_cover(doc) or from_lead(doc, words)
    if stated and not org:
        org = stated.org  # the registrant a filing's cover names, a release's announcer
    if stated and stated.rules and name and stated.rules.lower().endswith(name[4:].lower()):
        name = f"the {stated.rules}"  # the whole name the cover gives, not its common tail
    if not paper:
        org = org or _spoken_for(doc)  # a handbook page that names its company only in its text
        org = org or defined_speaker(doc)  # a policy's '<Name> ("we", "us")' where it opens
    if org and placeholder_title(org):
        org = None  # a cover line that says the file is a sample names no one
    if org and said_as_thing(org, "\n".join(body)):
        org = None  # "this <Title>", "our <Title>": the document itself, not who wrote it
    record = record_of(doc, words)
    return DocContext(
        words, name, period, subject, org, names, record, issuer(doc), report_owner(doc)
    )


def _spoken_for(doc: Document) -> str | None:
    """The organisation a first-person text speaks for (``speaks_for``), unless its body
    is about another name (``principal_subject``: named in its opening and defined there,
    or named far more): a group that meets "at" a platform is not that platform."""
    found = speaks_for(doc)
    rival = principal_subject(doc) if found else None
    if found and rival and found not in rival.name and rival.name not in found:
        return None
    return found


def title_lines(doc: Document, first_n: int) -> list[Section]:
    """The headings that can title the document, among its first ``first_n`` sections; in
    a workbook only a heading that opens its sheet, since a label further down a sheet
    names one block of it (and never the blocks of another sheet)."""
    first = doc.sections[:first_n]
    if doc.kind != "xlsx":
        return [s for s in first if s.kind == "heading"]
    opened: set[str | None] = set()
    found = []
    for s in first:
        if s.provenance.sheet not in opened and s.kind == "heading":
            found.append(s)
        opened.add(s.provenance.sheet)
    return found


def _named_by(doc: Document) -> list[str]:
    """The headings that can name the document: its title lines, but never a heading
    below a title the document gives at level 0 ("<Name> - Documentation" over "System
    Overview"): that one opens a section of it, whatever kind of text its words say."""
    lines = title_lines(doc, 8)
    top = next((s.level for s in lines), None)
    if top != 0:
        return [s.text for s in lines]
    return [s.text for s in lines if s.level == 0]


_NAMED_THING = re.compile(
    r"\b(?:[A-Z][\w&-]*\s+){1,5}(?:Policy|Plan|Program|Programme|Handbook|Guide)\b"
)


@lru_cache(maxsize=64)
def _named_things(doc_id: int, texts: tuple[str, ...]) -> tuple[str, ...]:
    """Capitalised names of programs, policies and plans in the text, most mentioned first."""
    seen: dict[str, int] = {}
    for text in texts:
        for m in _NAMED_THING.finditer(text):
            name = re.sub(r"^(?:The|Our|This|A|An|At|In)\s+", "", m.group(0))
            if len(name.split()) >= 2:
                seen[name] = seen.get(name, 0) + 1
    return tuple(sorted(seen, key=lambda n: -seen[n]))


_ORG_SUFFIX = re.compile(
    r"(?i)^(?:corporation|corp|inc|ltd|llc|plc|gmbh|ag|sa|group|company|co)\.?$"
)


def organisation(title: str | None, words: DocWords) -> str | None:
    """The organisation a title names, as the text writes it: "<NAME> CORPORATION" ->
    "<Name>" (when the text writes it so), "<Name> <Name> Employee Handbook" -> "<Name>
    <Name>" (the names the title opens with, up to a company suffix)."""
    found: list[str] = []
    tokens = (title or "").split()
    if tokens and tokens[-1].casefold() in SOFTWARE_PAGES:
        return None  # a program's page ("<Name> support matrix"): the name is the program's
    for n, token in enumerate(tokens):
        core = token.strip(",.:;–-")
        if _ORG_SUFFIX.match(core):
            break
        cased = core if not core.isupper() else core.title()
        if not core or not cased[:1].isupper() or not words.name(cased):
            # A title in capitals says its joining words in capitals too ("CODE OF ...").
            if (
                _JOINED.match(core.casefold())
                and n + 1 < len(tokens)
                and tokens[n + 1][:1].isupper()
            ):
                return None  # "<Body> on <Topic> ...": the name goes on past its first words
            break
        found.append(cased)
    after = tokens[len(found)] if len(found) < len(tokens) else ""
    if len(found) == 1 and after.casefold() in _TOPIC_LINK and english_word(found[0]):
        return None  # "Information about <topic>": a word of the title, no one's name
    if len(tokens) == 1 and english_word(found[0] if found else "x"):
        return None  # a heading of one common word ("Purchases") names a topic, no one
    return " ".join(found) if found and len(found) <= 3 else None


# What joins a title's first word to its topic ("Information about ...", "Notes on ...").
_TOPIC_LINK = frozenset(["about", "on", "for", "of", "to", "in", "regarding"])
_JOINED = re.compile(r"^(?:of|on|for|and|&)$")


def title_subject(title: str | None, words: DocWords) -> str | None:
    """The name a title opens with ("<CamelName> Health and Wellness ..." -> its name)."""
    found: list[str] = []
    for token in (title or "").split():
        core = token.strip(",.:;–-")
        camel = bool(re.match(r"^[A-Z][a-z]+[A-Z]\w*$", core))
        if not core or not (camel or (core[:1].isupper() and words.name(core))):
            break
        found.append(core)
    return " ".join(found) if found and len(found) <= 3 else None


_MONTHS = (
    "January|February|March|April|May|June|July|August|September|October|November|December"
    "|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec"
)
_PERIOD = re.compile(
    # A span of months is the whole span ("January-March 2024"), never its last month.
    rf"\b(?:(?:(?:{_MONTHS})\.?\s*[-–—]\s*)?(?:{_MONTHS})\.?\s+(?:19|20)\d\d|Q[1-4]\s*(?:FY\s*)?(?:19|20)?\d\d"
    rf"|(?:H[12]|FY)\s*(?:19|20)?\d\d"
    r"|(?:First|Second|Third|Fourth|1st|2nd|3rd|4th)\s+Quarter\s+(?:of\s+)?(?:19|20)\d\d"
    r"|(?:Spring|Summer|Fall|Autumn|Winter)\s+(?:19|20)\d\d)\b"
)


def report_period(title: str | None) -> str | None:
    """The period a report's title names ("Sales Summary – May 2025" -> "May 2025")."""
    if not title:
        return None
    m = _PERIOD.search(title)
    return m.group(0) if m else None
