"""The registry of offline question forms: what each asks, of what, in which languages, in
what order.

A form is data: its name, the content it reads (``content``), the languages it writes
questions in (a form writes a language's questions in that language's own words, or
does not support it), the question type it asks and how its answer is made
(``answer``, one of :data:`ANSWER_RULES`). A form is a mechanism many documents share (a heading that is a question, a list asked
as a whole, a sentence that states a deadline, the highest value of a table's column)
and the function that asks it. A form module registers its forms with :func:`form`,
which declares next to the function what the generator needs to know of it (see
:class:`Form`). Every module under ``forms/`` is imported on first use, so a new form
is one module there: nothing else names it.

What a form reads (its ``content``) decides when it runs and what its function gets:

============  ==========================================================================
content       the function, and how the forms of that content are asked
============  ==========================================================================
heading       ``make(TextChunk) -> list[Candidate]``: a section's heading and the text
              under it (the first chunk of a section whose heading names a topic); the
              first form that asks claims the heading.
lists         ``make(TextChunk) -> list[Candidate]``: the lists of a text chunk.
section       ``make(TextChunk) -> list[Candidate]``: a text chunk as a whole.
item          ``make(Section, TextChunk) -> Candidate | None``: one paragraph or list item
              whole; the first form that asks claims it (its sentences are not asked).
definition    ``make(Sentence) -> Candidate | None``: one sentence read as defining a
              term; the first form that asks claims the sentence.
statement     ``make(Sentence) -> Candidate | Fact | None``: one sentence no definition
              form asked, read as a statement; the first form that asks claims it (a
              Fact is then named by the sentence's document and heading). When none asks
              and the sentence opens with a label ("Emergency Services: ..."), they are
              asked again of the rest of it.
second        ``make(Sentence, Candidate | None) -> list[Candidate]``: a second question
              of a sentence no definition form asked, beside the statement asked of it.
figure        ``make(Candidate) -> list[Candidate] | None``: the question a sentence was
              asked, for the figure its answer states; the list replaces the question.
table-rows    ``make(TableChunk) -> list[Candidate]``: the rows of a table chunk.
table         ``make(TableChunk) -> list[Candidate]``: a whole table, from its first chunk.
============  ==========================================================================

The forms of a chunk run in ``order``, and their cases are considered in the order they
come; the forms of one sentence (item to figure) run together, sentence by sentence, at
the place of the first of them. Table cases that give away the same fact (their
``covers``) are kept apart when a set is drawn (``repeats.feasible``): one whole row
first, then the questions over the whole table, single cells, and the other rows.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, Literal, TypeVar

from datasetkit.generate.offline.language.templates import SUPPORTED_LANGUAGES
from datasetkit.generate.questions import QUESTION_TYPES

Content = Literal[
    "heading",
    "lists",
    "section",
    "item",
    "definition",
    "statement",
    "second",
    "figure",
    "table-rows",
    "table",
]
# The contents asked sentence by sentence (the sentence pass), in the order it asks them.
SENTENCE_CONTENTS: tuple[Content, ...] = ("item", "definition", "statement", "second", "figure")
TABLE_CONTENTS: tuple[Content, ...] = ("table-rows", "table")


# How a form's answer is made from what it read: every form declares one, and its cases
# are checked for it (an answer that cuts a list or a procedure is not written).
ANSWER_RULES: dict[str, str] = {
    "following": "all the text that follows the question, up to the next question or heading",
    "sentence": "the whole sentence, with the next one when it finishes it (a caveat, the "
    "figure it lacks, the other party a rule names)",
    "list": "every item of the list, in order",
    "steps": "every step of the procedure, in order",
    "cell": "the cell, with the unit its column gives",
    "value": "the value set after its label, whole",
    "party": "the party a sentence names for the task asked, as the sentence names it",
    "rows": "every row that matches, named",
    "computed": "the figure computed over every row of one unit, with the rows it rests on",
}

ALL_LANGUAGES = frozenset(SUPPORTED_LANGUAGES)
ENGLISH = frozenset({"en"})
# The languages a table is asked in. A language's table questions come from its lookup
# template, which quotes the column's label ("valor de «nome» para X") where a person says
# the column as a noun; blind reviewers judged every such Portuguese question an edit, so a
# language joins here only once its template reads as a person asks.
TABLE_LANGUAGES = frozenset({"en", "de", "fr", "es"})

Make = TypeVar("Make", bound=Callable[..., Any])


@dataclass(frozen=True)
class Form:
    """One question form and what the generator needs to know of it."""

    name: str
    content: Content
    # Its place among the forms of its chunk (text or table): forms run in this order, and
    # of two forms that would ask the same heading, item or sentence the lower one asks.
    order: int
    asks: str  # a --question-types name (datasetkit.generate.questions)
    languages: frozenset[str]
    # How its answer is made (a key of ANSWER_RULES).
    answer: str
    # The kinds of case it makes (``Candidate.question_type``, each case's question_type).
    kinds: tuple[str, ...]
    make: Callable[..., Any]
    # Of its kinds, those that ask for a figure (a deadline, a limit, an amount): asked
    # first, and worth more in the plan.
    figures: frozenset[str] = frozenset()
    # Of its kinds, those asked on their own: a picked answer that holds the same sentence
    # does not make them a repeat.
    alone: frozenset[str] = frozenset()
    # Its cases are kept only when the chunk gives no other.
    last_resort: bool = False

    @property
    def chunk(self) -> str:
        """The kind of chunk the form reads: "table" or "text"."""
        return "table" if self.content in TABLE_CONTENTS else "text"


FORMS: dict[str, Form] = {}


def form(
    name: str,
    *,
    content: Content,
    order: int,
    asks: str,
    languages: frozenset[str],
    answer: str,
    kinds: Iterable[str],
    figures: Iterable[str] = (),
    alone: Iterable[str] = (),
    last_resort: bool = False,
) -> Callable[[Make], Make]:
    """Register the decorated function as the form ``name`` (see :class:`Form`)."""

    def deco(make: Make) -> Make:
        register(
            Form(
                name,
                content,
                order,
                asks,
                frozenset(languages),
                answer,
                tuple(kinds),
                make,
                frozenset(figures),
                frozenset(alone),
                last_resort,
            )
        )
        return make

    return deco


def _stamp(found: Any, name: str) -> Any:
    """What a form returned, each case marked with the form's name."""
    if isinstance(found, list):
        return [_stamp(c, name) for c in found]
    if found is not None and hasattr(found, "form") and not found.form:
        return replace(found, form=name)
    return found


