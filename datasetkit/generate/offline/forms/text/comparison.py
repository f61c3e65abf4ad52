"""Comparison questions from prose that sets two named things side by side.

A benefits guide says "Northwind Health Plus covers generic, brand-name, and specialty
drugs, while Northwind Standard only covers generic and brand-name drugs." or, in two
sentences, "Northwind Health Plus offers coverage for vision exams, glasses, and contact
lenses ... Northwind Standard only offers coverage for vision exams and glasses." A user
asks "Which plan covers specialty drugs?" (the kind comes from a "Both plans ..."
sentence nearby) or, when no sentence names the kind, "Which of Northwind Health Plus and
Northwind Standard covers specialty drugs?". A "Both plans offer coverage for vision and dental
services." sentence also names what the next ones list: "What vision and dental services
does Northwind Standard cover?".

Only what the two lists differ in is asked; the answer quotes both sentences.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.forms.registry import ENGLISH, form
from datasetkit.generate.offline.language.words import sentences, singular_of
from datasetkit.generate.offline.text.view import TextChunk
from datasetkit.knowledge.model import Section

_VERB = r"(?P<verb>offers? coverage for|provides? coverage for|covers|offers|provides|includes)"
_STATEMENT = re.compile(
    rf"^(?P<name>[A-Z][\w&+-]*(?:\s+[A-Z][\w&+-]*){{0,4}})\s+(?:also\s+)?(?P<only>only\s+)?"
    rf"{_VERB}\s+(?P<list>[^.;]+?)\.?$"
)
_WHILE = re.compile(r",\s+(?:while|whereas)\s+")
_BOTH = re.compile(
    r"^Both (?P<kind>[a-z]+s)\s+(?:also\s+)?(?:offer|provide|cover|include)(?:\s+coverage for)?"
    r"\s+(?P<what>[^,.;]{3,60})\.$"
)
# "Both plans offer coverage for routine physicals, ..., and other preventive care
# services." -> "What preventive care services do both plans cover?"
_BOTH_OTHER = re.compile(
    r"^Both (?P<kind>[a-z]+s)\s+(?:also\s+)?(?P<verb>offer|provide|cover|include)"
    r"(?:\s+coverage for)?\s+[^.;]+,\s+and other (?P<what>[a-z][a-z -]{3,40})\.$"
)
_BOTH_KIND = re.compile(r"^Both (?P<kind>[a-z]+s)\s+(?:also\s+)?(?:offer|provide|cover|include)")
_PER_PAIR = 2  # items asked about per pair of lists
# "Northwind Health Plus offers more comprehensive coverage than Northwind Standard."
_MORE_THAN = re.compile(
    r"^(?P<a>[A-Z][\w&+-]*(?:\s+[A-Z][\w&+-]*){0,4})\s+(?:also\s+)?(?P<verb>offers|provides|has|"
    r"gives|includes)\s+(?P<what>(?:a\s+)?(?:more|wider|broader|larger|lower|higher|better|"
    r"greater|smaller|fewer|less)\b[^.;,]{3,60}?)\s+than\s+(?P<b>[A-Z][\w&+-]*(?:\s+[A-Z][\w&+-]*){0,4})\.$"
)


@dataclass(frozen=True)
class _Said:
    name: str
    only: bool
    verb: str
    items: tuple[str, ...]
    sentence: str  # the whole sentence it comes from


def _items(listed: str) -> tuple[str, ...]:
    """ "generic, brand-name, and specialty drugs" -> generic drugs, brand-name drugs,
    specialty drugs; "vision exams, glasses, and contact lenses, as well as dental exams"
    -> each as written."""
    parts = [
        p.strip()
        for p in re.split(
            r",\s*(?:and\s+|or\s+|as well as\s+)?|\s+(?:and|or|as well as)\s+", listed
        )
    ]
    parts = [re.sub(r"^(?:the|a|an)\s+", "", p) for p in parts if p]
    if len(parts) < 2:
        return tuple(parts)
    head = parts[-1].split()
    adjectives = all(len(p.split()) == 1 and not p.endswith("s") for p in parts[:-1])
    if adjectives and len(head) == 2 and head[-1].endswith("s"):
        return (*(f"{p} {head[-1]}" for p in parts[:-1]), parts[-1])
    return tuple(parts)


def _statement(text: str, whole: str, ctx: DocContext) -> _Said | None:
    m = _STATEMENT.match(text.strip())
    if m is None or not _is_name(m.group("name"), ctx):
        return None
    items = _items(m.group("list"))
    if len(items) < 1 or any(len(i.split()) > 6 for i in items):
        return None
    return _Said(m.group("name"), bool(m.group("only")), m.group("verb"), items, whole)


def _is_name(name: str, ctx: DocContext) -> bool:
    words = name.split()
    if words[0] in ("The", "This", "These", "Both", "All", "Each", "Our", "We", "It"):
        return False
    return any(ctx.words.name(w) or re.search(r"[a-z][A-Z]", w) for w in words)


_DOES_NOT = re.compile(
    r"^(?P<name>[A-Z][\w&+-]*(?:\s+[A-Z][\w&+-]*){0,4})\s+(?:does|do)\s+not(?:\s+(?:offer|"
    r"provide|cover|include)\s+(?:them|these|this|it|any of (?:them|these)))?$"
)


def _said_in(text: str, ctx: DocContext) -> list[_Said]:
    out: list[_Said] = []
    for sentence in sentences(text):
        halves = _WHILE.split(sentence.rstrip("."), maxsplit=1)
        first = _statement(halves[0], sentence, ctx)
        if first is not None:
            out.append(first)
        if len(halves) < 2:
            continue
        found = _statement(halves[1], sentence, ctx)
        none = _DOES_NOT.match(halves[1].strip())
        if found is None and none and first is not None and _is_name(none.group("name"), ctx):
            # "A offers coverage for x, y and z, while B does not": B has none of them.
            found = _Said(none.group("name"), True, first.verb, (), sentence)
        if found is not None:
            out.append(found)
    return out


def _key(item: str) -> str:
    return " ".join(singular_of(w) for w in item.lower().split())


def _verb_base(verb: str) -> str:
    if "coverage" in verb or verb.startswith("cover"):
        return "cover"
    return {"offers": "offer", "provides": "provide", "includes": "include"}.get(verb, verb)


def _third(verb: str) -> str:
    return {"cover": "covers", "offer": "offers", "provide": "provides", "include": "includes"}[
        verb
    ]


@form(
    "comparison",
    content="section",
    order=30,
    asks="comparison",
    languages=ENGLISH,
    kinds=("comparison", "difference"),
    alone=("difference",),
)
def comparison(text: TextChunk) -> list[Candidate]:
    """Questions about what one of two named things covers and the other does not, and
    about what each covers of a kind a "Both ..." sentence names."""
    body, ctx = text.body, text.ctx
    said: list[tuple[_Said, Section]] = []
    # The kind of thing compared ("plan"), from any "Both plans ..." sentence of the section.
    kind: str | None = next(
        (
            singular_of(m.group("kind"))
            for sec in body
            if sec.kind in ("paragraph", "page")
            for sentence in sentences(sec.text)
            if (m := _BOTH_KIND.match(sentence.strip()))
        ),
        None,
    )
    out: list[Candidate] = []
    for section in body:
        if section.kind not in ("paragraph", "page"):
            continue
        category: str | None = None
        parts = sentences(section.text)
        for i, sentence in enumerate(parts):
            other = _BOTH_OTHER.match(sentence.strip())
            if other:
                verb = "cover" if other.group("verb") == "offer" else other.group("verb")
                question = f"What {other.group('what')} do both {other.group('kind')} {verb}?"
                quotes = (sentence, *_also(parts[i + 1 : i + 2], other.group("kind")))
                answer = " ".join(quotes)
                out.append(Candidate(question, answer, answer, section, "comparison", 1, quotes))
            both = _BOTH.match(sentence.strip())
            if both:
                category = both.group("what")
        out.extend(_comparatives(section, kind, ctx))
        found = [(s, section) for s in _said_in(section.text, ctx)]
        if category:
            out.extend(_of_kind(s, sec, category) for s, sec in found if _fits(s, category))
        said.extend(found)
    # Where each plan's list is already asked by its kind, one "Which plan covers contact
    # lenses?" per pair still asks what a user weighing the two plans asks.
    asked = {c.answer for c in out}
    # "Which plan offers a wider range of prescription drug coverage?" answered with the
    # sentence that lists them already asks which plan covers specialty drugs.
    compared = {q for c in out if c.question.startswith("Which ") for q in c.quotes}
    pairs: set[tuple[str, ...]] = set()
    for c in _differences(said, kind):
        if set(c.quotes) <= compared:
            continue
        if set(c.quotes) <= asked:
            if c.quotes in pairs:
                continue
            pairs.add(c.quotes)
        out.append(c)
    return out


def _also(after: Sequence[str], kind: str) -> tuple[str, ...]:
    """ "The plans also cover preventive care services such as mammograms ...": the next
    sentence that goes on listing what both cover belongs in the answer."""
    more = re.compile(rf"^(?:The|Both|These) {re.escape(kind)} also\b|^They also\b")
    return tuple(s.strip() for s in after if more.match(s.strip()) and len(s) <= 300)


_NAME = r"[A-Z][\w&+-]*(?:\s+[A-Z][\w&+-]*){0,4}"
# "Northwind Health Plus is a comprehensive plan that offers more coverage than Northwind
# Standard." opening a paragraph that goes on to say how.
_SUMMED_UP = re.compile(
    rf"^(?P<a>{_NAME}) is an? (?:[\w-]+ ){{0,3}}[a-z]+ that (?:offers|provides|has|gives|"
    rf"includes) (?:more|less|fewer|broader|wider|better|greater)\b[^.;]{{0,60}} than "
    rf"(?P<b>{_NAME})\.$"
)


def _summed_up(section: Section, ctx: DocContext) -> Candidate | None:
    """ "What is the difference between Northwind Health Plus and Northwind Standard?",
    answered by the paragraph a summing-up sentence opens."""
    said = sentences(section.text)
    m = _SUMMED_UP.match(said[0].strip()) if said else None
    if m is None or not (_is_name(m.group("a"), ctx) and _is_name(m.group("b"), ctx)):
        return None
    quotes = tuple(s.strip() for s in said[:5])
    answer = " ".join(quotes)
    if len(said) < 2 or len(answer) > 800:
        return None
    question = f"What is the difference between {m.group('a')} and {m.group('b')}?"
    return Candidate(question, answer, answer, section, "difference", 1, quotes)


def _comparatives(section: Section, kind: str | None, ctx: DocContext) -> list[Candidate]:
    """ "Northwind Health Plus offers more comprehensive coverage than Northwind Standard.
    This plan offers coverage for emergency services ..." -> "Which plan offers more
    comprehensive coverage?", answered by both sentences (the next one says how)."""
    summed = _summed_up(section, ctx)
    out: list[Candidate] = [summed] if summed else []
    said = sentences(section.text)
    for i, sentence in enumerate(said):
        more = _MORE_THAN.match(sentence.strip())
        if more is None or not (_is_name(more.group("a"), ctx) and _is_name(more.group("b"), ctx)):
            continue
        which = f"Which {kind}" if kind else f"Which of {more.group('a')} and {more.group('b')}"
        question = f"{which} {more.group('verb')} {more.group('what')}?"
        nxt = said[i + 1].strip() if i + 1 < len(said) else ""
        # The next sentence says how: "This plan offers ..." or "Northwind Health Plus
        # covers generic, brand-name, and specialty drugs, while ...".
        names = (more.group("a"), more.group("b"))
        how = re.match(r"(?:This|It)\b", nxt) or nxt.startswith(names)
        quotes = (sentence, nxt) if how and len(nxt) <= 300 else (sentence,)
        answer = " ".join(quotes)
        out.append(Candidate(question, answer, answer, section, "difference", 1, quotes))
    return out


