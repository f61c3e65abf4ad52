"""What every offline candidate is, and how it is checked against its source.

A form makes a :class:`Candidate` (a case it could write) or, from one sentence, a
:class:`Fact` (a question and its answer) that the sentence pass names and grades.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from datasetkit.generate.contract import Chunk
from datasetkit.generate.offline.language.templates import YES_NO
from datasetkit.generate.offline.language.words import normalize
from datasetkit.generate.offline.text.links import is_markdown, link_text
from datasetkit.knowledge.model import Section


@dataclass(frozen=True)
class Candidate:
    """One possible case in a chunk: question, answer, evidence and where it is.

    ``quotes`` are the pieces of the source the answer rests on, when the answer is not
    itself a quote (a yes/no answer, a value with its unit, a count over a table).
    """

    question: str
    answer: str
    evidence: str
    section: Section
    question_type: str
    tier: int  # lower is better: asked first (-1 a FAQ or procedure, 0 a figure)
    quotes: tuple[str, ...] = ()
    # What the generator computed from the evidence (a count: "Count: 7 of 25 rows ..."),
    # shown with the evidence but not quoted from the source.
    note: str = ""
    # The table facts the answer gives away, as (row, column) pairs: column "*" for a
    # whole row, "~column" for a row a filter or count names. A set never asks the same
    # fact twice ("details of Basecamp 6" already answers "How much does it weigh?").
    covers: frozenset[tuple[int, str]] = frozenset()
    # The registered form that asked it (set by the registry when the form returns it).
    form: str = ""
    # Sections of the chunk's document past the chunk that the answer reads whole (a
    # remedy's alternatives, each under a heading of its own): the answer may quote them.
    also: tuple[Section, ...] = ()

    def overlaps(self, taken: set[tuple[int, str]]) -> bool:
        """True when a fact this answer gives is one a picked case already gives."""
        for r, c in self.covers:
            if c.startswith("~"):
                clash = False  # a count over many rows is not spoilt by one cell asked
            elif c == "*":
                clash = any(t[0] == r and not t[1].startswith("~") for t in taken)
            else:
                clash = bool({(r, c), (r, "*"), (r, "~" + c)} & taken)
            if clash:
                return True
        return False

    @property
    def whole_row(self) -> bool:
        """True for a whole row of a table asked as one ("What are the details of ...?")."""
        return any(c == "*" for _, c in self.covers)

    @property
    def over_rows(self) -> bool:
        """True for a question computed over a table's rows (a filter, count or extreme)."""
        return any(c.startswith("~") for _, c in self.covers)

    def full_evidence(self) -> str:
        """The evidence as the gate and a reviewer see it: the quoted text and the note."""
        return f"{self.evidence}\n{self.note}" if self.note else self.evidence

    def grounding(self) -> str:
        """The text that must be found in the source: the quotes, else the answer."""
        return "\n".join(self.quotes) if self.quotes else self.answer


@dataclass(frozen=True)
class Fact:
    """A question one sentence answers: the question, the answer, and what kind it is."""

    question: str
    answer: str
    kind: str  # contact, deadline, limit, amount, eligibility, condition, rule, yes_no
    form: str = ""  # the registered form that asked it


_POLARITY = re.compile(
    "^(?:" + "|".join(re.escape(w) for pair in YES_NO.values() for w in pair) + r")\s+"
)


def is_grounded(answer: str, sources: Iterable[str] | str) -> bool:
    """True when every part of ``answer`` (parts split at "; " or new lines) is in ``sources``.

    ``sources`` is the texts to search, or one string already passed through :func:`normalize`.
    A leading "Yes." or "No." is the answer's verdict, not a quote.
    """
    haystack = sources if isinstance(sources, str) else "\n".join(normalize(s) for s in sources)
    answer = _POLARITY.sub("", answer.strip())
    parts = [normalize(p) for p in re.split(r";\s+|\n", answer) if p.strip()]
    return bool(parts) and all(p in haystack for p in parts)


def also_sources(sections: Iterable[Section], markdown: bool) -> str:
    """The texts of ``sections`` as a haystack (normalised), as the text forms read them."""
    texts = [t for s in sections for t in ((s.text, link_text(s.text)) if markdown else (s.text,))]
    return "\n".join(normalize(t) for t in texts)


def chunk_sources(chunk: Chunk) -> list[str]:
    """The texts a case from ``chunk`` may quote: each section and each table cell.

    A table chunk may also quote every row of its whole table (counts and filters are
    computed over all of it).
    """
    out: list[str] = []
    rows = list(chunk.sections) + list(chunk.meta.get("table_sections") or [])
    for section in rows:
        out.append(section.text)
        if is_markdown(chunk.provenance.file):
            out.append(link_text(section.text))  # the passage as the text forms read it
        if section.record:
            out.extend(section.record.values())
            out.extend(section.record.keys())
    return out
