"""What a document is about, and questions that say it.

A case is asked of an agent that holds many documents, so "What is the warranty
period?" or "How often are reviews held?" has an answer in every manual or handbook it
holds. A document has a subject when the evidence for one is clear:

- its title names it: "<Name> <kind of document>" ("<Company> Employee Handbook",
  "<Product> User Manual", "<Company> price list") names the organisation or product
  before the kind of document; a title that ends with a policy, plan, program or
  agreement names a set of rules ("<Company> Returns and Warranty Policy");
- a title that is a name alone (a letterhead) counts only when the body names it often;
- a title that names nothing ("Annual Report", "Product Manual") leaves it to the body:
  the name it uses most, when it is an organisation that says "we" and "our" or one with
  a company suffix, and clearly ahead of any other name.

When the title does not say (or names a place or a public body, as a filing's does), the
subject is read where documents put it (``subject_sources``): the cover block's
registrant, a press release's lead, the first line under a generic title, the file's
name. Weak evidence gives no subject (no question is better than a wrong name in it).

Before the document's subject, the author's "we" and "our" are said as the
organisation's (``speaker``).

The last step over every written case (text and table forms alike) puts the subject in
a question that names nothing specific (``subject_said``); it leaves alone, in a
product's document, a question under a heading that names another product.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from datasetkit.generate.contract import Chunk
from datasetkit.generate.gate.words import MONTHS
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.context import (
    DocContext,
    report_period,
    said_as_thing,
    title_lines,
)
from datasetkit.generate.offline.full_name import longer_form
from datasetkit.generate.offline.guide_subject import guide_subject, run_in_code
from datasetkit.generate.offline.instrument_subject import (
    generic,
    instrument_of,
)
from datasetkit.generate.offline.language.words import DocWords, unnumbered
from datasetkit.generate.offline.operated import operated
from datasetkit.generate.offline.paper import reads_as_paper
from datasetkit.generate.offline.per_document import PerDocument
from datasetkit.generate.offline.place_subject import as_place, place_of, place_said
from datasetkit.generate.offline.release_title import product_of, released
from datasetkit.generate.offline.shaped_said import sequence_only
from datasetkit.generate.offline.shaped_subject import shaped_subject
from datasetkit.generate.offline.speaker import said_by_owner
from datasetkit.generate.offline.subject_said import (
    SOFTWARE_KINDS,
    Subject,
    from_shape,
    with_subject,
)
from datasetkit.generate.offline.subject_sources import (
    Stated,
    from_cover,
    from_file_name,
    from_first_line,
    from_lead,
    public_body,
)
from datasetkit.generate.offline.subject_words import (
    DOC_KINDS,
    DOC_QUALIFIERS,
    RULE_NOUNS,
    SOFTWARE_PAGES,
    placeholder_title,
)
from datasetkit.generate.offline.tables.example_place import placed
from datasetkit.generate.offline.title_name import as_written, repeated_title, spelt, titled_kind
from datasetkit.knowledge.model import Document

# Kinds of document that say nothing of who wrote them: what they name is a product or a
# topic, said "for" it ("for <Name>"), never "at" it.
_NEUTRAL_DOCS = frozenset(["overview", "summary", "document", "notes", "sheet"])
# Kinds of document that describe a product (what a title's name before them is).
_PRODUCT_DOCS = frozenset(
    [
        "manual",
        "manuals",
        "guide",
        "instructions",
        "datasheet",
        "specifications",
        "documentation",
        *SOFTWARE_PAGES,
    ]
)
_ORG_SUFFIX = re.compile(
    r"\b(?:Inc|Corp|Corporation|Ltd|LLC|PLC|GmbH|AG|Company|Co|Group|Holdings|Bank|"
    r"University|College|Institute|Foundation|Association|Agency|Department)\b\.?$"
)
# Kinds of document a title can open with ("Handbook for <Audience>").
_GUIDE_FIRST = frozenset(["handbook", "manual", "guide", "guidelines"])
_CUT = re.compile(r"\s*(?:,|:|;|\||\s[-–—]\s).*$")


def subject_of(chunk: Chunk, ctx: DocContext) -> Subject | None:
    """The subject of ``chunk``'s document, or None when the evidence is weak."""
    doc = chunk.meta.get("document")
    if not isinstance(doc, Document):
        return None
    return _DECIDED.get(doc, lambda: _subject(doc, chunk, ctx))


