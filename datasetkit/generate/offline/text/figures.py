"""A figure a report states for a period, asked as the figure of its organisation in that
period (read by the sentence fact form when the sentence's clause asks nothing else): "<Measure> was <figure> as of <date>" -> "What was <org>'s <measure> as of
<date>?".

A report (results, a budget, statistics) states its figures in the past tense with the
period they are for ("as of", "for", "in", "during", "on average for"): the measure is
the subject, the figure what the question asks. A sentence that gives no period is asked
for the period the document's title reports on, else not at all (a past figure with no
time asks nothing a reader can check). A list item headed by its measure ("<Measure> –
<Measure> was ...") is read from its sentence.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.language.clauses import plural_subject
from datasetkit.generate.offline.language.words import lower_words
from datasetkit.generate.offline.text.view import Sentence

_FIGURE = (
    r"(?:approximately\s+|about\s+|nearly\s+|roughly\s+|almost\s+|over\s+)?"
    r"[$€£¥]?\s?\d[\d,]*(?:\.\d+)?\s*(?:%|percent\b|(?:b|m|tr)illion\b|thousand\b|bn\b)?"
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
_NOT_MEASURE = re.compile(
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
    if _NOT_MEASURE.search(subject) or len(subject.split()) > 8 or re.search(r"\d", subject):
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


def reported_figure(said: Sentence) -> Fact | None:
    """The figure a sentence reports for a period, asked as its organisation's."""
    label = _LABEL.match(said.sentence.strip())
    text = said.sentence.strip()[label.end() :] if label else said.sentence.strip()
    m = _REPORTED.match(text)
    # A list item need not end in a full stop: "Revenue was $56.2 billion and increased 8%".
    if m is None or not (text.endswith(".") or said.section.kind == "list_item"):
        return None
    subject = m.group("subject").strip()
    subject = re.sub(r",\s+(?:including|excluding|net of)\b[^,]*,?$", "", subject).strip(" ,")
    if _NOT_MEASURE.search(subject) or len(subject.split()) > 8 or re.search(r"\d", subject):
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
