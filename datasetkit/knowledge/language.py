"""The language of a knowledge document: a vote of the language detector over its sections."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from datasetkit.core.language.detect import passages_language
from datasetkit.knowledge.model import Section
from datasetkit.knowledge.prose_language import code_spans_out, prose_language


def section_texts(sections: Iterable[Section]) -> list[str]:
    """What the sections of one document say about its language, one passage each.

    A table row gives its cell values; each table's headers are one passage, once.
    """
    out: list[str] = []
    headers_seen: set[tuple[str, ...]] = set()
    for s in sections:
        if s.kind == "table_row" and s.record:
            keys = tuple(k for k in s.record if not k.startswith("Column "))
            if keys and keys not in headers_seen:
                headers_seen.add(keys)
                out.append("; ".join(keys))
            values = [v for v in s.record.values() if v]
            if values:
                out.append("; ".join(values))
        elif s.text:
            out.append(s.text)
    return out


# A language that leads the runner-up this many times over wins the document's vote
# (see passages_language): a translated page keeps its commands, flags and a few
# untranslated lines, which cast English votes, and its language's relatives share
# function words with it.
_DOCUMENT_LEAD = 2.0


def document_language(sections: Sequence[Section], *, max_sections: int = 1000) -> str | None:
    """The language of a document: a vote of its sections (spread over the whole document).

    None when no language clearly wins (too little text, or mixed). A thousand sections
    spread over a long document decide as well as all of them, in a fraction of the time.
    Code (code blocks and code spans) does not vote: it is in no language the prose is.
    """
    prose = [s for s in sections if s.kind != "code"] or list(sections)
    if prose and all(s.kind == "table_row" for s in prose):
        # A workbook of tables only: its cells hold names, codes and product terms (often
        # English in any language's sheet); the words its authors chose for the columns
        # say the language its users ask in, when they agree on one.
        headed = passages_language(header_texts(prose), lead=_DOCUMENT_LEAD)
        if headed is not None:
            return headed
    spread = _spread_sections(prose, max_sections)
    # Its headings, sentences and list items decide when they say enough: the names of
    # routes, roles and fields in its tables are spelled as the program spells them.
    written = prose_language(spread)
    if written is not None:
        return written
    texts = [code_spans_out(t) for t in section_texts(spread)]
    # About 10,000 words, taken evenly from the whole document, settle it.
    budget, total = 60_000, sum(len(t) for t in texts)
    if total > budget:
        step = total / budget
        texts = texts[:: max(1, round(step))]
    found = passages_language(texts, lead=_DOCUMENT_LEAD)
    if found is None:
        # Cells of names, places and codes split the vote: the words the tables' authors
        # chose for their columns decide it, when they agree on one language.
        found = passages_language(header_texts(prose), lead=_DOCUMENT_LEAD)
    return found


def header_texts(sections: Iterable[Section]) -> list[str]:
    """The header of each table among ``sections``, once, as one passage."""
    seen: dict[tuple[str, ...], None] = {}
    for s in sections:
        if s.kind == "table_row" and s.record:
            keys = tuple(k for k in s.record if not k.startswith("Column "))
            if keys:
                seen.setdefault(keys)
    return ["; ".join(keys) for keys in seen]


def _spread_sections(sections: Sequence[Section], limit: int) -> list[Section]:
    if len(sections) <= limit:
        return list(sections)
    step = len(sections) / limit
    return [sections[int(i * step)] for i in range(limit)]
