"""What keeps a set of offline cases free of repeats: the same question, the same table
fact, an answer a picked case already gives, a figure asked again in other words, and
an answer that only echoes its question."""

from __future__ import annotations

import re
import zlib

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.figure_repeats import Figure, figure_of, same_figure
from datasetkit.generate.offline.forms.registry import KindTraits
from datasetkit.generate.offline.language.words import normalize

ROW_SHARE = 1  # whole-row "details" questions per chunk before every other kind


class Picked:
    """What the cases picked so far ask and say: a candidate that repeats any is skipped."""

    def __init__(self, traits: KindTraits) -> None:
        self.traits = traits
        self.questions: set[str] = set()  # normalised
        self.facts: set[tuple[int, str]] = set()  # table facts asked (Candidate.covers)
        # Evidence, answer, kind and shape of each picked case that is no table fact.
        self.said: list[tuple[str, str, str, str]] = []
        # Whole answers the document gives itself (a question it asks, a task's steps), and
        # the evidence of every other picked case that is no table fact.
        self.blocks: list[str] = []
        self.parts: list[str] = []
        self.figures: list[Figure] = []  # the amounts picked cases give, with what they ask

    def repeats(self, cand: Candidate) -> bool:
        """True when ``cand`` asks or answers what a picked case already does."""
        if normalize(cand.question) in self.questions or cand.overlaps(self.facts):
            return True
        if self._in_block(cand):
            return True
        figure = figure_of(cand.question, cand.answer)
        if figure is not None and any(same_figure(figure, f) for f in self.figures):
            return True
        return _said(cand, self.said, self.traits) or _asks_again(cand, self.questions)

    def _in_block(self, cand: Candidate) -> bool:
        """A sentence of an answer the document gives in full, asked on its own (or that
        whole answer after one of its sentences): reviewers discard the part as a
        near-duplicate whatever it asks, a figure included."""
        if cand.covers:
            return False
        if cand.tier < 0:
            answer = normalize(cand.answer)
            return any(p in answer for p in self.parts)
        evidence = normalize(cand.evidence)
        return bool(evidence) and any(evidence in b for b in self.blocks)

    def add(self, cand: Candidate) -> None:
        """Record a picked case."""
        self.questions.add(normalize(cand.question))
        self.facts.update(cand.covers)
        if (figure := figure_of(cand.question, cand.answer)) is not None:
            self.figures.append(figure)
        if not cand.covers:
            if cand.tier < 0:
                self.blocks.append(normalize(cand.answer))
            else:
                self.parts.append(normalize(cand.evidence))
        if cand.question_type not in self.traits.alone:
            said = (normalize(cand.evidence), normalize(cand.answer), cand.question_type)
            self.said.append((*said, _shape(cand.answer)))


_ASK_FILLER = frozenset(
    [
        "within",
        "how",
        "many",
        "days",
        "hours",
        "weeks",
        "months",
        "years",
        "business",
        "working",
        "calendar",
        "must",
        "can",
        "may",
        "should",
        "will",
        "does",
        "do",
        "is",
        "are",
        "the",
        "a",
        "an",
        "i",
        "my",
        "to",
        "of",
        "for",
        "written",
        "any",
        "all",
    ]
)


def _asks_again(cand: Candidate, used: set[str]) -> bool:
    """A figure question whose words are another picked one's ("Within how many days can
    I submit a written appeal?" after "Within how many days must I submit an appeal?"):
    one document that gives two figures for one thing would make one case fail."""
    if cand.question_type not in ("deadline", "limit"):
        return False
    words = _ask_words(cand.question)
    if len(words) < 1:
        return False
    for other in used:
        if not other.startswith(cand.question.split(" ", 1)[0].lower()):
            continue
        theirs = _ask_words(other)
        if theirs and (words <= theirs or theirs <= words):
            return True
    return False


def _ask_words(question: str) -> set[str]:
    return {w for w in re.findall(r"[a-z][a-z-]+", question.lower()) if w not in _ASK_FILLER}