def _subject(doc: Document, chunk: Chunk, ctx: DocContext) -> Subject | None:
    titles = [doc.title, chunk.meta.get("document_title")]
    titles += [s.text for s in title_lines(doc, 3)][:1]
    # A running header repeats the document's title on every page of many documents.
    titles += [s.text for s in doc.sections if s.provenance.part == "header"][:1]
    titles.append(running_line(doc))  # a running footer, its page number taken off
    # A title that says the file is a sample or a template names no subject of it.
    return _decided(doc, tuple(t for t in titles if t and not placeholder_title(t)), ctx)


_PAGE_NUMBER = re.compile(r"(?i)\s*(?:\bpage\s*)?\d+(?:\s*[-–]\s*\d*)?\s*$|\s*\bpage\s*[-–]?\s*$")
MIN_RUNNING = 3  # pages a header or footer line repeats on before it is the document's


def running_line(doc: Document) -> str | None:
    """The line a document's running headers or footers repeat on most pages, its page
    number taken off ("<Title> Page 3-" -> "<Title>"); None when none repeats."""
    lines = Counter(
        _PAGE_NUMBER.sub("", s.text).strip()
        for s in doc.sections
        if s.provenance.part in ("header", "footer")
    )
    found = [(n, line) for line, n in lines.items() if len(re.findall(r"[A-Za-z]+", line)) >= 2]
    if not found:
        return None
    n, line = max(found)
    return line if n >= MIN_RUNNING else None


# The subject of each document read so far.
_DECIDED: PerDocument[Subject | None] = PerDocument()


def _decided(doc: Document, titles: tuple[str, ...], ctx: DocContext) -> Subject | None:
    shaped = None if ctx.record else shaped_subject(doc, titles)
    if shaped is not None:  # a CV's person, a reference page's function, a call's company
        return from_shape(shaped)
    found = _read(doc, titles, ctx)
    if found is not None and found.evidence not in ("title", "body") and reads_as_paper(doc):
        # A paper's first lines are its authors and institutions: what names the paper's
        # subject is its title, or the system its text keeps naming.
        return None
    found = _as_instrument(doc, found) or operated(doc, found)
    if found is not None and _software(found, doc):
        # A program is a product: what a user does is done in it, never "at" it.
        kind = "product" if found.kind == "organisation" else found.kind
        found = replace(found, software=True, kind=kind)
    if found is not None and found.kind == "organisation" and not found.org:
        text = "\n".join(s.text for s in doc.sections if s.kind in ("paragraph", "list_item"))
        if said_as_thing(found.name.removeprefix("the "), text):
            return None  # "this <Title>": the document itself, not who wrote it
        if found.evidence == "body" and reads_as_paper(doc):
            return None  # a paper's title names its topic, which no question is "at"
    found = _of_titled_kind(doc, titles, found) or found
    if found is not None and found.software and not found.name.startswith("the "):
        # A program's name as its text spells it ("docx4j"), not as a title capitalises it.
        said = as_written(found.name, "\n".join(s.text for s in doc.sections))
        found = replace(found, name=said, phrases=(said, *found.phrases[1:]))
    core = found.name.removeprefix("the ") if found else ""
    full = longer_form(core, "\n".join(s.text for s in doc.sections)) if found else None
    if found is None or full is None:
        return found
    # "<ACR>" said as the document's longer form ("<Organisation> <ACR>", its expansion).
    return replace(found, name=full, phrases=(full,), short=core)


def _software(found: Subject, doc: Document) -> bool:
    """Whether the subject is a piece of software: its name ends with the kind of software
    it is ("<Name> Add-In"), the page's code imports or runs it, or the text says so
    ("<Name> is an open-source framework ...", "<Name> is a Ruby gem")."""
    if found.kind not in ("organisation", "product") or found.org:
        return False
    name = found.name.removeprefix("the ")
    if name.split()[-1].casefold() in SOFTWARE_KINDS:
        return True
    code = [s.text for s in doc.sections if s.kind == "code"]
    if " " not in name and run_in_code(name.casefold(), code):
        return True
    text = "\n".join(s.text for s in doc.sections if s.kind in ("paragraph", "list_item"))
    kinds = "|".join(re.escape(k) for k in SOFTWARE_KINDS)
    # "<Name> (<ACR>) is a lightweight SDK": its short form may stand between.
    said = (
        rf"(?i:the )?(?i:{re.escape(name)})(?: \([^()]{{1,20}}\))? is (?i:an?|the) "
        rf"(?:[\w-]+ ){{0,4}}?(?i:{kinds})s?\b"
    )
    return re.search(said, text) is not None


