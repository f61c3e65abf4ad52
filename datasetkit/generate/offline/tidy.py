"""An answer quoted from prose, without the words that only served the page around it.

A sentence the answer quotes may point at other parts of its document ("(see further
below)", "as described in section 3"), open with the author greeting the reader ("Hello,
old friend!"), or carry a bracket whose partner the extraction left in another line. None
of it answers the question, and a grader cannot follow a pointer: it is taken out. A
sentence that is only a pointer ("..., see further below for your options.") is left out
of an answer that says more; an answer that is nothing else is not written.
"""

from __future__ import annotations

import re
from dataclasses import replace

from datasetkit.generate.offline.candidate import Candidate

# A pointer in brackets: "(see further below)", "(refer to section 3)", "(cf. Chapter 2)".
_BRACKETED = re.compile(
    r"\s*[(\[](?:see|cf\.?|refer to|compare|as (?:described|explained|shown|discussed) in|"
    r"more (?:on|about) this)\b[^()\[\]]{0,80}[)\]]",
    re.IGNORECASE,
)
# A pointer said inline at the end of a clause: ", as described in section 3".
_INLINE = re.compile(
    r",?\s+as (?:described|explained|shown|detailed|discussed|noted|set out|outlined) "
    r"(?:in|under) (?:section|chapter|appendix|part|clause|paragraph)\s+\w+(?:\.\w+)*(?=[.;,]|$)",
    re.IGNORECASE,
)
# A clause that sends the reader elsewhere: "see further below for your options".
_POINTER = re.compile(
    r"\b(?:see|refer to|read on|described|explained|covered|discussed)\s+(?:further\s+|more\s+)?"
    r"(?:above|below|later|earlier|in (?:the )?(?:next|previous|following) (?:section|chapter))"
    r"|\bsee (?:section|chapter|appendix|part)\s+\w",
    re.IGNORECASE,
)
# The author greeting the reader before the answer starts.
_GREETING = re.compile(
    r"^(?:hello|hi|hey|greetings|welcome(?: back)?|good (?:morning|afternoon|evening)|howdy)\b"
    r"[^.!?\n]{0,40}[!.]\s+(?=\S)",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"“(])")


def _balanced(text: str) -> str:
    """``text`` without the brackets that close nothing or open nothing that closes."""
    out: list[str] = []
    opened: list[int] = []
    for ch in text:
        if ch in "([":
            opened.append(len(out))
        elif ch in ")]":
            if not opened:
                continue
            opened.pop()
        out.append(ch)
    for i in reversed(opened):
        del out[i]
    return re.sub(r"\s+([.,;:!?])", r"\1", re.sub(r"[ \t]{2,}", " ", "".join(out))).strip()


def _without_pointers(line: str) -> str | None:
    """A line without the sentences that only point elsewhere; None when nothing is left."""
    kept = [s for s in _SENTENCE_END.split(line) if not _POINTER.search(s)]
    return " ".join(kept) if kept else None


def tidy_answer(answer: str) -> str | None:
    """``answer`` without pointers, greetings and unpaired brackets; None when the answer
    was only a pointer."""
    text = _GREETING.sub("", answer.strip())
    lines: list[str] = []
    for line in text.splitlines():
        line = _INLINE.sub("", _BRACKETED.sub("", line))
        if not line.strip():
            continue
        kept = _without_pointers(line)
        if kept is not None:
            lines.append(_balanced(kept) if line.count("(") != line.count(")") else kept)
    out = "\n".join(lines).strip()
    return out or None


def tidied(c: Candidate) -> Candidate | None:
    """``c`` with its answer tidied (the quoted text it rests on kept as its quote), or
    None when its answer was only a pointer."""
    answer = tidy_answer(c.answer)
    if answer is None:
        return None
    if answer == c.answer.strip():
        return c
    return replace(c, answer=answer, quotes=c.quotes or (c.answer,))
