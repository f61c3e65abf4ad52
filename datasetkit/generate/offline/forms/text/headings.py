"""Questions a section's heading asks, answered by the text under it.

* "How to ..." headings, or a heading on a task ("Filing a claim") over its steps,
  become "How do I ...?", answered by every step;
* a heading that is a question (or one in all but punctuation) is asked, answered by
  the text under it (with the whole list its opening sentence introduces);
* numbered steps under any other heading become "What are the steps for ...?".

The first of these that asks claims the heading. A task's section is about its steps:
none of its lists is asked again as a list; a question heading's answer holds the list
its section opens with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.forms.registry import ALL_LANGUAGES, form
from datasetkit.generate.offline.language.templates import TEMPLATES
from datasetkit.generate.offline.language.words import (
    first_person,
    heading_question,
    lower_words,
    unnumbered,
)
from datasetkit.generate.offline.naming import anchored
from datasetkit.generate.offline.text.answers import section_answer
from datasetkit.generate.offline.text.lists import (
    ADVICE,
    GENERIC_TOPICS,
    NO_SUBJECT_ADVICE,
    ListRun,
    generic_advice,
    items_answer,
)
from datasetkit.generate.offline.text.view import TextChunk

_HOWTO = {
    "en": re.compile(r"^(?:how\s+to|how\s+do\s+i|how\s+can\s+i)\s+(?P<task>.+?)\??$", re.I),
    "es": re.compile(r"^(?:cómo|como)\s+(?P<task>.+?)\??$", re.I),
}


def _gerund_task(topic: str, ctx: DocContext) -> str | None:
    """``filing a claim`` -> ``file a claim`` (the document's own words decide the stem)."""
    words = topic.split()
    first = words[0].lower() if words else ""
    if not first.endswith("ing") or len(first) < 6 or len(words) < 2:
        return None
    stem = first[:-3]
    for option in (stem, stem + "e", stem[:-1] if stem[-1:] == stem[-2:-1] else ""):
        if option and ctx.words.common(option):
            return " ".join([option, *words[1:]])
    return None


def _asked_heading(
    title: str, topic: str, has_steps: bool, lang: str, ctx: DocContext
) -> str | None:
    """The question a heading asks: as written, made a question, or a task with steps."""
    if lang == "en":
        asked = heading_question(title, ctx.words)
        if asked is None and has_steps:
            task = _gerund_task(topic, ctx)
            asked = f"How do I {first_person(task)}?" if task else None
    else:
        howto = _HOWTO.get(lang)
        m = howto.match(title) if howto and has_steps else None
        asked = TEMPLATES[lang]["howto"].format(task=m.group("task").strip()) if m else None
    if asked is None and title.endswith(("?", "？")):
        asked = title if not title.isupper() else lower_words(title, ctx.words).capitalize()
    return asked


@dataclass(frozen=True)
class _Heading:
    """What a heading asks as written, and the steps right under it (if any)."""

    title: str
    steps: ListRun | None
    asked: str | None


def _read(text: TextChunk) -> _Heading:
    title = unnumbered(str(text.heading)).strip()
    runs, body = text.runs, text.body
    steps = runs[0] if runs and runs[0].items[0] in body[:2] and len(runs[0].items) >= 2 else None
    topic = str(text.topic)
    asked = _asked_heading(title, topic, steps is not None, text.lang, text.ctx)
    return _Heading(title, steps, asked)


@form(
    "how-to heading",
    content="heading",
    order=10,
    asks="procedural",
    languages=ALL_LANGUAGES,
    kinds=("procedure",),
)
def how_to(text: TextChunk) -> list[Candidate]:
    """ "How to file a claim" over its steps -> "How do I file a claim?", every step."""
    h = _read(text)
    task = h.asked is not None and (
        h.asked.startswith(("How do I", "How can I"))
        or (text.lang != "en" and not h.title.endswith("?"))
    )
    if h.asked is None or h.steps is None or not task:
        return []
    answer = items_answer(h.steps.items)
    text.hold(text.runs)
    return [Candidate(h.asked, answer, answer, h.steps.items[0], "procedure", -1)]


@form(
    "question heading",
    content="heading",
    order=11,
    asks="lookup",
    languages=ALL_LANGUAGES,
    kinds=("faq",),
)
def question_heading(text: TextChunk) -> list[Candidate]:
    """ "What is covered?" -> the text under it (named by its section in English)."""
    asked = _read(text).asked
    if asked is None:
        return []
    body = text.body
    answer, evidence = section_answer(body, text.runs)
    if len(answer) < 15:
        return []
    # The list the heading's answer already holds is not asked again.
    text.hold([r for r in text.runs if r.intro is body[0] or r.items[0] is body[0]])
    found = Candidate(asked, answer, evidence, body[0], "faq", -1)
    return [anchored(found, text.ctx, text.inside) if text.lang == "en" else found]


@form(
    "numbered steps",
    content="heading",
    order=12,
    asks="procedural",
    languages=ALL_LANGUAGES,
    kinds=("procedure",),
)
def numbered_steps(text: TextChunk) -> list[Candidate]:
    """Numbered steps that are sentences -> "What are the steps for <topic>?"."""
    steps, topic, lang = _read(text).steps, str(text.topic), text.lang
    ordered = steps is not None and all(s.marker and s.marker[:1].isdigit() for s in steps.items)
    # Steps are sentences ("Submit the form."), not names or "Term: ..." entries.
    sentence_like = steps is not None and all(
        s.text.rstrip().endswith((".", "!")) and len(s.text.split()) >= 3 and ":" not in s.text[:40]
        for s in steps.items
    )
    if not (ordered and steps is not None and sentence_like) or topic.lower() in GENERIC_TOPICS:
        return []
    answer = items_answer(steps.items)
    question = TEMPLATES[lang]["steps"].format(topic=topic)
    if lang == "en" and ADVICE.match(topic):
        if NO_SUBJECT_ADVICE.match(topic) or generic_advice(topic, steps.items):
            return []  # "Tips for employees": a heading repeated under every benefit
        question = f"What are the {topic}?"  # not "What are the steps for tips for ...?"
    text.hold(text.runs)
    return [Candidate(question, answer, answer, steps.items[0], "procedure", -1)]
