"""A command-line reference page: the command its usage line names, the options it lists
and the subcommands it links to, read so the definition form can ask what each does.

Reference pages made by a command-line parser's documentation generator (and many
written by hand) show the command's usage on a line of its own (``tool sub [ARG] [flags]``),
list its options in a block set in a fixed-width font, one option a line with its
description in a column of its own (``-o, --output string   where to write (default "x")``),
and list the commands under or above it with what each does (``tool sub add - Add a thing``).
A question about an option or a subcommand names the command, since many commands of one
program share option names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from datasetkit.generate.offline.per_document import PerDocument
from datasetkit.knowledge.model import Document, Section

# A usage line: the command's words, then an argument placeholder or an options marker
# ("[flags]", "<name>", "{a|b}", "ARG...").
_USAGE = re.compile(
    r"^(?:\$\s+)?(?P<cmd>[a-z][\w.-]*(?: [a-z][\w.:-]*){0,5})"
    r"(?= (?:\[|<|\{|[A-Z][A-Z_]+\b))"
)
# One option a line: an optional short name, the long name, an optional value type, then
# at least two spaces before the description (the column the generator lines up).
_OPTION_LINE = re.compile(
    r"^\s*(?:(?P<short>-[A-Za-z0-9?]),\s+)?(?P<long>--[A-Za-z0-9][\w.-]*)"
    r"(?:[ =](?P<type>[^\s]+))?\s{2,}(?P<desc>\S.*?)\s*$"
)
# The default a description ends with: "(default 10)", "(default \"auto\")".
_DEFAULT = re.compile(r'\(default (?P<value>"[^"]*"|\[[^\]]*\]|[^)\s]+)\)\s*$')
# The option every command has, whose description only names the command it helps with.
_HELP = "--help"


@dataclass(frozen=True)
class OptionLine:
    """One option of a listing: its long name, its short one, and what it does."""

    name: str
    short: str | None
    description: str
    line: str
    # The kind of value it takes ("string", "int", "duration"); None for a switch.
    takes: str | None = None

    @property
    def default(self) -> str | None:
        """The default its description states, unquoted; None when it states none or an
        empty one."""
        m = _DEFAULT.search(self.description)
        if m is None:
            return None
        value = m.group("value").strip('"')
        return value if value and value != "[]" else None


def option_lines(section: Section) -> list[OptionLine]:
    """The options a fixed-width block lists, one a line; empty unless every line of the
    block is an option (a block of commands or output is no listing)."""
    if section.kind != "code":
        return []
    lines = [ln for ln in section.text.splitlines() if ln.strip()]
    found = [_OPTION_LINE.match(ln) for ln in lines]
    if len(lines) < 2 or not all(found):
        return []
    return [
        OptionLine(m.group("long"), m.group("short"), m.group("desc"), ln.strip(), m.group("type"))
        for m, ln in zip(found, lines, strict=True)
        if m is not None
    ]


# Bounded: every document read in a long-lived process would otherwise stay held here.
_COMMANDS: PerDocument[str | None] = PerDocument()


def usage_command(doc: Document | None) -> str | None:
    """The command a reference page documents, as its usage line names it (``helm
    upgrade`` of ``helm upgrade [RELEASE] [CHART] [flags]``); None for a page without
    one. The first usage line set on a line of its own counts."""
    if doc is None:
        return None
    return _COMMANDS.get(doc, lambda: _usage_command(doc))


def _usage_command(doc: Document) -> str | None:
    for s in doc.sections:
        lines = [ln.strip() for ln in s.text.splitlines() if ln.strip()]
        if s.kind == "code" and len(lines) == 1 and (m := _USAGE.match(lines[0])):
            return m.group("cmd")
    return None


# Asked what an option is for: its description either says what it does ("Enables ...",
# "skip ...") or names the value it takes ("Path to ...", "Client certificate file"), and
# the question reads right before both.
_ASK_OPTION = {
    "en": "What is the `{option}` option of `{command}` used for?",
    "de": "Wozu dient die Option `{option}` von `{command}`?",
    "fr": "À quoi sert l'option `{option}` de `{command}` ?",
    "es": "¿Para qué sirve la opción `{option}` de `{command}`?",
}


def option_question(option: OptionLine, command: str, lang: str) -> str | None:
    """What an option of ``command`` is for, asked in ``lang``; None for the help option
    and for a description too short to say what the option does."""
    template = _ASK_OPTION.get(lang)
    if template is None or option.name == _HELP or _restates(option):
        return None
    return template.format(option=option.name, command=command)


def _restates(option: OptionLine) -> bool:
    """Whether a description only says the option's name again ("--nameprefix: Kustomize
    nameprefix", "--help: help for deploy"): it adds fewer than two words of its own."""
    named = set(re.findall(r"[a-z0-9]+", option.name.lower()))
    said = re.findall(r"[a-z0-9]+", re.sub(r"\(default [^)]*\)", "", option.description.lower()))
    return len({w for w in said if w not in named and len(w) > 2}) < 2


# A subcommand listed with what it does: "tool sub add - Add a thing" (a link's text, a
# dash, the description).
_SUBCOMMAND = re.compile(r"^(?P<cmd>[a-z][\w.-]*(?: [a-z][\w.:-]*){0,6})\s+[-–—]\s+(?P<does>\S.*)$")


@dataclass(frozen=True)
class Subcommand:
    """A command a reference page lists, and the task its description names."""

    command: str
    does: str


def subcommand(text: str, command: str) -> Subcommand | None:
    """The subcommand a list item names, when it is a command of the same program as
    ``command`` (the page's own command is not one)."""
    m = _SUBCOMMAND.match(text.strip())
    if m is None:
        return None
    listed = m.group("cmd")
    program = command.split()[0]
    if listed == command or listed.split()[0] != program:
        return None
    return Subcommand(listed, m.group("does").strip())


@dataclass(frozen=True)
class Example:
    """A task an example block shows: the comment that names it, the notes after that
    comment, and the command lines that do it."""

    task: str
    notes: tuple[str, ...]
    commands: tuple[str, ...]

    @property
    def text(self) -> str:
        """The example as its block sets it, comment lines first."""
        return "\n".join((f"# {self.task}", *(f"# {n}" for n in self.notes), *self.commands))


def _example_lines(section: Section, program: str) -> list[tuple[str, str]] | None:
    """The block's lines as ("#", comment) or ("$", command); None when a line is neither
    a comment nor a command of ``program`` (or the line after one that goes on)."""
    out: list[tuple[str, str]] = []
    for raw in section.text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if out and out[-1][0] == "$" and out[-1][1].endswith("\\"):
            out.append(("$", line))  # a command continued on the next line
        elif line.startswith("#"):
            out.append(("#", line.lstrip("#").strip()))
        elif (command := re.sub(r"^\$\s+", "", line)).split()[0] == program:
            out.append(("$", command))  # without the prompt: what the user types
        else:
            return None
    return out


def examples(section: Section, program: str) -> list[Example]:
    """The tasks an example block shows, each a comment over the commands of ``program``
    that do it (the usual layout of a command's "Examples"); empty for any other block."""
    if section.kind != "code":
        return []
    lines = _example_lines(section, program)
    if not lines:
        return []
    out: list[Example] = []
    comments: list[str] = []
    commands: list[str] = []
    for kind, text in [*lines, ("#", "")]:
        if kind == "#" and commands:
            if comments:
                out.append(Example(comments[0], tuple(comments[1:]), tuple(commands)))
            comments, commands = [], []
        if kind == "#":
            comments.append(text)
        else:
            commands.append(text)
    return out
