"""The definition form on a command-line reference page: an option a listing describes,
asked what it does, and a subcommand listed with the task it does, asked how to do that
task (see ``text.commands``); both name the page's command, as a user asking about one
command of a program does."""

from __future__ import annotations

from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.imperative import imperative_task
from datasetkit.generate.offline.language.words import capital, first_person
from datasetkit.generate.offline.text.commands import (
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
        option = next((o for o in option_lines(said.section) if o.line == said.sentence), None)
        asked = option_question(option, command, said.lang) if option is not None else None
        if asked is None or option is None:
            return None
        answer = capital(option.description)
        return Candidate(asked, answer, said.sentence, said.section, "definition", 1)
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
