"""One amount asked twice in other words: a report's table gives "$31,999 (in millions)"
for the quarter's revenue and its summary says "$32.0 billion" for the second quarter.
Reviewers discard the second case as a duplicate; the two ask about one figure."""

from __future__ import annotations

import re
from dataclasses import dataclass

_AMOUNT = re.compile(
    r"(?i)(?P<cur>[$€£¥])?\s?(?P<num>\d[\d,]*(?:\.\d+)?)(?:\s*(?P<mag>thousand|million|billion|"
    r"trillion|bn|mn)\b)?(?:\s*\(\s*in\s+(?P<scale>thousands|millions|billions)\s*\))?"
)
_MAGNITUDE = {"thousand": 1e3, "million": 1e6, "mn": 1e6, "billion": 1e9, "bn": 1e9}
_MAGNITUDE |= {"trillion": 1e12, "thousands": 1e3, "millions": 1e6, "billions": 1e9}

# Words that say when or how a figure is asked, not what it is: the period of a report is
# named many ways ("the three-month period ended June 30, 2023", "the second quarter").
_NOT_WHAT = frozenset(
    re.findall(
        r"\S+",
        "what was were is are the a an of in for and at on by as to how much many did does do "
        "three six nine twelve month months three-month six-month nine-month twelve-month "
        "period periods ended ending quarter quarters first second third fourth half year "
        "years fiscal full q1 q2 q3 q4 h1 h2 fy january february march april may june july "
        "august september october november december total reported",
    )
)


@dataclass(frozen=True)
class Figure:
    """What a question asks and the amount its answer gives, with its rounding."""

    words: frozenset[str]
    years: frozenset[str]
    value: float
    step: float


def figure_of(question: str, answer: str) -> Figure | None:
    """The amount an answer opens with (money or a stated magnitude), or None."""
    m = _AMOUNT.search(answer)
    if m is None or not (m.group("cur") or m.group("mag") or m.group("scale")):
        return None
    num = m.group("num").replace(",", "")
    scale = _MAGNITUDE.get((m.group("mag") or m.group("scale") or "").lower(), 1.0)
    decimals = len(num.split(".")[1]) if "." in num else 0
    value = float(num) * scale
    if value < 1000:
        return None  # small amounts coincide too often to be called one figure
    words = {w for w in re.findall(r"[a-z][a-z'’-]+", question.lower()) if w not in _NOT_WHAT}
    if not words:
        return None
    years = frozenset(re.findall(r"\b(?:19|20)\d\d\b", question))
    return Figure(frozenset(words), years, value, scale * 10.0**-decimals)


def same_figure(one: Figure, other: Figure) -> bool:
    """True when two questions ask about one thing of one period and their answers give one
    amount, each as precisely as it is written ("$32.0 billion" is "$31,999 million")."""
    if one.years != other.years:
        return False
    small, large = sorted((one.words, other.words), key=len)
    if not small <= large or (len(small) < 2 and small != large):
        return False  # one company's name alone says nothing of what is asked
    return abs(one.value - other.value) <= max(one.step, other.step) / 2
