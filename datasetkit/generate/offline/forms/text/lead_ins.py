"""A lead-in that names a task and the means that follow it (English): an order ("Delete
an account with:", "Grab a snapshot using:") or a passive "can be" sentence ("Roles can be
granted for a user with:", "The member state can be purged by:") that ends where the
commands or steps that do the task begin. The task form asks "How do I <order>?" or "How
can <thing> be <done>?" of it, answered by the lead-in and all that follows it."""

from __future__ import annotations

import re

from datasetkit.generate.offline.language.imperative import imperative_task
from datasetkit.generate.offline.language.words import DocWords, first_person, lower_words

# The words that end a lead-in where the means follow.
_MEANS = r"(?:with|using|by running|by)"
_ORDER = re.compile(rf"^(?P<task>[A-Z][^:;,.()]{{4,90}}?)\s+{_MEANS}:$")
_PASSIVE = re.compile(
    rf"^(?P<thing>[A-Z][^:;,.()]{{2,60}}?) can be (?P<done>[a-z]+(?:ed|en|wn|nt|ne))"
    rf"(?P<rest>(?: [^:;,.()]{{1,60}}?)?)\s+{_MEANS}:$"
)
# A subject that points back at something said before it names no thing of its own.
_POINTS_BACK = re.compile(r"(?i)^(?:this|that|these|those|it|they|which)\b")


def lead_in_question(sentence: str, words: DocWords) -> str | None:
    """The question a lead-in ending in the means of a task asks; None for any other."""
    said = sentence.strip()
    m = _PASSIVE.match(said)
    if m is not None:
        thing = m.group("thing")
        if _POINTS_BACK.match(thing):
            return None
        thing = lower_words(thing, words)
        return f"How can {thing} be {m.group('done')}{m.group('rest')}?"
    m = _ORDER.match(said)
    task = imperative_task(m.group("task"), words) if m is not None else None
    return f"How do I {first_person(task)}?" if task else None
