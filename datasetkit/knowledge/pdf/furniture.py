"""What a reader skips in a PDF: running headers and footers, page numbers, notice pages,
tables of contents, and images that may hide text. Each removal is reported.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from datasetkit.knowledge.model import Document, Problem
from datasetkit.knowledge.pdf.extract import Line, PageLayout
from datasetkit.knowledge.pdf.tables import Table
from datasetkit.knowledge.tableheader import is_number

# The share of the page height at the top and bottom where running text sits.
_BAND = 0.085
_PAGE_NUMBER = re.compile(
    r"^(?:(?:page|p\.|seite|página|pagina|pag\.)\s*)?#+(?:\s*(?:of|/|von|de|di|sur)\s*#+)?$"
    r"|^[-–—]?\s*(?:#+|[ivxlc]{1,6})\s*[-–—]?$"
    r"|(?:^|\s)(?:page|seite|página|pagina)\s*#+(?:\s*(?:of|/|von|de|di|sur)\s*#+)?$",
    re.IGNORECASE,
)
NOTICE = re.compile(
    r"all rights reserved|disclaimer|for (?:demonstration|illustrative|informational) purposes"
    r"|makes? no representations?|representations or warranties|confidentiality notice"
    r"|intentionally left blank|©|\(c\) \d{4}|copyright \d{4}",
    re.IGNORECASE,
)
# A heading that names a notice: "Legal notice", "Imprint", "Copyright".
NOTICE_TITLE = re.compile(
    r"(?:legal )?notices?|legal(?: information)?|imprint|impressum|copyright|disclaimers?"
    r"|terms of use",
    re.IGNORECASE,
)
TOC_TITLE = re.compile(
    r"^(?:table of contents|contents|index|inhalt|inhaltsverzeichnis|sommaire"
    r"|table des mati[eè]res|[ií]ndice|inhoud(?:sopgave)?|sumário|sommario|innehåll)$",
    re.IGNORECASE,
)
# "Introduction ........ 3", "Scope … 4", "Benefits _____ 12"
TOC_ENTRY = re.compile(r"^\S.*?\S(?:\s*(?:\.\s*){3,}|\s*…+|\s*_{3,}|\s*(?:·\s*){3,})\s*\d{1,4}$")


def normalized(text: str) -> str:
    """Lower case, digits as #, single spaces: running text that differs only in its page number matches."""
    return re.sub(r"\s+", " ", re.sub(r"\d+", "#", text.lower())).strip()


@dataclass
class Removed:
    """Text left out of one document, for the report."""

    what: str
    text: str
    pages: list[int]


def running_lines(pages: list[PageLayout]) -> tuple[set[int], list[Removed]]:
    """Lines (by id) that are running headers, footers or page numbers; and what they were."""
    entries: list[tuple[int, Line, str]] = []
    for page in pages:
        if all(_band(line, page) is not None for line in page.lines):
            continue  # a page with nothing but this text: it is the content, not a header
        for line in page.lines:
            where = _band(line, page)
            if where is not None:
                entries.append((page.number, line, where))
    bands: dict[str, list[tuple[int, Line, str]]] = {}
    for entry in entries:
        bands.setdefault(normalized(entry[1].text), []).append(entry)
    with_text = sum(1 for p in pages if p.lines)
    need = 2 if with_text <= 4 else max(3, round(0.3 * with_text))
    drop: set[int] = set()
    removed: list[Removed] = []
    for key, hits in bands.items():
        on_pages = sorted({n for n, _, _ in hits})
        # A chapter's own running head ("Chapter 2: Setup 7") carries the page number
        # and repeats only over that chapter's pages.
        numbered = bool(re.match(r"^#+\s|.*\s#+$", key))
        if len(on_pages) >= need or (numbered and len(on_pages) >= 2) or _PAGE_NUMBER.search(key):
            where = hits[0][2]
            what = "page number" if _PAGE_NUMBER.fullmatch(key) else f"running {where}"
            removed.append(Removed(what, hits[0][1].text, on_pages))
            drop.update(id(line) for _, line, _ in hits)
    removed.extend(_deep_blocks(pages, drop, max(3, need, round(0.6 * with_text))))
    removed.extend(_edge_lines(pages, drop, max(3, need)))
    rest = [e for e in entries if id(e[1]) not in drop]
    for slot in _slots(rest, _common_size(pages)):
        on_pages = sorted({n for n, _, _ in slot})
        if len(on_pages) >= need:
            removed.append(Removed(f"running {slot[0][2]}s such as", slot[0][1].text, on_pages))
            drop.update(id(line) for _, line, _ in slot)
    return drop, removed


# How far into the page a tall running header or footer block may reach.
_DEEP_BAND = 0.16


