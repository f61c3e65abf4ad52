"""A problem with its remedy and its cause under headings of their own, asked how to fix
the problem and what causes it.

Known-issues lists and troubleshooting pages give each problem a heading (an error
message, a warning, a clause that says what goes wrong) and put what to do under a
sub-heading that labels it ("Solution", "Workaround", "How to fix"), sometimes beside one
that says why it happens ("Cause"). The remedy is asked of the problem as a user meets it:
an error or warning message in quotes ('How do I fix the error "..."?'), a clause as "What
should I do if ...?"; the answer is the whole labelled part, every alternative it offers
under headings of its own included; it is not asked when it is longer than a reader would
check or goes on under other headings (an answer is never cut).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import unnumbered
from datasetkit.generate.offline.text.links import is_markdown
from datasetkit.generate.offline.text.messages import OPTION, problem_questions, remedy_text
from datasetkit.generate.offline.text.problems import problem_clause
from datasetkit.generate.offline.text.view import TextChunk
from datasetkit.knowledge.model import Document, Section

# The label of a part that says what to do about the problem above it.
_REMEDY_LABEL = re.compile(
    r"(?i)^(?:(?:the\s+|possible\s+|suggested\s+|recommended\s+)?(?:solutions?|resolutions?|"
    r"workarounds?|fix(?:es)?|remed(?:y|ies)|mitigations?)|how\s+to\s+(?:fix|resolve|solve)"
    r"(?:\s+(?:it|this|the\s+(?:issue|problem|error)))?|what\s+to\s+do|recommended\s+actions?)"
    r"\s*:?$"
)
# The label of a part that says why the problem happens.
_CAUSE_LABEL = re.compile(r"(?i)^(?:(?:the\s+|root\s+|possible\s+)?causes?|reasons?)\s*:?$")
_MAX_ANSWER = 1500
# Alternatives each under a heading of their own are asked whole, however many.
_MAX_OPTIONS = 2500


def _span(sections: Sequence[Section], start: int) -> list[Section]:
    """The sections under the heading at ``start``, sub-headings included, up to the next
    heading of its level or above."""
    level = sections[start].level or 0
    out: list[Section] = []
    for s in sections[start + 1 :]:
        if s.kind == "heading" and (s.level or 0) <= level:
            break
        out.append(s)
    return out


def _above(sections: Sequence[Section], start: int) -> int | None:
    """The heading the heading at ``start`` sits under."""
    level = sections[start].level or 0
    for i in range(start - 1, -1, -1):
        s = sections[i]
        if s.kind == "heading" and (s.level or 0) < level:
            return i
    return None


def _existential(title: str) -> str | None:
    """ "There are errors in the designer" over a remedy -> "there are errors in the
    designer": a clause that says something is wrong by saying it is there."""
    title = unnumbered(title).strip().rstrip(".")
    if not re.match(r"^There (?:is|are) (?:an? |no |some )?\w", title):
        return None
    if not 4 <= len(title.split()) <= 14 or re.search(r"[?:;\"“]", title):
        return None
    return "t" + title[1:]


def _label(sections: Sequence[Section], own: Section) -> tuple[int, bool] | None:
    """Where the label this chunk's heading is stands, and whether it labels the remedy
    (else the cause); None when the heading labels neither."""
    at = next((i for i, s in enumerate(sections) if s is own), None)
    if at is not None and at > 0 and OPTION.match(unnumbered(own.text).strip()):
        # The first of several alternatives straight under the label: the label has no
        # text of its own (no chunk), so its first option asks for it.
        at -= 1
        own = sections[at]
    said = unnumbered(own.text).strip()
    remedy = bool(_REMEDY_LABEL.match(said))
    if at is None or own.kind != "heading" or (not remedy and not _CAUSE_LABEL.match(said)):
        return None
    return at, remedy


def solution_entries(text: TextChunk) -> list[Candidate]:
    """The remedy or the cause this chunk's heading labels, asked of the problem in the
    heading above it as a user meets it."""
    doc = text.chunk.meta.get("document")
    own = next((s for s in text.chunk.sections if s.kind == "heading"), None)
    if text.lang != "en" or own is None or not isinstance(doc, Document):
        return []
    sections = doc.sections
    found = _label(sections, own)
    problem_at = _above(sections, found[0]) if found else None
    if found is None or problem_at is None:
        return []
    start, remedy = found
    asked = problem_questions(sections[problem_at].text, _span(sections, problem_at))
    if asked is None and remedy:
        clause = problem_clause(sections[problem_at].text, text) or _existential(
            sections[problem_at].text
        )
        asked = (f"What should I do if {clause}?", None) if clause else None
    question = (asked[0] if remedy else asked[1]) if asked else None
    part = _span(sections, start)
    answer = remedy_text(part, is_markdown(text.chunk.provenance.file))
    most = _MAX_OPTIONS if any(s.kind == "heading" for s in part) else _MAX_ANSWER
    if not question or not part or not answer or not 15 <= len(answer) <= most:
        return []
    where = next((s for s in part if s.kind != "heading"), part[0])
    past = tuple(s for s in part if not any(s is own for own in text.chunk.sections))
    if past:
        text.hold(text.runs)  # the first alternative is asked within the whole remedy
    return [Candidate(question, answer, answer, where, "faq", -1, also=past)]