def _of_titled_kind(
    doc: Document, titles: tuple[str, ...], found: Subject | None
) -> Subject | None:
    """ "the <Title> middleware" when the text says the thing its title names is a kind of
    software ("The <Title> middleware allows ..."), and the subject read so far is none
    or a word of that title (a program's name the title opens with)."""
    text = "\n".join(s.text for s in doc.sections if s.kind in ("paragraph", "list_item"))
    core = found.name.removeprefix("the ").casefold() if found else ""
    if found is not None and not found.software and found.kind != "product":
        return None
    for title in titles:
        tokens = _CUT.sub("", unnumbered(title)).split()
        while tokens and tokens[-1].casefold() in DOC_KINDS:
            tokens.pop()  # "<Name> Documentation": the page, not what it documents
        name = " ".join(tokens)
        if found is not None and found.evidence == "title" and core not in name.casefold():
            continue  # a program the title names otherwise is not this one
        if found is not None and found.software and core == name.casefold():
            return None  # the title is the program's own name already
        said = titled_kind(name, text, SOFTWARE_KINDS)
        if said:
            plain = said.removeprefix("the ").rsplit(" ", 1)[0]
            return Subject(said, "product", "title", (plain,), software=True)
    return None


def _as_instrument(doc: Document, found: Subject | None) -> Subject | None:
    """An agreement or a solicitation that its title names by its kind alone (or not at
    all), named by what names this one (``instrument_subject``)."""
    titled = found.phrases[-1] if found is not None and found.kind == "rules" else None
    if found is not None and not generic(titled or "x") and not generic(found.org or "x"):
        return None
    named = instrument_of(doc, titled if titled and generic(titled) else None)
    if named is None:
        return None
    name, phrase, evidence, kind = named
    return Subject(name, "rules", evidence, (phrase,), kind.split()[-1].lower(), None, True, kind)


def _read(doc: Document, titles: tuple[str, ...], ctx: DocContext) -> Subject | None:
    if ctx.record:  # a filled-in record: its fields and tables are asked of it
        return Subject(ctx.record, "product", "title", (ctx.record.removeprefix("the "),))
    body = (s.text for s in doc.sections if s.kind in ("paragraph", "list_item", "page"))
    text = "\n".join(body)
    for title in titles:
        release = released(title, text)
        if release:  # a release announcement: its facts are the release's
            general = product_of(release)
            return Subject(release, "product", "title", (release,), software=True, general=general)
    for title in titles:
        # A title line that names a place or a public body ("UNITED STATES") heads a
        # filing; what the filing is about is stated below it.
        found = None if public_body(title) else _from_title(title, ctx, text)
        if found:
            return as_place(found, text)
    program = guide_subject(doc, titles)
    if program:  # a program's guide, titled by its topic: the program it is about
        return Subject(program, "product", "body", (program,), software=True)
    stated = from_first_line(doc, ctx.words) or from_cover(doc) or from_lead(doc, ctx.words)
    if stated:
        return _confirmed(from_stated(stated, text), from_file_name(doc, ctx.words))
    last = ctx.name.split()[-1] if ctx.name else ""
    if ctx.name and last.lower() in RULE_NOUNS and last[:1].isupper() and " " in ctx.name[4:]:
        # A title such as "Policy Title: Employee Reimbursement Policy" that the
        # document's name was read from: its rules, named as the document is. A name
        # in sentence case ("Travel policy") is a kind of document, not a policy's name.
        return Subject(ctx.name, "rules", "title", (ctx.name[4:],), ctx.name.split()[-1].lower())
    named = from_file_name(doc, ctx.words)
    if named:
        return from_stated(named, text)
    place = place_of(doc, titles, text, ctx.words)  # a report about a country, a region, a city
    found = _from_body(text, ctx.words)
    return found or (Subject(place[0], "place", "title", (place[0],), place[1]) if place else None)