def _deep_blocks(pages: list[PageLayout], drop: set[int], need: int) -> list[Removed]:
    """Lines of a tall running header or footer block that reach past the band: the
    same text at the same height on most pages, on pages whose band holds running
    lines already (a letterhead of four lines over every page). Their ids join ``drop``."""
    found: dict[tuple[str, str, int], list[tuple[int, Line]]] = {}
    for page in pages:
        top = any(id(ln) in drop and _band(ln, page) == "header" for ln in page.lines)
        foot = any(id(ln) in drop and _band(ln, page) == "footer" for ln in page.lines)
        if not (top or foot):
            continue
        deep = [
            line
            for line in page.lines
            if (
                (top and line.bottom <= page.height * _DEEP_BAND)
                or (foot and line.top >= page.height * (1 - _DEEP_BAND))
            )
            and id(line) not in drop
            and _band(line, page) is None
        ]
        if len(deep) == sum(1 for ln in page.lines if id(ln) not in drop):
            continue  # nothing else on the page: this text is its content
        for line in deep:
            where = "header" if line.bottom <= page.height / 2 else "footer"
            key = (where, normalized(line.text), round(line.bottom / 2))
            found.setdefault(key, []).append((page.number, line))
    out: list[Removed] = []
    for (where, _, _), hits in found.items():
        on_pages = sorted({n for n, _ in hits})
        if len(on_pages) >= need:
            out.append(Removed(f"running {where}", hits[0][1].text, on_pages))
            drop.update(id(line) for _, line in hits)
    return out


# How many of a page's last lines may be its running footer.
_EDGE_LINES = 2


def _edge_lines(pages: list[PageLayout], drop: set[int], need: int) -> list[Removed]:
    """A running footer set above the bottom band (a wide bottom margin): among the last
    lines of a page's text, the same text (page numbers aside) at the same height on
    many pages. Body text does not end page after page with the same words at the same
    place. Only the foot: the top of a page may repeat a long table's header row, which
    is content. Their ids join ``drop``."""
    found: dict[tuple[str, int], list[tuple[int, Line]]] = {}
    for page in pages:
        kept = sorted((ln for ln in page.lines if id(ln) not in drop), key=lambda ln: ln.top)
        if len(kept) <= 2 * _EDGE_LINES:
            continue  # little text: what there is is the page's content
        for line in kept[-_EDGE_LINES:]:
            found.setdefault((normalized(line.text), round(line.bottom / 2)), []).append(
                (page.number, line)
            )
    out: list[Removed] = []
    for (text, _), hits in found.items():
        on_pages = sorted({n for n, _ in hits})
        if len(on_pages) >= need and len(on_pages) == len(hits) and text:
            out.append(Removed("running footer", hits[0][1].text, on_pages))
            drop.update(id(line) for _, line in hits)
    return out


def _common_size(pages: list[PageLayout]) -> float:
    sizes: Counter[float] = Counter()
    for page in pages:
        for line in page.lines:
            for w in line.words:
                sizes[w.size] += len(w.text)
    return sizes.most_common(1)[0][0] if sizes else 0.0


def _slots(entries: list[tuple[int, Line, str]], body: float) -> list[list[tuple[int, Line, str]]]:
    """Band lines in smaller type than the body text, grouped by their height on the page:
    a running header or footer whose text changes (the chapter's title) keeps its place."""
    small = sorted(
        (e for e in entries if e[1].size < body - 0.6), key=lambda e: (e[2], e[1].bottom)
    )
    slots: list[list[tuple[int, Line, str]]] = []
    for e in small:
        last = slots[-1][-1] if slots else None
        if last is not None and last[2] == e[2] and e[1].bottom - last[1].bottom <= 2:
            slots[-1].append(e)
        else:
            slots.append([e])
    return slots


def _band(line: Line, page: PageLayout) -> str | None:
    if line.bottom <= page.height * _BAND + line.size:
        return "header"
    if line.top >= page.height * (1 - _BAND) - line.size:
        return "footer"
    return None


def notice_page(lines: list[Line], tables: list[Table], body: float) -> bool:
    """A page that holds only a short legal notice (disclaimer, rights, blank-page note),
    in type no larger than the body text: a cover's title or a heading above a contact
    paragraph makes a page more than a notice (its notice lines go later, one by one)."""
    if tables or not lines or any(ln.size > body + 0.6 for ln in lines):
        return False
    text = " ".join(ln.text for ln in lines)
    return len(text.split()) <= 150 and bool(NOTICE.search(text))


