"""A paragraph set in a heading style that holds a whole clause, not a title.

Agreements and policies number their clauses with Word's heading styles and run the
clause's caption into its text ("Payment. Company will pay Contractor the fees ...").
Read whole as a heading, the clause's text becomes a title over what follows and is
never read as text. A heading paragraph that opens with a short caption ending in a full
stop, followed by sentences, is the caption (the heading) and a paragraph under it; one
with no caption that is as long as running text is a paragraph (or the list item its
numbering makes it).
"""

from __future__ import annotations

import re

# A caption of up to eight words ending in a full stop, then a sentence.
_RUN_IN = re.compile(r"^(?P<title>[A-Z][^.!?:;]{0,70}?)\.\s+(?P<body>[A-Z(“\"].*)$", re.DOTALL)
_MAX_CAPTION_WORDS = 8
# A heading as long as this is running text whatever its style says; so is a sentence
# of more than _MAX_SENTENCE_WORDS that ends with a full stop.
MAX_HEADING_WORDS = 40
_MAX_SENTENCE_WORDS = 5
_MIN_BODY_WORDS = 3


def run_in_caption(text: str) -> tuple[str, str] | None:
    """The caption and the clause's text of a heading paragraph that runs its caption
    into a clause ("Payment. Company will pay ..."), else None."""
    m = _RUN_IN.match(text.strip())
    if m is None:
        return None
    title, body = m.group("title").strip(), m.group("body").strip()
    if len(title.split()) > _MAX_CAPTION_WORDS or len(body.split()) < _MIN_BODY_WORDS:
        return None
    if re.search(r"\b(?:[A-Z]|\d+|[ivx]+)$", title):
        return None  # "Section 4" or "Art. 5" cut at an abbreviation's full stop
    return title, body


def running_text(text: str) -> bool:
    """True for a heading paragraph as long as running text, or a whole sentence."""
    words = len(text.split())
    return words > MAX_HEADING_WORDS or (
        words > _MAX_SENTENCE_WORDS and text.rstrip().endswith(".")
    )
