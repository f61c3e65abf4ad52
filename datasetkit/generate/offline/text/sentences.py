"""The sentence pass: every paragraph and list item of a text chunk, sentence by sentence,
asked by the sentence forms of the registry.

For each paragraph or list item, the item forms first (one that asks claims it whole);
else, for each sentence, the definition forms, then (when none asks) the statement
forms, tried again on the rest of a sentence that opens with a label. A statement's
question is named by the document and heading it sits under and its answer takes the
next sentence when that one finishes it (a caveat, the number it lacks); the second
forms then ask what else the sentence answers, and the figure forms what its answer
states.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TypeVar

from datasetkit.generate.offline.candidate import Candidate, Fact
from datasetkit.generate.offline.forms.registry import Content, Form, kind_traits
from datasetkit.generate.offline.language.words import (
    first_person,
    is_fluff,
    sentences,
    singular_of,
)
from datasetkit.generate.offline.letter_head import letter_head, letter_named
from datasetkit.generate.offline.naming import (
    HAS_FIGURE,
    demonstrative_named,
    named_by_label,
    named_by_topic,
    names_its_subject,
    this_document,
)
from datasetkit.generate.offline.text.commands import examples, option_lines, usage_command
from datasetkit.generate.offline.text.entries import opens_entry
from datasetkit.generate.offline.text.lists import LABEL_LINE, subject_intro
from datasetkit.generate.offline.text.view import Sentence, TextChunk
from datasetkit.knowledge.model import Section

# "Emergency Services: The plan does not ...": a label before the statement.
_LABEL = re.compile(r"^[A-Z][\w &/-]{1,40}:\s+(?=[A-Z])")

T = TypeVar("T")


_APOSTROPHE = re.compile(r"(?<=\w)[’‘](?=\w)")


def _first(found: Iterable[T | None]) -> T | None:
    """The first of ``found`` that is not None (the rest are never made)."""
    return next((f for f in found if f is not None), None)


# The marks of a document's legal notice (copyright, trademarks, warranties disclaimed):
# a paragraph with two of them, one a copyright or trademark mark, is the publisher's
# boilerplate, and what it says is no question a reader of the document asks.
_OWNERSHIP = re.compile(
    r"(?i)©|\(c\)\s*\d{4}|\bcopyright\b|\ball rights reserved\b|\btrademarks?\b"
)
_DISCLAIMER = re.compile(
    r"(?i)\bwarrant(?:y|ies)\b|\bexpress(?:ed)? or implied\b|\bwithout (?:the )?(?:express |prior )*"
    r"written (?:permission|consent)\b|\bintellectual property\b|\bendorsement\b"
)


def legal_notice(text: str) -> bool:
    """True for a paragraph that is a document's legal notice (copyright and disclaimers)."""
    marks = len(_OWNERSHIP.findall(text)) + len(_DISCLAIMER.findall(text))
    return marks >= 2 and bool(_OWNERSHIP.search(text))


def sentence_candidates(text: TextChunk, forms: Sequence[Form]) -> list[Candidate]:
    """Every question the paragraphs and list items of ``text`` answer, in their order."""
    by: dict[Content, list[Form]] = {}
    for f in forms:
        by.setdefault(f.content, []).append(f)
    figures = kind_traits().figures
    out: list[Candidate] = []
    intro_of = {id(s): subject_intro(r) for r in text.runs for s in r.items}
    line_label: str | None = None  # the last "Data Security Audits:" line above
    for section in text.body:
        if section.kind == "code":
            out.extend(_listed_options(section, text, by.get("definition", [])))
            continue
        found_label = LABEL_LINE.match(section.text.strip())
        # "<Term> means the following:" opens a definition, not a label over the text.
        if found_label and section.kind != "list_item" and not opens_entry(section.text):
            line_label = found_label.group("label")
            continue
        if section.kind == "list_item" and intro_of.get(id(section)):
            parts = [section.text.strip()]
        elif section.kind == "list_item" or section.kind in ("paragraph", "page"):
            parts = sentences(section.text)
        else:
            continue
        if legal_notice(section.text):
            continue
        # A typographic apostrophe inside a word ("can’t", "you’re") reads as the plain one
        # every clause pattern is written with.
        parts = [_APOSTROPHE.sub("'", p) for p in parts]
        item = _first(f.make(section, text) for f in by.get("item", []))
        if item is not None:
            out.append(item)
            continue
        for i, sentence in enumerate(parts):
            said = Sentence(
                sentence,
                section,
                text,
                intro_of.get(id(section)),
                parts[i - 1] if i > 0 else "",
                tuple(parts[i + 1 :]),
                line_label,
                text.path,
            )
            out.extend(_asked(said, by, figures))
    return out


