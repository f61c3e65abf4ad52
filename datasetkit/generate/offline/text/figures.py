"""A figure a report states for a period, or the change it reports, asked for the period
it is for: one form, read by the sentence fact form when the sentence's clause asks
nothing else (:func:`figure_fact`), and a forecast for the year it gives
(:func:`forecast_figure`).

A sentence that gives its own period ("<Measure> was <figure> as of <date>"), or a list
item whose list's introduction does, is asked as the figure of the organisation the
document speaks for, else for the period the document's title reports on
(:func:`_reported`): "What was <org>'s <measure> as of <date>?".

Results, statements and budgets also list their figures one per line or bullet, often
without a full stop, under a sentence or heading that says the period once ("... results
for the quarter ended <date>:", "Fiscal Year <year> Results"): "<Measure> was <figure>"
-> "What was the <measure> <period>?", "<Measure> increased <figure>" -> "By how much did
<measure> increase <period>?" (:func:`_stated`), the period from the sentence, the
introduction of its list or the paragraph before it, the headings above it, or the
document's title; whose figure it is, the last naming step adds.

A figure with no period is not asked (a past figure with no time asks nothing a reader
can check). The answer is the whole sentence, so the comparison it gives ("up 10% in
constant currency") stays with it. A list item headed by its measure ("<Measure> –
<Measure> was ...") is read from its sentence.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.context import DocContext, report_period
from datasetkit.generate.offline.language.clauses import plural_subject
from datasetkit.generate.offline.language.words import lower_words, sentences
from datasetkit.generate.offline.per_document import PerDocument
from datasetkit.generate.offline.text.view import Sentence

_FIGURE = (
    r"(?:approximately\s+|about\s+|nearly\s+|roughly\s+|almost\s+|over\s+)?"
    r"[$€£¥₹]?\s?\d[\d,]*(?:\.\d+)?\s*(?:%|percent\b|(?:b|m|tr)illion\b|thousand\b|bn\b)?"
)
_REPORTED = re.compile(
    rf"^(?P<subject>[A-Z][^;:!?]{{1,90}}?)\s+(?P<verb>was|were|totaled|totalled|amounted to|"
    rf"reached|stood at)\s+(?P<figure>{_FIGURE})(?P<rest>(?:[\s,].*)?)$"
)
# The period a figure is for, where the sentence says it.
_WHEN = re.compile(
    r"\b(?P<when>(?:as of|as at|at the end of|on average for|for|in|during)\s+(?:the\s+)?"
    r"(?:[^,;.]|,\s(?=(?:19|20)\d\d))(?:[^,;.]|,\s(?=(?:19|20)\d\d)){0,40}?\b(?:19|20)\d\d)\b"
)
# A measure heading its own list item: "Long-term debt – Long-term debt was ...".
_LABEL = re.compile(r"^[^–—:]{2,70}?\s+[–—]\s+(?=[A-Z])")
# Subjects that name no measure: a pronoun, a clause, a person or a comparison.
_NOT_REPORTED_MEASURE = re.compile(
    r"(?i)^(?:it|this|that|these|those|they|we|he|she|there|which|who|one|each|some|most|"
    r"many|all)\b|\b(?:which|that|who|whom|whose|when|if|because|than|said|told|stated)\b"
    r"|\b(?:is|are|was|were|has|have|had|will|would|can|could)\b"
)
_ORDINAL_QUARTER = re.compile(
    r"(?i)^(?P<n>first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\s+(?:of\s+)?(?P<y>\d{4})$"
)
_QUARTER_ORDINAL = {"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth"}


def _period_of(ctx: DocContext) -> str | None:
    """The title's period as a question says it: "Second Quarter 2023" -> "in the second
    quarter of 2023", "May 2025" -> "in May 2025"."""
    if not ctx.period:
        return None
    m = _ORDINAL_QUARTER.match(ctx.period)
    if m:
        n = m.group("n").lower()
        return f"in the {_QUARTER_ORDINAL.get(n, n)} quarter of {m.group('y')}"
    if re.match(r"(?i)^(?:q[1-4]|h[12]|fy)\b", ctx.period):
        return f"in {ctx.period}"
    return f"in {ctx.period}"


