"""Whether a word is a word of English, from the word list the PDF reader also uses
(pyspellchecker's): for the forms that turn a heading's words into a question and need a
verb's base form the document itself never writes ("Selecting ..." -> "select")."""

from __future__ import annotations

from functools import lru_cache
from typing import Any


@lru_cache(maxsize=1)
def _english() -> Any:
    try:
        from spellchecker import SpellChecker
    except ImportError:  # the word list is optional at run time: the document decides alone
        return None
    try:
        return SpellChecker(language="en", distance=1)
    except Exception:  # a damaged or missing word list: decide without it
        return None


def english_word(word: str) -> bool:
    """True when ``word`` is in the English word list (False when there is none)."""
    checker = _english()
    return checker is not None and word.lower() in checker


# Consonants an English verb doubles before "-ing" ("set" -> "setting", "plan" ->
# "planning"); "ll", "ss", "ff", "dd" and "zz" end the base itself ("fill", "add").
_DOUBLED = frozenset("bgmnprt")


def verb_of_gerund(gerund: str) -> str | None:
    """The base form of an English "-ing" word by the word list: "selecting" -> "select",
    "taking" -> "take", "setting" -> "set"; None when the list has none of them."""
    stem = gerund.lower()[:-3]
    if len(stem) < 2:
        return None
    options = []
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] in _DOUBLED:
        options.append(stem[:-1])
    # A short stem is rarely the verb itself ("us" of "using", "tak" of "taking").
    options += [stem + "e", stem] if len(stem) <= 3 else [stem, stem + "e"]
    return next((o for o in options if english_word(o)), None)
