"""A "How many ...?" question is answered by a whole count: never a decimal, a share or
an amount in a currency ("How many staff ...?" -> "12.5" or "$1,250.00" asks a count of
a figure that is none). A count per so many of something ("new cases per 100,000
people") is a rate, asked as one when its figure is no whole number."""

from __future__ import annotations

import re
from dataclasses import replace

from datasetkit.generate.offline.candidate import Candidate

# The opening of a count question, by language.
_HOW_MANY = re.compile(r"(?i)^(?:how many|wie viele|combien|cu[aá]nt[oa]s)\b")
_CURRENCY = re.compile(r"[$€£¥₹]|\b(?:USD|EUR|GBP|CHF|JPY|CAD|AUD)\b|%")
# A figure with a magnitude ("3.3 M", "1.2 million") counts whole things.
_MAGNITUDE = re.compile(
    r"(?i)\d+(?:[.,]\d+)?\s?(?:[KMBT]\b|thousand|million|billion|Mio\.?|Mrd\.?|millions?|milliards?)"
)
# Digits grouped by thousands ("12,480", "12.480", "12 480").
_GROUPED = re.compile(r"\d{1,3}(?:[,. ]\d{3})+(?![\d.,])")


def whole_count(question: str, answer: str) -> bool:
    """Whether ``answer`` may answer ``question``: any answer for a question that counts
    nothing, a whole number (grouped, or with a magnitude) for one that asks how many."""
    if not _HOW_MANY.match(question.strip()):
        return True
    text = re.sub(r"\s*\([^()]*\)", "", answer).strip() or answer
    if _CURRENCY.search(text):
        return False
    text = _GROUPED.sub("0", _MAGNITUDE.sub("0", text))
    return re.search(r"\d[.,]\d", text) is None


# "How many <things> per <base> were there <scope>?": a rate, its figure a decimal.
_PER_COUNT = re.compile(
    r"^How many (?P<what>.+?\bper\b.+?) (?P<be>were|are) there\b(?P<rest>[^?]*)\?$"
)


def counted_whole(found: list[Candidate]) -> list[Candidate]:
    """``found`` with each "How many ...?" whose answer is no whole count asked as the
    rate it is ("What was the rate of new cases per 100,000 people in 1977?") or left
    out."""
    out = []
    for cand in found:
        if whole_count(cand.question, cand.answer):
            out.append(cand)
            continue
        rate = _PER_COUNT.match(cand.question)
        if rate is None or _CURRENCY.search(cand.answer):
            continue
        be = "was" if rate.group("be") == "were" else "is"
        question = f"What {be} the rate of {rate.group('what')}{rate.group('rest')}?"
        out.append(replace(cand, question=question))
    return out