def _fits(s: _Said, category: str) -> bool:
    """ "vision and dental services" names what "vision exams, glasses ..." are."""
    return len(s.items) >= 2 and s.sentence.count(",") <= 8 and len(category.split()) <= 6


def _of_kind(s: _Said, section: Section, category: str) -> Candidate:
    verb = _verb_base(s.verb)
    question = f"What {category} does {s.name} {verb}?"
    return Candidate(question, s.sentence, s.sentence, section, "comparison", 1, (s.sentence,))


def _differences(said: list[tuple[_Said, Section]], kind: str | None) -> list[Candidate]:
    out: list[Candidate] = []
    for i, (b, section) in enumerate(said):
        if not b.only:
            continue
        for a, _ in said[max(0, i - 2) : i + 1]:
            if a is b or a.name == b.name or _verb_base(a.verb) != _verb_base(b.verb):
                continue
            have = {_key(x) for x in b.items}
            if b.items and not have & {_key(x) for x in a.items}:
                continue  # two lists of different things
            missing = [x for x in a.items if _key(x) not in have]
            if not b.items:
                # "..., while B does not": one question; the first item is the one a "Does B
                # cover emergency services?" from B's own list asks already.
                missing = missing[1:2] or missing[:1]
            out.extend(_asked(a, b, x, section, kind) for x in missing[:_PER_PAIR])
    return out


def _asked(a: _Said, b: _Said, item: str, section: Section, kind: str | None) -> Candidate:
    verb = _verb_base(b.verb)
    evidence = a.sentence if a.sentence == b.sentence else f"{a.sentence} {b.sentence}"
    quotes = (a.sentence,) if a.sentence == b.sentence else (a.sentence, b.sentence)
    which = f"Which {kind}" if kind else f"Which of {a.name} and {b.name}"
    question = f"{which} {_third(verb)} {item}?"
    return Candidate(question, evidence, evidence, section, "difference", 1, quotes)
