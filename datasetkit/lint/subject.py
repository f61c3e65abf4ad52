"""Whether a prompt names what it is about, and the subject the prompts of a set share.

A case is asked of an agent that holds many documents: "How often are reviews held?"
has an answer in every handbook it holds, "How often are reviews held at Contoso?" in
one. A prompt names something specific when it holds a proper name, an acronym or a
code anywhere but at the start of a sentence (where every word is capitalised). When
most prompts of a set (or of one source document's cases) name the same thing, that is
the set's subject, and a prompt that names nothing is missing it. The generation step
that puts a document's subject in its questions and ``lint.prompt.no-subject`` use the
same test.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence

_SENTENCE_START = re.compile(r"(?:^|[.?!]\s+)[\"“(]?([A-Z][\w’'-]*)")
# "I" is no name, however it is written.
_FIRST_PERSON = frozenset(("I", "I'm", "I’m", "I'd", "I’d", "I've", "I’ve", "I'll", "I’ll"))
_WORD = re.compile(r"[^\s\"“”‘(),?.!:;]+")
# Acronyms for a function or a role every organisation has ("HR", "IT", "CEO"): they say
# who acts, never which organisation's rule the prompt asks about.
_EVERYONES = frozenset(("HR", "IT", "CEO", "CFO", "CTO", "COO", "CIO", "PTO", "FAQ", "FAQs", "ID"))
# A time is no one's name: a month, a weekday, a season, a quarter or half ("Q3", "H1",
# "FY2024"); "in Fall 2021" dates the prompt, it does not say whose rule it asks about.
_CALENDAR = re.compile(
    r"(?:January|February|March|April|May|June|July|August|September|October|November"
    r"|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Monday|Tuesday|Wednesday"
    r"|Thursday|Friday|Saturday|Sunday|Spring|Summer|Fall|Autumn|Winter|Q[1-4]|H[12]"
    r"|FY\d{2,4})"
)
_CODE = re.compile(r"[A-Za-z]\d|\d[A-Za-z]")
# A command-line option ("--pages", "-o") or code in backticks names a program's own thing.
_OPTION = re.compile(r"^--?[A-Za-z]|`")


def _named_words(prompt: str) -> Iterator[tuple[int, str]]:
    """(position, word) of each word that names something: capitalised (not a sentence's
    first word, not "I"), a code that mixes letters and digits ("X4", "B2B") or a
    command-line option ("--pages")."""
    starts = {m.start(1) for m in _SENTENCE_START.finditer(prompt)}
    for m in _WORD.finditer(prompt):
        word = m.group(0)
        if m.start() in starts or word in _FIRST_PERSON or word in _EVERYONES:
            continue
        if _CALENDAR.fullmatch(word):
            continue
        if word[:1].isupper() or _CODE.search(word) or _OPTION.search(word):
            yield m.start(), re.sub(r"(?:['’]s?)$", "", word)


def names_something(prompt: str) -> bool:
    """True when ``prompt`` names something specific (a name, an acronym, a code)."""
    return next(_named_words(prompt), None) is not None


# A prompt in a language that capitalises every noun (German): its capitals name nothing.
_NOUNS_CAPITALISED = frozenset(["de"])
_OWN_MARK = re.compile(r"(?<![\w-])[A-Z][A-Z0-9]{1,5}(?![\w-])|[A-Za-z]\d|\d[A-Za-z]|[«„“\"`]")


def names_something_in(prompt: str) -> bool:
    """:func:`names_something`, in the prompt's language: in German, whose nouns are all
    capitalised, only an acronym, a code or a quoted name counts."""
    from datasetkit.core.language.detect import detect

    if detect(prompt).language in _NOUNS_CAPITALISED:
        named = {w for _, w in _named_words(prompt) if w not in _EVERYONES}
        return any(_OWN_MARK.search(w) for w in named) or bool(re.search(r"[«„“\"]", prompt))
    return names_something(prompt)


# "What is a per diem?", "What are premiums?", "What does coinsurance mean?": a term
# asked for its meaning is what the question is about, however it is written.
_DEFINITION = re.compile(
    r"^(?:What (?:is|are) (?!the\b|my\b|your\b|our\b|their\b)[\w ’'/-]+"
    r"|What does (?:a |an |the )?[\w ’'/-]+ mean|Define [\w ’'/-]+)\?$",
    re.IGNORECASE,
)


def asks_a_definition(prompt: str) -> bool:
    """True when ``prompt`` asks what a term means: the term names what it is about."""
    return bool(_DEFINITION.match(prompt.strip()))


def names_in(prompt: str) -> set[str]:
    """The names ``prompt`` holds: each named word, and each run of them ("Contoso
    Electronics", with "of" or "&" inside)."""
    found: set[str] = set()
    run: list[str] = []
    end = -1
    for pos, word in _named_words(prompt):
        gap = prompt[end:pos] if end >= 0 else ""
        if run and not re.fullmatch(r"\s+(?:(?:of|&|and|the)\s+)?", gap):
            found.add(" ".join(run))
            run = []
        if run and gap.strip():
            run.append(gap.strip())
        run.append(word)
        found.add(word)
        end = pos + len(word)
    if run:
        found.add(" ".join(run))
    return found


def most_held(counts: dict[str, int]) -> tuple[str, int] | None:
    """The name most prompts hold, the longest (then the last in code-point order) of
    those held equally often; None when none is."""
    if not counts:
        return None
    return max(counts.items(), key=lambda kv: (kv[1], len(kv[0]), kv[0]))


def subject_of_set(best: tuple[str, int] | None, size: int, least: int = 4) -> str | None:
    """The set's subject: the most held name (:func:`most_held`) when at least half of
    the set's ``size`` prompts hold it and the set has ``least`` prompts or more."""
    if best is None or size < least or 2 * best[1] < size:
        return None
    return best[0]


def shared_subject(prompts: Sequence[str]) -> str | None:
    """The name at least half of ``prompts`` hold (see :func:`subject_of_set`)."""
    counts: Counter[str] = Counter()
    for prompt in prompts:
        counts.update(names_in(prompt))
    return subject_of_set(most_held(counts), len(prompts))


# The author's voice: "we", "our", "us" (never "US", the country).
_AUTHOR = re.compile(r"\b(?:[Ww]e|[Oo]urs?|us|ourselves)\b")


def speaks_as_author(prompt: str) -> str | None:
    """What in ``prompt`` speaks as the author of a document ("our vision", "we offer"):
    the agent cannot tell whose, so the prompt names no one. None when nothing does."""
    found = _AUTHOR.search(prompt)
    if found is None:
        return None
    return f"{found.group(0)!r} speaks as the document's author: say whose it is"