def _listed_options(section: Section, text: TextChunk, forms: Sequence[Form]) -> list[Candidate]:
    """The options a fixed-width block lists, one a line, and the tasks an example block
    shows (a comment over its commands), each read as a sentence that defines its option
    or names its task (only the definition forms ask it)."""
    out: list[Candidate] = []
    command = usage_command(text.chunk.meta.get("document"))
    program = command.split()[0] if command else None
    entries = [o.line for o in option_lines(section)]
    entries += [e.text for e in examples(section, program)] if program else []
    for entry in entries:
        said = Sentence(entry, section, text, path=text.path)
        found = _first(f.make(said) for f in forms)
        if found is not None:
            out.append(found)
    return out


# The end of a sentence that leads into an example shown after it ("..., e.g., to pin a
# version:", "..., for example:", "..., z. B.:", "..., par exemple :", "..., por ejemplo:"):
# what the sentence states is said before it.
_EXAMPLE_LEAD = re.compile(
    r"(?:,|;|\s[-–—])\s{0,3}(?:e\.\s?g\.|for example|for instance|z\.\s?B\.|zum Beispiel|"
    r"par exemple|por ejemplo)(?:[\s,][^:]{0,200})?\s?:\s*$",
    re.IGNORECASE,
)


def _asked(
    said: Sentence, by: dict[Content, list[Form]], figures: frozenset[str]
) -> list[Candidate]:
    """The questions one sentence answers, second questions first."""
    out: list[Candidate] = []
    found = _first(f.make(said) for f in by.get("definition", []))
    if found is None:
        statements = by.get("statement", [])
        found = _statement(said, statements, figures)
        label = _LABEL.match(said.sentence)
        if found is None and label:  # "Emergency Services: The plan does not ..."
            bare = Sentence(said.sentence[label.end() :], said.section, said.text_chunk)
            found = _statement(bare, statements, figures)
        lead = _EXAMPLE_LEAD.search(said.sentence) if found is None else None
        if lead is not None:  # "<X> is used to <Y>, e.g., to <Z>:" over a code example
            stated = said.sentence[: lead.start()].rstrip()
            found = _statement(replace(said, sentence=stated + "."), statements, figures)
            if found is not None:  # quoted as the page writes it, the example's lead aside
                found = replace(found, evidence=said.sentence, quotes=(stated,))
        if found is not None and said.after:
            found = _with_follow_up(found, said.sentence, said.after[0])
        out.extend(c for f in by.get("second", []) for c in f.make(said, found))
    if found is not None:
        reworked = _first(f.make(found) for f in by.get("figure", []))
        out.extend(reworked if reworked is not None else [found])
    return out


def _statement(said: Sentence, forms: Sequence[Form], figures: frozenset[str]) -> Candidate | None:
    """The question the first statement form that asks puts (a Fact named), else None."""
    for f in forms:
        made = f.make(said)
        if made is None:
            continue
        named = made if isinstance(made, Candidate) else _named(made, said, figures)
        if named is not None:
            return _letter_named(
                named, said
            )  # else a later form may ask what this one could not name
    return None


def _letter_named(found: Candidate, said: Sentence) -> Candidate:
    """In a letter, memo or notice (English), the question names the document's matter as
    its subject line or title says it (``letter_head``)."""
    if said.lang != "en":
        return found
    head = letter_head(said.text_chunk.chunk.meta.get("document"))
    if head is None:
        return found
    return replace(found, question=letter_named(found.question, head))


def _named(asked: Fact, said: Sentence, figures: frozenset[str]) -> Candidate | None:
    """A statement's question named by the label, document and heading it sits under;
    None when the question cannot say what it is about."""
    text, sentence, ctx, topic = said.text, said.sentence, said.ctx, said.topic
    path, before = said.path, said.before
    if asked.kind == "includes" and said.line_label:
        asked = named_by_label(asked, said.line_label, ctx)
    head = letter_head(said.text_chunk.chunk.meta.get("document")) if said.lang == "en" else None
    # A letter's subject line names what its sentences are about, as a heading would.
    about = topic or (head.subject if head is not None else None)
    named = demonstrative_named(asked, text, about, path, ctx, before)
    if named is None or (named.kind == "includes" and not names_its_subject(named.question, about)):
        return None
    fact = this_document(named, ctx, path)
    if fact is None:
        return None
    if fact.kind == "amount" and ctx.name and _BARE_AMOUNT.match(fact.question):
        # "What is the co-insurance?" -> "... in the Fabrikam Standard Plan?"
        fact = replace(fact, question=f"{fact.question[:-1]} in {ctx.name}?")
    answer = fact.answer if text == sentence else fact.answer.replace(text, sentence)
    if before and _BACK_REFERENCE.search(sentence) and len(before) < 300:
        # "Phone support is available ... during the same hours.": which hours, the
        # sentence before says, so the answer holds both.
        answer = answer.replace(sentence, f"{before.strip()} {sentence}", 1)
        sentence = f"{before.strip()} {sentence}"
    question = named_by_topic(fact.question, topic)
    if fact.kind != "contact":  # "If you have questions, contact ...": the question says it
        question = _with_condition(question, sentence)
    fact = replace(fact, question=question)
    tier = 2 if fact.kind in ("rule", "yes_no") else 1
    if fact.kind in figures and HAS_FIGURE.search(sentence):
        tier = 0  # a sentence that states a figure (an amount, a limit): asked first
    return Candidate(
        fact.question, answer, sentence, said.section, fact.kind, tier, (sentence,), form=fact.form
    )