def from_stated(stated: Stated, text: str) -> Subject:
    """The :class:`Subject` a cover, a lead, a first line or a file name states."""
    if stated.product:
        name = stated.product
        head = name.split()[-1].lower()
        phrases = (name, " ".join(name.split()[:-1])) if " " in name else (name,)
        if re.search(rf"\b(?:the|your) {re.escape(head)}\b", text, re.IGNORECASE):
            return Subject(
                f"the {name}", "product", stated.evidence, phrases, head, None, stated.confirmed
            )
        return Subject(name, "product", stated.evidence, phrases, None, None, stated.confirmed)
    if stated.rules:
        rules = stated.rules
        head = rules.split()[-1].lower()
        org = stated.org
        if org and not rules.casefold().startswith(org.casefold()):
            name = f"the {org} {rules}"
            return Subject(
                name, "rules", stated.evidence, (org, rules), head, org, stated.confirmed
            )
        return Subject(
            f"the {rules}", "rules", stated.evidence, (rules,), head, None, stated.confirmed
        )
    org = stated.org or ""
    return Subject(
        _as_said(org), "organisation", stated.evidence, (org,), None, None, stated.confirmed
    )


def _confirmed(subject: Subject, other: Stated | None) -> Subject:
    """``subject``, marked confirmed when the file's name states the same organisation or
    rules."""
    if subject.confirmed or other is None:
        return subject
    said = " ".join(subject.phrases).casefold()
    named = [n for n in (other.org, other.rules, other.product) if n]
    if named and all(n.casefold() in said for n in named):
        return replace(subject, confirmed=True)
    return subject


def _proper(token: str, words: DocWords) -> bool:
    """A token a name is made of: a word the body capitalises, an acronym, a model code."""
    core = token.strip("(),.;:'’\"")
    if not core or not core[:1].isupper():
        return False
    if re.fullmatch(r"[A-Z]{2,6}s?|(?:[A-Z]\.){2,}[A-Z]?\.?", core):
        return True  # IBM, U.S.
    if re.search(r"[A-Za-z]\d|\d[A-Za-z]|^[A-Z][a-z]+[A-Z]|^[A-Z]{2,}[a-z]{2,}", core):
        return True  # X4, Mark8, TrailMaster, an acronym run into a word (SQLite)
    return words.name(core)


def _from_title(title: str, ctx: DocContext, text: str) -> Subject | None:
    period = report_period(title)
    plain = unnumbered(title.replace(period, " ") if period else title)
    tokens = _CUT.sub("", plain).split()
    if not tokens or len(tokens) > 10 or plain.rstrip().endswith(("!", "?")):
        return None  # a title that exclaims or asks ("Hello, <Tool>!") names no one
    tokens += _kind_after(plain)
    if tokens[-1].lower() in RULE_NOUNS:
        return _rules(tokens, ctx)
    guide = _guide_for(tokens)
    if guide:
        return guide
    kinds = []
    while tokens and tokens[-1].lower() in DOC_KINDS | DOC_QUALIFIERS:
        kinds.append(tokens.pop().lower())
    run = (
        _name_run(tokens, ctx.words)
        or _sentence_case_name(plain.split(), tokens)
        or repeated_title(tokens, text)
    )
    if not run:
        return None
    name = " ".join(run)
    rest = tokens[len(run) :]
    if kinds and not any(k in DOC_KINDS for k in kinds[:1]) and not rest:
        return None
    if any(k in _PRODUCT_DOCS | _NEUTRAL_DOCS for k in kinds):
        return _product(tokens, run, rest, text, ctx.words)
    mentions = text.count(name)
    if kinds and (not rest or mentions):
        return Subject(_as_said(name), "organisation", "title", (name,))
    # A title that is a name alone (a letterhead, a sender): the body must name it
    # often, about once in every thousand words, or it is not what the text is about.
    if not rest and mentions and mentions * 1000 >= max(len(text.split()), 1):
        return Subject(_as_said(name), "organisation", "body", (name,))
    return None


def _kind_after(title: str) -> list[str]:
    """The kind of document a title names after a dash or a colon ("<Name> - Complete
    Documentation", "<Name>: User Guide"), as the word that ends it; [] when the part after
    it is anything else (a topic, a tagline) or the part before names a kind already."""
    cut = _CUT.search(title)
    if cut is None:
        return []
    head = title[: cut.start()].split()
    tail = re.findall(r"[^\W\d_][\w'’-]*", cut.group(0))
    if not head or head[-1].lower() in DOC_KINDS or not 1 <= len(tail) <= 3:
        return []
    if re.match(r"\s*[,;]", cut.group(0)) or tail[-1].lower() not in DOC_KINDS:
        return []  # "<Name>, <place>": no kind of document after a comma
    return [tail[-1]]


