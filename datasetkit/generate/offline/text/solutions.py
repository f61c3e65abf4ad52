"""A problem with its remedy and its cause under headings of their own, asked how to fix
the problem and what causes it.

Known-issues lists and troubleshooting pages give each problem a heading (an error
message, a warning, a clause that says what goes wrong) and put what to do under a
sub-heading that labels it ("Solution", "Workaround", "How to fix"), sometimes beside one
that says why it happens ("Cause"). The remedy is asked of the problem as a user meets it:
an error or warning message in quotes ('How do I fix the error "..."?'), a clause as "What
should I do if ...?"; the answer is the whole labelled part; it is not asked when it is longer than a reader would check or goes on under
headings of its own (an answer is never cut).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import unnumbered
from datasetkit.generate.offline.text.links import is_markdown, link_text
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
# A message the heading quotes after its kind: "Error: ...", "Warning - ...".
_MESSAGE = re.compile(r"(?i)^(?P<kind>error|warning|exception)\s*[:\-–]\s*(?P<said>\S.*)$")
# A heading that names the errors a cause gives: "Errors due to ...", "Error when ...".
_ERRORS_OF = re.compile(
    r"(?i)^(?P<kind>errors?|warnings?|failures?)\s+(?:due\s+to|caused\s+by|when|while|during|"
    r"on|in|with|after|from)\s+\S"
)
# A message line under the heading: "ERROR: AADSTS530003: Your device ...".
_MESSAGE_LINE = re.compile(r"^(?:error|warning)\s*:\s*(?P<said>[^\n]{10,160})$", re.I)
_MAX_ANSWER = 1500


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


def _said(part: Sequence[Section], markdown: bool) -> str | None:
    """A labelled part as its answer, every line; None when it goes on under headings of
    its own (options each under a heading): the answer would be cut at the first."""
    if any(s.kind == "heading" for s in part):
        return None
    lines = [(link_text(s.text) if markdown else s.text).strip() for s in part]
    return "\n".join(line for line in lines if line)


def _message(title: str, under: Sequence[Section]) -> tuple[str, str] | None:
    """(kind, message) of a problem heading that quotes an error or warning, or names one
    without its words and quotes it in a message line under it."""
    title = unnumbered(title).strip()
    m = _MESSAGE.match(title)
    if m:
        said = m.group("said").strip()
        if said[:1] in "'\"“" and said[-1:] in "'\"”" and len(said) > 2:
            said = said[1:-1].strip()  # a message quoted whole: the question quotes it
        found = _MESSAGE.match(said)  # "Error : Error due to ...": the kind said twice
        said = found.group("said").strip() if found else said
        if len(said.split()) >= 2 and '"' not in said:
            return m.group("kind").lower(), said.rstrip(".")
        return None
    if re.fullmatch(r"(?i)error|warning", title):
        for s in under:
            if s.kind == "heading":
                break
            first = s.text.strip().split("\n")[0].strip()
            line = _MESSAGE_LINE.match(first)
            if line:
                return title.lower(), line.group("said").strip().rstrip(".")
    return None


def _problem(title: str, under: Sequence[Section]) -> tuple[str, str | None] | None:
    """(the remedy question, the cause question or None) a problem heading asks."""
    inner = _MESSAGE.match(unnumbered(title).strip())
    if inner and _ERRORS_OF.match(inner.group("said").strip()):
        title = inner.group("said")  # "Error: Error due to ...": errors named, no message
    found = _message(title, under)
    if found:
        kind, said = found
        return f'How do I fix the {kind} "{said}"?', f'What causes the {kind} "{said}"?'
    title = unnumbered(title).strip().rstrip(".")
    m = _ERRORS_OF.match(title)
    if m and 4 <= len(title.split()) <= 14 and not re.search(r"[?:;\"“]", title):
        named = title[:1].lower() + title[1:]
        plural = m.group("kind").lower().endswith("s")
        return f"How do I fix {'' if plural else 'an '}{named}?", None
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
    said = unnumbered(own.text).strip()
    remedy = bool(_REMEDY_LABEL.match(said))
    if not remedy and not _CAUSE_LABEL.match(said):
        return None
    at = next((i for i, s in enumerate(sections) if s is own), None)
    return None if at is None else (at, remedy)


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
    asked = _problem(sections[problem_at].text, _span(sections, problem_at))
    if asked is None and remedy:
        clause = problem_clause(sections[problem_at].text, text) or _existential(
            sections[problem_at].text
        )
        asked = (f"What should I do if {clause}?", None) if clause else None
    question = (asked[0] if remedy else asked[1]) if asked else None
    part = _span(sections, start)
    answer = _said(part, is_markdown(text.chunk.provenance.file))
    if not question or not part or not answer or not 15 <= len(answer) <= _MAX_ANSWER:
        return []
    return [Candidate(question, answer, answer, part[0], "faq", -1)]
