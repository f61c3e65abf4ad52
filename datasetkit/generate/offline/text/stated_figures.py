"""A figure a report states, or the change it reports, asked for the period it is for:
"<Measure> was <figure> ..." -> "What was the <measure> <period>?", "<Measure>
increased <figure> ..." -> "By how much did <measure> increase <period>?".

Results, statements and budgets list their figures one per line or bullet, often without
a full stop, under a sentence or heading that says the period once ("... results for the
quarter ended <date>:", "Fiscal Year <year> Results"). The period is taken from the
sentence itself, else from the introduction of its list or the paragraph before it, else
from the headings above it, else from the document's title; a figure with no period is
not asked (a past figure with no time asks nothing a reader can check). The answer is the
whole sentence, so the comparison it gives ("up 10% in constant currency") stays with it.
The sentence fact form asks it when the sentence's clause asks nothing else and no
figure with its period in the sentence itself does.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.context import report_period
from datasetkit.generate.offline.language.clauses import plural_subject
from datasetkit.generate.offline.language.words import lower_words, sentences
from datasetkit.generate.offline.text.view import Sentence

_FIGURE = (
    r"(?:approximately\s+|about\s+|nearly\s+|roughly\s+|almost\s+|over\s+)?"
    r"[$€£¥]?\s?\d[\d,]*(?:\.\d+)?\s*(?:%|percent\b|(?:b|m|tr)illion\b|thousand\b|bn\b)?"
)
_LEVEL = re.compile(
    rf"^(?P<subject>[A-Z][^;:!?]{{1,90}}?)\s+(?P<verb>was|were|totaled|totalled|amounted to|"
    rf"reached|stood at)\s+(?P<figure>{_FIGURE})(?P<rest>(?:[\s,(].*)?)$"
)
_CHANGE = re.compile(
    rf"^(?P<subject>[A-Z][^;:!?]{{1,90}}?)\s+(?P<verb>increased|decreased|grew|rose|fell|"
    rf"declined|dropped)\s+(?:by\s+)?(?P<figure>{_FIGURE})(?P<rest>(?:[\s,(].*)?)$"
)
_BASE = {
    "increased": "increase",
    "decreased": "decrease",
    "grew": "grow",
    "rose": "rise",
    "fell": "fall",
    "declined": "decline",
    "dropped": "drop",
}
# Subjects that name no measure: a pronoun, a clause, a comparison or a relative time.
_NOT_MEASURE = re.compile(
    r"(?i)^(?:it|this|that|these|those|they|we|he|she|there|which|who|one|each|some|most|"
    r"many|all|our|its|their)\b|\b(?:which|that|who|whom|whose|when|if|because|than|said|"
    r"told|stated|is|are|was|were|has|have|had|will|would|can|could|current|prior|previous|"
    r"last|next|this)\b"
)
_MONTH = "January|February|March|April|May|June|July|August|September|October|November|December"
# A period said in running text: "for the quarter ended June 30, 2023", "as of <date>",
# "in fiscal year 2023", "in 2024".
_PERIOD = re.compile(
    rf"\b(?P<period>(?:for|in|during|of)\s+the\s+(?:(?:first|second|third|fourth)\s+)?"
    rf"(?:fiscal\s+)?(?:quarter|year|half|(?:three|six|nine|twelve)\s+months|month|period)"
    rf"\s+ended\s+(?:{_MONTH})\s+\d{{1,2}},\s+(?:19|20)\d\d"
    rf"|as\s+(?:of|at)\s+(?:{_MONTH})\s+\d{{1,2}},\s+(?:19|20)\d\d"
    rf"|(?:in|for|during)\s+(?:fiscal\s+year|fiscal|FY)\s?(?:19|20)\d\d"
    rf"|(?:in|for|during)\s+(?:(?:{_MONTH})\s+)?(?:19|20)\d\d)\b",
    re.I,
)
_FISCAL_HEADING = re.compile(r"(?i)\b(?:fiscal\s+year|FY)\s?(?P<y>(?:19|20)\d\d)\b")


def _said_period(text: str) -> str | None:
    m = _PERIOD.search(text)
    if m is None:
        return None
    period = m.group("period")
    return re.sub(r"(?i)^of\b", "for", period)


def _period(said: Sentence, rest: str, qualified: bool) -> str | None:
    """The period the figure is for, from the nearest place that says it."""
    found = _said_period(rest)
    if found:
        return found
    for lead in _leads(said):
        found = _said_period(lead)
        if found:
            return found
    if not qualified and _repeated(said):
        # "Revenue decreased ..." in each segment's section under one heading: the
        # heading's period does not tell them apart.
        return None
    for heading in reversed(list(said.path)):
        m = _FISCAL_HEADING.search(str(heading))
        if m:
            return f"in fiscal year {m.group('y')}"
        named = report_period(str(heading))
        if named:
            return f"in {named}"
    title = said.text_chunk.title
    named = report_period(str(title)) if title else None
    return f"in {named}" if named else None


def _leads(said: Sentence) -> list[str]:
    """What leads into the sentence: the introduction of its list, the sentence before it,
    and the paragraph before its own when that one ends in a colon."""
    out: list[str] = []
    for run in said.text_chunk.runs:
        if any(item is said.section for item in run.items) and run.intro is not None:
            out.append(run.intro.text)
    if said.before:
        out.append(said.before)
    body = said.text_chunk.body
    at = next((i for i, s in enumerate(body) if s is said.section), -1)
    if at > 0 and body[at - 1].text.rstrip().endswith(":"):
        out.append(body[at - 1].text)
    return out


def _measure(subject: str, said: Sentence) -> str | None:
    subject = subject.strip(" ,")
    if _NOT_MEASURE.search(subject) or len(subject.split()) > 8 or re.search(r"\d", subject):
        return None
    measure = lower_words(subject, said.ctx.words)
    if not re.match(r"[A-Z]{2}", measure) and not said.ctx.words.name(measure.split()[0]):
        measure = measure[:1].lower() + measure[1:]
    part = _part_named(said, subject)
    if part:
        measure = f"{measure} in {part}"  # "revenue" under a segment's heading is its own
    # Whose figure it is, the document's subject says (added by the last step when the
    # evidence for one is clear): a title's first words are no organisation by themselves.
    return measure if measure[:1].isupper() else f"the {measure}"


def stated_figure(said: Sentence) -> Fact | None:
    """ "Revenue was $56.2 billion and increased 8%" under "... results for the quarter
    ended <date>:" -> "What was the revenue for the quarter ended <date>?"."""
    text = said.sentence.strip()
    if said.section.kind != "list_item" and not text.endswith("."):
        return None
    if text.endswith(":") or len(sentences(text)) > 1:
        return None
    level, change = _LEVEL.match(text), _CHANGE.match(text)
    m = level or change
    if m is None:
        return None
    measure = _measure(m.group("subject"), said)
    qualified = bool(measure and " in " in measure and _part_named(said, m.group("subject")))
    period = _period(said, m.group("rest"), qualified) if measure else None
    if measure is None or period is None:
        return None
    if level is not None:
        be = m.group("verb") if m.group("verb") in ("was", "were") else None
        be = be or ("were" if plural_subject(m.group("subject")) else "was")
        return Fact(f"What {be} {measure} {period}?", said.sentence, "amount")
    verb = _BASE[m.group("verb")]
    return Fact(f"By how much did {measure} {verb} {period}?", said.sentence, "amount")


