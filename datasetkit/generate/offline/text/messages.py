"""The error a problem heading names, and the remedy under it read whole.

Known-issues lists and troubleshooting pages title an entry with the message a user
sees: after its kind ("Error: ...", 'Error "..."'), as a program's error code and its
words ("SomeErrorCode: the words"), as a short failure line ("Failed: <resource>"), or
as the words of the message alone, which the page then shows whole in a code block under
the heading. The remedy under it may offer alternatives, each under a heading of its own
("Option 1", "Method 2"): the answer gives every one, labelled as the page labels them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.generate.offline.language.words import unnumbered
from datasetkit.generate.offline.text.links import link_text
from datasetkit.knowledge.model import Section

# A message the heading quotes after its kind: "Error: ...", "Warning - ...", 'Error "..."'.
_MESSAGE = re.compile(
    r"(?i)^(?P<kind>error|warning|exception)\s*(?:[:\-–]\s*|(?=[\"“']))(?P<said>\S.*)$"
)
# A heading that names the errors a cause gives: "Errors due to ...", "Error when ...".
ERRORS_OF = re.compile(
    r"(?i)^(?P<kind>errors?|warnings?|failures?)\s+(?:due\s+to|caused\s+by|when|while|during|"
    r"on|in|with|after|from)\s+\S"
)
# A message line under the heading: "ERROR: AADSTS530003: Your device ...".
_MESSAGE_LINE = re.compile(r"^(?:error|warning)\s*:\s*(?P<said>[^\n]{10,160})$", re.I)
# A message as a program prints it: an error code in one word of joined capitalised parts
# ("SomeThingFailed:") or a failure word, then a colon and the message's words.
_CODED = re.compile(
    r"^(?:[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*){1,6}|[A-Z]{2,}\d{3,}|(?i:failed|fatal|denied|"
    r"forbidden|unauthorized|access denied|timeout|timed out))\s*:\s*\S"
)
# The label of one of several alternative remedies, each under a heading of its own.
OPTION = re.compile(r"(?i)^(?:option|method|alternative|approach|workaround|solution)\s*\d+\b")
# The share of a heading's words a code block must show for the heading to be its message.
_RESTATED = 0.8
# A last paragraph cut off mid-sentence (it ends on a word that needs one after it).
_CUT = re.compile(r"(?i)\b(?:for|to|the|a|an|of|with|and|or|in|on|at|by|from|as|like)\s*$")


def _quoted(said: str) -> str:
    if said[:1] in "'\"“" and said[-1:] in "'\"”" and len(said) > 2:
        return said[1:-1].strip()  # a message quoted whole: the question quotes it
    return said


def _unstopped(said: str) -> str:
    """A message without its full stop; an ellipsis (the page cut the message) stays."""
    return said if said.endswith(("...", "…")) else said.rstrip(".")


def _restated(title: str, under: Sequence[Section]) -> bool:
    """True when the first code block under the heading prints an error that holds the
    heading's words: the heading is that message, said without its kind."""
    code = ""
    for s in under:
        if s.kind in ("code", "heading"):
            code = s.text if s.kind == "code" else ""
            break
    words = [w.lower() for w in re.findall(r"[^\W\d_]{4,}", title)]
    if len(words) < 3 or not re.search(r"(?i)\b(?:error|exception|failed)\b", code):
        return False
    shown = set(re.findall(r"[^\W\d_]{4,}", code.lower()))
    return sum(w in shown for w in words) >= _RESTATED * len(words)


def message(title: str, under: Sequence[Section], coded: bool) -> tuple[str, str] | None:
    """(kind, message) of a problem heading that quotes an error or warning, names one
    without its words and quotes it in a message line under it, or (``coded``: the
    heading stands where the page lists problems) prints it as a program does."""
    title = unnumbered(title).strip()
    m = _MESSAGE.match(title)
    if m:
        said = _quoted(m.group("said").strip())
        found = _MESSAGE.match(said)  # "Error : Error due to ...": the kind said twice
        said = found.group("said").strip() if found else said
        if len(said.split()) >= 2 and '"' not in said:
            return m.group("kind").lower(), _unstopped(said)
        return None
    if re.fullmatch(r"(?i)error|warning", title):
        for s in under:
            if s.kind == "heading":
                break
            first = s.text.strip().split("\n")[0].strip()
            line = _MESSAGE_LINE.match(first)
            if line:
                return title.lower(), line.group("said").strip().rstrip(".")
        return None
    plain = '"' not in title and len(title.split()) <= 25
    if plain and coded and (_CODED.match(title) or _restated(title, under)):
        return "error", _unstopped(title)
    return None


def problem_questions(
    title: str, under: Sequence[Section], coded: bool = True
) -> tuple[str, str | None] | None:
    """(the remedy question, the cause question or None) a problem heading asks."""
    inner = _MESSAGE.match(unnumbered(title).strip())
    if inner and ERRORS_OF.match(inner.group("said").strip()):
        title = inner.group("said")  # "Error: Error due to ...": errors named, no message
    found = message(title, under, coded)
    if found:
        kind, said = found
        return f'How do I fix the {kind} "{said}"?', f'What causes the {kind} "{said}"?'
    title = unnumbered(title).strip().rstrip(".")
    m = ERRORS_OF.match(title)
    if m and 4 <= len(title.split()) <= 14 and not re.search(r"[?:;\"“]", title):
        named = title[:1].lower() + title[1:]
        plural = m.group("kind").lower().endswith("s")
        return f"How do I fix {'' if plural else 'an '}{named}?", None
    return None


def remedy_text(part: Sequence[Section], markdown: bool) -> str | None:
    """A remedy as its answer, every line; alternatives under headings of their own are
    each given after their label. None when other headings cut it (the answer would stop
    at the first)."""
    lines: list[str] = []
    for s in part:
        said = (link_text(s.text) if markdown else s.text).strip()
        if s.kind == "heading" and not OPTION.match(said):
            return None
        if said:
            lines.append(said)
    if lines and part and part[-1].kind == "paragraph" and _CUT.search(lines[-1]):
        # A sentence the page leaves unfinished: the ones before it stand.
        kept = re.split(r"(?<=[.!?])\s+(?=\S)", lines.pop())[:-1]
        if kept:
            lines.append(" ".join(kept))
    return "\n".join(lines) if lines else None
