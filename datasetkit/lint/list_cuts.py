"""Whether an answer gives all of the list it cuts: one check that looks at the words of a
case only, shared by ``datasetkit lint`` and the generation gate.

:func:`cut_list` returns a short reason (what it found, quoted) or None.
"""

from __future__ import annotations

import re

_LEADS_ON = re.compile(
    r"(?i)(?::|\b(?:the following|as follows|following steps|these steps|below|"
    r"folgende[n]?|wie folgt|suivant(?:e?s)?|ci-dessous|siguientes?|a continuación))\s*[.…]?\s*$"
)
_COUNT_WORDS = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
# A count that asks for that many items: the thing the question asks for ("What are the
# four steps ...?", "List the three ...", "Which two ..."), not a count inside a phrase
# the question is scoped by ("... in the three months ended June 30?").
_ASKS_N = re.compile(
    r"(?i)^(?:(?:what|which)\s+(?:are|were)\s+(?:all\s+)?(?:the\s+|its\s+|their\s+)?"
    r"|which\s+|what\s+|(?:list|name)\s+(?:all\s+)?(?:the\s+)?)"
    r"(?P<n>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+"
    r"(?:main\s+|key\s+|different\s+)?[a-z]+"
)
_ITEM = re.compile(r"^\s*(?:[-*•▪◦‣·]|\(?\d{1,2}[.)]|\(?[a-z][.)])\s+(?P<text>\S.*)$")


def list_items(text: str) -> list[str]:
    """The items of the marked list (bullets, numbers, letters) in ``text``, in order."""
    return [m.group("text").strip() for m in map(_ITEM.match, text.splitlines()) if m]


def _answer_items(answer: str) -> int:
    lines = [ln for ln in answer.splitlines() if ln.strip()]
    if len(lines) >= 2:
        return len(lines)
    return len([p for p in re.split(r";|,(?:\s+and)?|\band\b", answer) if p.strip()])


def _squash(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.casefold()))


# Questions whose answer is a whole list: plural "what are", "which", "how do I", steps.
_ASKS_LIST = re.compile(
    r"(?i)^(?:what|which)\s+(?:\w+\s+){0,3}?(?:are|were|do|does)\b|^which\b"
    r"|^how\s+(?:do|can|should|must|would)\s+(?:i|we|you|they|employees|users|staff)\b"
    r"|^(?:list|name)\b|\bsteps?\b|\ball\s+(?:the\s+)?\w+"
)


# A lead that announces how many items follow it: "supports each of the 3 implementations:",
# "these four steps:", "the following two options:".
_ANNOUNCED = re.compile(
    r"(?i)\b(?:each of |all |any of |one of )?(?:the|these|those|its|their|following)\s+"
    r"(?:following\s+)?(?P<n>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+"
    r"(?:[\w-]+\s+){0,3}?[\w-]+\s*:\s*$",
    re.MULTILINE,
)


def cut_announced(answer: str, evidence: str) -> str | None:
    """Why ``answer`` gives fewer items than the lead of its list announces, or None: "each
    of the 3 implementations:" needs three, whether the answer quotes the lead or not."""
    for text in (answer, evidence):
        found = _ANNOUNCED.search(text)
        if found is None:
            continue
        word = found.group("n").casefold()
        n = _COUNT_WORDS.get(word) or int(word)
        rest = answer[found.end() :] if text is answer else answer
        given = _answer_items(rest.strip()) if rest.strip() else 0
        if 1 < n <= 12 and given < n:
            return f"its list announces {n} items and the answer gives {given}"
        return None
    return None


