"""A document's subject that its text operates as software: a product, not a place.

A name the body uses most is read as an organisation, and an organisation's rules apply
"at" it. Help pages and privacy notices name their program that way too, but their text
installs, opens and updates it, and speaks of its settings and menus: asked "at" it, a
question reads as if the program were a place. Such a subject is a product ("for" it).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, TypeVar

from datasetkit.knowledge.model import Document

# The subject module's dataclass (imported there, so not here: no cycle).
S = TypeVar("S")


# Deeds done to a program, and the parts only a program has.
_DEEDS = (
    r"(?:install|installing|installed|uninstall|reinstall|open|opening|launch|launching|"
    r"start|starting|restart|restarting|quit|quitting|close|closing|update|updating|download|"
    r"downloading|upgrade)"
)
_PARTS = (
    r"(?:settings|preferences|menu|menus|window|toolbar|sidebar|installer|installation|app|"
    r"application|version)"
)
# How many times the text must do so: one mention may be a company's own app.
_LEAST = 2


def operated(doc: Document, found: S) -> S:
    """``found``, said as a product when it is an organisation the text operates."""
    subject: Any = found
    if subject is None or subject.kind != "organisation" or subject.org or not subject.phrases:
        return found
    name = re.escape(subject.phrases[0])
    pattern = re.compile(
        rf"(?i)\b{_DEEDS}\s+(?:the\s+)?{name}\b|\b{name}(?:['’]s)?\s+{_PARTS}\b"
        rf"|\b(?:in|inside|within)\s+{name}\s*[,.;:)]",
    )
    text = "\n".join(s.text for s in doc.sections)
    if len(pattern.findall(text)) < _LEAST:
        return found
    said: S = replace(subject, kind="product")
    return said
