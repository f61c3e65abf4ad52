"""A subject known by its short form, said in full for a reader outside the document.

A document about a programme or an organisation it names by an acronym ("<ACR>
students", "at <ACR>") is understood by those who read it; an agent that holds many
documents is asked by people who do not know the acronym or whose it is. The longer form
is read from the document itself:

- an expansion it gives: "<Long Name> (<ACR>)" or "<ACR> (<Long Name>)", the long name's
  capitalised words starting with the acronym's letters in order;
- else the organisation it belongs to: the name of the mail domain its contact addresses
  use most ("...@<name>.edu"; a web link may be anyone's), when the body writes that name
  as a proper name at least three times: "<Name> <ACR>".

A question says the longer form once: at the short form's first mention, or as the
subject it adds; never a second time.
"""

from __future__ import annotations

import re
from collections import Counter

_ACRONYM = re.compile(r"[A-Z]{2,6}")
_SMALL = frozenset(["of", "for", "and", "in", "&", "the", "on", "to"])


def longer_form(short: str, text: str) -> str | None:
    """The form of ``short`` (an acronym) a reader outside the document understands, or
    None when the document gives none."""
    if not _ACRONYM.fullmatch(short):
        return None
    return _expansion(short, text) or _owned_by_domain(short, text)


def _expansion(short: str, text: str) -> str | None:
    words = r"(?:[A-Z][\w&-]*|of|for|and|in|&|the|on|to)"
    before = re.compile(rf"((?:{words}\s+){{1,9}}{words})\s+\({re.escape(short)}\)")
    after = re.compile(rf"\b{re.escape(short)}\s+\(((?:{words}\s+){{1,9}}{words})\)")
    for pattern in (before, after):
        for m in pattern.finditer(text):
            long = _initialled(m.group(1).split(), short)
            if long:
                return long
    return None


def _initialled(tokens: list[str], short: str) -> str | None:
    """The last run of ``tokens`` whose capitalised words start with ``short``'s letters
    in order ("... the Artificial Intelligence for Product Innovation" -> "AIPI")."""
    for start in range(len(tokens)):
        run = tokens[start:]
        if run[0] in _SMALL or not run[0][:1].isupper():
            continue
        initials = "".join(t[0] for t in run if t not in _SMALL)
        if initials.upper() == short:
            return " ".join(run)
    return None


def _owned_by_domain(short: str, text: str) -> str | None:
    domains = Counter(
        m.group(1).lower()
        for m in re.finditer(
            r"@(?:[\w-]+\.)*?([a-z][a-z-]{2,30})\.(?:edu|com|org|net|gov|ac\.\w\w)\b", text
        )
    )
    if not domains:
        return None
    label = domains.most_common(1)[0][0]
    names = Counter(
        m.group(0)
        for m in re.finditer(rf"(?<![\w@./-]){re.escape(label)}(?![\w@/-]|\.\w)", text, re.I)
    )
    said = [n for n in names if n[:1].isupper() and not n.isupper()]
    if not said or sum(names[n] for n in said) < 3 or label.upper() == short:
        return None
    return f"{max(said, key=lambda n: names[n])} {short}"


def said_in_full(question: str, short: str, full: str) -> str:
    """``question`` with the first mention of ``short`` said as ``full``; unchanged when
    it says ``full`` already."""
    if full in question:
        return question
    m = re.search(rf"(?<![\w-]){re.escape(short)}(?![\w-])", question)
    if m is None:
        return question
    return question[: m.start()] + full + question[m.end() :]
