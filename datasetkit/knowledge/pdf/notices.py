"""Legal notices (a disclaimer, a rights line, a blank-page note) on short PDF pages: left
out of the text, and said in the ingest report."""

from __future__ import annotations

from collections import Counter

from datasetkit.knowledge.pdf.furniture import NOTICE, NOTICE_TITLE, Removed
from datasetkit.knowledge.pdf.structure import Block, plain_text


def drop_notices(blocks: list[Block]) -> tuple[list[Block], list[Removed]]:
    """Legal notices (disclaimer, rights, blank-page note) on short pages left out.

    Only the notice itself goes: a cover's title or a contact paragraph beside a
    copyright line stays. A page that holds nothing but notices is reported as a
    notice page.
    """
    words: Counter[int] = Counter()
    for b in blocks:
        for ln in b.lines:
            words[ln.page] += len(ln.text.split())
    if len(words) < 2:
        return blocks, []
    tables = {t.page for b in blocks for t in [b.table, *b.tables] if t is not None}

    def notice(b: Block) -> bool:
        if b.kind == "table" or not b.lines or b.page_end is not None:
            return False
        if b.page in tables or words[b.page] > 150:
            return False
        text = plain_text(b)
        return bool(NOTICE.search(text) or NOTICE_TITLE.fullmatch(text))

    gone = [b for b in blocks if notice(b)]
    if not gone:
        return blocks, []
    ids = {id(b) for b in gone}
    kept = [b for b in blocks if id(b) not in ids]
    rest = {b.page for b in kept} | {ln.page for b in kept for ln in b.lines}
    removed: list[Removed] = []
    for page in sorted({b.page for b in gone}):
        on_page = [b for b in gone if b.page == page]
        if page not in rest:
            removed.append(Removed("notice page", plain_text(on_page[0]), [page]))
        else:
            removed.extend(Removed("notice", plain_text(b), [page]) for b in on_page)
    return kept, removed
