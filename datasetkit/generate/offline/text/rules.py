"""Rules a policy states in a few fixed shapes, asked as a reader asks them:

- a cap: "Hotel stays are capped at $250 per night ..." -> "What is the cap on hotel
  stays?" (answered by the whole sentence: every tier it sets);
- what is not paid or allowed: "Alcohol is not reimbursed." -> "Is alcohol reimbursed?"
  ("No. ...");
- what follows from what the reader does: "If you submit an expense more than 90 days
  late, it will not be reimbursed." -> "What happens if I submit an expense more than 90
  days late?" (the outcome's subject may be "it": the question does not need it).

The subject of a cap or a refusal is a plain noun phrase (no pronoun, no clause); the
question keeps its words.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Fact
from datasetkit.generate.offline.language.words import first_person, is_plural
from datasetkit.generate.offline.text.view import Sentence

_NP = r"(?P<np>[A-Z][a-z]+(?: [a-z][\w-]*){0,4}?)"
_CAP = re.compile(
    rf"^{_NP} (?P<be>is|are) (?P<how>capped|limited) (?:at|to) (?:a maximum of )?"
    r"(?P<figure>[$€£¥₹]?\s?\d[^.;]*)\.$"
)
_REFUSED = re.compile(
    rf"^{_NP} (?P<be>is|are) not (?P<done>reimbursed|covered|allowed|permitted|refundable|"
    r"reimbursable|included|accepted|paid)\.$"
)
_IF_YOU = re.compile(
    r"^If you (?P<cond>[a-z][^,;]{5,100}), (?P<main>(?:it|they|this|the [a-z][\w -]{2,40}|your "
    r"[a-z][\w -]{2,40}) (?:will|won['’]t|will not|is|are|may|can) (?:not )?(?:be )?"
    r"(?:\w+ed|paid|held|sent|kept|taken|lost|charged|cancelled|canceled|rejected|forfeited)"
    r"\b[^;]*)\.$"
)
_POINTING = re.compile(r"(?i)\b(?:it|this|that|these|those|they|them|such)\b")


def _cap(m: re.Match[str]) -> str | None:
    np = m.group("np")
    if _POINTING.search(np):
        return None
    noun = "cap" if m.group("how") == "capped" else "limit"
    return f"What is the {noun} on {np[:1].lower()}{np[1:]}?"


def rule_fact(said: Sentence) -> Fact | None:
    """The question one of the shapes above asks of the sentence, or None."""
    text = said.sentence.strip()
    m = _CAP.match(text)
    if m:
        question = _cap(m)
        return Fact(question, said.sentence, "limit") if question else None
    m = _REFUSED.match(text)
    if m and not _POINTING.search(m.group("np")):
        np = m.group("np")
        be = "Are" if m.group("be") == "are" or is_plural(np.split()[-1]) else "Is"
        question = f"{be} {np[:1].lower()}{np[1:]} {m.group('done')}?"
        return Fact(question, f"No. {said.sentence}", "yes_no")
    m = _IF_YOU.match(text)
    if m and not _POINTING.search(m.group("cond")):
        return Fact(
            first_person(f"What happens if you {m.group('cond')}?"), said.sentence, "condition"
        )
    return None
