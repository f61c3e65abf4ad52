"""Text the extraction broke, or a formula instead of prose: never a case, in any language.

The text layer of a PDF drops what its fonts draw as symbols (a big union sign comes out
as a letter, a superscript or a subscript as a loose digit, an accent as a mark of its
own) and reads a formula's parts as words. What comes out holds mathematical symbols,
Greek letters used as variables, accents standing alone and single letters read as
words. One such symbol is often prose ("1 USD = 0.92 EUR", "a significance level α");
two of them, or one beside loose single-letter variables, is a formula or its residue:
no user asks that, and no reviewer can check its answer.
"""

from __future__ import annotations

import re
import unicodedata

# Mathematical symbols ordinary prose writes (amounts, comparisons, menu paths, ranges).
_PROSE_SYMBOLS = frozenset("+±×÷<>≤≥~|→←−⁄")
# Greek letters prose writes as units (micro, ohm).
_PROSE_GREEK = frozenset("µμΩ")
# Spacing accents prose writes (a caret, a backtick of a code span).
_PROSE_ACCENTS = frozenset("^`")
# The one-letter words of the languages the forms write; every other single letter
# standing as a word is a variable or a symbol's residue.
_ONE_LETTER_WORDS = frozenset("aAIoOyYeEuUàÀéÉèóÓ")
_VALUE = re.compile(r"[-+−]?\d")
# A setting given its value in one word ("NAME=value", as a shell or a config file sets it):
# an assignment of a name, not a formula's sign.
_ASSIGNMENT = re.compile(r"^[A-Za-z_][\w.-]*=[^=\s]+$")
_EDGES = "()[]{},.;:!?\"'“”‘’"
# An operator of a programming language ("==", "!==", "=>", "&&"), as a reference page or
# a lint rule's page names it in prose: typed code, never what extraction leaves of a
# typeset formula (which sets "=", "≤" or "≥" alone).
_CODE_OPERATOR = re.compile(r"^(?:[=!]==?|[<>]=|=>|->|&&|\|\||\?\?|\+\+|--|\*\*)$")


def _symbolic(token: str) -> bool:
    """Whether a token holds a mathematical symbol, a Greek variable or a loose accent."""
    for ch in token:
        cat = unicodedata.category(ch)
        if cat == "Sm" and ch not in _PROSE_SYMBOLS:
            return True
        if "\u0370" <= ch <= "\u03ff" and ch not in _PROSE_GREEK:
            return True
        if cat == "Sk" and ch not in _PROSE_ACCENTS:
            return True
    return bool(token) and unicodedata.category(token[0]) == "Mn"


def _variable(token: str) -> bool:
    """Whether a token is one letter standing as a word that no language writes alone."""
    bare = token.strip(_EDGES)
    return len(bare) == 1 and bare.isalpha() and bare not in _ONE_LETTER_WORDS


# A font without its character map read as codes shifted from the letters it draws
# ("5H$FW" for "ReAct"): capitals turn into digits and signs inside words, small letters
# into capitals glued into runs with few vowels.
_SIGN_IN_WORD = re.compile(r"[A-Za-z][$<>\\][A-Za-z]")
_VOWELS = frozenset("AEIOUY")


def _misencoded(token: str) -> bool:
    """Whether a token reads as letter codes of a font without its character map."""
    if _SIGN_IN_WORD.search(token):
        return True
    letters = [ch for ch in token if ch.isalpha()]
    if len(letters) < 12 or not all(ch.isupper() for ch in letters):
        return False
    return sum(ch in _VOWELS for ch in letters) < 0.22 * len(letters)


def damaged(text: str) -> str | None:
    """What shows ``text`` is a formula or extraction residue, or None when it reads as prose."""
    if "\ufffd" in text:
        # The extraction's mark of a glyph it could not read (a lost math symbol).
        return "it holds a character the extraction could not read (\ufffd)"
    tokens = text.split()
    garbled = [t for t in tokens if _misencoded(t)]
    if len(garbled) >= 2:
        shown = ", ".join(repr(t[:20]) for t in garbled[:3])
        return f"it is text a font without its character map left unreadable ({shown})"
    # "k1 = 0.9", "λ = 1.1": a setting stated with its value is prose; an equals sign
    # before anything else is a formula's.
    symbols = [
        t
        for before, t, after in zip(["", *tokens], tokens, [*tokens[1:], ""], strict=False)
        if (
            _symbolic(t)
            and not (t == "=" and _VALUE.match(after))
            and not _ASSIGNMENT.match(t)
            and not _CODE_OPERATOR.match(t.strip(_EDGES.replace("!", "")))
        )
        # "t < 1": a comparison of a variable, a formula's
        or (t in ("<", ">", "≤", "≥") and _variable(before))
    ]
    if not symbols:
        return None
    variables = [t for t in tokens if _variable(t) and not _symbolic(t)]
    if len(symbols) >= 2 or len(variables) >= 2:
        shown = ", ".join(repr(t) for t in (symbols + variables)[:4])
        return (
            f"it holds symbols and variables of a formula, or what extraction left of one ({shown})"
        )
    return None


# A value set to a name ("k = 2.2"): one is a setting stated in prose; a question naming
# things by two of them asks about a plot's or a formula's labels, not of anything named.
_SET_VALUE = re.compile(r"=\s*[-+−]?\d")


def damaged_problem(question: str, answer: str) -> tuple[str, str] | None:
    """``("damaged", message)`` when the question or the answer is not prose, else None."""
    if len(_SET_VALUE.findall(question)) >= 2:
        return "damaged", "the question names things by values set to symbols (a plot's labels)"
    # Each alone, then together: a table read out of a formula spreads its variables
    # over the question (a header) and the answer (a cell).
    both = f"{question} {answer}"
    for what, text in (("question", question), ("answer", answer), ("case", both)):
        found = damaged(text)
        if found:
            return "damaged", f"the {what} is not prose: {found}"
    return None