def toc_table(table: Table) -> bool:
    """A table whose last column holds only page numbers: a table of contents laid out in
    columns. Its page numbers never go down, and no column between the first (section
    numbers) and the last holds figures: a table of results whose last column counts
    something is not one."""
    body = [row for row in table.rows if any(row)]
    last = [row[-1].strip() for row in body]
    pages = [int(cell) for cell in last if re.fullmatch(r"\d{1,4}", cell)]
    if len(body) < 3 or len(pages) < 0.8 * len(body) or pages != sorted(pages):
        return False
    middle = [cell for row in body for cell in row[1:-1] if cell.strip()]
    return sum(1 for cell in middle if is_number(cell)) * 2 < max(1, len(middle))


def image_regions(
    page: PageLayout, kept: list[Line], cover: bool
) -> list[tuple[float, float, float, float]]:
    """Images large enough to hold a table or text, outside the running bands, on a page
    with text other than a cover's title lines."""
    if not kept or cover:
        return []
    out = []
    area = page.width * page.height
    for x0, top, x1, bottom in page.images:
        w, h = x1 - x0, bottom - top
        if w * h < 0.03 * area or w < 0.2 * page.width or h < 0.05 * page.height:
            continue  # a logo, an icon, a rule drawn as an image
        if bottom <= page.height * _BAND * 1.5 or top >= page.height * (1 - _BAND * 1.5):
            continue
        out.append((x0, top, x1, bottom))
    return out


def image_problem(
    display: str, page: PageLayout, box: tuple[float, ...], kept: list[Line]
) -> Problem:
    """The warning for an image that may hold a table or text."""
    _, top, _, bottom = box
    above = [ln for ln in kept if ln.bottom <= top + 2]
    below = [ln for ln in kept if ln.top >= bottom - 2]
    near = []
    if above:
        near.append(f"after “{_short(above[-1].text)}”")
    if below:
        near.append(f"before “{_short(below[0].text)}”")
    where = f" ({', '.join(near)})" if near else ""
    return Problem(
        display,
        f"page {page.number} has an image{where} that may hold a table or text; it was not read",
        "run OCR on the PDF (or give the table as text) to include it",
        page=page.number,
        severity="warning",
        code="knowledge.image_region",
    )


def _short(text: str, limit: int = 48) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def removal_problems(display: str, removed: list[Removed]) -> list[Problem]:
    """One info line per kind of removed text, naming it and its pages."""
    out = []
    for r in removed:
        pages = _pages(r.pages)
        if r.what == "table of contents":
            message = f"left out the table of contents ({r.text}, {pages})"
        elif r.what.startswith("running") or r.what == "page number":
            message = f"left out the {r.what} “{_short(r.text, 60)}” ({len(set(r.pages))} page(s): {pages})"
        else:
            message = f"left out the {r.what} “{_short(r.text, 60)}” ({pages})"
        out.append(
            Problem(
                display,
                message,
                "",
                page=r.pages[0] if r.pages else None,
                severity="info",
                code="knowledge.toc_skipped"
                if r.what.startswith("table of contents")
                else "knowledge.boilerplate_removed",
            )
        )
    return out


def _pages(numbers: list[int]) -> str:
    if not numbers:
        return ""
    if len(numbers) == 1:
        return f"page {numbers[0]}"
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs]
    shown = ", ".join(parts[:8]) + (", …" if len(parts) > 8 else "")
    return f"pages {shown}"


def body_size(pages: list[PageLayout], drop: set[int], in_tables: set[int]) -> float:
    """The font size most of the document's running text is set in.

    Table cells are left out when there is text enough outside them: a one-page job
    table in 8 pt must not make the 10 pt date above it a heading.
    """
    prose: Counter[float] = Counter()
    every: Counter[float] = Counter()
    for page in pages:
        for line in page.lines:
            if id(line) in drop:
                continue
            for w in line.words:
                every[w.size] += len(w.text)
                if id(w) not in in_tables:
                    prose[w.size] += len(w.text)
    sizes = prose if sum(prose.values()) >= 50 else every
    return sizes.most_common(1)[0][0] if sizes else 10.0


def report_empty_pages(
    doc: Document, display: str, empty: list[tuple[int, bool]], total: int
) -> None:
    """Pages without a text layer, one warning each; an error when no page has text."""
    if empty and not doc.sections:
        doc.problems.append(
            Problem(
                display,
                f"no page has a text layer ({len(empty)} of {total} page(s) read); it looks scanned",
                "run OCR on it (for example with your PDF editor's 'recognize text') and retry",
                page=empty[0][0],
                code="knowledge.no_text_layer",
            )
        )
        return
    for number, image in empty:
        what = "only an image (a scan?)" if image else "no text"
        doc.problems.append(
            Problem(
                display,
                f"page {number} has {what}: it has no text layer and was left out",
                "run OCR on the PDF to include it",
                page=number,
                severity="warning",
                code="knowledge.page_no_text",
            )
        )
