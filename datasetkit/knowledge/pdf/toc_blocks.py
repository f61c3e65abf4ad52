"""The document's table of contents among a PDF's blocks: left out of the text, its
pages and entries kept (the entries give headings their levels)."""

from __future__ import annotations

from datasetkit.knowledge.pdf.bare_contents import bare_listing
from datasetkit.knowledge.pdf.furniture import TOC_ENTRY, TOC_TITLE, toc_table
from datasetkit.knowledge.pdf.structure import Block, plain_text


def skip_toc(blocks: list[Block]) -> tuple[list[Block], list[int], list[tuple[str, float]]]:
    """Blocks without the table of contents; the pages it was on, and its entries (the
    text and left edge of each line)."""
    out: list[Block] = []
    pages: list[int] = []
    entries: list[tuple[str, float]] = []
    in_toc = False
    bound: int | None = None  # the page a run of entries resumed after a title is bound to
    todo = list(blocks)
    i = -1
    while i + 1 < len(todo):
        i += 1
        b = todo[i]
        bare = None if in_toc or entries else bare_listing(todo, i)
        if bare is not None:
            # Listed without page numbers: its entries, then the first section's title.
            pages.extend(blk.page for blk in todo[i : i + bare.used])
            entries.extend(bare.entries)
            todo[i + 1 : i + bare.used] = [bare.rest] if bare.rest is not None else []
            continue
        if b.kind == "heading" and TOC_TITLE.match(plain_text(b)):
            in_toc, bound = True, None
            pages.append(b.page)
            continue
        if (
            in_toc
            and bound in (None, b.page)
            and b.kind != "heading"
            and (b.kind != "paragraph" or _entry_words(plain_text(b)) <= 15 * len(b.lines))
        ):
            pages.append(b.page)
            entries.extend(_entries(b))
            continue
        in_toc = False
        if (b.kind == "table" and b.table is not None and toc_table(b.table)) or (
            b.kind != "table" and b.lines and all(TOC_ENTRY.match(ln.text) for ln in b.lines)
        ):
            pages.append(b.page)
            entries.extend(_entries(b))
            # The sections listed under a chapter's entry, without leaders, go on with
            # the contents on its page (a chapter's entry set as a title ends the run).
            in_toc, bound = pages[0] == b.page, b.page
            continue
        out.append(b)
    return out, sorted(set(pages)), entries


def _entry_words(text: str) -> int:
    """Words of a contents line, its dot leader left out ("Scope . . . . 4": 2)."""
    return sum(any(ch.isalnum() for ch in w) for w in text.split())


def _entries(b: Block) -> list[tuple[str, float]]:
    """A contents block's entries: each line, or each row of a contents table."""
    tables = [t for t in (b.table, *b.tables) if t is not None]
    if tables:
        return [(" ".join(c for c in row if c), t.x0) for t in tables for row in t.rows]
    return [(ln.text, ln.x0) for ln in b.lines]
