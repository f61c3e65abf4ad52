"""How an English question names a subject a document's shape gives (``shaped_subject``).

- A person (a CV's): "What are the <things>?" is asked as the person's ("What are
  <Name>'s <things>?"); a label asked under its section ("What are the tools for
  skills?") as what the person lists there ("What tools does <Name> list under
  skills?"); any other question that names nothing says whose CV it reads
  ("According to <Name>'s résumé, ...").
- A call: the figures and plans a call states hold for its period. A question that does
  not say the period says where it was said ("..., according to <Company>'s Q3 fiscal
  2025 earnings call?"), before the question or after it by turns, so that the cases of
  one call do not all end alike.

A question that names neither, and whose only object is a place in a sequence ("What is
the next category of image?", "What is a second challenge?"), is placed by nothing at
all: it is not asked (``sequence_only``).
"""

from __future__ import annotations

import hashlib
import re

_WHAT_THE = re.compile(
    r"^(?P<ask>(?:What|Which) (?:is|are|was|were)) the "
    r"(?P<np>(?:(?!for )[a-z][\w-]* ){0,3}[a-z][\w-]*)(?: for (?P<under>[^?]{2,60}))?\?$"
)
_OPENER = re.compile(
    r"^(?:What|Which|Who|Whom|Whose|When|Where|Why|How|Is|Are|Was|Were|Do|Does|Did|Has|Have|Can)\b"
)


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def lead(q: str, phrase: str) -> str | None:
    """``q`` with "<phrase>, " before it: "According to X, how many ...?"."""
    if not _OPENER.match(q):
        return None
    first = q.split()[0]
    return f"{phrase}, {first.lower()}{q[len(first) :]}"


def person_said(q: str, name: str, heading: str | None) -> str | None:
    """``q`` naming ``name``, the person a CV is about (see the module), or None."""
    m = _WHAT_THE.match(q)
    if m and m.group("under"):
        under = m.group("under")
        if heading and under.casefold() == heading.casefold():
            return f"What {m.group('np')} does {name} list under {under}?"
        return None  # "the <label> for <something else>": whose and which unclear
    if m:
        return f"{m.group('ask')} {_possessive(name)} {m.group('np')}?"
    return lead(q, f"According to {_possessive(name)} résumé")


# A period a question already says: a year, a quarter, a fiscal period.
_PERIOD = re.compile(r"(?i)\b(?:(?:19|20)\d\d|Q[1-4]|FY\s?\d{2,4}|quarter|fiscal)\b")


def by_turns(q: str) -> bool:
    """Whether ``q`` takes its subject before it rather than after (by its words, so the
    same question always reads the same, and a document's questions do not end alike)."""
    return int(hashlib.sha256(q.encode()).hexdigest(), 16) % 2 == 1


def call_said(q: str, source: str) -> str | None:
    """``q`` saying it asks what ``source`` (a company's call for a period) stated, unless
    it says a period of its own."""
    if _PERIOD.search(q):
        return None
    phrase = f"according to {source}"
    if by_turns(q):
        return lead(q, phrase[:1].upper() + phrase[1:])
    body = q[:-1].rstrip()
    return f"{body}, {phrase}?"


# A question whose object is only a place in a sequence, nothing said before it.
_SEQUENCE_ONLY = re.compile(
    r"^(?:What|Which) (?:is|are|was|were) (?:the (?:[a-z]+ )?of )?(?:a|an|the) "
    r"(?:second|third|fourth|fifth|next|previous|final|latter|former|other|another) "
    r"(?:[a-z-]+ ){0,2}?[a-z-]+(?: of (?:a |an |the )?[a-z-]+)?\?$"
)


def sequence_only(q: str) -> bool:
    """Whether ``q`` asks of a thing by its place in a sequence alone ("the next
    category of image", "a second challenge"), which no reader can place."""
    return _SEQUENCE_ONLY.match(q) is not None
