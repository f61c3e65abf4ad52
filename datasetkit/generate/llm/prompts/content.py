"""What a passage holds, so question types follow the content.

A procedural question needs a procedure (numbered steps, or items that start with an
instruction), a definition question a definition, a list question an enumeration, an
aggregation or a comparison over a table the whole table, a multi-section question a
related passage. :func:`fits` says whether a type suits a passage's :class:`Features`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from datasetkit.generate.contract import Chunk

# Instructions in English start with a verb in the imperative.
_IMPERATIVE = frozenset(
    [
        "add",
        "adjust",
        "align",
        "apply",
        "attach",
        "book",
        "call",
        "cancel",
        "charge",
        "check",
        "choose",
        "clean",
        "click",
        "clip",
        "close",
        "complete",
        "confirm",
        "connect",
        "contact",
        "copy",
        "create",
        "cut",
        "delete",
        "describe",
        "detach",
        "disable",
        "download",
        "drag",
        "drop",
        "dry",
        "email",
        "empty",
        "enable",
        "enter",
        "fasten",
        "fill",
        "find",
        "fit",
        "fold",
        "follow",
        "go",
        "hang",
        "hold",
        "include",
        "insert",
        "install",
        "keep",
        "lay",
        "leave",
        "lift",
        "load",
        "lock",
        "log",
        "loosen",
        "make",
        "mark",
        "measure",
        "move",
        "navigate",
        "note",
        "open",
        "pack",
        "paste",
        "pay",
        "peg",
        "place",
        "plug",
        "press",
        "print",
        "provide",
        "pull",
        "push",
        "put",
        "read",
        "register",
        "release",
        "remove",
        "repeat",
        "replace",
        "request",
        "reset",
        "restart",
        "return",
        "review",
        "rinse",
        "roll",
        "rotate",
        "run",
        "save",
        "scan",
        "secure",
        "select",
        "send",
        "set",
        "shake",
        "sign",
        "slide",
        "specify",
        "start",
        "stop",
        "store",
        "submit",
        "switch",
        "take",
        "tap",
        "tie",
        "tighten",
        "turn",
        "twist",
        "type",
        "unfold",
        "unlock",
        "unplug",
        "unpack",
        "update",
        "upload",
        "use",
        "verify",
        "visit",
        "wait",
        "wash",
        "wipe",
        "write",
    ]
)
# What an English statement (not an instruction) starts with, or has second.
_SUBJECT_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "this",
        "that",
        "these",
        "those",
        "it",
        "its",
        "they",
        "we",
        "you",
        "he",
        "she",
        "i",
        "our",
        "your",
        "their",
        "all",
        "each",
        "every",
        "some",
        "no",
        "any",
        "there",
        "here",
    ]
)
_STATEMENT_VERBS = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "will",
        "would",
        "can",
        "could",
        "may",
        "might",
        "must",
        "should",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "cannot",
        "can't",
        "isn't",
        "aren't",
        "need",
        "needs",
        "require",
        "requires",
        "cost",
        "costs",
        "take",
        "takes",
        "get",
        "gets",
        "mean",
        "means",
        "cover",
        "covers",
        "include",
        "includes",
        "contain",
        "contains",
    ]
)
# Other languages: German "Klicken Sie", French "Cliquez", Spanish "Haga clic".
_IMPERATIVE_OTHER = re.compile(
    r"^(?:\w+(?:en|ern|eln) sie\b|\w{3,}ez\b|haga\b|abra\b|seleccione\b|pulse\b|introduzca\b)",
    re.I,
)
_NUMBERED = re.compile(
    r"^\s*(?:\(?\d{1,2}[.)]|[a-h][.)]\s|step\s+\d+|schritt\s+\d+|étape\s+\d+|paso\s+\d+)", re.I
)
_SEQUENCE = re.compile(
    r"\b(?:first|then|next|after that|finally|zuerst|dann|danach|d'abord|ensuite|puis|primero|luego|después)\b",
    re.I,
)
_DEFINITION = re.compile(
    r"^(?:(?:a|an|the|der|die|das|le|la|les|un|une|el|los|las)\s+)?"
    r"[\w'’()\-/]+(?:\s+[\w'’()\-/]+){0,5}\s+"
    r"(?:is|are)\s+(?:defined as|considered|called|(?:a|an|the|any)\b)"
    r"|\b(?:means|refers to|stands for|is defined as|is short for)\b"
    r"|\b(?:bedeutet|bezeichnet|versteht man|ist definiert als|gilt als)\b"
    r"|\b(?:désigne|signifie|se définit comme|on entend par)\b"
    r"|\b(?:significa|se define como|se refiere a)\b",
    re.I,
)
_GLOSSARY = re.compile(r"^[\w'’()\-/ ]{2,40}\s*(?::|–|—| - )\s*\w+(?:\s+\w+){3,}")
# Labels that start a line without defining anything ("Note: ...").
_LABELS = frozenset(
    {
        "note",
        "notes",
        "tip",
        "warning",
        "important",
        "example",
        "caution",
        "hinweis",
        "remarque",
        "nota",
    }
)
# "a, b, c and d": three or more items of at most five words each (bounded, so that a
# long sentence without commas is scanned in linear time).
_ITEM = r"[\w'’-]+(?: [\w'’-]+){0,4}"
_ENUMERATION = re.compile(
    rf"\b{_ITEM}(?:,\s*{_ITEM}){{2,}},?\s+(?:and|or|und|oder|et|ou|y|o|e)\s+\w",
    re.I,
)
_QUANTITY = re.compile(r"\d+(?:[.,]\d+)?")
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+|\n+")


@dataclass(frozen=True)
class Features:
    """The kinds of question a passage can carry."""

    table: bool = False
    table_complete: bool = False
    rows: int = 0
    procedure: bool = False
    definition: bool = False
    enumeration: bool = False
    quantities: int = 0
    related: bool = False

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (for the case's checks)."""
        return {k: v for k, v in self.__dict__.items() if v}


