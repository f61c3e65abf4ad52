"""The organisation a policy, terms or an agreement names as its "we" where it opens.

Legal and policy texts name their author once, near the start, and define the pronouns
the rest of the text uses for it in a parenthesis: "<Name> Ltd. ("Company", "we", "us",
or "our")", "<Name> GmbH („wir“, „uns“)", "<Nom> SAS (« nous »)", "<Nombre> S.L.
("nosotros")". The name before that parenthesis is the organisation the text speaks for,
even when its body writes it seldom and its title names only the kind of document
("Privacy Policy"). A trading name given right after ("..., operating as <Name>", "doing
business as", "trading as", "d/b/a") is the name its customers know, and the one a
question says.
"""

from __future__ import annotations

import re

from datasetkit.knowledge.model import Document

# The pronouns a text defines for its author, in the languages the forms read.
_PRONOUN = r"(?:we|us|our|wir|uns|unser|nous|nosotros|nós|noi)"
_QUOTE_OPEN = "\"'“”„«‘‚"
_QUOTE_CLOSE = "\"'”“»’‘"
# A quoted pronoun inside a parenthesis (its comma may sit inside the quotes: "we,").
_DEFINES_WE = re.compile(rf"(?i)[{_QUOTE_OPEN}]\s*{_PRONOUN}\s*[,;]?\s*[{_QUOTE_CLOSE}]")
_PART = r"[A-Z0-9][\w&'’.-]*"
_NAME = rf"{_PART}(?:,?\s+(?:&\s+)?{_PART}){{0,5}}"
_DEFINED = re.compile(rf"(?P<name>{_NAME})\s*\((?P<inside>[^()]{{2,160}})\)")
# A trading name said right after the definition.
_TRADING = re.compile(
    rf"^\s*,?\s*(?:operating|doing business|trading|known)\s+as\s+(?P<name>{_NAME})"
    rf"|^\s*,?\s*(?:d/b/a|dba|t/a)\s+(?P<short>{_NAME})"
)
# Words that open a sentence and are no part of a name before the parenthesis.
_OPENERS = frozenset(
    [
        "This",
        "These",
        "The",
        "A",
        "An",
        "In",
        "At",
        "By",
        "For",
        "Our",
        "Welcome",
        "Hello",
        "Dear",
        "Hi",
        "Diese",
        "Dieser",
        "Die",
        "Der",
        "Das",
        "Ce",
        "Cette",
        "Le",
        "La",
        "Les",
        "Este",
        "Esta",
        "El",
        "La",
        "Los",
    ]
)
_FIRST_PARAGRAPHS = 8


def defined_speaker(doc: Document) -> str | None:
    """The organisation the text defines as its "we" in its opening paragraphs (its
    trading name when it gives one), or None."""
    opening = [s.text for s in doc.sections if s.kind in ("paragraph", "page")][:_FIRST_PARAGRAPHS]
    for text in opening:
        for m in _DEFINED.finditer(text):
            if not _DEFINES_WE.search(m.group("inside")):
                continue
            trading = _TRADING.match(text[m.end() :])
            name = _name(trading.group("name") or trading.group("short")) if trading else None
            return name or _name(m.group("name"))
    return None


def _name(found: str | None) -> str | None:
    """The name as a question says it: sentence-opening words before it dropped, a
    trailing comma or full stop (other than an abbreviation's) taken off."""
    if not found:
        return None
    # The name opens the sentence it stands in: a sentence ended before it is no part.
    found = re.split(r"(?<=[a-z]{3}[.!?])\s+", found)[-1]
    words = found.split()
    while words and words[0].strip(",") in _OPENERS:
        words = words[1:]
    name = " ".join(words).rstrip(",;")
    if name.endswith(".") and not re.search(r"\b(?:Ltd|Inc|Corp|Co|S\.A|S\.L|Bros)\.$", name):
        name = name[:-1]
    return name if re.search(r"[A-Za-z]{2}", name) else None
