"""Whether a question already holds its answer, or its answer only restates the question.

Two faults a reviewer discards on sight, checked the same way by the generation gate and
by ``datasetkit lint``:

- :func:`holds_answer`: a wh-question cut out of its answer's sentence keeps most of
  that sentence ("Within how many days must the statement be submitted where a contract
  is awarded by bid?" answered by the same sentence): nothing is left to find out.
- :func:`restates_question`: the answer only repeats what the question asks about
  ("What is the mudguard?" - "Protective mudguard"), is a figure of nothing ("0"), or
  says that a part can be adjusted ("What is the waist belt?" - "Adjustable for support"):
  an agent is tested on nothing.

Words are compared by their first letters (five, or the whole of a shorter word), so
that "resistance" and "resistant", "award" and "awarded" count as the same word.
"""

from __future__ import annotations

import re

from datasetkit.core.language.detect import STOPWORDS

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_STEM = 5
# Answers that open with these answer a yes/no question: they may restate it on purpose.
_YES_NO = frozenset(
    ["yes", "no", "yeah", "nope", "ja", "nein", "oui", "non", "sí", "sim", "não", "nee"]
)
_WH = re.compile(
    r"(?i)^\s*(?:(?:within|by|for|in|after|at|from|to|until|under)\s+)?"
    r"(?:what|which|who|whom|whose|where|when|why|how)\b"
)
_HOW_OFTEN = re.compile(r"(?i)^\s*how\s+(?:often|frequently)\b")
# "What is/are the X (of|for Y)?": X is what the question asks for.
_ASKED = re.compile(
    r"(?i)^\s*what\s+(?:is|are|was|were)\s+(?:the\s+|a\s+|an\s+)?(?P<asked>.+?)"
    r"(?:\s+(?:of|for|in|on|under|at)\s+.+)?\s*[?？.!]*\s*$"
)
# A value that is only an -able/-ible word ("Adjustable", "Removable for washing"): it
# says that a part can be changed, not what the part is.
_ABLE = re.compile(r"(?i)^\s*[^\W\d_]+(?:able|ible)\b(?:\s+(?:for|to|with|by|and)\b.*)?\s*\.?\s*$")
_NAMES = re.compile(r"\s(?:[A-Z]{1,3}|[A-Z]?\d+)\b")
_ZERO = re.compile(r"^\s*[0.,]+\s*$")
# Short answers: at most this many words to count as a restated label.
_SHORT = 5
# A question holds its answer when it copies at least this share of the answer's content
# words, at least _MIN_WORDS of them, and the answer adds no figure and at most one other
# word: a figure question copies the rest of its answer's sentence around the figure on
# purpose ("How many hours a week can students work?" - "... up to 20 hours a week").
_SHARE = 0.75
_MIN_WORDS = 5


def _stop(language: str | None) -> frozenset[str]:
    lang = (language or "en").split("-")[0].casefold()
    return STOPWORDS.get(lang, frozenset()) | STOPWORDS["en"]


def _stems(text: str, stop: frozenset[str]) -> list[str]:
    """The content words of ``text``, each cut to its first letters; numbers kept whole."""
    out = []
    for w in _WORD.findall(text.casefold()):
        if w in stop or w in _YES_NO:
            continue
        out.append(w if w.isdigit() else w[:_STEM])
    return out


def holds_answer(question: str, answer: str, language: str | None = None) -> str | None:
    """Why a wh-question holds most of its answer's content words, or None.

    A yes/no question may restate its answer's sentence (the answer is its yes or no);
    a choice question ("A or B?") names its answer on purpose.
    """
    if not _WH.match(question) or _HOW_OFTEN.match(question):
        return None  # "How often ... the annual report ...?" - "annually" says what it asks
    stop = _stop(language)
    said = set(_stems(answer, stop))
    copied = said & set(_stems(question, stop))
    share = len(copied) / len(said) if said else 0.0
    if len(copied) < _MIN_WORDS or share < _SHARE:
        return None
    added = said - copied
    if len(added) > 1 or any(ch.isdigit() for w in added for ch in w):
        return None
    return f"the question holds {share:.0%} of its answer's words; the answer adds nothing it asks"


_DEFAULT = re.compile(r"(?i)\bdefault(?:s|\s+value)?\b")


def restates_question(question: str, answer: str, language: str | None = None) -> str | None:
    """Why a short answer tells nothing the question does not say, or None."""
    if _ZERO.match(answer) and not _DEFAULT.search(question):
        # (an option's or a setting's default of 0 is the value it has)
        return f"the answer is a figure of nothing ({answer.strip()!r})"
    words = _WORD.findall(answer)
    if not words or len(words) > _SHORT or any(ch.isdigit() for ch in answer):
        return None
    m = _ASKED.match(question)
    if m is None:
        return None
    if _ABLE.match(answer):
        return f"the answer only says the {m.group('asked')} can be changed ({answer.strip()!r})"
    stop = _stop(language)
    asked = _stems(m.group("asked"), stop)
    said = _stems(answer, stop)
    if not asked or not said or asked[-1] not in said:
        return None
    if len(answer.split()) < 2 or _NAMES.search(answer):
        return None  # one value ("Mid-Level"), or one named by a letter or code ("Plan A")
    new = [w for w in said if w not in set(_stems(question, stop))]
    if len(new) > 1:
        return None
    return f"the answer restates what the question asks for ({answer.strip()!r})"