def _guide_for(tokens: Sequence[str]) -> Subject | None:
    """ "Handbook for <Audience>": a kind of document named first, then whom it is for,
    in capitals; the rules it sets are asked "under" it."""
    if len(tokens) < 3 or tokens[0].lower() not in _GUIDE_FIRST or tokens[1] not in ("for", "of"):
        return None
    if not all(t[:1].isupper() or t.isdigit() for t in tokens[2:]):
        return None
    name = " ".join(tokens)
    return Subject(f"the {name}", "rules", "title", (name,), tokens[0].lower())


def _product(
    tokens: list[str], run: list[str], rest: list[str], text: str, words: DocWords
) -> Subject | None:
    """What a manual, a guide or an overview is about: "<Product> Tent User Manual" ->
    "the <Product> Tent" (the kind of thing, "tent", is what the text calls it), else
    the capitalised words before the kind of document."""
    name = " ".join(run)
    if rest and not all(w[:1].isupper() for w in rest):
        return None
    full = " ".join(tokens)
    head = rest[-1].lower() if rest else None
    if head and re.search(rf"\b(?:the|your) {re.escape(head)}\b", text, re.IGNORECASE):
        return Subject(f"the {full}", "product", "title", (name,), head)
    if rest and all(words.common(w) for w in rest):
        # "<Company> Customer Support Guide": a topic of the company's, not a product's name
        return Subject(_as_said(name), "organisation", "title", (name,))
    return Subject(full, "product", "title", (name,))


def _name_run(tokens: Sequence[str], words: DocWords) -> list[str]:
    """The proper name a title opens with, up to three words ("of" and "&" inside)."""
    run: list[str] = []
    for i, token in enumerate(tokens):
        joiner = token in ("of", "&", "and") and 0 < i < len(tokens) - 1
        if _proper(token, words) or (joiner and _proper(tokens[i + 1], words)):
            run.append(token.strip(",;:"))
        else:
            break
    if run and run[0] == "The":
        run = run[1:]
    return run if 0 < len(run) <= 5 else []


def _sentence_case_name(title: Sequence[str], tokens: Sequence[str]) -> list[str]:
    """In a title in sentence case ("<Name> <Name> price list, spring 2026") the words
    capitalised after the first are a name: its opening run of two capitalised words or
    more, when the document has no running text to tell its names by."""
    if not any(t.isalpha() and t.islower() and len(t) > 3 for t in title[1:]):
        return []  # Title Case: every word is capitalised, names or not
    run = []
    for token in tokens:
        if not token[:1].isupper():
            break
        run.append(token.strip(",;:"))
    return run if 2 <= len(run) <= 4 else []


def _rules(tokens: list[str], ctx: DocContext) -> Subject | None:
    """A policy, plan or program named by its title: "<Company> <Topic> Policy"."""
    if not all(t[:1].isupper() or t.lower() in ("and", "of", "&", "for", "the") for t in tokens):
        return None
    run = _name_run(tokens, ctx.words)
    rest = tokens[len(run) :]
    head = tokens[-1].lower()
    if run and len(rest) >= 1:
        org = " ".join(run)
        owner = f"{org}'" if org.endswith("s") else f"{org}'s"
        title = " ".join(rest)
        return Subject(f"{owner} {title}", "rules", "title", (org, title), head, org)
    if len(tokens) < 2:
        return None  # "Policy": which one?
    title = " ".join(tokens[1:] if tokens[0] == "The" else tokens)
    if ctx.org:
        owner = ctx.owner()
        return Subject(f"{owner} {title}", "rules", "title", (ctx.org, title), head, ctx.org)
    return Subject(f"the {title}", "rules", "title", (title,), head)


def _as_said(name: str) -> str:
    return "the " + name[4:] if name.startswith("The ") else name


_NAME = re.compile(r"(?<![\w.])[A-Z][\w&’'-]*(?:\s+(?:of\s+|&\s+)?[A-Z][\w&’'-]*){0,3}")
# A number after a capitalised word: the word labels a numbered thing or a date.
_LABEL_NUMBER = re.compile(r"[ \t]+\d")
_WE = re.compile(r"\b(?:we|our|us)\b", re.IGNORECASE)


