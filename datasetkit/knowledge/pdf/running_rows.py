"""Running headers and footers that carry the page number, kept out of a page's tables.

A running header cut in two by a wide gap ("30        Title of the book") looks like a
row of two cells; at the top of a page that opens with a table it would be read as the
table's header. The running lines are known before tables are sought; of those, the
ones whose text recurs page after page with a number that changes (the page number)
are furniture beyond doubt, and are left out of the search. Other dropped lines are
not: a table's header repeated at the top of every page recurs word for word, and a
slot at the top that page after page holds some text may hold a table's header.
"""

from __future__ import annotations

from datasetkit.knowledge.pdf.extract import PageLayout
from datasetkit.knowledge.pdf.furniture import normalized
from datasetkit.knowledge.pdf.tables import Table, find_tables


def running_rows(pages: list[PageLayout], drop: set[int]) -> frozenset[int]:
    """The ids of the dropped lines whose text recurs on two pages or more with a
    number that differs from page to page."""
    dropped = [ln for p in pages for ln in p.lines if id(ln) in drop]
    texts: dict[str, set[str]] = {}
    for ln in dropped:
        texts.setdefault(normalized(ln.text), set()).add(ln.text.strip())
    numbered = {key for key, seen in texts.items() if "#" in key and len(seen) >= 2}
    return frozenset(id(ln) for ln in dropped if normalized(ln.text) in numbered)


def page_tables(pages: list[PageLayout], drop: set[int]) -> dict[int, list[Table]]:
    """Each page's tables (by page number), found without its numbered running lines."""
    running = running_rows(pages, drop)
    return {p.number: find_tables(p, running) for p in pages}
