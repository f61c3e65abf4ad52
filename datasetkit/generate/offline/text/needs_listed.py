"""What a reader needs before they carry out a procedure, listed under "You will need:",
asked "What do I need to <task>?" and answered by every item.

Procedures, how-tos and standard operating procedures open with what the reader must
have at hand (software, access, files) before the steps, led in by "You will need:",
"What you'll need:" or "Before you start, you will need:". The task is the one the
lead-in names ("You will need the following to renew a permit:"), else the one the
section's heading or the document's title line names: "How to <task>", "<Doing> <the
thing>", or either after the kind of document ("Standard operating procedure: Updating
the monthly report"). A list whose task nothing names is not asked this way: "What do I
need?" says of what only in the document it comes from.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.forms.text.tasks import gerund_task
from datasetkit.generate.offline.language.clauses import IMPERATIVE
from datasetkit.generate.offline.language.imperative import imperative_task
from datasetkit.generate.offline.language.words import first_person, unnumbered
from datasetkit.generate.offline.text.lists import ListRun, items_answer
from datasetkit.generate.offline.text.view import TextChunk
from datasetkit.knowledge.model import Document

_NEEDS = re.compile(
    r"(?i)^(?:before you (?:begin|start),?\s+)?(?:what\s+)?you(?:['’]ll|\s+will)?\s+need"
    r"(?:\s+the\s+following)?(?:\s+to\s+(?P<task>[a-z][^:;.]{4,80}?))?\s*:$"
)
# The kind of document a title names before its task.
_KIND = re.compile(
    r"(?i)^(?:standard\s+operating\s+procedure|sop|procedure|work\s+instructions?|"
    r"how-?to|guide|instructions?)\s*[:–—-]\s*"
)
_HOW_TO = re.compile(r"(?i)^how\s+(?:to|do\s+i|can\s+i)\s+(?P<task>[a-z].{4,80}?)\??$")
_MOST_TITLE_WORDS = 15


def _task(title: str, text: TextChunk) -> str | None:
    """The task a title or heading names, as the reader says it ("update the report")."""
    said = _KIND.sub("", unnumbered(" ".join(title.split()))).strip().rstrip(".:")
    if not said or len(said.split()) > _MOST_TITLE_WORDS:
        return None
    how = _HOW_TO.match(said)
    if how:
        return first_person(how.group("task"))
    task = gerund_task(said, text.ctx, stepped=True)
    return first_person(task) if task else None


def _titles(text: TextChunk) -> list[str]:
    """The section's heading, then the document's title line (its first line, a heading or
    a paragraph that ends in no full stop)."""
    found = [str(text.heading)] if text.heading else []
    doc = text.chunk.meta.get("document")
    if isinstance(doc, Document) and doc.sections:
        first = doc.sections[0]
        if first.kind == "heading" or (
            first.kind == "paragraph" and not first.text.rstrip().endswith((".", "!", "?"))
        ):
            found.append(first.text)
    return found


def _instruction(item: str, text: TextChunk) -> bool:
    """Whether a list item tells the reader what to do (a step, not a thing needed)."""
    words = item.split()
    if not words:
        return False
    return words[0].lower().strip(",.:") in IMPERATIVE or bool(
        imperative_task(item, text.ctx.words)
    )


def needs_question(run: ListRun, text: TextChunk) -> str | None:
    """ "You will need:" under "Standard operating procedure: Updating the report" ->
    "What do I need to update the report?"."""
    if text.lang != "en" or run.intro is None:
        return None
    m = _NEEDS.match(" ".join(run.intro.text.split()))
    if m is None:
        return None
    task = first_person(m.group("task")) if m.group("task") else None
    for title in _titles(text) if task is None else []:
        task = _task(title, text)
        if task:
            break
    return f"What do I need to {task}?" if task else None


def needs_listed(text: TextChunk, runs: list[ListRun]) -> list[Candidate]:
    """Each list of what the reader needs for the task, asked whole; the runs asked are
    held from the other list questions."""
    out = []
    for run in runs:
        question = needs_question(run, text)
        if question is None or len(run.items) < 2:
            continue
        if any(_instruction(i.text, text) for i in run.items):
            continue  # steps run on under the things needed (a reader kept no list apart)
        answer = items_answer(run.items)
        out.append(Candidate(question, answer, answer, run.items[0], "list", 1))
        text.hold([run])
    return out