def _from_body(text: str, words: DocWords) -> Subject | None:
    """The organisation the body names most, when it clearly is what the text is about:
    a document that says "we" and "our" (at least one word in a hundred) or a name with
    a company suffix, named at least five times and twice as often as any other name."""
    counts: Counter[str] = Counter()
    for sentence in re.split(r"(?<=[.!?])\s+|\n", text):
        for m in _NAME.finditer(sentence):
            if m.start() == 0 and " " not in m.group(0):
                continue  # a capitalised first word of a sentence is no name
            name = re.sub(r"['’]s?$", "", m.group(0))  # "<Name>’s" is a mention of <Name>
            if _LABEL_NUMBER.match(sentence, m.end()) or name.casefold() in MONTHS:
                continue  # a caption's label ("Listing 3-1", "Figure 2"), a date's month
            if all(_proper(t, words) or t in ("of", "&") for t in name.split()):
                counts[name] += 1
    ranked = counts.most_common(2)
    if not ranked:
        return None
    name, top = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    if top < 5 or top < 2 * second:
        return None
    if not _ORG_SUFFIX.search(name) and len(_WE.findall(text)) * 100 < len(text.split()):
        return None  # a name used often (a law, a method, a place) is not the subject
    elif not _ORG_SUFFIX.search(name) and re.fullmatch(r"[A-Z0-9-]+s?|\S*\d\S*", name):
        return None  # a paper's "we" and its method's acronym ("BERT", "BM25")
    if re.search(r"\b(?:Inc|Corp|Ltd|Co)$", name) and f"{name}." in text:
        name += "."  # "Fabrikam Inc.": the abbreviation as the text writes it
    return Subject(_as_said(name), "organisation", "body", (name,))


def named_subject(cands: list[Candidate], chunk: Chunk, ctx: DocContext) -> list[Candidate]:
    """The written cases of ``chunk`` with the document's subject put in each question
    that names nothing specific (the last step, over every form's cases)."""
    # "What is the next category of image?": a place in a sequence no reader can place.
    cands = [c for c in cands if not sequence_only(c.question)]
    subject = subject_of(chunk, ctx)
    # The author's "we" and "our" first: said as the organisation's, or not asked.
    speaker = _speaker(subject, ctx)
    voiced = [(c, said_by_owner(c.question, speaker, chunk.text)) for c in cands]
    cands = [c if q == c.question else replace(c, question=q) for c, q in voiced if q]
    doc = chunk.meta.get("document")
    if subject is None:
        return cands
    if subject.kind == "place":
        cands = place_said(cands, subject.name)
    path = chunk.provenance.heading_path
    if subject.kind == "product" and path and _others_named(path[-1], subject, ctx.words):
        # A section about another named thing (a manual's accessory, a catalogue's
        # other model): its facts are not the product's. An organisation's or a
        # policy's sections are all its own, whatever their headings name.
        return cands
    names = code_names(doc) if isinstance(doc, Document) and subject.software else frozenset()
    if subject.software and subject.name[:1].islower():
        cands = [spelt(c, subject.name) for c in cands]
    # A question of an example table says where it holds ("in the hero table").
    return [
        c if placed(c.question) else with_subject(c, subject, ctx.words, ctx.name, names)
        for c in cands
    ]


_CODE_WORD = re.compile(r"(?<![\w.])[A-Za-z_][A-Za-z0-9_]{1,60}")


def code_names(doc: Document) -> frozenset[str]:
    """The names a document's code uses (its types, functions, keywords), read once."""
    return _CODE_NAMES.get(
        doc,
        lambda: frozenset(
            m.group(0)
            for s in doc.sections
            if s.kind == "code"
            for m in _CODE_WORD.finditer(s.text)
        ),
    )


_CODE_NAMES: PerDocument[frozenset[str]] = PerDocument()


def _speaker(subject: Subject | None, ctx: DocContext) -> str | None:
    """The organisation a document speaks for, as a question names it."""
    if subject is not None and subject.org:
        return subject.org
    if subject is not None and subject.software and ctx.org and ctx.org in subject.name:
        return None  # the program's own name in its title, not an organisation that speaks
    if (
        subject is not None
        and subject.kind == "organisation"
        and not subject.name.startswith("the ")
    ):
        return subject.name
    return ctx.org


def _others_named(heading: str, subject: Subject, words: DocWords) -> bool:
    said = " ".join(subject.phrases).casefold()
    return any(
        _proper(t, words) and t.strip("(),.;:").casefold() not in said
        for t in unnumbered(heading).split()[1:]
    )