# A condition that only offers help ("if you have any questions"): no condition of the fact.
_OFFERS_HELP = re.compile(
    r"(?i)\b(?:ha(?:ve|s)\s+(?:any\s+)?(?:further\s+)?(?:questions|concerns|queries)|"
    r"need\s+(?:more\s+|further\s+|any\s+)?(?:help|assistance|information)|would like)\b"
)
# "If <condition>, <what follows>.": the condition a sentence opens with.
_IF_LEAD = re.compile(r"^If (?P<cond>[^,;]{5,100}),\s+[a-z]")


def _with_condition(question: str, sentence: str) -> str:
    """ "Within how many days will my recordings be deleted?" of "If you withdraw your
    consent, your recordings will be deleted within 14 days." -> "... deleted if I
    withdraw my consent?": a question keeps the condition its answer holds under."""
    lead = _IF_LEAD.match(sentence)
    if (
        lead is None
        or _OFFERS_HELP.search(lead.group("cond"))
        or not question.endswith("?")
        or re.search(r"(?i)\b(?:if|when|unless)\b", question)
    ):
        return question
    return f"{question[:-1]} if {first_person(lead.group('cond'))}?"


_FOLLOW_UP = re.compile(
    r"^(?:This|These|However|But|Except|Unless|Otherwise|Note that|"
    r"(?:You|They|Employees|Members|Customers) (?:may|can) also|"
    # The same subject, said again by a pronoun, adding to it: "They will also ...".
    r"(?:It|They|He|She)\s+(?:(?:is|are|will|may|can|should|must|would)\s+)?also\b|"
    # Who a rule leaves out, after who it is for: "<Others> are not eligible."
    r"[A-Z][\w ,-]{2,60}\s(?:is|are)\s(?:not|in)\s?eligible\b|"
    r"It (?:also )?(?:includes|covers|contains|lists)|"
    # What the same subject leaves out, after what it holds: "It does not cover ...".
    r"(?:It|They) (?:does|do|is|are|will|may|can|shall) not|"
    # What follows when the rule before is not kept: "Late payment incurs ...".
    r"(?:Late|Failure to|Failing to)\s\w+)\b"
)


# A number that is part of a name (an acronym and its number: a compound, a standard, a
# disease's code): no figure a sentence before it lacks.
_CODE_NAME = re.compile(r"\b[A-Z]{2,}[- ]?\d+[a-z]?\b")


def _with_follow_up(found: Candidate, sentence: str, nxt: str) -> Candidate:
    """The answer with the next sentence when that one finishes what this one says:
    a caveat ("However, ...", "This does not apply ...") or the number this one lacks."""
    nxt = nxt.strip()
    if found.question_type == "scope" and not _FOLLOW_UP.match(nxt):
        return found  # a sentence that dates the document: another question's answer
    if len(nxt) > 300 or len(nxt) < 15 or not nxt.endswith((".", "!", ")")) or is_fluff(nxt):
        return found
    caveat = bool(_FOLLOW_UP.match(nxt))
    pointing = re.match(r"^(?:This|These)\s+(?P<noun>[a-z]+)\s", nxt)
    if pointing and singular_of(pointing.group("noun")) not in {
        singular_of(w) for w in re.findall(r"[a-z]+", sentence.lower())
    }:
        caveat = False  # "This plan does not ..." after a sentence about providers: new topic
    # What a thing is for or looks at lacks no number: a figure after it is another fact.
    figure = found.question_type not in ("purpose", "scope") and (
        not HAS_FIGURE.search(sentence) and bool(HAS_FIGURE.search(_CODE_NAME.sub("", nxt)))
    )
    if not (caveat or figure):
        return found
    if figure and not caveat and not re.match(r"^(?:It|They|The|Th(?:is|at|ese|ose))\b", nxt):
        return found  # a number about something else
    if sentence not in found.answer or len(found.answer) + len(nxt) > 700:
        return found
    return Candidate(
        found.question,
        f"{found.answer} {nxt}",
        f"{found.evidence} {nxt}",
        found.section,
        found.question_type,
        found.tier,
        (*found.quotes, nxt) if found.quotes else found.quotes,
        found.note,
        form=found.form,
    )


_BARE_AMOUNT = re.compile(r"^What (?:is|are) the [a-z][a-z -]*\?$")

_BACK_REFERENCE = re.compile(
    r"(?i)\b(?:the same (?:hours|days|times?|period|terms|conditions|address|number|rules)|"
    r"as above|as mentioned above|as described above)\b"
)
