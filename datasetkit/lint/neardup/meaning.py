"""When two similar prompts still ask different things: a number, an ordinal, an
identifier, a negation, a meaning-changing affix, opposite words, a bound ("up to" /
"over") or a capitalised name ("North Hub" / "South Hub"). The one test that lint's
near-duplicate rule, the LLM engine's dedupe and the generation gate share."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from datasetkit.lint.frame_words import QUESTION_FRAME

# Character similarity cannot tell "Summarise chapter 1" from "chapter 2", or
# "supervised" from "unsupervised": one character apart, different questions. Pairs the
# similarity search finds are compared word by word, and a pair whose words differ in a
# number, an ordinal, an identifier, a negation or a meaning-changing affix is not a
# near-duplicate. Typos, punctuation, word order and filler words still are.

_NUMBER_WORDS = frozenset(
    [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
        "thirty",
        "forty",
        "fifty",
        "sixty",
        "seventy",
        "eighty",
        "ninety",
        "hundred",
        "thousand",
        "million",
        "billion",
        "first",
        "second",
        "third",
        "fourth",
        "fifth",
        "sixth",
        "seventh",
        "eighth",
        "ninth",
        "tenth",
        "eleventh",
        "twelfth",
        "last",
        "once",
        "twice",
        "single",
        "double",
        "triple",
        "half",
        "quarter",
    ]
)
_ROMAN = re.compile(r"^(?=[ivx]{2,}$)x{0,3}(?:ix|iv|v?i{0,3})$")
_NEGATIONS = frozenset(
    [
        "not",
        "no",
        "never",
        "none",
        "nor",
        "neither",
        "without",
        "cannot",
        "can't",
        "don't",
        "doesn't",
        "didn't",
        "isn't",
        "aren't",
        "wasn't",
        "weren't",
        "won't",
        "wouldn't",
        "shouldn't",
        "couldn't",
        "haven't",
        "hasn't",
    ]
)
# Word parts that turn a word into its opposite or a different kind ("legal"/"illegal",
# "supervised"/"self-supervised", "encoder"/"decoder", "careful"/"careless").
_PREFIXES = frozenset(
    [
        "un",
        "in",
        "im",
        "il",
        "ir",
        "non",
        "dis",
        "mis",
        "anti",
        "counter",
        "de",
        "en",
        "em",
        "self",
        "semi",
        "multi",
        "pre",
        "post",
        "sub",
        "super",
        "over",
        "under",
        "re",
        "co",
        "inter",
        "intra",
        "ex",
        "extra",
        "mono",
        "bi",
        "tri",
        "uni",
        "auto",
        "cross",
        "out",
        "up",
        "down",
        "pseudo",
        "quasi",
        "hyper",
        "hypo",
        "micro",
        "macro",
        "mini",
        "mega",
    ]
)
_SUFFIXES = frozenset(["less", "ful", "free"])
# Words that name the opposite ends of one thing: "the minimum salary" and "the maximum
# salary" are two questions, however similar their characters.
_OPPOSITE_PAIRS = (
    "min:max minimum:maximum first:last start:end begin:end before:after open:close "
    "opening:closing entry:exit upper:lower input:output import:export buy:sell "
    "buying:selling buyer:seller credit:debit income:expense income:expenses "
    "employee:employer sender:recipient sender:receiver send:receive morning:evening "
    "day:night weekday:weekend inbound:outbound upload:download increase:decrease "
    "add:remove enable:disable allow:deny accept:reject approve:reject win:loss "
    "gain:loss profit:loss asset:liability landlord:tenant parent:child source:target "
    "push:pull high:low highest:lowest largest:smallest longest:shortest oldest:newest "
    "earliest:latest inside:outside internal:external domestic:international "
    "full:part minimal:maximal least:most fewer:more less:more north:south east:west "
    "northern:southern eastern:western northeast:southwest northwest:southeast"
)
_OPPOSITES: dict[str, str] = {}
for _pair in _OPPOSITE_PAIRS.split():
    _a, _b = _pair.split(":")
    _OPPOSITES.setdefault(_a, _b)
    _OPPOSITES.setdefault(_b, _a)

# Prefixes that are written as separate words too ("self supervised", "non profit").
_BOUND_PREFIXES = frozenset(
    ["self", "non", "anti", "semi", "multi", "counter", "pseudo", "quasi", "un"]
)
_WORD = re.compile(r"[^\W_]+(?:['-][^\W_]+)*")
_MIN_STEM = 4


def words(text: str) -> list[str]:
    """Casefolded words of ``text``; hyphenated and apostrophe words stay one word."""
    return list(_words(text))


@lru_cache(maxsize=8192)
def _words(text: str) -> tuple[str, ...]:
    folded = unicodedata.normalize("NFKC", text).casefold().replace("\u2019", "'")
    return tuple(_WORD.findall(folded))


@lru_cache(maxsize=8192)
def _digit_runs(text: str) -> tuple[str, ...]:
    return digit_runs(text)


def digit_runs(text: str) -> tuple[str, ...]:
    """The digit runs of a text's words run together (spacing and hyphens left out).

    Two texts whose digit runs differ always differ in meaning (see
    :func:`meaningful_difference`): a label to group texts by before comparing them.
    """
    folded = unicodedata.normalize("NFKC", text).casefold().replace("\u2019", "'")
    return tuple(sorted(re.findall(r"\d+", "".join(_WORD.findall(folded)).replace("-", ""))))


def _is_numeric(word: str) -> bool:
    if any(ch.isdigit() for ch in word):
        return True
    # "zero-shot", "third-party": a number word inside a hyphenated word counts too.
    return any(p in _NUMBER_WORDS or _ROMAN.match(p) for p in re.split(r"['-]", word))


def _affixed(a: str, b: str) -> bool:
    """``a`` and ``b`` are one stem with different meaning-changing prefixes or suffixes."""
    a, b = a.replace("-", ""), b.replace("-", "")
    n = min(len(a), len(b))
    common = 0
    while common < n and a[-1 - common] == b[-1 - common]:
        common += 1
    for k in range(common, _MIN_STEM - 1, -1):
        pa, pb = a[: len(a) - k], b[: len(b) - k]
        if pa != pb and {pa, pb} <= _PREFIXES | {""}:
            return True
    common = 0
    while common < n and a[common] == b[common]:
        common += 1
    for k in range(common, _MIN_STEM - 2, -1):
        sa, sb = a[k:], b[k:]
        if sa != sb and {sa, sb} <= _SUFFIXES | {""}:
            return True
    return False


def _opposite_parts(x: str, y: str) -> bool:
    """ "full-time" / "part-time": hyphenated words that differ in an opposite part."""
    px, py = x.split("-"), y.split("-")
    if len(px) != len(py) or len(px) < 2:
        return False
    diff = [(a, b) for a, b in zip(px, py, strict=True) if a != b]
    return len(diff) == 1 and _OPPOSITES.get(diff[0][0]) == diff[0][1]


_BOUNDS = frozenset(
    [
        "over",
        "under",
        "above",
        "below",
        "more",
        "less",
        "fewer",
        "least",
        "most",
        "before",
        "after",
        "min",
        "max",
        "minimum",
        "maximum",
        "up",
        "exceeding",
        "within",
        "beyond",
    ]
)


def meaningful_difference(a: str, b: str) -> str | None:
    """Why two similar texts ask different things (a number, a negation, ...), or None."""
    import difflib

    if _digit_runs(a) != _digit_runs(b):
        # The common case of generated sets ("... for AI-1001?" / "... for AI-1002?"),
        # decided without aligning the words: some changed word holds a digit.
        return "a number or ordinal differs"
    wa, wb = words(a), words(b)
    ca, cb = _cased(a, wa), _cased(b, wb)
    matcher = difflib.SequenceMatcher(a=wa, b=wb, autojunk=False)
    codes = matcher.get_opcodes()
    if _other_thing_asked(wa, wb, codes):
        return "they ask for different things"
    for tag, i1, i2, j1, j2 in codes:
        if tag == "equal":
            continue
        left, right = wa[i1:i2], wb[j1:j2]
        if "".join(left).replace("-", "") == "".join(right).replace("-", ""):
            continue  # only spacing or hyphens differ ("pre-training" / "pretraining")
        changed = left + right
        if any(_is_numeric(w) for w in changed):
            return "a number or ordinal differs"
        if any(w in _NEGATIONS for w in changed):
            return "one of them is negated"
        if left and right and any(w in _BOUNDS for w in changed):
            return "a limit differs"  # "worth up to $75" / "worth over $75"
        if len(left) == len(right) == 1:
            x, y = left[0], right[0]
            if len(x) == len(y) == 1:
                return "an identifier differs"
            if _affixed(x, y):
                return "a word part changes the meaning"
            if _OPPOSITES.get(x) == y or _opposite_parts(x, y):
                return "the words are opposites"
        elif (not left or not right) and any(w in _BOUND_PREFIXES for w in changed):
            return "a word part changes the meaning"
        if left and right and _names_differ(ca[i1:i2], cb[j1:j2], i1, j1):
            return "a name differs"
    return None


def _cased(text: str, folded: list[str]) -> list[str]:
    """The words of ``text`` as written, aligned with :func:`words` (else ``folded``)."""
    found = _WORD.findall(unicodedata.normalize("NFKC", text).replace("\u2019", "'"))
    return found if len(found) == len(folded) else folded


def _names_differ(left: list[str], right: list[str], i: int, j: int) -> bool:
    """Both sides are names written with capitals ("North Hub" / "South Hub", not the
    first word of a sentence) and not a misspelling of each other: the two prompts ask
    about different things ("Where is the North Hub office?" / "... South Hub office?")."""
    from rapidfuzz import fuzz

    def named(ws: list[str], start: int) -> bool:
        return start > 0 and all(w[:1].isupper() for w in ws)

    if not (named(left, i) and named(right, j)):
        return False
    return fuzz.ratio(" ".join(left).casefold(), " ".join(right).casefold()) < 80


# Words that carry no subject of their own: a question's frame ("What is the ...", "Can
# you tell me ..."), and the pointers and request words a prompt wraps its subject in.
_FRAME = QUESTION_FRAME | frozenset(["be", "it", "its", "this", "that", "please", "tell", "know"])


def _other_thing_asked(
    wa: list[str], wb: list[str], codes: Sequence[tuple[str, int, int, int, int]]
) -> bool:
    """The prompts are the same but for one place where each names a different thing,
    that the other never mentions and neither a misspelling of the other ("What is the
    weight of the X stove?" / "What is the material of the X stove?"): their characters
    are alike only because the question's frame and its subject are long."""
    from rapidfuzz import fuzz

    # A verb that only agrees with what is asked ("How much is the labor" / "How much
    # are the parts") changes nothing the question asks.
    changed = [
        c
        for c in codes
        if c[0] != "equal" and not (set(wa[c[1] : c[2]]) | set(wb[c[3] : c[4]])) <= _AGREEING
    ]
    if len(changed) != 1 or changed[0][0] != "replace":
        return False
    _, i1, i2, j1, j2 = changed[0]
    # What each asks, without the words that only agree with it ("cuál es el" / "cuáles
    # son las" around "objeto" / "sedes").
    left = [w for w in wa[i1:i2] if w not in _AGREEING] or wa[i1:i2]
    right = [w for w in wb[j1:j2] if w not in _AGREEING] or wb[j1:j2]
    # A word of one side the other prompt holds elsewhere is the same words in another
    # order; only the subject both end with may hold it again ("the claim number on the
    # repair estimate" / "the estimate number on the repair estimate").
    tail = wa[i2:]  # the same as wb[j2:]
    if set(left) & set(wb[:j1] + tail[:-4]) or set(right) & set(wa[:i1] + tail[:-4]):
        return False
    if len(left) > 3 or len(right) > 3:
        return False
    if not all(any(len(w) > 2 and w not in _FRAME for w in side) for side in (left, right)):
        return False
    if len(left) == len(right) == 1 and _same_meaning(left[0], right[0]):
        return False  # "cost" / "price" of one thing: the same question in other words
    return fuzz.ratio(" ".join(left), " ".join(right)) < 60


# Words that agree with what is asked and change nothing it asks: a verb's number, and in
# German, French and Spanish the interrogative's and the article's gender and number
# ("Quelle est la durée ..." / "Quel est le but ...": one thing asked in place of another).
_AGREEING = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "does",
        "do",
        "has",
        "have",
        "ist",
        "sind",
        "welcher",
        "welche",
        "welches",
        "welchen",
        "der",
        "die",
        "das",
        "den",
        "est",
        "sont",
        "quel",
        "quelle",
        "quels",
        "quelles",
        "le",
        "la",
        "les",
        "du",
        "des",
        "es",
        "son",
        "cuál",
        "cuáles",
        "el",
        "los",
        "las",
        "del",
    ]
)
# Words a question uses for the same thing: one swapped for another asks the same.
_SYNONYM_GROUPS = (
    ("cost", "costs", "price", "prices", "fee", "fees", "charge", "charges"),
    ("employee", "employees", "staff", "worker", "workers", "personnel"),
    ("start", "begin", "commence"),
    ("end", "finish"),
    ("buy", "purchase"),
    ("choose", "select", "pick"),
    ("allowed", "permitted"),
    ("maximum", "max", "limit", "cap"),
    ("minimum", "min"),
    ("help", "assist", "support"),
    ("get", "obtain", "receive"),
)
_SYNONYM = {w: n for n, group in enumerate(_SYNONYM_GROUPS) for w in group}


def _same_meaning(a: str, b: str) -> bool:
    group = _SYNONYM.get(a.casefold())
    return group is not None and group == _SYNONYM.get(b.casefold())