def _stamped(name: str, make: Callable[..., Any]) -> Callable[..., Any]:
    def call(*args: Any) -> Any:
        return _stamp(make(*args), name)

    call.__name__ = getattr(make, "__name__", name)
    call.__module__ = make.__module__
    call.__doc__ = make.__doc__
    return call


def register(new: Form) -> None:
    """Add a form; its name and its place in the order must be its own."""
    new = replace(new, make=_stamped(new.name, new.make))
    if new.name in FORMS:
        raise ValueError(f"duplicate offline question form {new.name!r}")
    if new.asks not in QUESTION_TYPES:
        raise ValueError(
            f"offline question form {new.name!r} asks {new.asks!r}, which is no question type "
            f"(one of {', '.join(QUESTION_TYPES)})"
        )
    if new.answer not in ANSWER_RULES:
        raise ValueError(
            f"offline question form {new.name!r} answers by {new.answer!r}, which is no answer "
            f"rule (one of {', '.join(ANSWER_RULES)})"
        )
    for known in FORMS.values():
        if known.chunk == new.chunk and known.order == new.order:
            raise ValueError(
                f"offline question forms {known.name!r} and {new.name!r} share order {new.order}"
            )
    FORMS[new.name] = new


_loaded = False


def all_forms() -> list[Form]:
    """Every registered form, in order (the modules under ``forms/`` are imported on first use)."""
    global _loaded
    if not _loaded:
        package = importlib.import_module(__package__ or "")
        for found in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            importlib.import_module(found.name)
        _loaded = True
    return sorted(FORMS.values(), key=lambda f: (f.chunk, f.order))


def forms_for(chunk: str, lang: str) -> list[Form]:
    """The forms that read a chunk of this kind ("text" or "table") in ``lang``, in order."""
    return [f for f in all_forms() if f.chunk == chunk and lang in f.languages]


@dataclass(frozen=True)
class KindTraits:
    """What the forms declare of the kinds of case they make, gathered over all of them."""

    figures: frozenset[str]
    alone: frozenset[str]
    last_resort: frozenset[str]


def kind_traits() -> KindTraits:
    """The figure, stand-alone and last-resort kinds of every registered form."""
    forms = all_forms()
    return KindTraits(
        frozenset(k for f in forms for k in f.figures),
        frozenset(k for f in forms for k in f.alone),
        frozenset(k for f in forms if f.last_resort for k in f.kinds),
    )
