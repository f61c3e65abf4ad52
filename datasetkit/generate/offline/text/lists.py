"""Lists in text as the forms read them: runs of list items with the sentence that
introduces them ("Employees must:") and the "Label:" line above them, and what makes a
list one of advice ("Tips for employees") rather than of the document's own rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from datasetkit.generate.offline.language.words import sentences
from datasetkit.knowledge.model import Section

# Headings too general to name what a list or a section is about ("Overview", "Tips").
GENERIC_TOPICS = {
    "overview",
    "introduction",
    "purpose",
    "conclusion",
    "summary",
    "next steps",
    "tips",
    "notes",
    "note",
    "general",
    "background",
    "other information",
    "additional information",
    "miscellaneous",
    "details",
    "acknowledgment",
    "acknowledgement",
    # The kind of document a section is part of names nothing a list is for.
    "user guide",
    "user manual",
    "guide",
    "manual",
    "handbook",
}

# "<People> are expected to:": who must do what the list says.
INTRO_MODAL = re.compile(
    r"^(?P<subject>.+?)\s+(?P<modal>must not|must|should not|should|may not|are expected to|"
    r"is expected to|are required to|is required to|need to|agree to)$"
)

# "..., including:", "... as follows:": words that only lead into the list.
INTRO_NOISE = re.compile(
    r",?\s*(?:including(?: but not limited to)?|such as|as follows|the following|below)\s*$", re.I
)


@dataclass
class ListRun:
    """Consecutive list items, with the sentence that introduces them (ending in ":")."""

    intro: Section | None
    items: list[Section]
    # The nearest "Reporting Procedures:" line above the list: a heading in all but form.
    label: str | None = None


LABEL_LINE = re.compile(r"^(?P<label>[A-Z][\w&/ -]{2,40}):$")


# The marker a numbered list opens with ("1.", "1)", "(1)"): a list of its own begins.
_FIRST_NUMBER = re.compile(r"^\(?0*1[.)]?$")


def new_list(prev: Section, item: Section) -> bool:
    """Whether ``item`` opens a list of its own right after the list item ``prev``: it is
    numbered from one at ``prev``'s depth or above while ``prev`` is not numbered at that
    depth (bullets of things needed, then the numbered steps; a second numbered list
    right after a first). Word, Markdown and PDF set such lists one after the other with
    nothing between them."""
    if item.marker is None or not _FIRST_NUMBER.match(item.marker.strip()):
        return False
    return (item.level or 0) <= (prev.level or 0)


def list_runs(body: Sequence[Section]) -> list[ListRun]:
    """The runs of list items in ``body``, each with its introduction and label line."""
    runs: list[ListRun] = []
    prev: Section | None = None
    label: str | None = None
    for s in body:
        found = LABEL_LINE.match(s.text.strip()) if s.kind != "list_item" else None
        if found and len(found.group("label").split()) <= 4:
            label = found.group("label")
        if s.kind == "list_item":
            if prev is not None and prev.kind == "list_item" and not new_list(prev, s):
                runs[-1].items.append(s)
            else:
                intro = prev if prev is not None and prev.text.rstrip().endswith(":") else None
                runs.append(ListRun(intro, [s], label))
        prev = s
    return runs


def items_answer(items: Sequence[Section]) -> str:
    """Every item of a list, one a line: the answer that asks for the list."""
    # Markdown emphasis a loader kept ("**Objective 1: ...**") is not part of the answer.
    # An item a PDF repeats (a page printed twice) is said once.
    said = dict.fromkeys(
        s.text.strip().strip("*_").strip() for i, s in enumerate(items) if not _label_only(items, i)
    )
    return "\n".join(said)


def _label_only(items: Sequence[Section], i: int) -> bool:
    """Whether item ``i`` is only a label ("<Group>:") over the deeper items that follow it,
    or one left at the list's end with nothing after it: it says nothing itself, and the
    items under it name their own labels."""
    text = items[i].text.strip().strip("*_").strip()
    if not text.endswith(":") or len(items) < 2:
        return False
    if i + 1 == len(items):
        return True
    return (items[i + 1].level or 0) > (items[i].level or 0)


def subject_intro(run: ListRun) -> str | None:
    """What a list's introduction says of every item ("Employees must"), or None."""
    if run.intro is None:
        return None
    said = sentences(run.intro.text.strip())
    last = said[-1] if said else ""
    m = INTRO_MODAL.match(INTRO_NOISE.sub("", last.rstrip(":")).strip())
    return m.group(0) if m and "," not in m.group("subject") else None


ADVICE = re.compile(
    r"(?i)^(?:tips|guidelines|ways|best practices|recommendations|suggestions|rules|dos)\b"
)

NO_SUBJECT_ADVICE = re.compile(
    r"(?i)^(?:tips|advice|guidelines)(?: for (?:employees|members|you|staff|everyone|consumers|"
    r"customers|users|patients))?$"
)

ADVICE_ITEM = re.compile(
    r"(?i)^(?:make sure|be sure|don[’']t|do not|be |remember|consider|try|keep|ask|talk|take|"
    r"avoid|stay|get|eat|drink|exercise|plan|check)\b"
)


def generic_advice(topic: str, items: Sequence[Section]) -> bool:
    """A "Tips for <topic>" list whose items are general advice ("Make sure to ..."):
    advice any model gives without the document (reviewers discard such cases)."""
    if not re.match(r"(?i)^tips\b", topic.strip()) or not items:
        return False
    told = sum(bool(ADVICE_ITEM.match(i.text.strip())) for i in items)
    return told * 2 >= len(items)


# A label that names its item, before the colon that opens what is said of it: a few
# words, no sentence of its own.
_ITEM_LABEL = re.compile(r"^(?P<label>[^\W\d][^:.;!?]{1,60}?):\s+\S")


def item_labels(items: Sequence[Section]) -> str | None:
    """The labels of a list whose every item names itself by one ("<Label>: <what it
    says>"), one a line; None when an item has none or a label runs past eight words."""
    labels = []
    for item in items:
        m = _ITEM_LABEL.match(item.text.strip().strip("*_").strip())
        if m is None or len(m.group("label").split()) > 8:
            return None
        labels.append(m.group("label").strip())
    return "\n".join(dict.fromkeys(labels)) if len(labels) >= 2 else None
