"""Column headers as people type them, reduced for matching: no quotes, spaces or case."""

from __future__ import annotations

import re

# Typographic and straight quotes that people (or Word) put around header names.
HEADER_QUOTES = "\"'“”‘’„‟«»"
_SPACE = re.compile(r"\s+")
_COMPACT_DROP = re.compile(r"[\s_\-.]+")


def normalise_header(name: str) -> str:
    """A header for matching: no surrounding quotes (straight or typographic) or spaces,
    inner runs of spaces collapsed, case folded (``' “Expected  response” '`` ->
    ``'expected response'``)."""
    s = name.replace("\ufeff", "").replace("\u00a0", " ").strip()
    s = s.strip(HEADER_QUOTES).strip()
    return _SPACE.sub(" ", s).casefold()


def compact_header(name: str) -> str:
    """A header reduced to letters and digits for synonym matching
    (``'Expected response '``, ``'expectedResponse'`` and ``'expected_response'`` all
    give ``'expectedresponse'``)."""
    return _COMPACT_DROP.sub("", normalise_header(name))
