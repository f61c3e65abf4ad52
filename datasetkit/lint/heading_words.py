"""Questions built by pasting a heading into a template, found by their words alone.

Two marks such a question leaves, whatever the document:

- a word said twice in a row ("What are the rule details details?", "the the"): a
  template's noun meets the same noun at the end of the heading it was filled with;
- a subject that is only the name of a part of a page ("Options", "Details", "Examples",
  "Usage", "Rule Details"): the heading was taken for the thing it introduces, so the
  question names nothing ("What does the option do?", "What are the rule details?").

Both the generation gate and ``lint`` use these checks.
"""

from __future__ import annotations

import re

# Words that a language's grammar says twice in a row ("that that", German "die die"
# before a relative clause, French "nous nous" before a reflexive verb). The check runs
# only for the languages listed here.
_GRAMMATICAL_TWICE: dict[str, frozenset[str]] = {
    "en": frozenset({"that", "had"}),
    "de": frozenset({"die", "der", "das", "den", "dem", "des", "sie"}),
    "fr": frozenset({"nous", "vous"}),
    "es": frozenset(),
}
# Code spans and quotes are said as written: a name may repeat a word ("`--no-no`").
_QUOTED = re.compile(r"`[^`]*`|\"[^\"]*\"|“[^”]*”|«[^»]*»|„[^“”]*[“”]")
_TWICE = re.compile(r"(?<![\w'’-])([^\W\d_]+)\s+\1(?![\w'’-])", re.IGNORECASE)

# The names of parts of a reference or guide page: they say where something is on the page,
# never what it is.
_PAGE_PARTS = frozenset(
    re.findall(
        r"\S+",
        "option options detail details example examples usage overview introduction summary "
        "description descriptions note notes background remark remarks information info "
        "section sections reference references parameter parameters argument arguments "
        "setting settings configuration rule rules check checks instruction instructions "
        "content contents item items topic topics",
    )
)
# Words that qualify a part's name ("Rule Details", "More Examples", "Further notes").
_QUALIFIERS = frozenset(
    re.findall(
        r"\S+",
        "rule check usage code more further additional general other related key main basic "
        "advanced available following above below this these",
    )
)
# What the question asks of the part: "What does the option do?", "What are the examples?"
_ASKED_OF = re.compile(
    r"(?i)^(?:what|which)\s+(?:is|are|does|do)\s+(?:the\s+)?(?P<subject>[^?]+?)"
    r"(?:\s+(?:do|say|include|includes|cover|covers|mean|contain|describe|show|check|"
    r"check for|apply to|allow))?\s*\?$"
)


def repeated_word(question: str, language: str | None = None) -> str | None:
    """What a question says twice in a row ("details details"), or None."""
    lang = (language or "").split("-")[0].casefold()
    # A set that does not say its language may be in any of them: every language's
    # doubles are allowed.
    allowed = (
        _GRAMMATICAL_TWICE.get(lang) if lang else frozenset().union(*_GRAMMATICAL_TWICE.values())
    )
    if allowed is None:
        return None
    said = _QUOTED.sub(" ", question)
    for m in _TWICE.finditer(said):
        word = m.group(1)
        if word.casefold() in allowed:
            continue
        first, second = said[m.start(1) : m.end(1)], m.group(0).split()[-1]
        # A name that repeats itself ("Bora Bora", "Duran Duran") is capitalised both times;
        # German capitalises every noun, so there a capital tells no name.
        capitals = first[:1].isupper() and second[:1].isupper()
        if capitals and lang != "de" and word.casefold() not in _PAGE_PARTS:
            continue
        return f"it says {m.group(0)!r}: one word twice in a row, as a template leaves it"
    return None


def heading_word_subject(question: str, language: str | None = None) -> str | None:
    """The part of a page a question asks about as if it were a thing ("What does the
    option do?"), or None (English)."""
    if (language or "en").split("-")[0].casefold() != "en":
        return None
    m = _ASKED_OF.match(question.strip())
    if m is None:
        return None
    words = [w.casefold() for w in re.findall(r"[\w'’-]+", m.group("subject"))]
    parts = [w for w in words if w in _PAGE_PARTS]
    if not parts or any(w not in _PAGE_PARTS and w not in _QUALIFIERS for w in words):
        return None
    return (
        f"its subject {m.group('subject')!r} names a part of the page, not the thing the "
        "part is about"
    )