def _items(chunk: Chunk) -> list[tuple[str, str | None, bool]]:
    """(text, marker, is a list item) of every section, or every line without sections."""
    if chunk.sections:
        return [
            (s.text, s.marker, s.kind == "list_item") for s in chunk.sections if s.kind != "heading"
        ]
    return [(line, None, False) for line in chunk.text.splitlines() if line.strip()]


def is_instruction(text: str) -> bool:
    """Whether a line or sentence reads as an instruction (imperative or numbered step)."""
    t = text.strip().lstrip("-*•·").strip()
    t = _NUMBERED.sub("", t).strip()
    if not t:
        return False
    first = re.split(r"[\s,:;]+", t, maxsplit=1)[0].casefold()
    return first in _IMPERATIVE or bool(_IMPERATIVE_OTHER.match(t))


def _reads_as_step(text: str) -> bool:
    """An English list item that reads as an instruction though its verb is not known: a
    sentence of three or more words that does not start with a subject ("Lay out the
    footprint.", not "Gift cards" nor "Refunds are paid ...")."""
    words = re.findall(r"[\w'’-]+", text.casefold())
    if len(words) < 3 or not text.rstrip().endswith((".", "!")):
        return False
    return words[0] not in _SUBJECT_WORDS and not _STATEMENT_VERBS & set(words[1:3])


def has_procedure(chunk: Chunk) -> bool:
    """Ordered steps: two numbered items, or two items or sentences that are instructions."""
    items = _items(chunk)
    numbered = sum(
        1
        for text, marker, _ in items
        if (marker and re.match(r"^\(?\d{1,2}[.)]?$|^[a-h][.)]$", marker.strip()))
        or _NUMBERED.match(text)
    )
    if numbered >= 2:
        return True
    listed = [t for t, _, is_item in items if is_item]
    if sum(1 for t in listed if is_instruction(t)) >= 2:
        return True
    if len(listed) >= 3 and all(_reads_as_step(t) for t in listed):
        return True
    sentences = [s for t, _, _ in items for s in _SENTENCE.split(t) if s.strip()]
    steps = sum(1 for s in sentences if is_instruction(s))
    return steps >= 3 or (steps >= 2 and bool(_SEQUENCE.search(chunk.text)))


def has_definition(chunk: Chunk) -> bool:
    """A sentence that defines a term ("A refund is a ...", "X means ...", "Term: ...")."""
    if chunk.kind == "table":
        return False
    for text, _, _ in _items(chunk):
        for sentence in _SENTENCE.split(text):
            s = sentence.strip()
            if len(s) < 12:
                continue
            if _DEFINITION.search(s):
                return True
            term = s.split(":", 1)[0].strip().casefold() if ":" in s else ""
            if _GLOSSARY.match(s) and " | " not in s and term not in _LABELS:
                return True
    return False


def has_enumeration(chunk: Chunk) -> bool:
    """An unordered list of three or more items, or a sentence that enumerates."""
    if chunk.kind == "table":
        return False
    items = _items(chunk)
    plain = [t for t, _, is_item in items if is_item and not is_instruction(t)]
    if len(plain) >= 3:
        return True
    return any(t.count(",") >= 2 and _ENUMERATION.search(t) for t, _, _ in items)


def quantities(chunk: Chunk) -> int:
    """How many distinct numbers the passage states."""
    return len(set(_QUANTITY.findall(chunk.text)))


def table_rows(chunk: Chunk) -> int:
    """Rows in a table chunk (its sections, else its lines)."""
    return len(chunk.sections) if chunk.sections else len(chunk.text.splitlines())


def features(chunk: Chunk, *, table_complete: bool, related: bool) -> Features:
    """The features of ``chunk`` (whether its table is whole, and whether a related
    passage exists, are the caller's to say)."""
    if chunk.kind == "table":
        return Features(
            table=True,
            table_complete=table_complete,
            rows=table_rows(chunk),
            quantities=quantities(chunk),
            related=related,
        )
    return Features(
        procedure=has_procedure(chunk),
        definition=has_definition(chunk),
        enumeration=has_enumeration(chunk),
        quantities=quantities(chunk),
        related=related,
    )


def fits(qtype: str, f: Features) -> bool:
    """Whether a question of ``qtype`` suits a passage with features ``f``."""
    if qtype in ("unanswerable", "false-premise", "out-of-scope"):
        return True
    if qtype == "lookup":
        return not f.table
    if qtype == "table-lookup":
        return f.table
    if qtype == "aggregation":
        return f.table and f.table_complete and f.rows >= 2
    if qtype == "comparison":
        if f.table:
            return f.table_complete and f.rows >= 2
        return f.quantities >= 2 or f.related
    if qtype == "multi-section":
        return f.related
    if qtype == "procedural":
        return f.procedure
    if qtype == "definition":
        return f.definition
    if qtype == "list":
        return f.enumeration
    return False
