"""The definition form on a command-line reference page: an option a listing describes,
asked what it does, and a subcommand listed with the task it does, asked how to do that
task (see ``text.commands``); both name the page's command, as a user asking about one
command of a program does."""

from __future__ import annotations

import re

from datasetkit.generate.gate import words as W
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.imperative import imperative_task
from datasetkit.generate.offline.language.words import capital, first_person
from datasetkit.generate.offline.text.commands import (
    examples,
    option_lines,
    option_question,
    subcommand,
    usage_command,
)
from datasetkit.generate.offline.text.view import Sentence


def reference_entry(said: Sentence) -> Candidate | None:
    """The option or the subcommand ``said`` describes, asked; None for any other sentence
    and on a page that shows no usage line."""
    command = usage_command(said.text_chunk.chunk.meta.get("document"))
    if command is None:
        return None
    if said.section.kind == "code":
        return _option(said, command) or _example(said, command)
    if said.section.kind != "list_item" or said.lang != "en":
        return None
    listed = subcommand(said.sentence, command)
    task = imperative_task(listed.does, said.ctx.words) if listed is not None else None
    if listed is None or task is None:
        return None
    program = command.split()[0]
    asked = f"How do I {first_person(task)} with `{program}`?"
    answer = f"Use `{listed.command}`."
    quotes = (listed.command,)
    return Candidate(asked, answer, said.sentence, said.section, "instruction", 1, quotes)


def _option(said: Sentence, command: str) -> Candidate | None:
    """ "--retries int   maximum number of attempts (default 3)" -> what it is used for."""
    option = next((o for o in option_lines(said.section) if o.line == said.sentence), None)
    asked = option_question(option, command, said.lang) if option is not None else None
    if asked is None or option is None:
        return None
    answer = capital(option.description)
    return Candidate(asked, answer, said.sentence, said.section, "definition", 1)


def _example(said: Sentence, command: str) -> Candidate | None:
    """ "# Sync an app" over "tool app sync my-app" -> "How do I sync an app with
    `tool`?", answered by every command line under the comment (and its notes)."""
    program = command.split()[0]
    shown = next((e for e in examples(said.section, program) if e.text == said.sentence), None)
    task = _example_task(shown.task, said) if shown is not None else None
    if shown is None or task is None or said.lang != "en":
        return None
    asked = f"How do I {first_person(task)} with `{program}`?"
    answer = "\n".join((*shown.notes, *shown.commands))
    # Asked before the options: a task and the command that does it, as a procedure is.
    return Candidate(asked, answer, said.sentence, said.section, "instruction", -1)


# A second word that makes the comment's first word a noun: "Resource should be ...",
# "Output is ...".
_NOUN_BEFORE = W.words_of(
    "is are was were will would should can could must may might has have does do"
)


def _example_task(comment: str, said: Sentence) -> str | None:
    """The task an example's comment names. Over a command of the page's program a comment
    names what the command does, so its first word is read as an order unless it cannot be
    one (a word in -ing, -ed or -s, a determiner or preposition, or a word a verb follows);
    a comment of more than one sentence is a note, not a task."""
    task = imperative_task(comment, said.ctx.words)
    if task is not None:
        return task
    words = comment.rstrip(".").split()
    if not 2 <= len(words) <= 12 or re.search(r"[.;:!?]", comment.rstrip(".")):
        return None
    first, second = words[0].lower(), words[1].lower()
    if not first.isalpha() or first.endswith(("ing", "ed")) or re.search(r"[^s]s$", first):
        return None
    closed = W.words_for(W.PREPOSITIONS, "en") | W.words_for(W.ARTICLES, "en")
    if first in closed or first in _NOT_ORDERS or second in _NOUN_BEFORE:
        return None
    return comment.rstrip(".")[:1].lower() + comment.rstrip(".")[1:]


# First words that open no order: pronouns, determiners and question words.
_NOT_ORDERS = W.words_of(
    "this that these those it its the a an all each every some any no our your their my "
    "what which who when where why how note example"
)