# A forecast: "<Measure> is projected to fall from 3.4 percent in 2022 to 2.9 percent in
# 2023": the figure it gives for the last period it names.
_FORECAST = re.compile(
    rf"^(?P<subject>[A-Z][^;:!?]{{1,80}}?)\s+(?P<be>is|are)\s+(?P<how>projected|expected|"
    rf"forecast|estimated|anticipated|predicted)\s+to\s+(?P<verb>[a-z]+)\s+(?:\S+\s+){{0,8}}?"
    rf"(?P<prep>to|at|by)\s+(?P<figure>{_FIGURE})\s+in\s+(?P<year>(?:19|20)\d\d)\b"
)


def forecast_figure(said: Sentence) -> Fact | None:
    """ "Global growth is projected to fall ... to 2.9 percent in 2023" -> "What is global
    growth projected to be in 2023?", answered by the sentence."""
    text = said.sentence.strip()
    m = _FORECAST.match(text)
    if m is None or not text.endswith("."):
        return None
    subject = m.group("subject").strip()
    if (
        _NOT_REPORTED_MEASURE.search(subject)
        or len(subject.split()) > 8
        or re.search(r"\d", subject)
    ):
        return None
    if subject.split()[0][1:].islower() and not said.ctx.words.name(subject.split()[0]):
        subject = subject[:1].lower() + subject[1:]
    be, how, year = m.group("be"), m.group("how"), m.group("year")
    if m.group("prep") == "by":  # a change, not a level: "to grow by 2.6 percent"
        question = f"By how much {be} {subject} {how} to {m.group('verb')} in {year}?"
    else:
        question = f"What {be} {subject} {how} to be in {year}?"
    return Fact(question[:1].upper() + question[1:], said.sentence, "amount")


def _intro_period(said: Sentence) -> str | None:
    """The period the sentence that introduces a list item's list names ("... announced
    the following results for the quarter ended June 30, 2023:")."""
    if said.section.kind != "list_item":
        return None
    run = next((r for r in said.text_chunk.runs if said.section in r.items), None)
    if run is None or run.intro is None:
        return None
    when = _WHEN.search(run.intro.text)
    return when.group("when") if when else None


def _reported(said: Sentence) -> Fact | None:
    """The figure a sentence reports for a period, asked as its organisation's."""
    label = _LABEL.match(said.sentence.strip())
    text = said.sentence.strip()[label.end() :] if label else said.sentence.strip()
    m = _REPORTED.match(text)
    # A list item need not end in a full stop: "Revenue was $56.2 billion and increased 8%".
    if m is None or not (text.endswith(".") or said.section.kind == "list_item"):
        return None
    subject = m.group("subject").strip()
    subject = re.sub(r",\s+(?:including|excluding|net of)\b[^,]*,?$", "", subject).strip(" ,")
    if (
        _NOT_REPORTED_MEASURE.search(subject)
        or len(subject.split()) > 8
        or re.search(r"\d", subject)
    ):
        return None
    named = label.group(0).strip(" –—") if label else ""
    if re.fullmatch(r"[A-Z]{2,6}s?", subject) and f"({subject})" in named:
        subject = named  # "DAP" under "Family daily active people (DAP)": its full name
    when = _WHEN.search(m.group("rest"))
    period = when.group("when") if when else _intro_period(said) or _period_of(said.ctx)
    if period is None:
        return None
    be = m.group("verb") if m.group("verb") in ("was", "were") else None
    be = be or ("were" if plural_subject(subject) else "was")
    measure = lower_words(subject, said.ctx.words)
    measure = measure[:1].lower() + measure[1:] if not re.match(r"[A-Z]{2}", measure) else measure
    org = said.ctx.org
    if org and org.casefold() not in measure.casefold() and not measure[:1].isupper():
        measure = f"{org}'s {measure}" if not org.endswith("s") else f"{org}' {measure}"
    elif not measure[:1].isupper():
        measure = f"the {measure}"
    return Fact(f"What {be} {measure} {period}?", said.sentence, "amount")


def figure_fact(said: Sentence) -> Fact | None:
    """The figure or change ``said`` reports for a period, or None."""
    return _reported(said) or _stated(said)


# ----- figures listed under the period they are for ----------------------------------------

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


def _stated(said: Sentence) -> Fact | None:
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


# The running text of each document read so far.
_BODIES: PerDocument[str] = PerDocument(32)


def _body(doc: object) -> str:
    """The running text of a document, once per document."""
    sections = getattr(doc, "sections", [])
    return _BODIES.get(
        doc, lambda: "\n".join(s.text for s in sections if s.kind in ("paragraph", "list_item"))
    )


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