def _part_named(said: Sentence, subject: str) -> str | None:
    """The part of the organisation a figure is for, when the heading it sits under names
    one the text also names ("Revenue increased ..." under "<Segment>"): a heading that is
    a name the body uses, not a period or the document's title."""
    if not said.path:
        return None
    heading = str(said.path[-1]).strip().rstrip(":")
    if not heading or heading.casefold() in subject.casefold() or report_period(heading):
        return None
    if _FISCAL_HEADING.search(heading) or heading == str(said.text_chunk.title or ""):
        return None
    if not all(w[:1].isupper() for w in heading.split() if len(w) > 3) or heading.isupper():
        return None
    doc = said.text_chunk.chunk.meta.get("document")
    body = _body(doc) if doc is not None else ""
    return heading if body.count(heading) >= 2 else None


_BODIES: dict[int, str] = {}


def _body(doc: object) -> str:
    """The running text of a document, once per document."""
    found = _BODIES.get(id(doc))
    if found is None:
        sections = getattr(doc, "sections", [])
        found = "\n".join(s.text for s in sections if s.kind in ("paragraph", "list_item"))
        if len(_BODIES) > 32:
            _BODIES.clear()
        _BODIES[id(doc)] = found
    return found


def _repeated(said: Sentence) -> bool:
    """True when the document opens another sentence with the same measure and verb."""
    text = said.sentence.strip()
    m = _LEVEL.match(text) or _CHANGE.match(text)
    doc = said.text_chunk.chunk.meta.get("document")
    if m is None or doc is None:
        return False
    # The same measure with any figure verb: "Gross margin increased" in one section and
    # "Gross margin decreased" in another are two parts' figures.
    verbs = "|".join([*_BASE, "was", "were", "totaled", "totalled", "reached", "stood at"])
    opening = re.compile(
        rf"(?:^|(?<=[.:;]\s)){re.escape(m.group('subject'))}\s+(?:{verbs})\s", re.M
    )
    return len(opening.findall(_body(doc))) >= 2
