"""The quality gate every generated case passes through, offline or LLM.

:func:`check_case` looks at one case (question, expected answer, the evidence that
grounds it): shape checks first (is the question a well-formed question, is the answer
a real answer), then meaning checks (do the numbers, units, dates, names and yes/no of
the answer agree with the evidence). :class:`Gate` adds near-duplicates against what a
run admitted before, with the same definition ``datasetkit lint`` uses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

# Stable rejection codes, with what each means.
CODES: dict[str, str] = {
    "fragment": "the question or answer is not well-formed (a clause pasted into a template, "
    "a sentence cut off mid-way, a heading only)",
    "form_label": "the answer is a blank form field, or the question asks for a form label",
    "blank": "the answer is empty or says nothing (N/A, TBD, -)",
    "placeholder": "the question or answer holds placeholder text ([insert ...], lorem ipsum, XXX)",
    "answer_in_question": "the question already contains the answer",
    "near_duplicate": "the question is nearly the same as one admitted before",
    "number_mismatch": "a number in the answer is not in the evidence for the same subject",
    "date_mismatch": "a date in the answer is not a date of the evidence",
    "unit_mismatch": "a number of the answer has another unit or currency than in the evidence",
    "entity_mismatch": "the answer names something (a product, a name) the evidence does not",
    "polarity_mismatch": "the answer says yes where the evidence says no, or the reverse",
}


@dataclass(frozen=True)
class Rejection:
    """Why a case is rejected: a code of :data:`CODES` and a message that says what is wrong."""

    code: str
    message: str


def check_case(
    question: str, answer: str, evidence: str, *, language: str | None = None
) -> Rejection | None:
    """None when the case passes; else why it is rejected. Shape checks, then meaning checks."""
    return None


class Gate:
    """One run's gate: check_case plus near-duplicates against what it admitted before
    (and ``existing`` texts)."""

    def __init__(self, existing: Iterable[str] = (), *, language: str | None = None) -> None:
        self.language = language
        self.counts: Counter[str] = Counter()
        self._existing = list(existing)

    def admit(self, question: str, answer: str, evidence: str) -> Rejection | None:
        """None when the case is admitted (and remembered); else why it is rejected."""
        found = check_case(question, answer, evidence, language=self.language)
        if found is not None:
            self.counts[found.code] += 1
        return found

    def summary(self) -> str:
        """E.g. ``"rejected 12: near_duplicate 5, number_mismatch 3, fragment 4"``."""
        total = sum(self.counts.values())
        if not total:
            return "rejected 0"
        ranked = sorted(self.counts.items(), key=lambda x: (-x[1], x[0]))
        return f"rejected {total}: " + ", ".join(f"{c} {n}" for c, n in ranked)