def _said(cand: Candidate, said: list[tuple[str, str, str, str]], traits: KindTraits) -> bool:
    """True when a picked case already answers with this sentence, or this answer holds
    a picked one (a how-to answer that already gives the step another question asks)."""
    if cand.question_type in traits.alone:
        return False  # a figure asked on its own is no repeat of the list that holds it
    evidence, answer = normalize(cand.evidence), normalize(cand.answer)
    # A figure (a deadline, a limit, an amount) is asked on its own even when a longer
    # answer holds it: "Within how many days must I drop the parcel?" after "How do I
    # return an item?" asks what a user asks, and checks another thing.
    figure = cand.tier == 0 and cand.question_type in traits.figures
    # A contact's answer may carry the sentence before it (one that says "the same hours"):
    # that it holds a picked sentence does not make it a repeat.
    holds = cand.question_type != "contact"
    shape = _shape(cand.answer)
    for e, a, kind, their_shape in said:
        if kind in traits.alone:
            continue  # and no later question repeats them
        if shape and shape == their_shape:
            # The same sentence said of two named plans, each with its own name: an answer
            # that tells nothing about which one it is.
            return True
        if {kind, cand.question_type} in _GIST_AND_DETAIL:
            continue  # "Does Fabrikam Standard cover emergency services?" after its gist
        if (figure and kind == "definition") or (
            cand.question_type == "definition" and kind in traits.figures
        ):
            continue  # "How much is the restocking fee?" after "What is a restocking fee?"
        one = e if kind != "list" else evidence
        if (kind == "list") != (cand.question_type == "list") and "\n" not in one:
            # A whole list ("What are the insights and trends for May 2025?") and one of
            # its items ("Why are larger deals taking longer to close?") ask different things.
            continue
        if (evidence in a and not figure) or (holds and e in answer) or evidence == e:
            return True
    if cand.question_type == "contact":
        # "How can I contact the Privacy Officer?" and "Who should I contact about privacy?"
        # both answer privacy@contoso.com: one contact is asked once.
        found = {m.group(0).lower() for m in _ADDRESS.finditer(cand.answer)}
        return any(f in a for f in found for _, a, k, _ in said if k not in traits.alone)
    return False


# A definition that sums a thing up and a yes/no on one thing it says ask different things.
_GIST_AND_DETAIL = ({"definition", "yes_no"}, {"definition", "rule"})

_NAME = re.compile(r"\b[A-Z][\w&+-]*(?:\s+[A-Z][\w&+-]*)+")


def _shape(answer: str) -> str:
    """A long answer with its names left out ("" for a short one): two answers of the same
    shape say the same of two things."""
    if len(answer) < 60:
        return ""
    return normalize(_NAME.sub("X", answer))


_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\+?\d[\d ()./-]{6,}\d")


def feasible(cands: list[Candidate]) -> list[Candidate]:
    """The candidates a set can hold together: none gives away a table fact another gives.

    A few rows (the first by a stable hash, so capacity and picking agree whatever the
    seed) are asked as a whole; the other rows by their cells, and a whole-row question
    is kept for a row only when none of its cells can be asked.
    """
    rows = sorted(
        (c for c in cands if c.whole_row),
        key=lambda c: zlib.crc32(c.question.encode()),
    )
    # Questions over the whole table (filters, counts, extremes) before single cells.
    wide = [c for c in cands if c.over_rows]
    rest = [c for c in cands if not c.over_rows and not c.whole_row]
    taken: set[tuple[int, str]] = set()
    kept: list[Candidate] = []
    keep: set[int] = set()
    for c in rows[:ROW_SHARE] + wide + rest + rows[ROW_SHARE:]:
        # Either order of asking must be free of overlap: the run may pick them so.
        if c.overlaps(taken) or any(k.overlaps(set(c.covers)) for k in kept):
            continue
        taken.update(c.covers)
        kept.append(c)
        keep.add(id(c))
    return [c for c in cands if id(c) in keep]


def echoes(question: str, answer: str) -> bool:
    """True when the answer says little more than the question (``lint`` warns on these:
    similarity evaluators reward an agent that echoes the question)."""
    from datasetkit.lint.config import DEFAULT_NEAR_DUPLICATE_THRESHOLD
    from datasetkit.lint.text import normalize as lint_normalize
    from datasetkit.lint.text import similarity

    q, a = lint_normalize(question), lint_normalize(answer)
    return bool(q and a) and similarity(q, a) >= DEFAULT_NEAR_DUPLICATE_THRESHOLD