def cut_list(question: str, answer: str, evidence: str = "") -> str | None:
    """Why ``answer`` gives only part of a list it cuts, or None.

    An answer that ends by leading on ("... as follows:") gives none of what it
    announces; a question that asks for "the four steps" needs four; and an answer to a
    question that asks for a list ("What are ...?", "How do I ...?") that gives some
    items of the evidence's list, or none of them, gives only part of it.
    """
    text = answer.strip()
    if not text:
        return None
    if _LEADS_ON.search(text):
        return "the answer announces a list it does not give"
    code = cut_code(text, evidence) or cut_series(text, evidence) or cut_announced(text, evidence)
    if code:
        return code
    asked = _ASKS_N.search(question) if _ASKS_LIST.search(question.strip()) else None
    if asked:
        word = asked.group("n").casefold()
        n = _COUNT_WORDS.get(word) or int(word)
        given = _answer_items(text)
        if n > 1 and given < n:
            return f"the question asks for {n} items and the answer gives {given}"
    items = list_items(evidence)
    if len(items) >= 2 and _ASKS_LIST.search(question.strip()):
        said = _squash(text)
        quoted = [i for i in items if len(_squash(i)) >= 8 and _squash(i) in said]
        if len(quoted) < len(items) and len({_squash(i) for i in items}) == len(items):
            return f"the answer gives {len(quoted)} of the {len(items)} items its evidence lists"
    return None


# A line of code, not of prose: set off by indentation, or ends in no sentence's stop and
# holds what code is written with (an assignment, brackets, a call, a key and value).
_CODE_MARK = re.compile(r"[=(){}\[\];]|^\s{2,}\S|^\S+:\s*\S*$|^[$>]\s")


def _code_line(line: str) -> bool:
    bare = line.rstrip()
    return (
        bool(bare.strip()) and not bare.endswith((".", "!", "?")) and bool(_CODE_MARK.search(bare))
    )


def cut_code(answer: str, evidence: str) -> str | None:
    """Why ``answer`` stops inside a code example its evidence goes on with, or None: its
    last two lines are lines of code, and the evidence's line after them is one too."""
    lines = [ln for ln in answer.strip().splitlines() if ln.strip()]
    if len(lines) < 2 or not (_code_line(lines[-1]) and _code_line(lines[-2])):
        return None
    source = [ln for ln in evidence.splitlines() if ln.strip()]
    last = lines[-1].strip()
    before = lines[-2].strip()
    for i in range(1, len(source) - 1):
        here = source[i].strip() == last and source[i - 1].strip() == before
        if here and _code_line(source[i + 1]):
            return f"the answer stops inside a code example, before {source[i + 1].strip()!r}"
    return None


# A series the evidence goes on with after the answer's last words: a comma, then members
# of two words or fewer separated by commas, and a last one after "and"/"or" (in the
# languages generation writes): ", debugs, tests, and implements code".
_MEMBER = r"[^\W\d_][\w'’-]*(?:\s+[\w'’-]+)?"
_SERIES_ON = re.compile(
    rf"^\s*,\s*{_MEMBER}(?:(?:\s*,\s*{_MEMBER})+\s*,?|\s*,)\s+"
    r"(?:and|or|as well as|und|oder|sowie|et|ou|y|e|o|u)\s+\w",
    re.IGNORECASE,
)
_WORDS = re.compile(r"[\w'’-]+")


def series_end(rest: str) -> int | None:
    """Where the series that ``rest`` goes on with after a first member ends (before the
    next comma, semicolon or full stop after its last member), or None when no series
    follows."""
    found = _SERIES_ON.match(rest)
    if found is None:
        return None
    stop = re.search(r"[,;:()]|\.(?:\s|$)|$", rest[found.end() :])
    return found.end() + (stop.start() if stop else 0)


def cut_series(answer: str, evidence: str) -> str | None:
    """Why ``answer`` stops at the first member of a series its evidence goes on with, or
    None: the answer's last three words end at a place of the evidence that a comma and
    more members of the same series follow (a rewritten sentence cut at its first comma)."""
    words = _WORDS.findall(answer.rstrip(" .!;"))
    if len(words) < 3 or not evidence or answer.rstrip().endswith((":", "…")):
        return None
    tail = r"\W+".join(re.escape(w) for w in words[-3:])
    for found in re.finditer(rf"(?i)(?<![\w'’-]){tail}(?![\w'’-])", evidence):
        rest = evidence[found.end() : found.end() + 200]
        if _SERIES_ON.match(rest):
            more = rest.split(".")[0].strip(" ,")
            return f"the answer stops where its evidence's series goes on ({more[:50]!r})"
    return None
